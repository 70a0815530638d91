"""The Nepali and Arabic catalogs are complete and agree with the code: every entry translated, none
fuzzy, each placeholder kept, and no string marked in the code missing from them (the catalogs
are made again from the code, as `scripts/catalogs` makes them, and compared)."""

import os
import re
import shutil
import subprocess

import polib
import pytest
from django.conf import settings

from tests.fixtures import PROJECT_DIR

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[sd]")
SOURCES = ["cardscore", "games", "scoring", "static", "templates", "scripts", "locale", "manage.py"]


def catalog(language, root=PROJECT_DIR):
    return polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / "django.po"))


def entry_key(entry):
    return entry.msgctxt, entry.msgid, entry.msgid_plural


def translations(entry):
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language):
    po = catalog(language)
    assert po.metadata["Language"] == language
    assert "fuzzy" not in po.metadata_is_fuzzy
    assert [entry.msgid for entry in po if not entry.obsolete and "fuzzy" in entry.flags] == []
    assert [entry.msgid for entry in po.untranslated_entries()] == []
    assert [entry.msgid for entry in po if any(not text.strip() for text in translations(entry))] == []


def placeholders(text):
    """The placeholders of a text: each named one once (a sentence may say "%(hand)s by %(hand)s" in
    one word, Nepali's "%(hand)sपिच्छे"), and every unnamed one, in order of kind, as often as it is."""
    found = PLACEHOLDER.findall(text)
    return sorted({value for value in found if "(" in value}) + sorted(value for value in found if "(" not in value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders_of_its_english(language):
    wrong = []
    for entry in catalog(language):
        english = placeholders(entry.msgid)
        for text in translations(entry):
            kept = placeholders(text)
            # A plural form may leave a value out ("one hand" needs no count), and may use any of
            # the English forms' values; a text for one form only must keep all of its values.
            if entry.msgid_plural:
                if not set(kept) <= set(english) | set(PLACEHOLDER.findall(entry.msgid_plural)):
                    wrong.append((entry.msgid, text))
            elif kept != english:
                wrong.append((entry.msgid, text))
    assert wrong == []


def test_the_catalogs_hold_exactly_the_strings_marked_in_the_code(tmp_path):
    for name in SOURCES:
        source = PROJECT_DIR / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy(source, tmp_path / name)
    (tmp_path / ".venv").symlink_to(PROJECT_DIR / ".venv")
    # The app's own settings: the test settings add a test-only game from tests/, not copied here.
    subprocess.run(
        [str(tmp_path / "scripts" / "catalogs")],
        check=True,
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "cardscore.settings"},
    )
    for language in LANGUAGES:
        committed = {entry_key(entry) for entry in catalog(language)}
        from_code = {entry_key(entry) for entry in catalog(language, tmp_path)}
        assert {
            "not in the catalog": sorted(from_code - committed, key=str),
            "no longer in the code": sorted(committed - from_code, key=str),
        } == {"not in the catalog": [], "no longer in the code": []}, f"run scripts/catalogs for {language}"
