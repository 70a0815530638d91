"""A table's history in words: each change to a hand as a person at the table would tell it.

Each game words its own inputs (its descriptor's `history_words`, in the game's folder: "maal
counted — 2 tiplu, 1 poplu, 1 jhiplu = 13"); what every game shares is here: the headline of a
change, a whole hand told player by player (entered, deleted, restored), a correction told as
what the changed inputs were and are now, and a readable wording for any input a game leaves
to it (never a Python repr).
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games.models import HandChange
from games.pages import events
from games.services import draw

HEADLINES = {
    HandChange.ENTERED: gettext_lazy("%(title)s entered"),
    HandChange.CORRECTED: gettext_lazy("%(title)s corrected"),
    HandChange.DELETED: gettext_lazy("%(title)s deleted"),
    HandChange.RESTORED: gettext_lazy("%(title)s restored"),
    HandChange.NOTED: gettext_lazy("%(title)s: note written"),
    HandChange.PHOTOGRAPHED: gettext_lazy("%(title)s: photo changed"),
    HandChange.EVENT: gettext_lazy("%(when)s: the table changed"),
    HandChange.EVENT_TAKEN_BACK: gettext_lazy("%(when)s: a change taken back"),
}
HAND = "_hand"  # the inputs that belong to the hand, not to a player (docs/FORMAT.md)


@dataclass(frozen=True)
class Line:
    """One line under a change: a player ("" for the hand as a whole) and either their whole
    entry in words, or, for a correction, what the inputs that changed were and are now."""

    who: str
    words: str = ""
    old: str = ""
    new: str = ""
    corrected: bool = False


def rows(table, changes):
    """The history page's rows: each change with its headline, its lines and, for the save that
    completed a hand, how long the hand took ("seconds", else None)."""
    timed = set()  # the hands whose completing save is told already
    found = []
    for change in changes:
        found.append(
            {
                "change": change,
                "headline": headline(table, change),
                "lines": lines(table, change),
                "seconds": _took(change, timed),
            }
        )
    return found


def _took(change, timed):
    """The hand's time, on the change that completed it: changes come newest first, so of the saves
    that entered a hand (Thirteen's bids, then its books), the first met is the completing one."""
    if change.action not in (HandChange.ENTERED, HandChange.RESTORED) or change.hand is None:
        return None
    if change.hand_id in timed:
        return None
    timed.add(change.hand_id)
    return change.hand.seconds


def headline(table, change):
    """ "Hand 3 entered", "Round 4 · books corrected"; the title is what the entry form called the hand."""
    if change.action in (HandChange.EVENT, HandChange.EVENT_TAKEN_BACK):
        return HEADLINES[change.action] % {"when": between(table, change.number)}
    title = change.title or table.game_descriptor.hand_name(change.number)
    return HEADLINES[change.action] % {"title": title}


def drawn(table):
    """What the server drew for the table when it was made, as the history's first change (None:
    nothing was drawn): "Before hand 1: the draw", "Seats drawn: …", "First dealer drawn: …"."""
    lines = draw.words(table.draw)
    if not lines:
        return None
    return {"headline": _("%(when)s: the draw") % {"when": between(table, 0)}, "lines": lines}


def between(table, after):
    """Where an event made after `after` hands sits: "Between hand 3 and 4", "Before hand 1"."""
    game = table.game_descriptor
    if after == 0:
        return _("Before %(hand)s 1") % {"hand": game.hand_word}
    return _("Between %(hand)s %(number)s and %(next)s") % {"hand": game.hand_word, "number": after, "next": after + 1}


def lines(table, change):
    """What a change did: a note the note, a correction field by field, any other change the whole
    hand it put in or took out."""
    if change.action == HandChange.NOTED:
        return [Line("", words=change.note or _("the note was removed"))]
    if change.action == HandChange.PHOTOGRAPHED:
        return []
    if change.action in (HandChange.EVENT, HandChange.EVENT_TAKEN_BACK):
        return [Line("", words=events.said(table, change.after or change.before))]
    if change.action == HandChange.CORRECTED:
        return corrections(table, change.before, change.after)
    return told(table, change.before if change.action == HandChange.DELETED else change.after)


def told(table, inputs):
    """A whole hand, one line per player who has something to say (the hand's own inputs first)."""
    found = []
    for who, entry in _entries(table, inputs):
        said = _joined(words(table, name, value, entry) for name, value in _in_order(table, entry))
        if said:
            found.append(Line(who, words=said))
    return found


def corrections(table, before, after):
    """One line per player whose inputs changed: the changed inputs before, and after."""
    before, after = dict(_entries(table, before)), dict(_entries(table, after))
    found = []
    for who in dict.fromkeys([*before, *after]):
        old, new = before.get(who, {}), after.get(who, {})
        changed = [name for name, _value in _in_order(table, {**old, **new}) if old.get(name) != new.get(name)]
        if changed:
            found.append(
                Line(
                    who,
                    corrected=True,
                    old=_joined(words(table, name, old[name]) for name in changed if name in old),
                    new=_joined(words(table, name, new[name]) for name in changed if name in new),
                )
            )
    return found


def words(table, name, value, entry=None):
    """One input in words. `entry` is the player's whole entry when their whole hand is told:
    an input that goes without saying there (no dublee, no failed win) gives "". Without it (a
    correction), every value is said."""
    game = table.game_descriptor
    said = game.history_words(table, name, value, entry)
    if said is not None:
        return str(said)
    if entry is not None and (value is None or value is False):
        return ""
    label = str(game.field_label(name) or name.replace("_", " "))
    # The label starts a phrase in the middle of a line ("Asha: card 9").
    return _("%(label)s %(value)s") % {"label": label[:1].lower() + label[1:], "value": value_words(value)}


def value_words(value):
    """Any stored value, readable: yes/no, lists and mappings spelt out, – for nothing."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        return separator().join(value_words(item) for item in value) or "–"
    if isinstance(value, dict):
        return "(%s)" % separator().join(
            f"{str(key).replace('_', ' ')} {value_words(item)}" for key, item in value.items()
        )
    return str(value)


def separator():
    """Between the items of a list in a line ("winner, maal 10"): Arabic writes its own comma."""
    return pgettext("between the items of a list", ", ")


def _entries(table, inputs):
    """(player, entry) of a hand's inputs: what belongs to the whole hand first (as ""), then the
    players in seat order (a name the table no longer has, after a rename, last)."""
    inputs = inputs or {}
    if isinstance(inputs.get(HAND), dict):
        yield "", inputs[HAND]
    seats = {name: seat for seat, name in enumerate(table.players)}
    for who in sorted((who for who in inputs if who != HAND), key=lambda who: (seats.get(who, len(seats)), who)):
        if isinstance(inputs[who], dict):
            yield who, inputs[who]


def _in_order(table, entry):
    """An entry's inputs in the order the game names its fields (PostgreSQL keeps a JSON
    object's keys in an order of its own), any other input after them."""
    order = {name: index for index, name in enumerate(table.game_descriptor.field_labels)}
    return sorted(entry.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))


def _joined(phrases):
    return separator().join(phrase for phrase in phrases if phrase)
