"""The games this server offers: one descriptor per game, declared in the game's own folder.

A game is a Django app (``games/<game>/``, listed in INSTALLED_APPS) whose ``game.py`` defines
``GAME = Game(...)``: the one place that says what the game is made of. Model choices, the admin,
the new-table form, the table pages, the URLs of a game's own endpoints and every "for each game"
test are derived from the games found here, so adding a game is its folder plus its line in
INSTALLED_APPS.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from django import forms
from django.apps import AppConfig, apps
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.module_loading import module_has_submodule
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.sdk.hand_forms import HandForm
from scoring.base import Engine, Entry, Hand
from scoring.errors import InputError, gettext_noop

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from games import models  # which builds its choices from this module
    from games.pages.teams import Team


class Mark(NamedTuple):
    """What a board cell can say about a player's hand besides the points: the symbol on the
    board ("★", "U") and what it means ("won", "unseen"). The letters are translatable (a Nepali
    board writes its own letters, not Latin ones); the signs are the same in every language."""

    symbol: str | Promise
    meaning: str | Promise


class Colour(NamedTuple):
    """A colour players wear: its key (stored with the table), its name for people, and how it is
    drawn (#rrggbb) by the board's stylesheet, the chart and the result card alike."""

    key: str
    label: str | Promise
    hex: str


class HomeEntry(NamedTuple):
    """A link a game puts on the home page besides "start a table" (the 24 Game played alone):
    the URL's name, its words for someone logged in and for a guest."""

    url_name: str
    label: str | Promise
    guest_label: str | Promise


# The hooks a game may give, with what each takes and returns. A game that gives none gets the
# default behaviour beside each (below the class): nothing is looked up by testing for None.


class MarksHook(Protocol):
    def __call__(self, inputs: Hand) -> dict[str, list[str]]:
        """Player -> the keys (of the game's `marks` or the board's own) of their part of a hand."""


class CellDetailsHook(Protocol):
    def __call__(self, table: "models.Table", hand: "models.Hand") -> dict[str, str]:
        """Player -> how their score in `hand` was made up, shown when the score is tapped."""


class PickerTotalHook(Protocol):
    def __call__(self, table: "models.Table", mode: str, text: str) -> int:
        """What a card picker's cards are worth: "cards" a hand's cards left, "groups" a set laid
        down; raises InputError."""


class PageContextHook(Protocol):
    def __call__(self, request: HttpRequest, table: "models.Table") -> dict[str, Any]:
        """More for the table page, made for this phone: a page with it is never a shared one."""


class TitleHook(Protocol):
    def __call__(self, table: "models.Table") -> str | Promise:
        """The game's name as `table` calls it (a score sheet's own title), where a table's game is named."""


class HistoryWordsHook(Protocol):
    def __call__(self, table: "models.Table", name: str, value: Any, entry: Entry | None) -> str | Promise | None:
        """One input in words for the history ("maal 12"), or None for the generic wording; see
        games/pages/history.py for what `entry` means."""


class TeamWordsHook(Protocol):
    def __call__(self, hand: "models.Hand", teams: "list[Team]") -> list[str]:
        """At a team game, a recorded hand told team by team in the game's words, its points
        included ("Asha & Chandra bid 9 and took 10: +10"); `teams` as they sat for the hand."""


def no_marks(inputs: Hand) -> dict[str, list[str]]:
    return {}


def no_cell_details(table: "models.Table", hand: "models.Hand") -> dict[str, str]:
    return {}


def no_picker_total(table: "models.Table", mode: str, text: str) -> int:
    raise LookupError(f"{table.game} has no card picker")  # never asked: picker_adds_up says so


def no_page_context(request: HttpRequest, table: "models.Table") -> dict[str, Any]:
    return {}


def title_is_game_name(table: "models.Table") -> str | Promise:
    return table.game_descriptor.name


def teams_with_points(hand: "models.Hand", teams: "list[Team]") -> list[str]:
    return []


def generic_history_words(table: "models.Table", name: str, value: Any, entry: Entry | None) -> str | Promise | None:
    return None


# The marks every game's board may show: who won, and a dash for a player not in the hand (who
# sat it out, or is out of the game). A game adds its own in `marks`.
BOARD_MARKS = {
    "won": Mark("★", gettext_lazy("won")),
    "sat_out": Mark("–", gettext_lazy("sat out")),
    "out": Mark("–", gettext_lazy("out of the game")),
}


@dataclass(frozen=True)
class Game:
    """What a game is made of, beyond its rules engine.

    `form_class` is the game's hand form (a games.sdk.hand_forms.HandForm), made with the table, the
    hand's number, the stored inputs of the hand being completed or corrected (None for a new hand)
    and, when posted, the data:
        context() -> what the hand template needs besides the rows (entry_title, entry_note,
            submit_label, choices, options in use)
        page(error=None) -> the context, the rows (one part per player) and, after a refused save,
            every problem, each also under its player's part
        hand_inputs() -> the posted hand's inputs in the table file's shape, or InputError listing
            every problem of the post at once
        shown() -> everything the form shows, as plain data (the key of the cached form)

    Everything the shared app shows of a game comes from here, typed: its words (`marks`,
    `rule_labels`, `colors`), its files (templates, `assets`), its links (`home_entries`) and its
    hooks (`hand_marks`, `cell_details`, `picker_total`, `page_context`, `history_words`,
    `team_words`, `title`), each with a default behaviour for a game that has none of its own.
    """

    name: str | Promise
    engine: Engine  # the pure rules in scoring/
    form_class: type[HandForm]
    # One hand's form, for entering it and for correcting it. It shows only the entry's rows and form
    # context, the table's players and rules, and the link's token: the page caches it keyed on them.
    hand_template: str
    summary_template: str  # what the table page shows above the form (who deals, the round...)
    entry_template: str = "games/hand_entry.html"  # where the scorekeeper enters the next hand
    # One term of a hand worked out (the engine's explain): `term`, its `values`, `signed`; one
    # <li> per term, by its kind. The shared one shows a term's points only.
    terms_template: str = "games/terms.html"
    # rule key -> form field, offered for a new table
    rule_fields: Mapping[str, forms.Field] = field(default_factory=dict)
    # rule key -> label of a rule no form field offers (a table of points, edited as JSON in the admin)
    rule_labels: Mapping[str, str | Promise] = field(default_factory=dict)
    # input field -> label, to name it in an error
    field_labels: Mapping[str, str | Promise] = field(default_factory=dict)
    marks: dict[str, Mark] = field(default_factory=dict)  # the game's own board marks, besides BOARD_MARKS
    colors: tuple[Colour, ...] = ()  # the colours players wear, in seat order (none: players wear none)
    # The game's own static files (its .css and .js, under static/ in its folder), loaded on its pages only.
    assets: tuple[str, ...] = ()
    home_entries: tuple[HomeEntry, ...] = ()
    seat_help: str | Promise = ""  # how seats work (who deals first)
    join_help: str | Promise = ""  # where a player sitting down mid-game starts, where the rules say
    hands_editable: bool = True  # whether a recorded hand can be corrected or deleted
    # Whether a seated player absent from a hand's inputs sat it out (0 points, a dash on the board).
    absent_sat_out: bool = False
    # Whether a hand's form can mark a seated player as sitting it out (absent_sat_out, or a status).
    sits_out: bool = False
    live_board: bool = True  # whether the board polls for changes made on other phones
    pending_note: str | Promise = ""  # the board's row for a hand saved but not complete yet (engine.partial_hands)
    hand_marks: MarksHook = no_marks
    cell_details: CellDetailsHook = no_cell_details
    picker_total: PickerTotalHook = no_picker_total
    page_context: PageContextHook = no_page_context
    history_words: HistoryWordsHook = generic_history_words
    team_words: TeamWordsHook = teams_with_points
    # The game's name as a table calls it: a season page counts the tables of one title together.
    title: TitleHook = title_is_game_name
    # What the game calls one hand and several, in the board's and the messages' words: the
    # players of Thirteen say "round", and a page that says "hand" reads as another game's.
    # Typed as lazy text (StrOrPromise), not as any Promise: Django's stubs let capfirst() take only text.
    # A lazy translation is immutable: one shared as every game's default is safe (RUF009).
    hand_word: "StrOrPromise" = gettext_lazy("hand")  # noqa: RUF009
    hands_word: "StrOrPromise" = gettext_lazy("hands")  # noqa: RUF009

    @property
    def slug(self) -> str:
        return self.engine.SLUG

    @property
    def picker_adds_up(self) -> bool:
        """Whether the card picker shows what its cards are worth (the game counts them)."""
        return self.picker_total is not no_picker_total

    @property
    def page_is_personal(self) -> bool:
        """Whether the table page is made for each phone (page_context), never a shared copy."""
        return self.page_context is not no_page_context

    @property
    def color_choices(self) -> list[tuple[str, str | Promise]]:
        """(key, name) of each colour: the choices of a player's colour."""
        return [(color.key, color.label) for color in self.colors]

    def mark(self, key: str) -> Mark:
        """The mark `key` of this game's board: its own, or one every board has."""
        return self.marks.get(key) or BOARD_MARKS[key]

    def field_label(self, name: str | None) -> str | Promise:
        """The label of an input field ("" for none: a problem of the hand as a whole names no field)."""
        return self.field_labels.get(name, "") if name is not None else ""

    def rule_label(self, key: str) -> str | Promise:
        """A rule as the admin names it: its label, else its key in words ("Point rate")."""
        return self.rule_labels.get(key) or key.replace("_", " ").capitalize()

    def shown(self, units: int) -> int | Decimal:
        """Points counted in the engine's units as the number people read: the same whole number in a
        game of whole points, an exact Decimal in one of tenths (32 is 3.2); never a float."""
        return self.engine.shown(units) if self.engine.POINT_DECIMALS else units

    def hand_name(self, number: int) -> str:
        """Hand `number` as a message starts it: "Hand 3", "Round 3"."""
        return _("%(hand)s %(number)s") % {"hand": capfirst(self.hand_word), "number": number}


@cache
def _game_apps() -> list[tuple[AppConfig, Game]]:
    """(app config, GAME) of every installed app that has a game.py, in INSTALLED_APPS order."""
    return [
        (app, import_module(f"{app.name}.game").GAME)
        for app in apps.get_app_configs()
        if module_has_submodule(app.module, "game")
    ]


@cache
def _games() -> dict[str, Game]:
    return {game.slug: game for _app, game in _game_apps()}


def all_games() -> list[Game]:
    """Every game, in the order of INSTALLED_APPS."""
    return list(_games().values())


# `slug` is whatever a post or a table file holds: a value that is no string is refused too.
def get_game(slug: Any) -> Game:
    """The game with this slug; InputError (naming the field "game") for any other value."""
    try:
        return _games()[slug]
    except (KeyError, TypeError):
        raise InputError(gettext_noop("unknown game %(slug)s"), params={"slug": repr(slug)}, field="game") from None


def game_choices() -> list[tuple[str, str | Promise]]:
    """(slug, name) of every game: the choices of a table's game."""
    return [(game.slug, game.name) for game in all_games()]


def home_entries() -> list[HomeEntry]:
    """The links the games put on the home page, in the order of INSTALLED_APPS."""
    return [entry for game in all_games() for entry in game.home_entries]


def all_assets() -> list[str]:
    """The static files of every game: a phone keeps them all for its offline pages."""
    return [path for game in all_games() for path in game.assets]


def url_modules() -> list[str]:
    """The URL modules of the games that have endpoints of their own (mounted at the site root)."""
    return [f"{app.name}.urls" for app, _game in _game_apps() if module_has_submodule(app.module, "urls")]
