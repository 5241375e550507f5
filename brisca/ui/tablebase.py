"""The card table's sprites and geometry (drawn by brisca.ui.tableview): hand, opponents' backs,
trump and stock, the trick, status lines.

Every sprite is created once (one TileGrid per card slot the table needs); `show()` only changes
tile indices, positions, `hidden` flags and texts when they differ, so a frame allocates nothing.
The cards are 24x32 pixels, drawn twice as large on screens of 200 x 200 pixels and more (the
CLUE's and the PicoSystem's 240x240), where the text keeps its size and gets the room around
them. Seat positions on screen are relative to the viewer (the seat at the bottom): 2 players:
the other on top; 3: right and top; 4: right, top (partner), left. The top line holds the match
so far (left) and the deal's points (right), the word for trump stands under the trump card.
"""

import displayio

from brisca.ui.text import BG, DIM, GOLD, RIGHT, Text, solid

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


class TableBase:
    """The table for one deck style and screen size. `group` goes into the app's root group."""

    def __init__(self, width, height, style, font, assets="assets", rules=None):
        """`rules`: the table's (its sprites are made for its hand size and player count); None:
        room for any table."""
        self.width = width
        self.height = height
        self.style = style
        k = self.k = card_scale(width, height)
        self.cw, self.ch = 24 * k, 32 * k  # a card on screen
        ch = self.ch
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
        self._make_cards(rules)
        self._make_texts(font)
        self.n = 0
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

    def _make_texts(self, font):
        """The table's lines of text and the AI's progress bar (after _make_cards())."""
        width, cw = self.width, self.cw
        hand = len(self.hand)  # (the sprites made for the hand)
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
