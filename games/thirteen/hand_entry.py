"""The Thirteen round form: bids first, then books on the same kind of screen, bids as hints."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring import thirteen as engine
from scoring.errors import InputError, gettext_noop

from ..typed import whole_number

TRUMPS = [("", _("not recorded")), ("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]
FIELD_LABELS = {"bid": _("Bid"), "books": _("Books"), "trump": _("Trump"), "round": _("Round")}


def stage(inputs):
    """ "bids" for a new round, "books" once its bids are saved, "edit" for a finished round."""
    return engine.ENGINE.next_stage(inputs) or "edit"


def form_context(table, number, inputs=None):
    step = stage(inputs)
    round_number = min(number, engine.ROUNDS)
    cards = engine.cards_in_round(round_number)
    titles = {
        "bids": _("Round %(number)s · bids"),
        "books": _("Round %(number)s · books"),
        "edit": _("Round %(number)s"),
    }
    submits = {"bids": _("Save the bids"), "books": _("Save the books"), "edit": _("Save the correction")}
    trump = (inputs or {}).get("_hand", {}).get("trump", "")
    return {
        "entry_title": titles[step] % {"number": round_number},
        "entry_note": ngettext("%(cards)s card, %(dealer)s deals", "%(cards)s cards, %(dealer)s deals", cards)
        % {
            "cards": cards,
            "dealer": table.seated_for(number)[engine.dealer_seat(round_number, table.state["first_dealer"])],
        },
        "submit_label": submits[step],
        "stage": step,
        "cards": cards,
        "all_cards_round": round_number == engine.ALL_CARDS_ROUND,
        "trumps": TRUMPS,
        "trump": "S" if round_number == engine.ALL_CARDS_ROUND else trump,
        "bids_total": sum(entry["bid"] for name, entry in (inputs or {}).items() if name != "_hand"),
    }


def rows(table, number, inputs=None):
    """Players from the first bidder of round `number`, with their bid and books so far."""
    seated = table.seated_for(number)
    order = engine.bidding_order(seated, min(number, engine.ROUNDS), table.state["first_dealer"])
    return [
        {
            "seat": seated.index(name),
            "name": name,
            "color": table.colors.get(name, ""),
            "bid": (inputs or {}).get(name, {}).get("bid", ""),
            "books": (inputs or {}).get(name, {}).get("books", ""),
        }
        for name in order
    ]


def rows_from_post(data, table, number, base=None):
    result = rows(table, number, base)
    for row in result:
        for field in ("bid", "books"):
            if f"{field}-{row['seat']}" in data:
                row[field] = data[f"{field}-{row['seat']}"]
    return result


def parse(data, table, number, base, problems):
    """Bids, books or both from the form; what the form does not carry is kept from `base`."""
    inputs = {}
    for seat, name in enumerate(table.seated_for(number)):
        entry = dict((base or {}).get(name, {}))
        for field in ("bid", "books"):
            key = f"{field}-{seat}"
            if key in data:
                with problems.check():
                    value = whole_number(data[key], blank=None, player=name, field=field)
                    if value is None:
                        raise InputError(gettext_noop("enter a number"), player=name, field=field)
                    entry[field] = value
        inputs[name] = entry
    trump = data.get("trump", (base or {}).get("_hand", {}).get("trump", ""))
    if trump:
        inputs["_hand"] = {"trump": trump}
    return inputs


def marks(inputs):
    """The board marks whether each player made their bid (books at least the bid)."""
    return {
        name: ["made" if engine.made_bid(entry["bid"], entry["books"]) else "missed"]
        for name, entry in inputs.items()
        if name != "_hand" and "books" in entry
    }
