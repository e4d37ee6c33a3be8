"""Text a player writes for others to read (a level's title, a maker's name): plain text that
cannot spoof. It is normalised (NFKC, spaces collapsed), and refused with a sentence when it
holds invisible or direction-changing characters, controls, tag characters, a pile of
combining marks, a word mixing scripts (a Cyrillic О in "Оfficial"), a badge (✔), or a word
that would pass it off as the site's own ("staff", "admin", "official", "Queens"), look-alikes
included: words are compared by their confusable skeleton (Unicode TR39, through ICU), so
"ɑdmin", "ᴀᴅᴍɪɴ", "Staƒƒ" and "Adm1n" read as the words they imitate."""

from __future__ import annotations

import re
import unicodedata

import icu

# Categories never shown as text: controls (C0, C1), format characters (bidi overrides and
# isolates, zero-width joiners and spaces, tag characters, the BOM), surrogates, private use
# and unassigned code points.
REFUSED_CATEGORIES = {"Cc": "control characters", "Cf": "invisible or direction characters",
                      "Cs": "broken characters", "Co": "private-use characters",
                      "Cn": "unassigned characters"}
MAX_COMBINING_RUN = 2  # accents stack two deep in real words; more is a smudge over others
BADGES = set("✓✔☑✅🗸🛡🔰")
RESERVED_WORDS = ("staff", "admin", "official", "moderator", "verified", "queens")
# Scripts that are written together in one word: Japanese mixes these three.
SCRIPT_FAMILIES = {"HIRAGANA": "JAPANESE", "KATAKANA": "JAPANESE", "CJK": "JAPANESE"}


# TR39's skeletons are made for text compared with its case (they keep "I" and "i" apart, map
# "1" and "I" to "l" and leave small capitals alone); names here are compared without case.
# So, on top of the skeleton, as little as that needs: small capitals are read as their
# letters before it, and after it "l" (which "1", "I" and "|" became) is read as "i", since
# lower-case "i", "l" and "1" are one stroke apart.
SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "
AFTER_SKELETON = str.maketrans({"l": "i"})
_spoof_checker = icu.SpoofChecker()  # its getSkeleton is const: safe from any thread


def read_as(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if name.startswith(SMALL_CAPITAL) and len(name) == len(SMALL_CAPITAL) + 1:
        return name[-1].lower()
    return ch


def skeleton(text: str) -> str:
    """How `text` looks, without case, accents or look-alike letters: two texts with the same
    skeleton read alike ("Adm1n", "ɑdmin" and "admin" do). Unicode TR39's skeleton (ICU's
    SpoofChecker) of the case-folded text, then case-folded again, its marks dropped and the
    folding above applied."""
    folded = "".join(map(read_as, unicodedata.normalize("NFKC", text).casefold()))
    looks = unicodedata.normalize("NFD", _spoof_checker.getSkeleton(0, folded).casefold())
    return "".join(ch for ch in looks
                   if not unicodedata.category(ch).startswith("M")).translate(AFTER_SKELETON)


# Each reserved word (and its plural) as it looks.
RESERVED_LOOKS = {skeleton(form): word for word in RESERVED_WORDS for form in (word, word + "s")}


class TextRefused(ValueError):
    """The text cannot be shown to others; the message says why."""


def script_of(ch: str) -> str | None:
    """The script of a letter by its Unicode name (LATIN, CYRILLIC, GREEK...); None for digits,
    marks and punctuation, which go with any script."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "UNKNOWN").split(" ")[0]
    return SCRIPT_FAMILIES.get(word, word)


def clean_text(field: str, value: str, limit: int) -> str:
    """`value` as it will be stored and shown, or TextRefused naming the problem."""
    value = unicodedata.normalize("NFKC", value)
    if "<" in value or ">" in value:
        raise TextRefused(f"{field} cannot hold markup")
    combining = 0
    for ch in value:
        category = unicodedata.category(ch)
        if category in REFUSED_CATEGORIES and ch not in " \t\r\n":
            raise TextRefused(f"{field} cannot hold {REFUSED_CATEGORIES[category]} "
                              f"(U+{ord(ch):04X})")
        combining = combining + 1 if category.startswith("M") else 0
        if combining > MAX_COMBINING_RUN:
            raise TextRefused(f"{field} stacks more than {MAX_COMBINING_RUN} accents on one "
                              "letter")
        if ch in BADGES:
            raise TextRefused(f"{field} cannot hold a badge like {ch}")
    for word in re.findall(r"\w+", value):
        scripts = {s for s in map(script_of, word) if s}
        if len(scripts) > 1:
            raise TextRefused(f"{field} mixes scripts in the word {word!r} "
                              f"({' and '.join(sorted(s.lower() for s in scripts))}), as "
                              "look-alike letters do")
    value = " ".join(value.split())
    if len(value) > limit:
        raise TextRefused(f"{field} is {len(value)} characters long; at most {limit}")
    words = re.findall(r"[^\W_]+", value.casefold())
    # Letters spelled apart ("Q u e e n s", "a.d.m.i.n") read as the word they spell.
    spelled = skeleton("".join(word for word in words if len(word) == 1))
    looks = {skeleton(word.rstrip("0123456789")) for word in words}
    for look, reserved in RESERVED_LOOKS.items():
        if look in looks or look in spelled:
            raise TextRefused(f"{field} cannot contain {reserved!r}: it would look like it "
                              "comes from the site")
    return value
