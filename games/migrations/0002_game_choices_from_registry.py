# The games come from the registry (games/sdk/registry.py): each game app declares its own.

from django.db import migrations, models

import games.sdk.registry


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="pointtable",
            name="game",
            field=models.CharField(
                choices=games.sdk.registry.game_choices, max_length=30, unique=True, verbose_name="game"
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="game",
            field=models.CharField(choices=games.sdk.registry.game_choices, max_length=30, verbose_name="game"),
        ),
    ]
