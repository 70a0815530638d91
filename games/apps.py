from django.apps import AppConfig
from django.core import checks
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Card games")

    def ready(self):
        from games.checks import check_games
        from games.pages import result_card

        checks.register(check_games)
        checks.register(result_card.check_fonts)
        checks.register(result_card.check_layout)
