"""The game's texts in six languages, read from flash one line at a time.

A language is a UTF-8 file, assets/lang/<code>.txt, of lines "key=value". A value "a|b|c" is a
tuple; a key on several lines (the rules pages, "help") has one value per line, its pages.
Loading a language reads its file once and keeps, for each line, one byte of its key's hash and
where the line starts: three bytes a line, about 600 bytes a language. A lookup reads the few
lines whose hash matches, so the texts themselves stay on flash until a screen shows them.

A key missing in a language gives the English text (English is indexed only then); an unknown
key gives the key itself, so a typo shows on screen without a crash. Formats use %s / %d in the
same number and order as English (the tests check this). Tutor hints are "h_" + the AI's reason
code (brisca.ai.REASONS). Keys holding tuples: "ranks" (the 10 rank names of the 40-card decks),
"ranks_fr" (13, A..K of the French pack), "suits_es", "suits_it", "suits_hr", "suits_fr" (4 each,
coins/diamonds, cups/hearts, swords/spades, clubs), "suitof_<style>" (optional: the suit names
inside a card name), "card" (the card name format: %(r)s the rank, %(s)s the suit).
"""

LANGS = ("en", "es", "it", "hr", "de", "pl")
NAMES = ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")
STYLES = ("es", "it", "hr", "fr")
FOLDER = "assets/lang"
LINE = 96  # bytes: a buffer for one line (a longer one, a rules page, is read whole)


def name(code):
    """The language's own name ("Español" for "es"); the code itself if unknown."""
    for i in range(len(LANGS)):
        if LANGS[i] == code:
            return NAMES[i]
    return code


def _hash(key, n):
    """One byte of the hash of a key's first `n` bytes (the key: bytes, up to the "=")."""
    h = 0
    for i in range(n):
        h = (h * 31 + key[i]) & 0xFF
    return h


def _starts(buf, tag, k):
    """Whether `buf` starts with the `k` bytes of `tag` (no slice made)."""
    for j in range(k):
        if buf[j] != tag[j]:
            return False
    return True


def _value(text):
    return tuple(text.split("|")) if "|" in text else text


class Texts:
    """One language's texts: T("key"), or T("key", args...) formatted with %. `path`: its file.

    Between open() and close() the file stays open: a screen that looks up many texts then makes
    little garbage between those it keeps (on a board each open() makes a file object with its own
    512-byte sector buffer), so they lie together instead of spread over the heap."""

    def __init__(self, code, path):
        self.code = code
        self.path = path
        self._english = None
        with open(path, "rb") as f:
            n = 0
            for _line in f:
                n += 1
            self.hashes = bytearray(n)  # per line: its key's hash byte
            self.starts = bytearray(2 * n)  # per line: where it starts in the file
            f.seek(0)
            at = i = 0
            for line in f:
                eq = line.find(b"=")
                self.hashes[i] = _hash(line, eq) if eq > 0 else 0
                self.starts[2 * i] = at & 0xFF
                self.starts[2 * i + 1] = at >> 8
                at += len(line)
                i += 1
        self._probe = bytearray(1)
        self._line = bytearray(LINE)
        self.file = None  # open between open() and close()

    def open(self):
        """Keep the file open for the lookups until close() (if it opens: else each lookup tries)."""
        if self.file is None:
            try:
                self.file = open(self.path, "rb")
            except OSError:
                pass

    def close(self):
        if self.file is not None:
            self.file.close()
            self.file = None

    def find(self, key, item=-1):
        """This language's value of `key` (str or tuple), or with `item` >= 0 its item-th line
        (a help page); None if absent.

        A line is read into one buffer, and only the value is made of it: the texts a screen
        keeps then lie together on the heap, not each between the lines read to find it."""
        tag = key.encode()
        k = len(tag)
        self._probe[0] = _hash(tag, k)
        buf = self._line
        f = self.file or open(self.path, "rb")
        try:
            skip = max(item, 0)  # the key's lines still to pass
            i = self.hashes.find(self._probe)
            while i >= 0:
                at = self.starts[2 * i] | self.starts[2 * i + 1] << 8
                f.seek(at)
                n = f.readinto(buf)
                if n > k and buf[k] == 61 and _starts(buf, tag, k):  # 61: "="
                    if skip:
                        skip -= 1
                    else:
                        end = buf.find(b"\n", k + 1, n)
                        if end < 0 and n < len(buf):  # the file's last line
                            end = n
                        if end < 0:  # longer than the buffer: read whole
                            f.seek(at)
                            return _value(f.readline()[k + 1:].rstrip(b"\r\n").decode())
                        if buf[end - 1] == 13:  # "\r"
                            end -= 1
                        return _value(str(memoryview(buf)[k + 1:end], "utf-8"))
                i = self.hashes.find(self._probe, i + 1)
            return None
        finally:
            if f is not self.file:
                f.close()

    def count(self, key):
        """How many lines hold `key` (the number of help pages)."""
        n = 0
        while self.find(key, n) is not None:
            n += 1
        return n

    def english(self):
        if self._english is None:
            self._english = load("en", self.path[: self.path.rfind("/") + 1])
        return self._english

    def get(self, key):
        """Text for `key`: this language's, else English, else the key itself."""
        value = self.find(key)
        if value is None and self.code != "en":
            value = self.english().find(key)
        return key if value is None else value

    def __call__(self, key, *args):
        value = self.get(key)
        if args:
            try:
                return value % args
            except (TypeError, ValueError):
                return value
        return value

    def __contains__(self, key):
        return self.find(key, 0) is not None

    def pages(self):
        """Number of rules pages."""
        return self.count("help") or (self.english().count("help") if self.code != "en" else 0)

    def page(self, n):
        """Rules page `n` as a tuple of lines (line 0 is its title)."""
        value = self.find("help", n)
        if value is None and self.code != "en":
            value = self.english().find("help", n)
        return value if isinstance(value, tuple) else (value or "",)

    def card(self, rank, suit, style):
        """Card name, e.g. "As de oros". rank indexes "ranks" ("ranks_fr" for style "fr")."""
        ranks = self.get("ranks_fr" if style == "fr" else "ranks")
        suits = self.find("suitof_" + style) or self.get("suits_" + style)
        return self.get("card") % {"r": ranks[rank], "s": suits[suit]}

    def keys(self):
        """Yield every key in file order, a key on several lines once (tests, tools)."""
        last = None
        with open(self.path, "rb") as f:
            for line in f:
                key = line[:line.find(b"=")]
                if key and key != last:
                    yield key.decode()
                last = key


def load(code, folder=None):
    """Texts for language `code` ("en", "es", ...); English if the code is unknown or its file is
    missing or unreadable."""
    folder = (folder or FOLDER).rstrip("/") + "/"
    if code not in LANGS:
        code = "en"
    if code != "en":
        try:
            return Texts(code, folder + code + ".txt")
        except (OSError, ValueError, MemoryError):
            pass
    return Texts("en", folder + "en.txt")
