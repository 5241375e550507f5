"""Text on screen: a Text is one TileGrid over the glyph sheet (brisca.ui.font), a tile a character,
one or more rows of a fixed number of characters, coloured by a 2-colour palette. Setting a text
only changes tile indices: nothing is allocated per character, and no bitmap per text."""

import displayio

BG = 0x0B4A2A  # the table felt (palette index 0 of the card sheets)
TEXT = 0xFFFFFF
DIM = 0xB8E0C0
GOLD = 0xFFC020
TITLE = 0xFFE080
SEL_BG = GOLD  # the highlighted menu row
SEL_FG = 0x000000

LEFT = 0
CENTER = 1
RIGHT = 2


def wrap(text, width, keep=False):
    """`text` as lines of at most `width` characters, broken at spaces, but not after a label's ":"
    nor before a number or a "/" (a value stays on its label's line); where no such space fits, at
    any space, else inside a word (with `keep`: None instead)."""
    lines = []
    while len(text) > width:
        at = width + 1
        cut = -1
        while cut < 0:
            at = text.rfind(" ", 0, at)
            if at <= 0:
                break
            if text[at - 1] != ":" and text[at + 1:at + 2] not in "0123456789/":
                cut = at
        if cut < 0:
            if keep:
                return None
            cut = text.rfind(" ", 0, width + 1)
        if cut <= 0:
            lines.append(text[:width])
            text = text[width:]
        else:
            lines.append(text[:cut])
            text = text[cut + 1:]
    lines.append(text)
    return lines


class Text:
    """`cols` x `rows` characters at (x, y) (scaled by `scale`: `group` is what goes on screen).
    set(text) writes it aligned LEFT, CENTER or RIGHT in its row(s); "\\n" starts a new row.
    size() draws it in fewer of its tiles, and at another scale if it was made with scale > 1."""

    def __init__(self, font, cols, rows=1, x=0, y=0, color=TEXT, align=LEFT, scale=1):
        self.font = font
        self.cols = cols  # the columns and rows in use (size()); the grid's own: its width, height
        self.rows = rows
        self.align = align
        self.palette = displayio.Palette(2)
        self.palette[0] = 0
        self.palette.make_transparent(0)
        self.palette[1] = color
        self.grid = displayio.TileGrid(font.sheet, pixel_shader=self.palette, width=cols, height=rows,
                                       tile_width=font.w, tile_height=font.h, default_tile=0)
        self.group = self.grid  # type: displayio.TileGrid | displayio.Group
        if scale > 1:
            group = displayio.Group(scale=scale)
            group.append(self.grid)
            self.group = group
        self.group.x = x
        self.group.y = y
        self.color = color
        self.bg = None
        self.text = ""
        self.width = 0  # pixels (unscaled) the widest row of the text takes
        self.cut = False  # a row was longer than `cols`: the callers make texts fit (tests check)

    @property
    def hidden(self):
        return self.group.hidden

    def move(self, x, y):
        self.group.x = x
        self.group.y = y

    def size(self, scale, cols, rows=1):
        """Draw at `scale` in the first `cols` x `rows` of its tiles (the rest blank); the text is
        written again at the next set()."""
        if isinstance(self.group, displayio.Group):
            self.group.scale = scale
        if cols != self.cols or rows != self.rows:
            self.cols = cols
            self.rows = rows
            self.text = None

    def set(self, text, color=None, bg=None):
        """Show `text` (rows past the last are blank; characters past `cols` are not shown: the
        callers make texts fit, and the tests check that they do)."""
        if color is None:
            color = self.color
        if bg != self.bg:
            if bg is None:
                self.palette.make_transparent(0)
            else:
                self.palette[0] = bg
                self.palette.make_opaque(0)
            self.bg = bg
        if color != self.palette[1]:
            self.palette[1] = color
        self.group.hidden = not text
        if text == self.text:
            return
        self.text = text
        grid = self.grid
        tile = self.font.tile
        cols = self.cols
        rows = self.rows
        width = grid.width
        start = 0
        widest = 0
        self.cut = text.count("\n") >= rows
        for row in range(grid.height):
            end = text.find("\n", start)
            if end < 0:
                end = len(text)
            n = min(end - start, cols) if start <= len(text) and row < rows else 0
            self.cut = self.cut or row < rows and end - start > cols
            widest = max(widest, n)
            pad = 0 if self.align == LEFT else (cols - n) // (2 if self.align == CENTER else 1)
            at = row * width  # (an int index: a tuple one would be allocated for every cell)
            for c in range(width):
                k = c - pad
                grid[at + c] = tile(text[start + k]) if 0 <= k < n else 0
            start = end + 1
        self.width = widest * self.font.w


def solid(width, height, colour, scale=8):
    """A plain rectangle of `colour` as a scaled tiny bitmap (cheap in RAM)."""
    pal = displayio.Palette(1)
    pal[0] = colour
    bmp = displayio.Bitmap(max(1, (width + scale - 1) // scale), max(1, (height + scale - 1) // scale), 1)
    g = displayio.Group(scale=scale)
    g.append(displayio.TileGrid(bmp, pixel_shader=pal))
    return g
