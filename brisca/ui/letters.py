"""Our accented letters and the transliterations of what we do not draw: loaded only while a
letter is being drawn into the glyph sheet (brisca.ui.font) or a text spelled in ASCII.

An accented letter is its base letter's pixels (copied from the sheet, where the board's font
put them) and a mark from a tiny bit pattern here (our own drawing).
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
CHARS = ""
for _g in _GROUPS:  # (a loop, not a list comprehension: no frame of its own on a board's pystack)
    CHARS += _g[1]


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


def translit(ch, lang=None):
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
        out.append(ch if ord(ch) < 128 else translit(ch, lang))
    return "".join(out)


def known(ch):
    """True if `LatinFont` has a real glyph for the character `ch`."""
    return ord(ch) < 127 or CHARS.find(ch) >= 0


def displayable(text):
    """`text` with every character the font cannot draw replaced by its transliteration."""
    if _is_ascii(text):
        return text
    out = []
    for ch in text:
        out.append(ch if known(ch) else translit(ch))
    return "".join(out)


def _ink_rows(g, tile):
    """First and last row of sheet cell `tile` with any pixel set."""
    bmp = g.sheet
    x0 = tile * g.w
    first = last = -1
    for y in range(g.h):
        for x in range(g.w):
            if bmp[x0 + x, y]:
                if first < 0:
                    first = y
                last = y
                break
    return first, last


def draw(g, tile, ch):
    """Draw accented `ch` (one of CHARS) into sheet cell `tile` of Glyphs `g`: its base letter's
    pixels and its mark."""
    base_ch, mark = _lookup(ch)
    strip = g.sheet
    x0 = tile * g.w
    h = g.h
    rows = _copy_rows(g, base_ch)
    top, base_line = _ink_rows(g, ord("H") - 32)  # a capital's first and last rows
    x_top = _ink_rows(g, ord("x") - 32)[0]
    if mark == "B":
        rows = [0] * h
        for k in range(len(_SHARP_S)):
            if top + k < h:
                rows[top + k] = _SHARP_S[k] << (g.w - 5)
    elif mark == "!":
        turned = [0] * h
        for y in range(top, base_line + 1):
            dest = top + base_line - y + 2
            if dest < h:
                turned[dest] = _mirror(g, rows[y])
        rows = turned
    elif mark in _ACCENTS:
        pattern = _ACCENTS[mark]
        if "A" <= base_ch <= "Z":
            rows = _squash(g, rows, top, base_line)
            first = max(0, top - 2)
        else:
            for y in range(x_top):
                rows[y] = 0
            first = max(0, x_top - 3)
        for k in range(2):
            rows[first + k] |= pattern[k] << (g.w - 5)
    elif mark in _BELOW:
        pattern = _BELOW[mark]
        for k in range(2):
            if base_line + 1 + k < h:
                rows[base_line + 1 + k] |= pattern[k] << (g.w - 5)
    else:
        for x, dy in _STROKES[ch]:
            rows[top + dy] |= 1 << (g.w - 1 - x)
    for y in range(h):
        bits = rows[y]
        for x in range(g.w):
            strip[x0 + x, y] = (bits >> (g.w - 1 - x)) & 1


def _copy_rows(g, ch):
    """The sheet's pixels for ASCII `ch` as one int per row (bit width-1 = leftmost)."""
    bmp = g.sheet
    x0 = (ord(ch) - 32) * g.w
    rows = [0] * g.h
    for y in range(g.h):
        bits = 0
        for x in range(g.w):
            bits = (bits << 1) | bmp[x0 + x, y]
        rows[y] = bits
    return rows


def _mirror(g, bits):
    """Row mirrored left-right within the letter's 5 ink columns (the last column is spacing)."""
    out = 0
    for x in range(g.w - 1):
        if bits & (1 << (g.w - 1 - x)):
            out |= 1 << (1 + x)
    return out


def _squash(g, rows, top, bottom):
    """Capital made one row shorter (a repeated row is dropped) so a mark fits above it: `top` and
    `bottom` are a capital's first and last rows."""
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
