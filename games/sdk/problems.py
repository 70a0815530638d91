"""Bad input (scoring.errors.InputError) as a person reads it, in their language.

An InputError carries an English template marked for translation and its values apart; every
page, message and command that shows one goes through here, so each is translated the same way.
"""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scoring.errors import InputError

# Where a problem is, before what is wrong: one pattern for each combination of a hand, a
# player and a field, so that a language can order them its own way.
WHERE = {
    # Translators: where a problem is, then what is wrong: "Hand 3, Hari, maal: must be a whole number".
    (True, True, True): pgettext_lazy("problem", "%(hand)s, %(player)s, %(field)s: %(message)s"),
    (True, True, False): pgettext_lazy("problem", "%(hand)s, %(player)s: %(message)s"),
    (True, False, True): pgettext_lazy("problem", "%(hand)s, %(field)s: %(message)s"),
    (True, False, False): pgettext_lazy("problem", "%(hand)s: %(message)s"),
    (False, True, True): pgettext_lazy("problem", "%(player)s, %(field)s: %(message)s"),
    (False, True, False): pgettext_lazy("problem", "%(player)s: %(message)s"),
    (False, False, True): pgettext_lazy("problem", "%(field)s: %(message)s"),
}


def message(error: InputError) -> str:
    """What is wrong, translated, with its values filled in (a wrapped problem translated too)."""
    template = _(error.message)
    if not error.params:
        return template
    return template % {
        key: message(value) if isinstance(value, InputError) else value for key, value in error.params.items()
    }


def text(error, game=None):
    """The whole problem in one line: where it is and what is wrong. With the game, a field is
    named by its label; without it (a table file's problem), by its key in the file."""
    if game is None:
        field = error.field
        hand = _("hand %(number)s") % {"number": error.hand}
    else:  # a key the game gives no label is no word to the players: left out
        field = game.field_label(error.field) if error.field is not None else None
        hand = _("%(hand)s %(number)s") % {"hand": game.hand_word, "number": error.hand}
    place = (error.hand is not None, error.player is not None, bool(field))
    if place not in WHERE:
        return message(error)
    return WHERE[place] % {"hand": hand, "player": error.player, "field": field, "message": message(error)}


def shown(error):
    """A problem as a template shows it next to its field: its message, translated, and where it is."""
    return {"message": message(error), "field": error.field, "player": error.player, "hand": error.hand}
