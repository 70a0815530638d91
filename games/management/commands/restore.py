from django.core.management.base import BaseCommand, CommandError

from games.services import restores


class Command(BaseCommand):
    help = (
        "Restore a backup written by manage.py backup into this server, which must be migrated and hold no "
        "account and no table (or use --replace): all of it, or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file (.zip)")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="first delete every account, table and photo this server holds, in the same transaction: "
            "a backup that is refused leaves them as they were",
        )

    def handle(self, *args, path, replace, **options):
        try:
            counts, photo_files = restores.restore(path, replace=replace)
        except restores.BackupError as error:
            raise CommandError(f"nothing restored: {error}") from None
        rows = ", ".join(f"{count} {name}" for name, count in counts.items() if count)
        self.stdout.write(f"Restored {path}: {rows}; {photo_files} photo files.")
