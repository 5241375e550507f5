"""Write and read 8-bit indexed, uncompressed Windows BMP files (BITMAPINFOHEADER, bottom-up rows).

This is the format CircuitPython's displayio.OnDiskBitmap, Blinka's displayio and adafruit_imageload
all read; palette entries are stored as B, G, R, 0.
"""

import struct

FILE_HEADER_SIZE = 14
INFO_HEADER_SIZE = 40


def row_stride(width):
    """Bytes per stored row: one byte a pixel, padded to a multiple of 4."""
    return (width + 3) & ~3


def encode(width, height, pixels, colours):
    """Return BMP bytes for `pixels` (row-major, top row first, one palette index a byte)."""
    if len(pixels) != width * height:
        raise ValueError(f"pixel count {len(pixels)} != {width} x {height}")
    if not 2 <= len(colours) <= 256:
        raise ValueError("palette must have 2..256 colours")
    if max(pixels) >= len(colours):
        raise ValueError(f"pixel index {max(pixels)} outside the {len(colours)}-colour palette")
    stride = row_stride(width)
    pad = bytes(stride - width)
    palette = b"".join(struct.pack("<BBBB", c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, 0) for c in colours)
    data_offset = FILE_HEADER_SIZE + INFO_HEADER_SIZE + len(palette)
    image_size = stride * height
    rows = [bytes(pixels[y * width:(y + 1) * width]) + pad for y in range(height - 1, -1, -1)]
    file_header = struct.pack("<2sIHHI", b"BM", data_offset + image_size, 0, 0, data_offset)
    info_header = struct.pack("<IiiHHIIiiII", INFO_HEADER_SIZE, width, height, 1, 8, 0, image_size,
                              2835, 2835, len(colours), len(colours))
    return file_header + info_header + palette + b"".join(rows)


def decode(data):
    """Parse bytes written by `encode`; return (width, height, pixels bytearray, colours list)."""
    if data[:2] != b"BM":
        raise ValueError("not a BMP file")
    data_offset = struct.unpack_from("<I", data, 10)[0]
    (header_size, width, height, planes, bpp, compression, _size, _xppm, _yppm, used,
     _important) = struct.unpack_from("<IiiHHIIiiII", data, FILE_HEADER_SIZE)
    if header_size != INFO_HEADER_SIZE or planes != 1 or bpp != 8 or compression != 0:
        raise ValueError("not an uncompressed 8-bit BITMAPINFOHEADER BMP")
    if height <= 0:
        raise ValueError("top-down BMPs are not produced by this tool")
    used = used or 256
    colours = []
    for i in range(used):
        b, g, r, _ = struct.unpack_from("<BBBB", data, FILE_HEADER_SIZE + header_size + 4 * i)
        colours.append((r << 16) | (g << 8) | b)
    stride = row_stride(width)
    pixels = bytearray(width * height)
    for y in range(height):
        start = data_offset + (height - 1 - y) * stride
        pixels[y * width:(y + 1) * width] = data[start:start + width]
    return width, height, pixels, colours
