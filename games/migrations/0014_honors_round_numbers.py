from django.db import migrations

from scoring import marriage_honors


def number_the_rounds(apps, schema_editor):
    """The next deal of a Marriage with honors table is now stored as its round and deal numbers
    (the page words them in its language), where it was an English "round R, deal D"."""
    Table = apps.get_model("games", "Table")
    for table in Table.objects.filter(game="marriage-honors").exclude(state={}).iterator():
        table.progress = marriage_honors.ENGINE.progress(table.rules, table.players, table.state)
        table.save(update_fields=["progress"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_verbose_names"),
    ]

    operations = [
        migrations.RunPython(number_the_rounds, migrations.RunPython.noop),
    ]
