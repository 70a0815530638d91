"""The table file (docs/FORMAT.md): a table exported to a document and imported from one."""

import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Hand, Table
from games.sdk.registry import Game, get_game
from games.services.recording import NOTE_LENGTH
from games.services.tables import clean_language, clean_players, derive, played_inputs
from scoring import base, checks
from scoring.errors import InputError, gettext_noop

if TYPE_CHECKING:  # the account model Django's stubs give a table's owner
    from django.contrib.auth.models import User

FORMAT = "cardscore-table/1"

# Points as the file holds them: player -> a whole number, or an exact Decimal in a game of tenths.
ShownPoints = dict[str, int | Decimal]


class FileHand(TypedDict):
    """A hand as the file holds it: what was entered, its points, its note and time if any."""

    inputs: base.Hand
    points: ShownPoints
    note: NotRequired[str]
    seconds: NotRequired[int]


class TableDocument(TypedDict):
    """A table as the docs/FORMAT.md document an export writes."""

    format: str
    game: str
    name: str
    created: str
    rules: base.Rules
    players: list[str]
    hands: list[FileHand]
    totals: ShownPoints
    events: NotRequired[list[base.Event]]
    colors: NotRequired[dict[str, str]]
    previous: NotRequired[str]
    language: NotRequired[str]
    draw: NotRequired[dict[str, Any]]


def shown_points(game: Game, points: Mapping[str, int]) -> ShownPoints:
    """player -> points in the game's units, as the numbers the file holds (Game.shown)."""
    return {name: game.shown(value) for name, value in points.items()}


def shown_event(game: Game, event: base.Event) -> base.Event:
    """An event as the file holds it: the points it gives as numbers people read."""
    shown = dict(event)
    if "points" in event:
        shown["points"] = shown_points(game, event["points"])
    if "score" in event:
        shown["score"] = game.shown(event["score"])
    return shown


def export_table(table: Table) -> TableDocument:
    """The table as the docs/FORMAT.md document: points and totals as numbers people read (exact
    Decimals in a game of tenths: write it with dumps())."""
    game = table.game_descriptor
    hands = [_file_hand(game, hand) for hand in table.hands.all()]
    if playing := played_inputs(table):  # the hand being played is the file's last hand, with no points yet
        hands.append({"inputs": playing, "points": dict.fromkeys(table.seated, 0)})
    document: TableDocument = {
        "format": FORMAT,
        "game": table.game,
        "name": table.name,
        "created": table.created.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "rules": table.rules,
        "players": table.starting_players,
        "hands": hands,
        "totals": shown_points(game, table.totals),
    }
    if table.events:
        document["events"] = [shown_event(game, event) for event in table.events]
    if table.colors:
        document["colors"] = table.colors
    if table.previous_id:
        document["previous"] = table.previous_id
    if table.language:
        document["language"] = table.language
    if table.draw:
        document["draw"] = table.draw
    return document


def _file_hand(game: Game, hand: Hand) -> FileHand:
    """A recorded hand as the file holds it: its note and its time only where it has them."""
    exported: FileHand = {"inputs": hand.inputs, "points": shown_points(game, hand.points)}
    if hand.note:
        exported["note"] = hand.note
    if hand.seconds is not None:
        exported["seconds"] = hand.seconds
    return exported


def dumps(document: TableDocument, *, indent: int | None = None, ensure_ascii: bool = True) -> str:
    """A table document as JSON text, its Decimals written as the exact numbers they are (3.2), never
    through a float: each is first written as a string carrying a marker no other string can hold
    (made anew for each call), then unquoted."""
    marker = secrets.token_hex(8)

    def number(value: object) -> str:
        if isinstance(value, Decimal):
            return f"{marker}{value}"
        raise TypeError(f"{type(value).__name__} is not JSON")

    text = json.dumps(document, default=number, indent=indent, ensure_ascii=ensure_ascii)
    return re.sub(rf'"{marker}(-?[0-9]+(?:\.[0-9]+)?)"', r"\1", text)


def loads(text: str | bytes) -> object:
    """A table document read from JSON text, its numbers with decimals read exactly (Decimal)."""
    return json.loads(text, parse_float=Decimal)


# The largest table file an import reads. A long night's is far smaller: 300 hands of six-player
# Marriage, each with a full 200-character note, is 0.8 MB (0.4 MB without notes); reading a file
# takes many times its size in memory, so a limit keeps one upload from swelling a server's worker.
MAX_FILE_MB = 2
MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024

REQUIRED_KEYS = ("format", "game", "players", "hands")
OPTIONAL_KEYS = ("name", "created", "rules", "colors", "points", "totals", "previous", "language", "events", "draw")


# The most a hand's time may be: what the database holds (68 years), never reached at a table.
MAX_SECONDS = 2**31 - 1

# The years a table's creation may fall in: wider than any real table's either way, and clear of the
# ends of what a date can hold (years 1 and 9999), where a time zone moves a time past them: a
# strftime of the year 1 even writes "1", which no import reads back.
CREATED_YEARS = (1900, 2999)


def _parse_created(value: object) -> datetime:
    if not isinstance(value, str):
        raise InputError(gettext_noop("must be a date and time like 2026-11-20T19:30:00Z"), field="created")
    try:
        created = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InputError(gettext_noop("must be a date and time like 2026-11-20T19:30:00Z"), field="created") from None
    if not CREATED_YEARS[0] <= created.year <= CREATED_YEARS[1]:
        raise InputError(
            gettext_noop("must be a date in the years %(first)s to %(last)s"),
            params={"first": CREATED_YEARS[0], "last": CREATED_YEARS[1]},
            field="created",
        )
    return created if created.tzinfo else timezone.make_aware(created, UTC)


@dataclass(frozen=True)
class CheckedDocument:
    """A table document's parts, each checked: what an import builds the table from."""

    engine: base.Engine  # the game's engine (scoring/<game>.py)
    players: list[str]  # who sat down at the start, in seat order
    everyone: list[str]  # everyone who sat at the table, newcomers after them (the table's columns)
    rules: base.Rules
    name: str
    colors: dict[str, str]
    created: datetime | None  # None: now
    hands: list[base.Hand]  # each hand's clean inputs, the hand being played (if any) last
    events: list[base.Event]
    previous: str  # the id of the table this one is a rematch of, or ""
    language: str
    draw: dict[str, Any]  # what was drawn when the table was made


def _check_document(document: object) -> CheckedDocument:
    """The parts of a table document, checked; raises InputError naming the first problem."""
    if not isinstance(document, dict):
        raise InputError(gettext_noop("the file is not a table document (expected a JSON object)"))
    checks.only_keys(document, REQUIRED_KEYS + OPTIONAL_KEYS)
    for key in REQUIRED_KEYS:
        if key not in document:
            raise InputError(gettext_noop("is missing"), field=key)
    if document["format"] != FORMAT:
        raise InputError(gettext_noop("must be %(format)s"), params={"format": repr(FORMAT)}, field="format")
    engine = get_game(document["game"]).engine
    players = clean_players(document["game"], document["players"])
    rules = engine.validate_rules(document.get("rules", {}))
    name = checks.text(document.get("name", ""), max_length=80, name=True, field="name") or _("Imported table")
    hands = document["hands"]
    if not isinstance(hands, list):
        raise InputError(gettext_noop("must be a list"), field="hands")
    inputs = []
    for number, hand in enumerate(hands, 1):
        checks.only_keys(hand, ("inputs", "points", "note", "seconds"), hand=number)
        checks.text(hand.get("note", ""), max_length=NOTE_LENGTH, lines=True, hand=number, field="note")
        if "seconds" in hand:
            checks.whole_number(hand["seconds"], maximum=MAX_SECONDS, hand=number, field="seconds")
        if "inputs" not in hand:
            raise InputError(gettext_noop("is missing"), hand=number, field="inputs")
        inputs.append(hand["inputs"])
    clean_hands, events = base.validate_table(engine, rules, players, inputs, document.get("events", []))
    everyone = base.columns(players, events)
    colors = document.get("colors", {})
    checks.only_keys(colors, everyone, field="colors")
    game_colors = {color.key for color in get_game(document["game"]).colors}
    for player, color in colors.items():
        # A colour is a class name on the page: only the game's own.
        if color not in game_colors:
            raise InputError(gettext_noop("is not one of this game's colours"), player=player, field="colors")
    created = _parse_created(document["created"]) if "created" in document else None
    previous = checks.text(document.get("previous", ""), max_length=32, field="previous")
    language = clean_language(document.get("language", ""))
    drawn = _check_draw(document.get("draw", {}), players, events)
    return CheckedDocument(
        engine=engine,
        players=players,
        everyone=everyone,
        rules=rules,
        name=name,
        colors=colors,
        created=created,
        hands=clean_hands,
        events=events,
        previous=previous,
        language=language,
        draw=drawn,
    )


def _check_draw(drawn: object, players: list[str], events: list[base.Event]) -> dict[str, Any]:
    """A file's word on what was drawn, held to what the table is: the drawn seats are the seats it
    started with, and the drawn first dealer is the one the deal was given to before hand 1."""
    drawn = checks.only_keys(drawn, ("seats", "dealer"), field="draw")
    if "seats" in drawn and drawn["seats"] != players:
        raise InputError(gettext_noop("the drawn seats must be the players, in their order"), field="draw")
    if "dealer" in drawn:
        given = [event["player"] for event in events if event["after"] == 0 and event["kind"] == "dealer"]
        if not given or drawn["dealer"] != given[-1]:
            raise InputError(
                gettext_noop("the drawn first dealer must be the one the deal is given to before the first hand"),
                field="draw",
            )
    return dict(drawn)


def import_table(document: object, owner: "User | None" = None) -> tuple[Table, list[str]]:
    """Create a table from a document, all or nothing. Returns (table, warnings).

    A last hand that is not complete (Thirteen's bids without books) becomes the hand being played.
    """
    checked = _check_document(document)
    file = cast(dict[str, Any], document)  # JSON from the file: an object, _check_document checked it
    engine, clean_hands, previous_id = checked.engine, list(checked.hands), checked.previous
    result = engine.score(checked.rules, checked.players, clean_hands, checked.events)
    warnings = []
    # Only a game of the same owner (and none without one): a file names any id it likes.
    previous = Table.objects.filter(pk=previous_id, owner=owner).first() if previous_id and owner else None
    if previous_id and previous is None:
        # Translators: "previous" is the key of a table file (kept as it is written in the file).
        warnings.append(
            _("previous: no table %(id)s of the same owner here, so this one is not linked to the game before it")
            % {"id": previous_id}
        )
    game = get_game(engine.SLUG)
    for number, (hand, units) in enumerate(zip(file["hands"], result.points), 1):
        points = shown_points(game, units)
        if "points" in hand and hand["points"] != points:
            warnings.append(
                _("hand %(number)s: the file's points %(file)s differ from the computed %(computed)s")
                % {"number": number, "file": hand["points"], "computed": points}
            )
    totals = shown_points(game, result.totals)
    if "totals" in file and file["totals"] != totals:
        # Translators: "totals" is the key of a table file (kept as it is written in the file).
        warnings.append(
            _("totals: the file's %(file)s differ from the computed %(computed)s")
            % {"file": file["totals"], "computed": totals}
        )
    current_hand = {}
    if engine.pending(result.state):
        current_hand = {"inputs": clean_hands.pop()}
        result = engine.score(checked.rules, checked.players, clean_hands, checked.events)
    with transaction.atomic():
        table = Table(
            game=engine.SLUG,
            name=checked.name,
            players=checked.everyone,
            rules=checked.rules,
            owner=owner,
            previous=previous,
            created=checked.created or timezone.now(),
            colors=checked.colors,
            opening=result.steps[0],
            current_hand=current_hand,
            language=checked.language,
            events=checked.events,
            draw=checked.draw,
        )
        derive(table, result.state)
        table.save()
        Hand.objects.bulk_create(
            Hand(
                table=table,
                number=number,
                inputs=inputs,
                points=points,
                totals=totals,
                note=hand.get("note", "").strip(),
                seconds=hand.get("seconds"),
            )
            for number, (inputs, points, totals, hand) in enumerate(
                zip(clean_hands, result.points, result.steps[1:], file["hands"]), 1
            )
        )
    return table, warnings
