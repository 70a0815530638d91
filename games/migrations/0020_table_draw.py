from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0019_running_totals_with_hands")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="draw",
            field=models.JSONField(blank=True, default=dict, editable=False, verbose_name="draw"),
        ),
    ]
