"""Text screens: one reusable list view (title, rows, footer), option menus and the name letter picker.

`ListView` owns a fixed set of labels created once; every text screen of the game (title, new game,
settings, pause, rules pages, handover, scores, dialogs) is drawn by setting their texts. Rows are
laid out in a displayio_layout GridLayout when that library is present (one column, one cell per
row), else by hand at the same positions. Long texts are cut to the screen width.
"""

import displayio

from brisca.ui.table import BG, DIM, GOLD, TEXT, Label, _solid, fit

SEL_BG = 0xFFC020
SEL_FG = 0x000000
TITLE = 0xFFE080


class ListView:
    """Title line, `rows` text rows, footer line, on a plain background."""

    def __init__(self, width, height, font):
        self.width = width
        self.height = height
        bw, bh = font.get_bounding_box()
        self.lh = bh + 1
        self.chars = width // bw
        self.group = displayio.Group()
        self.group.append(_solid(width, height, BG))
        self.rows = max(3, (height - 2 * self.lh - 4) // self.lh)
        self.title = Label(font, width // 2, 1, anchor=(0.5, 0), color=TITLE, max_chars=self.chars)
        self.footer = Label(font, width // 2, height - 1, anchor=(0.5, 1), color=DIM, max_chars=self.chars)
        self.group.append(self.title.label)
        self.group.append(self.footer.label)
        self.lines = []
        top = self.lh + 3
        grid = None
        try:
            from adafruit_displayio_layout.layouts.grid_layout import GridLayout

            grid = GridLayout(x=2, y=top, width=width - 4, height=self.rows * self.lh,
                              grid_size=(1, self.rows), cell_padding=0)
        except ImportError:
            grid = None
        for i in range(self.rows):
            lab = Label(font, 2, top + i * self.lh, max_chars=self.chars - 1)
            self.lines.append(lab)
            if grid is not None:
                lab.label.anchor_point = (0, 0)
                grid.add_content(lab.label, grid_position=(0, i), cell_size=(1, 1))
            else:
                self.group.append(lab.label)
        if grid is not None:
            self.group.append(grid)
        self.grid = grid
        self.align = 0  # 0 left, 1 centred rows

    def labels(self):
        return [self.title, self.footer] + self.lines

    def show(self, title, rows, sel=-1, footer="", center=False, colors=None):
        """Draw `rows` (list of str) with row `sel` highlighted."""
        self.title.set(title)
        self.footer.set(footer)
        for i in range(self.rows):
            lab = self.lines[i]
            text = rows[i] if i < len(rows) else ""
            if i == sel:
                lab.set(" " + text + " ", SEL_FG, SEL_BG)
            else:
                color = colors[i] if colors and i < len(colors) and colors[i] is not None else TEXT
                lab.set(text, color)
            x = 2
            if center and lab.label.bounding_box[2] < self.width - 4:
                x = (self.width - lab.label.bounding_box[2]) // 2
            if self.grid is None:
                lab.label.anchored_position = (x, lab.label.anchored_position[1])
            else:
                lab.label.x = x


class Menu:
    """A scrolling list of items; an item is [key, label, choices or None, index].

    Items with choices change with Left/Right (and A); items without choices are actions.
    handle(btn) -> (event, key): ("change", key), ("select", key), ("back", None) or (None, None).
    """

    def __init__(self, title, items, footer=""):
        self.title = title
        self.items = items
        self.footer = footer
        self.sel = 0
        self.top = 0
        self.message = ""

    def key(self):
        return self.items[self.sel][0]

    def value(self, key):
        for it in self.items:
            if it[0] == key:
                return it[3]
        return None

    def set_value(self, key, index):
        for it in self.items:
            if it[0] == key and it[2]:
                it[3] = index % len(it[2])

    def find(self, key):
        for i in range(len(self.items)):
            if self.items[i][0] == key:
                return i
        return -1

    def handle(self, btn):
        from brisca.ui import board as B

        n = len(self.items)
        it = self.items[self.sel]
        if btn == B.BTN_UP:
            self.sel = (self.sel - 1) % n
        elif btn == B.BTN_DOWN:
            self.sel = (self.sel + 1) % n
        elif btn in (B.BTN_LEFT, B.BTN_RIGHT) and it[2]:
            it[3] = (it[3] + (1 if btn == B.BTN_RIGHT else -1)) % len(it[2])
            self.message = ""
            return "change", it[0]
        elif btn == B.BTN_A:
            if it[2]:
                it[3] = (it[3] + 1) % len(it[2])
                self.message = ""
                return "change", it[0]
            return "select", it[0]
        elif btn == B.BTN_B:
            return "back", None
        return None, None

    def draw(self, view):
        rows = view.rows - (1 if self.message else 0)
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + rows:
            self.top = self.sel - rows + 1
        # A row too long for the screen keeps its value whole and shortens its label; the
        # selected row (two characters narrower: its highlight) then shows its whole label in
        # the title line.
        title = self.title
        texts = []
        for i in range(self.top, min(len(self.items), self.top + rows)):
            key, label, choices, idx = self.items[i]
            value = ": " + choices[idx] if choices else ""
            room = max(view.chars - (3 if i == self.sel else 1) - len(value), 4)
            if len(label) > room:
                if i == self.sel:
                    title = label
                label = fit(label, room)
            texts.append(label + value)
        colors = None
        if self.message:
            while len(texts) < rows:
                texts.append("")
            texts.append(self.message)
            colors = [None] * rows + [GOLD]
        view.show(title, texts, self.sel - self.top, self.footer, colors=colors)


NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
NAME_MAX = 8


class LetterPicker:
    """Enter a name (or a replay code) with the buttons: a grid of characters plus action words.

    Arrows move, A adds the character (or runs the word), B deletes the last character, B on an
    empty text cancels. handle(btn) -> "done", "cancel" or None; `name` holds the text.
    `words`: (Space, Del, Done), or (Del, Done) when spaces are not allowed. `group`: show the
    text in groups of that many characters joined by "-" (codes).
    """

    def __init__(self, name, per_row, words, chars=NAME_CHARS, max_len=NAME_MAX, group=0):
        self.chars = chars
        self.max_len = max_len
        self.group = group
        self.name = name[:max_len]
        self.per_row = per_row
        self.words = words
        self.acts = ("space", "del", "done")[3 - len(words):]
        self.rows = (len(chars) + per_row - 1) // per_row + 1
        self.r = 0
        self.c = 0
        self.message = ""

    def _row_len(self, r):
        if r == self.rows - 1:
            return len(self.words)
        return min(self.per_row, len(self.chars) - r * self.per_row)

    def _done(self):
        if self.name.strip():
            self.name = self.name.strip()
            return "done"
        self.message = "!"
        return None

    def handle(self, btn):
        from brisca.ui import board as B

        self.message = ""
        if btn == B.BTN_UP or btn == B.BTN_DOWN:
            self.r = (self.r + (1 if btn == B.BTN_DOWN else -1)) % self.rows
            self.c = min(self.c, self._row_len(self.r) - 1)
        elif btn == B.BTN_LEFT or btn == B.BTN_RIGHT:
            self.c = (self.c + (1 if btn == B.BTN_RIGHT else -1)) % self._row_len(self.r)
        elif btn == B.BTN_B:
            if not self.name:
                return "cancel"
            self.name = self.name[:-1]
        elif btn == B.BTN_A:
            if self.r < self.rows - 1:
                self._add(self.chars[self.r * self.per_row + self.c])
            elif self.acts[self.c] == "space":
                self._add(" ")
            elif self.acts[self.c] == "del":
                self.name = self.name[:-1]
            else:
                return self._done()
        elif btn == B.BTN_START:
            return self._done()
        return None

    def next_cell(self):
        """Move to the next cell, wrapping to the next row (for boards with only two buttons)."""
        self.message = ""
        self.c += 1
        if self.c >= self._row_len(self.r):
            self.c = 0
            self.r = (self.r + 1) % self.rows

    def _add(self, ch):
        if len(self.name) < self.max_len and not (ch == " " and (not self.name or self.name[-1] == " ")):
            self.name += ch

    def text(self):
        """The text as shown: grouped with "-" when `group` is set."""
        if not self.group:
            return self.name
        n = self.group
        return "-".join(self.name[i:i + n] for i in range(0, len(self.name), n))

    def lines(self):
        """Text rows: the text, then the character grid with the selected cell in brackets."""
        out = [self.text() + "_"]
        for r in range(self.rows - 1):
            s = ""
            for c in range(self._row_len(r)):
                ch = self.chars[r * self.per_row + c]
                s += "[" + ch + "]" if (r, c) == (self.r, self.c) else " " + ch + " "
            out.append(s)
        s = ""
        for c in range(len(self.words)):
            w = self.words[c]
            s += "[" + w + "]" if (self.rows - 1, self.c) == (self.r, c) else " " + w + " "
        out.append(s)
        return out
