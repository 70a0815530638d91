import sys

from django.core.management.base import BaseCommand

from games.api import problem_message
from scoring import InputError, solver24


class Command(BaseCommand):
    help = (
        "Solve a hand of The 24 Game: prints the number of distinct solutions, then each "
        "solution on its own line (ASCII: + - * / and brackets)."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("cards", nargs="*", help="four card values, 1 to 13 (A, J, Q, K accepted)")

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = self.fail  # argparse would print the usage too: keep errors to one line
        return parser

    def handle(self, *args, cards, **options):
        try:
            solutions = solver24.solve(cards)
        except InputError as error:
            self.fail(problem_message(error))
        self.stdout.write(str(len(solutions)))
        for solution in solutions:
            self.stdout.write(solution)

    def fail(self, reason):
        """One line on stderr and a non-zero exit, without a traceback."""
        self.stderr.write(f"solve24: {' '.join(str(reason).split())}")
        sys.exit(1)
