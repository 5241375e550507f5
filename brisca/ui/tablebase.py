"""The card table's sprites and geometry (drawn by brisca.ui.tableview): hand, the other seats'
cards, trump and stock, the trick, the lines of text.

Every sprite is created once, for the table's rules (one TileGrid per card slot it needs);
`show()` only changes tile indices, positions, `hidden` flags and texts when they differ, so a
frame allocates nothing. The cards are 24x32 pixels, drawn twice as large on screens of 200 x 200
pixels and more (the CLUE's 240x240), where the status line, the stock count and the word for
trump are drawn at 2x too when they fit their room.

From the top: the score line (the match so far at the left, the deal's points at the right, each
with its label), the status line, the band, the info line and the viewer's hand. In the band: the
seat across (a strip of its cards), the trump under the stock with the count beside it and the
word for trump under it, the trick, and the seats at the sides. Seat positions are relative to
the viewer (the bottom): 2 players: the other across; 3: right, across; 4: right, across
(partner), left; 6: lower right, upper right, across, upper left, lower left (the lower side
seats stand beside the hand). The trick lies in seat order from left to right around the table,
each card on its seat's side: the seats above in the upper row, the viewer's side in the lower.
"""

import displayio

from brisca.ui.text import BG, DIM, GOLD, RIGHT, Text, solid

BACK = 40  # tile indices of the card sheets (see assets/README.md; 41: an empty slot)
STOCK = 42

# Screen positions: 0 the viewer's seat (bottom), 1 right, 2 across (POS_TOP), 3 left, 4 lower
# right, 5 upper right, 6 upper left, 7 lower left (numbers only: a name each cost the table heap)
POS_TOP = 2
# By number of players n (2, 3, 4, 6), from byte b"\0\4\12\0\22"[n - 2] on: the position of seat
# (viewer + k) % n (n bytes, a table's `pos`), then the trick's positions from left to right (n
# bytes, its `order`). One bytes: two dicts of bytes cost the table 300 B more.
SEATS = b"\0\2\2\0" b"\0\1\2\2\0\1" b"\0\1\2\3\3\2\0\1" b"\0\4\5\2\6\7\6\7\2\0\5\4"
# By position: its row (0 upper, 1 middle, 2 lower) and its side (0 left, 1 middle, 2 right).
ROW = b"\2\1\0\1\2\0\0\2"
SIDE = b"\1\2\1\0\2\2\0\0"


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


class TableBase:
    """The table of one game's rules, deck style and screen size. `group` goes into the app's
    root group."""

    def __init__(self, width, height, style, font, assets, rules):
        self.width = width
        self.height = height
        self.style = style
        k = self.k = card_scale(width, height)
        self.ts = k  # the scale of the texts drawn at 2x where they fit
        self.cw, self.ch = 24 * k, 32 * k  # a card on screen
        ch = self.ch
        self.n = n = rules.players
        a = b"\0\4\12\0\22"[n - 2]
        self.pos, self.order = SEATS[a:a + n], SEATS[a + n:a + 2 * n]
        self.plays = rules.plays
        self.group = displayio.Group()
        # The sheets stay open while the table is on screen: OnDiskBitmap reads its pixels from the
        # file as it draws (close() lets them go).
        self.files = (open("%s/cards_%s_s.bmp" % (assets, style), "rb"),
                      open("%s/suits_%s.bmp" % (assets, style), "rb"))
        self.sheet = displayio.OnDiskBitmap(self.files[0])
        self.suits = displayio.OnDiskBitmap(self.files[1])
        self.lh = font.h  # a line (its last pixel row is blank)
        ink = font.h - 1
        self.mx = 2 if k == 1 else 6  # the texts' margin at the screen's sides
        self.chars = (width - 2 * self.mx) // font.w
        self.raise_px = 4 * k
        self.step = 8 * k  # between an opponent's overlapped cards
        self.hand_y = (height - ch - 1) // k * k  # (card sprites stand on the cards' scale)
        self.score_y = k - 1
        self.status_y = self.score_y + ink
        self.band_y = (self.status_y + ink * self.ts + k - 1) // k * k  # (on the cards' scale)
        # the info line stands above the raised hand and the hint marker over it
        self.info_y = self.hand_y - self.raise_px - 4 * k - 2 - self.lh
        # the seat across: a strip of its cards, 8 rows of each (16 with two players: the other's
        # hand may lie face up, and the strip shows the cards' corners)
        self.strip = 16 * k if n == 2 else 8 * k
        self.group.append(solid(width, height, BG))
        self._make_cards(rules)
        self._make_texts(font)
        self._place(font)
        self.faces_shown = 0  # bitmask of seats whose hand faces are on screen (for privacy tests)
        self.sel_x = 0

    # (__init__'s parts: a board that compiles this module from source holds one at a time)
    def _make_cards(self, rules):
        """The card sprites and marks, hidden."""
        k, cw = self.k, self.cw
        self.cards = displayio.Group()  # every card and mark: hidden while the board is handed over
        self.group.append(self.cards)
        self.deck = displayio.Group(scale=k)  # the card sprites, at the cards' scale
        self.cards.append(self.deck)

        def grid(tile=41, height=32):  # (41: an empty slot)
            g = displayio.TileGrid(self.sheet, pixel_shader=self.sheet.pixel_shader, tile_width=24,
                                   tile_height=height)
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
        # The other seats' hands (the seat across as a strip), the trick (its sprites in the order
        # of the trick's slots from left to right: each one's rank corner shows), the hand.
        n, hand = self.n, rules.hand
        pos = self.pos
        self.opp = [[grid(BACK, self.strip // k if pos[j] == POS_TOP else 32) for _ in range(hand)]
                    for j in range(1, n)]
        self.trick = [grid() for _ in range(n * rules.plays)]
        self.hand = [grid() for _ in range(hand)]
        # Hint marker: a small gold bar over the suggested card.
        self.marker = solid(cw - 4 * k, 2 * k, GOLD, scale=2)
        self.marker.hidden = True
        self.cards.append(self.marker)

    def _make_texts(self, font):
        """The table's lines of text and the AI's progress bar (after _make_cards())."""
        width, mx, ts, fw = self.width, self.mx, self.ts, font.w
        cols = self.chars
        self.tally = Text(font, cols, 1, mx, self.score_y)
        self.points = Text(font, cols, 1, width - mx - cols * fw, self.score_y, DIM, RIGHT)
        self.status = Text(font, cols, 1, mx, self.status_y, scale=ts)
        self.count = Text(font, 2, 1, 0, 0, DIM, scale=ts)
        self.trump_word = Text(font, 8, 1, 0, 0, DIM, scale=ts)
        self.info = Text(font, cols, 1, width - mx - cols * fw, self.info_y, DIM, RIGHT)
        for lab in self.texts():
            self.group.append(lab.group)
        self.line_y = self.status_y  # where the status line stands (mid-screen while covered)
        bar = width // 4
        self.progress = Progress(width - bar - mx, self.status_y + (font.h - 1) * ts // 2 - 1, bar)
        self.cards.append(self.progress.grid)

    def _place(self, font):
        """Where the stock's column and the trick stand (the seats, the hand: at every frame)."""
        k, cw, ch, w, n = self.k, self.cw, self.ch, self.width, self.n
        band = self.band_y
        # The stock's column: the trump under the stock, the count beside it (2 characters), the
        # trump suit's icon under the count, the word for trump under the trump card.
        sx = 8 * k + 2 if n >= 4 else self.mx  # (clear of the seat at the left)
        self.at(self.trump, sx, band + 2 * k)
        self.at(self.stock, sx + cw // 2, band)
        cx = sx + cw // 2 + cw + 2
        self.at(self.suit, cx, band + ch - 10 * k)
        self.word_x, self.word_y = sx, band + ch + 2 * k + 1
        right = w - (8 * k + 2 if n >= 3 else self.mx)  # (clear of the seat at the right)
        # The trick's slots from left to right, a seat's plays side by side: as far apart as the
        # room allows, up to a card and a gap. At 2x, the count is drawn at 1x when that gives the
        # trick the room to show every card's rank corner.
        order = self.order
        plays = self.plays
        side = cw // 4 if plays > 1 else 0  # a seat's second card over its first (double)
        gaps = len(order) - 1
        cs = self.ts
        for _ in range(cs):
            left = cx + max(2 * font.w * cs, 10 * k) + 2  # the trick's room: clear of the count and icon
            gap = (right - left - cw - side) // max(1, gaps)
            if gap >= 10 * k:
                break
            cs = 1
        if self.ts > 1:
            self.count.group.scale = cs  # type: ignore[union-attr]  # (a Group: drawn at scale 2)
        gap = min(gap, cw + 4 + side)
        self.word_room = left - 2 - sx
        self.count.move(cx, band)
        self.across = left + (right - left) // 2  # the strip's middle: over the trick
        self._slots(left + (right - left - gaps * gap - side - cw) // 2, gap, side)

    def _slots(self, x, gap, side):
        """The trick's sprites' places: its positions from left to right from `x`, `gap` apart,
        a seat's second card `side` right of its first (_place()'s part)."""
        k, ch, plays = self.k, self.ch, self.plays
        order = self.order
        top = self.band_y + self.strip
        low = (self.info_y - ch) // k * k
        ys = (top, (top + low) // 2 // k * k, low)
        # The trick's sprites, drawn in this order: from left to right, each card over the right of
        # the one before; if they lie closer than a rank corner's width (10 x 12 at the cards'
        # scale), row by row from the top, each row over the bottom of the row above.
        self.trick_x = bytearray(len(self.trick))
        self.trick_y = bytearray(len(self.trick))
        self.slot = bytearray(8)  # by position: its first sprite
        i = 0
        for row in (0, 1, 2) if gap < 10 * k else (3,):
            for j in range(len(order)):
                p = order[j]
                if row == 3 or ROW[p] == row:
                    self.slot[p] = i
                    for play in range(plays):
                        self.trick_x[i] = x + j * gap + play * side
                        self.trick_y[i] = ys[ROW[p]]
                        i += 1

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
