from django.core.management.base import BaseCommand, CommandError

from cardscore import env
from games.services import backups


class Command(BaseCommand):
    help = (
        "Write a backup of the whole server (accounts, tables and their history, groups, photos) to one "
        "file, while it runs. Restore it with manage.py restore, on SQLite or PostgreSQL."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "path", nargs="?", help="the file to write (default: a dated file in the data folder's backups/)"
        )
        parser.add_argument(
            "--keep",
            type=int,
            metavar="N",
            help="then delete all but the newest N backups of the default folder (default: BACKUP_KEEP, else keep all)",
        )

    def handle(self, *args, path, keep, **options):
        try:
            keep = keep if keep is not None else env.integer("BACKUP_KEEP", None)
        except env.EnvError as error:
            raise CommandError(str(error)) from None
        if keep is not None and keep < 1:
            raise CommandError("--keep must be 1 or more: the backup just written is one of them")
        try:
            written = backups.take(path)
        except OSError as error:
            raise CommandError(f"cannot write the backup: {error}") from None
        self.stdout.write(str(written))
        if keep is not None:
            for old in backups.remove_old(keep):
                self.stdout.write(f"deleted the old backup {old}")
