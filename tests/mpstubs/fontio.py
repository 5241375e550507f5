"""Stand-in for CircuitPython's fontio (tests only, never shipped): Glyph and BuiltinFont.

As on the board, Glyph is a named tuple (bitmap, tile_index, width, height, dx, dy, shift_x,
shift_y) and a BuiltinFont makes a new one on every get_glyph() call (heap churn included):
printable ASCII is tile codepoint - 0x20, anything else has no glyph (None).
"""
from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))


class BuiltinFont:
    """A fixed-cell font over one bitmap of tiles; see terminalio.FONT."""

    def __init__(self, bitmap, width, height):
        self.bitmap = bitmap
        self._w = width
        self._h = height

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        if not isinstance(codepoint, int):
            raise TypeError("codepoint must be an int")
        if 0x20 <= codepoint <= 0x7E:
            return Glyph(self.bitmap, codepoint - 0x20, self._w, self._h, 0, 0, self._w, 0)
        return None
