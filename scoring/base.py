"""Scoring as a fold, shared by every game module.

A game's state (a JSON-serialisable dict) holds what later hands depend on. Every state has
"hands" (how many hands were folded), "totals" (player -> running total: everyone who has sat at
the table, those who left too) and "seated" (who plays the next hand, in seat order), kept here
for all the games; a game adds its own keys (Konkan's eliminations, Thirteen's sandbags...).

Between two hands the table can change: an event ({"after": the hands played before it, "kind",
...}) is folded like a hand, by apply_event():
    {"kind": "join", "player", "seat", "score"}: a player sits down at `seat` (an index into the
        seats as they are) with `score` as their total; without "score", a player who left comes
        back with the total they left with
    {"kind": "leave", "player"}: a player gets up for good, keeping their history and total
    {"kind": "replace", "player", "by", "score"}: `by` takes over `player`'s seat, with `score`
    {"kind": "adjust", "points": {player: points}, "reason"}: points given or taken outside a hand
    {"kind": "dealer", "player"}: who deals the next hand (a rematch moves the first deal on)
Which of the seat changes a game allows is its CHANGES; a game whose hands add up to 0 (ZERO_SUM) takes
only adjustments that add up to 0 too.
"""

from dataclasses import dataclass, field

from . import checks
from .errors import InputError, gettext_noop

SEAT_CHANGES = ("join", "leave", "replace")
MAX_ADJUSTMENT = 100_000
MAX_REASON = 200
# Bounds no real table reaches but a script could, so that nothing a link holder sends makes a
# table's every page and save cost without end. An evening is 20–80 hands with a handful of
# changes: these are years of weekly evenings at one table, with a new guest every week.
MAX_HANDS = 5_000
MAX_EVENTS = 1_000
MAX_PLAYERS_EVER = 100  # everyone who has sat at the table, those who left too


@dataclass
class Result:
    """Points per hand (player -> int, 0 for a player not in it), running totals and progress.

    progress holds what the table shows next: "dealer" (name of who deals next), "game_over",
    "winner" (a name or None), and anything game-specific such as "round" or "out".
    state is the fold state after the last hand: fold the next hand onto it.
    """

    points: list = field(default_factory=list)
    totals: dict = field(default_factory=dict)
    progress: dict = field(default_factory=dict)
    state: dict = field(default_factory=dict)
    # The totals once the events before the first hand are in, then after each hand and the
    # events right after it: what the chart draws, ending at `totals`.
    steps: list = field(default_factory=list)


def start(players, **game_state):
    """The state before the first hand: no hands, every total 0, everyone seated, and the game's
    own keys."""
    return {"hands": 0, "totals": dict.fromkeys(players, 0), "seated": list(players), **game_state}


def after(state, points, **game_state):
    """A new state: one more hand, its points added to the totals, the game's own keys replaced."""
    totals = {name: total + points.get(name, 0) for name, total in state["totals"].items()}
    return {**state, "hands": state["hands"] + 1, "totals": totals, **game_state}


def fold_all(game, rules, players, hands, events=()):
    """score(): every validated hand and event folded in order from the game's start state."""
    state = game.start(rules, players)
    waiting = list(events)
    state = _events_after(game, rules, state, waiting)
    points, steps = [], [dict(state["totals"])]
    for hand in hands:
        hand_points, state = game.fold(rules, state["seated"], state, hand)
        state = _events_after(game, rules, state, waiting)
        points.append(hand_points)
        steps.append(dict(state["totals"]))
    return Result(points=points, totals=dict(state["totals"]), progress=game.progress(rules, state["seated"], state),
                  state=state, steps=steps)


def _events_after(game, rules, state, waiting):
    """The state once the validated events right after its hands are folded in (taken
    from the front of `waiting`)."""
    while waiting and waiting[0]["after"] == state["hands"]:
        state = apply_event(game, rules, state, waiting.pop(0))
    return state


def validate_all(game, rules, players, hands, events=()):
    """validate(): each hand checked against the state the hands and events before it leave."""
    return validate_table(game, rules, players, hands, events)[0]


def validate_table(game, rules, players, hands, events=()):
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

    def events_after(state):
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
        raise _in_event(waiting[0][0], InputError(
            gettext_noop("must count the hands before it, in order, at most %(count)s"), params={"count": len(hands)},
            field="after"))
    return clean_hands, clean_events


def _in_event(number, error):
    """A table file's event's problem, saying which event and where in it."""
    place = ", ".join(part for part in (error.player, error.field) if part)
    return InputError(gettext_noop("event %(number)s, %(place)s: %(problem)s"),
                      params={"number": number, "place": place, "problem": error}, field="events")


# --- events between hands ------------------------------------------------------------------


def validate_event(game, rules, state, raw):
    """One event, checked against the state it is folded onto, and completed (a join's score
    defaults to the game's joining_score, the deal given to a player where nobody deals is refused)."""
    checks.only_keys(raw, ("after", "kind", "player", "seat", "score", "by", "points", "reason"))
    shown = game.progress(rules, state["seated"], state)
    if shown.get("game_over"):
        raise InputError(gettext_noop("the game is over"), field="kind")
    if shown.get("pending"):
        raise InputError(gettext_noop("finish the hand being played first"), field="kind")
    kind = raw.get("kind")
    if kind not in (*SEAT_CHANGES, "adjust", "dealer"):
        raise InputError(gettext_noop("unknown kind of event %(kind)s"), params={"kind": repr(kind)}, field="kind")
    if kind in SEAT_CHANGES and kind not in game.CHANGES:
        raise InputError(gettext_noop("this game does not allow it"), field="kind")
    expected = {"join": ("player", "seat", "score"), "leave": ("player",), "replace": ("player", "by", "score"),
                "adjust": ("points", "reason"), "dealer": ("player",)}[kind]
    checks.only_keys(raw, ("after", "kind", *expected))
    clean = {"after": state["hands"], "kind": kind}
    seated = state["seated"]
    coming_back = kind == "join" and who_left(raw.get("player"), state)
    if coming_back:
        return _return(game, rules, state, clean, coming_back, raw)
    if kind in ("join", "replace"):
        newcomer = raw.get("player" if kind == "join" else "by")
        _check_newcomer(newcomer, state, field="player" if kind == "join" else "by")
        score = raw.get("score", game.joining_score(rules, state))
        checks.whole_number(score, minimum=-MAX_ADJUSTMENT, maximum=MAX_ADJUSTMENT, field="score")
        if game.ZERO_SUM and score:
            # Points that nobody paid would leave the totals not adding up to 0, and nobody could settle them.
            raise InputError(gettext_noop("a newcomer starts at 0, as every hand adds up to 0: to move points, add an adjustment"),
                             player=newcomer, field="score")
    if kind == "join":
        return {**clean, "player": newcomer, "seat": _seat(game, raw, seated), "score": score}
    if kind in ("leave", "replace", "dealer"):
        name = raw.get("player")
        if name not in seated:
            raise InputError(gettext_noop("is not seated at this table"), player=str(name), field="player")
    if kind == "leave":
        if len(seated) <= game.MIN_PLAYERS:
            raise InputError(gettext_noop("a table needs at least %(count)s players"),
                             params={"count": game.MIN_PLAYERS}, field="player")
        return {**clean, "player": name}
    if kind == "replace":
        return {**clean, "player": name, "by": newcomer, "score": score}
    if kind == "dealer":
        game.deal_to(rules, state, name)  # raises where this game cannot give the deal to them
        return {**clean, "player": name}
    return {**clean, **_adjustment(game, state, raw.get("points"), raw.get("reason", ""))}


def who_left(name, state):
    """The name, as first written, of the player who left the table that `name` stands for (any
    case), or None."""
    if not isinstance(name, str):
        return None
    return next((other for other in state["totals"]
                 if other.casefold() == name.strip().casefold() and other not in state["seated"]), None)


def _seat(game, raw, seated):
    seat = raw.get("seat", len(seated))
    checks.whole_number(seat, maximum=len(seated), field="seat")
    if len(seated) >= game.MAX_PLAYERS:
        raise InputError(gettext_noop("the table is full: at most %(count)s players"),
                         params={"count": game.MAX_PLAYERS}, field="player")
    return seat


def _return(game, rules, state, clean, name, raw):
    """A player who left sits down again: their own column and their total, as they left it (a
    join without a score). What the game says of them still holds: one out of a Konkan game stays out."""
    if raw.get("score", state["totals"][name]) != state["totals"][name]:
        raise InputError(gettext_noop("comes back with their own total, %(total)s"),
                         params={"total": state["totals"][name]}, player=name, field="score")
    returned = {**clean, "player": name, "seat": _seat(game, raw, state["seated"])}
    after = apply_event(game, rules, state, returned)
    if name in game.progress(rules, after["seated"], after).get("out", ()):
        raise InputError(gettext_noop("is out of the game, and stays out"), player=name, field="player")
    return returned


def check_room(count, what):
    """`count` hands or events fit in one table (MAX_HANDS, MAX_EVENTS)."""
    if what == "hands" and count > MAX_HANDS:
        raise InputError(gettext_noop("a table holds at most %(count)s hands: start a new table"),
                         params={"count": MAX_HANDS}, field=what)
    if what == "events" and count > MAX_EVENTS:
        raise InputError(gettext_noop("a table holds at most %(count)s changes of players and adjustments: "
                                      "start a new table"), params={"count": MAX_EVENTS}, field=what)


def _check_newcomer(name, state, field):
    try:
        checks.players([name], minimum=1, maximum=1)
    except InputError as error:
        raise InputError(error.message, params=error.params, field=field) from None
    if len(state["totals"]) >= MAX_PLAYERS_EVER:
        raise InputError(gettext_noop("at most %(count)s players can sit at one table: start a new table"),
                         params={"count": MAX_PLAYERS_EVER}, field=field)
    if name.casefold() in {other.casefold() for other in state["totals"]}:
        raise InputError(gettext_noop("has played at this table already: give another name"), player=name, field=field)


def _adjustment(game, state, points, reason):
    """An adjustment's points (every seated player, 0 for those it leaves alone) and reason."""
    checks.only_keys(points, state["seated"], field="points")
    clean = {name: checks.whole_number(points.get(name, 0), minimum=-MAX_ADJUSTMENT, maximum=MAX_ADJUSTMENT,
                                       player=name, field="points") for name in state["seated"]}
    if not any(clean.values()):
        raise InputError(gettext_noop("give or take points from at least one player"), field="points")
    if game.ZERO_SUM and sum(clean.values()):
        raise InputError(gettext_noop("the points must add up to 0, as every hand's do: they add up to %(sum)s"),
                         params={"sum": sum(clean.values())}, field="points")
    reason = checks.text(reason, max_length=MAX_REASON, field="reason")
    if not reason:
        raise InputError(gettext_noop("say what it is for"), field="reason")
    return {"points": clean, "reason": reason}


def apply_event(game, rules, state, clean):
    """The state after one validated event; the game then puts its own keys right (changed())."""
    kind, totals = clean["kind"], dict(state["totals"])
    if kind == "dealer":
        return game.deal_to(rules, state, clean["player"])
    if kind == "adjust":
        totals = {name: total + clean["points"].get(name, 0) for name, total in totals.items()}
    elif "score" in clean:  # a newcomer's start (a player coming back keeps their total)
        totals[clean["player"] if kind == "join" else clean["by"]] = clean["score"]
    return game.changed(rules, {**state, "seated": reseated(state["seated"], clean), "totals": totals}, state)


def reseated(seated, clean):
    """The seats, in order, after a validated event (the same seats after one that moves nobody)."""
    seated = list(seated)
    if clean["kind"] == "join":
        seated.insert(clean["seat"], clean["player"])
    elif clean["kind"] == "leave":
        seated.remove(clean["player"])
    elif clean["kind"] == "replace":
        seated[seated.index(clean["player"])] = clean["by"]
    return seated


def newcomer(event):
    """The name a validated event seats for the first time (a join's, a replacement's), or None:
    a join without a score brings back a player who left."""
    if event["kind"] == "join" and "score" not in event:
        return None
    return {"join": event.get("player"), "replace": event.get("by")}.get(event["kind"])


def next_seated(name, before, seated):
    """Whoever sits next after `name` going round the seats `before` an event, among `seated`
    (the seats after it): `name` itself if still seated."""
    if name in seated:
        return name
    at = before.index(name)
    return next((other for other in before[at + 1:] + before[:at] if other in seated), seated[0])


def columns(players, events):
    """Everyone who has sat at the table, in the order the board shows them, round the table:
    the seats it started with, and each newcomer's column where they sat down (just before the
    player whose seat they took the place of, just after the last seated player for the last
    seat, a replacement just after the player they replaced). A player who left keeps their column."""
    order, seated = list(players), list(players)
    for clean in events:
        name = newcomer(clean)
        if name is not None and name not in order:
            if clean["kind"] == "replace":
                order.insert(order.index(clean["player"]) + 1, name)
            elif clean["seat"] < len(seated):
                order.insert(order.index(seated[clean["seat"]]), name)
            else:
                order.insert(order.index(seated[-1]) + 1, name)
        seated = reseated(seated, clean)
    return order


def seated_for(players, events, hand):
    """Who sits at hand number `hand`, in seat order: the seats a table started with (`players`)
    changed by the validated events before it. The seats never depend on what the hands
    held, so no hand is read."""
    seated = list(players)
    for clean in events:
        if clean["after"] >= hand:
            break
        seated = reseated(seated, clean)
    return seated
