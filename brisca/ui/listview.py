"""The list screen: a title line, text rows, a footer line, one row highlighted.

Every text screen (title, menus, rules pages, statistics, scores, the results) is drawn by one
ListView: five Texts whatever the screen's size (the rows are one multi-row Text, the highlighted
row one of its own on a gold bar over it; a note under the rows) and two scroll marks.

On a screen 240 px wide or more the rows keep a margin each side (the scroll marks stand in the
right one), and a list is drawn at twice the size where it fits: every row within the margins (a
text page wrapped at spaces that keep a value on its label's line) and every row on the screen,
or, for a list that scrolls, at least MIN_ROWS rows. A list that does not fit keeps 1x, under a
title and over a footer at 2x where the screen is tall enough. A Text's scale changes; its tiles
stay, so nothing is allocated for either size.
"""

import displayio

from brisca.ui import board as B
from brisca.ui.text import BG, CENTER, DIM, GOLD, SEL_BG, SEL_FG, TEXT, TITLE, Text, solid, wrap

MARGIN = 12  # px each side of the rows on a screen 240 px wide or more
MIN_ROWS = 5  # a list that scrolls is drawn at 2x only where that shows this many rows


class ListView:
    """Title line, rows, a note, footer line, on a plain background; show() draws them."""

    def __init__(self, width, height, font):
        self.width = width
        self.height = height
        self.bw = font.w
        self.fh = font.h
        wide = width >= 240
        self.chars = (width - (2 * MARGIN if wide else 0)) // font.w  # the most a row holds (1x)
        self.half = self.chars // 2 if wide else 0  # what a row holds at 2x (0: never 2x here)
        self.tall = wide and height >= 200  # room for a title and a footer at 2x over 1x rows
        self.gap = 2 if wide else 5  # over and under the rows (narrow screens: a scroll mark's room)
        self.x = x = (width - self.chars * font.w) // 2
        self.layout(1, 1, 1, None)  # (the most rows: the body's tiles)
        s = 2 if wide else 1
        self.group = displayio.Group()
        self.group.append(solid(width, height, BG))
        self.title = Text(font, self.chars, 1, x, 0, TITLE, CENTER, s)
        self.body = Text(font, self.chars, self.rows, x, 0, TEXT, 0, s)
        self.sel = Text(font, self.chars, 1, x, 0, SEL_FG, 0, s)
        self.note = Text(font, self.chars, 2, x, 0, TITLE, CENTER, s)
        self.footer = Text(font, width // font.w, 1, 0, 0, DIM, CENTER, s)
        for t in (self.title, self.body, self.sel, self.footer, self.note):  # (tests/mpstubs/player.py reads them so)
            self.group.append(t.group)
        # the scroll marks: a triangle up and one down (tiles 0 and 1 of a 5 x 6 bitmap)
        bmp = displayio.Bitmap(5, 6, 2)
        for r in range(3):
            for c in range(r, 5 - r):
                bmp[c, 2 - r] = 1
                bmp[c, 3 + r] = 1
        pal = displayio.Palette(2)
        pal.make_transparent(0)
        pal[1] = GOLD
        marks = displayio.Group(scale=s)
        self.up = displayio.TileGrid(bmp, pixel_shader=pal, tile_width=5, tile_height=3, default_tile=0)
        self.down = displayio.TileGrid(bmp, pixel_shader=pal, tile_width=5, tile_height=3, default_tile=1)
        marks.append(self.up)
        marks.append(self.down)
        self.group.append(marks)
        self.shown = []  # the rows as shown (the highlighted one included), for tests
        self.count = 0  # how many rows the list has (shown or not)

    def layout(self, ts, bs, fs, note):
        """The title at scale `ts`, the rows at `bs`, the footer at `fs`, and room for a note over
        the footer unless `note` is None: sets lh, top and rows (how many show)."""
        h = self.fh
        self.lh = h * bs
        self.top = h * ts + self.gap
        self.foot_y = self.height - h * fs
        self.note_y = self.foot_y - (2 * h + 1 if note is not None else 0)
        self.rows = (self.note_y - self.gap - self.top) // self.lh

    def show(self, title, rows, sel=-1, footer="", center=False, footer_color=None, top=None, note=None, need=0):
        """Draw `rows` (list of str) with row `sel` highlighted; returns the first row shown.

        `top`: None for a page (every row must fit), else the list scrolls and shows from row `top`
        (moved to keep `sel` in sight), with a mark over and under the rows where more lie there.
        A row too long for the screen goes on over the next lines (not in a list that scrolls with
        a highlighted row: a menu, whose rows are made to fit). A title too long loses what
        follows its " - ". `note`: a line or two of text under the rows, over the footer (None:
        none, the rows take its room). `need`: the widest a row may become (a text being typed
        keeps its size)."""
        half = self.half
        scroll = top is not None
        wrap_rows = sel < 0 or not scroll
        fs = 2 if self.tall and len(footer) <= half else 1
        fit = self.fit(rows, sel, half, wrap_rows, True) if 0 < half and need <= half else None
        if fit is not None:
            ts = 2 if len(title) <= half else 1
            self.layout(ts, 2, fs, note)
            if len(fit[0]) > self.rows and not (scroll and self.rows >= MIN_ROWS):
                fit = None
        if fit is None:
            ts = 2 if self.tall and len(title) <= half else 1
            self.layout(ts, 1, fs, note)
            fit = self.fit(rows, sel, self.chars, wrap_rows, False)
        lines, sel = fit
        n = self.rows
        first = 0
        if scroll:
            first = max(0, min(top, len(lines) - n))
            if 0 <= sel < first:
                first = sel
            elif sel >= first + n:
                first = sel - n + 1
        self.count = len(lines)
        self.shown = lines = lines[first:first + n]
        sel -= first
        bs = self.lh // self.fh
        cols = self.chars // bs
        x = self.x
        if ts == 1 and len(title) > self.chars and " - " in title:
            title = title[:title.find(" - ")]
        self.title.resize(ts, self.chars // ts)
        self.title.set(title)
        full = self.width // self.bw // fs
        self.footer.resize(fs, full)
        self.footer.move((self.width - full * self.bw * fs) // 2, self.foot_y)
        self.footer.set(footer, footer_color or DIM)
        body = self.body
        align = CENTER if center else 0
        if align != body.align:
            body.align = self.sel.align = align
            body.text = self.sel.text = None  # redraw in the new alignment
        body.resize(bs, cols, n)
        body.move(x, self.top)
        body.set("\n".join([lines[i] if i != sel else "" for i in range(len(lines))]), TEXT)
        body.cut = body.cut or not scroll and self.count > n  # (rows lost below: the screen should scroll)
        self.sel.resize(bs, cols)
        if 0 <= sel < len(lines):
            self.sel.set(lines[sel], SEL_FG, SEL_BG)
            self.sel.move(x, self.top + sel * self.lh)
        else:
            self.sel.set("")
        self.show_note(note, bs)
        self.marks(first > 0, scroll and first + n < self.count)
        return first

    def fit(self, rows, sel, width, wrap_rows, strict):
        """(lines, sel): `rows` as lines of `width` characters (each row too long broken over as
        many as it needs, where `wrap_rows`), `sel` the highlighted row's line; with `strict`,
        None where a row does not fit so."""
        out = []  # type: list[str]
        at = sel
        for i in range(len(rows)):
            row = rows[i]
            if i == sel:
                at = len(out)
            if len(row) <= width:
                out.append(row)
            elif not wrap_rows or i == sel:
                if strict:
                    return None
                out.append(row)
            else:
                parts = wrap(row, width, strict)
                if parts is None:
                    return None
                out += parts
        return out, at

    def lines(self, rows):
        """`rows` with each one too long for a row at 1x broken over as many lines as it needs."""
        return self.fit(rows, -1, self.chars, True, False)[0]

    def show_note(self, note, bs):
        """`note` under the rows: at 2x where the rows are and it fits a line so, else at 1x in up
        to two lines (one in the middle of their room)."""
        t = self.note
        y = self.note_y
        if not note:
            t.set("")
            return
        if bs == 2 and len(note) <= self.half:
            t.resize(2, self.half)
        else:
            t.resize(1, self.chars, 2)
            note = "\n".join(wrap(note, self.chars))
            y += 0 if "\n" in note else self.fh // 2
        t.move(self.x, y)
        t.set(note)

    def marks(self, up, down):
        """Show the scroll marks: `up` by the first row (more above), `down` by the last."""
        s = 2 if self.half else 1
        if self.half:  # in the right margin, by the first and the last row
            x = self.x + self.chars * self.bw + 1
            y = self.top + (self.lh - 3 * s) // 2
            y2 = y + (self.rows - 1) * self.lh
        else:  # in the gaps over and under the rows
            x = self.x + self.chars * self.bw - 5
            y = self.top - 4
            y2 = self.top + self.rows * self.lh + 1
        self.up.hidden = not up
        self.down.hidden = not down
        self.up.x = self.down.x = x // s
        self.up.y = y // s
        self.down.y = y2 // s


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
