"""Text a player writes for others to read (a level's title, a maker's name): plain text that
cannot spoof. It is normalised (NFKC, spaces collapsed), and refused with a sentence when it
holds invisible or direction-changing characters, controls, tag characters, a pile of
combining marks, a word mixing scripts (a Cyrillic О in "Оfficial"), a badge (✔), or a word
that would pass it off as the site's own ("staff", "admin", "official", "Queens")."""

from __future__ import annotations

import re
import unicodedata

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
    spelled = "".join(word for word in words if len(word) == 1)
    for reserved in RESERVED_WORDS:
        if reserved in spelled or any(
                word.rstrip("0123456789") in (reserved, reserved + "s") for word in words):
            raise TextRefused(f"{field} cannot contain {reserved!r}: it would look like it "
                              "comes from the site")
    return value
