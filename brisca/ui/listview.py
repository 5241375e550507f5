"""The list screen: a title line, text rows, a footer line, one row highlighted.

Every text screen (title, menus, rules pages, statistics, scores, the results) is drawn by one
ListView: four Texts whatever the screen's size (the rows are one multi-row Text, the highlighted
row one of its own on a gold bar over it; a fifth for a note under the rows, made the first time
one shows) and two scroll marks.

On a screen 240 px wide or more the rows keep a 12 px margin each side (the scroll marks stand in
the right one), and a list is drawn at twice the size where it fits: every row within the margins
(a text page wrapped at spaces that keep a value on its label's line) and every row on the screen,
or, for a list that scrolls, at least 5 rows. A list that does not fit keeps 1x, under a title
and over a footer at 2x where the screen is tall enough. A Text's scale changes; its tiles stay,
so nothing is allocated for either size. (No names here that the interpreter's table does not
hold by then: a name is there for good, and where its text and pools go moves the heap's layout,
tools/fit.py's large block.)
"""

import displayio

from brisca.ui import board as B
from brisca.ui.text import BG, CENTER, DIM, GOLD, SEL_BG, SEL_FG, TEXT, TITLE, Text, solid, wrap


class ListView:
    """Title line, rows, a note, footer line, on a plain background; show() draws them."""

    def __init__(self, width, height, font):
        self.width = width
        self.height = height
        self.font = font
        self.bw = font.w
        m = 12 if width >= 240 else 0  # the margin each side of the rows
        self.chars = (width - 2 * m) // font.w  # the most a row holds (1x)
        self.scale = 2 if m else 1  # the largest scale it draws text at
        self.x = x = (width - self.chars * font.w) // 2
        self.rows = (height - 2 * font.h - (4 if m else 10)) // font.h  # the most rows (all at 1x)
        s = self.scale
        self.group = displayio.Group()
        self.group.append(solid(width, height, BG))
        # the scroll marks: a triangle up and one down (tiles 0 and 1 of a 5 x 6 bitmap), made
        # before the Texts (made after them, tools/fit.py's 16 KB block at the table lay 10 KB higher)
        bmp = displayio.Bitmap(5, 6, 2)
        for r in range(3):
            for c in range(r, 5 - r):
                bmp[c, 2 - r] = 1
                bmp[c, 3 + r] = 1
        pal = displayio.Palette(2)
        pal.make_transparent(0)
        pal[1] = GOLD
        group = self.group
        if m:
            group = displayio.Group(scale=2)
            self.group.append(group)
        self.hint = (displayio.TileGrid(bmp, pixel_shader=pal, tile_width=5, tile_height=3),  # up, down
                     displayio.TileGrid(bmp, pixel_shader=pal, tile_width=5, tile_height=3, default_tile=1))
        group.append(self.hint[0])
        group.append(self.hint[1])
        self.title = Text(font, self.chars, 1, x, 0, TITLE, CENTER, s)
        self.body = Text(font, self.chars, self.rows, x, 0, TEXT, 0, s)
        self.sel = Text(font, self.chars, 1, x, 0, SEL_FG, 0, s)
        self.footer = Text(font, width // font.w, 1, 0, 0, DIM, CENTER, s)
        for t in (self.title, self.body, self.sel, self.footer):  # (the order tests/mpstubs/player.py reads)
            self.group.append(t.group)
        self.note = None  # a Text under the rows, made the first time a note shows
        self.shown = []  # the rows as shown (the highlighted one included), for tests
        self.count = 0  # how many rows the list has (shown or not)

    def show(self, title, rows, sel=-1, footer="", center=False, footer_color=None, top=None, note=None, width=0):
        """Draw `rows` (list of str) with row `sel` highlighted; returns the first row shown.

        `top`: None for a page (every row must fit), else the list scrolls and shows from row `top`
        (moved to keep `sel` in sight), with a mark by the first and the last row where more lie
        above or below. A row too long for the screen goes on over the next lines (the highlighted
        one does not: a menu's rows are made to fit). A title too long loses what follows its
        " - ". `note`: a line or two of text under the rows, over the footer (None: none, the rows
        take its room). `width`: the widest a row may become (a text being typed keeps its size)."""
        h = self.font.h
        double = self.chars // 2 if self.scale > 1 else 0  # what a row holds at 2x (0: never here)
        tall = double and self.height >= 200  # room for a 2x title and footer over 1x rows
        gap = 2 if double else 5  # over and under the rows (narrow screens: a scroll mark's room)
        fs = 2 if tall and len(footer) <= double else 1
        foot = self.height - h * fs
        bottom = foot - (2 * h + 1 if note is not None else 0) - gap
        for bs in (2, 1) if 0 < double and width <= double else (1,):
            ts = 2 if len(title) <= double and (tall or bs == 2) else 1
            self.lh = h * bs
            self.top = h * ts + gap
            self.rows = (bottom - self.top) // self.lh
            result = self.wrap(rows, sel, self.chars // bs, bs == 2)
            if result is not None and (len(result[0]) <= self.rows or top is not None and self.rows >= 5 or bs == 1):
                break
        lines, sel = result
        n = self.rows
        first = 0
        if top is not None:
            first = max(0, min(top, len(lines) - n))
            if 0 <= sel < first:
                first = sel
            elif sel >= first + n:
                first = sel - n + 1
        self.count = len(lines)
        self.shown = lines = lines[first:first + n]
        sel -= first
        cols = self.chars // bs
        x = self.x
        if ts == 1 and len(title) > self.chars and " - " in title:
            title = title[:title.find(" - ")]
        self.title.size(ts, self.chars // ts)
        self.title.set(title)
        t = self.footer
        t.size(fs, self.width // self.bw // fs)
        t.move((self.width - t.cols * self.bw * fs) // 2, foot)
        t.set(footer, footer_color or DIM)
        t = self.body
        align = CENTER if center else 0
        if align != t.align:
            t.align = self.sel.align = align
            t.text = self.sel.text = None  # redraw in the new alignment
        t.size(bs, cols, n)
        t.move(x, self.top)
        t.set("\n".join([lines[i] if i != sel else "" for i in range(len(lines))]), TEXT)
        t.cut = t.cut or top is None and self.count > n  # (rows lost below: the screen should scroll)
        t = self.sel
        t.size(bs, cols)
        if 0 <= sel < len(lines):
            t.set(lines[sel], SEL_FG, SEL_BG)
            t.move(x, self.top + sel * self.lh)
        else:
            t.set("")
        # the note: at 2x where the rows are and it fits a line so, else at 1x in up to two lines
        t = self.note
        if note and t is None:
            t = self.note = Text(self.font, self.chars, 2, x, 0, TITLE, CENTER, self.scale)
            self.group.append(t.group)
        if t is not None:
            y = bottom + gap
            if note and bs == 2 and len(note) <= double:
                t.size(2, double)
            elif note:
                t.size(1, self.chars, 2)
                note = "\n".join(wrap(note, self.chars))
                y += 0 if "\n" in note else h // 2  # (one line: in the middle of their room)
            t.move(x, y)
            t.set(note or "")
        # the marks: in the right margin by the first and the last row, or (narrow screens) in the
        # gaps over and under the rows
        s = self.scale
        up, down = self.hint
        up.hidden = not first
        down.hidden = top is None or first + n >= self.count
        if double:
            up.x = down.x = (x + self.chars * self.bw + 1) // s
            y = self.top + (self.lh - 3 * s) // 2
            up.y = y // s
            down.y = (y + (n - 1) * self.lh) // s
        else:
            up.x = down.x = x + self.chars * self.bw - 5
            up.y = self.top - 4
            down.y = self.top + n * self.lh + 1
        return first

    def wrap(self, rows, sel, width, keep):
        """(lines, sel): `rows` as lines of `width` characters (each row too long but the
        highlighted one broken over as many as it needs), `sel` the highlighted row's line; with
        `keep`, None where a row cannot be broken so (text.wrap) or is the highlighted one."""
        out = []  # type: list[str]
        at = sel
        for i in range(len(rows)):
            row = rows[i]
            if i == sel:
                at = len(out)
            if len(row) <= width:
                out.append(row)
            elif i == sel:
                if keep:
                    return None
                out.append(row)
            else:
                parts = wrap(row, width, keep)
                if parts is None:
                    return None
                out += parts
        return out, at

    def lines(self, rows):
        """`rows` with each one too long for a row at 1x broken over as many lines as it needs."""
        return self.wrap(rows, -1, self.chars, False)[0]


class ListScreen:
    """What the screens drawn on the list view share: that view, nothing to draw per frame nor to
    let go, and a handler pair per screen (go_<screen> on entry, on_<screen> for a button)."""

    def __init__(self, app):
        self.app = app
        self.view = app.list_view()

    def close(self):
        pass

    def draw(self):
        pass

    def enter(self, name, *args):
        getattr(self, "go_" + name)(*args)

    def step(self, btn):
        getattr(self, "on_" + self.app.screen)(btn)
        return False

    def scrolled(self, btn, top, count):
        """The first row shown of `count` rows after `btn` (Down/Right a row on, Up/Left a row
        back), from `top`; None if `btn` does not scroll. A, B or Start leave for the title."""
        if btn in (B.BTN_DOWN, B.BTN_RIGHT) and top + self.view.rows < count:
            return top + 1
        if btn in (B.BTN_UP, B.BTN_LEFT) and top:
            return top - 1
        if btn in (B.BTN_A, B.BTN_B, B.BTN_START):
            self.app.go("title")
        return None
