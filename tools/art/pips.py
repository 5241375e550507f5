"""Suit symbols as shape functions (see raster.render), one set per deck family.

Spanish and Italian sets differ in drawing (straight vs curved sword, knobbly cudgel vs leafy
baton, ringed vs rosette coin, goblet vs urn cup) but share suit colours; French uses red/black.
"""

from . import palette as P
from .raster import in_box, in_circle, in_ellipse, in_polygon, near_segment

# --- Spanish -----------------------------------------------------------------------------------

def oros(u, v):
    """Gold coin with a dark ring and centre dot."""
    if not in_circle(u, v, 0, 0, 1.0):
        return None
    if in_circle(u, v, 0, 0, 0.22):
        return P.AMBER
    if in_circle(u, v, 0, 0, 0.66) and not in_circle(u, v, 0, 0, 0.46):
        return P.AMBER
    return P.GOLD


def copas(u, v):
    """Red goblet: wide bowl, thin stem, flat foot."""
    if in_box(u, v, -0.9, -0.9, 0.9, 0.05) and in_ellipse(u, v, 0, -0.9, 0.9, 0.95):
        return P.RED
    if in_box(u, v, -0.16, 0.0, 0.16, 0.62):
        return P.RED
    if in_ellipse(u, v, 0, 0.3, 0.28, 0.13):
        return P.GOLD
    if in_box(u, v, -0.62, 0.62, 0.62, 0.95) and abs(u) <= 0.22 + (v - 0.62) * 1.3:
        return P.RED
    return None


def espadas(u, v):
    """Straight broad blue sword, point up."""
    if -1.0 <= v <= 0.3:
        half = 0.25 if v > -0.55 else 0.25 * (v + 1.0) / 0.45
        if abs(u) <= max(half, 0.06):
            return P.BLUE
    if in_box(u, v, -0.72, 0.28, 0.72, 0.5):
        return P.BLUE
    if in_box(u, v, -0.14, 0.5, 0.14, 0.78):
        return P.BROWN
    if in_circle(u, v, 0, 0.84, 0.2):
        return P.BLUE
    return None


def bastos(u, v):
    """Green cudgel: big rounded head up-right, tapering handle down-left, two lopped branches."""
    x = u + 0.35 * v
    y = v
    if in_circle(x, y, 0, -0.55, 0.45):
        return P.GREEN
    if -0.55 <= y <= 0.97 and abs(x) <= 0.4 - 0.18 * (y + 0.55) / 1.5:
        return P.GREEN
    if near_segment(x, y, -0.2, 0.05, -0.58, -0.15, 0.13) or near_segment(x, y, 0.15, 0.4, 0.52, 0.22, 0.13):
        return P.GREEN
    if in_circle(x, y, -0.58, -0.15, 0.1) or in_circle(x, y, 0.52, 0.22, 0.1):
        return P.BROWN
    return None


# --- Italian -----------------------------------------------------------------------------------

def denari(u, v):
    """Gold coin with a red four-petal rosette."""
    if not in_circle(u, v, 0, 0, 1.0):
        return None
    if in_circle(u, v, 0, 0, 0.16):
        return P.GOLD
    if abs(u) + abs(v) <= 0.62 and (abs(u) < 0.2 or abs(v) < 0.2 or abs(u) + abs(v) <= 0.4):
        return P.RED
    if in_circle(u, v, 0, 0, 0.8) and not in_circle(u, v, 0, 0, 0.7):
        return P.AMBER
    return P.GOLD


def coppe(u, v):
    """Red urn with a gold lip and a broad foot."""
    if in_box(u, v, -0.95, -0.98, 0.95, -0.72):
        return P.GOLD
    if in_box(u, v, -0.9, -0.72, 0.9, 0.45) and in_ellipse(u, v, 0, -0.3, 0.9, 0.75):
        return P.RED
    if in_box(u, v, -0.2, 0.35, 0.2, 0.7):
        return P.RED
    if in_box(u, v, -0.75, 0.68, 0.75, 0.98):
        return P.GOLD
    return None


def spade(u, v):
    """Broad blue curved sabre, point up, gold guard and pommel."""
    if -1.0 <= v <= 0.4:
        t = (0.4 - v) / 1.4  # 0 at the guard, 1 at the tip
        centre = -0.2 + 0.55 * t * t
        half = 0.27 * (1.0 - t ** 4)
        if abs(u - centre) <= max(half, 0.06):
            return P.BLUE
    if in_box(u, v, -0.75, 0.38, 0.35, 0.58):
        return P.GOLD
    if in_box(u, v, -0.34, 0.58, -0.06, 0.82):
        return P.BLUE
    if in_circle(u, v, -0.2, 0.86, 0.17):
        return P.GOLD
    return None


def bastoni(u, v):
    """Straight green baton on the diagonal with brown banded ends and a brown middle band."""
    on_staff = near_segment(u, v, -0.62, 0.72, 0.62, -0.72, 0.3)
    if not on_staff:
        return None
    along = (u - v) / 2.0  # -0.67 .. 0.67 from the lower-left end to the upper-right end
    if abs(along) > 0.55 or abs(along) < 0.08:
        return P.BROWN
    return P.GREEN


# --- French ------------------------------------------------------------------------------------

def diamonds(u, v):
    return P.RED if abs(u) / 0.8 + abs(v) <= 1.0 else None


def _heart(u, v):
    if in_circle(u, v, -0.46, -0.4, 0.5) or in_circle(u, v, 0.46, -0.4, 0.5):
        return True
    return in_polygon(u, v, ((-0.93, -0.25), (0.93, -0.25), (0.0, 0.95)))


def hearts(u, v):
    return P.RED if _heart(u, v) else None


def spades(u, v):
    if _heart(u, -v * 1.05 + 0.12) and v < 0.55:
        return P.BLACK
    if in_polygon(u, v, ((0.0, 0.25), (0.4, 1.0), (-0.4, 1.0))):
        return P.BLACK
    return None


def clubs(u, v):
    for cx, cy in ((0.0, -0.5), (-0.5, 0.2), (0.5, 0.2)):
        if in_circle(u, v, cx, cy, 0.44):
            return P.BLACK
    if in_polygon(u, v, ((0.0, -0.1), (0.38, 1.0), (-0.38, 1.0))):
        return P.BLACK
    return None


SUIT_SHAPES = {
    "spanish": (oros, copas, espadas, bastos),
    "italian": (denari, coppe, spade, bastoni),
    "french": (diamonds, hearts, spades, clubs),
}

# Ink colour of rank marks and figure frames per suit: dark enough to read on white.
SUIT_INK = {
    "spanish": (P.AMBER, P.RED, P.BLUE, P.GREEN),
    "italian": (P.AMBER, P.RED, P.BLUE, P.GREEN),
    "french": (P.RED, P.RED, P.BLACK, P.BLACK),
}

# Whether a suit's pip gets a black outline on the white card: gold coins need one to stand out,
# the bold cups look better with one; thin swords and clubs stay sharper without.
OUTLINED = {"spanish": (True, True, False, False), "italian": (True, True, False, False),
            "french": (False, False, False, False)}
