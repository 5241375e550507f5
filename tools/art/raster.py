"""A tiny indexed-colour canvas plus a shape rasteriser (supersampled, majority colour) and outliner.

Shapes are functions f(u, v) -> palette index or None over the square u, v in [-1, 1] (v grows
downwards); rendering one at any pixel size is what lets the same pip design serve every sheet.
"""

CLEAR = 255  # "no pixel" in sprites; never written into a sheet


class Canvas:
    """A width x height grid of palette indices."""

    def __init__(self, width, height, fill=CLEAR):
        self.width = width
        self.height = height
        self.pixels = bytearray([fill]) * (width * height)

    def get(self, x, y):
        return self.pixels[y * self.width + x]

    def set(self, x, y, colour):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y * self.width + x] = colour

    def rect(self, x, y, w, h, colour):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.set(xx, yy, colour)

    def frame(self, x, y, w, h, colour, thickness=1):
        """Rectangle outline `thickness` pixels wide, drawn inside the w x h box."""
        for t in range(thickness):
            self.rect(x + t, y + t, w - 2 * t, 1, colour)
            self.rect(x + t, y + h - 1 - t, w - 2 * t, 1, colour)
            self.rect(x + t, y + t, 1, h - 2 * t, colour)
            self.rect(x + w - 1 - t, y + t, 1, h - 2 * t, colour)

    def blit(self, sprite, x, y):
        """Copy every non-CLEAR pixel of `sprite` with its top-left corner at (x, y)."""
        for sy in range(sprite.height):
            for sx in range(sprite.width):
                c = sprite.pixels[sy * sprite.width + sx]
                if c != CLEAR:
                    self.set(x + sx, y + sy, c)

    def blit_centred(self, sprite, x, y, w, h):
        """Blit `sprite` centred in the box (x, y, w, h), rounding towards the top-left."""
        self.blit(sprite, x + (w - sprite.width) // 2, y + (h - sprite.height) // 2)

    def replace(self, old, new):
        for i, c in enumerate(self.pixels):
            if c == old:
                self.pixels[i] = new


def render(shape, width, height, samples=4):
    """Rasterise `shape` into a width x height sprite: each pixel takes the most common colour of its
    samples x samples sub-samples if at least half of them are inside the shape, else stays CLEAR."""
    sprite = Canvas(width, height)
    n = samples * samples
    for py in range(height):
        for px in range(width):
            counts = {}
            inside = 0
            for sy in range(samples):
                v = ((py + (sy + 0.5) / samples) / height) * 2.0 - 1.0
                for sx in range(samples):
                    u = ((px + (sx + 0.5) / samples) / width) * 2.0 - 1.0
                    c = shape(u, v)
                    if c is not None:
                        inside += 1
                        counts[c] = counts.get(c, 0) + 1
            if inside * 2 >= n:
                # Ties go to the lower palette index so output never depends on dict order.
                best = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]
                sprite.pixels[py * width + px] = best
    return sprite


def outline(sprite, colour, diagonal=False):
    """Return a sprite 2 px larger with a 1 px `colour` ring around every non-CLEAR pixel."""
    out = Canvas(sprite.width + 2, sprite.height + 2)
    out.blit(sprite, 1, 1)
    if diagonal:
        near = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
    else:
        near = ((0, -1), (-1, 0), (1, 0), (0, 1))
    for y in range(out.height):
        for x in range(out.width):
            if out.get(x, y) != CLEAR:
                continue
            for dx, dy in near:
                sx, sy = x + dx - 1, y + dy - 1
                if 0 <= sx < sprite.width and 0 <= sy < sprite.height and sprite.get(sx, sy) != CLEAR:
                    out.set(x, y, colour)
                    break
    return out


def pip(shape, size, outline_colour=None, diagonal=False):
    """A size x size sprite of `shape`; with an outline colour the shape is drawn 2 px smaller and
    ringed, so the outline stays inside the requested size."""
    if outline_colour is None:
        return render(shape, size, size)
    return outline(render(shape, size - 2, size - 2), outline_colour, diagonal)


def from_text(rows, colours):
    """Sprite from ASCII art: each character maps through `colours` ('.' and ' ' are CLEAR)."""
    sprite = Canvas(len(rows[0]), len(rows))
    for y, row in enumerate(rows):
        if len(row) != sprite.width:
            raise ValueError(f"ragged sprite row {row!r}")
        for x, ch in enumerate(row):
            if ch not in ". ":
                sprite.set(x, y, colours[ch])
    return sprite


# Geometry helpers for shape functions.

def in_circle(u, v, cx, cy, r):
    return (u - cx) * (u - cx) + (v - cy) * (v - cy) <= r * r


def in_ellipse(u, v, cx, cy, rx, ry):
    du, dv = (u - cx) / rx, (v - cy) / ry
    return du * du + dv * dv <= 1.0


def in_box(u, v, x0, y0, x1, y1):
    return x0 <= u <= x1 and y0 <= v <= y1


def near_segment(u, v, x0, y0, x1, y1, r):
    """True within distance r of the segment (x0, y0)-(x1, y1): a capsule."""
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((u - x0) * dx + (v - y0) * dy) / length2))
    px, py = x0 + t * dx - u, y0 + t * dy - v
    return px * px + py * py <= r * r


def in_polygon(u, v, points):
    """Even-odd point-in-polygon test."""
    inside = False
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        if (y0 > v) != (y1 > v) and u < x0 + (v - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
