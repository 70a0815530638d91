"""Thirteen: 4 players, 25 rounds of 1..13..1 cards, bids then books, sandbags (rules/thirteen.md)."""

from copy import deepcopy

from . import checks
from .base import Result
from .errors import InputError

SLUG = "thirteen"
LOWER_WINS = False
MIN_PLAYERS = 4
MAX_PLAYERS = 4
ROUNDS = 25
SUITS = ("S", "H", "D", "C")
ALL_CARDS_ROUND = 13  # every card is dealt, so the trump is always spades

_DEFAULT_RULES = {"sandbag_penalty": False, "sandbag_limit": 10, "sandbag_penalty_points": 100}


def default_rules():
    return deepcopy(_DEFAULT_RULES)


def validate_rules(rules):
    checks.only_keys(rules, _DEFAULT_RULES, field="rules")
    clean = {**default_rules(), **rules}
    checks.boolean(clean["sandbag_penalty"], field="sandbag_penalty")
    checks.whole_number(clean["sandbag_limit"], minimum=1, maximum=1000, field="sandbag_limit")
    checks.whole_number(clean["sandbag_penalty_points"], maximum=10_000, field="sandbag_penalty_points")
    return clean


def cards_in_round(round_number):
    return round_number if round_number <= ALL_CARDS_ROUND else 2 * ALL_CARDS_ROUND - round_number


def phase(round_number):
    """Whether the cards per round are climbing to 13, at 13, or falling."""
    if round_number < ALL_CARDS_ROUND:
        return "up"
    return "peak" if round_number == ALL_CARDS_ROUND else "down"


def dealer_seat(round_number):
    """Player 4 deals round 1; the deal passes to the left (the next seat) every round."""
    return (round_number + 2) % 4


def bidding_order(players, round_number):
    """Players from the first bidder, the dealer's left."""
    first = (dealer_seat(round_number) + 1) % 4
    return players[first:] + players[:first]


def is_pending(clean_hand):
    """Bids are in, books not yet."""
    return any("books" not in entry for name, entry in clean_hand.items() if name != "_hand")


def validate_hand(rules, players, inputs, hand=None, previous=()):
    """One round: bids (and, after play, books) for every player; `hand` is its round number."""
    round_number = len(previous) + 1
    hand = hand or round_number
    if round_number > ROUNDS:
        raise InputError(f"the game is over after round {ROUNDS}", hand=hand, field="round")
    if previous and is_pending(previous[-1]):
        raise InputError(f"enter the books of round {round_number - 1} first", hand=hand, field="books")
    checks.hand_inputs(inputs, players, hand)
    cards = cards_in_round(round_number)
    clean = {}
    for name in players:
        entry = inputs.get(name)
        where = {"hand": hand, "player": name}
        if not isinstance(entry, dict) or "bid" not in entry:
            books_first = isinstance(entry, dict) and "books" in entry
            raise InputError("bids come before books" if books_first else "the bid is missing", **where, field="bid")
        checks.only_keys(entry, ("bid", "books"), **where)
        clean[name] = {"bid": checks.whole_number(entry["bid"], maximum=cards, **where, field="bid")}
        if "books" in entry:
            clean[name]["books"] = checks.whole_number(entry["books"], maximum=cards, **where, field="books")
    with_books = [name for name in players if "books" in clean[name]]
    if with_books and len(with_books) != len(players):
        missing = next(name for name in players if "books" not in clean[name])
        raise InputError("the books are missing", hand=hand, player=missing, field="books")
    if with_books:
        taken = sum(clean[name]["books"] for name in players)
        if taken != cards:
            tricks = "1 trick was" if cards == 1 else f"{cards} tricks were"
            raise InputError(f"the books add up to {taken}, but {tricks} played", hand=hand, field="books")
    extra = inputs.get("_hand", {})
    checks.only_keys(extra, ("trump",), hand=hand, field="_hand")
    if "trump" in extra and extra["trump"] is not None:
        if extra["trump"] not in SUITS:
            raise InputError("must be S, H, D or C", hand=hand, field="trump")
        if round_number == ALL_CARDS_ROUND and extra["trump"] != "S":
            raise InputError(f"trump is always spades in round {ALL_CARDS_ROUND}", hand=hand, field="trump")
        clean["_hand"] = {"trump": extra["trump"]}
    return clean


def validate(rules, players, hands):
    clean = []
    for number, inputs in enumerate(hands, 1):
        clean.append(validate_hand(rules, players, inputs, hand=number, previous=clean))
    return clean


def round_score(bid, books):
    if books < bid:
        return -10 * bid
    return 10 * bid + (books - bid)


def score(rules, players, hands):
    points, totals = [], dict.fromkeys(players, 0)
    sandbags = dict.fromkeys(players, 0)
    for clean in hands:
        round_points = dict.fromkeys(players, 0)
        if not is_pending(clean):
            for name in players:
                bid, books = clean[name]["bid"], clean[name]["books"]
                round_points[name] = round_score(bid, books)
                sandbags[name] += max(books - bid, 0)
                if rules["sandbag_penalty"]:
                    times = sandbags[name] // rules["sandbag_limit"]
                    round_points[name] -= times * rules["sandbag_penalty_points"]
                    sandbags[name] -= times * rules["sandbag_limit"]
                totals[name] += round_points[name]
        points.append(round_points)
    pending = bool(hands) and is_pending(hands[-1])
    current = len(hands) if pending else len(hands) + 1
    game_over = len(hands) == ROUNDS and not pending
    progress = {
        "round": min(current, ROUNDS),
        "cards": cards_in_round(min(current, ROUNDS)),
        "direction": phase(min(current, ROUNDS)),
        "dealer": players[dealer_seat(min(current, ROUNDS))],
        "bidding_order": bidding_order(players, min(current, ROUNDS)),
        "bids": {name: hands[-1][name]["bid"] for name in players} if pending else {},
        "sandbags": sandbags,
        "pending": pending,
        "game_over": game_over,
        "winner": max(players, key=lambda name: totals[name]) if game_over else None,
    }
    return Result(points=points, totals=totals, progress=progress)
