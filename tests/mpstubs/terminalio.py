"""Stand-in for CircuitPython's terminalio (tests only, never shipped): FONT, a 6 x 12 font.

The board's font lives in flash; so does this one, in effect: its bitmap computes each pixel
(nothing on the heap) and is read-only. The letters are not a real typeface, only shapes with
the board font's metrics: capitals and digits on rows 2-9, lowercase x-height from row 4,
ascenders from row 2, descenders (g j p q y) to row 11, column 5 blank (letter spacing), each
inked row starting at column 0, the rest a pattern that differs from letter to letter.
"""
import displayio
import fontio

_W = 6
_H = 12


def _rows(ch):
    """First and last inked row of character code ch (first > last: blank)."""
    if ch == 0x20:
        return 1, 0
    c = chr(ch)
    if "a" <= c <= "z":
        top = 2 if c in "bdfhklt" else 4
        return top, 11 if c in "gjpqy" else 9
    if c in ".,_":
        return 8, 10 if c == "," else 9
    if c in "-=+~":
        return 5, 6
    return 2, 9


class _FontBitmap(displayio.Bitmap):
    """The font's tiles side by side: 95 glyphs of 6 x 12, one bit a pixel, computed, read-only."""

    def __init__(self):
        self._w = _W * 95
        self._h = _H
        self._bits = 1
        self._stride = 0
        self._buf = b""

    def __getitem__(self, index):
        if isinstance(index, tuple):
            x, y = index
        else:
            y, x = divmod(index, self._w)
        if not (0 <= x < self._w and 0 <= y < self._h):
            raise IndexError("pixel coordinates out of bounds")
        ch = 0x20 + x // _W
        col = x % _W
        top, bottom = _rows(ch)
        if col == _W - 1 or y < top or y > bottom:
            return 0
        if col == 0:
            return 1
        return 1 if (ch * 7 + y * 3 + col * 5) % 4 == 0 else 0

    def __setitem__(self, index, value):
        raise TypeError("Read-only object")

    def fill(self, value):
        raise TypeError("Read-only object")


FONT = fontio.BuiltinFont(_FontBitmap(), _W, _H)
