import json

from django.core.management.base import BaseCommand, CommandError

from games.models import Table
from games.services import export_table


class Command(BaseCommand):
    help = "Write a table as a cardscore-table/1 JSON document to standard output."

    def add_arguments(self, parser):
        parser.add_argument("table_id")

    def handle(self, *args, table_id, **options):
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise CommandError(f"no table with id {table_id!r}")
        self.stdout.write(json.dumps(export_table(table), indent=2, ensure_ascii=False))
