"""Thirteen: 4 players, 25 rounds of 1..13..1 cards, bids then books, sandbags (docs/rules/thirteen.md)."""

from typing import Any

from . import base, checks, terms
from .base import Entry, Hand, Points, Progress, Rules, Stage, State
from .errors import InputError, Problems, gettext_noop

# Player 4 deals round 1 (a rematch moves the first deal on: deal_to).
FIRST_DEALER = 3
ROUNDS = 25
SUITS = ("S", "H", "D", "C")
ALL_CARDS_ROUND = 13  # every card is dealt, so the trump is always spades

_DEFAULT_RULES: Rules = {"sandbag_penalty": False, "sandbag_limit": 10, "sandbag_penalty_points": 100}


def cards_in_round(round_number: int) -> int:
    return round_number if round_number <= ALL_CARDS_ROUND else 2 * ALL_CARDS_ROUND - round_number


def phase(round_number: int) -> str:
    """Whether the cards per round are climbing to 13, at 13, or falling."""
    if round_number < ALL_CARDS_ROUND:
        return "up"
    return "peak" if round_number == ALL_CARDS_ROUND else "down"


def dealer_seat(round_number: int, first_dealer: int = FIRST_DEALER) -> int:
    """The seat of round `round_number`'s dealer: `first_dealer` deals round 1, and the deal
    passes to the left (the next seat) every round."""
    return (first_dealer + round_number - 1) % 4


def bidding_order(players: list[str], round_number: int, first_dealer: int = FIRST_DEALER) -> list[str]:
    """Players from the first bidder, the dealer's left."""
    first = (dealer_seat(round_number, first_dealer) + 1) % 4
    return players[first:] + players[:first]


def _validate_entry(entry: Any, cards: int, **where: Any) -> Entry:
    """One player's bid and, after play, books: each checked, both reported."""
    if not isinstance(entry, dict) or "bid" not in entry:
        books_first = isinstance(entry, dict) and "books" in entry
        # Translators: Thirteen: a bid is how many tricks ("books") a player says they will take.
        raise InputError(
            gettext_noop("bids come before books") if books_first else gettext_noop("the bid is missing"),
            **where,
            field="bid",
        )
    checks.only_keys(entry, ("bid", "books"), **where)
    problems = Problems()
    clean: Entry = {}
    for field in ("bid", "books"):
        if field in entry:
            with problems.check():
                clean[field] = checks.whole_number(entry[field], maximum=cards, **where, field=field)
    problems.raise_found()
    return clean


def made_bid(bid: int, books: int) -> bool:
    """Whether a player made their bid: at least as many books as bid."""
    return books >= bid


# Each rule of a round's score, as the formula of its term (scoring/terms.py).
FORMULAS: dict[str, terms.Formula] = {
    "pending": terms.note,  # bids in, books not yet: the round scores when they are
    # made: 10 × bid, and a point for each book over the bid (a sandbag)
    "bid_made": lambda bid, books: 10 * bid + (books - bid),
    "bid_missed": lambda bid, books: -10 * bid,
    "sandbags": terms.note,  # the running count of sandbags grows
    # the count reached the limit: the penalty once per limit reached, the limit taken off
    "sandbag_penalty": lambda before, added, limit, times, penalty, left: -times * penalty,
}
term = terms.maker(FORMULAS)


def _bid_term(bid: int, books: int) -> terms.Term:
    return term("bid_made" if made_bid(bid, books) else "bid_missed", bid=bid, books=books)


def round_score(bid: int, books: int) -> int:
    return _bid_term(bid, books).points


class Thirteen(base.Engine):
    SLUG = "thirteen"
    LOWER_WINS = False
    MIN_PLAYERS = 4
    MAX_PLAYERS = 4
    # Its rules need four players, so nobody sits down or gets up: a player who must go is replaced,
    # and the newcomer plays the seat on from the round after.
    CHANGES = ("replace",)
    ZERO_SUM = False
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES
    # A round is saved with its bids, before it is played, and completed with its books.
    STAGES = (Stage("bids"), Stage("books"))

    def validate_rules(self, rules: Rules) -> Rules:
        checks.only_keys(rules, _DEFAULT_RULES, field="rules")
        clean = {**_DEFAULT_RULES, **rules}
        checks.boolean(clean["sandbag_penalty"], field="sandbag_penalty")
        checks.whole_number(clean["sandbag_limit"], minimum=1, maximum=1000, field="sandbag_limit")
        checks.whole_number(clean["sandbag_penalty_points"], maximum=10_000, field="sandbag_penalty_points")
        return clean

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One round: bids (and, after play, books) for every player; `hand` is its round number.

        `state`: the fold state after the earlier rounds (None: this is round 1); it gives the
        round number, and a pending round must get its books before the next round.
        """
        state = self.start(rules, players) if state is None else state
        round_number = state["hands"] + 1
        hand = hand or round_number
        if round_number > ROUNDS:
            raise InputError(
                gettext_noop("the game is over after round %(round)s"),
                params={"round": ROUNDS},
                hand=hand,
                field="round",
            )
        if self.pending(state):
            raise InputError(
                gettext_noop("enter the books of round %(round)s first"),
                params={"round": round_number - 1},
                hand=hand,
                field="books",
            )
        checks.hand_inputs(inputs, players, hand)
        cards = cards_in_round(round_number)
        clean = self.each_player(
            players, inputs, hand, lambda entry, name: _validate_entry(entry, cards, hand=hand, player=name)
        )
        with_books = [name for name in players if "books" in clean[name]]
        if with_books and len(with_books) != len(players):
            problems = Problems()
            for name in players:
                if "books" not in clean[name]:
                    problems.add(
                        InputError(gettext_noop("the books are missing"), hand=hand, player=name, field="books")
                    )
            problems.raise_found()
        if with_books:
            taken = sum(clean[name]["books"] for name in players)
            if taken != cards:
                raise InputError(
                    gettext_noop("the books add up to %(taken)s, but 1 trick was played")
                    if cards == 1
                    else gettext_noop("the books add up to %(taken)s, but %(cards)s tricks were played"),
                    params={"taken": taken, "cards": cards},
                    hand=hand,
                    field="books",
                )
        extra = inputs.get("_hand", {})
        checks.only_keys(extra, ("trump",), hand=hand, field="_hand")
        if "trump" in extra and extra["trump"] is not None:
            if extra["trump"] not in SUITS:
                raise InputError(gettext_noop("must be S, H, D or C"), hand=hand, field="trump")
            if round_number == ALL_CARDS_ROUND and extra["trump"] != "S":
                raise InputError(
                    gettext_noop("trump is always spades in round %(round)s"),
                    params={"round": ALL_CARDS_ROUND},
                    hand=hand,
                    field="trump",
                )
            clean["_hand"] = {"trump": extra["trump"]}
        return clean

    def start(self, rules: Rules, players: list[str]) -> State:
        """Before round 1: no sandbags, no round waiting for its books."""
        return base.start_state(
            players, sandbags=dict.fromkeys(players, 0), pending=False, bids={}, first_dealer=FIRST_DEALER
        )

    def _fold(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> tuple[base.Explained, State]:
        """One round's terms and the state after it. A pending round (bids only) scores 0 for now
        and leaves its bids in the state; once its books are in, the table is folded again."""
        if not self.complete(clean_hand):
            explained = {name: [term("pending", bid=clean_hand[name]["bid"])] for name in players}
            return explained, base.after(
                state, dict.fromkeys(players, 0), pending=True, bids={name: clean_hand[name]["bid"] for name in players}
            )
        explained, sandbags = {}, dict(state["sandbags"])
        for name in players:
            bid, books = clean_hand[name]["bid"], clean_hand[name]["books"]
            explained[name] = [_bid_term(bid, books)]
            before, added = sandbags[name], max(books - bid, 0)
            sandbags[name] += added
            times = sandbags[name] // rules["sandbag_limit"] if rules["sandbag_penalty"] else 0
            sandbags[name] -= times * rules["sandbag_limit"]
            if times:
                explained[name].append(
                    term(
                        "sandbag_penalty",
                        before=before,
                        added=added,
                        limit=rules["sandbag_limit"],
                        times=times,
                        penalty=rules["sandbag_penalty_points"],
                        left=sandbags[name],
                    )
                )
            elif added:
                explained[name].append(term("sandbags", before=before, added=added))
        return explained, base.after(state, terms.points(explained), sandbags=sandbags, pending=False, bids={})

    def fold(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> tuple[Points, State]:
        """One round's points and the state after it (see _fold)."""
        explained, after = self._fold(rules, players, state, clean_hand)
        return terms.points(explained), after

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        """Each player's score for one round as terms: the bid made or missed, the sandbags it
        added, and the sandbag penalty where the count reached the limit."""
        return self._fold(rules, players, state, clean_hand)[0]

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        """The round being played (the pending one, or the next), its deal, and the end."""
        pending = self.pending(state)
        current = min(state["hands"] if pending else state["hands"] + 1, ROUNDS)
        game_over = state["hands"] == ROUNDS and not pending
        totals = state["totals"]
        return {
            "round": current,
            "cards": cards_in_round(current),
            "direction": phase(current),
            "dealer": players[dealer_seat(current, state["first_dealer"])],
            "bidding_order": bidding_order(players, current, state["first_dealer"]),
            "bids": dict(state["bids"]),
            "sandbags": dict(state["sandbags"]),
            "pending": pending,
            "game_over": game_over,
            "winner": max(players, key=lambda name: totals[name]) if game_over else None,
        }

    def stage(self, clean_hand: Hand) -> str:
        """ "bids" while a round has its bids only, "books" once they are in."""
        return "bids" if any("books" not in entry for name, entry in clean_hand.items() if name != "_hand") else "books"

    def pending(self, state: State) -> bool:
        return bool(state["pending"])

    def changed(self, rules: Rules, state: State, before: State) -> State:
        """A replacement starts with no sandbags."""
        return {
            **state,
            "sandbags": {**state["sandbags"], **{name: 0 for name in state["seated"] if name not in state["sandbags"]}},
        }

    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        """Only before round 1: the deal then goes round from them."""
        if state["hands"]:
            raise InputError(gettext_noop("the deal can only be chosen before round 1"), player=name, field="player")
        return {**state, "first_dealer": state["seated"].index(name)}


ENGINE = Thirteen()
