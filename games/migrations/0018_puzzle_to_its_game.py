"""The 24 Game's Puzzle now belongs to the game's own app (games/twentyfour/): the shared app
forgets it without touching its table, which games.twentyfour's first migration takes over.
A server without the 24 Game keeps the table, unused."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("games", "0017_columns_in_seat_order")]
    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="Puzzle")]),
    ]
