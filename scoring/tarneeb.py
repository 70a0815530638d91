"""Tarneeb: 4 players in two fixed teams, partners opposite; a bid of 7 to 13 tricks (docs/rules/tarneeb.md).

The score belongs to the teams: seats 1 and 3 (indexes 0 and 2) are one team, seats 2 and 4 the
other. Each hand gives both players of a team the team's points, so partners are always equal,
and the state keeps each team's total (`team_totals`), which a replacement takes over.
"""

from typing import Any

from . import base, checks, terms
from .base import Entry, Hand, Progress, Rules, State
from .errors import InputError, Problems, gettext_noop

# Player 4 deals hand 1 (a rematch moves the first deal on: deal_to).
FIRST_DEALER = 3
TRICKS = 13
LOWEST_BID = 7
KABOOT = 16  # all thirteen tricks taken on a bid under 13
BID_ALL_MADE = 26  # a bid of 13, made
BID_ALL_SET = 16  # a bid of 13, set: what the bidders lose
SUITS = ("S", "H", "D", "C")
TEAM_SEATS = ((0, 2), (1, 3))
MAX_TARGET = 500
TEAM_NAME_LENGTH = 40

_DEFAULT_RULES: Rules = {"target": 31, "others_always_score": False, "team_names": []}


def team_of(seat: int) -> int:
    """The team (0 or 1) of seat `seat`: partners sit opposite."""
    return seat % 2


def dealer_seat(hand: int, first_dealer: int = FIRST_DEALER) -> int:
    """The seat of hand `hand`'s dealer: `first_dealer` deals hand 1, the deal passes on each hand."""
    return (first_dealer + hand - 1) % 4


def bidding_order(players: list[str], hand: int, first_dealer: int = FIRST_DEALER) -> list[str]:
    """The players from the first bidder, the one after the dealer."""
    first = (dealer_seat(hand, first_dealer) + 1) % 4
    return players[first:] + players[:first]


# Each rule of a hand's score, as the formula of its term (scoring/terms.py). `bid` and `tricks`
# are the bidding team's; the other team took the rest of the thirteen.
FORMULAS: dict[str, terms.Formula] = {
    "made": lambda bid, tricks: tricks,
    "kaboot": lambda bid, tricks: KABOOT,
    "set": lambda bid, tricks: -bid,
    "all_made": lambda bid, tricks: BID_ALL_MADE,
    "all_set": lambda bid, tricks: -BID_ALL_SET,
    "others_tricks": lambda bid, tricks: TRICKS - tricks,
    "others_nothing": terms.note,  # the bidders made their bid: the other team scores nothing
}
term = terms.maker(FORMULAS)


def bidders_term(bid: int, tricks: int) -> terms.Term:
    """What the bidding team scores for bidding `bid` and taking `tricks`."""
    if bid == TRICKS:
        return term("all_made" if tricks == TRICKS else "all_set", bid=bid, tricks=tricks)
    if tricks < bid:
        return term("set", bid=bid, tricks=tricks)
    return term("kaboot" if tricks == TRICKS else "made", bid=bid, tricks=tricks)


def others_term(rules: Rules, bid: int, tricks: int) -> terms.Term:
    """What the other team scores: its tricks when the bidders were set (or always, with the house
    rule others_always_score), else nothing."""
    if tricks < bid or rules["others_always_score"]:
        return term("others_tricks", bid=bid, tricks=tricks)
    return term("others_nothing", bid=bid, tricks=tricks)


def validate_bid(entry: Any, **where: Any) -> Entry:
    """The winning bid, the bidding team's tricks and the trump (optional): each checked, all reported."""
    if not isinstance(entry, dict):
        raise InputError(gettext_noop("must be an object"), **where, field="bid")
    checks.only_keys(entry, ("bid", "tricks", "trump"), **where)
    problems, clean = Problems(), {}
    with problems.check():
        if "bid" not in entry:
            raise InputError(gettext_noop("the bid is missing"), **where, field="bid")
        clean["bid"] = checks.whole_number(entry["bid"], minimum=LOWEST_BID, maximum=TRICKS, **where, field="bid")
    with problems.check():
        if "tricks" not in entry:
            raise InputError(gettext_noop("the tricks are missing"), **where, field="tricks")
        clean["tricks"] = checks.whole_number(entry["tricks"], maximum=TRICKS, **where, field="tricks")
    if entry.get("trump") not in (None, "", *SUITS):
        # Translators: Tarneeb: the trump suit is one of ♠ ♥ ♦ ♣.
        problems.add(InputError(gettext_noop("the trump must be one of ♠ ♥ ♦ ♣"), **where, field="trump"))
    elif entry.get("trump"):
        clean["trump"] = entry["trump"]
    problems.raise_found()
    return clean


def bidder(clean_hand: Hand) -> str:
    """Who won the bidding of a clean hand."""
    return next(iter(clean_hand))


class Tarneeb(base.Engine):
    SLUG = "tarneeb"
    LOWER_WINS = False
    MIN_PLAYERS = 4
    MAX_PLAYERS = 4
    # The game needs its four in their two teams: a player who must go is replaced, and the newcomer
    # takes the seat, the team and the team's total.
    CHANGES = ("replace",)
    ZERO_SUM = False
    TEAM_SEATS = TEAM_SEATS
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES

    def validate_rules(self, rules: Rules) -> Rules:
        checks.only_keys(rules, _DEFAULT_RULES, field="rules")
        clean = {**_DEFAULT_RULES, **rules}
        checks.whole_number(clean["target"], minimum=1, maximum=MAX_TARGET, field="target")
        checks.boolean(clean["others_always_score"], field="others_always_score")
        names = clean["team_names"]
        if not isinstance(names, list) or len(names) not in (0, len(TEAM_SEATS)):
            raise InputError(gettext_noop("give both teams a name, or neither"), field="team_names")
        clean["team_names"] = [
            checks.text(name, max_length=TEAM_NAME_LENGTH, name=True, field="team_names") for name in names
        ]
        if "" in clean["team_names"]:
            raise InputError(gettext_noop("a team's name cannot be blank"), field="team_names")
        if len(set(clean["team_names"])) < len(clean["team_names"]):
            raise InputError(gettext_noop("the two teams need different names"), field="team_names")
        return clean

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One hand: the player who won the bidding, with the bid, the bidding team's tricks and the
        trump; `hand` its number. Every problem is reported at once."""
        state = self.start(rules, players) if state is None else state
        hand = hand or state["hands"] + 1
        problems = Problems()
        if self.progress(rules, players, state)["game_over"]:
            problems.add(
                InputError(
                    gettext_noop("the game is over after hand %(hand)s"),
                    params={"hand": state["hands"]},
                    hand=hand,
                    field="hand",
                )
            )
        checks.hand_inputs(inputs, players, hand)
        with problems.check():
            checks.only_keys(inputs.get("_hand", {}), (), hand=hand, field="_hand")
        named = [name for name in players if name in inputs]
        clean: Hand = {}
        if not named:
            # Translators: Tarneeb: the player who won the bidding (the bidder).
            problems.add(InputError(gettext_noop("say who won the bidding"), hand=hand, field="bidder"))
        elif len(named) > 1:
            problems.add(InputError(gettext_noop("only one player wins the bidding"), hand=hand, field="bidder"))
        else:
            with problems.check():
                clean[named[0]] = validate_bid(inputs[named[0]], hand=hand, player=named[0])
        problems.raise_found()
        return clean

    def start(self, rules: Rules, players: list[str]) -> State:
        return base.start_state(players, first_dealer=FIRST_DEALER, team_totals=[0] * len(TEAM_SEATS))

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        """Each player's term: the bidding team's score for its bid and tricks, the other team's
        tricks (or nothing); partners get the same term."""
        name = bidder(clean_hand)
        bid, tricks = clean_hand[name]["bid"], clean_hand[name]["tricks"]
        bidding = team_of(players.index(name))
        return {
            player: [bidders_term(bid, tricks) if team_of(seat) == bidding else others_term(rules, bid, tricks)]
            for seat, player in enumerate(players)
        }

    def moved_on(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> dict[str, Any]:
        points = terms.points(self.explain(rules, players, state, clean_hand))
        return {
            "team_totals": [total + points[players[seats[0]]] for total, seats in zip(state["team_totals"], TEAM_SEATS)]
        }

    def changed(self, rules: Rules, state: State, before: State) -> State:
        """After a replacement, the newcomer holds the team's total; after an adjustment, a team's
        total moves by what its players were given, and both partners hold it."""
        seated = state["seated"]
        team_totals = [
            total
            + sum(
                state["totals"].get(seated[seat], 0) - before["totals"].get(seated[seat], 0)
                for seat in seats
                if seated[seat] in before["totals"] and seated[seat] in before["seated"]
            )
            for total, seats in zip(before["team_totals"], TEAM_SEATS)
        ]
        totals = {**state["totals"], **{seated[seat]: team_totals[team_of(seat)] for seat in range(len(seated))}}
        return {**state, "totals": totals, "team_totals": team_totals}

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        """The next hand's deal and bidding order, the teams' totals, the end and the winning team:
        over once a team is at or past the target with a total higher than the other's."""
        current = state["hands"] + 1
        team_totals = state["team_totals"]
        best = max(team_totals)
        game_over = best >= rules["target"] and team_totals.count(best) == 1
        winners = [players[seat] for seat in TEAM_SEATS[team_totals.index(best)]] if game_over else []
        return {
            "hand": current,
            "dealer": players[dealer_seat(current, state["first_dealer"])],
            "bidding_order": bidding_order(players, current, state["first_dealer"]),
            "team_totals": list(team_totals),
            "target": rules["target"],
            "game_over": game_over,
            "winner": None,
            "winners": winners,
        }

    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        """Only before hand 1: the deal then goes round from them."""
        if state["hands"]:
            raise InputError(gettext_noop("the deal can only be chosen before hand 1"), player=name, field="player")
        return {**state, "first_dealer": state["seated"].index(name)}


ENGINE = Tarneeb()
