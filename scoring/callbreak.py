"""Call Break: 4 players, calls then tricks, a score in exact tenths (docs/rules/callbreak.md).

Points are counted in tenths (POINT_DECIMALS = 1): a round scored 3.2 is 32 here.
"""

from typing import Any

from . import base, checks, terms
from .base import Entry, Hand, Points, Progress, Rules, Stage, State
from .errors import InputError, Problems, gettext_noop

# Player 4 deals round 1 (a rematch moves the first deal on: deal_to).
FIRST_DEALER = 3
TRICKS = 13  # every round deals the whole pack: 13 cards each, 13 tricks
MAX_ROUNDS = 20
EIGHT = 8  # call_eight_wins: a call of at least this many, made, wins the game
TENTHS = 10  # units in a point

_DEFAULT_RULES: Rules = {"rounds": 5, "call_eight_wins": False}


def dealer_seat(round_number: int, first_dealer: int = FIRST_DEALER) -> int:
    """The seat of round `round_number`'s dealer: `first_dealer` deals round 1, and the deal passes
    to the next seat every round."""
    return (first_dealer + round_number - 1) % 4


def calling_order(players: list[str], round_number: int, first_dealer: int = FIRST_DEALER) -> list[str]:
    """Players from the first caller, the player after the dealer."""
    first = (dealer_seat(round_number, first_dealer) + 1) % 4
    return players[first:] + players[:first]


def _validate_entry(entry: Any, **where: Any) -> Entry:
    """One player's call and, after play, tricks: each checked, both reported."""
    if not isinstance(entry, dict) or "call" not in entry:
        tricks_first = isinstance(entry, dict) and "tricks" in entry
        # Translators: Call Break: a call is how many tricks a player says they will take.
        raise InputError(
            gettext_noop("calls come before tricks") if tricks_first else gettext_noop("the call is missing"),
            **where,
            field="call",
        )
    checks.only_keys(entry, ("call", "tricks"), **where)
    problems = Problems()
    clean: Entry = {}
    with problems.check():
        clean["call"] = checks.whole_number(entry["call"], minimum=1, maximum=TRICKS, **where, field="call")
    if "tricks" in entry:
        with problems.check():
            clean["tricks"] = checks.whole_number(entry["tricks"], maximum=TRICKS, **where, field="tricks")
    problems.raise_found()
    return clean


def made_call(call: int, tricks: int) -> bool:
    """Whether a player made their call: at least as many tricks as called."""
    return tricks >= call


# Each rule of a round's score, as the formula of its term (scoring/terms.py), in tenths.
FORMULAS: dict[str, terms.Formula] = {
    "pending": terms.note,  # calls in, tricks not yet: the round scores when they are
    # made: the call, and a tenth for each trick over it
    "call_made": lambda call, tricks: TENTHS * call + (tricks - call),
    "call_missed": lambda call, tricks: -TENTHS * call,
    "eight_won": terms.note,  # call_eight_wins: this made call of 8 or more wins the game
}
term = terms.maker(FORMULAS)


def _call_term(call: int, tricks: int) -> terms.Term:
    return term("call_made" if made_call(call, tricks) else "call_missed", call=call, tricks=tricks)


def round_score(call: int, tricks: int) -> int:
    """A round's score in tenths."""
    return _call_term(call, tricks).points


def eight_winners(players: list[str], clean_hand: Hand, totals: dict[str, int]) -> list[str]:
    """call_eight_wins: who wins the game with this complete round (`totals`: after it), in seat
    order: the made calls of 8 or more, the highest call, then the highest total; those still
    equal share the win."""
    made = [
        name
        for name in players
        if clean_hand[name]["call"] >= EIGHT and made_call(clean_hand[name]["call"], clean_hand[name]["tricks"])
    ]
    if not made:
        return []
    highest = max((clean_hand[name]["call"], totals[name]) for name in made)
    return [name for name in made if (clean_hand[name]["call"], totals[name]) == highest]


class CallBreak(base.Engine):
    SLUG = "callbreak"
    LOWER_WINS = False
    MIN_PLAYERS = 4
    MAX_PLAYERS = 4
    # Its rules need four players, so nobody sits down or gets up: a player who must go is replaced,
    # and the newcomer plays the seat on from the round after.
    CHANGES = ("replace",)
    ZERO_SUM = False
    POINT_DECIMALS = 1  # a trick over the call is worth a tenth
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES
    # A round is saved with its calls, before it is played, and completed with its tricks.
    STAGES = (Stage("calls"), Stage("tricks"))

    def validate_rules(self, rules: Rules) -> Rules:
        checks.only_keys(rules, _DEFAULT_RULES, field="rules")
        clean = {**_DEFAULT_RULES, **rules}
        checks.whole_number(clean["rounds"], minimum=1, maximum=MAX_ROUNDS, field="rounds")
        checks.boolean(clean["call_eight_wins"], field="call_eight_wins")
        return clean

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One round: calls (and, after play, tricks) for every player; `hand` is its round number.

        `state`: the fold state after the earlier rounds (None: this is round 1); it gives the
        round number and whether the game is over, and a pending round must get its tricks before
        the next round.
        """
        state = self.start(rules, players) if state is None else state
        round_number = state["hands"] + 1
        hand = hand or round_number
        if self.pending(state):
            raise InputError(
                gettext_noop("enter the tricks of round %(round)s first"),
                params={"round": round_number - 1},
                hand=hand,
                field="tricks",
            )
        if self.progress(rules, players, state)["game_over"]:
            raise InputError(
                gettext_noop("the game is over after round %(round)s"),
                params={"round": state["hands"]},
                hand=hand,
                field="round",
            )
        checks.hand_inputs(inputs, players, hand)
        checks.only_keys(
            inputs.get("_hand", {}), (), hand=hand, field="_hand"
        )  # nothing belongs to the round as a whole
        problems, clean = Problems(), {}
        with problems.check():
            clean = self.each_player(
                players, inputs, hand, lambda entry, name: _validate_entry(entry, hand=hand, player=name)
            )
        # Some tricks given: every player's are needed, reported with the problems above.
        with_tricks = [name for name in players if isinstance(inputs.get(name), dict) and "tricks" in inputs[name]]
        if with_tricks and len(with_tricks) != len(players):
            for name in players:
                if name not in with_tricks:
                    problems.add(
                        InputError(gettext_noop("the tricks are missing"), hand=hand, player=name, field="tricks")
                    )
        problems.raise_found()
        if with_tricks:
            taken = sum(clean[name]["tricks"] for name in players)
            if taken != TRICKS:
                raise InputError(
                    gettext_noop("the tricks add up to %(taken)s, but %(tricks)s tricks were played"),
                    params={"taken": taken, "tricks": TRICKS},
                    hand=hand,
                    field="tricks",
                )
        return clean

    def start(self, rules: Rules, players: list[str]) -> State:
        """Before round 1: no round waiting for its tricks, nobody has won early."""
        return base.start_state(players, pending=False, calls={}, first_dealer=FIRST_DEALER, won_early=[])

    def _fold(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> tuple[base.Explained, State]:
        """One round's terms and the state after it. A pending round (calls only) scores 0 for now
        and leaves its calls in the state; once its tricks are in, the table is folded again."""
        if not self.complete(clean_hand):
            explained = {name: [term("pending", call=clean_hand[name]["call"])] for name in players}
            return explained, base.after(
                state,
                dict.fromkeys(players, 0),
                pending=True,
                calls={name: clean_hand[name]["call"] for name in players},
            )
        explained = {name: [_call_term(clean_hand[name]["call"], clean_hand[name]["tricks"])] for name in players}
        after = base.after(state, terms.points(explained), pending=False, calls={})
        if rules["call_eight_wins"]:
            after["won_early"] = eight_winners(players, clean_hand, after["totals"])
            for name in after["won_early"]:
                explained[name].append(term("eight_won", call=clean_hand[name]["call"]))
        return explained, after

    def fold(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> tuple[Points, State]:
        """One round's points (tenths) and the state after it (see _fold)."""
        explained, after = self._fold(rules, players, state, clean_hand)
        return terms.points(explained), after

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        """Each player's score for one round as a term: the call made (with its extra tricks) or
        missed, and, with call_eight_wins, the made call of 8 or more that wins the game."""
        return self._fold(rules, players, state, clean_hand)[0]

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        """The round being played (the pending one, or the next), its deal, the end, and the
        winners: several when they share the win ("winner" then None)."""
        pending = self.pending(state)
        current = min(state["hands"] if pending else state["hands"] + 1, rules["rounds"])
        game_over = not pending and (state["hands"] == rules["rounds"] or bool(state["won_early"]))
        winners = list(state["won_early"]) or (top_totals(players, state["totals"]) if game_over else [])
        return {
            "round": current,
            "rounds": rules["rounds"],
            "dealer": players[dealer_seat(current, state["first_dealer"])],
            "calling_order": calling_order(players, current, state["first_dealer"]),
            "calls": dict(state["calls"]),
            "pending": pending,
            "game_over": game_over,
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
        }

    def stage(self, clean_hand: Hand) -> str:
        """ "calls" while a round has its calls only, "tricks" once they are in."""
        return "calls" if any("tricks" not in entry for entry in clean_hand.values()) else "tricks"

    def pending(self, state: State) -> bool:
        return bool(state["pending"])

    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        """Only before round 1: the deal then goes round from them."""
        if state["hands"]:
            raise InputError(gettext_noop("the deal can only be chosen before round 1"), player=name, field="player")
        return {**state, "first_dealer": state["seated"].index(name)}


def top_totals(players: list[str], totals: dict[str, int]) -> list[str]:
    """The players with the highest total, in seat order: several share it."""
    best = max(totals[name] for name in players)
    return [name for name in players if totals[name] == best]


ENGINE = CallBreak()
