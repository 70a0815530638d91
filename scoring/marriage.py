"""Nepali Marriage: maal, seen/unseen and the settlement formula (docs/rules/marriage.md)."""

from copy import deepcopy
from typing import Any

from . import base, checks, terms
from .base import Entry, Hand, Rules, State
from .errors import InputError, gettext_noop

STATUSES = ("winner", "seen", "unseen", "out")
TUNNELLA_KINDS = ("ordinary", "joker", "poplu_jhiplu")
COUNT_LIMITS = {"tiplu": 2, "poplu": 3, "jhiplu": 3}
# Three packs: a joker-rank card of another suit exists 3 × 3 times, so 3 tunnellas at most;
# a player holds 21 cards, so 7 tunnellas at most.
JOKER_TUNNELLAS_PER_HAND = 3
TUNNELLAS_PER_PLAYER = 7

_DEFAULT_RULES: Rules = {
    "maal_table": {
        "tiplu": [3, 7],
        "poplu": [2, 5, 10],
        "jhiplu": [2, 5, 10],
        "marriage": [10, 30],
        "tunnella": {"ordinary": 5, "joker": 10, "poplu_jhiplu": 20},
    },
    "seen_points": 3,
    "unseen_points": 10,
    "murder": False,
    "kidnap": False,
    "dublee_bonus": 5,
    "dublee_seen_points": 0,
    "foul_fine": 15,
    "point_rate": 1,
    "currency": "",
}
POINT_KEYS = ("seen_points", "unseen_points", "dublee_bonus", "dublee_seen_points", "foul_fine")
MAX_POINTS = 10_000


def _validate_maal_table(table: Any) -> dict[str, Any]:
    where: dict[str, Any] = {"field": "maal_table"}
    checks.only_keys(table, _DEFAULT_RULES["maal_table"], **where)
    clean: dict[str, Any] = deepcopy(_DEFAULT_RULES["maal_table"])
    clean.update(table)
    for item, values in clean.items():
        default = _DEFAULT_RULES["maal_table"][item]
        if item == "tunnella":
            checks.only_keys(values, default, **where)
            clean[item] = {**default, **values}
            for value in clean[item].values():
                checks.whole_number(value, maximum=MAX_POINTS, **where)
            continue
        if not isinstance(values, list) or len(values) != len(default):
            # Translators: %(item)s is a key of the maal table (the points of each maal card), kept as written.
            raise InputError(
                gettext_noop("%(item)s needs %(count)s values"), params={"item": item, "count": len(default)}, **where
            )
        for value in values:
            checks.whole_number(value, maximum=MAX_POINTS, **where)
    return clean


def maal_split(maal_table: dict[str, Any], counts: dict[str, Any]) -> list[dict[str, Any]]:
    """The best split of tiplu, poplu and jhiplu into marriages and singles, plus tunnellas: what
    counts, as [{"item", "count", "points"}] ("marriage", then "tiplu", "poplu", "jhiplu", then
    "tunnella_<kind>"), the items held none of left out."""

    def value(item: str, how_many: int) -> int:
        return int(maal_table[item][how_many - 1]) if how_many else 0

    t, p, j = counts["tiplu"], counts["poplu"], counts["jhiplu"]
    marriages = max(
        range(min(t, p, j, 2) + 1),
        key=lambda k: value("marriage", k) + value("tiplu", t - k) + value("poplu", p - k) + value("jhiplu", j - k),
    )
    held = [
        (item, count, value(item, count))
        for item, count in (
            ("marriage", marriages),
            ("tiplu", t - marriages),
            ("poplu", p - marriages),
            ("jhiplu", j - marriages),
        )
    ]
    held += [
        (f"tunnella_{kind}", counts["tunnellas"][kind], maal_table["tunnella"][kind] * counts["tunnellas"][kind])
        for kind in TUNNELLA_KINDS
    ]
    return [{"item": item, "count": count, "points": points} for item, count, points in held if count]


def count_maal(maal_table: dict[str, Any], counts: dict[str, Any]) -> int:
    """The maal of the best split (maal_split)."""
    return sum(int(part["points"]) for part in maal_split(maal_table, counts))


def empty_counts() -> dict[str, Any]:
    return {"tiplu": 0, "poplu": 0, "jhiplu": 0, "tunnellas": dict.fromkeys(TUNNELLA_KINDS, 0)}


def validate_counts(counts: Any, **where: Any) -> dict[str, Any]:
    """Complete, checked maal counts for one player (a missing count is 0)."""
    where = {**where, "field": "maal_counts"}
    checks.only_keys(counts, ("tiplu", "poplu", "jhiplu", "tunnellas"), **where)
    clean = empty_counts()
    for item, limit in COUNT_LIMITS.items():
        clean[item] = checks.whole_number(counts.get(item, 0), **{**where, "field": item})
        if clean[item] > limit:
            # Translators: %(item)s is tiplu, poplu or jhiplu: maal cards (the joker card, one rank above, one below).
            raise InputError(
                gettext_noop("one player can hold at most %(limit)s %(item)s"),
                params={"limit": limit, "item": item},
                **{**where, "field": item},
            )
    tunnellas = counts.get("tunnellas", {})
    checks.only_keys(tunnellas, TUNNELLA_KINDS, **where)
    for kind in TUNNELLA_KINDS:
        clean["tunnellas"][kind] = checks.whole_number(
            tunnellas.get(kind, 0), maximum=TUNNELLAS_PER_PLAYER, **{**where, "field": f"tunnella_{kind}"}
        )
    if sum(clean["tunnellas"].values()) > TUNNELLAS_PER_PLAYER:
        raise InputError(
            gettext_noop("one player can show at most %(count)s tunnellas"),
            params={"count": TUNNELLAS_PER_PLAYER},
            **where,
        )
    return clean


def _validate_entry(entry: Any, name: str, hand: int | None) -> Entry:
    where: dict[str, Any] = {"hand": hand, "player": name}
    if not isinstance(entry, dict):
        raise InputError(gettext_noop("is missing"), **where)
    checks.only_keys(entry, ("status", "maal", "maal_counts", "dublee", "foul"), **where)
    status = entry.get("status")
    if status not in STATUSES:
        # Translators: "seen" is a Marriage player who has shown three sets and seen the tiplu (joker card).
        raise InputError(gettext_noop("choose winner, seen, unseen or out"), **where, field="status")
    if "maal" in entry and "maal_counts" in entry:
        # Translators: maal are a Marriage player's bonus points for special cards (tiplu, poplu, jhiplu, tunnellas).
        raise InputError(gettext_noop("give maal or maal counts, not both"), **where, field="maal")
    clean = {"status": status}
    if "maal_counts" in entry:
        clean["maal_counts"] = validate_counts(entry["maal_counts"], **where)
    else:
        clean["maal"] = checks.whole_number(entry.get("maal", 0), maximum=MAX_POINTS, **where, field="maal")
    clean["dublee"] = checks.boolean(entry.get("dublee", False), **where, field="dublee")
    clean["foul"] = checks.boolean(entry.get("foul", False), **where, field="foul")
    if status == "out":
        if clean.get("maal") or clean.get("maal_counts", empty_counts()) != empty_counts():
            raise InputError(gettext_noop("a player sitting out has no maal"), **where, field="maal")
        if clean["dublee"] or clean["foul"]:
            raise InputError(
                gettext_noop("a player sitting out cannot have a dublee or a foul"), **where, field="status"
            )
    if clean["dublee"] and status not in ("winner", "seen"):
        # Translators: a dublee is a Marriage hand shown as seven pairs.
        raise InputError(gettext_noop("only the winner or a seen player can have a dublee"), **where, field="dublee")
    if clean["foul"] and status == "winner":
        raise InputError(gettext_noop("the winner cannot have a foul"), **where, field="foul")
    return clean


def _check_hand_counts(entries: dict[str, Entry], hand: int | None) -> None:
    """The three packs hold 2 tiplu (the third is the joker), 3 poplu and 3 jhiplu in all."""
    held = dict.fromkeys(COUNT_LIMITS, 0)
    pj_tunnellas = joker_tunnellas = 0
    for entry in entries.values():
        counts = entry.get("maal_counts")
        if counts:
            for item in held:
                held[item] += counts[item]
            pj_tunnellas += counts["tunnellas"]["poplu_jhiplu"]
            joker_tunnellas += counts["tunnellas"]["joker"]
    for item, limit in COUNT_LIMITS.items():
        if held[item] > limit:
            raise InputError(
                gettext_noop("the packs hold only %(limit)s %(item)s in all, %(count)s were entered"),
                params={"limit": limit, "item": item, "count": held[item]},
                hand=hand,
                field=item,
            )
    # A poplu or jhiplu tunnella takes all three cards of its kind.
    free_kinds = (held["poplu"] == 0) + (held["jhiplu"] == 0)
    if pj_tunnellas > free_kinds:
        # Translators: a tunnella is three identical cards; poplu and jhiplu are maal cards (see tiplu).
        raise InputError(
            gettext_noop("more poplu or jhiplu than the packs hold (a tunnella uses all three)"),
            hand=hand,
            field="tunnella_poplu_jhiplu",
        )
    if joker_tunnellas > JOKER_TUNNELLAS_PER_HAND:
        raise InputError(
            gettext_noop("the packs allow only %(count)s joker tunnellas in all"),
            params={"count": JOKER_TUNNELLAS_PER_HAND},
            hand=hand,
            field="tunnella_joker",
        )


def hand_maal(rules: Rules, entry: Entry) -> int:
    if "maal_counts" in entry:
        return count_maal(rules["maal_table"], entry["maal_counts"])
    return int(entry["maal"])


# Each rule of a hand's settlement, as the formula of its term (scoring/terms.py).
FORMULAS: dict[str, terms.Formula] = {
    # every player but the winner: p = n·s − g − P (g: what their status pays the winner)
    "settlement": lambda n, maal, game_points, total_maal, paid_for: n * maal - game_points - total_maal,
    # the winner: p = −(sum of the others' settlements), so the hand sums to 0
    "winner": lambda others: -sum(others),
    "maal_counted": terms.note,  # the maal counter's split: marriages, singles and tunnellas
    "murdered": terms.note,  # an unseen player's maal counts 0 (murder)
    "kidnapped": terms.note,  # an unseen player's maal goes to the winner (kidnap)
    "kidnapper": terms.note,  # the winner's maal holds the unseen players' (kidnap)
    "dublee_paid": lambda bonus, winner: -bonus,
    "dublee_won": lambda bonus, others: bonus * others,
    "foul_paid": lambda fine, others: -fine * others,
    "foul_received": lambda fine, fouler: fine,
}
term = terms.maker(FORMULAS)
# What a player pays the winner for: the rule key of its game points g.
GAME_POINTS = {"seen": "seen_points", "unseen": "unseen_points", "dublee": "dublee_seen_points"}


class Marriage(base.DealerGoesRound):
    """Who deals next goes round the seats; a Marriage game has no end."""

    SLUG = "marriage"
    LOWER_WINS = False
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    # Anyone may sit down or get up between hands: every hand is settled on its own, among the
    # players in it, so nothing carries over that a newcomer or a leaver would upset.
    CHANGES = ("join", "leave")
    ZERO_SUM = True  # the winner is paid what the others pay: every hand adds up to 0
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES

    def validate_rules(self, rules: Rules) -> Rules:
        """The full rules: defaults overlaid with `rules`, every value checked."""
        clean = checks.overlay(_DEFAULT_RULES, rules, POINT_KEYS, MAX_POINTS)
        for key in ("murder", "kidnap"):
            checks.boolean(clean[key], field=key)
        clean["point_rate"] = checks.rate(clean["point_rate"], field="point_rate")
        clean["currency"] = checks.text(clean["currency"], max_length=10, field="currency")
        clean["maal_table"] = _validate_maal_table(clean["maal_table"])
        return clean

    def missing_entry(self, name: str, hand: int | None) -> None:
        raise InputError(gettext_noop("status is missing"), hand=hand, player=name, field="status")

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One hand's inputs (player -> entry, optional "_hand"), checked and completed.

        `state` (after the earlier hands) is part of every game's surface; no Marriage hand
        depends on another.
        """
        checks.hand_inputs(inputs, players, hand)
        if inputs.get("_hand", {}) != {}:
            raise InputError(gettext_noop("Marriage has no per-hand inputs"), hand=hand, field="_hand")
        entries = self.each_player(players, inputs, hand, lambda entry, name: _validate_entry(entry, name, hand))
        winners = [name for name, entry in entries.items() if entry["status"] == "winner"]
        if len(winners) != 1:
            raise InputError(
                gettext_noop("only one player can win a hand") if winners else gettext_noop("choose the winner"),
                hand=hand,
                player=winners[1] if winners else None,
                field="status",
            )
        if sum(entry["status"] != "out" for entry in entries.values()) < 2:
            raise InputError(gettext_noop("at least 2 players must play a hand"), hand=hand, field="status")
        _check_hand_counts(entries, hand)
        return entries

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        """Each player's points for one validated hand as terms: the maal counter's split (where the
        maal was counted), the settlement formula, then the
        dublee bonus and each foul; a player sitting out has none (0 points). Players in seat order
        (a stored hand's keys may come back in another order)."""
        playing = {name: clean_hand[name] for name in players if clean_hand[name]["status"] != "out"}
        winner = next(name for name, entry in playing.items() if entry["status"] == "winner")
        n = len(playing)
        explained: base.Explained = {name: [] for name in players}
        maal = {name: hand_maal(rules, entry) for name, entry in playing.items()}
        for name, entry in playing.items():
            if "maal_counts" in entry:
                explained[name].append(
                    term("maal_counted", parts=maal_split(rules["maal_table"], entry["maal_counts"]), maal=maal[name])
                )
        if rules["murder"] or rules["kidnap"]:
            for name, entry in playing.items():
                if entry["status"] == "unseen" and maal[name]:
                    if rules["kidnap"]:
                        explained[name].append(term("kidnapped", maal=maal[name], winner=winner))
                        explained[winner].append(term("kidnapper", maal=maal[name], victim=name))
                        maal[winner] += maal[name]
                    else:
                        explained[name].append(term("murdered", maal=maal[name]))
                    maal[name] = 0
        total_maal = sum(maal.values())
        settlements = []
        for name, entry in playing.items():
            if name == winner:
                continue
            paid_for = "unseen" if entry["status"] == "unseen" else "dublee" if entry["dublee"] else "seen"
            settlement = term(
                "settlement",
                n=n,
                maal=maal[name],
                game_points=rules[GAME_POINTS[paid_for]],
                total_maal=total_maal,
                paid_for=paid_for,
            )
            explained[name].append(settlement)
            settlements.append(settlement.points)
        explained[winner].append(term("winner", others=settlements))
        if playing[winner]["dublee"]:
            for name in playing:
                if name != winner:
                    explained[name].append(term("dublee_paid", bonus=rules["dublee_bonus"], winner=winner))
            explained[winner].append(term("dublee_won", bonus=rules["dublee_bonus"], others=n - 1))
        for fouler, entry in playing.items():
            if entry["foul"]:
                for name in playing:
                    if name != fouler:
                        explained[name].append(term("foul_received", fine=rules["foul_fine"], fouler=fouler))
                explained[fouler].append(term("foul_paid", fine=rules["foul_fine"], others=n - 1))
        return explained


ENGINE = Marriage()
