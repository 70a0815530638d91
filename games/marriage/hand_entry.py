"""The Marriage hand form: a status per player, maal typed or counted, dublee and foul."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import marriage as engine
from scoring.errors import InputError, gettext_noop

from .. import offline
from ..language import western_digits
from ..typed import whole_number

STATUS_CHOICES = [
    ("winner", _("Winner")),
    # Translators: a Marriage player's state in a hand: has shown three sets and seen the tiplu (the
    # joker card), so their maal counts.
    ("seen", pgettext_lazy("marriage player", "Seen")),
    # Translators: a Marriage player's state in a hand: has not shown three sets; their maal does not count.
    ("unseen", pgettext_lazy("marriage player", "Unseen")),
    # Translators: a Marriage player's state: sits this hand out.
    ("out", pgettext_lazy("marriage player", "Out")),
]
COUNTERS = [
    # Translators: Marriage's bonus cards (maal): the tiplu is the joker card, poplu the card one rank
    # above it, jhiplu one below; a tunnella is three identical cards. Keep the Nepali card names.
    ("tiplu", _("Tiplu")),
    ("poplu", _("Poplu")),
    ("jhiplu", _("Jhiplu")),
    ("tunnella_ordinary", _("Tunnella")),
    ("tunnella_joker", _("Joker tunnella")),
    ("tunnella_poplu_jhiplu", _("Poplu/jhiplu tunnella")),
]

FIELD_LABELS = {
    "status": _("Status"),
    "maal": _("Maal"),
    "maal_counts": _("Maal counts"),
    "dublee": _("Dublee"),
    "foul": _("Foul"),
    **dict(COUNTERS),
}


def form_context(table, number, inputs=None):
    """What the hand form's template needs besides the rows."""
    rules = table.rules
    return {
        "entry_title": _("Hand %(number)s") % {"number": number},
        # Who dealt an earlier hand is not kept (the seats may have changed since): the next one's is.
        "entry_note": _("%(dealer)s deals") % {"dealer": table.progress["dealer"]}
        if number == table.state["hands"] + 1
        else "",
        "entry_next_notes": offline.dealer_notes(table) if number == table.state["hands"] + 1 else "",
        "submit_label": _("Save hand %(number)s") % {"number": number},
        "status_choices": STATUS_CHOICES,
        "counters": COUNTERS,
        "rules_use_dublee": rules["dublee_bonus"] > 0 or rules["dublee_seen_points"] != rules["seen_points"],
        "rules_use_foul": rules["foul_fine"] > 0,
    }


def _counts_to_fields(counts):
    fields = {item: counts[item] for item in engine.COUNT_LIMITS}
    fields.update({f"tunnella_{kind}": counts["tunnellas"][kind] for kind in engine.TUNNELLA_KINDS})
    return fields


def _row(seat, name, status, maal, counted_maal, count_fields, dublee=False, foul=False):
    return {
        "seat": seat,
        "name": name,
        "status_label": _("Status of %(name)s") % {"name": name},
        "status": status,
        "maal": maal,
        "counted_maal": counted_maal,
        "counters": [{"field": field, "label": label, "value": count_fields[field]} for field, label in COUNTERS],
        "counting": counted_maal is not None
        or any(str(value).strip() not in ("", "0") for value in count_fields.values()),
        "dublee": dublee,
        "foul": foul,
    }


def rows(table, number, inputs=None):
    """Per player: seat, name, and the form values (from `inputs`; a new hand starts with every
    player seen, the usual case, so that only the winner and the unseen need a tap)."""
    result = []
    for seat, name in enumerate(table.seated_for(number)):
        entry = (inputs or {}).get(name, {})
        counts = entry.get("maal_counts")
        maal_shown = engine.count_maal(table.rules["maal_table"], counts) if counts else None
        result.append(
            _row(
                seat,
                name,
                entry.get("status", "seen" if inputs is None else ""),
                maal_shown if counts else entry.get("maal", ""),
                maal_shown,
                _counts_to_fields(counts or engine.empty_counts()),
                entry.get("dublee", False),
                entry.get("foul", False),
            )
        )
    return result


def rows_from_post(data, table, number, base=None):
    """The form as it was posted, to show again with an error: nothing typed is lost."""
    return [
        _row(
            seat,
            name,
            data.get(f"status-{seat}", ""),
            data.get(f"maal-{seat}", ""),
            None,
            {field: data.get(f"{field}-{seat}", "") for field, _label in COUNTERS},
            data.get(f"dublee-{seat}") == "on",
            data.get(f"foul-{seat}") == "on",
        )
        for seat, name in enumerate(table.seated_for(number))
    ]


def parse_counts(data, seat, name):
    """One player's maal counter fields as docs/FORMAT.md's maal_counts."""
    values = {field: whole_number(data.get(f"{field}-{seat}"), player=name, field=field) for field, _label in COUNTERS}
    return {
        "tiplu": values["tiplu"],
        "poplu": values["poplu"],
        "jhiplu": values["jhiplu"],
        "tunnellas": {kind: values[f"tunnella_{kind}"] for kind in engine.TUNNELLA_KINDS},
    }


def parse(data, table, number, base, problems):
    inputs = {}
    for seat, name in enumerate(table.seated_for(number)):
        entry = {"dublee": data.get(f"dublee-{seat}") == "on", "foul": data.get(f"foul-{seat}") == "on"}
        if data.get(f"status-{seat}"):
            entry["status"] = data[f"status-{seat}"]
        with problems.check():
            counts = parse_counts(data, seat, name)
            typed = western_digits((data.get(f"maal-{seat}") or "").strip())
            if counts != engine.empty_counts():
                counted = engine.count_maal(table.rules["maal_table"], engine.validate_counts(counts, player=name))
                # The counter writes what it finds into the Maal field: the same number is no conflict.
                if typed and typed != str(counted):
                    raise InputError(
                        gettext_noop("the counter found %(counted)s maal but %(typed)s is typed: clear one"),
                        params={"counted": counted, "typed": typed},
                        player=name,
                        field="maal",
                    )
                entry["maal_counts"] = counts
            else:
                entry["maal"] = whole_number(typed, player=name, field="maal")
        inputs[name] = entry
    return inputs


def marks(inputs):
    """What the board marks beside each player's points: the winner, unseen, dublee, foul, sat out."""
    shown = {"winner": "won", "unseen": "unseen", "out": "sat_out"}
    return {
        name: [
            key
            for key in (shown.get(entry["status"]), entry.get("dublee") and "dublee", entry.get("foul") and "foul")
            if key
        ]
        for name, entry in inputs.items()
    }
