from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from games.plumbing import first_run


class Command(BaseCommand):
    help = (
        "While the server has no owner, print the one-time link that creates the owner account "
        "(run at start by scripts/serve and the container). Prints nothing once the owner exists."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--site",
            default=settings.SITE_URL,
            help="the address people open, e.g. http://192.168.1.20:8000 (default: SITE_URL)",
        )

    def handle(self, *args, site, **options):
        if first_run.has_owner():
            return
        code, _created = first_run.current_code()
        link = first_run.setup_link(code, site.rstrip("/") or "http://<this server's address>")
        self.stdout.write(
            _(
                "No owner yet. To create the owner account, open\n    %(link)s\n(or type the setup code "
                "%(code)s on the setup page). It works until the owner exists."
            )
            % {"link": link, "code": code}
        )
