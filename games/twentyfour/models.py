"""The 24 Game played alone: each deal a player is given, and how it ended."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Puzzle(models.Model):
    """One game of 24: a deal, and how the player finished it (won, gave up, or still open)."""

    WON, LOST = "won", "lost"
    player = models.CharField(_("player"), max_length=40)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # Without an account: the random id of the phone that chose the name (games/twentyfour/views.py).
    device = models.CharField(max_length=32, blank=True)
    cards = models.JSONField(help_text=_("Four [rank, suit] pairs, as dealt."))
    difficulty = models.CharField(max_length=10)
    solutions = models.PositiveIntegerField(help_text=_("How many distinct solutions the deal has."))
    started = models.DateTimeField(auto_now_add=True)
    ended = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True)
    expression = models.CharField(max_length=200, blank=True, help_text=_("The winning answer, or the solution shown."))
    result = models.CharField(max_length=4, blank=True, choices=[(WON, _("won")), (LOST, _("lost"))])

    class Meta:
        # The table (and its index) the 24 Game had when it lived in the shared app: moved here
        # without copying a row (migrations/0001_initial.py).
        db_table = "games_puzzle"
        ordering = ["-started"]
        indexes = [models.Index(fields=["player", "-started"], name="games_puzzl_player_6c1bde_idx")]

    def __str__(self):
        return f"{self.player}: {' '.join(rank + suit for rank, suit in self.cards)}"
