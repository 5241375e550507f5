"""Stand-in for CircuitPython's displayio, for running the game under the MicroPython unix port.

Test code only (tests/test_device_boot.py puts it on MICROPYPATH; tools/install.py never ships it).
Written from the documented API (circuitpython-stubs), not from CircuitPython's or Blinka's code.
It keeps real state and raises where the board raises, but draws nothing:
  - Bitmap packs its values as the board does (1, 2, 4, 8, 16 or 32 bits a value, rows padded to
    whole 32-bit words) in a bytearray on the heap, so a bitmap costs what it costs on the board;
    no Bitmap.blit (CircuitPython 9 removed it: bitmaptools.blit);
  - x, y and scale must be ints (a float position is a TypeError on the board);
  - a layer goes into one group at a time (ValueError), only Groups, TileGrids and vectorio
    shapes are layers (TypeError);
  - TileGrid tile sizes must divide the bitmap, tile indices must exist (ValueError);
  - OnDiskBitmap reads the BMP header and palette and keeps the file open, as the board does.
"""


def _int(value, name):
    if not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (name, type(value).__name__))
    return value


def _layer_check(layer):
    state = getattr(layer, "_in_group", None)
    if state is None:
        raise TypeError("Layer must be a Group or TileGrid subclass, not %s" % type(layer).__name__)
    if state:
        raise ValueError("Layer already in a group")


class Bitmap:
    """Width x height values, each below value_count."""

    def __init__(self, width, height, value_count):
        _int(width, "width")
        _int(height, "height")
        if width < 0 or height < 0 or width > 32767 or height > 32767:
            raise ValueError("width and height must be 0..32767")
        if value_count < 1:
            raise ValueError("value_count must be >= 1")
        bits = 1
        while (1 << bits) < value_count and bits < 32:
            bits *= 2
        self._w = width
        self._h = height
        self._bits = bits
        self._stride = (width * bits + 31) // 32 * 4  # bytes a row: whole 32-bit words
        self._buf = bytearray(self._stride * height)

    @property
    def width(self):
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def bits_per_value(self):
        return self._bits

    def _offset(self, index):
        if isinstance(index, tuple):
            x, y = index
        else:
            if not self._w:
                raise IndexError("index out of range")
            y, x = divmod(_int(index, "index"), self._w)
        if not (0 <= x < self._w and 0 <= y < self._h):
            raise IndexError("pixel coordinates out of bounds")
        return y * self._stride * 8 + x * self._bits  # bit offset

    def __getitem__(self, index):
        pos = self._offset(index)
        bits = self._bits
        buf = self._buf
        if bits < 8:
            return (buf[pos >> 3] >> (8 - bits - (pos & 7))) & ((1 << bits) - 1)
        i = pos >> 3
        value = 0
        for k in range(bits >> 3):
            value |= buf[i + k] << (8 * k)
        return value

    def __setitem__(self, index, value):
        pos = self._offset(index)
        self._put(pos, value)

    def _put(self, pos, value):
        bits = self._bits
        if not isinstance(value, int) or value < 0 or value >> bits:
            raise ValueError("value %r does not fit in %d bits" % (value, bits))
        buf = self._buf
        if bits < 8:
            shift = 8 - bits - (pos & 7)
            mask = ((1 << bits) - 1) << shift
            i = pos >> 3
            buf[i] = (buf[i] & ~mask) | (value << shift)
            return
        i = pos >> 3
        for k in range(bits >> 3):
            buf[i + k] = (value >> (8 * k)) & 0xFF

    def fill(self, value):
        if not isinstance(value, int) or value < 0 or value >> self._bits:
            raise ValueError("value %r does not fit in %d bits" % (value, self._bits))
        bits = self._bits
        if bits <= 8:
            byte = 0
            for _ in range(8 // bits):
                byte = (byte << bits) | value
            buf = self._buf
            for i in range(len(buf)):
                buf[i] = byte
        else:
            for y in range(self._h):
                for x in range(self._w):
                    self._put(y * self._stride * 8 + x * bits, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass

    def deinit(self):
        self._buf = bytearray(0)
        self._w = self._h = 0


class Palette:
    """color_count colours, each 0xRRGGBB, each opaque or transparent."""

    def __init__(self, color_count, *, dither=False):
        _int(color_count, "color_count")
        if color_count < 1 or color_count > 0x7FFF:
            raise ValueError("color_count must be 1..32767")
        self._rgb = bytearray(4 * color_count)  # r, g, b, transparent
        self.dither = dither

    def __len__(self):
        return len(self._rgb) // 4

    def __bool__(self):
        return True

    def _index(self, index):
        _int(index, "index")
        n = len(self._rgb) // 4
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("Palette index out of range")
        return index * 4

    def __getitem__(self, index):
        i = self._index(index)
        c = self._rgb
        return (c[i] << 16) | (c[i + 1] << 8) | c[i + 2]

    def __setitem__(self, index, value):
        i = self._index(index)
        if isinstance(value, int):
            if not 0 <= value <= 0xFFFFFF:
                raise ValueError("color must be between 0x000000 and 0xffffff")
            r, g, b = value >> 16, (value >> 8) & 0xFF, value & 0xFF
        elif isinstance(value, (bytes, bytearray)) and len(value) in (3, 4):
            r, g, b = value[0], value[1], value[2]
        elif isinstance(value, (tuple, list)) and len(value) == 3:
            r, g, b = value
            for v in value:
                if not isinstance(v, int) or not 0 <= v <= 255:
                    raise ValueError("color components must be ints 0..255")
        else:
            raise TypeError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
        c = self._rgb
        c[i] = r
        c[i + 1] = g
        c[i + 2] = b

    def make_transparent(self, palette_index):
        self._rgb[self._index(palette_index) + 3] = 1

    def make_opaque(self, palette_index):
        self._rgb[self._index(palette_index) + 3] = 0

    def is_transparent(self, palette_index):
        return bool(self._rgb[self._index(palette_index) + 3])


class ColorConverter:
    """Colour conversion for true-colour bitmaps (nothing is converted here)."""

    def __init__(self, *, input_colorspace=None, dither=False):
        self.dither = dither
        self._transparent = None

    def convert(self, color):
        return color

    def make_transparent(self, color):
        self._transparent = color

    def make_opaque(self, color):
        self._transparent = None


class _Placed:
    """x and y as displayio checks them (ints only): shared by Group and TileGrid."""

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = _int(value, "x")

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = _int(value, "y")


class Group(_Placed):
    """An ordered list of layers, moved, scaled and hidden together."""

    _in_group = False

    def __init__(self, *, scale=1, x=0, y=0):
        if _int(scale, "scale") < 1:
            raise ValueError("scale must be >= 1")
        self._layers = []
        self._scale = scale
        self._x = _int(x, "x")
        self._y = _int(y, "y")
        self._hidden = False

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = bool(value)

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        if _int(value, "scale") < 1:
            raise ValueError("scale must be >= 1")
        self._scale = value

    def append(self, layer):
        _layer_check(layer)
        layer._in_group = True
        self._layers.append(layer)

    def insert(self, index, layer):
        _layer_check(layer)
        layer._in_group = True
        self._layers.insert(index, layer)

    def index(self, layer):
        return self._layers.index(layer)

    def pop(self, i=-1):
        layer = self._layers.pop(i)
        layer._in_group = False
        return layer

    def remove(self, layer):
        self._layers.remove(layer)  # ValueError if absent, as on the board
        layer._in_group = False

    def __bool__(self):
        return True

    def __contains__(self, layer):
        for item in self._layers:
            if item is layer:
                return True
        return False

    def __iter__(self):
        return iter(self._layers)

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, index):
        return self._layers[index]

    def __setitem__(self, index, layer):
        old = self._layers[index]
        if old is not layer:
            _layer_check(layer)
            old._in_group = False
            layer._in_group = True
            self._layers[index] = layer

    def __delitem__(self, index):
        self.pop(index)

    def sort(self, key=None, reverse=False):
        self._layers.sort(key=key, reverse=reverse)


class OnDiskBitmap:
    """An indexed or true-colour BMP file read in place: header and palette on the heap, pixels on disk."""

    def __init__(self, file):
        if isinstance(file, str):
            file = open(file, "rb")  # OSError if it is missing, as on the board
        self._file = file
        head = file.read(54)
        if len(head) < 30 or head[0:2] != b"BM":
            raise ValueError("Invalid BMP file")

        def u32(at):
            return head[at] | head[at + 1] << 8 | head[at + 2] << 16 | head[at + 3] << 24

        self._data_offset = u32(10)
        header_size = u32(14)
        width = u32(18)
        height = u32(22)
        if height & 0x80000000:  # top-down rows
            height = (1 << 32) - height
        bpp = head[28] | head[29] << 8
        compression = u32(30) if len(head) >= 34 else 0
        if compression not in (0, 3) or bpp not in (1, 2, 4, 8, 16, 24, 32):
            raise ValueError("Only Windows format, uncompressed BMP supported: given %d bpp" % bpp)
        self._w = width
        self._h = height
        self._bpp = bpp
        if bpp <= 8:
            colors = u32(46) if header_size >= 40 and len(head) >= 50 else 0
            n = colors or (1 << bpp)
            file.seek(14 + header_size)
            raw = file.read(4 * n)
            pal = Palette(n)
            for i in range(n):
                pal[i] = (raw[4 * i + 2] << 16) | (raw[4 * i + 1] << 8) | raw[4 * i]  # stored B, G, R, 0
            self._shader = pal
        else:
            self._shader = ColorConverter()

    @property
    def width(self):
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def pixel_shader(self):
        return self._shader


class TileGrid(_Placed):
    """A width x height grid of tiles cut from one bitmap."""

    _in_group = False

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        if not isinstance(bitmap, (Bitmap, OnDiskBitmap)):
            raise TypeError("unsupported bitmap type %s" % type(bitmap).__name__)
        if not isinstance(pixel_shader, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type %s" % type(pixel_shader).__name__)
        bw = bitmap.width
        bh = bitmap.height
        tw = bw if tile_width is None else _int(tile_width, "tile_width")
        th = bh if tile_height is None else _int(tile_height, "tile_height")
        if tw < 1 or bw % tw:
            raise ValueError("Tile width must exactly divide bitmap width")
        if th < 1 or bh % th:
            raise ValueError("Tile height must exactly divide bitmap height")
        if _int(width, "width") < 1 or _int(height, "height") < 1:
            raise ValueError("width and height must be >= 1")
        self._bitmap = bitmap
        self._shader = pixel_shader
        self._tw = tw
        self._th = th
        self._tiles_in_bitmap = (bw // tw) * (bh // th)
        self._w = width
        self._h = height
        self._wide = self._tiles_in_bitmap > 256  # tile values take two bytes
        self._tiles = bytearray(width * height * (2 if self._wide else 1))
        self._x = _int(x, "x")
        self._y = _int(y, "y")
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        for i in range(width * height):
            self[i] = default_tile

    @property
    def width(self):
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def tile_width(self):
        return self._tw

    @property
    def tile_height(self):
        return self._th

    @property
    def bitmap(self):
        return self._bitmap

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        if not isinstance(value, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        self._shader = value

    def contains(self, touch_tuple):
        x, y = touch_tuple[0], touch_tuple[1]
        return (self._x <= x < self._x + self._w * self._tw) and (self._y <= y < self._y + self._h * self._th)

    def _slot(self, index):
        if isinstance(index, tuple):
            x, y = index
            if not (0 <= x < self._w and 0 <= y < self._h):
                raise IndexError("Tile index out of bounds")
            index = y * self._w + x
        elif not 0 <= _int(index, "index") < self._w * self._h:
            raise IndexError("Tile index out of bounds")
        return index

    def __getitem__(self, index):
        i = self._slot(index)
        if self._wide:
            return self._tiles[2 * i] | self._tiles[2 * i + 1] << 8
        return self._tiles[i]

    def __setitem__(self, index, value):
        i = self._slot(index)
        if not isinstance(value, int) or not 0 <= value < self._tiles_in_bitmap:
            raise ValueError("Tile value out of bounds: %r (the bitmap has %d tiles)" % (value, self._tiles_in_bitmap))
        if self._wide:
            self._tiles[2 * i] = value & 0xFF
            self._tiles[2 * i + 1] = value >> 8
        else:
            self._tiles[i] = value


def release_displays():
    pass
