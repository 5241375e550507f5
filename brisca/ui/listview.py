"""The list screen: a title line, text rows, a footer line, one row highlighted.

Every text screen (title, menus, rules pages, statistics, scores, the results) is drawn by one
ListView: four Texts whatever the screen's height (the rows are one multi-row Text, the
highlighted row one of its own on a gold bar over it).
"""

import displayio

from brisca.ui import board as B
from brisca.ui.text import BG, CENTER, DIM, SEL_BG, SEL_FG, TEXT, TITLE, Text, solid, wrap


class ListView:
    """Title line, `rows` text rows, footer line, on a plain background."""

    def __init__(self, width, height, font):
        self.width = width
        self.height = height
        self.bw = font.w
        self.lh = font.h
        self.chars = width // font.w
        self.rows = max(3, (height - 2 * self.lh - 4) // self.lh)
        self.top = self.lh + 3
        x = (width - self.chars * font.w) // 2
        self.x = x
        self.group = displayio.Group()
        self.group.append(solid(width, height, BG))
        self.title = Text(font, self.chars, 1, x, 1, TITLE, CENTER)
        self.body = Text(font, self.chars, self.rows, x, self.top)
        self.sel = Text(font, self.chars, 1, x, self.top, SEL_FG)
        self.footer = Text(font, self.chars, 1, x, height - self.lh, DIM, CENTER)
        for t in self.texts():
            self.group.append(t.group)
        self.shown = []  # the rows as shown (the highlighted one included), for tests

    def texts(self):
        return (self.title, self.body, self.sel, self.footer)

    def show(self, title, rows, sel=-1, footer="", center=False, footer_color=None):
        """Draw `rows` (list of str) with row `sel` highlighted. Without a highlighted row, a row
        too long for the screen goes on over the next lines (what does not fit below is the
        screen's to scroll: see lines()). A title too long loses what follows its " - "."""
        if len(title) > self.chars and " - " in title:
            title = title[:title.find(" - ")]
        self.title.set(title)
        self.footer.set(footer, footer_color or DIM)
        if sel < 0:
            rows = self.lines(rows)
        n = min(len(rows), self.rows)
        align = CENTER if center else 0
        if align != self.body.align:
            self.body.align = self.sel.align = align
            self.body.text = self.sel.text = None  # redraw in the new alignment
        self.body.set("\n".join([rows[i] if i != sel else "" for i in range(n)]), TEXT)
        self.body.cut = self.body.cut or len(rows) > self.rows  # (rows lost below: the screen should scroll)
        if 0 <= sel < n:
            self.sel.set(rows[sel], SEL_FG, SEL_BG)
            self.sel.move(self.x, self.top + sel * self.lh)
        else:
            self.sel.set("")
        self.shown = list(rows[:n])

    def lines(self, rows):
        """`rows` with each one too long for the screen broken over as many lines as it needs."""
        out = []  # type: list[str]
        for row in rows:
            out += wrap(row, self.chars) if len(row) > self.chars else [row]
        return out


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
