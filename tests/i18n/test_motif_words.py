"""The pictograms a level is composed around are named in words, the same set on the
server's pages (puzzles.core.step_words.MOTIF_WORDS) and in the game's script (static/js/words.js's
motifName): a pictogram the engine gains without a word would be shown by its code name."""

import re

from django.conf import settings
from django.utils import translation

from generator_ext import PICTOGRAMS
from puzzles.core.step_words import MOTIF_WORDS, motif_label

WORDS_JS = settings.BASE_DIR / "static" / "js" / "words.js"


def test_every_pictogram_has_a_word_on_the_pages_and_in_the_script():
    assert set(MOTIF_WORDS) == set(PICTOGRAMS)
    script = WORDS_JS.read_text()
    body = script[script.index("export function motifName"):]
    body = body[:body.index("\n}\n")]
    assert set(re.findall(r"(\w+): pgettext\(\"motif\", \"(\w+)\"\)", body)) == {
        (name, name) for name in PICTOGRAMS}


def test_a_pictogram_is_a_word_of_the_language_and_a_letter_itself():
    with translation.override("es"):
        assert motif_label("heart") == "corazón"
        assert motif_label("A") == "A" and motif_label("7") == "7"
