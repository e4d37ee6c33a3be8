"""The translation catalogues (locale/<lang>/LC_MESSAGES): every string translated, none
fuzzy, every placeholder kept, and the compiled .mo the site reads says what the .po says
(both are committed; `make messages` rebuilds them)."""

import gettext
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)s")
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def test_every_served_language_has_both_catalogues():
    served = {code for code, _ in settings.LANGUAGES} - {"en"}
    folders = {path.parts[-3] for path in CATALOGUES}
    assert {f.lower().replace("_", "-") for f in folders} == served
    for folder in folders:
        assert {p.stem for p in (LOCALE / folder / "LC_MESSAGES").glob("*.po")} == {
            "django", "djangojs"}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_every_string_is_translated_with_its_placeholders(path):
    po = polib.pofile(str(path))
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []
    for entry in po:
        wanted = set(PLACEHOLDER.findall(entry.msgid + entry.msgid_plural))
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for form in forms:
            # One-form languages may drop a count the sentence makes plain ("Two stars").
            assert set(PLACEHOLDER.findall(form)) <= wanted, (entry.msgid, form)
            if not entry.msgid_plural:
                assert set(PLACEHOLDER.findall(form)) == wanted, (entry.msgid, form)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_the_compiled_catalogue_matches_its_source(path):
    with open(path.with_suffix(".mo"), "rb") as compiled:
        mo = gettext.GNUTranslations(compiled)
    for entry in polib.pofile(str(path)):
        if entry.msgid_plural:
            for n in (1, 7):
                got = (mo.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n)
                       if entry.msgctxt else mo.ngettext(entry.msgid, entry.msgid_plural, n))
                assert got in entry.msgstr_plural.values(), (entry.msgid, got)
        else:
            got = mo.pgettext(entry.msgctxt, entry.msgid) if entry.msgctxt else mo.gettext(
                entry.msgid)
            assert got == entry.msgstr, (entry.msgid, "run make messages")


# One word for one thing in each language, in the templates' catalogue and the scripts'
# alike: Spanish said "Congelaciones" on the profile and "comodín" in the win dialog.
GLOSSARY = {
    "freeze": {"es": r"comod[ií]n", "fr": r"\bgels?\b", "de": r"\bJoker\b",
               "pt_BR": r"congelamentos?", "zh_Hans": r"冻结"},
}


@pytest.mark.parametrize("term", sorted(GLOSSARY))
def test_a_term_has_one_word_in_every_language(term):
    for language, word in GLOSSARY[term].items():
        for path in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
            for entry in polib.pofile(str(path)):
                if not re.search(rf"\b{term}", entry.msgid, re.IGNORECASE):
                    continue
                forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
                for form in forms:
                    assert re.search(word, form, re.IGNORECASE), (path.name, entry.msgid, form)
