"""A system check (`manage.py check`, and every start): every registered game's engine keeps the
contract of scoring.base.Engine, so that a broken game stops the server at start with its name and
what is wrong, not a table page at the first hand."""

from collections.abc import Callable, Iterable
from typing import Any

from django.core import checks

from games.sdk.registry import all_games
from scoring.base import Engine, Stage
from scoring.events import SEAT_CHANGES

# Each constant of the contract, and what it must be.
CONSTANTS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "SLUG": (lambda value: isinstance(value, str) and value != "", "a non-empty text"),
    "LOWER_WINS": (lambda value: isinstance(value, bool), "true or false"),
    "ZERO_SUM": (lambda value: isinstance(value, bool), "true or false"),
    "POINT_DECIMALS": (lambda value: value in (0, 1) and not isinstance(value, bool), "0 (whole points) or 1 (tenths)"),
    "MIN_PLAYERS": (
        lambda value: isinstance(value, int) and not isinstance(value, bool) and value >= 1,
        "a whole number, at least 1",
    ),
    "MAX_PLAYERS": (
        lambda value: isinstance(value, int) and not isinstance(value, bool) and value >= 1,
        "a whole number, at least 1",
    ),
    "CHANGES": (
        lambda value: isinstance(value, tuple) and set(value) <= set(SEAT_CHANGES),
        f"a tuple of seat changes among {', '.join(SEAT_CHANGES)}",
    ),
    "FORMULAS": (
        lambda value: isinstance(value, dict) and all(callable(formula) for formula in value.values()),
        "a dict of term kinds to formulas",
    ),
    "DEFAULT_RULES": (lambda value: isinstance(value, dict), "a dict"),
    "STAGES": (
        lambda value: (
            isinstance(value, tuple)
            and bool(value)
            and all(isinstance(stage, Stage) for stage in value)
            and value[-1].in_hand
        ),
        "a tuple of Stage, the last one part of the hand",
    ),
}


def check_games(app_configs: Iterable[Any] | None = None, **_options: Any) -> list[checks.CheckMessage]:
    """Every registered game's problems, and two games with one slug."""
    found: list[checks.CheckMessage] = []
    slugs: dict[str, str] = {}
    for game in all_games():
        found += game_problems(game)
        slug = getattr(game.engine, "SLUG", None)
        if isinstance(slug, str) and slug in slugs:
            found.append(
                checks.Error(f"Two games have the slug {slug!r}: {slugs[slug]} and {game.name}", id="cardscore.E005")
            )
        slugs.setdefault(str(slug), str(game.name))
    return found


def game_problems(game: Any) -> list[checks.CheckMessage]:
    """What is wrong with one game's engine (`game.engine`), each an Error naming the game."""
    engine, name = game.engine, f"The game {game.name}"
    if not isinstance(engine, Engine):
        return [
            checks.Error(
                f"{name}: its engine is {engine!r}, not an instance of scoring.base.Engine",
                hint="Give Game(engine=...) the module's ENGINE, an instance of the game's Engine subclass.",
                id="cardscore.E001",
            )
        ]
    found: list[checks.CheckMessage] = []
    for constant, (valid, what) in CONSTANTS.items():
        if not valid(getattr(engine, constant, None)):
            found.append(
                checks.Error(
                    f"{name}: its engine's {constant} is {getattr(engine, constant, None)!r}, not {what}",
                    id="cardscore.E002",
                )
            )
    if found:
        return found
    if engine.MIN_PLAYERS > engine.MAX_PLAYERS:
        found.append(
            checks.Error(f"{name}: its engine's MIN_PLAYERS is more than its MAX_PLAYERS", id="cardscore.E002")
        )
    for method in (
        "validate_rules",
        "validate_hand",
        "explain",
        "progress",
        "deal_to",
        "start",
        "fold",
        "changed",
        "joining_score",
        "stage",
        "pending",
    ):
        if not callable(getattr(engine, method, None)):
            found.append(checks.Error(f"{name}: its engine's {method} is not a method", id="cardscore.E003"))
    try:
        rules = engine.validate_rules(engine.default_rules())
        engine.start(rules, [f"player {seat}" for seat in range(1, engine.MIN_PLAYERS + 1)])
    except Exception as error:  # whatever goes wrong here is the game's, and said with its name
        found.append(
            checks.Error(
                f"{name}: its engine cannot start a table with its default rules: {type(error).__name__}: {error}",
                id="cardscore.E004",
            )
        )
    return found
