"""Stand-in for CircuitPython's bitmaptools (tests only, never shipped): the calls the display
libraries make (blit, replace_color, fill_region), pixel by pixel, with the board's argument
checks: a destination point outside the destination or a source box outside the source is a
ValueError; what does not fit is clipped."""


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    sw = source_bitmap.width
    sh = source_bitmap.height
    if x2 is None:
        x2 = sw
    if y2 is None:
        y2 = sh
    if not (0 <= x <= dest_bitmap.width and 0 <= y <= dest_bitmap.height):
        raise ValueError("out of range of target")
    if not (0 <= x1 <= sw and 0 <= x2 <= sw and 0 <= y1 <= sh and 0 <= y2 <= sh):
        raise ValueError("source box out of range")
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    w = min(x2 - x1, dest_bitmap.width - x)
    h = min(y2 - y1, dest_bitmap.height - y)
    for j in range(h):
        for i in range(w):
            v = source_bitmap[x1 + i, y1 + j]
            if v == skip_source_index:
                continue
            if skip_dest_index is not None and dest_bitmap[x + i, y + j] == skip_dest_index:
                continue
            dest_bitmap[x + i, y + j] = v


def replace_color(dest_bitmap, old_color, new_color):
    for j in range(dest_bitmap.height):
        for i in range(dest_bitmap.width):
            if dest_bitmap[i, j] == old_color:
                dest_bitmap[i, j] = new_color


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    for j in range(max(0, min(y1, y2)), min(dest_bitmap.height, max(y1, y2))):
        for i in range(max(0, min(x1, x2)), min(dest_bitmap.width, max(x1, x2))):
            dest_bitmap[i, j] = value
