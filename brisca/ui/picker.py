"""The letter picker: a player's name or a replay code typed with the buttons.

The characters stand in a grid under the text typed so far (one Text of a row per grid row: the
tiles of a Text are the grid's cells), a page of them at a time; with more than one page a row of
tabs (each page's first three characters) comes next, and the action words (Space, Del, Done)
make the last row. Arrows move, A adds the character (or opens the tab's page, or runs the word),
B deletes the last character, B on an empty text goes back, Start is Done.
"""

from brisca.ui import board as B
from brisca.ui.text import GOLD, Text

NAME_MAX = 8


def name_pages():
    """A name's characters a page each: capitals, small letters, accented capitals and small
    letters (brisca.save.namecodec, the alphabet names are saved in), digits and marks."""
    from brisca.save.namecodec import NAME_CHARS, NAME_MORE

    return NAME_CHARS[:26], NAME_CHARS[26:52], NAME_MORE[:26], NAME_MORE[26:], NAME_CHARS[52:-1]


class LetterPicker:
    """The typed text and the cursor in the character grid. handle(btn) -> "done", "cancel" or None.
    `words`: (Space, Del, Done), or (Del, Done) when spaces are not allowed. `pages`: the
    characters, a str a page. `group`: show the text in groups of that many characters joined by
    "-" (codes)."""

    def __init__(self, name, per_row, words, pages, max_len=NAME_MAX, group=0):
        self.pages = pages
        self.page = 0
        self.chars = pages[0]
        self.max_len = max_len
        self.group = group
        self.name = name[:max_len]
        self.per_row = per_row
        self.words = words
        self.acts = ("space", "del", "done")[3 - len(words):]
        self.crows = max([(len(p) + per_row - 1) // per_row for p in pages])  # rows of characters
        self.tabs = len(pages) > 1
        self.rows = self.crows + (2 if self.tabs else 1)
        self.r = 0
        self.c = 0
        self.message = ""

    def _row_len(self, r):
        if r == self.rows - 1:
            return len(self.words)
        if r == self.crows:
            return len(self.pages)
        return max(0, min(self.per_row, len(self.chars) - r * self.per_row))

    def _step(self, d):
        """To the next row (d = 1) or the one before (-1) that has cells on this page."""
        self.r = (self.r + d) % self.rows
        while not self._row_len(self.r):
            self.r = (self.r + d) % self.rows

    def _done(self):
        if self.name.strip():
            self.name = self.name.strip()
            return "done"
        self.message = "!"
        return None

    def handle(self, btn):
        self.message = ""
        if btn == B.BTN_UP or btn == B.BTN_DOWN:
            self._step(1 if btn == B.BTN_DOWN else -1)
            self.c = min(self.c, self._row_len(self.r) - 1)
        elif btn == B.BTN_LEFT or btn == B.BTN_RIGHT:
            self.c = (self.c + (1 if btn == B.BTN_RIGHT else -1)) % self._row_len(self.r)
        elif btn == B.BTN_B:
            if not self.name:
                return "cancel"
            self.name = self.name[:-1]
        elif btn == B.BTN_A:
            if self.r < self.crows:
                self._add(self.chars[self.r * self.per_row + self.c])
            elif self.r == self.crows and self.tabs:
                self.page = self.c
                self.chars = self.pages[self.c]
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
            self._step(1)

    def _add(self, ch):
        if len(self.name) < self.max_len and not (ch == " " and (not self.name or self.name[-1] == " ")):
            self.name += ch

    def text(self):
        """The text as shown: grouped with "-" when `group` is set."""
        if not self.group:
            return self.name
        n = self.group
        return "-".join([self.name[i:i + n] for i in range(0, len(self.name), n)])

    def lines(self):
        """The grid's rows: characters, then the tabs, then the words, the selected cell in brackets."""
        out = []
        for r in range(self.rows):
            s = ""
            for c in range(self._row_len(r)):
                if r < self.crows:
                    cell = self.chars[r * self.per_row + c]
                else:
                    cell = self.words[c] if r == self.rows - 1 else self.pages[c][:3]
                s += "[" + cell + "]" if (r, c) == (self.r, self.c) else " " + cell + " "
            out.append(s)
        return out


class Screen:
    """Name entry ("name", player index) and replay-code entry ("code")."""

    def __init__(self, app):
        self.app = app
        self.view = app.list_view()
        self.grid = None

    def close(self):
        if self.grid is not None:
            self.app.root.remove(self.grid.group)
            self.grid = None

    def enter(self, name, what, index=0):
        app = self.app
        t = app.t
        self.what = what
        self.index = index
        view = self.view
        per_row = max(4, (view.chars - 1) // 3)
        if what == "code":
            from brisca.replay import CODE_ALPHABET

            p = LetterPicker("", per_row, (t("lp_del"), t("lp_done")), (CODE_ALPHABET,), 16, 4)
        else:
            names = app.settings.names
            p = LetterPicker(names[index] if index < len(names) else "", per_row,
                             (t("lp_space"), t("lp_del"), t("lp_done")), name_pages())
        app.picker = p
        self.grid = Text(app.font, view.chars - 1, p.rows, view.x, view.top + view.lh)
        app.root.append(self.grid.group)
        self.draw_picker()

    def draw(self):
        pass

    def draw_picker(self):
        app = self.app
        p = app.picker
        name = self.what == "name"
        self.grid.set("\n".join(p.lines()))
        message = app.t("lp_empty" if name else "code_bad") if p.message else ""
        self.view.show(app.t("lp_title" if name else "replay"), [p.text() + "_"], -1,
                       message or app.help(),
                       footer_color=GOLD if message else None, width=p.max_len + 4)  # (a code's dashes, the cursor)
        self.grid.move(self.view.x, self.view.top + self.view.lh)  # under the text, at the size it took
        app.dirty = True

    def step(self, btn):
        if not btn:
            return False
        app = self.app
        p = app.picker
        if btn == B.BTN_RIGHT and app.board.two_buttons:
            p.next_cell()  # few-button boards: "next" walks every cell, row by row
            self.draw_picker()
            return False
        r = p.handle(btn)
        if r == "done" and self.what == "code":
            self.replay(p.name)
        elif r == "done":
            app.settings.set_name(self.index, p.name)
            app.save_settings()
            app.go("names")
        elif r == "cancel":
            app.go("title" if self.what == "code" else "names")
        else:
            self.draw_picker()
        return False

    def replay(self, code):
        """Start the deal `code` names, with the current mode's seats; a mistyped code says so
        and keeps what was typed."""
        from brisca.replay import from_replay_code
        from brisca.ui import seating

        try:
            game = from_replay_code(code)
        except Exception as e:  # (a ValueError says what is wrong; anything else must not stop the game)
            print("code:", e)
            self.app.picker.message = "!"
            self.draw_picker()
            return
        seating.play(self.app, game)
        self.app.save_game()
