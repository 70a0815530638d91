"""The Marriage hand form: a status per player, maal typed or counted, dublee and foul."""

from django.utils.translation import gettext_lazy as _

from scoring import marriage as engine
from scoring.errors import InputError

from ..typed import whole_number

STATUS_CHOICES = [("winner", _("Winner")), ("seen", _("Seen")), ("unseen", _("Unseen")), ("out", _("Out"))]
COUNTERS = [
    ("tiplu", _("Tiplu")),
    ("poplu", _("Poplu")),
    ("jhiplu", _("Jhiplu")),
    ("tunnella_ordinary", _("Tunnella")),
    ("tunnella_joker", _("Joker tunnella")),
    ("tunnella_poplu_jhiplu", _("Poplu/jhiplu tunnella")),
]

FIELD_LABELS = {"status": _("Status"), "maal": _("Maal"), "maal_counts": _("Maal counts"),
                "dublee": _("Dublee"), "foul": _("Foul"), **dict(COUNTERS)}

def form_context(table, number, inputs=None):
    """What the hand form's template needs besides the rows."""
    rules = table.rules
    return {
        "entry_title": _("Hand %(number)s") % {"number": number},
        "entry_note": _("%(dealer)s deals") % {"dealer": engine.dealer(table.players, number)},
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


def rows(table, number, inputs=None):
    """Per player: seat, name, and the form values (from `inputs`, else a blank hand)."""
    result = []
    for seat, name in enumerate(table.players):
        entry = (inputs or {}).get(name, {})
        counts = entry.get("maal_counts")
        maal_shown = engine.count_maal(table.rules["maal_table"], counts) if counts else None
        result.append({
            "seat": seat,
            "name": name,
            "status": entry.get("status", ""),
            "maal": "" if counts else entry.get("maal", ""),
            "counted_maal": maal_shown,
            "counts": _counts_to_fields(counts or engine.empty_counts()),
            "dublee": entry.get("dublee", False),
            "foul": entry.get("foul", False),
        })
    return result


def rows_from_post(data, table, number, base=None):
    """The form as it was posted, to show again with an error: nothing typed is lost."""
    result = rows(table, number)
    for row in result:
        seat = row["seat"]
        row.update(
            status=data.get(f"status-{seat}", ""),
            maal=data.get(f"maal-{seat}", ""),
            dublee=data.get(f"dublee-{seat}") == "on",
            foul=data.get(f"foul-{seat}") == "on",
            counts={field: data.get(f"{field}-{seat}", "") for field, _label in COUNTERS},
        )
    return result


def parse_counts(data, seat, name):
    """One player's maal counter fields as FORMAT.md's maal_counts."""
    values = {
        field: whole_number(data.get(f"{field}-{seat}"), player=name, field=field) for field, _label in COUNTERS
    }
    return {
        "tiplu": values["tiplu"],
        "poplu": values["poplu"],
        "jhiplu": values["jhiplu"],
        "tunnellas": {kind: values[f"tunnella_{kind}"] for kind in engine.TUNNELLA_KINDS},
    }


def parse(data, table, base=None):
    inputs = {}
    for seat, name in enumerate(table.players):
        entry = {"dublee": data.get(f"dublee-{seat}") == "on", "foul": data.get(f"foul-{seat}") == "on"}
        if data.get(f"status-{seat}"):
            entry["status"] = data[f"status-{seat}"]
        counts = parse_counts(data, seat, name)
        typed = (data.get(f"maal-{seat}") or "").strip()
        if counts != engine.empty_counts():
            if typed:
                raise InputError(str(_("type the maal or count it, not both")), player=name, field="maal")
            entry["maal_counts"] = counts
        else:
            entry["maal"] = whole_number(typed, player=name, field="maal")
        inputs[name] = entry
    return inputs
