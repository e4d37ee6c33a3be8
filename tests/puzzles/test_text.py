"""Titles and names that cannot spoof: each refused case is a trick seen in the wild."""

import pytest

from puzzles.core.text_safety import TextRefused, clean_text


@pytest.mark.parametrize("text, why", [
    ("Hello\u202eevil", "direction"),             # a right-to-left override
    ("Ada\u2066x\u2069", "direction"),             # an isolate
    ("Ad\u200ba", "invisible"),                   # a zero-width space
    ("Ad\u200da", "invisible"),                   # a zero-width joiner
    ("Ada\ufeff", "invisible"),                   # a byte-order mark
    ("Ada\u0085", "control"),                     # a C1 control (NEL)
    ("Ada\x07", "control"),
    ("Ada\U000e0041\U000e0042", "invisible"),     # tag characters
    ("Ada\ue000", "private-use"),
    ("Z" + "\u0301" * 57, "accents"),             # 57 combining marks
    ("Queens Staff ✔ Оfficial", "badge"),         # the check mark first
    ("Оfficial level", "mixes scripts"),          # a Cyrillic О
    ("pаypal", "mixes scripts"),                  # a Cyrillic а inside a Latin word
    ("Staff pick", "staff"),
    ("ADMIN", "admin"),
    ("the admins", "admin"),
    ("Official #1", "official"),
    ("Q u e e n s", "queens"),
    ("by queens.team", "queens"),
    ("moderator2", "moderator"),
    ("<b>hi</b>", "markup"),
    # Look-alikes of reserved words, caught by their confusable skeleton (Unicode TR39):
    ("ɑdmin", "admin"),                           # a Latin alpha
    ("Admın", "admin"),                           # a dotless i
    ("ᴀᴅᴍɪɴ", "admin"),                           # small capitals
    ("Staƒƒ", "staff"),                           # an f with a hook
    ("Adm1n", "admin"),                           # digits for letters
    ("0fficial", "official"),
    ("moderat0r", "moderator"),
    ("adrnin", "admin"),                          # r and n for m
    ("Ｑｕｅｅｎ ｓｔａｆｆ", "staff"),                 # full width (NFKC)
])
def test_spoofing_text_is_refused_with_a_reason(text, why):
    with pytest.raises(TextRefused, match=why):
        clean_text("title", text, 60)


@pytest.mark.parametrize("text, stored", [
    ("  Seven   seas ", "Seven seas"),
    ("Ｆｕｌｌ ｗｉｄｔｈ", "Full width"),         # NFKC folds compatibility forms
    ("Crème brûlée", "Crème brûlée"),
    ("Tiếng Việt", "Tiếng Việt"),                 # two stacked marks (decomposed) are fine
    ("Москва", "Москва"),                          # one script: Cyrillic alone is fine
    ("東京のパズル", "東京のパズル"),                  # Japanese mixes its own scripts
    ("Badminton night", "Badminton night"),        # a reserved word inside another is fine
    ("Alice in Wonderland", "Alice in Wonderland"),  # l and i read alike, but no word is kept
    ("Stafford", "Stafford"),
    ("Level 7 ★", "Level 7 ★"),
])
def test_plain_text_of_any_script_is_kept(text, stored):
    assert clean_text("title", text, 60) == stored


def test_the_length_counts_after_normalising():
    with pytest.raises(TextRefused, match="at most 5"):
        clean_text("maker_name", "abcdef", 5)
