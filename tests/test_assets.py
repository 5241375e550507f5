"""The generated card art in assets/: format, layout, determinism, and that every loader we ship
with (Blinka displayio.OnDiskBitmap, adafruit_imageload, pygame) reads it."""

import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASSETS = os.path.join(REPO, "assets")
sys.path.insert(0, os.path.join(REPO, "tools"))

from art import bmp, cards  # noqa: E402  (tools/ is on the path only now)
from art import palette as P  # noqa: E402

STYLES = ("spanish", "italian", "french", "french32")
CARD_SIZES = {"s": (24, 32)}
SHEETS = [f"cards_{style}_{size}.bmp" for style in STYLES for size in CARD_SIZES]
SUITS = [f"suits_{style}.bmp" for style in STYLES]
ALL_FILES = SHEETS + SUITS


def expected_size(name):
    if name.startswith("suits_"):
        return 40, 10
    w, h = CARD_SIZES[name[-5]]
    return w * 10, h * 5


def read(name):
    with open(os.path.join(ASSETS, name), "rb") as f:
        return f.read()


def tile(pixels, sheet_width, tile_w, tile_h, index):
    x0, y0 = (index % 10) * tile_w, (index // 10) * tile_h
    return bytes(b for y in range(y0, y0 + tile_h) for b in pixels[y * sheet_width + x0:y * sheet_width + x0 + tile_w])


@pytest.mark.parametrize("name", ALL_FILES)
def test_file_is_8bit_indexed_bmp_of_right_size(name):
    data = read(name)
    assert data[:2] == b"BM"
    assert int.from_bytes(data[2:6], "little") == len(data)
    assert int.from_bytes(data[14:18], "little") == 40          # BITMAPINFOHEADER
    assert int.from_bytes(data[28:30], "little") == 8           # bits per pixel
    assert int.from_bytes(data[30:34], "little") == 0           # uncompressed
    width, height, pixels, colours = bmp.decode(data)
    assert (width, height) == expected_size(name)
    assert len(colours) <= 16
    assert colours == list(P.COLOURS)
    assert max(pixels) < len(colours)


def test_palette_index_0_is_dark_green_table():
    r, g, b = (P.COLOURS[0] >> 16) & 255, (P.COLOURS[0] >> 8) & 255, P.COLOURS[0] & 255
    assert g > r and g > b and g < 128


def test_regenerating_gives_identical_bytes(tmp_path):
    out = tmp_path / "assets"
    subprocess.run([sys.executable, os.path.join(REPO, "tools", "make_assets.py"), "--out", str(out)],
                   check=True, capture_output=True)
    assert sorted(os.listdir(out)) == sorted(ALL_FILES)
    for name in ALL_FILES:
        assert (out / name).read_bytes() == read(name), name + " is stale: run make assets"


@pytest.mark.parametrize("name", SHEETS)
def test_every_card_tile_is_distinct_and_special_tiles_present(name):
    width, _, pixels, _ = bmp.decode(read(name))
    tw, th = CARD_SIZES[name[-5]]
    faces = [tile(pixels, width, tw, th, i) for i in range(43)]
    assert len(set(faces)) == 43
    blank = bytes([P.TABLE]) * (tw * th)
    for i in range(43):
        assert faces[i] != blank, f"tile {i} is empty"
    # Card faces are mostly white; the back is mostly navy; the slot is mostly table.
    for i in range(40):
        assert faces[i].count(P.WHITE) + faces[i].count(P.CREAM) > tw * th * 2 // 5, f"card {i} not white"
    assert faces[cards.BACK].count(P.NAVY) > tw * th // 3
    assert faces[cards.SLOT_TILE].count(P.TABLE) > tw * th // 2
    assert faces[cards.STOCK].count(P.NAVY) > tw * th // 4


@pytest.mark.parametrize("name", SHEETS)
def test_figures_have_framed_face_and_suits_use_their_colours(name):
    width, _, pixels, _ = bmp.decode(read(name))
    tw, th = CARD_SIZES[name[-5]]
    for card_id in range(40):
        t = tile(pixels, width, tw, th, card_id)
        rank = card_id % 10
        assert (t.count(P.CREAM) > 20) == (rank >= 7), f"card {card_id}"
        suit = card_id // 10
        if "french" in name:
            assert t.count(P.RED if suit < 2 else P.BLACK) > 20
        else:
            assert t.count((P.GOLD, P.RED, P.BLUE, P.GREEN)[suit]) > 15


@pytest.mark.parametrize("name", SUITS)
def test_suit_icons_are_four_distinct_tiles(name):
    _, _, pixels, _ = bmp.decode(read(name))
    icons = [b"".join(bytes(pixels[y * 40 + 10 * s:y * 40 + 10 * s + 10]) for y in range(10))
             for s in range(4)]
    assert len(set(icons)) == 4
    for icon in icons:
        assert icon.count(P.TABLE) > 0 and icon.count(P.TABLE) < 80


@pytest.mark.parametrize("name", ALL_FILES)
def test_loads_with_blinka_ondiskbitmap_and_imageload(name):
    import displayio

    path = os.path.join(ASSETS, name)
    _, _, pixels, _ = bmp.decode(read(name))
    with open(path, "rb") as f:  # (as the table does: OnDiskBitmap reads the file as it draws)
        check_ondiskbitmap(displayio.OnDiskBitmap(f), name, path, pixels)


def check_ondiskbitmap(odb, name, path, pixels):
    import adafruit_imageload
    import displayio

    assert (odb.width, odb.height) == expected_size(name)
    assert isinstance(odb.pixel_shader, displayio.Palette)
    assert len(odb.pixel_shader) == len(P.COLOURS)
    for i, colour in enumerate(P.COLOURS):
        assert odb.pixel_shader[i] == colour
    if name.startswith("cards_"):
        tw, th = CARD_SIZES[name[-5]]
        grid = displayio.TileGrid(odb, pixel_shader=odb.pixel_shader, tile_width=tw, tile_height=th)
        grid[0] = 42
    bitmap, palette = adafruit_imageload.load(path, bitmap=displayio.Bitmap, palette=displayio.Palette)
    assert (bitmap.width, bitmap.height) == expected_size(name)
    assert [palette[i] for i in range(len(palette))] == list(P.COLOURS)
    width = bitmap.width
    for x, y in ((0, 0), (width - 1, 0), (width // 2, bitmap.height // 2), (5, bitmap.height - 3)):
        assert bitmap[x, y] == pixels[y * width + x]
        assert odb._get_pixel(x, y) == pixels[y * width + x]


@pytest.mark.parametrize("name", ALL_FILES)
def test_loads_with_pygame(name, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    surface = pygame.image.load(os.path.join(ASSETS, name))
    assert surface.get_size() == expected_size(name)
    assert surface.get_bitsize() == 8


def test_total_size_fits_the_board_budget():
    assert sum(len(read(name)) for name in ALL_FILES) < 200 * 1024  # of a PyBadge's 2 MB of flash


def test_preview_writes_pngs(tmp_path):
    out = tmp_path / "preview"
    subprocess.run([sys.executable, os.path.join(REPO, "tools", "make_assets.py"), "--out",
                    str(tmp_path / "bmps"), "--preview", str(out)], check=True, capture_output=True,
                   env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    names = sorted(os.listdir(out))
    assert "contact.png" in names
    assert len([n for n in names if n.startswith("cards_")]) == len(SHEETS)
