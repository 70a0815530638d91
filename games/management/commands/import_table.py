import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.urls import reverse

from games.sdk import problems
from games.services.table_file import MAX_FILE_BYTES, MAX_FILE_MB, import_table, loads
from scoring import InputError


class Command(BaseCommand):
    help = (
        "Import a cardscore-table/1 JSON file (all or nothing). Prints the new table's id, "
        "then its scorekeeper and viewer links."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the JSON file, or - for standard input")
        parser.add_argument("--owner", metavar="USERNAME", help="the account whose tables it joins (default: no owner)")

    def handle(self, *args, path, owner, **options):
        user = None
        if owner is not None:
            users = get_user_model()
            user = users.objects.filter(**{users.USERNAME_FIELD: owner}).first()
            if user is None:
                self.fail(f"no user named {owner!r}")
        try:
            if path == "-":
                data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
            else:
                with open(path, "rb") as file:
                    data = file.read(MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                self.fail(f"{path} is too big: a table file can be at most {MAX_FILE_MB} MB")
            table, warnings = import_table(loads(data.decode("utf-8")), owner=user)
        except (OSError, UnicodeDecodeError) as error:
            self.fail(f"cannot read {path}: {error}")
        except InputError as error:
            self.fail(f"invalid table file: {problems.text(error)}")
        except (ValueError, RecursionError) as error:
            self.fail(f"{path} is not valid JSON: {error}")
        for warning in warnings:
            self.stderr.write(f"warning: {warning}")
        self.stdout.write(table.pk)
        site = getattr(settings, "SITE_URL", "")
        self.stdout.write(f"scorekeeper: {site}{reverse('table', args=[table.keeper_token])}")
        self.stdout.write(f"viewer: {site}{reverse('table', args=[table.viewer_token])}")

    def fail(self, reason):
        """One line on stderr and a non-zero exit, without a traceback."""
        self.stderr.write(" ".join(str(reason).split()))
        sys.exit(1)
