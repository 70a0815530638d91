"""The Konkan hand form: winner, who had set (with the penalty of the cards left), failed wins."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import konkan as engine
from scoring.errors import InputError, gettext_noop

from .. import offline
from ..language import western_digits
from ..typed import PICKER_RANKS, parse_cards, parse_groups, whole_number

OUTCOME_CHOICES = [
    ("winner", _("Winner")),
    # Translators: a Konkan outcome: laid down groups (runs or 3-4 cards of one rank) worth at least
    # the threshold this hand.
    ("set", _("Had set")),
    # Translators: a Konkan outcome: laid down no groups this hand.
    ("not_set", _("Not set")),
]
FIELD_LABELS = {
    "outcome": _("Outcome"),
    "hand_penalty": _("Penalty"),
    "cards": _("Cards"),
    "failed_wins": _("Failed wins"),
    "joker_discard": _("Joker discard"),
    "groups": pgettext_lazy("konkan groups laid down", "Set"),
}


def form_context(table, number, inputs=None):
    sets, needed = sets_so_far(table)
    return {
        "sets": sets,
        "set_needed": needed,
        "next_setter": next_setter(table, sets),
        "entry_title": _("Hand %(number)s") % {"number": number},
        "entry_note": _("%(dealer)s deals") % {"dealer": table.progress["dealer"]},
        # Who a kept hand eliminates is known only to the server: offline, the turn skips only those out now.
        "entry_next_notes": offline.dealer_notes(table, skip=table.progress["out"]),
        "submit_label": _("Save hand %(number)s") % {"number": number},
        "outcome_choices": OUTCOME_CHOICES,
        "ranks": PICKER_RANKS,
        "joker_discard": (inputs or {}).get("_hand", {}).get("joker_discard", False),
        "uses_failed_wins": table.rules["failed_win_penalty"] > 0,
        "uses_joker_discard": table.rules["joker_discard_penalty"] > 0,
    }


def rows(table, number, inputs=None):
    """Per player: the outcome, penalty or cards, failed wins; players who are out are marked.
    A new hand starts with the players who set (in the set tracker) as "had set" and the rest
    as "not set": only the winner needs a tap."""
    out = (
        set(table.progress.get("out", ()))
        if inputs is None
        else {name for name, entry in inputs.items() if name != "_hand" and entry["outcome"] == "out"}
    )
    setters = {each["player"] for each in sets_so_far(table)[0]}
    result = []
    for seat, name in enumerate(table.seated_for(number)):
        entry = (inputs or {}).get(name, {})
        new_hand_outcome = "set" if name in setters else "not_set"
        result.append(
            {
                "seat": seat,
                "name": name,
                "out": name in out,
                "outcome": entry.get("outcome", new_hand_outcome if inputs is None else ""),
                "penalty": entry.get("hand_penalty", ""),
                "cards": " ".join(entry.get("cards", [])),
                "failed_wins": entry.get("failed_wins", 0),
            }
        )
    return result


def rows_from_post(data, table, number, base=None):
    result = rows(table, number, base)
    for row in result:
        seat = row["seat"]
        row.update(
            outcome=data.get(f"outcome-{seat}", row["outcome"]),
            penalty=data.get(f"penalty-{seat}", ""),
            cards=data.get(f"cards-{seat}", ""),
            failed_wins=data.get(f"failed_wins-{seat}", 0),
        )
    return result


def parse(data, table, number, base, problems):
    inputs = {"_hand": {"joker_discard": data.get("joker_discard") == "on"}}
    for seat, name in enumerate(table.seated_for(number)):
        entry = {}
        with problems.check():
            entry["failed_wins"] = whole_number(data.get(f"failed_wins-{seat}"), player=name, field="failed_wins")
        if data.get(f"outcome-{seat}"):
            entry["outcome"] = data[f"outcome-{seat}"]
        penalty = (data.get(f"penalty-{seat}") or "").strip()
        cards = parse_cards(data.get(f"cards-{seat}"))
        if penalty and cards and western_digits(penalty) == counted(table, cards):
            penalty = ""  # the counter wrote what it found into the Penalty field: the same number is no conflict
        if penalty:
            with problems.check():
                entry["hand_penalty"] = whole_number(penalty, player=name, field="hand_penalty")
        if cards:
            entry["cards"] = cards
        inputs[name] = entry
    return inputs


def counted(table, cards):
    """What the counter finds the cards worth, as the page writes it ("" for cards it refuses:
    the engine names their problem)."""
    try:
        return str(engine.card_penalty(table.rules, cards, field="cards"))
    except InputError:
        return ""


def next_setter(table, sets):
    """Who the set tracker offers first: the next player in play after the last one who set."""
    playing = engine.living(table.state)
    if not sets or sets[-1]["player"] not in playing:
        return playing[0] if playing else ""
    return playing[(playing.index(sets[-1]["player"]) + 1) % len(playing)]


def sets_so_far(table):
    """The sets laid down in the hand being played, and what the next player must reach."""
    sets = table.current_hand.get("sets", [])
    return sets, engine.set_threshold_needed(table.rules, [each["value"] for each in sets])


def record_set(table, player, groups_text, score_text):
    """Check a set as a player lays it down (its groups, or just its score) and remember it."""
    if player not in table.seated:
        raise InputError(gettext_noop("choose who is setting"), field="player")
    if table.progress.get("game_over") or table.finished:
        raise InputError(gettext_noop("the game is over"), field="player")
    if player in table.progress.get("out", ()):
        raise InputError(gettext_noop("%(player)s is out of the game"), params={"player": player}, field="player")
    sets, _needed = sets_so_far(table)
    # A player sets once a hand, so a hand's sets are at most its players.
    if any(each["player"] == player for each in sets):
        raise InputError(
            gettext_noop("%(player)s has set already in this hand"), params={"player": player}, field="player"
        )
    highest = max((each["value"] for each in sets), default=0)
    if (score_text or "").strip():
        score = whole_number(score_text, player=player, field="groups")
        value = engine.check_set_score(table.rules, score, highest, player=player)
    else:
        value = engine.check_set(
            table.rules, parse_groups(groups_text, player=player, field="groups"), highest, player=player
        )
    return sets + [{"player": player, "value": value}]


def marks(inputs):
    """The board marks the winner, and a dash for a player already out of the game."""
    shown = {"winner": ["won"], "out": ["out"]}
    return {name: shown.get(entry["outcome"], []) for name, entry in inputs.items() if name != "_hand"}


def picker_total(table, mode, text):
    """What the card picker's cards are worth: the penalty of the cards left, or a set's value."""
    if mode == "groups":
        return engine.set_value(parse_groups(text, field="groups"), field="groups")
    return engine.card_penalty(table.rules, parse_cards(text), field="cards")
