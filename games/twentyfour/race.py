"""The table race of the 24 Game: one shared deal at a time, won by the first correct answer."""

from types import SimpleNamespace
from urllib.parse import unquote

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import solver24

from ..api import Conflict, Table, next_hand_number, record_hand, save_current_hand
from . import pad


def current_deal(table):
    """The deal every phone is playing: its number and cards (as the pad reads them)."""
    deal = table.current_hand
    return SimpleNamespace(number=deal["deal"], cards=deal["cards"]) if deal.get("deal") else None


def ensure_deal(table):
    """Deal the next cards if the table has none yet (a new or imported race)."""
    if current_deal(table):
        return
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if not current_deal(locked):
            _deal_next(locked)
    table.current_hand = locked.current_hand


PLAYER_COOKIE = "player-{table}"


def pad_context(request, table, keys=(), **extra):
    """The race pad for this phone: who plays on it, the keys pressed, the cards (used ones turned)."""
    ensure_deal(table)
    deal = current_deal(table)
    used = {int(key[1]) for key in keys if key.startswith("c")}
    last = table.hands.order_by("-number").first()
    me = request.POST.get("player") or unquote(request.COOKIES.get(PLAYER_COOKIE.format(table=table.pk), ""))
    return {
        "player_cookie": PLAYER_COOKIE.format(table=table.pk),
        "last_win": last
        and {
            "number": last.number,
            "answer": pad.pretty(last.inputs["_hand"]["answer"]),
            "player": next(name for name, entry in last.inputs.items() if name != "_hand" and entry["won"]),
        },
        "me": me,
        "chosen": me in table.seated,
        "keys": " ".join(keys),
        "shown": pad.shown(deal, keys),
        "race_cards": [
            {"index": index, "rank": rank, "suit": suit, "used": index in used}
            for index, (rank, suit) in enumerate(deal.cards)
        ],
        **extra,
    }


def _deal_next(table):
    dealt = solver24.deal(difficulty=table.rules["difficulty"] or None)
    save_current_hand(table, {"deal": next_hand_number(table), "cards": [list(card) for card in dealt.cards]})


def win(table, player, keys, deal_number):
    """Record the deal for `player` if their answer makes 24 and nobody was quicker; deal again.

    Returns Recorded, its table dealt again; InputError for a wrong answer,
    Conflict when the deal was already won on another phone.
    """
    deal = current_deal(table)
    if deal is None or deal.number != deal_number:
        raise Conflict(_("Someone was quicker: this deal is already won."))
    answer = pad.shown_ascii(deal, keys)
    inputs = {
        "_hand": {"cards": [rank + suit for rank, suit in deal.cards], "answer": answer},
        **{name: {"won": name == player} for name in table.seated},
    }
    with transaction.atomic():
        recorded = record_hand(table, inputs, deal_number, by=player)
        _deal_next(recorded.table)
    return recorded
