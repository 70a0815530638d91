import re

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from games.models import Table
from games.services.table_file import dumps, export_table


def find_table(reference):
    """The table named by its id, by either of its links (as copied from a phone or a QR code), or
    by the code at a link's end; None if there is none."""
    link = re.search(r"/t/([^/?#]+)", reference)
    key = link.group(1) if link else reference.strip()
    return Table.objects.filter(Q(pk=key) | Q(keeper_token=key) | Q(viewer_token=key)).first()


class Command(BaseCommand):
    help = "Write a table as a cardscore-table/1 JSON document to standard output."

    def add_arguments(self, parser):
        parser.add_argument(
            "table", help="the table's id, its scorekeeper or viewer link, or the code at the link's end"
        )

    def handle(self, *args, table, **options):
        found = find_table(table)
        if found is None:
            raise CommandError(f"no table with the id, link or code {table!r}")
        self.stdout.write(dumps(export_table(found), indent=2, ensure_ascii=False))
