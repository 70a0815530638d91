"""The expression pad of the 24 Game, for a solo puzzle and for the table race alike.

The pad keeps no state on the server: the form carries the keys pressed so far ("c0".."c3" for
the four cards, operators and brackets), and every press is checked by the engine at once.
A deal is anything with `cards`, four [rank, suit] pairs: a Puzzle or the race's current deal.
"""

from scoring import expressions24
from scoring.errors import InputError, gettext_noop

from ..api import left_to_right

SHOWN = {"+": "+", "-": "−", "*": "×", "/": "÷", "(": "(", ")": ")"}  # operator keys as the pad shows them


def card_values(deal):
    return [expressions24.card_value(rank, field="card") for rank, _suit in deal.cards]


def read_keys(text):
    """The keys pressed so far, from the form's hidden field."""
    keys = (text or "").split()
    if len(keys) > expressions24.MAX_TOKENS:
        raise InputError(gettext_noop("the expression is too long"), field="expression")
    for key in keys:
        if key not in SHOWN and key not in ("c0", "c1", "c2", "c3"):
            raise InputError(gettext_noop("unknown key %(key)s"), params={"key": key[:10]}, field="expression")
    return keys


def engine_tokens(deal, keys):
    """Cards as their ranks (a card can be pressed once); operators as they are."""
    used = [key for key in keys if key.startswith("c")]
    if len(used) != len(set(used)):
        raise InputError(gettext_noop("each card can be used once"), field="expression")
    return [deal.cards[int(key[1])][0] if key.startswith("c") else key for key in keys]


def press(deal, keys, key):
    """The keys after pressing `key` ("back" and "clear" included); InputError if it cannot go there."""
    if key == "back":
        return keys[:-1]
    if key == "clear":
        return []
    new_keys = read_keys(" ".join([*keys, key]))
    if len(new_keys) != len(keys) + 1:
        raise InputError(gettext_noop("press one key at a time"), field="expression")
    expressions24.check_partial(engine_tokens(deal, new_keys), card_values(deal))
    return new_keys


def pretty(text):
    """ASCII arithmetic as the pad shows it: × ÷ −, kept left to right in a right-to-left page."""
    return left_to_right(text.translate(str.maketrans({"*": "×", "/": "÷", "-": "−"})))


def shown_ascii(deal, keys):
    """The expression in plain ASCII, as the engine and the table file write it."""
    return "".join(deal.cards[int(key[1])][0] if key.startswith("c") else key for key in keys)


def pretty_message(message):
    """An engine message with the operators it quotes as the pad shows them."""
    for ascii_key, symbol in SHOWN.items():
        message = message.replace(f"'{ascii_key}'", f"'{symbol}'")
    return message


def shown(deal, keys):
    """The expression as the player sees it: A 2..10 J Q K and × ÷ −."""
    return " ".join(deal.cards[int(key[1])][0] if key.startswith("c") else SHOWN[key] for key in keys)


def evaluate(deal, keys):
    """The exact value of a finished expression (every card used); InputError otherwise."""
    return expressions24.check_partial([*engine_tokens(deal, keys), "="], card_values(deal))
