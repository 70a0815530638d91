"""The Puzzle model as the shared app left it (games 0001 and 0016): its table, games_puzzle,
exists already where those ran, so this migration only records the model here. On a new
database the shared app's migrations create the table first (hence the dependency)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("games", "0017_columns_in_seat_order"),
    ]
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Puzzle",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("player", models.CharField(max_length=40, verbose_name="player")),
                        ("device", models.CharField(blank=True, max_length=32)),
                        ("cards", models.JSONField(help_text="Four [rank, suit] pairs, as dealt.")),
                        ("difficulty", models.CharField(max_length=10)),
                        (
                            "solutions",
                            models.PositiveIntegerField(help_text="How many distinct solutions the deal has."),
                        ),
                        ("started", models.DateTimeField(auto_now_add=True)),
                        ("ended", models.DateTimeField(blank=True, null=True)),
                        ("seconds", models.FloatField(blank=True, null=True)),
                        (
                            "expression",
                            models.CharField(
                                blank=True, help_text="The winning answer, or the solution shown.", max_length=200
                            ),
                        ),
                        (
                            "result",
                            models.CharField(blank=True, choices=[("won", "won"), ("lost", "lost")], max_length=4),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_puzzle",
                        "ordering": ["-started"],
                        "indexes": [models.Index(fields=["player", "-started"], name="games_puzzl_player_6c1bde_idx")],
                    },
                ),
            ]
        ),
    ]
