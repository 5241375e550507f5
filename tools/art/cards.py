"""Compose card faces, backs, slot and stock tiles into 10 x 5 sprite sheets, and suit-icon strips.

Tile index = card id (suit * 10 + rank) for 0..39, then 40 back, 41 empty slot, 42 stock, 43..49 blank.
"""

from . import font, icons, pips
from . import palette as P
from .raster import Canvas, in_box, in_circle, in_ellipse, in_polygon, near_segment, outline, pip, render

SHEET_COLUMNS = 10
SHEET_ROWS = 5
BACK, SLOT_TILE, STOCK = 40, 41, 42

SIZES = {"s": (24, 32)}  # boards with big screens draw these at twice the size
STYLES = ("spanish", "italian", "french", "french32")
SUIT_ICON = 10

# Rank marks by style, indexed by rank 0..9 (Ace .. King).
RANK_LABELS = {
    # Spanish packs print 1-7 and 10, 11, 12 on the Sota, Caballo and Rey.
    "spanish": ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12"),
    # Italian packs with indices number the Fante, Cavallo and Re 8, 9, 10: language-neutral, so the
    # same marks serve Croatian Briskula (Fanat, Konj, Kralj) where letters would clash (K, K).
    "italian": ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
    "french": ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"),
    # 32-card French pack: Two and Four are not dealt; their tiles keep plain 2 and 4 marks.
    "french32": ("A", "2", "10", "4", "7", "8", "9", "J", "Q", "K"),
}

FIGURE_RANKS = (7, 8, 9)  # Jack, Knight, King


def pip_family(style):
    return "french" if style.startswith("french") else style


class Layout:
    """Where things go on a card of one size."""

    def __init__(self, size):
        self.width, self.height = SIZES[size]
        self.margin = 2
        self.icon = 8
        self.body = (2, 14, 20, 16)


def blank_card(layout, face=P.WHITE):
    """White card with a dark border and clipped corners on the table colour."""
    w, h = layout.width, layout.height
    card = Canvas(w, h, P.TABLE)
    card.rect(1, 1, w - 2, h - 2, face)
    card.rect(1, 0, w - 2, 1, P.EDGE)
    card.rect(1, h - 1, w - 2, 1, P.EDGE)
    card.rect(0, 1, 1, h - 2, P.EDGE)
    card.rect(w - 1, 1, 1, h - 2, P.EDGE)
    for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)):
        card.set(x, y, P.EDGE)
    return card


def suit_sprite(style, suit, size, ring=P.BLACK):
    """Suit symbol `size` px square: hand-drawn at 8 px, rasterised from its shape above that."""
    family = pip_family(style)
    if size == 8:
        return icons.icon(family, suit)
    shape = pips.SUIT_SHAPES[family][suit]
    if pips.OUTLINED[family][suit]:
        return pip(shape, size, ring)
    return pip(shape, size)


# --- figure portraits (shape functions over the frame interior) ---------------------------------

def add_eyes(portrait):
    """Two 1 px eyes on the face (the SKIN area), a third of the way down it."""
    skin = [(i % portrait.width, i // portrait.width) for i, c in enumerate(portrait.pixels) if c == P.SKIN]
    if not skin:
        return
    xs = [x for x, _ in skin]
    ys = [y for _, y in skin]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    y = top + (bottom - top) // 3 + (1 if bottom - top >= 5 else 0)
    inset = max(1, (right - left + 1) // 4)
    portrait.set(left + inset, y, P.BLACK)
    portrait.set(right - inset, y, P.BLACK)


def king(ink):
    def shape(u, v):
        if in_polygon(u, v, ((-0.55, -0.4), (-0.55, -0.98), (-0.28, -0.62), (0.0, -1.0),
                             (0.28, -0.62), (0.55, -0.98), (0.55, -0.4))):
            return P.GOLD
        if in_ellipse(u, v, 0, 0.62, 0.95, 0.5) and v > 0.35:
            return ink
        if in_ellipse(u, v, 0, 0.0, 0.45, 0.45):
            return P.SKIN
        return None
    return shape


def knight(ink):
    head = ((0.3, -1.0), (0.45, -0.62), (0.7, -0.2), (0.75, 1.0), (-0.15, 1.0), (-0.1, 0.3),
            (-0.8, 0.25), (-0.92, -0.1), (-0.35, -0.6), (0.1, -0.78))

    def shape(u, v):
        if near_segment(u, v, 0.45, -0.6, 0.72, 0.95, 0.15):
            return ink
        if in_polygon(u, v, head):
            if in_circle(u, v, 0.05, -0.3, 0.13):
                return P.BLACK
            return P.BROWN
        return None
    return shape


def jack(ink):
    def shape(u, v):
        if in_ellipse(u, v, 0.1, -0.55, 0.75, 0.35) and v < -0.35:
            return ink
        if near_segment(u, v, 0.55, -0.6, 0.85, -0.95, 0.1):
            return P.GOLD
        if in_ellipse(u, v, 0, 0.62, 0.8, 0.5) and v > 0.4:
            return ink
        if in_ellipse(u, v, 0, 0.0, 0.42, 0.45):
            return P.SKIN
        return None
    return shape


def queen(ink):
    """French Q: long brown hair framing the face, a small gold tiara."""
    def shape(u, v):
        if in_box(u, v, -0.4, -0.95, 0.4, -0.6) and (abs(u) > 0.25 or v < -0.78 or abs(u) < 0.1):
            return P.GOLD
        if in_ellipse(u, v, 0, 0.62, 0.95, 0.5) and v > 0.35:
            return ink
        if in_ellipse(u, v, 0, 0.0, 0.4, 0.45):
            return P.SKIN
        if in_ellipse(u, v, 0, -0.05, 0.62, 0.62) and v < 0.45:
            return P.BROWN
        return None
    return shape


PORTRAITS = {7: jack, 8: knight, 9: king}
FRENCH_PORTRAITS = {7: jack, 8: queen, 9: king}


def figure_panel(layout, rank, ink, family):
    """The framed face area that marks J / Knight (Q) / King as point cards."""
    _, _, w, h = layout.body
    panel = Canvas(w, h, P.CREAM)
    panel.frame(0, 0, w, h, ink, 1)
    inset = 2
    portraits = FRENCH_PORTRAITS if family == "french" else PORTRAITS
    portrait = render(portraits[rank](ink), w - 2 * inset, h - 2 * inset)
    add_eyes(portrait)
    panel.blit(portrait, inset, inset)
    return panel


def face_card(style, size, suit, rank):
    layout = Layout(size)
    family = pip_family(style)
    ink = pips.SUIT_INK[family][suit]
    card = blank_card(layout)
    m = layout.margin
    card.blit(font.text(RANK_LABELS[style][rank], ink), m, m)
    card.blit(suit_sprite(style, suit, layout.icon), layout.width - m - layout.icon, m + 1)
    bx, by, bw, bh = layout.body
    if rank in FIGURE_RANKS:
        card.blit(figure_panel(layout, rank, ink, family), bx, by)
    else:
        big = suit_sprite(style, suit, min(bw, bh))
        card.blit_centred(big, bx, by, bw, bh)
    return card


def back_card(layout):
    """Our own back: navy field, gold diamond lattice, gold inner frame, white centre lozenge."""
    w, h = layout.width, layout.height
    card = blank_card(layout, P.NAVY)
    card.frame(2, 2, w - 4, h - 4, P.GOLD)
    for y in range(4, h - 4):
        for x in range(4, w - 4):
            if (x + y) % 4 == 0 and (x - y) % 4 == 0:
                card.set(x, y, P.GOLD)
    r = 4
    for y in range(h):
        for x in range(w):
            d = abs(x + 0.5 - w / 2) + abs(y + 0.5 - h / 2)
            if d <= r:
                card.set(x, y, P.WHITE if d <= r - 1.5 else P.GOLD)
    return card


def slot_card(layout):
    """Dashed rounded outline on the table where a card will go."""
    w, h = layout.width, layout.height
    card = Canvas(w, h, P.TABLE)
    for x in range(2, w - 2):
        if (x // 2) % 2 == 0:
            card.set(x, 0, P.SLOT)
            card.set(x, h - 1, P.SLOT)
    for y in range(2, h - 2):
        if (y // 2) % 2 == 0:
            card.set(0, y, P.SLOT)
            card.set(w - 1, y, P.SLOT)
    for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)):
        card.set(x, y, P.SLOT)
    return card


def stock_card(layout):
    """A squared-up pile: two card edges peeking out below/right of a back."""
    w, h = layout.width, layout.height
    card = Canvas(w, h, P.TABLE)
    layers = 2
    small = Layout.__new__(Layout)
    small.width, small.height = w - 2 * layers, h - 2 * layers
    for d in range(layers, 0, -1):
        under = blank_card(small, P.GREY)
        under.replace(P.TABLE, 255)
        card.blit(under, 2 * d, 2 * d)
    top = back_card(small)
    top.replace(P.TABLE, 255)
    card.blit(top, 0, 0)
    return card


def tiles(style, size):
    """All 50 tiles of one sheet, in tile-index order."""
    layout = Layout(size)
    out = [face_card(style, size, card_id // 10, card_id % 10) for card_id in range(40)]
    out += [back_card(layout), slot_card(layout), stock_card(layout)]
    while len(out) < SHEET_COLUMNS * SHEET_ROWS:
        out.append(Canvas(layout.width, layout.height, P.TABLE))
    return out


def sheet(style, size):
    """The 10 x 5 sprite sheet canvas for one deck style and card size."""
    w, h = SIZES[size]
    canvas = Canvas(w * SHEET_COLUMNS, h * SHEET_ROWS, P.TABLE)
    for index, tile in enumerate(tiles(style, size)):
        canvas.blit(tile, (index % SHEET_COLUMNS) * w, (index // SHEET_COLUMNS) * h)
    return canvas


def suit_strip(style):
    """Four 10 x 10 suit icons in suit order, white-ringed so they read on the table colour."""
    canvas = Canvas(SUIT_ICON * 4, SUIT_ICON, P.TABLE)
    family = pip_family(style)
    for suit in range(4):
        canvas.blit(outline(icons.icon(family, suit), P.WHITE), suit * SUIT_ICON, 0)
    return canvas
