"""How the table draws a game (TableView.show and the handover cover) on the sprites that
brisca.ui.tablebase builds: two modules, so that a board compiling them from source needs half
the heap at a time."""

from brisca import core
from brisca.ui.tablebase import BACK, HAND_MAX, POSITIONS, POS_LEFT, POS_TOP, TableBase
from brisca.ui.text import CENTER, RIGHT, TEXT


class TableView(TableBase):
    """The table. Every frame changes tile indices, positions, `hidden` flags and texts
    only where they differ, so a frame allocates nothing."""

    def _place_opponent(self, row, pos, count, face_cards):
        cw, ch = self.cw, self.ch
        step = self.step
        grids = self.opp[row]
        span = (count - 1) * step
        for i in range(len(grids)):
            g = grids[i]
            if i >= count:
                g.hidden = True
                continue
            if pos == POS_TOP:
                self.at(g, self.width // 2 - (span + cw) // 2 + i * step, self.peek - ch)
            else:
                mid = self.trick_y + ch // 2
                self.at(g, -cw + 8 * self.k if pos == POS_LEFT else self.width - 8 * self.k,
                        mid - (span + ch) // 2 + i * step)
            tile = BACK if face_cards is None else face_cards[i]
            if g[0] != tile:
                g[0] = tile
            g.hidden = False

    # -- drawing
    def show(self, g, viewer, faces, sel=-1, trick_source=0, hint_card=255, tally="", points="",
             info=None, trump=""):
        """Draw game `g` seen from seat `viewer`.

        faces: bitmask of seats whose hands may be drawn face up (0 = all backs: a handover is due).
        sel: index of the selected card in the viewer's hand (raised), -1 none.
        trick_source: 0 the current trick, 1 the last trick (trick-winner moment / last-trick view).
        """
        n = g.n
        if self.n != n:
            self._layout(n, n >= 4)
        shown = self._show_hand(g, viewer, faces, sel, hint_card)
        self.faces_shown = shown | self._show_opponents(g, viewer, faces)
        # Trump and stock.
        left = g.stock_left
        tc = g.trump_card
        self.trump.hidden = tc == core.NO_CARD
        if tc != core.NO_CARD and self.trump[0] != tc:
            self.trump[0] = tc
        self.stock.hidden = left <= 1
        self.count.set(str(left) if left else "")
        ts = g.trump_suit
        self.suit.hidden = ts == core.NO_CARD
        if ts != core.NO_CARD and self.suit[0] != ts:
            self.suit[0] = ts
        self._show_trick(g, viewer, trick_source)
        self.tally.set(tally)
        self.points.set(points)
        self.trump_word.set(trump if tc != core.NO_CARD else "")
        if info is not None:
            self.info.set(info)
        # the stock count and the word for trump give way to a long info line that runs over them
        edge = self.width - 2 - len(self.info.text or "") * self.info.font.w
        for lab in (self.count, self.trump_word):
            y = lab.group.y
            if lab.text and y + self.lh > self.info_y and y < self.info_y + self.lh and (
                    lab.group.x + len(lab.text) * lab.font.w > edge):
                lab.set("")

    # (show()'s parts: a board that compiles this module from source holds one at a time)
    def _show_hand(self, g, viewer, faces, sel, hint_card):
        """The viewer's hand; the seats drawn face up, as a bitmask."""
        shown = 0
        k = g.hand_len[viewer]
        base = viewer * core.HAND_MAX
        step = min(self.cw + 2, (self.width - 20 - self.cw) // (HAND_MAX - 1))
        x0 = (self.width - (k - 1) * step - self.cw) // 2
        show_face = faces >> viewer & 1
        if show_face and k:
            shown |= 1 << viewer
        self.marker.hidden = True
        for i in range(len(self.hand)):
            h = self.hand[i]
            if i >= k:
                h.hidden = True
                continue
            card = g.hands[base + i]
            tile = card if show_face else BACK
            if h[0] != tile:
                h[0] = tile
            y = self.hand_y - (self.raise_px if i == sel and show_face else 0)
            self.at(h, x0 + i * step, y)
            h.hidden = False
            if show_face and card == hint_card:
                self.marker.x, self.marker.y = x0 + i * step + 2 * self.k, y - 4 * self.k
                self.marker.hidden = False
        self.sel_x = x0 + sel * step if 0 <= sel < k else -1
        return shown

    def _show_opponents(self, g, viewer, faces):
        """The other seats' hands; those drawn face up, as a bitmask."""
        n = g.n
        pos = POSITIONS[n]
        shown = row = 0
        for j in range(1, n):
            seat = (viewer + j) % n
            p = pos[j]
            if row < len(self.opp):
                cards = None
                if faces >> seat & 1:
                    cards = g.hands[seat * core.HAND_MAX: seat * core.HAND_MAX + g.hand_len[seat]]
                    if len(cards):
                        shown |= 1 << seat
                self._place_opponent(row, p, g.hand_len[seat], cards)
                row += 1
        while row < len(self.opp):
            for h in self.opp[row]:
                h.hidden = True
            row += 1
        return shown

    def _show_trick(self, g, viewer, trick_source):
        """The trick on the table, or the last one (trick_source 1)."""
        n = g.n
        pos = POSITIONS[n]
        if trick_source:
            cards, seats, tl = g.last_trick, g.last_seats, g.last_len
        else:
            cards, seats, tl = g.trick, g.trick_seats, g.trick_len
        seen = 0
        for i in range(len(self.trick)):
            t = self.trick[i]
            if i >= tl:
                t.hidden = True
                continue
            s = seats[i]
            p = pos[(s - viewer) % n]
            x, y = self.trick_pos[p]
            if seen >> s & 1:  # the second play of this seat (double Briskula)
                x += self.cw // 3
                y += 4
            seen |= 1 << s
            self.at(t, x, y)
            if t[0] != cards[i]:
                t[0] = cards[i]
            t.hidden = False

    def set_status(self, text, color=TEXT):
        self.status.set(text, color)

    def cover(self, line, info):
        """Hide every card and say `line` (and `info` under it): the board is being handed over."""
        self.cards.hidden = True
        self.faces_shown = 0
        for lab in (self.tally, self.points, self.count, self.trump_word):
            lab.set("")
        self.status.align = self.info.align = CENTER
        self.status.text = self.info.text = None
        self.status.set(line)
        self.info.set(info)
        self.status.move(2, self.height // 2 - self.lh)
        self.info.move(2, self.height // 2 + 2)

    def uncover(self):
        if self.cards.hidden:
            self.cards.hidden = False
            self.status.align = 0
            self.info.align = RIGHT
            self.status.text = self.info.text = None
            self.status.move(2, self.status_y)
            self.info.move(self.width - 2 - self.info.cols * self.info.font.w, self.info_y)


