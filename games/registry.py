"""The games this server offers: one descriptor per game, declared in the game's own folder.

A game is a Django app (``games/<game>/``, listed in INSTALLED_APPS) whose ``game.py`` defines
``GAME = Game(...)``: the one place that says what the game is made of. Model choices, the admin,
the new-table form, the table pages, the URLs of a game's own endpoints and every "for each game"
test are derived from the games found here, so adding a game is its folder plus its line in
INSTALLED_APPS.
"""

from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Callable

from django.apps import apps
from django.utils.module_loading import module_has_submodule
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.errors import InputError, gettext_noop


@dataclass(frozen=True)
class Game:
    """What a game is made of, beyond its rules engine.

    `entry` is the game's hand-entry module; its functions take the table and the hand number
    (its players are table.seated_for(number), in seat order),
    and `inputs` / `base` are the stored inputs of the hand being completed or corrected (None
    for a new hand):
        form_context(table, number, inputs) -> what the hand template needs besides the rows
            (entry_title, entry_note, submit_label, choices, options in use)
        rows(table, number, inputs) -> what the form shows per player
        rows_from_post(data, table, number, base) -> the same as posted, shown again after an error
        parse(data, table, number, base, problems) -> the hand's inputs in the table file's shape; a field
            that cannot be read is left out and its InputError added to `problems`
            (scoring.errors.Problems), so that one save reports every problem
        marks(inputs) -> what the board marks beside each player's points (`hand_marks`)
    """

    name: str
    engine: ModuleType  # the pure rules in scoring/
    entry: ModuleType
    # One hand's form, for entering it and for correcting it. It shows only the entry's rows and form
    # context, the table's players and rules, and the link's token: the page caches it keyed on them.
    hand_template: str
    summary_template: str  # what the table page shows above the form (who deals, the round...)
    entry_template: str = "games/hand_entry.html"  # where the scorekeeper enters the next hand
    # One term of a hand worked out (the engine's explain): `term`, its `values`, `signed`; one
    # <li> per term, by its kind. The shared one shows a term's points only.
    terms_template: str = "games/terms.html"
    rule_fields: dict = field(default_factory=dict)  # rule key -> form field, offered for a new table
    field_labels: dict = field(default_factory=dict)  # input field -> label, to name it in an error
    colors: list | None = None  # [(colour, label)] players wear, in seat order
    seat_help: str = ""  # how seats work (who deals first)
    join_help: str = ""  # where a player sitting down mid-game starts, where the rules say
    hands_editable: bool = True  # whether a recorded hand can be corrected or deleted
    live_board: bool = True  # whether the board polls for changes made on other phones
    pending_note: str = ""  # the board's row for a hand saved but not complete yet
    cell_details: Callable | None = None  # (table, hand) -> {player: how the score was made up}
    hand_marks: Callable | None = None  # (hand inputs) -> {player: [board.MARKS keys]}
    # (table, mode, typed cards) -> what the card picker's cards are worth: "cards" a hand's cards
    # left, "groups" a set laid down; raises InputError
    picker_total: Callable | None = None
    page_context: Callable | None = None  # (request, table) -> more for the table page
    # (table, name, value, entry) -> one input in words for the history ("maal 12"), or None for the
    # generic wording; see games/history.py for what `entry` means.
    history_words: Callable | None = None
    # What the game calls one hand and several, in the board's and the messages' words: the
    # players of Thirteen say "round", and a page that says "hand" reads as another game's.
    hand_word: str = gettext_lazy("hand")
    hands_word: str = gettext_lazy("hands")

    @property
    def slug(self):
        return self.engine.SLUG

    @property
    def picker_adds_up(self):
        """Whether the card picker shows what its cards are worth (a template cannot test a function)."""
        return self.picker_total is not None

    def field_label(self, name):
        return self.field_labels.get(name, "")

    def hand_name(self, number):
        """Hand `number` as a message starts it: "Hand 3", "Round 3"."""
        return _("%(hand)s %(number)s") % {"hand": capfirst(self.hand_word), "number": number}


@cache
def _game_apps():
    """(app config, GAME) of every installed app that has a game.py, in INSTALLED_APPS order."""
    return [(app, import_module(f"{app.name}.game").GAME) for app in apps.get_app_configs()
            if module_has_submodule(app.module, "game")]


@cache
def _games():
    return {game.slug: game for _app, game in _game_apps()}


def all_games():
    """Every game, in the order of INSTALLED_APPS."""
    return list(_games().values())


def get_game(slug):
    """The game with this slug; InputError (naming the field "game") for any other value."""
    try:
        return _games()[slug]
    except (KeyError, TypeError):
        raise InputError(gettext_noop("unknown game %(slug)s"), params={"slug": repr(slug)}, field="game") from None


def game_choices():
    """(slug, name) of every game: the choices of a table's game."""
    return [(game.slug, game.name) for game in all_games()]


def url_modules():
    """The URL modules of the games that have endpoints of their own (mounted at the site root)."""
    return [f"{app.name}.urls" for app, _game in _game_apps() if module_has_submodule(app.module, "urls")]
