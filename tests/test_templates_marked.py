"""Every word a template shows is marked for translation: Nepali and Arabic phones see no English.

The check reads the templates as text: it takes out what translate and blocktranslate mark, the
comments, scripts and styles, and every other template tag and variable (their words come from
Python, marked there); any letter left in a text node, or in an attribute the browser or
static/*.js shows, is an English word nobody can translate. It fails listing file:line.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted([*ROOT.glob("templates/**/*.html"), *ROOT.glob("games/*/templates/**/*.html")])

# What the browser shows or reads aloud, and the data-* attributes whose words static/*.js puts
# on the screen (the words travel in the page so that they work offline, with no catalog to fetch).
SHOWN_ATTRIBUTES = {
    "title",
    "aria-label",
    "aria-description",
    "aria-valuetext",
    "placeholder",
    "alt",
    "data-confirm",
    "data-question",
    "data-online",
    "data-offline",
    "data-text",
    "data-kept",
    "data-saved-first",
    "data-changed-first",
    "data-refused",
    "data-hand-name",
    "data-winner-note",
    "data-less",
    "data-more",
}
SHOWN_ATTRIBUTE_PREFIXES = ("data-waiting",)  # one attribute for each plural category
# Not words in any language: the app's name and the sign for a sum.
UNTRANSLATED = re.compile(r"CardScore|Σ")

MARKED = re.compile(
    r"\{%\s*(?:blocktranslate|blocktrans)\b.*?%\}.*?\{%\s*(?:endblocktranslate|endblocktrans)\s*%\}"
    r"|\{%\s*(?:translate|trans)\s.*?%\}"
    r"|\{#.*?#\}"
    r"|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}"
    r"|<script\b.*?</script>|<style\b.*?</style>",
    re.DOTALL,
)
TEMPLATE_CODE = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
TAG = re.compile(r"<[^>]*>")
ATTRIBUTE = re.compile(r"""([\w:.@-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
LETTER = re.compile(r"[^\W\d_]")


def _blank(match):
    """The same number of lines, so that what is left keeps its line numbers."""
    return "\n" * match.group().count("\n")


def _unmarked(source):
    """(line, words) for each piece of English a template shows outside translate tags."""
    text = TEMPLATE_CODE.sub(_blank, MARKED.sub(_blank, source))
    found = []

    def report(start, words):
        words = UNTRANSLATED.sub("", re.sub(r"&\w+;|&#\w+;", " ", words))
        if LETTER.search(words):
            found.append((text.count("\n", 0, start) + 1, " ".join(words.split())))

    position = 0
    for tag in TAG.finditer(text):
        report(position, text[position : tag.start()])
        for name, double, single in ATTRIBUTE.findall(tag.group()):
            name = name.lower()
            if name in SHOWN_ATTRIBUTES or name.startswith(SHOWN_ATTRIBUTE_PREFIXES):
                report(tag.start(), f"{name}: {double or single}" if LETTER.search(double or single) else "")
        position = tag.end()
    report(position, text[position:])
    return found


def test_every_template_word_is_marked_for_translation():
    unmarked = [
        f"{path.relative_to(ROOT)}:{line}: {words}" for path in TEMPLATES for line, words in _unmarked(path.read_text())
    ]
    assert not unmarked, "Words not marked for translation:\n" + "\n".join(unmarked)


def test_the_check_finds_what_is_not_marked():
    source = (
        '{% load i18n %}<p>{% translate "Saved" %}</p>\n<h2>Board</h2>\n'
        '<button aria-label="more">+</button>{# a comment #}<b>{{ name }}</b>\n'
        "<p>{% blocktranslate %}Hello {{ name }}{% endblocktranslate %} ♠ CardScore Σ</p>"
        '<input placeholder="{% translate \'e.g. Asha\' %}" data-board="/t/x/">'
    )
    assert _unmarked(source) == [(2, "Board"), (3, "aria-label: more")]
    assert len(TEMPLATES) > 40
