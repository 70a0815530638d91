"""Konkan: penalties per hand, elimination over 301, and the set threshold (docs/rules/konkan.md).

Data shapes
-----------
Card code: rank ``A``, ``2``-``10``, ``J``, ``Q``, ``K`` followed by suit ``S``, ``H``, ``D``,
``C`` (upper case: ``"10H"``, ``"QS"``), or ``"JK"`` for a printed joker.

Hand inputs (player -> entry, plus an optional ``"_hand"``)::

    {"_hand": {"joker_discard": false},
     "Asha":  {"outcome": "set", "cards": ["AS", "7H", "JK"], "failed_wins": 0},
     "Bina":  {"outcome": "winner"},
     "Chet":  {"outcome": "not_set"},
     "Dev":   {"outcome": "out"}}

``outcome`` is winner / set / not_set / out; a ``set`` player gives exactly one of
``hand_penalty`` (int >= 0) or ``cards`` (the cards left in hand); nobody else gives either.
``failed_wins`` (int >= 0, default 0) is allowed for everyone but an ``out`` player. The clean
hand (what validate_hand / validate return and score takes) always has ``"_hand"`` with
``joker_discard`` and every entry's ``failed_wins``; validating a clean hand again returns it
unchanged.

Group (for the set-threshold helper): a list of card codes, where a joker is written
``"JK=7H"`` -- a joker standing for the 7 of hearts, worth that card's value when setting.
A bare ``"JK"`` is refused in a group (say what it stands for). A set (laying down) is a list
of groups: ``[["AH", "2H", "3H"], ["7S", "7D", "JK=7C"]]``.
"""

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from . import base, checks, terms
from .base import Entry, Hand, Points, Progress, Rules, Stage, State
from .errors import InputError, Problems, gettext_noop

OUTCOMES = ("winner", "set", "not_set", "out")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
PENALTY_CARDS = ("A", "J", "Q", "K", JOKER)
# Value of a card when setting (laying down); fixed by the card-values table, not a rule key.
SET_VALUES = {"A": 11, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 11)}}
# Two packs plus two printed jokers.
COPIES_PER_CARD = 2
JOKERS_PER_HAND = 2
# A player holds 14 cards (15 for the first player); a set player holds fewer.
MAX_CARDS_IN_HAND = 15
MAX_POINTS = 10_000
MAX_ELIMINATION = 100_000
MAX_FAILED_WINS = 100

_DEFAULT_RULES: Rules = {
    "set_threshold": 52,
    "not_set_penalty": 100,
    "joker_discard_penalty": 200,
    "failed_win_penalty": 50,
    "elimination_over": 301,
    # A player sitting down mid-game starts at the highest total still in it (else at 0).
    "join_at_highest": True,
    "card_penalties": {"A": 11, "J": 10, "Q": 10, "K": 10, "JK": 50},
}
POINT_KEYS = ("set_threshold", "not_set_penalty", "joker_discard_penalty", "failed_win_penalty")


# --- cards ----------------------------------------------------------------------------------


def parse_card(code: Any, **where: Any) -> tuple[str, str | None]:
    """("7", "H") for "7H", ("JK", None) for a joker; InputError (field "cards") otherwise."""
    where = {"field": "cards", **where}
    if code == JOKER:
        return JOKER, None
    if isinstance(code, str) and len(code) >= 2 and code[:-1] in RANKS and code[-1] in SUITS:
        return code[:-1], code[-1]
    raise InputError(
        gettext_noop("unknown card %(code)s (use e.g. AS, 10H, QD or JK)"), params={"code": repr(code)}, **where
    )


def card_penalty(rules: Rules, cards: Any, **where: Any) -> int:
    """Penalty of the cards left in a hand: 2-10 face value, A J Q K JK from card_penalties."""
    return sum(card_penalties(rules, cards, **where))


def card_penalties(rules: Rules, cards: Any, **where: Any) -> list[int]:
    """The penalty of each card left in a hand, in order."""
    if not isinstance(cards, list):
        raise InputError(gettext_noop("must be a list of cards"), **{"field": "cards", **where})
    values = []
    for code in cards:
        rank, _suit = parse_card(code, **where)
        values.append(rules["card_penalties"][rank] if rank in PENALTY_CARDS else int(rank))
    return values


def _group_card(code: Any, **where: Any) -> tuple[str, str | None, bool]:
    """(rank, suit, is_joker) of one group entry; a joker must say what it stands for."""
    if isinstance(code, str) and code.startswith(JOKER + "="):
        rank, suit = parse_card(code[len(JOKER) + 1 :], **where)
        if rank == JOKER:
            raise InputError(gettext_noop("a joker cannot stand for a joker"), **where)
        return rank, suit, True
    rank, suit = parse_card(code, **where)
    if rank == JOKER:
        raise InputError(gettext_noop("say which card the joker stands for, e.g. JK=7H"), **where)
    return rank, suit, False


def _is_run(numbers: list[int]) -> bool:
    ordered = sorted(numbers)
    return all(b == a + 1 for a, b in itertools.pairwise(ordered))


def validate_group(cards: Any, **where: Any) -> int:
    """The set value of one group, or InputError (field "groups").

    A group is a list of card codes, a joker written "JK=7H" (standing for 7H). Valid groups:
    a run of 3 or more cards of one suit in sequence (A low as in A-2-3 or high as in Q-K-A,
    never K-A-2), or 3-4 cards of one rank in different suits. The value is the sum of the
    cards' setting values (A 11, 2-10 face, J Q K 10; a joker the value of its card).
    """
    where = {"field": "groups", **where}
    if not isinstance(cards, list):
        raise InputError(gettext_noop("a group must be a list of cards"), **where)
    if len(cards) < 3:
        raise InputError(gettext_noop("a group needs at least 3 cards"), **where)
    parsed = [_group_card(code, **where) for code in cards]
    ranks = [rank for rank, _suit, _joker in parsed]
    suits = [suit for _rank, suit, _joker in parsed]
    if len(set(ranks)) == 1:
        if len(cards) > 4:
            raise InputError(gettext_noop("a group of one rank has at most 4 cards"), **where)
        if len(set(suits)) != len(suits):
            raise InputError(gettext_noop("cards of one rank must all be of different suits"), **where)
    elif len(set(suits)) == 1:
        low = [RANKS.index(rank) + 1 for rank in ranks]  # A = 1
        high = [14 if rank == "A" else number for rank, number in zip(ranks, low)]
        if not (_is_run(low) or ("A" in ranks and _is_run(high))):
            raise InputError(gettext_noop("a run needs cards in sequence, A-2-3 or Q-K-A (never K-A-2)"), **where)
    else:
        raise InputError(gettext_noop("a group is a run of one suit or 3-4 cards of one rank"), **where)
    return sum(SET_VALUES[rank] for rank in ranks)


def set_value(groups: Any, **where: Any) -> int:
    """The value of a set: the sum of its groups' values (each group checked)."""
    if not isinstance(groups, list) or not groups:
        # Translators: in Konkan a set is what a player lays down: groups (runs or 3-4 cards of one rank).
        raise InputError(gettext_noop("a set needs at least one group"), **{"field": "groups", **where})
    value = 0
    held: dict[str, int] = {}
    for number, group in enumerate(groups, 1):
        try:
            value += validate_group(group, **where)
        except InputError as error:
            raise InputError(
                gettext_noop("group %(number)s: %(problem)s"),
                params={"number": number, "problem": error},
                hand=error.hand,
                player=error.player,
                field=error.field,
            ) from None
        for code in group:
            physical = JOKER if code.startswith(JOKER + "=") else code
            held[physical] = held.get(physical, 0) + 1
    for code, count in held.items():
        limit = JOKERS_PER_HAND if code == JOKER else COPIES_PER_CARD
        if count > limit:
            raise InputError(
                gettext_noop("the packs hold only %(limit)s %(code)s"),
                params={"limit": limit, "code": code},
                **{"field": "groups", **where},
            )
    return value


def set_threshold_needed(rules: Rules, earlier_sets: Iterable[int] = ()) -> int:
    """What the next player must reach: max(set_threshold, highest set so far in this hand).

    `earlier_sets` is the values (ints) of the sets already made in this hand.
    """
    return max([int(rules["set_threshold"]), *earlier_sets])


def check_set(rules: Rules, groups: Any, highest_so_far: int = 0, **where: Any) -> int:
    """The value of a set that may be laid down; InputError for a bad group or a low set."""
    return check_set_score(rules, set_value(groups, **where), highest_so_far, **where)


def check_set_score(rules: Rules, value: Any, highest_so_far: int = 0, **where: Any) -> int:
    """A set known only by its score: it must reach the threshold."""
    worth = checks.whole_number(value, maximum=MAX_POINTS, **{"field": "groups", **where})
    needed = set_threshold_needed(rules, [highest_so_far or 0])
    if worth < needed:
        raise InputError(
            gettext_noop("this set is worth %(value)s; it must reach at least %(needed)s"),
            params={"value": worth, "needed": needed},
            **{"field": "groups", **where},
        )
    return worth


# --- hands ----------------------------------------------------------------------------------


def _validate_entry(entry: Any, name: str, hand: int | None) -> Entry:
    where: dict[str, Any] = {"hand": hand, "player": name}
    if not isinstance(entry, dict):
        raise InputError(gettext_noop("is missing"), **where, field="outcome")
    checks.only_keys(entry, ("outcome", "hand_penalty", "cards", "failed_wins"), **where)
    outcome = entry.get("outcome")
    if outcome not in OUTCOMES:
        # Translators: Konkan outcomes: "set" laid down groups this hand, "out" is out of the game.
        raise InputError(gettext_noop("choose winner, set, not set or out"), **where, field="outcome")
    clean = {"outcome": outcome}
    if outcome == "set":
        if "hand_penalty" in entry and "cards" in entry:
            raise InputError(
                gettext_noop("give the hand penalty or the cards, not both"), **where, field="hand_penalty"
            )
        if "hand_penalty" in entry:
            clean["hand_penalty"] = checks.whole_number(
                entry["hand_penalty"], maximum=MAX_POINTS, **where, field="hand_penalty"
            )
        elif "cards" in entry:
            cards = entry["cards"]
            if not isinstance(cards, list):
                raise InputError(gettext_noop("must be a list of cards"), **where, field="cards")
            if len(cards) > MAX_CARDS_IN_HAND:
                raise InputError(
                    gettext_noop("a player holds at most %(count)s cards"),
                    params={"count": MAX_CARDS_IN_HAND},
                    **where,
                    field="cards",
                )
            for code in cards:
                parse_card(code, **where)
            clean["cards"] = list(cards)
        else:
            raise InputError(
                gettext_noop("give the penalty of the cards left in hand, or the cards"), **where, field="hand_penalty"
            )
    else:
        for key in ("hand_penalty", "cards"):
            if key in entry:
                raise InputError(gettext_noop("only a player who had set has a hand penalty"), **where, field=key)
    clean["failed_wins"] = checks.whole_number(
        entry.get("failed_wins", 0), maximum=MAX_FAILED_WINS, **where, field="failed_wins"
    )
    if outcome == "out" and clean["failed_wins"]:
        raise InputError(gettext_noop("a player who is out plays no hand"), **where, field="failed_wins")
    return clean


def _validate_hand_options(options: Any, hand: int | None) -> dict[str, bool]:
    if options is None:
        options = {}
    checks.only_keys(options, ("joker_discard",), hand=hand, field="_hand")
    return {"joker_discard": checks.boolean(options.get("joker_discard", False), hand=hand, field="joker_discard")}


def _check_copies(entries: Hand, players: Sequence[str], hand: int | None) -> None:
    held: dict[str, int] = {}
    for name in players:
        for code in entries[name].get("cards", ()):
            held[code] = held.get(code, 0) + 1
            limit = JOKERS_PER_HAND if code == JOKER else COPIES_PER_CARD
            if held[code] > limit:
                raise InputError(
                    gettext_noop("the packs hold only 2 jokers in all")
                    if code == JOKER
                    else gettext_noop("the packs hold only %(limit)s of %(code)s in all"),
                    params={"limit": limit, "code": code},
                    hand=hand,
                    player=name,
                    field="cards",
                )


# --- scoring --------------------------------------------------------------------------------


# Each rule of a hand's penalties, as the formula of its term (scoring/terms.py).
FORMULAS: dict[str, terms.Formula] = {
    "winner": terms.note,  # the winner of the hand gets 0
    "out": terms.note,  # out of the game: plays no hand
    "joker_discard": lambda penalty, winner: penalty,  # in place of not set or the cards (failed wins still count)
    "not_set": lambda penalty: penalty,
    "cards_left": lambda cards: sum(value for _code, value in cards),  # [code, what it costs] of each card left
    "hand_penalty": lambda penalty: penalty,  # a set player's cards left, as typed
    "failed_wins": lambda count, penalty: count * penalty,
    "eliminated": terms.note,  # the total went over the limit: out from the next hand
    "game_won": terms.note,  # the last player left (or the lowest when all went over at once)
}
term = terms.maker(FORMULAS)


def _penalty_terms(rules: Rules, entry: Entry, winner: str, joker_discard: bool) -> list[terms.Term]:
    """The terms of one validated entry's penalty in a hand won by `winner`."""
    outcome = entry["outcome"]
    if outcome == "out":
        return [term("out")]
    if outcome == "winner":
        found = [term("winner")]
    elif joker_discard and rules["joker_discard_penalty"] > 0:
        found = [term("joker_discard", penalty=rules["joker_discard_penalty"], winner=winner)]
    elif outcome == "not_set":
        found = [term("not_set", penalty=rules["not_set_penalty"])]
    elif "cards" in entry:
        found = [
            term(
                "cards_left",
                cards=[[code, value] for code, value in zip(entry["cards"], card_penalties(rules, entry["cards"]))],
            )
        ]
    else:
        found = [term("hand_penalty", penalty=entry["hand_penalty"])]
    if entry.get("failed_wins", 0):
        found.append(term("failed_wins", count=entry["failed_wins"], penalty=rules["failed_win_penalty"]))
    return found


def _hand_terms(rules: Rules, players: Sequence[str], entries: Hand) -> base.Explained:
    """Each player's penalty terms in one validated hand, in seat order."""
    joker_discard = (entries.get("_hand") or {}).get("joker_discard", False)
    winner = next(name for name in players if entries[name]["outcome"] == "winner")
    return {name: _penalty_terms(rules, entries[name], winner, joker_discard) for name in players}


def _eliminate(rules: Rules, state: State, order: Sequence[str]) -> State:
    """The state once every seated player whose total went over the limit is out, and the game
    over if one player or none is left in; the dealer is the first player still in from `order`
    (the seats from the one whose turn it is to deal)."""
    totals, limit, seated = state["totals"], rules["elimination_over"], state["seated"]
    out = set(state["out"])
    remaining = [name for name in seated if name not in out]
    over = [name for name in remaining if totals[name] > limit]
    left = [name for name in remaining if name not in over]
    out.update(over)
    game_over, winner = False, None
    if len(left) == 1:
        game_over, winner = True, left[0]
    elif not left and over:
        # Everyone still playing went over at once: the lowest penalty wins (a tie: none).
        lowest = min(totals[name] for name in over)
        best = [name for name in over if totals[name] == lowest]
        game_over = True
        if len(best) == 1:
            winner = best[0]
            out.discard(winner)
    dealer = next((name for name in order if name in seated and name not in out), state["dealer"])
    # In seat order, then those who got up.
    in_order = [*(name for name in seated if name in out), *(name for name in state["out"] if name not in seated)]
    return {**state, "out": in_order, "dealer": dealer, "game_over": game_over, "winner": winner}


def living(state: State) -> list[str]:
    """The seated players still in the game, in seat order."""
    return [name for name in state["seated"] if name not in state["out"]]


class Konkan(base.Engine):
    SLUG = "konkan"
    LOWER_WINS = True
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    # A player may sit down between hands (at the highest total still in the game, by the usual house
    # custom: the join_at_highest rule) or get up; one who gets up is out of the game, like one
    # eliminated, and the last player still in wins.
    CHANGES = ("join", "leave")
    ZERO_SUM = False  # penalties, not payments
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES
    # Sets are laid down while a hand is played, each checked as it is (check_set) and kept by the
    # table; the hand is entered whole once it is over.
    STAGES = (Stage("sets", in_hand=False), Stage("hand"))

    def validate_rules(self, rules: Rules) -> Rules:
        """The full rules: defaults overlaid with `rules`, every value checked."""
        clean = checks.overlay(_DEFAULT_RULES, rules, POINT_KEYS, MAX_POINTS)
        checks.whole_number(clean["elimination_over"], minimum=1, maximum=MAX_ELIMINATION, field="elimination_over")
        checks.boolean(clean["join_at_highest"], field="join_at_highest")
        penalties = clean["card_penalties"]
        checks.only_keys(penalties, PENALTY_CARDS, field="card_penalties")
        clean["card_penalties"] = {**_DEFAULT_RULES["card_penalties"], **penalties}
        for value in clean["card_penalties"].values():
            checks.whole_number(value, maximum=MAX_POINTS, field="card_penalties")
        return clean

    def missing_entry(self, name: str, hand: int | None) -> None:
        raise InputError(gettext_noop("outcome is missing"), hand=hand, player=name, field="outcome")

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One more hand's inputs (player -> entry, optional "_hand"), checked and completed.

        `state` is the fold state after the earlier hands: whether a player must be `out`, and
        whether the game is already over, depend on it. None means no earlier hands, unless `hand`
        is above 1 (the marriage-style call): then the earlier hands are unknown and those checks are
        left to validate(), which checks the whole list in order.
        """
        if state is None and hand in (None, 1):
            state = self.start(rules, players)
        hand = hand or (1 if state is None else state["hands"] + 1)
        if state is not None and state["game_over"]:
            raise InputError(gettext_noop("the game is over: no more hands can be played"), hand=hand)
        checks.hand_inputs(inputs, players, hand)
        clean = {
            "_hand": _validate_hand_options(inputs.get("_hand"), hand),
            **self.each_player(players, inputs, hand, lambda entry, name: _validate_entry(entry, name, hand)),
        }
        winners = [name for name in players if clean[name]["outcome"] == "winner"]
        if len(winners) != 1:
            raise InputError(
                gettext_noop("only one player can win a hand") if winners else gettext_noop("choose the winner"),
                hand=hand,
                player=winners[1] if winners else None,
                field="outcome",
            )
        if state is not None:
            problems = Problems()
            limit = rules["elimination_over"]
            for name in players:
                out = clean[name]["outcome"] == "out"
                if name in state["out"] and not out:
                    problems.add(
                        InputError(
                            gettext_noop("is out of the game (over %(limit)s): mark them out"),
                            params={"limit": limit},
                            hand=hand,
                            player=name,
                            field="outcome",
                        )
                    )
                if out and name not in state["out"]:
                    problems.add(
                        InputError(
                            gettext_noop("only a player over %(limit)s is out"),
                            params={"limit": limit},
                            hand=hand,
                            player=name,
                            field="outcome",
                        )
                    )
            problems.raise_found()
        if sum(clean[name]["outcome"] != "out" for name in players) < 2:
            raise InputError(gettext_noop("at least 2 players must play a hand"), hand=hand, field="outcome")
        _check_copies(clean, players, hand)
        return clean

    def start(self, rules: Rules, players: list[str]) -> State:
        """Before the first hand: nobody out, the first player deals, the game under way."""
        return base.start_state(players, out=[], dealer=players[0], game_over=False, winner=None)

    def _fold(
        self, rules: Rules, players: list[str], state: State, clean_hand: Hand
    ) -> tuple[base.Explained, Points, State]:
        """One validated hand's terms, its penalties and the state after it: who went out, who deals
        next, whether the game is over."""
        explained = _hand_terms(rules, players, clean_hand)
        points = terms.points(explained)
        state = base.after(state, points)
        if state["game_over"]:
            return explained, points, state
        # The deal passes to the next seat whose player is still in (to the next seat if none is).
        after_dealer = players[players.index(state["dealer"]) + 1 :] + players[: players.index(state["dealer"]) + 1]
        return explained, points, _eliminate(rules, {**state, "dealer": after_dealer[0]}, after_dealer)

    def fold(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> tuple[Points, State]:
        """One validated hand's penalties and the state after it (see _fold)."""
        _explained, points, after = self._fold(rules, players, state, clean_hand)
        return points, after

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        """Each player's penalty in one validated hand as terms, then what it led to: a total over
        the limit ("eliminated": out from the next hand), the game won."""
        explained, _points, after = self._fold(rules, players, state, clean_hand)
        for name in players:
            if name in after["out"] and name not in state["out"]:
                explained[name].append(term("eliminated", total=after["totals"][name], limit=rules["elimination_over"]))
            if after["winner"] == name and not state["game_over"]:
                explained[name].append(term("game_won"))
        return explained

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        """ "dealer" (who deals next: seats in turn from the first player, skipping eliminated
        players), "game_over", "winner" (a name or None), "out" (eliminated players, in seat order)."""
        return {
            "dealer": state["dealer"],
            "game_over": state["game_over"],
            "winner": state["winner"],
            "out": list(state["out"]),
        }

    def joining_score(self, rules: Rules, state: State) -> int:
        """The highest total still in the game (join_at_highest), else 0."""
        return max((state["totals"][name] for name in living(state)), default=0) if rules["join_at_highest"] else 0

    def changed(self, rules: Rules, state: State, before: State) -> State:
        """After seats or totals changed: a leaver is out of the game, a player who comes back is in
        again unless their total is over the limit, a total an adjustment took over the limit is out
        too, the last player in wins, and the deal goes to whoever sits next."""
        back = [name for name in state["seated"] if name not in before["seated"] and name in before["totals"]]
        out = [
            *(name for name in state["out"] if name not in back),
            *(name for name in before["seated"] if name not in state["seated"]),
        ]
        dealer = base.next_seated(
            before["dealer"], before["seated"], [name for name in state["seated"] if name not in out]
        )
        at = state["seated"].index(dealer)
        return _eliminate(rules, {**state, "out": out, "dealer": dealer}, state["seated"][at:] + state["seated"][:at])

    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        if name in state["out"]:
            raise InputError(gettext_noop("is out of the game"), player=name, field="player")
        return {**state, "dealer": name}


ENGINE = Konkan()
