"""Events between hands, one class per kind: what it takes, how it is checked against the state it
is folded onto, and what it does to that state (scoring/base.py folds them in their place).

    {"kind": "join", "player", "seat", "score"}: a player sits down at `seat` (an index into the
        seats as they are) with `score` as their total; without "score", a player who left comes
        back with the total they left with
    {"kind": "leave", "player"}: a player gets up for good, keeping their history and total
    {"kind": "replace", "player", "by", "score"}: `by` takes over `player`'s seat, with `score`
    {"kind": "adjust", "points": {player: points}, "reason"}: points given or taken outside a hand
    {"kind": "dealer", "player"}: who deals the next hand (a rematch moves the first deal on)

Which of the seat changes a game allows is its CHANGES; a game whose hands add up to 0 (zero_sum())
takes only adjustments that add up to 0 too. Points given here are read in the game's units
(Engine.read_points: tenths in Call Break). Every event is refused once the game is over and
while a hand is being played (base.validate_event).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from . import checks
from .errors import InputError, gettext_noop

if TYPE_CHECKING:
    from .base import Engine, Event, Rules, State

MAX_ADJUSTMENT = 100_000
MAX_REASON = 200
MAX_PLAYERS_EVER = 100  # everyone who has sat at the table, those who left too


@dataclass(frozen=True)
class Points:
    """Points in an event's words: written signed (+5), or plain where lower totals win."""

    value: int
    signed: bool = True


@dataclass(frozen=True)
class Words:
    """An event told in one line: an English template marked with gettext_noop and its values
    apart, as InputError's are; the web side translates it and writes each Points value. A value
    that is a dict gives points to players (written in the board's column order)."""

    message: str
    params: dict[str, Any]


class EventKind:
    """One kind of event. `validate` completes a raw event whose keys are known to be KEYS (and
    "after", "kind"), given `clean` ({"after", "kind"}); `apply` folds a validated one; `words`
    tells a validated one."""

    KIND: ClassVar[str]
    KEYS: ClassVar[tuple[str, ...]]
    SEAT_CHANGE: ClassVar[bool] = False  # whether a game allows it only when in its CHANGES

    def validate(self, game: Engine, rules: Rules, state: State, raw: Event, clean: Event) -> Event:
        raise NotImplementedError

    def apply(self, game: Engine, rules: Rules, state: State, clean: Event) -> State:
        """The state after the event; the game then puts its own keys right (changed())."""
        after = {
            **state,
            "seated": self.seated_after(state["seated"], clean),
            "totals": self.totals_after(state["totals"], clean),
        }
        return game.changed(rules, after, state)

    def seated_after(self, seated: list[str], clean: Event) -> list[str]:
        """The seats, in order, after the event (the same seats for one that moves nobody)."""
        return list(seated)

    def totals_after(self, totals: dict[str, int], clean: Event) -> dict[str, int]:
        return dict(totals)

    def words(self, game: Engine, rules: Rules, clean: Event) -> Words:
        raise NotImplementedError

    def newcomer(self, clean: Event) -> str | None:
        """The name the event seats for the first time, or None."""
        return None

    def column(self, order: list[str], seated: list[str], clean: Event) -> int:
        """Where the board's column of the event's newcomer goes in `order`, given the seats before it."""
        raise NotImplementedError

    def points_to(self, clean: Event, name: str) -> int | None:
        """What the event gives `name` towards their total (a newcomer's start, an adjustment), or None."""
        return clean["score"] if self.newcomer(clean) == name else None


def seated_player(state: State, name: Any) -> str:
    """`name`, who must be seated."""
    if name not in state["seated"]:
        raise InputError(gettext_noop("is not seated at this table"), player=str(name), field="player")
    return str(name)


def who_left(name: Any, state: State) -> str | None:
    """The name, as first written, of the player who left the table that `name` stands for (any
    case), or None."""
    if not isinstance(name, str):
        return None
    return next(
        (
            other
            for other in state["totals"]
            if other.casefold() == name.strip().casefold() and other not in state["seated"]
        ),
        None,
    )


def newcomer_score(game: Engine, rules: Rules, state: State, raw: Event, name: str) -> int:
    """The total a newcomer starts with: as given, or the game's joining_score."""
    if "score" in raw:
        score = game.read_points(raw["score"], minimum=-MAX_ADJUSTMENT, maximum=MAX_ADJUSTMENT, field="score")
    else:
        score = game.joining_score(rules, state)
    if game.zero_sum(rules) and score:
        # Points that nobody paid would leave the totals not adding up to 0, and nobody could settle them.
        raise InputError(
            gettext_noop("a newcomer starts at 0, as every hand adds up to 0: to move points, add an adjustment"),
            player=name,
            field="score",
        )
    return int(score)


def check_newcomer(name: Any, state: State, field: str) -> str:
    try:
        checks.players([name], minimum=1, maximum=1)
    except InputError as error:
        raise InputError(error.message, params=error.params, field=field) from None
    if len(state["totals"]) >= MAX_PLAYERS_EVER:
        raise InputError(
            gettext_noop("at most %(count)s players can sit at one table: start a new table"),
            params={"count": MAX_PLAYERS_EVER},
            field=field,
        )
    if name.casefold() in {other.casefold() for other in state["totals"]}:
        raise InputError(gettext_noop("has played at this table already: give another name"), player=name, field=field)
    return str(name)


class Join(EventKind):
    KIND = "join"
    KEYS = ("player", "seat", "score")
    SEAT_CHANGE = True

    def validate(self, game: Engine, rules: Rules, state: State, raw: Event, clean: Event) -> Event:
        coming_back = who_left(raw.get("player"), state)
        if coming_back:
            return self._return(game, rules, state, clean, coming_back, raw)
        name = check_newcomer(raw.get("player"), state, field="player")
        score = newcomer_score(game, rules, state, raw, name)
        return {**clean, "player": name, "seat": self._seat(game, raw, state["seated"]), "score": score}

    def _seat(self, game: Engine, raw: Event, seated: list[str]) -> int:
        seat = raw.get("seat", len(seated))
        checks.whole_number(seat, maximum=len(seated), field="seat")
        if len(seated) >= game.MAX_PLAYERS:
            raise InputError(
                gettext_noop("the table is full: at most %(count)s players"),
                params={"count": game.MAX_PLAYERS},
                field="player",
            )
        return int(seat)

    def _return(self, game: Engine, rules: Rules, state: State, clean: Event, name: str, raw: Event) -> Event:
        """A player who left sits down again: their own column and their total, as they left it (a
        join without a score). What the game says of them still holds: one out of a Konkan game stays out."""
        if raw.get("score", state["totals"][name]) != state["totals"][name]:
            raise InputError(
                gettext_noop("comes back with their own total, %(total)s"),
                params={"total": state["totals"][name]},
                player=name,
                field="score",
            )
        returned = {**clean, "player": name, "seat": self._seat(game, raw, state["seated"])}
        after = self.apply(game, rules, state, returned)
        if name in game.progress(rules, after["seated"], after).get("out", ()):
            raise InputError(gettext_noop("is out of the game, and stays out"), player=name, field="player")
        return returned

    def seated_after(self, seated: list[str], clean: Event) -> list[str]:
        return [*seated[: clean["seat"]], clean["player"], *seated[clean["seat"] :]]

    def totals_after(self, totals: dict[str, int], clean: Event) -> dict[str, int]:
        # A player coming back keeps their total.
        return {**totals, clean["player"]: clean["score"]} if "score" in clean else dict(totals)

    def newcomer(self, clean: Event) -> str | None:
        # A join without a score brings back a player who left.
        return str(clean["player"]) if "score" in clean else None

    def column(self, order: list[str], seated: list[str], clean: Event) -> int:
        # Just before the player whose seat they take the place of; after the last one for the last seat.
        if clean["seat"] < len(seated):
            return order.index(seated[clean["seat"]])
        return order.index(seated[-1]) + 1

    def words(self, game: Engine, rules: Rules, clean: Event) -> Words:
        where = {"player": clean["player"], "seat": clean["seat"] + 1}
        if "score" not in clean:
            return Words(gettext_noop("%(player)s came back, to seat %(seat)s, with their own total"), where)
        return Words(
            gettext_noop("%(player)s sat down at seat %(seat)s, with %(score)s"),
            {**where, "score": Points(clean["score"], signed=not game.lower_wins(rules))},
        )


class Leave(EventKind):
    KIND = "leave"
    KEYS = ("player",)
    SEAT_CHANGE = True

    def validate(self, game: Engine, rules: Rules, state: State, raw: Event, clean: Event) -> Event:
        name = seated_player(state, raw.get("player"))
        if len(state["seated"]) <= game.MIN_PLAYERS:
            raise InputError(
                gettext_noop("a table needs at least %(count)s players"),
                params={"count": game.MIN_PLAYERS},
                field="player",
            )
        return {**clean, "player": name}

    def seated_after(self, seated: list[str], clean: Event) -> list[str]:
        return [name for name in seated if name != clean["player"]]

    def words(self, game: Engine, rules: Rules, clean: Event) -> Words:
        return Words(gettext_noop("%(player)s left the table"), {"player": clean["player"]})


class Replace(EventKind):
    KIND = "replace"
    KEYS = ("player", "by", "score")
    SEAT_CHANGE = True

    def validate(self, game: Engine, rules: Rules, state: State, raw: Event, clean: Event) -> Event:
        by = check_newcomer(raw.get("by"), state, field="by")
        score = newcomer_score(game, rules, state, raw, by)
        return {**clean, "player": seated_player(state, raw.get("player")), "by": by, "score": score}

    def seated_after(self, seated: list[str], clean: Event) -> list[str]:
        return [clean["by"] if name == clean["player"] else name for name in seated]

    def totals_after(self, totals: dict[str, int], clean: Event) -> dict[str, int]:
        return {**totals, clean["by"]: clean["score"]}

    def newcomer(self, clean: Event) -> str | None:
        return str(clean["by"])

    def column(self, order: list[str], seated: list[str], clean: Event) -> int:
        return order.index(clean["player"]) + 1  # just after the player they replaced

    def words(self, game: Engine, rules: Rules, clean: Event) -> Words:
        return Words(
            gettext_noop("%(by)s took %(player)s's seat, with %(score)s"),
            {
                "by": clean["by"],
                "player": clean["player"],
                "score": Points(clean["score"], signed=not game.lower_wins(rules)),
            },
        )


class Adjust(EventKind):
    KIND = "adjust"
    KEYS = ("points", "reason")

    def validate(self, game: Engine, rules: Rules, state: State, raw: Event, clean: Event) -> Event:
        """An adjustment's points (every seated player, 0 for those it leaves alone) and reason."""
        points = checks.only_keys(raw.get("points"), state["seated"], field="points")
        given: dict[str, int] = {
            name: game.read_points(
                points.get(name, 0), minimum=-MAX_ADJUSTMENT, maximum=MAX_ADJUSTMENT, player=name, field="points"
            )
            for name in state["seated"]
        }
        if not any(given.values()):
            raise InputError(gettext_noop("give or take points from at least one player"), field="points")
        total = sum(given.values())
        if game.zero_sum(rules) and total:
            raise InputError(
                gettext_noop("the points must add up to 0, as every hand's do: they add up to %(sum)s"),
                params={"sum": game.shown(total)},
                field="points",
            )
        reason = checks.text(raw.get("reason", ""), max_length=MAX_REASON, field="reason")
        if not reason:
            raise InputError(gettext_noop("say what it is for"), field="reason")
        return {**clean, "points": given, "reason": reason}

    def totals_after(self, totals: dict[str, int], clean: Event) -> dict[str, int]:
        return {name: total + clean["points"].get(name, 0) for name, total in totals.items()}

    def points_to(self, clean: Event, name: str) -> int | None:
        return clean["points"].get(name) or None

    def words(self, game: Engine, rules: Rules, clean: Event) -> Words:
        # Only those given or taken points are named ("pizza: Hari −20 · Asha +5").
        given = {name: Points(points) for name, points in clean["points"].items() if points}
        return Words(gettext_noop("%(reason)s: %(points)s"), {"reason": clean["reason"], "points": given})


class Dealer(EventKind):
    KIND = "dealer"
    KEYS = ("player",)

    def validate(self, game: Engine, rules: Rules, state: State, raw: Event, clean: Event) -> Event:
        name = seated_player(state, raw.get("player"))
        game.deal_to(rules, state, name)  # raises where this game cannot give the deal to them
        return {**clean, "player": name}

    def apply(self, game: Engine, rules: Rules, state: State, clean: Event) -> State:
        return game.deal_to(rules, state, clean["player"])

    def words(self, game: Engine, rules: Rules, clean: Event) -> Words:
        return Words(gettext_noop("%(player)s deals next"), {"player": clean["player"]})


KINDS: dict[str, EventKind] = {kind.KIND: kind for kind in (Join(), Leave(), Replace(), Adjust(), Dealer())}
SEAT_CHANGES = tuple(kind for kind, event in KINDS.items() if event.SEAT_CHANGE)
ALL_KEYS = ("after", "kind", "player", "seat", "score", "by", "points", "reason")
