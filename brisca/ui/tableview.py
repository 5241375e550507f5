"""What the card table looks like: hand, opponents' backs, trump and stock, the trick, status lines.

Every sprite is created once (one TileGrid per card slot the table needs); `show()` only changes
tile indices, positions, `hidden` flags and texts when they differ, so a frame allocates nothing.
The cards are 24x32 pixels, drawn twice as large on screens of 200 x 200 pixels and more (the
CLUE's and the PicoSystem's 240x240), where the text keeps its size and gets the room around
them. Seat positions on screen are relative to the viewer (the seat at the bottom): 2 players:
the other on top; 3: right and top; 4: right, top (partner), left. The top line holds the match
so far (left) and the deal's points (right), the word for trump stands under the trump card.
"""

import displayio

from brisca import core
from brisca.ui.text import BG, CENTER, DIM, GOLD, RIGHT, TEXT, Text, solid

BACK = 40  # tile indices of the card sheets (see assets/README.md)
EMPTY = 41
STOCK = 42
HAND_MAX = 5
TRICK_MAX = 8
OPP_MAX = 3

POS_BOTTOM = 0
POS_RIGHT = 1
POS_TOP = 2
POS_LEFT = 3
# Screen position of seat (viewer + k) % n, by number of players.
POSITIONS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3), 6: (0, 1, 1, 2, 3, 3)}


def card_scale(width, height):
    """2 (cards drawn 48x64) on screens at least 200 px tall and wide, else 1 (24x32)."""
    return 2 if width >= 200 and height >= 200 else 1


class Progress:
    """A thin bar (AI thinking) drawn into a 2-colour bitmap; set(percent) writes pixels only."""

    def __init__(self, x, y, width, height=3):
        self.pal = displayio.Palette(2)
        self.pal[0] = 0x203828
        self.pal[1] = GOLD
        self.bmp = displayio.Bitmap(width, height, 2)
        self.grid = displayio.TileGrid(self.bmp, pixel_shader=self.pal, x=x, y=y)
        self.grid.hidden = True
        self.filled = 0
        self.width = width
        self.height = height

    def set(self, percent):
        n = self.width * max(0, min(100, percent)) // 100
        if n == self.filled and not self.grid.hidden:
            return False
        lo, hi, val = (self.filled, n, 1) if n > self.filled else (n, self.filled, 0)
        for x in range(lo, hi):
            for y in range(self.height):
                self.bmp[x, y] = val
        self.filled = n
        self.grid.hidden = False
        return True

    def hide(self):
        if self.grid.hidden:
            return False
        self.grid.hidden = True
        return True


class TableView:
    """The table for one deck style and screen size. `group` goes into the app's root group."""

    def __init__(self, width, height, style, font, assets="assets", rules=None):
        """`rules`: the table's (its sprites are made for its hand size and player count); None:
        room for any table."""
        self.width = width
        self.height = height
        self.style = style
        k = self.k = card_scale(width, height)
        self.cw, self.ch = 24 * k, 32 * k  # a card on screen
        cw, ch = self.cw, self.ch
        self.group = displayio.Group()
        # The sheets stay open while the table is on screen: OnDiskBitmap reads its pixels from the
        # file as it draws (close() lets them go).
        self.files = (open("%s/cards_%s_s.bmp" % (assets, style), "rb"),
                      open("%s/suits_%s.bmp" % (assets, style), "rb"))
        self.sheet = displayio.OnDiskBitmap(self.files[0])
        self.suits = displayio.OnDiskBitmap(self.files[1])
        self.lh = font.h
        self.chars = width // font.w
        self.peek = 10 * k  # visible rows of the top opponent's backs
        self.raise_px = 4 * k
        self.step = 8 * k  # between an opponent's overlapped backs
        self.hand_y = (height - ch - 1) // k * k  # (card sprites stand on the cards' scale)
        self.status_y = self.peek + 1
        # The info line stands above the raised hand and the hint marker over it; the trick area
        # (1.5 card heights) is centred between the status line and the info line, when there is
        # room to spare.
        self.info_y = self.hand_y - self.raise_px - 4 * k - 2 - self.lh
        top0 = self.status_y + self.lh + 1
        bottom0 = self.info_y - 1
        self.trick_y = max(top0, top0 + (bottom0 - top0 - ch * 3 // 2) // 2) // k * k
        self.group.append(solid(width, height, BG))
        self.cards = displayio.Group()  # every card and mark: hidden while the board is handed over
        self.group.append(self.cards)
        self.deck = displayio.Group(scale=k)  # the card sprites, at the cards' scale
        self.cards.append(self.deck)

        def grid(tile=EMPTY):
            g = displayio.TileGrid(self.sheet, pixel_shader=self.sheet.pixel_shader, tile_width=24,
                                   tile_height=32)
            g[0] = tile
            g.hidden = True
            self.deck.append(g)
            return g

        # Stock and face-up trump (the trump lies under the stock, shifted left).
        self.trump = grid()
        self.stock = grid(STOCK)
        self.suit = displayio.TileGrid(self.suits, pixel_shader=self.suits.pixel_shader, tile_width=10,
                                       tile_height=10)
        self.suit.hidden = True
        self.deck.append(self.suit)
        # Opponents: up to 3 seats x 5 backs, overlapped.
        hand, opps, plays = (rules.hand, min(rules.players - 1, OPP_MAX), rules.players * rules.plays) if (
            rules is not None) else (HAND_MAX, OPP_MAX, TRICK_MAX)
        self.opp = [[grid(BACK) for _ in range(hand)] for _ in range(opps)]
        self.trick = [grid() for _ in range(plays)]
        self.hand = [grid() for _ in range(hand)]
        # Hint marker: a small gold bar over the suggested card.
        self.marker = solid(cw - 4 * k, 2 * k, GOLD, scale=2)
        self.marker.hidden = True
        self.cards.append(self.marker)
        cols = self.chars - 1
        fw = font.w
        # the top line's corners: the room beside the top opponent's backs
        corner = ((width - (hand - 1) * self.step - cw) // 2 - 3) // fw
        self.status = Text(font, self.chars, 1, 2, self.status_y)
        self.tally = Text(font, corner, 1, 1, 0)
        self.points = Text(font, corner, 1, width - 1 - corner * fw, 0, DIM, RIGHT)
        self.count = Text(font, 3, 1, 2, 0, DIM)
        self.trump_word = Text(font, (cw * 2 + 8) // fw, 1, 2, 0, DIM)
        self.info = Text(font, cols, 1, width - 2 - cols * fw, self.info_y, DIM, RIGHT)
        for lab in self.texts():
            self.group.append(lab.group)
        self.progress = Progress(width - width // 4 - 2, self.status_y + self.lh // 2 - 1, width // 4)
        self.cards.append(self.progress.grid)
        self.n = 0
        self.faces_shown = 0  # bitmask of seats whose hand faces are on screen (for privacy tests)
        self.sel_x = 0

    def close(self):
        """Let the sheets' files go (the view must not be drawn after)."""
        for f in self.files:
            f.close()

    def at(self, sprite, x, y):
        """Put a card sprite at screen pixel (x, y)."""
        k = self.k
        sprite.x = x // k
        sprite.y = y // k

    def texts(self):
        return (self.status, self.tally, self.points, self.count, self.trump_word, self.info)

    # -- geometry
    def _layout(self, n, has_left):
        """Fix the positions that depend on the number of players (called when it changes)."""
        self.n = n
        cw, ch, w, k = self.cw, self.ch, self.width, self.k
        sx = (8 * k if has_left else 0) + 2
        self.at(self.trump, sx, self.trick_y + ch // 4)
        self.at(self.stock, sx + cw // 2, self.trick_y + ch // 4 - 2)
        ty = self.trick_y + ch // 4  # the trump card's top
        # stock count right of the stock, the trump suit icon under it, the word for trump under the
        # trump card; with 4 players the trick's cross needs that room: the count goes under the
        # stock, the word under it, and the cross moves right a little
        if has_left:
            self.count.move(sx, ty + ch + 1)
            self.trump_word.move(sx, ty + ch + 1 + self.lh)
            self.at(self.suit, sx + cw // 2 + cw - 10 * k, ty + ch + 2)
        else:
            self.count.move(sx + cw // 2 + cw + 2, ty)
            self.trump_word.move(sx, ty + ch + 1)
            self.at(self.suit, sx + cw // 2 + cw + 2, ty + ch - 10 * k)
        # The trick: a cross of cards centred on the room between the stock and the seats at the
        # sides (with 2 players, on the screen's middle), its arms as long as that room allows.
        dx, dy = cw // 4 + 2, ch // 2
        cx = max(w // 2, sx + cw // 2 + cw + 4 + 2 * self.info.font.w + cw // 2 + dx)  # clear of the count
        if n > 2:
            left = sx + cw // 2 + cw + 2 + (0 if has_left else self.count.cols * self.info.font.w)
            right = w - 8 * k - 2
            cx = (left + right) // 2
            dx = max(2, min(dx, (right - left - 2 * cw) // 4))
        ty = self.trick_y
        self.trick_pos = {
            POS_BOTTOM: (cx - cw // 2 + dx, ty + dy),
            POS_TOP: (cx - cw // 2 - dx, ty),
            POS_LEFT: (cx - cw - 2 * dx, ty + dy // 2),
            POS_RIGHT: (cx + 2 * dx, ty + dy // 2),
        }
        if n == 3:  # right and top only: the trick leans left, towards the free side
            self.trick_pos[POS_RIGHT] = (cx + dx + 4, ty + dy // 2)

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
        pos = POSITIONS[n]
        if self.n != n:
            self._layout(n, n >= 4)
        # Viewer's hand.
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
        # Opponents.
        row = 0
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
        self.faces_shown = shown
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
        # Trick.
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


