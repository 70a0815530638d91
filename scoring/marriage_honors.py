"""Marriage rummy with honors: honors, marriages, points in hand (docs/rules/marriage-honors.md).

Inputs per player (docs/FORMAT.md): `outcome` (declared / played / surrendered_first /
surrendered_later / no_turn / inactive), `honors`, `marriages`, `hand_points`.

Choices where the rules leave room (kept strict so a typo is caught, not guessed at):
- `honors` is required for every active player; `marriages` defaults to 0.
- A field that means nothing for the outcome is an error when present, whatever its value:
  `hand_points` is given exactly for `played` and `no_turn` (the full count of the cards; the
  engine halves it for `no_turn`); an `inactive` player has only `outcome`.
- A validated entry holds `outcome`, then for an active player `honors` and `marriages`, and
  `hand_points` where it applies; validating it again gives it back unchanged.
- Bounds: `honors` at most cards_per_hand + 1 (the most cards anyone holds: the declarer has
  drawn one more); `marriages` at most `decks` for one player and for the whole table (each card of
  a marriage exists once per deck); `hand_points` at most 10 × cards_per_hand (every card a 10).

Seating, deals and rounds (see rotation()): players are listed clockwise, the first player deals
the first game, and the deal passes in the direction of play, skipping inactive players.
"""

from collections.abc import Iterable, Sequence
from copy import deepcopy
from typing import Any

from . import base, checks, terms
from .base import Entry, Hand, Progress, Rules, State
from .errors import InputError, gettext_noop

OUTCOMES = ("declared", "played", "surrendered_first", "surrendered_later", "no_turn", "inactive")
HAND_POINT_OUTCOMES = ("played", "no_turn")
# The message for hand points given with any other outcome.
_NO_HAND_POINTS = {
    "declared": gettext_noop("hand points mean nothing for declared"),
    "surrendered_first": gettext_noop("hand points mean nothing for surrendered first"),
    "surrendered_later": gettext_noop("hand points mean nothing for surrendered later"),
    "inactive": gettext_noop("hand points mean nothing for inactive"),
}
DIRECTIONS = ("clockwise", "anticlockwise")
ENTRY_KEYS = ("outcome", "honors", "marriages", "hand_points")

_DEFAULT_RULES: Rules = {
    "honor_value": 4,
    "marriage_points": 20,
    "surrender_first_points": 2,
    "surrender_later_points": 5,
    "decks": 3,
    "cards_per_hand": 21,
    "direction": "clockwise",
    "point_rate": 1,
    "currency": "",
}
POINT_KEYS = ("honor_value", "marriage_points", "surrender_first_points", "surrender_later_points")
MAX_POINTS = 10_000
MIN_DECKS, MAX_DECKS = 3, 5
# A hand needs room for a marriage (3 cards); a deal of more than 52 cards each is not this game.
MIN_CARDS_PER_HAND, MAX_CARDS_PER_HAND = 3, 52

CARD_RANKS = {"A": 10, "J": 10, "Q": 10, "K": 10, **{str(face): face for face in range(2, 11)}}
CARD_SUITS = ("S", "H", "D", "C")
JOKER = "JK"


# --- card points ----------------------------------------------------------------------------


def card_points(card: Any, **where: Any) -> int:
    """Points of one card code: A J Q K = 10, 2-10 face value, JK (a joker) = 0."""
    if card == JOKER:
        return 0
    if isinstance(card, str) and len(card) >= 2 and card[-1] in CARD_SUITS and card[:-1] in CARD_RANKS:
        return CARD_RANKS[card[:-1]]
    raise InputError(
        gettext_noop("%(card)s is not a card (like AS, 10H, QD or JK)"),
        params={"card": repr(card)},
        **{"field": "cards", **where},
    )


def hand_points_from_cards(cards: Any, **where: Any) -> int:
    """Hand points of a list of card codes ("AS", "10H", "JK": rank A 2-10 J Q K, suit S H D C,
    upper case as in docs/FORMAT.md). `where` (hand=, player=, field=) goes into the InputError for a
    bad code; field defaults to "cards"."""
    if not isinstance(cards, (list, tuple)):
        raise InputError(gettext_noop("must be a list of cards"), **{"field": "cards", **where})
    return sum(card_points(card, **where) for card in cards)


# --- validation -----------------------------------------------------------------------------


def _validate_entry(rules: Rules, entry: Any, name: str, hand: int | None) -> Entry:
    where: dict[str, Any] = {"hand": hand, "player": name}
    if not isinstance(entry, dict):
        raise InputError(gettext_noop("is missing"), **where, field="outcome")
    checks.only_keys(entry, ENTRY_KEYS, **where)
    outcome = entry.get("outcome")
    if outcome not in OUTCOMES:
        raise InputError(
            gettext_noop("choose declared, played, surrendered first, surrendered later, no turn or inactive"),
            **where,
            field="outcome",
        )
    clean = {"outcome": outcome}
    if outcome == "inactive":
        for key in ("honors", "marriages", "hand_points"):
            if key in entry:
                raise InputError(
                    gettext_noop("an inactive player has no honors, marriages or hand points"), **where, field=key
                )
        return clean
    if "honors" not in entry:
        raise InputError(gettext_noop("is missing"), **where, field="honors")
    clean["honors"] = checks.whole_number(entry["honors"], maximum=rules["cards_per_hand"] + 1, **where, field="honors")
    clean["marriages"] = checks.whole_number(
        entry.get("marriages", 0), maximum=rules["decks"], **where, field="marriages"
    )
    if outcome in HAND_POINT_OUTCOMES:
        if "hand_points" not in entry:
            raise InputError(
                gettext_noop("is missing: the points of all the cards in hand"), **where, field="hand_points"
            )
        clean["hand_points"] = checks.whole_number(
            entry["hand_points"], maximum=10 * rules["cards_per_hand"], **where, field="hand_points"
        )
    elif "hand_points" in entry:
        raise InputError(_NO_HAND_POINTS[outcome], **where, field="hand_points")
    return clean


# --- scoring --------------------------------------------------------------------------------


def honor_total(rules: Rules, entry: Entry) -> int:
    """h = honors × honor value + marriages × marriage points (0 for an inactive player)."""
    if entry["outcome"] == "inactive":
        return 0
    return int(entry["honors"] * rules["honor_value"] + entry["marriages"] * rules["marriage_points"])


# Each rule of a game's score, as the formula of its term (scoring/terms.py).
FORMULAS: dict[str, terms.Formula] = {
    # PART_A = n·h − H, h = honors × honor value + marriages × marriage points
    "part_a": lambda n, honors, honor_value, marriages, marriage_points, h, total_h: n * h - total_h,
    # PART_B = −2 · points in hand; a player who never got a turn has half their hand points in
    # hand, so theirs is simply −hand points
    "part_b": lambda outcome, points: -points if outcome == "no_turn" else -2 * points,
    # the declarer's PART_B: −(sum of the others' PART_B), so the game is zero-sum
    "part_b_declarer": lambda others: -sum(others),
}
term = terms.maker(FORMULAS)
SURRENDER_POINTS = {"surrendered_first": "surrender_first_points", "surrendered_later": "surrender_later_points"}


def _part_b(rules: Rules, entry: Entry) -> terms.Term:
    """The PART_B term of a player who did not declare: their points in hand, by outcome."""
    outcome = entry["outcome"]
    points = entry["hand_points"] if outcome in HAND_POINT_OUTCOMES else rules[SURRENDER_POINTS[outcome]]
    return term("part_b", outcome=outcome, points=points)


def twice_points_in_hand(rules: Rules, entry: Entry) -> int:
    """2 × points_in_hand, a whole number even for no_turn (half the hand points, doubled)."""
    if entry["outcome"] in ("declared", "inactive"):
        return 0
    return -_part_b(rules, entry).points


def parts(rules: Rules, players: list[str], entries: Hand) -> dict[str, tuple[int, ...]]:
    """(PART_A, PART_B) per player of one validated game; inactive players (0, 0)."""
    return {
        name: tuple(term.points for term in terms) or (0, 0)
        for name, terms in ENGINE.explain(rules, players, None, entries).items()
    }


# --- deals and rounds -----------------------------------------------------------------------


def _play_order(rules: Rules, players: Sequence[str]) -> list[str]:
    """Seats in the direction of play, starting with the first player (players are clockwise)."""
    if rules["direction"] == "clockwise":
        return list(players)
    return [players[0], *reversed(players[1:])]


def _deal(
    order: list[str], active: set[str], position: int, number_in_round: int, completed_rounds: int
) -> dict[str, Any]:
    """Who deals, cuts and leads at absolute `position` (a seat index that only grows)."""
    size = len(order)
    dealer = order[position % size]
    cutter = next(
        order[(position - step) % size] for step in range(1, size) if order[(position - step) % size] in active
    )
    leader = next(
        order[(position + step) % size] for step in range(1, size) if order[(position + step) % size] in active
    )
    return {
        "dealer": dealer,
        "cutter": cutter,
        "leader": leader,
        "round_number": completed_rounds + 1,
        "deal_number": number_in_round,
    }


# Where the deal stands between games. "next": the absolute position the deal passes to next;
# "round_start": the absolute position of the current round's first deal (None before the first
# game); "rounds": rounds complete; "deals": deals so far in the current round.
_START_WALK: dict[str, Any] = {"next": 0, "round_start": None, "rounds": 0, "deals": 0}


def _next_deal(order: list[str], walk: dict[str, Any], active: set[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the deal of the game played by `active`, where the deal stands after it)."""
    size = len(order)
    position = next(p for p in range(walk["next"], walk["next"] + size) if order[p % size] in active)
    round_start, rounds, number = walk["round_start"], walk["rounds"], walk["deals"]
    if round_start is None:
        round_start, number = position, 0
    elif position >= round_start + size:
        rounds += 1
        round_start, number = position, 0
    number += 1
    return (
        _deal(order, active, position, number, rounds),
        {"next": position + 1, "round_start": round_start, "rounds": rounds, "deals": number},
    )


def _active(entries: Hand) -> set[str]:
    return {name for name, entry in entries.items() if entry["outcome"] != "inactive"}


def deals(rules: Rules, players: list[str], hands: Iterable[Hand]) -> list[dict[str, Any]]:
    """For each validated game: {"dealer", "cutter", "leader", "round_number", "deal_number"} of
    that game."""
    order, walk, dealt = _play_order(rules, players), _START_WALK, []
    for entries in hands:
        deal, walk = _next_deal(order, walk, _active(entries))
        dealt.append(deal)
    return dealt


def rotation(rules: Rules, players: list[str], state: State, inactive: Iterable[str] = ()) -> dict[str, Any]:
    """Who deals, cuts and leads the next game, and its round label.

    `state`: the fold state after the games played (see fold()); `inactive`: names sitting out
    the next game (default: nobody). Returns {"dealer", "cutter", "leader", "round_number",
    "deal_number"}.

    - Players are listed clockwise; the play order is that list for "clockwise", and for
      "anticlockwise" the first player followed by the others in reverse.
    - The first player deals the first game. After each game the deal passes to the next player
      in the direction of play; a player inactive in the game about to be dealt is skipped.
    - The cutter (cuts and picks the joker) is the first active player against the direction of
      play from the dealer; the leader (plays first) the first active player in the direction of
      play. With 2 active players they are the same person.
    - A round is one trip of the deal around the table. It starts with a deal and contains every
      following deal until the deal reaches or passes the round's first dealer's seat again; that
      deal starts the next round. So each player deals at most once in a round, and every player
      who was active when the deal reached their seat has dealt once when it is complete.
    - round_number R and deal_number D: this game is the D-th deal of round R (counted from 1),
      "round R, deal D" as a page words it.
      The rules' short form "round 2.4" (2 rounds complete, 4th deal) is round 3, deal 4 here,
      as the rules spell it out: a table read "round 0.1" for the first deal as a round zero.
    """
    inactive = set(inactive)
    for name in sorted(inactive - set(players), key=str):
        raise InputError(gettext_noop("is not a player at this table"), player=str(name), field="outcome")
    active = set(players) - inactive
    if len(active) < 2:
        raise InputError(gettext_noop("at least 2 players must be active in a game"), field="outcome")
    return _next_deal(_play_order(rules, players), state["walk"], active)[0]


# --- statistics -----------------------------------------------------------------------------

STAT_KEYS = ("marriages", "honors", "declarations", "games_without_honors", "surrenders", "games_played")


def stats(
    players: Iterable[str], hands: Iterable[Hand], so_far: dict[str, dict[str, int]] | None = None
) -> dict[str, dict[str, int]]:
    """Per player, over the validated games: {"marriages": marriages held, "honors": honor cards
    held, "declarations": games declared, "games_without_honors": games active with neither an
    honor nor a marriage, "surrenders": surrendered first or later, "games_played": games active},
    added to the statistics `so_far` of earlier games (which are left as they are), whoever of
    them is seated now."""
    # Every player's row is kept, seated or not: one who gets up and comes back goes on from it.
    table = {name: dict(row) for name, row in (so_far or {}).items()}
    for name in players:
        table.setdefault(name, dict.fromkeys(STAT_KEYS, 0))
    for entries in hands:
        for name, entry in entries.items():
            if name not in table or entry["outcome"] == "inactive":
                continue
            row = table[name]
            row["games_played"] += 1
            row["honors"] += entry["honors"]
            row["marriages"] += entry["marriages"]
            row["declarations"] += entry["outcome"] == "declared"
            row["surrenders"] += entry["outcome"] in ("surrendered_first", "surrendered_later")
            row["games_without_honors"] += not entry["honors"] and not entry["marriages"]
    return table


class MarriageHonors(base.Engine):
    SLUG = "marriage-honors"
    LOWER_WINS = False
    MIN_PLAYERS = 2
    MAX_PLAYERS = 10
    # Anyone may sit down or get up between games: each game is settled among its active players, and
    # the deal and the rounds carry on round the seats as they are (see changed()).
    CHANGES = ("join", "leave")
    ZERO_SUM = True  # every game's points add up to 0
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES

    def validate_rules(self, rules: Rules) -> Rules:
        """The full rules: defaults overlaid with `rules`, every value checked."""
        clean = checks.overlay(_DEFAULT_RULES, rules, POINT_KEYS, MAX_POINTS)
        checks.whole_number(clean["decks"], minimum=MIN_DECKS, maximum=MAX_DECKS, field="decks")
        checks.whole_number(
            clean["cards_per_hand"], minimum=MIN_CARDS_PER_HAND, maximum=MAX_CARDS_PER_HAND, field="cards_per_hand"
        )
        if clean["direction"] not in DIRECTIONS:
            raise InputError(gettext_noop("choose clockwise or anticlockwise"), field="direction")
        clean["point_rate"] = checks.rate(clean["point_rate"], field="point_rate")
        clean["currency"] = checks.text(clean["currency"], max_length=10, field="currency")
        return clean

    def missing_entry(self, name: str, hand: int | None) -> None:
        raise InputError(gettext_noop("outcome is missing"), hand=hand, player=name, field="outcome")

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One game's inputs (player -> entry, optional empty "_hand"), checked and completed.

        `state` (after the earlier games) is accepted like every game's validate_hand; no check
        here depends on it.
        """
        checks.hand_inputs(inputs, players, hand)
        if inputs.get("_hand", {}) != {}:
            raise InputError(gettext_noop("Marriage with honors has no per-hand inputs"), hand=hand, field="_hand")
        entries = self.each_player(players, inputs, hand, lambda entry, name: _validate_entry(rules, entry, name, hand))
        active = [name for name in players if entries[name]["outcome"] != "inactive"]
        if len(active) < 2:
            raise InputError(gettext_noop("at least 2 players must be active in a game"), hand=hand, field="outcome")
        declarers = [name for name in players if entries[name]["outcome"] == "declared"]
        if len(declarers) != 1:
            raise InputError(
                gettext_noop("only one player can declare") if declarers else gettext_noop("choose who declared"),
                hand=hand,
                player=declarers[1] if declarers else None,
                field="outcome",
            )
        marriages = sum(entries[name]["marriages"] for name in active)
        if marriages > rules["decks"]:
            raise InputError(
                gettext_noop("%(decks)s decks hold only %(decks)s marriages, %(count)s were entered"),
                params={"decks": rules["decks"], "count": marriages},
                hand=hand,
                field="marriages",
            )
        return entries

    def explain(self, rules: Rules, players: list[str], state: State | None, clean_hand: Hand) -> base.Explained:
        """Each player's score for one validated game as terms: PART_A, then PART_B; an inactive
        player has none (0 points). Players in seat order (a stored game's keys may come back in
        another order)."""
        active = {name: clean_hand[name] for name in players if clean_hand[name]["outcome"] != "inactive"}
        n = len(active)
        h = {name: honor_total(rules, entry) for name, entry in active.items()}
        total_h = sum(h.values())
        explained: base.Explained = {name: [] for name in players}
        for name, entry in active.items():
            explained[name].append(
                term(
                    "part_a",
                    n=n,
                    honors=entry["honors"],
                    honor_value=rules["honor_value"],
                    marriages=entry["marriages"],
                    marriage_points=rules["marriage_points"],
                    h=h[name],
                    total_h=total_h,
                )
            )
        others = []
        for name, entry in active.items():
            if entry["outcome"] != "declared":
                explained[name].append(_part_b(rules, entry))
                others.append(explained[name][-1].points)
        declarer = next(name for name, entry in active.items() if entry["outcome"] == "declared")
        explained[declarer].append(term("part_b_declarer", others=others))
        return explained

    def start(self, rules: Rules, players: list[str]) -> State:
        """Before the first game: where the deal stands (see rotation()) and empty statistics."""
        return base.start_state(players, walk=dict(_START_WALK), stats=stats(players, []))

    def moved_on(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> dict[str, Any]:
        """After a game the deal moves on and the statistics grow."""
        _deal, walk = _next_deal(_play_order(rules, players), state["walk"], _active(clean_hand))
        return {"walk": walk, "stats": stats(players, [clean_hand], state["stats"])}

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        """The next deal (everyone assumed active), the statistics; a session has no end."""
        return {
            **rotation(rules, players, state),
            "stats": deepcopy(state["stats"]),
            "game_over": False,
            "winner": None,
        }

    def changed(self, rules: Rules, state: State, before: State) -> State:
        """After seats changed, the deal and the round go on round the new seats: the player whose
        turn it was deals next (a leaver's turn passes to the next seat), and the round still ends
        when the deal reaches or passes its first dealer's seat (a leaver's: the next seat's). A
        newcomer starts with empty statistics."""
        walk, old, new = before["walk"], _play_order(rules, before["seated"]), _play_order(rules, state["seated"])
        size, next_player = len(new), base.next_seated(old[walk["next"] % len(old)], old, new)
        if walk["round_start"] is None:
            moved = {**walk, "next": new.index(next_player)}
        else:
            round_start = new.index(base.next_seated(old[walk["round_start"] % len(old)], old, new))
            complete = walk["next"] - walk["round_start"] >= len(old)
            ahead = size if complete else (new.index(next_player) - round_start) % size
            moved = {**walk, "round_start": round_start, "next": round_start + ahead}
        newcomers = [name for name in state["seated"] if name not in state["stats"]]
        return {**state, "walk": moved, "stats": {**state["stats"], **stats(newcomers, [])}}

    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        """The deal jumps to `name`; the round goes on."""
        order, walk = _play_order(rules, state["seated"]), state["walk"]
        position = next(p for p in range(walk["next"], walk["next"] + len(order)) if order[p % len(order)] == name)
        return {**state, "walk": {**walk, "next": position}}


ENGINE = MarriageHonors()
