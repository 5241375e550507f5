"""The game's texts in six languages, one language in memory at a time.

Each language is a module (brisca/lang/en.py, es.py, ...) defining one string `S`: one line per key,
"key=value". A value "a|b|c" is a tuple; consecutive lines with the same key (the help pages) are a
tuple of tuples. `load(code)` imports only that module, keeps its string and drops the module, so the
RAM cost of a language is about the size of its text, and switching languages frees the previous one.
Lookups search the string in place (a fast C search; the result is a new small string, so the UI should
fetch a text once per screen, not per frame).

Unknown language codes give English. A key missing in a language gives the English text (English is
imported only then). An unknown key gives the key itself, so a typo shows on screen without a crash.

Keys holding tuples:
  "help"       pages of <= 8 lines of <= 26 characters; line 0 of a page is its title
  "ranks"      10 rank names of the 40-card Latin decks: A 2 3 4 5 6 7 Jack Knight King
  "ranks_fr"   13 rank names of the French pack: A 2 3 4 5 6 7 8 9 10 J Q K
  "suits_es", "suits_it", "suits_hr", "suits_fr"
               4 suit names per deck style: coins/diamonds, cups/hearts, swords/spades, clubs
  "suitof_<style>" (optional) the suit names as used inside a card name, when that form differs
  "card"       card name format: %(r)s = rank name, %(s)s = suit name
Formats use %s / %d in the same number and order as English (the tests check this).
"""

import sys

LANGS = ("en", "es", "it", "hr", "de", "pl")
NAMES = ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")
STYLES = ("es", "it", "hr", "fr")

_english = None


def name(code):
    """The language's own name ("Español" for "es"); the code itself if unknown."""
    for i in range(len(LANGS)):
        if LANGS[i] == code:
            return NAMES[i]
    return code


def _import_text(code):
    """Import brisca/lang/<code>.py, keep its string S and forget the module."""
    modname = "brisca.lang." + code
    mod = __import__(modname, None, None, ("S",), 0)
    text = mod.S
    sys.modules.pop(modname, None)
    try:
        delattr(sys.modules["brisca.lang"], code)
    except (AttributeError, KeyError):
        pass
    if text[:1] != "\n":
        text = "\n" + text
    return text


def _english_text():
    global _english
    if _english is None:
        _english = _import_text("en")
    return _english


def _value(line):
    return tuple(line.split("|")) if "|" in line else line


def find(text, key):
    """Value of `key` in a language text: str, tuple, tuple of tuples, or None if absent."""
    tag = "\n" + key + "="
    start = text.find(tag)
    if start < 0:
        return None
    start += len(tag)
    end = text.find("\n", start)
    if end < 0:
        end = len(text)
    first = _value(text[start:end])
    if not text.startswith(tag, end):
        return first
    pages = [first]
    while text.startswith(tag, end):
        start = end + len(tag)
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        pages.append(_value(text[start:end]))
    return tuple(pages)


def keys(text):
    """Every key of a language text, in file order, once each."""
    out = []
    start = 0
    while True:
        start = text.find("\n", start)
        if start < 0:
            return out
        start += 1
        eq = text.find("=", start)
        if eq < 0:
            return out
        key = text[start:eq]
        if not out or out[-1] != key:
            out.append(key)


class Texts:
    """Lookup of one language's texts: T("key"), or T("key", args...) formatted with %."""

    def __init__(self, code, text):
        self.code = code
        self.text = text

    def get(self, key):
        """Text for `key`: this language's, else English, else the key itself."""
        value = find(self.text, key)
        if value is None and self.code != "en":
            value = find(_english_text(), key)
        if value is None:
            return key
        return value

    def __call__(self, key, *args):
        value = self.get(key)
        if args:
            try:
                return value % args
            except (TypeError, ValueError):
                return value
        return value

    def __getitem__(self, key):
        return self.get(key)

    def __contains__(self, key):
        return find(self.text, key) is not None

    def card(self, rank, suit, style):
        """Card name, e.g. "As de oros". rank indexes "ranks" ("ranks_fr" for style "fr")."""
        ranks = self.get("ranks_fr" if style == "fr" else "ranks")
        suits = find(self.text, "suitof_" + style) or self.get("suits_" + style)
        return self.get("card") % {"r": ranks[rank], "s": suits[suit]}


def load(code):
    """Texts for language `code` ("en", "es", ...); English if the code is unknown or broken."""
    global _english
    if code not in LANGS:
        code = "en"
    if code == "en":
        return Texts("en", _english_text())
    _english = None  # one language in memory: English comes back only if a key is missing
    try:
        text = _import_text(code)
    except (ImportError, AttributeError, SyntaxError, MemoryError):
        return Texts("en", _english_text())
    return Texts(code, text)
