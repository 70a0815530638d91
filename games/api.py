"""What a game may use of the kernel: the one module its code imports from `games` (tests/test_kernel.py
holds every game to it; docs/adding-a-game.md walks through it). A game is its engine in scoring/
and its folder games/<game>/; everything else of the kernel may change without a game noticing,
as long as what is named here keeps its meaning.

- The descriptor a game registers (games/<game>/game.py): Game, with its Colour, Mark and
  HomeEntry; the Team its `team_words` hook is given, at a game played in teams.
- Its hand form: HandForm and SeatForm (StagedHandForm and StagedSeatForm for a hand entered in
  steps), their fields (TextField, WholeNumberField, TickField) and helpers (posted, input_errors).
- Reading what people type: whole_number, parse_cards, parse_groups, PICKER_RANKS, western_digits;
  the cards (cards, SUITS) and the problems said back (problem_message, problem_shown).
- Writing numbers as the pages do: points, left_to_right; a list's separator (list_separator).
- Its own pages: table_view with keeper_table or table_for (who may open what), render_table (the
  table's page with the game's own parts), the money rules a game for money offers
  (MONEY_RULE_FIELDS), the notes a phone keeps to enter the next hand offline (dealer_notes).
- The table's services a game's own views call: create_table, save_current_hand, set_finished,
  next_hand_number, record_hand, edit_hand (Recorded, Conflict), a new_token, the Table model, and
  the address a request came from (client_address).
"""

from games.models import Table, new_token
from games.pages.forms import MONEY_RULE_FIELDS
from games.pages.history import separator as list_separator
from games.pages.numbers import left_to_right, points
from games.pages.offline import dealer_notes
from games.pages.render import render_table
from games.pages.teams import Team
from games.plumbing.access import keeper_table, table_for, table_view
from games.plumbing.addresses import client_address
from games.plumbing.language import western_digits
from games.sdk.cards import SUITS, cards
from games.sdk.hand_forms import (
    HandForm,
    SeatForm,
    StagedHandForm,
    StagedSeatForm,
    TextField,
    TickField,
    WholeNumberField,
    input_errors,
    posted,
)
from games.sdk.problems import message as problem_message
from games.sdk.problems import shown as problem_shown
from games.sdk.registry import Colour, Game, HomeEntry, Mark
from games.sdk.typed import PICKER_RANKS, parse_cards, parse_groups, whole_number
from games.services.recording import Recorded, edit_hand, record_hand
from games.services.tables import Conflict, create_table, next_hand_number, save_current_hand, set_finished

__all__ = [
    "MONEY_RULE_FIELDS",
    "PICKER_RANKS",
    "SUITS",
    "Colour",
    "Conflict",
    "Game",
    "HandForm",
    "HomeEntry",
    "Mark",
    "Recorded",
    "SeatForm",
    "StagedHandForm",
    "StagedSeatForm",
    "Table",
    "Team",
    "TextField",
    "TickField",
    "WholeNumberField",
    "cards",
    "client_address",
    "create_table",
    "dealer_notes",
    "edit_hand",
    "input_errors",
    "keeper_table",
    "left_to_right",
    "list_separator",
    "new_token",
    "next_hand_number",
    "parse_cards",
    "parse_groups",
    "points",
    "posted",
    "problem_message",
    "problem_shown",
    "record_hand",
    "render_table",
    "save_current_hand",
    "set_finished",
    "table_for",
    "table_view",
    "western_digits",
    "whole_number",
]
