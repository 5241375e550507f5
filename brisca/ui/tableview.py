"""How the table draws a game (TableView.show and the handover cover) on the sprites that
brisca.ui.tablebase builds: two modules, so that a board compiling them from source needs half
the heap at a time."""

from brisca import core
from brisca.ui.tablebase import BACK, POS_TOP, ROW, SIDE, STOCK, TableBase
from brisca.ui.text import CENTER, LEFT, RIGHT, TEXT


class TableView(TableBase):
    """The table. Every frame changes tile indices, positions, `hidden` flags and texts
    only where they differ, so a frame allocates nothing."""

    def _place_opponent(self, row, pos, count, face_cards):
        """A seat's hand: the seat across as a strip of its cards (the backs' lower edge, the
        faces' upper half with their corners), the others at the screen's sides."""
        k, cw, ch = self.k, self.cw, self.ch
        grids = self.opp[row]
        if pos == POS_TOP:
            step = self.step
            x = self.across - ((count - 1) * step + cw) // 2
            y = self.band_y
            rows = 32 * k // self.strip  # the strip's tiles in a card's height
        else:
            # beside the band, or for the lower seats of six, beside the hand
            lo, hi = ((self.info_y + self.lh + k - 1) // k * k, self.height) if ROW[pos] == 2 else (
                self.band_y, self.info_y)
            step = min(self.step, (hi - lo - ch) // max(1, count - 1) // k * k)
            x = -cw + 8 * k if SIDE[pos] == 0 else self.width - 8 * k
            y = (lo + hi - (count - 1) * step - ch) // 2
            rows = 0
        for i in range(len(grids)):
            g = grids[i]
            if i >= count:
                g.hidden = True
                continue
            self.at(g, x, y)
            if pos == POS_TOP:
                x += step
            else:
                y += step
            tile = BACK if face_cards is None else face_cards[i]
            if rows:  # a row of the sheet's strips: a back's last, a face's first
                tile = ((tile // 10 + (tile == BACK)) * rows - (tile == BACK)) * 10 + tile % 10
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
        shown = self._show_hand(g, viewer, faces, sel, hint_card)
        self.faces_shown = shown | self._show_opponents(g, viewer, faces)
        # Trump and stock (Scoperta: the stock's top card face up, as core.View.stock_top).
        left = g.stock_left
        tc = g.trump_card
        self.trump.hidden = tc == core.NO_CARD
        if tc != core.NO_CARD and self.trump[0] != tc:
            self.trump[0] = tc
        last = 0 if tc == core.NO_CARD else 1  # the trump: the stock's last card
        self.stock.hidden = left <= last
        top = g.deck[g.top] if g.rules.flags & core.F_OPEN and left > last else STOCK
        if self.stock[0] != top:
            self.stock[0] = top
        self.count.set(str(left) if left else "")
        ts = g.trump_suit
        self.suit.hidden = ts == core.NO_CARD
        if ts != core.NO_CARD and self.suit[0] != ts:
            self.suit[0] = ts
        self._show_trick(g, viewer, trick_source)
        self.tally.set(tally)
        self.points.set(points)
        self._fit(self.trump_word, trump if ts != core.NO_CARD else "", self.word_x, self.word_y, self.word_room)
        if info is not None:
            self.info.set(info)

    def _fit(self, lab, text, x, y, room, color=None):
        """Set a text that may be drawn at 2x: at 2x when it fits `room` pixels, else at 1x
        (centred on the 2x line); left-aligned at x, or centred on the screen."""
        lab.set(text, color)
        s = 2 if self.ts > 1 and lab.width * 2 <= room else 1
        if self.ts > 1 and lab.group.scale != s:  # (a Group: texts made at scale 2)
            lab.group.scale = s
        if lab.align != LEFT:
            x = (self.width - lab.cols * lab.font.w * s) // 2
        lab.move(x, y + (lab.font.h - 1) * (self.ts - s) // 2)

    # (show()'s parts: a board that compiles this module from source holds one at a time)
    def _show_hand(self, g, viewer, faces, sel, hint_card):
        """The viewer's hand; the seats drawn face up, as a bitmask."""
        shown = 0
        k = g.hand_len[viewer]
        base = viewer * core.HAND_MAX
        step = min(self.cw + 2, (self.width - 20 - self.cw) // (core.HAND_MAX - 1))
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
        pos = self.pos
        shown = 0
        for j in range(1, n):
            seat = (viewer + j) % n
            cards = None
            if faces >> seat & 1:
                cards = g.hands[seat * core.HAND_MAX: seat * core.HAND_MAX + g.hand_len[seat]]
                if len(cards):
                    shown |= 1 << seat
            self._place_opponent(j - 1, pos[j], g.hand_len[seat], cards)
        return shown

    def _show_trick(self, g, viewer, trick_source):
        """The trick on the table, or the last one (trick_source 1): each card in its seat's slot
        (a seat's second card, in double Briskula, in the slot after its first)."""
        n = g.n
        pos = self.pos
        if trick_source:
            cards, seats, tl = g.last_trick, g.last_seats, g.last_len
        else:
            cards, seats, tl = g.trick, g.trick_seats, g.trick_len
        used = 0
        for i in range(tl):
            slot = self.slot[pos[(seats[i] - viewer) % n]]
            if used >> slot & 1:
                slot += 1
            used |= 1 << slot
            t = self.trick[slot]
            if t[0] != cards[i]:
                t[0] = cards[i]
        for slot in range(len(self.trick)):
            t = self.trick[slot]
            if used >> slot & 1:
                self.at(t, self.trick_x[slot], self.trick_y[slot])
            t.hidden = not used >> slot & 1

    def set_status(self, text, color=TEXT):
        """The status line, clear of the AI's progress bar at its end while that shows."""
        bar = self.progress.grid
        room = (bar.x - 2 if not bar.hidden else self.width - self.mx) - self.mx
        self._fit(self.status, text, self.mx, self.line_y, room, color)

    def cover(self, line, info):
        """Hide every card and say `line` (and `info` under it): the board is being handed over."""
        self.cards.hidden = True
        self.faces_shown = 0
        for lab in (self.tally, self.points, self.count, self.trump_word):
            lab.set("")
        self.status.align = self.info.align = CENTER
        self.status.text = self.info.text = None
        self.line_y = self.height // 2 - self.lh * self.ts
        self.set_status(line)
        self.info.set(info)
        self.info.move(self.mx, self.height // 2 + 2)

    def uncover(self):
        if self.cards.hidden:
            self.cards.hidden = False
            self.status.align = LEFT
            self.info.align = RIGHT
            self.status.text = self.info.text = None
            self.line_y = self.status_y
            self.set_status("")
            self.info.move(self.width - self.mx - self.info.cols * self.info.font.w, self.info_y)
