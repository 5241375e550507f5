"""The screen read back in host tests: every text shown, decoded from the tiles of the glyph sheet
(brisca.ui.font), with where it stands on the screen."""

from brisca.ui.font import ASCII
from brisca.ui.letters import CHARS


def char(tile):
    """The character a glyph-sheet tile draws."""
    return chr(32 + tile) if tile < ASCII else CHARS[tile - ASCII]


class Shown:
    """One Text as displayed: its `rows`, the screen box of each row's characters (x, y, w, h; None
    for a blank row), `hidden`, `bg` (its background colour or None)."""

    def __init__(self, grid, ox, oy, scale, hidden):
        tw, th = grid.tile_width * scale, grid.tile_height * scale
        self.rows = []
        self.boxes = []
        for r in range(grid.height):
            row = "".join(char(grid[c, r]) for c in range(grid.width))
            self.rows.append(row.strip())
            first = len(row) - len(row.lstrip())
            last = len(row.rstrip())
            x0 = ox + grid.x * scale + first * tw
            self.boxes.append((x0, oy + grid.y * scale + r * th, (last - first) * tw, th) if last > first else None)
        self.text = "\n".join(self.rows).strip("\n")
        self.hidden = hidden or not self.text.strip()
        pal = grid.pixel_shader
        self.bg = None if pal.is_transparent(0) else pal[0]


def texts(root, sheet, ox=0, oy=0, scale=1, hidden=False):
    """Every Text under `root` (drawn over `sheet`), in drawing order, hidden ones included."""
    out = []
    for item in root:
        h = hidden or item.hidden
        if hasattr(item, "tile_width"):
            if item.bitmap is sheet:
                out.append(Shown(item, ox, oy, scale, h))
        elif hasattr(item, "__len__"):
            s = scale * getattr(item, "scale", 1)
            out += texts(item, sheet, ox + item.x * scale, oy + item.y * scale, s, h)
    return out


def visible(app):
    """The texts on the app's screen now, as (x, y, w, h, text) per non-blank row."""
    out = []
    for t in texts(app.root, app.font.sheet):
        if not t.hidden:
            for row, box in zip(t.rows, t.boxes):
                if box is not None:
                    out.append(box + (row,))
    return out


def drawn(root, font_sheet, ox=0, oy=0, scale=1):
    """Every visible thing drawn under `root`, in drawing order, as (grid, x, y, w, h, text): a
    TileGrid's box on the screen (text None); for a Text (a grid over `font_sheet`), each
    non-blank row's, around its characters' ink (a glyph cell's last pixel row is blank:
    brisca.ui.font), with the row's text."""
    out = []
    for item in root:
        if item.hidden:
            continue
        if hasattr(item, "tile_width"):
            if item.bitmap is font_sheet:
                shown = Shown(item, ox, oy, scale, False)
                for row, box in zip(shown.rows, shown.boxes):
                    if box is not None:
                        out.append((item, box[0], box[1], box[2], box[3] - scale, row))
            else:
                out.append((item, ox + item.x * scale, oy + item.y * scale, item.width * item.tile_width * scale,
                            item.height * item.tile_height * scale, None))
        elif hasattr(item, "__len__"):
            s = scale * getattr(item, "scale", 1)
            out += drawn(item, font_sheet, ox + item.x * scale, oy + item.y * scale, s)
    return out


def meets(a, b):
    """Whether boxes (x, y, w, h) `a` and `b` share a pixel."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
