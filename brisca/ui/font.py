"""The glyphs every text is written with: the board's ASCII font and our accented letters, side by
side in one sheet (a 2-colour Bitmap), so that a line of text is one TileGrid over it, a tile a
character (brisca.ui.text).

The board's built-in font has ASCII only. At start-up its glyphs are copied into the sheet, each in
a cell one row taller than the font (the gap between lines); an accented letter is drawn after its
first use, before the screen shows it (draw_pending(); brisca.ui.letters, loaded for that only). A
character we cannot draw shows as the first character of its ASCII transliteration ("…" as ".") or
as "?", never as a missing-glyph box. displayio and terminalio are imported only when a sheet is
made.
"""

ASCII = 95  # tiles 0..94: the characters 32..126; then ours, in brisca.ui.letters.CHARS order
OURS = 77  # how many letters brisca.ui.letters draws
_MET = 32  # how many characters beyond ASCII tile() remembers (a language's own are fewer)


class Glyphs:
    """The glyph sheet: `sheet` (Bitmap), `w` x `h` pixels a cell; tile(ch) is the cell of `ch`."""

    def __init__(self, base=None):
        import displayio

        if base is None:
            import terminalio

            base = terminalio.FONT
        bw, bh = base.get_bounding_box()
        self.w = bw
        self.h = bh + 1  # one blank row under every glyph: the gap between lines
        self.sheet = displayio.Bitmap(bw * (ASCII + OURS), self.h, 2)
        for cp in range(32, 127):
            self._copy(base.get_glyph(cp), (cp - 32) * bw)
        self._built = bytearray(OURS)  # per letter: 0 not yet, 2 handed out, 1 drawn
        # the characters beyond ASCII met so far (code points) and their cells, in room made now
        # (made later, they would lie between a screen's objects): brisca.ui.letters is loaded
        # (compiled, on a board without .mpy files) only for a character not met before
        self._met = [0] * _MET
        self._cells = bytearray(_MET)
        self._n = 0

    def get_bounding_box(self):
        """(width, height) of a character cell, as a font's."""
        return self.w, self.h

    def _copy(self, glyph, x0):
        """A base-font glyph into the sheet at column x0 (the board's font: every glyph a full cell)."""
        if glyph is None:
            return
        src = glyph.bitmap
        sx = glyph.tile_index * glyph.width
        w = min(glyph.width, self.w)
        h = min(glyph.height, self.h)
        try:
            import bitmaptools

            bitmaptools.blit(self.sheet, src, x0, 0, x1=sx, y1=0, x2=sx + w, y2=h)
            return
        except ImportError:
            pass
        for y in range(h):
            for x in range(w):
                if src[sx + x, y]:
                    self.sheet[x0 + x, y] = 1

    def tile(self, ch):
        """The sheet cell (tile index) that draws character `ch`."""
        cp = ord(ch)
        if 32 <= cp < 127:
            return cp - 32
        met = self._met
        for i in range(self._n):
            if met[i] == cp:
                return self._cells[i]
        from brisca.ui import letters

        k = letters.CHARS.find(ch)
        if k < 0:
            sub = letters.translit(ch)
            cell = ord(sub[0]) - 32 if sub and 32 <= ord(sub[0]) < 127 else ord("?") - 32
        else:
            if not self._built[k]:
                self._built[k] = 2  # drawn by draw_pending(), before the screen is refreshed
            cell = ASCII + k
        if self._n < _MET:
            met[self._n] = cp
            self._cells[self._n] = cell
            self._n += 1
        return cell

    def draw_pending(self):
        """Draw the accented glyphs tile() has handed out since the last call. The shell calls it
        before each refresh, from its short call chain: drawn inside tile(), under a screen's calls,
        they took a board's Python stack (its pystack, 1,536 B on CircuitPython 9) within 8 B of
        its end."""
        built = self._built
        for k in range(OURS):
            if built[k] == 2:
                from brisca.ui import letters

                letters.draw(self, ASCII + k, letters.CHARS[k])
                built[k] = 1
