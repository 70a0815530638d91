"""The game's clock (issue 33): how long each hand took, and the table's running time with its
pauses. Tables and hands from before it have no time: a table's clock starts with its next hand."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0020_table_draw"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="seconds",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True, verbose_name="seconds"),
        ),
        migrations.AddField(
            model_name="table",
            name="clock_started",
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="clock started"),
        ),
        migrations.AddField(
            model_name="table",
            name="paused_at",
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="clock paused at"),
        ),
        migrations.AddField(
            model_name="table",
            name="paused_seconds",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="table",
            name="clock_at_last_hand",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
    ]
