"""The game's texts in six languages, one language in memory at a time.

Each language is a module (brisca/lang/en.py, es.py, ...) defining `S`, a tuple of text chunks, each
under 1 KB (so loading needs no large free block on a fragmented heap). A chunk starts with a newline and
holds lines "key=value". A value "a|b|c" is a tuple; consecutive lines with the same key (the help
pages) are a tuple of tuples and may run on into the next chunk. `load(code)` imports only that module,
keeps its chunks and drops the module, so a language costs about the size of its text, and switching
languages frees the previous one. Lookups search the chunks in place (a fast C search; the result is a
new small string, so the UI should fetch a text once per screen, not per frame).

Unknown language codes give English. A key missing in a language gives the English text (English is
imported only then). An unknown key gives the key itself, so a typo shows on screen without a crash.

The key list is brisca/lang/en.py. Tutor hints are "h_" + the AI's reason code (brisca.ai.REASONS).
Keys holding tuples:
  "help"       pages of <= 8 lines of <= 26 characters; line 0 of a page is its title. Use
               T.pages() and T.page(n): they build one page; T("help") builds all (~5 KB at once)
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
    """Import brisca/lang/<code>.py, keep its chunks S and forget the module."""
    modname = "brisca.lang." + code
    mod = __import__(modname, None, None, ("S",), 0)
    chunks = mod.S
    sys.modules.pop(modname, None)
    try:
        delattr(sys.modules["brisca.lang"], code)
    except (AttributeError, KeyError):
        pass
    return chunks


def _english_text():
    global _english
    if _english is None:
        _english = _import_text("en")
    return _english


def _value(line):
    return tuple(line.split("|")) if "|" in line else line


def find(chunks, key, item=-1):
    """Value of `key` in a language's chunks: str or tuple; None if absent.

    A key on several consecutive lines (help) gives a tuple of all of them, or with `item` >= 0 only
    that one (None past the end), which saves building every help page at once."""
    tag = "\n" + key + "="
    values = []
    n = 0
    found = False
    for chunk in chunks:
        if found:
            if not chunk.startswith(tag):
                break
            start = 0
        else:
            start = chunk.find(tag)
            if start < 0:
                continue
            found = True
        while True:
            start += len(tag)
            end = chunk.find("\n", start)
            if end < 0:
                end = len(chunk)
            if item < 0:
                values.append(_value(chunk[start:end]))
            elif n == item:
                return _value(chunk[start:end])
            n += 1
            if not chunk.startswith(tag, end):
                break
            start = end
        if end < len(chunk):
            break
    if item >= 0 or not n:
        return None
    return values[0] if n == 1 else tuple(values)


def count(chunks, key):
    """How many consecutive lines hold `key` (the number of help pages); 0 if absent."""
    tag = "\n" + key + "="
    n = 0
    for chunk in chunks:
        at = chunk.find(tag) if not n else 0
        while 0 <= at < len(chunk) and chunk.startswith(tag, at):
            n += 1
            at = chunk.find("\n", at + 1)
        if n and at >= 0:
            break
    return n


def keys(chunks):
    """Yield every key of a language in file order (a key on consecutive lines once)."""
    last = None
    for chunk in chunks:
        start = 0
        while True:
            start = chunk.find("\n", start)
            if start < 0:
                break
            start += 1
            eq = chunk.find("=", start)
            if eq < 0:
                break
            key = chunk[start:eq]
            if key != last:
                yield key
            last = key


class Texts:
    """Lookup of one language's texts: T("key"), or T("key", args...) formatted with %."""

    def __init__(self, code, chunks):
        self.code = code
        self.text = (chunks,) if isinstance(chunks, str) else chunks

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
        return find(self.text, key, 0) is not None

    def pages(self):
        """Number of help pages."""
        return count(self.text, "help") or count(_english_text(), "help")

    def page(self, n):
        """Help page `n` as a tuple of lines (line 0 is the title)."""
        value = find(self.text, "help", n)
        if value is None:
            value = find(_english_text(), "help", n)
        return value if isinstance(value, tuple) else (value or "",)

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
