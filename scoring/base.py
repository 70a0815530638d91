"""Scoring as a fold, and the engine every game is: the base class `Engine` owns what every game
shares (validating and folding a whole table, the per-player problem loop, the events between
hands, the stages of a hand), and each game (scoring/<game>.py) subclasses it with its own rules.

A game's state (a JSON-serialisable dict) holds what later hands depend on. Every state has
"hands" (how many hands were folded), "totals" (player -> running total: everyone who has sat at
the table, those who left too) and "seated" (who plays the next hand, in seat order), kept here
for all the games; a game adds its own keys (Konkan's eliminations, Thirteen's sandbags...).

Between two hands the table can change: an event ({"after": the hands played before it, "kind",
...}, one class per kind in events.py) is folded like a hand, by apply_event().
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, ClassVar

from . import checks, terms
from .errors import InputError, Problems, gettext_noop
from .events import ALL_KEYS, KINDS

Rules = dict[str, Any]
State = dict[str, Any]  # JSON: stored with the table
Hand = dict[str, Any]  # one hand's inputs: player -> entry, and "_hand" for the hand as a whole
Entry = dict[str, Any]  # one player's inputs in a hand
Event = dict[str, Any]
Points = dict[str, int]
Progress = dict[str, Any]
Explained = dict[str, list[terms.Term]]

# Bounds no real table reaches but a script could, so that nothing a link holder sends makes a
# table's every page and save cost without end. An evening is 20–80 hands with a handful of
# changes: these are years of weekly evenings at one table, with a new guest every week.
MAX_HANDS = 5_000
MAX_EVENTS = 1_000


@dataclass
class Result:
    """Points per hand (player -> int, 0 for a player not in it), running totals and progress.

    progress holds what the table shows next: "dealer" (name of who deals next), "game_over",
    "winner" (a name or None), in a game whose win can be shared "winners" too (winners() reads
    both), and anything game-specific such as "round" or "out".
    state is the fold state after the last hand: fold the next hand onto it.
    """

    points: list[Points] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    progress: Progress = field(default_factory=dict)
    state: State = field(default_factory=dict)
    # The totals once the events before the first hand are in, then after each hand and the
    # events right after it: what the chart draws, ending at `totals`.
    steps: list[dict[str, int]] = field(default_factory=list)


@dataclass(frozen=True)
class Stage:
    """One step in which a hand is entered. `in_hand`: whether what is entered at it is part of the
    hand's inputs; Konkan's sets are not: they are checked one by one as they are laid down
    (check_set) and the table keeps them until the hand is entered whole."""

    name: str
    in_hand: bool = True


def start_state(players: Sequence[str], **game_state: Any) -> State:
    """The state before the first hand: no hands, every total 0, everyone seated, and the game's
    own keys."""
    return {"hands": 0, "totals": dict.fromkeys(players, 0), "seated": list(players), **game_state}


def after(state: State, points: Points, **game_state: Any) -> State:
    """A new state: one more hand, its points added to the totals, the game's own keys replaced."""
    totals = {name: total + points.get(name, 0) for name, total in state["totals"].items()}
    return {**state, "hands": state["hands"] + 1, "totals": totals, **game_state}


class Engine(ABC):
    """A game's rules. Each game subclasses it, sets the constants and writes its rules as
    methods; its module exposes one instance, ENGINE, which the web side's Game is given.
    `players` is who sits at the hand, in seat order. At start, a system check (games/checks.py)
    refuses a registered game whose engine breaks this contract."""

    SLUG: ClassVar[str]
    LOWER_WINS: ClassVar[bool]  # whether the lowest total is best
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    # Which seat changes the game allows between hands ("join", "leave", "replace"), and why, in a comment.
    CHANGES: ClassVar[tuple[str, ...]]
    ZERO_SUM: ClassVar[bool]  # whether every hand adds up to 0 (and so must an adjustment): see zero_sum()
    # The seats (indexes) of each team, where players play in fixed teams (partners sitting
    # opposite: ((0, 2), (1, 3))); every player of a team scores the team's points, and its rules may
    # name the teams ("team_names", in the order of their first seats). Empty: no teams.
    TEAM_SEATS: ClassVar[tuple[tuple[int, ...], ...]] = ()
    # How many decimals a point has: 0 (whole points) or 1 (tenths, Call Break). Points are whole
    # numbers everywhere in the engine, counted in the game's smallest unit: in tenths 3.2 points
    # are 32. read_points() reads a number from outside into units, shown() gives units back as the
    # number people read.
    POINT_DECIMALS: ClassVar[int] = 0
    # {term kind: formula}: each rule of the game's score written once, as what its term adds from
    # its values (terms.py)
    FORMULAS: ClassVar[dict[str, terms.Formula]]
    DEFAULT_RULES: ClassVar[Rules]
    # The steps a hand is entered in, in order: a hand is complete once its last one is entered. A
    # hand saved at an earlier step of its own inputs (Thirteen's bids, before the books) is
    # pending: folded as it stands, the table waiting for the rest.
    STAGES: ClassVar[tuple[Stage, ...]] = (Stage("hand"),)

    # --- rules ------------------------------------------------------------------------------

    def default_rules(self) -> Rules:
        return deepcopy(self.DEFAULT_RULES)

    @abstractmethod
    def validate_rules(self, rules: Rules) -> Rules:
        """The full rules: the defaults overlaid with `rules`, every value checked (InputError)."""

    def zero_sum(self, rules: Rules) -> bool:
        """Whether every hand adds up to 0 at a table with these rules (and so must an adjustment and
        a newcomer's starting total): ZERO_SUM, unless the game's rules say it (the score sheet)."""
        return self.ZERO_SUM

    def lower_wins(self, rules: Rules) -> bool:
        """Whether the lowest total is best at a table with these rules: LOWER_WINS, unless the
        game's rules say it (the score sheet)."""
        return self.LOWER_WINS

    # --- points -----------------------------------------------------------------------------

    def read_points(self, value: Any, *, minimum: int, maximum: int, **where: Any) -> int:
        """A number of points given from outside (a newcomer's score, an adjustment), between
        `minimum` and `maximum` points, in the game's units (POINT_DECIMALS): a whole number, or,
        in a game counted in tenths, a number with at most one decimal (InputError)."""
        if self.POINT_DECIMALS:
            return checks.tenths(value, minimum=minimum, maximum=maximum, **where)
        return checks.whole_number(value, minimum=minimum, maximum=maximum, **where)

    def shown(self, units: int) -> Decimal:
        """Points in the game's units as the exact number people read, with its decimals only where
        it has some: with one decimal, 32 is 3.2 and 40 is 4."""
        whole, rest = divmod(units, 10**self.POINT_DECIMALS)
        return Decimal(units).scaleb(-self.POINT_DECIMALS) if rest else Decimal(whole)

    # --- hands ------------------------------------------------------------------------------

    @abstractmethod
    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One hand's clean inputs, given the state after the earlier hands (None: no earlier
        hands), since a hand may depend on them (rounds, eliminations); `hand` its number."""

    def each_player(
        self, players: Sequence[str], inputs: Hand, hand: int | None, check_entry: Callable[[Any, str], Entry]
    ) -> dict[str, Entry]:
        """Every player's entry, checked by check_entry(entry, name): the problems of all of them
        raised together (Problems), so that one save names them all."""
        problems, clean = Problems(), {}
        for name in players:
            with problems.check():
                if name not in inputs:
                    self.missing_entry(name, hand)
                clean[name] = check_entry(inputs.get(name), name)
        problems.raise_found()
        return clean

    def missing_entry(self, name: str, hand: int | None) -> None:  # noqa: B027 (a hook most games leave as it is)
        """Raises the problem of a player with no entry at all in a hand, where the game names it
        apart; otherwise the entry check gets None."""

    def validate(
        self, rules: Rules, players: list[str], hands: Sequence[Hand], events: Sequence[Event] = ()
    ) -> list[Hand]:
        """Every hand's clean inputs; the error names the first bad hand, player and field."""
        return validate_table(self, rules, players, hands, events)[0]

    # --- the fold ---------------------------------------------------------------------------

    def start(self, rules: Rules, players: list[str]) -> State:
        """The state before the first hand."""
        return start_state(players)

    def fold(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> tuple[Points, State]:
        """One hand's points and the state after it (`state` is left unchanged): its terms added
        up, the game's own keys moved on."""
        points = terms.points(self.explain(rules, players, state, clean_hand))
        return points, after(state, points, **self.moved_on(rules, players, state, clean_hand))

    def moved_on(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> dict[str, Any]:
        """The game's own keys of the state after a hand (fold())."""
        return {}

    @abstractmethod
    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> Explained:
        """{player: [Term, ...]}: one hand's points worked out, each rule a term with the values it
        used, in seat order; fold() adds the same terms up."""

    def term(self, kind: str, **values: Any) -> terms.Term:
        """A term of this game, its points from its kind's formula."""
        return terms.Term(kind, values, self.FORMULAS[kind](**values))

    @abstractmethod
    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        """What the table shows next: "dealer", "game_over", "winner", and the game's own."""

    def score(self, rules: Rules, players: list[str], hands: Sequence[Hand], events: Sequence[Event] = ()) -> Result:
        """Every validated hand and event folded in order from the start state."""
        state = self.start(rules, players)
        waiting = list(events)
        state = self._events_after(rules, state, waiting)
        points, steps = [], [dict(state["totals"])]
        for hand in hands:
            hand_points, state = self.fold(rules, state["seated"], state, hand)
            state = self._events_after(rules, state, waiting)
            points.append(hand_points)
            steps.append(dict(state["totals"]))
        return Result(
            points=points,
            totals=dict(state["totals"]),
            progress=self.progress(rules, state["seated"], state),
            state=state,
            steps=steps,
        )

    def _events_after(self, rules: Rules, state: State, waiting: list[Event]) -> State:
        """The state once the validated events right after its hands are folded in (taken
        from the front of `waiting`)."""
        while waiting and waiting[0]["after"] == state["hands"]:
            state = apply_event(self, rules, state, waiting.pop(0))
        return state

    # --- stages of a hand -------------------------------------------------------------------

    @property
    def partial_hands(self) -> bool:
        """Whether a hand can be saved before it is complete (and so be pending)."""
        return sum(stage.in_hand for stage in self.STAGES) > 1

    def stage(self, clean_hand: Hand) -> str:
        """The name of the last stage whose inputs a saved hand holds."""
        return self.STAGES[-1].name

    def next_stage(self, clean_hand: Hand | None) -> str | None:
        """The name of the stage whose inputs a hand waits for: the first of a new hand (None),
        and None once the hand is complete."""
        names = [stage.name for stage in self.STAGES if stage.in_hand]
        if clean_hand is None:
            return names[0]
        following = names.index(self.stage(clean_hand)) + 1
        return names[following] if following < len(names) else None

    def complete(self, clean_hand: Hand) -> bool:
        return self.next_stage(clean_hand) is None

    def pending(self, state: State) -> bool:
        """Whether the last hand folded into `state` is saved but not complete yet."""
        return False

    # --- between hands ----------------------------------------------------------------------

    def joining_score(self, rules: Rules, state: State) -> int:
        """The total a newcomer starts with unless told otherwise."""
        return 0

    def changed(self, rules: Rules, state: State, before: State) -> State:
        """The state after an event moved seats or totals, with the game's own keys put right (who
        deals next, eliminations...); `before`: the state before it."""
        return state

    @abstractmethod
    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        """The state in which `name` deals the next hand, or InputError."""


class DealerGoesRound(Engine):
    """A game whose deal passes to the next seat after every hand, the first player dealing the
    first, and that has no end."""

    def start(self, rules: Rules, players: list[str]) -> State:
        return start_state(players, dealer=players[0])

    def moved_on(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> dict[str, Any]:
        return {"dealer": players[(players.index(state["dealer"]) + 1) % len(players)]}

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        return {"dealer": state["dealer"], "game_over": False, "winner": None}

    def changed(self, rules: Rules, state: State, before: State) -> State:
        """After seats changed: a leaver who was to deal passes the deal to the next seat."""
        return {**state, "dealer": next_seated(state["dealer"], before["seated"], state["seated"])}

    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        return {**state, "dealer": name}


def winners(progress: Progress) -> list[str]:
    """Who won, for every game: the players sharing the win ("winners", in a game whose win can be
    shared), else the one "winner", else nobody."""
    if "winners" in progress:
        return list(progress["winners"])
    return [progress["winner"]] if progress.get("winner") else []


def validate_table(
    game: Engine, rules: Rules, players: list[str], hands: Sequence[Hand], events: Sequence[Event] = ()
) -> tuple[list[Hand], list[Event]]:
    """Each hand and event checked against the state the hands and events before it leave.
    Returns (clean hands, clean events)."""
    if not isinstance(hands, (list, tuple)):
        raise InputError(gettext_noop("must be a list"), field="hands")
    if not isinstance(events, (list, tuple)):
        raise InputError(gettext_noop("must be a list"), field="events")
    check_room(len(hands), "hands")
    check_room(len(events), "events")
    state = game.start(rules, players)
    waiting, clean_events = list(enumerate(events, 1)), []

    def events_after(state: State) -> State:
        while waiting and isinstance(waiting[0][1], dict) and waiting[0][1].get("after") == state["hands"]:
            number, raw = waiting.pop(0)
            try:
                clean = validate_event(game, rules, state, raw)
            except InputError as error:
                raise _in_event(number, error) from None
            clean_events.append(clean)
            state = apply_event(game, rules, state, clean)
        return state

    state = events_after(state)
    clean_hands = []
    for number, inputs in enumerate(hands, 1):
        clean = game.validate_hand(rules, state["seated"], inputs, hand=number, state=state)
        _points, state = game.fold(rules, state["seated"], state, clean)
        clean_hands.append(clean)
        state = events_after(state)
    if waiting:
        raise _in_event(
            waiting[0][0],
            InputError(
                gettext_noop("must count the hands before it, in order, at most %(count)s"),
                params={"count": len(hands)},
                field="after",
            ),
        )
    return clean_hands, clean_events


def _in_event(number: int, error: InputError) -> InputError:
    """A table file's event's problem, saying which event and where in it."""
    place = ", ".join(part for part in (error.player, error.field) if part)
    return InputError(
        gettext_noop("event %(number)s, %(place)s: %(problem)s"),
        params={"number": number, "place": place, "problem": error},
        field="events",
    )


def check_room(count: int, what: str) -> None:
    """`count` hands or events fit in one table (MAX_HANDS, MAX_EVENTS)."""
    if what == "hands" and count > MAX_HANDS:
        raise InputError(
            gettext_noop("a table holds at most %(count)s hands: start a new table"),
            params={"count": MAX_HANDS},
            field=what,
        )
    if what == "events" and count > MAX_EVENTS:
        raise InputError(
            gettext_noop("a table holds at most %(count)s changes of players and adjustments: start a new table"),
            params={"count": MAX_EVENTS},
            field=what,
        )


# --- events between hands (events.py) ----------------------------------------------------------


def validate_event(game: Engine, rules: Rules, state: State, raw: Event) -> Event:
    """One event, checked against the state it is folded onto, and completed (a join's score
    defaults to the game's joining_score, the deal given to a player where nobody deals is refused)."""
    checks.only_keys(raw, ALL_KEYS)
    shown = game.progress(rules, state["seated"], state)
    if shown.get("game_over"):
        raise InputError(gettext_noop("the game is over"), field="kind")
    if game.pending(state):
        raise InputError(gettext_noop("finish the hand being played first"), field="kind")
    named = raw.get("kind")
    kind = KINDS.get(named) if isinstance(named, str) else None
    if kind is None:
        raise InputError(gettext_noop("unknown kind of event %(kind)s"), params={"kind": repr(named)}, field="kind")
    if kind.SEAT_CHANGE and kind.KIND not in game.CHANGES:
        raise InputError(gettext_noop("this game does not allow it"), field="kind")
    checks.only_keys(raw, ("after", "kind", *kind.KEYS))
    return kind.validate(game, rules, state, raw, {"after": state["hands"], "kind": kind.KIND})


def apply_event(game: Engine, rules: Rules, state: State, clean: Event) -> State:
    """The state after one validated event; the game then puts its own keys right (changed())."""
    return KINDS[clean["kind"]].apply(game, rules, state, clean)


def reseated(seated: list[str], clean: Event) -> list[str]:
    """The seats, in order, after a validated event (the same seats after one that moves nobody)."""
    return KINDS[clean["kind"]].seated_after(seated, clean)


def newcomer(event: Event) -> str | None:
    """The name a validated event seats for the first time (a join's, a replacement's), or None:
    a join without a score brings back a player who left."""
    return KINDS[event["kind"]].newcomer(event)


def next_seated(name: str, before: list[str], seated: list[str]) -> str:
    """Whoever sits next after `name` going round the seats `before` an event, among `seated`
    (the seats after it): `name` itself if still seated."""
    if name in seated:
        return name
    at = before.index(name)
    return next((other for other in before[at + 1 :] + before[:at] if other in seated), seated[0])


def columns(players: Sequence[str], events: Iterable[Event]) -> list[str]:
    """Everyone who has sat at the table, in the order the board shows them, round the table:
    the seats it started with, and each newcomer's column where they sat down (just before the
    player whose seat they took the place of, just after the last seated player for the last
    seat, a replacement just after the player they replaced). A player who left keeps their column."""
    order, seated = list(players), list(players)
    for clean in events:
        name = newcomer(clean)
        if name is not None and name not in order:
            order.insert(KINDS[clean["kind"]].column(order, seated, clean), name)
        seated = reseated(seated, clean)
    return order


def seated_for(players: Sequence[str], events: Iterable[Event], hand: int) -> list[str]:
    """Who sits at hand number `hand`, in seat order: the seats a table started with (`players`)
    changed by the validated events before it. The seats never depend on what the hands
    held, so no hand is read."""
    seated = list(players)
    for clean in events:
        if clean["after"] >= hand:
            break
        seated = reseated(seated, clean)
    return seated
