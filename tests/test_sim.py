"""tools/sim.py SimBoard, headless: display sizes, rendering, scripted and keyboard input, records."""

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame is imported (conftest.py does it too)
os.environ["SDL_AUDIODRIVER"] = "dummy"

import displayio
import pygame
import pytest

from brisca.ui import board as B
from brisca.ui import boards
from tools.sim import PROFILES, SimBoard, resolve_profile

SIZES = {"pybadge": (160, 128), "pygamer": (160, 128), "edgebadge": (160, 128), "clue": (240, 240),
         "s3_reverse_tft": (240, 135), "picosystem": (240, 240)}


def paint(sim, colors):
    """Root group with one full-screen bitmap; returns the bitmap."""
    bmp = displayio.Bitmap(sim.width, sim.height, len(colors))
    pal = displayio.Palette(len(colors))
    for i, c in enumerate(colors):
        pal[i] = c
    g = displayio.Group()
    g.append(displayio.TileGrid(bmp, pixel_shader=pal))
    sim.display.root_group = g
    return bmp


def test_profiles_table_matches_board_profiles():
    assert {k: v[:2] for k, v in PROFILES.items()} == SIZES
    assert resolve_profile("s3tft").name == "s3_reverse_tft"
    with pytest.raises(ValueError, match="choose one of"):
        resolve_profile("gameboy")


@pytest.mark.parametrize("name", sorted(SIZES))
def test_each_profile_gets_a_display_of_its_size(name):
    sim = SimBoard(name, headless=True)
    assert (sim.width, sim.height) == SIZES[name]
    assert (sim.display.width, sim.display.height) == SIZES[name]
    assert sim.display.auto_refresh is False
    assert sim.surface().get_size() == SIZES[name]
    assert sim.two_buttons == boards.profile(sim.name).two_buttons
    assert sim.has_pixels == (boards.profile(sim.name).pixel_count > 0)


def test_bitmap_renders_to_expected_pixels_and_png(tmp_path):
    sim = SimBoard("pybadge", headless=True)
    bmp = paint(sim, [0x0B5D1E, 0xFF0000, 0x0000FF])
    bmp[10, 20] = 1
    bmp[159, 127] = 2
    sim.refresh()
    assert sim.frames == 1
    assert sim.pixel_at(10, 20) == (255, 0, 0)
    assert sim.pixel_at(159, 127) == (0, 0, 255)
    bg = sim.pixel_at(0, 0)  # RGB565 rounding: within one step of the palette colour
    assert abs(bg[0] - 0x0B) <= 8 and abs(bg[1] - 0x5D) <= 4 and abs(bg[2] - 0x1E) <= 8
    # only the changed area is redrawn, and it lands in the right place
    bmp[10, 20] = 0
    bmp[80, 64] = 2
    sim.refresh()
    assert sim.pixel_at(10, 20) == bg
    assert sim.pixel_at(80, 64) == (0, 0, 255)
    path = tmp_path / "shot.png"
    sim.save_png(str(path), scale=3)
    img = pygame.image.load(str(path))
    assert img.get_size() == (480, 384)
    assert tuple(img.get_at((80 * 3 + 1, 64 * 3 + 2)))[:3] == (0, 0, 255)
    sim.save_png(str(tmp_path / "sub" / "one.png"))
    assert pygame.image.load(str(tmp_path / "sub" / "one.png")).get_size() == (160, 128)


def test_script_comes_out_of_poll_in_order_then_zero():
    seq = [B.BTN_A, 0, B.BTN_LEFT, B.BTN_START]
    sim = SimBoard("clue", headless=True, script=seq)
    assert not sim.script_done
    got = [sim.poll() for _ in range(6)]
    assert got == seq + [0, 0]
    assert sim.script_done
    sim.feed([B.BTN_B])
    assert sim.poll() == B.BTN_B


def post_key(key, down=True):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key, mod=0))


def tap(sim, key):
    post_key(key, True)
    post_key(key, False)
    out = []
    for _ in range(3):
        b = sim.poll()
        if b:
            out.append(b)
    return out


def test_keyboard_maps_to_buttons_on_a_badge():
    sim = SimBoard("pybadge", headless=True)
    assert tap(sim, pygame.K_z) == [B.BTN_A]
    assert tap(sim, pygame.K_RETURN) == [B.BTN_A]
    assert tap(sim, pygame.K_x) == [B.BTN_B]
    assert tap(sim, pygame.K_ESCAPE) == [B.BTN_B]
    assert tap(sim, pygame.K_s) == [B.BTN_START]
    assert tap(sim, pygame.K_TAB) == [B.BTN_SELECT]
    assert tap(sim, pygame.K_LEFT) == [B.BTN_LEFT]
    assert tap(sim, pygame.K_DOWN) == [B.BTN_DOWN]
    assert tap(sim, pygame.K_F5) == []


def test_keyboard_events_come_before_the_script():
    sim = SimBoard("pybadge", headless=True, script=[B.BTN_B])
    post_key(pygame.K_UP)
    assert sim.poll() == B.BTN_UP
    assert sim.poll() == B.BTN_B


def test_held_arrow_repeats_on_the_virtual_clock():
    sim = SimBoard("pybadge", headless=True)
    post_key(pygame.K_RIGHT)
    got = [sim.poll() for _ in range(60)]  # about 1 s of virtual time
    assert got[0] == B.BTN_RIGHT
    assert 3 <= got.count(B.BTN_RIGHT) <= 8
    assert sim.held() == B.BTN_RIGHT
    post_key(pygame.K_RIGHT, down=False)
    sim.poll()
    assert sim.held() == 0


def test_clue_keyboard_goes_through_its_two_buttons():
    sim = SimBoard("clue", headless=True)
    assert tap(sim, pygame.K_RIGHT) == [B.BTN_RIGHT]  # button A = next
    assert tap(sim, pygame.K_z) == [B.BTN_A]  # button B = confirm
    assert tap(sim, pygame.K_LEFT) == []  # the CLUE has no left button
    post_key(pygame.K_z)  # hold B -> START
    got = [sim.poll() for _ in range(60)]
    assert [b for b in got if b] == [B.BTN_START]


def test_virtual_clock_and_sleep():
    sim = SimBoard("pybadge", headless=True)
    t0 = sim.ticks_ms()
    sim.sleep_ms(5000)
    assert 5000 <= sim.ticks_diff(sim.ticks_ms(), t0) < 5010
    start = time.perf_counter()
    sim.sleep_ms(60000)
    assert time.perf_counter() - start < 1.0


def test_tones_and_pixels_are_recorded():
    sim = SimBoard("pybadge", headless=True)
    sim.tone(440, 80)
    sim.tone(0, 80)
    sim.pixels(0x00FF00)
    sim.pixels(0)
    assert sim.tones == [(440, 80)]
    assert sim.pixel_history == [0x00FF00, 0]
    assert sim.has_speaker and sim.pixel_count == 5


def test_window_close_ends_the_program():
    sim = SimBoard("pybadge", headless=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(SystemExit):
        sim.poll()


def test_two_hundred_refreshes(capsys):
    sim = SimBoard("clue", headless=True)
    bmp = paint(sim, [0, 0xFFFFFF])
    sim.refresh()
    start = time.perf_counter()
    for i in range(200):
        bmp[i % 240, (i * 7) % 240] = 1
        sim.refresh()
    small = (time.perf_counter() - start) / 200
    # every small change reached the frame (those the full fills below paint over are checked here)
    assert all(sim.pixel_at(i % 240, (i * 7) % 240) == (255, 255, 255) for i in range(200))
    assert sim.pixel_at(1, 0) == (0, 0, 0)  # and nothing else did
    start = time.perf_counter()
    for i in range(20):
        bmp.fill(i & 1)
        sim.refresh()
    full = (time.perf_counter() - start) / 20
    assert sim.frames == 221
    assert sim.pixel_at(5, 5) == (255, 255, 255)  # last fill(1)
    with capsys.disabled():
        print(f"\nSimBoard refresh 240x240: {small * 1000:.2f} ms small change, {full * 1000:.1f} ms full screen")


# ------------------------------------------------------------------ tools/play.py
def test_play_headless_runs_the_app_and_saves_a_frame(tmp_path, monkeypatch):
    from tools import play

    monkeypatch.setattr(play, "SAVE_FILE", str(tmp_path / "save.bin"))
    shot = tmp_path / "shot.png"
    rc = play.main(["--headless", "--steps", "50", "--shot", str(shot), "--board", "s3tft", "--scale", "1",
                    "--lang", "es"])
    assert rc == 0
    assert pygame.image.load(str(shot)).get_size() == (240, 135)
    assert (tmp_path / "save.bin").exists()  # --lang was saved in the simulator's settings
    from brisca.save import open_store

    assert open_store(str(tmp_path / "save.bin")).load_settings().language == "es"


def test_play_without_a_window_says_how_to_run_headless(capsys):
    from tools import play

    # SDL_VIDEODRIVER is "dummy" here: exactly the no-display situation
    rc = play.main(["--sim", "--board", "clue"])
    out = capsys.readouterr().out
    assert rc == 2
    assert "could not open a window" in out and "--headless" in out


def test_play_rejects_an_unknown_board_and_language(capsys):
    from tools import play

    assert play.main(["--sim", "--board", "gameboy"]) == 2
    assert "choose one of" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        play.main(["--sim", "--lang", "xx"])
    assert exc.value.code == 2
    assert "--lang must be one of: en es it hr de pl" in capsys.readouterr().err


def test_play_installs_when_a_board_is_attached(monkeypatch):
    from tools import play

    calls = []
    monkeypatch.setattr(play, "find_board_drive", lambda: ("/media/CIRCUITPY", None))
    monkeypatch.setattr(play, "install_to_board", lambda drive: calls.append(drive) or 0)
    assert play.main([]) == 0
    assert calls == ["/media/CIRCUITPY"]
    monkeypatch.setattr(play, "find_board_drive", lambda: (None, "Several CIRCUITPY drives"))
    assert play.main([]) == 2


def test_play_ships_mpy_files_to_a_board(monkeypatch, capsys):
    # (CircuitPython's compiler fetched once: from .py a PyBadge runs out of RAM at the worst moment)
    from tools import play

    ran = []
    monkeypatch.setattr(play.subprocess, "call", lambda argv, cwd: ran.append(argv) or 0)
    assert play.install_to_board("/media/CIRCUITPY") == 0
    assert ran[0][-3:] == ["--to", "/media/CIRCUITPY", "--fetch-mpy-cross"] and ran[0][1].endswith("install.py")


# ------------------------------------------------------------------ the fast pixel loops
SHEET = os.path.join(os.path.dirname(os.path.dirname(__file__)), "assets", "cards_spanish_s.bmp")


def build_scene(sim, seed, sheet_file):
    """Everything the screens use: indexed bitmaps of 1..8 bits, transparency, flips, a transpose,
    a scaled group, tiles of an OnDiskBitmap sprite sheet partly off screen, a text label.
    `sheet_file`: the sheet, open (OnDiskBitmap reads it as it draws)."""
    import random

    import terminalio
    from adafruit_display_text import bitmap_label

    rnd = random.Random(seed)
    root = displayio.Group()
    bg = displayio.Bitmap(sim.width, sim.height, 16)
    pal = displayio.Palette(16)
    for i in range(16):
        pal[i] = rnd.randrange(1 << 24)
    for _ in range(400):
        bg[rnd.randrange(sim.width), rnd.randrange(sim.height)] = rnd.randrange(16)
    root.append(displayio.TileGrid(bg, pixel_shader=pal))
    sheet = displayio.OnDiskBitmap(sheet_file)
    sheet.pixel_shader.make_transparent(0)
    cards = displayio.TileGrid(sheet, pixel_shader=sheet.pixel_shader, width=3, height=2,
                               tile_width=24, tile_height=32, x=-7, y=sim.height - 50)
    for i in range(6):
        cards[i] = rnd.randrange(43)
    root.append(cards)
    for bits in (1, 2, 4, 8):
        n = 1 << bits if bits < 8 else 200
        bmp = displayio.Bitmap(17, 11, n)
        p = displayio.Palette(n)
        for i in range(n):
            p[i] = rnd.randrange(1 << 24)
        p.make_transparent(0)
        for x in range(17):
            for y in range(11):
                bmp[x, y] = rnd.randrange(n)
        tg = displayio.TileGrid(bmp, pixel_shader=p, x=bits * 20, y=10)
        tg.flip_x = bits == 2
        tg.flip_y = bits == 4
        tg.transpose_xy = bits == 8
        root.append(tg)
    scaled = displayio.Group(scale=2, x=30, y=40)
    small = displayio.Bitmap(9, 7, 4)
    spal = displayio.Palette(4)
    spal[0], spal[1], spal[2], spal[3] = 0x000000, 0xFF00FF, 0x00FFFF, 0xFFFF00
    spal.make_transparent(1)
    for x in range(9):
        small[x, x % 7] = 2 + x % 2
    scaled.append(displayio.TileGrid(small, pixel_shader=spal))
    root.append(scaled)
    label = bitmap_label.Label(terminalio.FONT, text="Brisca 10+ As", color=0xFFE080, x=4, y=60)
    root.append(label)
    sim.display.root_group = root
    return bg, cards, label, rnd


def frames_with(fast):
    from tools import sim as simmod

    simmod.set_fast_fill(fast)
    try:
        out = []
        for name in ("pybadge", "s3_reverse_tft"):
            sim = SimBoard(name, headless=True)
            with open(SHEET, "rb") as sheet_file:
                bg, cards, label, rnd = build_scene(sim, 7, sheet_file)
                sim.refresh()
                out.append(pygame.image.tobytes(sim.surface(), "RGB"))
                for step in range(6):  # partial updates
                    bg[rnd.randrange(sim.width), rnd.randrange(sim.height)] = rnd.randrange(16)
                    cards[step % 6] = rnd.randrange(43)
                    cards.x += 3
                    label.text = f"step {step}"
                    sim.refresh()
                    out.append(pygame.image.tobytes(sim.surface(), "RGB"))
                sim.display.root_group = None
        return out
    finally:
        simmod.set_fast_fill(True)


def test_fast_pixel_loops_render_exactly_like_blinka():
    fast = frames_with(True)
    slow = frames_with(False)
    assert len(fast) == len(slow) == 14
    for i, (a, b) in enumerate(zip(fast, slow)):
        assert a == b, f"frame {i} differs"
    assert len(set(fast)) > 10  # the frames really changed


def test_window_mode_scales_the_frame_and_shows_the_neopixels(monkeypatch):
    # The dummy SDL driver can still "open" a window; pretend it is a real one.
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    sim = SimBoard("pybadge", scale=2, headless=False)
    try:
        assert not sim.virtual_time
        bmp = paint(sim, [0x000000, 0x00FF00])
        bmp[3, 4] = 1
        sim.refresh()
        win = pygame.display.get_surface()
        assert win.get_size() == (320, (128 + 4) * 2)
        assert tuple(win.get_at((3 * 2 + 1, 4 * 2 + 1)))[:3] == (0, 255, 0)
        sim.pixels(0xFF0000)
        strip = [tuple(win.get_at((x, 128 * 2 + 3)))[:3] for x in range(0, 320, 2)]
        assert (255, 0, 0) in strip
    finally:
        sim.close()


# ------------------------------------------------------------------ tools/screenshots.py
def test_screenshots_reach_every_screen(tmp_path):
    from tools import screenshots

    from brisca import ai

    real_ticks = ai.ticks_ms
    strip = []
    saved, missing, problems = screenshots.capture_board("pybadge", 1, str(tmp_path), strip)
    assert problems == [] and missing == [], (problems, missing)
    assert ai.ticks_ms is real_ticks  # the AI got its wall clock back
    for name in screenshots.SCREENS:
        assert pygame.image.load(str(tmp_path / "pybadge" / (name + ".png"))).get_size() == (160, 128)
    assert len(strip) == screenshots.STRIP_FRAMES
    screenshots.save_strip(strip, str(tmp_path / "strip.png"), scale=1, gap=2)
    assert pygame.image.load(str(tmp_path / "strip.png")).get_size() == (6 * 162 + 2, 132)
