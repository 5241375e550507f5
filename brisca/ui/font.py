"""A font for the game's six languages: ASCII from terminalio.FONT, accented letters drawn by us.

The board's built-in font has ASCII only. `LatinFont` wraps it: ASCII glyphs come straight from the
base font; an accented letter is built on first use by copying its base letter's pixels out of the base
font and adding the mark from a tiny bit pattern in this file (our own drawing). All built glyphs share
one small 1-bit strip bitmap (720 bytes for all 77 letters we know, allocated once; each glyph drawn
costs a Glyph object more). A character we cannot draw shows as the first character of its ASCII
transliteration ("…" as ".") or as "?", never as a missing-glyph box; `displayable()` and
`ascii_fallback()` transliterate whole strings for places that need it.

Works with adafruit_display_text Label / bitmap_label on CircuitPython 9/10 and on Blinka's displayio.
displayio/fontio/terminalio are imported only when a font is made, so `ascii_fallback` is usable on
plain MicroPython too.
"""

# Accented characters we draw, with the base letter whose pixels we copy and the mark we add.
# Marks: ' acute, ` grave, ^ circumflex, v caron, ~ tilde, : diaeresis, . dot above, , ogonek,
# c cedilla, / stroke (l), - bar (d), ! turned upside down (inverted ? and !),
# B our own drawing (sharp s).
_GROUPS = (
    ("'", "áéíóúýÁÉÍÓÚÝćńśźĆŃŚŹ", "aeiouyAEIOUYcnszCNSZ"),
    ("`", "àèìòùÀÈÌÒÙ", "aeiouAEIOU"),
    ("^", "âêîôûÂÊÎÔÛ", "aeiouAEIOU"),
    ("~", "ñÑ", "nN"),
    (":", "äëïöüÄËÏÖÜ", "aeiouAEIOU"),
    ("v", "čšžěřČŠŽĚŘ", "cszerCSZER"),
    (".", "żŻ", "zZ"),
    (",", "ąęĄĘ", "aeAE"),
    ("c", "çÇ", "cC"),
    ("/", "łŁ", "lL"),
    ("-", "đĐ", "dD"),
    ("!", "¿¡", "?!"),
    ("B", "ß", "s"),
)
_CHARS = "".join([g[1] for g in _GROUPS])


def _lookup(ch):
    """(base letter, mark) for a character we draw, or None."""
    for mark, chars, bases in _GROUPS:
        i = chars.find(ch)
        if i >= 0:
            return bases[i], mark
    return None


# Mark patterns: rows of 5 pixels, bit 4 = leftmost column.
_ACCENTS = {
    "'": (0b00010, 0b00100),
    "`": (0b01000, 0b00100),
    "^": (0b00100, 0b01010),
    "v": (0b01010, 0b00100),
    "~": (0b01101, 0b10110),
    ":": (0b00000, 0b01010),
    ".": (0b00000, 0b00100),
}
_BELOW = {
    ",": (0b00010, 0b00011),
    "c": (0b00100, 0b01100),
}
# Our sharp s, 5 x 8 pixels on the capital-letter rows.
_SHARP_S = (0b01100, 0b10010, 0b10010, 0b10100, 0b10010, 0b10001, 0b10001, 0b10110)
# Extra pixels (x, row offset from the capital top) for the stroked and barred letters.
_STROKES = {
    "ł": ((3, 3), (1, 4)),
    "Ł": ((2, 3), (1, 4)),
    "đ": ((2, 1), (3, 1)),
    "Đ": ((1, 3), (2, 3)),
}

# Punctuation we never draw: transliterated instead.
_PUNCT = "…–—„“”‘’«»·×°"
_PUNCT_TO = ("...", "-", "-", '"', '"', '"', "'", "'", '"', '"', ".", "x", "o")
_DE_UMLAUT = "äöüÄÖÜ"
_DE_UMLAUT_TO = ("ae", "oe", "ue", "Ae", "Oe", "Ue")


def _is_ascii(text):
    return len(text.encode()) == len(text)


def _translit(ch, lang=None):
    """ASCII spelling of one non-ASCII character ("" for the Spanish inverted marks)."""
    if lang == "de":
        i = _DE_UMLAUT.find(ch)
        if i >= 0:
            return _DE_UMLAUT_TO[i]
    if ch == "ß":
        return "ss"
    if ch == "¿" or ch == "¡":
        return ""
    found = _lookup(ch)
    if found:
        return found[0]
    i = _PUNCT.find(ch)
    if i >= 0:
        return _PUNCT_TO[i]
    return "?"


def ascii_fallback(text, lang=None):
    """Spell `text` in plain ASCII (č->c, ł->l, ñ->n, ß->ss; German umlauts ->ae/oe/ue if lang="de").

    For places that cannot use `LatinFont` (serial console, file names)."""
    if _is_ascii(text):
        return text
    out = []
    for ch in text:
        out.append(ch if ord(ch) < 128 else _translit(ch, lang))
    return "".join(out)


def known(ch):
    """True if `LatinFont` has a real glyph for the character `ch`."""
    return ord(ch) < 127 or _CHARS.find(ch) >= 0


def displayable(text):
    """`text` with every character the font cannot draw replaced by its transliteration."""
    if _is_ascii(text):
        return text
    out = []
    for ch in text:
        out.append(ch if known(ch) else _translit(ch))
    return "".join(out)


class LatinFont:
    """Font object for adafruit_display_text: get_bounding_box(), get_glyph(codepoint), load_glyphs()."""

    def __init__(self, base=None):
        import displayio
        import fontio

        if base is None:
            import terminalio

            base = terminalio.FONT
        self._base = base
        self._glyph_type = fontio.Glyph
        model = base.get_glyph(ord("H"))
        self._w = model.width
        self._h = model.height
        self._model = model
        self._cap_top, self._baseline = self._ink_rows(model)
        self._x_top = self._ink_rows(base.get_glyph(ord("x")))[0]
        self._strip = displayio.Bitmap(self._w * len(_CHARS), self._h, 2)
        self._cache = {}
        self._used = 0

    @property
    def bitmap_bytes(self):
        """Approximate RAM of the glyph strip: 1 bit a pixel, rows padded to 32 bits as on the board."""
        words = (self._strip.width + 31) // 32
        return words * 4 * self._strip.height

    @property
    def built(self):
        """How many accented glyphs have been drawn so far."""
        return self._used

    def get_bounding_box(self):
        return self._base.get_bounding_box()

    def load_glyphs(self, codepoints):
        """Build glyphs ahead of use; accepts a string or an iterable of code points."""
        for cp in codepoints:
            self.get_glyph(cp if isinstance(cp, int) else ord(cp))

    def get_glyph(self, codepoint):
        if codepoint < 128:
            return self._base.get_glyph(codepoint)
        glyph = self._cache.get(codepoint)
        if glyph is None:
            ch = chr(codepoint)
            found = _lookup(ch)
            if found:
                glyph = self._build(ch, found[0], found[1])
            else:
                sub = _translit(ch)
                glyph = self._base.get_glyph(ord(sub[0]) if sub else ord("?"))
            self._cache[codepoint] = glyph
        return glyph

    # -- drawing -------------------------------------------------------------------------------------

    def _ink_rows(self, glyph):
        """First and last row of `glyph` with any pixel set."""
        bmp = glyph.bitmap
        x0 = glyph.tile_index * glyph.width
        first = last = -1
        for y in range(glyph.height):
            for x in range(glyph.width):
                if bmp[x0 + x, y]:
                    if first < 0:
                        first = y
                    last = y
                    break
        return first, last

    def _build(self, ch, base_ch, mark):
        tile = self._used
        self._used += 1
        strip = self._strip
        x0 = tile * self._w
        h = self._h
        rows = self._copy_rows(base_ch)
        top = self._cap_top
        base_line = self._baseline
        if mark == "B":
            rows = [0] * h
            for k in range(len(_SHARP_S)):
                if top + k < h:
                    rows[top + k] = _SHARP_S[k] << (self._w - 5)
        elif mark == "!":
            turned = [0] * h
            for y in range(top, base_line + 1):
                dest = top + base_line - y + 2
                if dest < h:
                    turned[dest] = self._mirror(rows[y])
            rows = turned
        elif mark in _ACCENTS:
            pattern = _ACCENTS[mark]
            if "A" <= base_ch <= "Z":
                rows = self._squash(rows)
                first = max(0, top - 2)
            else:
                for y in range(self._x_top):
                    rows[y] = 0
                first = max(0, self._x_top - 3)
            for k in range(2):
                rows[first + k] |= pattern[k] << (self._w - 5)
        elif mark in _BELOW:
            pattern = _BELOW[mark]
            for k in range(2):
                if base_line + 1 + k < h:
                    rows[base_line + 1 + k] |= pattern[k] << (self._w - 5)
        else:
            for x, dy in _STROKES[ch]:
                rows[top + dy] |= 1 << (self._w - 1 - x)
        for y in range(h):
            bits = rows[y]
            for x in range(self._w):
                strip[x0 + x, y] = (bits >> (self._w - 1 - x)) & 1
        m = self._model
        return self._glyph_type(strip, tile, m.width, m.height, m.dx, m.dy, m.shift_x, m.shift_y)

    def _copy_rows(self, ch):
        """The base font's pixels for `ch` as one int per row (bit width-1 = leftmost)."""
        glyph = self._base.get_glyph(ord(ch))
        bmp = glyph.bitmap
        x0 = glyph.tile_index * glyph.width
        rows = [0] * self._h
        for y in range(min(glyph.height, self._h)):
            bits = 0
            for x in range(self._w):
                bits = (bits << 1) | (1 if x < glyph.width and bmp[x0 + x, y] else 0)
            rows[y] = bits
        return rows

    def _mirror(self, bits):
        """Row mirrored left-right within the letter's 5 ink columns (the last column is spacing)."""
        out = 0
        for x in range(self._w - 1):
            if bits & (1 << (self._w - 1 - x)):
                out |= 1 << (1 + x)
        return out

    def _squash(self, rows):
        """Capital made one row shorter (a repeated row is dropped) so a mark fits above it."""
        top = self._cap_top
        bottom = self._baseline
        drop = -1
        mid = (top + bottom) // 2
        # Prefer a repeated row nearest the middle; else drop the row just below the top.
        best = 99
        for y in range(top + 1, bottom + 1):
            if rows[y] == rows[y - 1] and abs(y - mid) < best:
                best = abs(y - mid)
                drop = y
        if drop < 0:
            drop = top + 1
        out = rows[:]
        for y in range(drop, top, -1):
            out[y] = rows[y - 1]
        out[top] = 0
        if top > 0:
            out[top - 1] = 0
        return out
