"""A table is what happened at the table: its rules snapshot, players and hand inputs.

Points are derived by the engine (scoring/) and kept on each hand and the table for fast reads;
games.services recomputes them whenever an input changes.
"""

import secrets
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connections, models, transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from games.plumbing import photos
from games.sdk import problems
from games.sdk.registry import Game, game_choices, get_game
from scoring import base
from scoring.errors import InputError


def new_token() -> str:
    """128 random bits, URL-safe, never starting with "-" (a command line would read an option)."""
    while (token := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return token


def new_table_id():
    """128 random bits in hex: safe in a URL and on a command line (never starts with "-")."""
    return secrets.token_hex(16)


class PointTable(models.Model):
    """The server's default rules for one game, copied into each table created afterwards."""

    game = models.CharField(_("game"), max_length=30, choices=game_choices, unique=True)
    rules = models.JSONField(
        _("rules"), default=dict, help_text=_("Only the keys that differ from the built-in defaults are needed.")
    )

    class Meta:
        verbose_name = _("point table")
        verbose_name_plural = _("point tables")

    def __str__(self):
        return self.get_game_display()

    def clean(self):
        try:
            self.rules = get_game(self.game).engine.validate_rules(self.rules)
        except InputError as error:
            raise ValidationError({"rules": problems.text(error)}) from None

    @classmethod
    def rules_for(cls, game: str) -> base.Rules:
        """The full rules a new table of this game starts with."""
        module = get_game(game).engine
        saved = cls.objects.filter(game=game).values_list("rules", flat=True).first()
        return module.validate_rules(saved or {})


class Group(models.Model):
    """Tables an owner keeps together, such as a club's Friday evenings: its page is their season."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_groups", verbose_name=_("owner")
    )
    name = models.CharField(_("name"), max_length=80)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="one_group_name_per_owner")]

    def __str__(self):
        return self.name


class TableManager(models.Manager):
    def link_state(self, token):
        """(game, revision, whether the link is the scorekeeper's, the table's language) for the
        table a link opens, or None. In plain SQL: every phone showing a board asks this every few seconds, and building
        the ORM query would cost several times more than running it."""
        sql = (
            f"SELECT game, revision, keeper_token, language FROM {self.model._meta.db_table} "  # noqa: S608 -- the model's own table; the tokens are parameters
            "WHERE keeper_token = %s OR viewer_token = %s"
        )
        with connections[self.db].cursor() as cursor:
            cursor.execute(sql, [token, token])
            row = cursor.fetchone()
        return None if row is None else (row[0], row[1], row[2] == token, row[3])


class Table(models.Model):
    id = models.CharField(_("id"), primary_key=True, max_length=32, default=new_table_id, editable=False)
    game = models.CharField(_("game"), max_length=30, choices=game_choices)
    name = models.CharField(_("name"), max_length=80)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tables",
        verbose_name=_("owner"),
    )
    created = models.DateTimeField(_("created"))
    rules = models.JSONField(_("rules"))
    # Everyone who sat at the table: the seats it started with, in order, then each newcomer as
    # they sat down (`events`); who sits where now is the state's "seated".
    players = models.JSONField(_("players"), help_text=_("Names in seating order, then each player who joined later."))
    colors = models.JSONField(_("colours"), default=dict, blank=True, help_text=_("Player name -> colour name."))
    keeper_token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    viewer_token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    # Every phone shows the table in this language unless it chose one itself (games/plumbing/language.py).
    language = models.CharField(
        _("language"),
        max_length=10,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("Blank: each phone's own language."),
    )
    group = models.ForeignKey(
        Group, null=True, blank=True, on_delete=models.SET_NULL, related_name="tables", verbose_name=_("group")
    )
    # The game this table is a rematch of (services.seasons.rematch makes one per game; an imported copy
    # of a rematch points at the same previous game, which still leads to the first one).
    previous = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        editable=False,
        related_name="rematches",
        verbose_name=_("previous game"),
    )
    # The hand being played, before it is recorded (games.services.tables.save_current_hand): Thirteen's
    # bids before its books, Konkan's sets so far, the race's deal.
    current_hand = models.JSONField(default=dict, blank=True, editable=False)
    # Each player's total before the first hand: the start and the events before it. The totals
    # after each hand are kept with the hand (Hand.totals): the chart reads the ones it draws.
    opening = models.JSONField(default=dict, editable=False)
    # What changed between hands (scoring/base.py): players joining, leaving or replaced, points
    # adjusted, the deal given; each folded in its place, in order.
    events = models.JSONField(_("events"), default=list, blank=True, editable=False)
    # What the server drew when the table was made (games/services/draw.py): {"seats": the
    # players in their drawn order, "dealer": who was drawn to deal first}, either or neither. The
    # first dealer itself is the "dealer" event before hand 1 in `events`; this says it was drawn.
    draw = models.JSONField(_("draw"), default=dict, blank=True, editable=False)
    # Bumped on every change, so a phone polling the board learns cheaply that nothing changed.
    revision = models.PositiveIntegerField(default=0, editable=False)
    # Derived by the engine: running totals and what comes next (dealer, game over...).
    totals = models.JSONField(_("totals"), default=dict, editable=False)
    progress = models.JSONField(default=dict, editable=False)
    # The engine's fold state after the last hand (scoring/base.py): the next hand is folded
    # onto it, so recording a hand never reads the earlier ones.
    state = models.JSONField(default=dict, editable=False)
    # The game's clock (games/services/clock.py). It starts with the table, or for a table imported
    # (or made before the clock) with its first hand saved here: until then it has no time.
    clock_started = models.DateTimeField(_("clock started"), null=True, blank=True, editable=False)
    # A pause for a break: when it began (None: the clock runs), and the seconds of the pauses before.
    paused_at = models.DateTimeField(_("clock paused at"), null=True, blank=True, editable=False)
    paused_seconds = models.PositiveIntegerField(default=0, editable=False)
    # The seconds played (pauses left out) when the last hand was saved: the next hand's time starts there.
    clock_at_last_hand = models.PositiveIntegerField(null=True, blank=True, editable=False)

    objects = TableManager()

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created"]

    def __str__(self):
        return self.name

    @property
    def game_descriptor(self) -> Game:
        return get_game(self.game)

    @property
    def engine(self) -> base.Engine:
        return self.game_descriptor.engine

    @property
    def hands_played(self):
        return self.state["hands"]

    @property
    def lower_wins(self):
        """Whether the lowest total is best at this table (its game's, or its rules' for a game whose
        rules say it)."""
        return self.engine.lower_wins(self.rules)

    @property
    def zero_sum(self):
        """Whether every hand at this table, and so every adjustment, adds up to 0."""
        return self.engine.zero_sum(self.rules)

    @property
    def game_title(self):
        """The game's name as this table calls it: shown wherever a table's game is named."""
        return self.game_descriptor.title(self)

    @property
    def seated(self) -> list[str]:
        """Who plays the next hand, in seat order."""
        return self.state["seated"]

    @property
    def starting_players(self):
        """The seats the table started with, in order (the table file's "players")."""
        newcomers = {base.newcomer(event) for event in self.events}
        return [name for name in self.players if name not in newcomers]

    def state_before(self, earlier: Iterable[base.Hand]) -> base.State:
        """The fold state before the hand that follows `earlier` (the inputs of the hands before
        it, in order): those hands and the events between them folded."""
        return self.engine.score(self.rules, self.starting_players, list(earlier), self.events).state

    def seated_for(self, number: int) -> list[str]:
        """Who plays hand `number`, in seat order."""
        if number == self.state["hands"] + 1:
            return self.seated
        return base.seated_for(self.starting_players, self.events, number)

    @property
    def is_over(self):
        """Finished by the scorekeeper, or over by the game's rules (Konkan's last player standing,
        Thirteen's 25th round)."""
        return bool(self.finished or self.progress.get("game_over"))


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("number"))
    inputs = models.JSONField(_("inputs"), help_text=_("What was entered, player name -> fields, as in FORMAT.md."))
    points = models.JSONField(_("points"), default=dict, editable=False)
    # Each player's running total after this hand and the events right after it (the chart's).
    totals = models.JSONField(default=dict, editable=False)
    # Bumped on every edit, so an edit started from an old page is refused instead of overwriting.
    version = models.PositiveIntegerField(default=1)
    note = models.CharField(
        _("note"),
        max_length=200,
        blank=True,
        default="",
        help_text=_('What the table wants remembered of the hand: "misdeal, replayed".'),
    )
    updated = models.DateTimeField(_("updated"), auto_now=True)
    # How long the hand took: from the save before it (or the clock's start) to the save that
    # completed it, pauses left out. None: not known (imported, put back by a redo, or from before the clock).
    seconds = models.PositiveIntegerField(_("seconds"), null=True, blank=True, editable=False)
    # The name of the hand's photo files in the data folder (games/plumbing/photos.py), or "" for none.
    photo = models.CharField(_("photo"), max_length=16, blank=True, default="", editable=False)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="one_hand_per_number")]

    def __str__(self):
        return f"{self.table} #{self.number}"


class HandChange(models.Model):
    """One change to a hand: entered, corrected, deleted, restored (the redo of an undo), its note
    written or its photo changed, when, by whom, and the inputs before and after. The latest
    deletion's `before` is what a redo puts back. An event between hands (a player joining, an
    adjustment...) and its taking back are kept the same way: `number` is how many hands came
    before it, `after` (or `before`) the event."""

    ENTERED, CORRECTED, DELETED, RESTORED, NOTED = "entered", "corrected", "deleted", "restored", "noted"
    PHOTOGRAPHED = "photo"
    EVENT, EVENT_TAKEN_BACK = "event", "taken_back"
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes")
    number = models.PositiveIntegerField(help_text=_("The hand's number when it was changed."))
    action = models.CharField(
        max_length=10,
        choices=[
            (ENTERED, _("entered")),
            (CORRECTED, _("corrected")),
            (DELETED, _("deleted")),
            (RESTORED, _("restored")),
            (NOTED, _("note written")),
            (PHOTOGRAPHED, _("photo changed")),
            (EVENT, _("table changed")),
            (EVENT_TAKEN_BACK, _("change taken back")),
        ],
    )
    when = models.DateTimeField(auto_now_add=True)
    by = models.CharField(max_length=150, help_text=_("An account's name, or which link was used."))
    title = models.CharField(
        max_length=80, blank=True, help_text=_('What the entry form called the hand: "Hand 3", "Round 4 · books".')
    )
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # The hand's note as this change left it (for a deletion: as it was, for the redo to put back).
    note = models.CharField(max_length=200, blank=True, default="")
    # The deleted hand's photo, kept for the redo while it can put the hand back (see recording.py).
    photo = models.CharField(max_length=16, blank=True, default="", editable=False)
    # The key the phone sent with the post that made this change (empty without one): a post sent
    # again with the same key, because its answer was lost on the way, changes nothing twice.
    key = models.CharField(max_length=40, blank=True, default="", editable=False)
    # What that post held (services.retries.fingerprint): the same key with other values is not a resend.
    fingerprint = models.CharField(max_length=64, blank=True, default="", editable=False)

    class Meta:
        ordering = ["-when", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], condition=~models.Q(key=""), name="one_change_per_key")
        ]

    def __str__(self):
        return f"{self.table} #{self.number} {self.action}"


@receiver(post_delete, sender=Table)
def forget_photos(sender, instance, **kwargs):
    """A table deleted (from the admin too, where a whole list goes at once) takes its hands' photos
    with it, once the deletion is committed."""
    table_id = instance.pk  # None once the deletion is done
    transaction.on_commit(lambda: photos.remove_table(table_id))


class SetupCode(models.Model):
    """The one-time code that lets whoever started the server create the owner account
    (games/plumbing/first_run.py). Kept in the database, so every app server and worker checks the same one;
    deleted once the owner exists."""

    code = models.CharField(max_length=20)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"setup code made {self.created:%Y-%m-%d %H:%M}"  # never the code itself: the admin lists it
