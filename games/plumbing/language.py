"""Which language and which digits a page is shown in.

The language: this device's own choice (the language cookie) if it made one, else the table's
language on a table's pages, else the phone's (Accept-Language). LocaleMiddleware does the first
and the last; every view of a table is decorated with views/access.py's `table_view`, which calls
`follow_table` once it has loaded the table (loading a table changes no language: a view that
reads one for another purpose is not switched by it).

The digits: each device chooses between Western digits and the language's own (a cookie). Numbers
are formatted with Western digits everywhere; a page for a device that chose its language's own
digits has them changed once, in the finished HTML's text (so that no number is missed), never in
tags' names, links or ids, nor in scripts and styles. The value of a box for a number
(inputmode="numeric" or "decimal", or data-number for a signed one) is text people read too, and the
server reads either digits back (games/sdk/typed.py); any other input's value (hidden ones,
type="number") stays Western.
"""

import contextvars
import re

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext, pgettext_lazy

# Django's own words, carried in our catalogs as games/plumbing/first_run.py's DJANGO_WORDS are: the months
# of Django's Nepali, misspelt there (नभम्वर, अक्टुवर, अग्सत...), as the dates of the
# history and the group pages write them: "j M" (the short names) and Django's DATE_FORMAT "N j, Y".
MONTH_WORDS = (
    gettext_noop("jan"),
    gettext_noop("feb"),
    gettext_noop("mar"),
    gettext_noop("apr"),
    gettext_noop("may"),
    gettext_noop("jun"),
    gettext_noop("jul"),
    gettext_noop("aug"),
    gettext_noop("sep"),
    gettext_noop("oct"),
    gettext_noop("nov"),
    gettext_noop("dec"),
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"),
    pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"),
    pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"),
    pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."),
    pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."),
    pgettext_lazy("abbrev. month", "Dec."),
)

DIGITS_COOKIE = "cardscore_digits"
NATIVE, WESTERN = "native", "western"

# Each language's own digits, 0 to 9 (a language missing here writes Western digits).
NATIVE_DIGITS = {"ne": "०१२३४५६७८९", "ar": "٠١٢٣٤٥٦٧٨٩"}
TO_NATIVE = {language: str.maketrans("0123456789", digits) for language, digits in NATIVE_DIGITS.items()}
# With the Arabic decimal separator, so that a rate typed as ٠٫٥ reads as 0.5.
TO_WESTERN = str.maketrans(
    {"٫": ".", **{digit: str(value) for digits in NATIVE_DIGITS.values() for value, digit in enumerate(digits)}}
)

# The decimal and thousands marks a language writes beside its own digits, where they differ from
# those its locale writes beside Western ones (Arabic: ١٢٬٣٤٥٫٥٠).
NATIVE_SEPARATORS = {"ar": ("٫", "٬")}
# And beside Western digits, where the locale's own marks would differ from the page's points:
# Django's Arabic writes money as "73,00" beside scores written "+7.3".
WESTERN_SEPARATORS = {"ar": (".", ",")}

# Whether the page is written in the language's own digits (set for each request too).
_own_digits = contextvars.ContextVar("own_digits", default=False)


def western_digits(text):
    """A number typed on a phone with Devanagari or Arabic-Indic digits, with Western ones instead."""
    return text.translate(TO_WESTERN)


def text_list(items):
    """Items in one phrase, as the language lists them ("A, B and C"; "A، B وC")."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    # Translators: between the items of a list but the last two ("A, B").
    head = pgettext("list", ", ").join(items[:-1])
    # Translators: the last two items of a list ("A and B"); %(items)s may be several.
    return _("%(items)s and %(last)s") % {"items": head, "last": items[-1]}


def language_choices():
    """(code, name) of each language offered, named in itself: a reader finds their own."""
    return [(code, translation.get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES]


def chosen_language(request):
    """The language this device chose with the switcher, or None (then it follows the table or the phone)."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if code in dict(settings.LANGUAGES) else None


def follow_table(request, language):
    """On a table's page: show the table's `language`, unless this device chose its own."""
    if language and chosen_language(request) is None:
        translation.activate(language)


def digits_choice(request):
    return NATIVE if request.COOKIES.get(DIGITS_COOKIE) == NATIVE else WESTERN


def written_digits(text):
    """Plain text (not a page's HTML: see native_digits) in the digits this device chose."""
    language = translation.get_language()
    return text.translate(TO_NATIVE[language]) if _own_digits.get() and language in TO_NATIVE else text


def native_separators():
    """(decimal, thousands) marks for a number on this page, where the language's own digits have
    their own marks; None to write the locale's."""
    return NATIVE_SEPARATORS.get(translation.get_language()) if _own_digits.get() else None


def number_separators():
    """(decimal, thousands) marks for an amount on this page, or None to write the locale's: the
    language's own beside its own digits, the point beside Western digits in Arabic."""
    marks = NATIVE_SEPARATORS if _own_digits.get() else WESTERN_SEPARATORS
    return marks.get(translation.get_language())


# One pass over a page: the parts whose text is left alone (scripts, styles, text areas,
# comments, elements marked data-western such as card faces: their text only, as the region ends
# at the first closing tag of its name), tags, character references, and
# runs of digits (a run followed by a suit, ♥ or H, is a card: written as printed on the cards).
CARD_SUIT = "(?:[♠♥♦♣]|(?-i:[SHDC])(?![A-Za-z]))?"
PAGE_PARTS = re.compile(
    r"<(script|style|textarea)\b.*?</\1\s*>"
    r"|<!--.*?-->"
    r"|<([a-z]+)\b[^>]*\sdata-western\b[^>]*>.*?</\2\s*>"
    r"|(<[^>]*>)"
    r"|&#?\w+;"
    r"|[0-9]+" + CARD_SUIT,
    re.S | re.I,
)
# In a tag, only the attributes people read or hear: their values are text too.
READ_ATTRIBUTES = re.compile(r'(\s(?:aria-label|title|alt|placeholder)=")([^"]*)"')
# A box for a signed number has no numeric keypad (it has no minus key): data-number marks it.
NUMBER_BOX = re.compile(r'<input\b[^>]*\s(?:inputmode="(?:numeric|decimal)"|data-number\b)', re.I)
VALUE = re.compile(r'(\svalue=")([^"]*)"')
DIGITS_IN_TEXT = re.compile(r"&#?\w+;|[0-9]+" + CARD_SUIT)


def native_digits(html, language):
    """A page's HTML with its text written in the language's own digits."""
    table = TO_NATIVE[language]

    def text_digits(match):
        part = match.group()
        return part if part[0] == "&" or not part[-1].isdigit() else part.translate(table)

    def attribute(match):
        return f'{match[1]}{DIGITS_IN_TEXT.sub(text_digits, match[2])}"'

    def part(match):
        if match[3]:
            tag = READ_ATTRIBUTES.sub(attribute, match[3])
            return VALUE.sub(attribute, tag) if NUMBER_BOX.match(tag) else tag
        if match[1] or match[2] or match.group()[0] in "<&":
            return match.group()
        return text_digits(match)

    return PAGE_PARTS.sub(part, html)


class LanguageMiddleware:
    """After LocaleMiddleware: writes an HTML page's numbers in the language's own digits for a
    device that asked for them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        own_digits = _own_digits.set(digits_choice(request) == NATIVE)
        try:
            response = self.get_response(request)
        finally:
            _own_digits.reset(own_digits)
        if "text/html" not in response.get("Content-Type", "") or response.streaming:
            return response
        patch_vary_headers(response, ["Cookie"])
        language = translation.get_language()
        if digits_choice(request) == NATIVE and language in TO_NATIVE and response.content:  # not a 204
            response.content = native_digits(response.content.decode(response.charset), language)
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response


def switcher(request):
    """The context of the language switcher at the foot of every page (a context processor)."""
    current = translation.get_language()
    return {
        "switcher": {
            "languages": language_choices(),
            "chosen": chosen_language(request) or "",
            "native_digits": digits_choice(request) == NATIVE,
            # The digits the page is written in, for the numbers its script writes (static/cardscore.js).
            "digits": NATIVE_DIGITS.get(current, "") if digits_choice(request) == NATIVE else "",
            # The own digits of the language shown, or of every language that has them.
            "native_example": NATIVE_DIGITS[current][1:4]
            if current in NATIVE_DIGITS
            else " · ".join(digits[1:4] for digits in NATIVE_DIGITS.values()),
            # Back to this page; a page answering a post (a refused hand) is not one to go back to by
            # its address: back to the page the post came from.
            "next": request.get_full_path()
            if request.method in ("GET", "HEAD")
            else request.META.get("HTTP_REFERER", ""),
        }
    }
