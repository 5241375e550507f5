"""The shared 16-colour palette of every generated sheet; index meanings are part of the asset format."""

TABLE = 0       # table felt, dark green; UI may make it transparent
BLACK = 1       # outlines, French spades/clubs, eyes
WHITE = 2       # card face
RED = 3         # cups / hearts / diamonds
GOLD = 4        # coins fill, crowns, back pattern
AMBER = 5       # dark gold: coin ink (rank marks), coin detail
BLUE = 6        # swords
GREEN = 7       # Spanish clubs (bastos)
BROWN = 8       # Italian clubs (bastoni), wood, horse
SLOT = 9        # light green: empty-slot outline on the table
EDGE = 10       # dark grey: card border
NAVY = 11       # card back field
CREAM = 12      # figure (face card) frame fill
SKIN = 13       # faces
GREY = 14       # light grey: edges of the stacked cards in the stock tile
SPARE = 15      # unused, kept magenta so any stray use is obvious in previews

COLOURS = (
    0x0B4A2A,  # TABLE
    0x000000,  # BLACK
    0xFFFFFF,  # WHITE
    0xD81E1E,  # RED
    0xFFC020,  # GOLD
    0x8A5000,  # AMBER
    0x1E50D8,  # BLUE
    0x0E7A2A,  # GREEN
    0x8B4513,  # BROWN
    0x6CC08A,  # SLOT
    0x3C3C3C,  # EDGE
    0x1A2C78,  # NAVY
    0xFFF0C8,  # CREAM
    0xF2B283,  # SKIN
    0xB8B8B8,  # GREY
    0xFF00FF,  # SPARE
)

NAMES = ("TABLE", "BLACK", "WHITE", "RED", "GOLD", "AMBER", "BLUE", "GREEN", "BROWN", "SLOT",
         "EDGE", "NAVY", "CREAM", "SKIN", "GREY", "SPARE")
