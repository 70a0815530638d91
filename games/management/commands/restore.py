from django.core.management.base import BaseCommand, CommandError

from games.services import restores


class Command(BaseCommand):
    help = (
        "Restore a backup written by manage.py backup into this server, which must be migrated and hold no "
        "account and no table: all of it, or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file (.zip)")

    def handle(self, *args, path, **options):
        try:
            counts, photo_files = restores.restore(path)
        except restores.BackupError as error:
            raise CommandError(f"nothing restored: {error}") from None
        rows = ", ".join(f"{count} {name}" for name, count in counts.items() if count)
        self.stdout.write(f"Restored {path}: {rows}; {photo_files} photo files.")
