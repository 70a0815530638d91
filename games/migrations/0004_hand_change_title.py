# The history names a hand as its entry form did ("Round 4 · books").

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_table_state"),
    ]

    operations = [
        migrations.AddField(
            model_name="handchange",
            name="title",
            field=models.CharField(
                blank=True, help_text='What the entry form called the hand: "Hand 3", "Round 4 · books".', max_length=80
            ),
        ),
    ]
