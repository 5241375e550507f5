"""Desktop simulator board: the brisca.ui.board contract on Blinka displayio + pygame (host only).

    sim = SimBoard("pybadge", scale=4)             # a window 4x the board's screen
    sim = SimBoard("clue", headless=True, script=[BTN_A, 0, BTN_RIGHT])   # tests, screenshots

Keyboard (each key presses the board's physical button whose short meaning it names, so the CLUE and
the Reverse TFT behave like the real thing, long presses included):
    arrows             LEFT / RIGHT / UP / DOWN
    Z, Enter           A (play / confirm)
    X, Backspace, Esc  B (back / cancel)
    S, Space           START (pause menu)
    Tab, Q             SELECT (hint)
    closing the window ends the program (SystemExit from poll()).
On CLUE: Right arrow = button A (next; hold = SELECT), Z/Enter = button B (confirm; hold = START).
On the Reverse TFT: X/Esc = D0 (back; hold = START), Right = D1 (next; hold = SELECT), Z/Enter = D2.

How it draws: PyGameDisplay (blinka_displayio_pygamedisplay 4.0.1) normally repaints the whole
screen and flips its window on every refresh. _SimDisplay keeps Blinka's dirty-area logic instead,
renders into an off-screen native-size pygame Surface (the "frame", what save_png/surface read),
and only scales it into a window when not headless. Nothing sleeps. Blinka fills pixels one Python
statement at a time (about 40 ms for a full 160x128 screen); the simulator swaps in numpy versions
of its two pixel loops for indexed Bitmaps and OnDiskBitmaps (_install_fast_fill; identical frames,
checked by tests/test_sim.py), about 4x faster overall. BRISCA_SIM_SLOW_FILL=1 turns that off.

Time: headless boards use a virtual clock by default (poll() advances it 16 ms, sleep_ms(ms) advances
it ms without sleeping, every ticks_ms() read advances it 1 ms so busy-waits end), which makes
scripted runs fast and repeatable (except for whatever measures wall-clock time itself, such as the
AI's thinking budget). Pass virtual_time=False for wall-clock time; windows always use it.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Blinka would otherwise probe this PC's chip and warn "GENERIC_X86 is not fully supported" on import
os.environ.setdefault("BLINKA_FORCECHIP", "OS_AGNOSTIC")
os.environ.setdefault("BLINKA_FORCEBOARD", "OS_AGNOSTIC_BOARD")
_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_HERE)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from brisca.ui import board as _board  # noqa: E402 - after the environment settings above
from brisca.ui import boards as _boards  # noqa: E402
from brisca.ui.board import (  # noqa: E402
    BTN_A,
    BTN_B,
    BTN_DOWN,
    BTN_LEFT,
    BTN_RIGHT,
    BTN_SELECT,
    BTN_START,
    BTN_UP,
    Board,
)

# name -> (width, height, two_buttons); the profiles themselves are the modules of brisca.ui.boards
PROFILES = {
    name: (p.width, p.height, p.two_buttons)
    for name, p in ((n, _boards.profile(n)) for n in _boards.NAMES)
    if p.width
}
ALIASES = {"s3tft": "s3_reverse_tft", "s3": "s3_reverse_tft", "reverse_tft": "s3_reverse_tft",
           "pybadge_lc": "pybadge"}

POLL_MS = 16  # virtual time that passes per poll()


class SimUnavailable(RuntimeError):
    """pygame could not open a window (no display / no SDL video driver)."""


def _prepare_sdl(headless):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no ALSA noise; we never play sound
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _keyboard_table(pygame):
    """logical BTN bit -> pygame key codes."""
    return {
        BTN_LEFT: (pygame.K_LEFT,),
        BTN_RIGHT: (pygame.K_RIGHT,),
        BTN_UP: (pygame.K_UP,),
        BTN_DOWN: (pygame.K_DOWN,),
        BTN_A: (pygame.K_z, pygame.K_RETURN, pygame.K_KP_ENTER),
        BTN_B: (pygame.K_x, pygame.K_BACKSPACE, pygame.K_ESCAPE),
        BTN_START: (pygame.K_s, pygame.K_SPACE),
        BTN_SELECT: (pygame.K_TAB, pygame.K_q),
    }


def resolve_profile(name):
    """Profile name (aliases allowed) -> its brisca.ui.boards module; ValueError lists the choices."""
    key = ALIASES.get(name, name)
    p = _boards.profile(key) if key in PROFILES else None
    if p is None:
        raise ValueError("unknown board {!r}; choose one of: {}".format(name, ", ".join(sorted(PROFILES))))
    return p


def _make_display_class():
    import busdisplay
    import numpy as np
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    from displayio._area import Area

    class _SimDisplay(PyGameDisplay):
        """PyGameDisplay that renders dirty areas into an off-screen Surface and scales it into a
        window only when one is wanted."""

        def __init__(self, width, height, scale=1, headless=True, caption="Brisca", extra_rows=0):
            self._scale = max(1, int(scale))
            self._headless = headless
            self._extra_rows = extra_rows
            self._window = None
            self.on_present = None
            # displayio's background thread may poll this display before _initialize() has run
            self._pygame_screen = None
            super().__init__(width=width, height=height, auto_refresh=False, caption=caption)

        def _initialize(self, init_sequence):
            try:
                pygame.display.init()
            except pygame.error as err:
                raise SimUnavailable(str(err)) from err
            self._pygame_screen = pygame.Surface((self.width, self.height))
            if self._headless:
                return
            driver = pygame.display.get_driver()
            if driver in ("dummy", "offscreen"):
                raise SimUnavailable(f"no display; SDL video driver is {driver!r}")
            try:
                if self._caption:
                    pygame.display.set_caption(self._caption)
                size = (self.width * self._scale, (self.height + self._extra_rows) * self._scale)
                self._window = pygame.display.set_mode(size)
            except pygame.error as err:
                raise SimUnavailable(str(err)) from err

        def _refresh_area(self, area):
            """Render one dirty area into the frame (the stock version mis-sizes odd areas)."""
            clipped = Area()
            if not self._core.clip_area(area, clipped):
                return True
            w = clipped.width()
            h = clipped.height()
            n = w * h
            buffer = bytearray(((n + 1) // 2) * 4)  # 16-bit RGB565 pixels, whole 32-bit words
            mask = memoryview(bytearray(((n // 32) + 1) * 4)).cast("I")
            self._core.fill_area(clipped, mask, memoryview(buffer))
            pixels = np.frombuffer(buffer, dtype=">u2", count=n)
            rgb = _rgb565_table()[pixels]
            surf = pygame.image.frombuffer(rgb.tobytes(), (w, h), "RGB")
            self._pygame_screen.blit(surf, (clipped.x1, clipped.y1))
            return True

        def _get_refresh_areas(self):
            # Blinka's own dirty-area list (PyGameDisplay always repaints everything)
            return busdisplay.BusDisplay._get_refresh_areas(self)

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            self._refresh_pending = False
            self.present()

        def present(self):
            """Scale the frame into the window (no-op when headless)."""
            win = self._window
            if win is None:
                return
            s = self._scale
            pygame.transform.scale(self._pygame_screen, (self.width * s, self.height * s),
                                   win.subsurface((0, 0, self.width * s, self.height * s)))
            if self.on_present is not None:
                self.on_present(win)
            pygame.display.flip()

        def _release(self):
            # keep pygame alive: the next SimBoard reuses it
            self._window = None

    return _SimDisplay


_display_class = None
_rgb565 = None
_fast_fill_installed = False


def _np_fill(buffer, mask, colors, opaque, geometry, tilegrid, pixels_at):
    """numpy version of the pixel loop shared by Blinka's _fill_pixels / _fill_pixels_ondisk
    (displayio/_tilegrid.py, adafruit-blinka-displayio 2.7.1): same geometry, same mask and
    coverage rules, one array operation per step instead of one Python statement per pixel."""
    import numpy as np

    start, x_stride, y_stride, x_shift, y_shift = geometry[:5]
    start_x, end_x, start_y, end_y = geometry[5:]
    if start_x >= end_x or start_y >= end_y:
        return True
    scale = tilegrid._absolute_transform.scale
    th = tilegrid._tile_height
    tw = tilegrid._tile_width
    ys = np.arange(start_y, end_y, dtype=np.int64)
    xs = np.arange(start_x, end_x, dtype=np.int64)
    offsets = (start + (ys - start_y + y_shift)[:, None] * y_stride
               + (xs - start_x + x_shift)[None, :] * x_stride)
    mask_words = np.frombuffer(mask, dtype=np.uint32)
    masked = ((mask_words[offsets >> 5] >> (offsets & 31).astype(np.uint32)) & 1).astype(bool)
    local_y = ys // scale
    local_x = xs // scale
    tiles = np.frombuffer(bytes(tilegrid._tiles), dtype=np.uint8).astype(np.int64)
    tile = tiles[((local_y // th + tilegrid._top_left_y) % tilegrid._height_in_tiles)[:, None]
                 * tilegrid._width_in_tiles
                 + ((local_x // tw + tilegrid._top_left_x) % tilegrid._width_in_tiles)[None, :]]
    bwit = tilegrid._bitmap_width_in_tiles
    tile_x = (tile % bwit) * tw + (local_x % tw)[None, :]
    tile_y = (tile // bwit) * th + (local_y % th)[:, None]
    pixel = pixels_at(tile_x, tile_y)
    opaque_arr = np.asarray(list(opaque), dtype=bool)
    colors_arr = np.asarray(list(colors), dtype=np.uint16)
    todo = ~masked
    is_opaque = opaque_arr[pixel] & todo
    covered = not bool((todo & ~opaque_arr[pixel]).any())
    if is_opaque.any():
        off = offsets[is_opaque]
        np.frombuffer(buffer, dtype=np.uint16)[off] = colors_arr[pixel[is_opaque]]
        np.bitwise_or.at(mask_words, off >> 5, np.left_shift(np.uint32(1), (off & 31).astype(np.uint32)))
    return covered


def _install_fast_fill():
    """Swap Blinka's per-pixel Python loops for Bitmap and indexed OnDiskBitmap tiles with
    _np_fill (tests/test_sim.py checks the frames are identical). Host-only, simulator only."""
    global _fast_fill_installed
    if _fast_fill_installed or os.environ.get("BRISCA_SIM_SLOW_FILL"):
        return
    import numpy as np
    from displayio import _tilegrid

    if not (hasattr(_tilegrid, "_fill_pixels") and hasattr(_tilegrid, "_fill_pixels_ondisk")):
        return  # a different Blinka: keep its own code

    def fill_bitmap(buffer, mask, colors, opaque, geometry, tilegrid, bitmap):
        words = bitmap._data
        width = bitmap._bmp_width
        height = bitmap._bmp_height
        bits = bitmap._bits_per_value

        def pixels_at(tx, ty):
            valid = (tx < width) & (ty < height)
            tx = np.where(valid, tx, 0)
            ty = np.where(valid, ty, 0)
            if bits == 8:
                data = np.frombuffer(words, dtype=np.uint8)
                px = data[ty * (bitmap._stride * words.itemsize) + tx].astype(np.int64)
            else:
                data = np.frombuffer(words, dtype=f"u{words.itemsize}").astype(np.int64)
                w = data[ty * bitmap._stride + (tx >> bitmap._x_shift)]
                px = (w >> (32 - ((tx & bitmap._x_mask) + 1) * bits)) & bitmap._bitmask
            return np.where(valid, px, 0)

        return _np_fill(buffer, mask, colors, opaque, geometry, tilegrid, pixels_at)

    def fill_ondisk(buffer, mask, colors, opaque, geometry, tilegrid, bitmap):
        image = getattr(bitmap, "_sim_indices", None)
        if image is None:
            image = _decode_ondisk(bitmap)
            bitmap._sim_indices = image
        height, width = image.shape

        def pixels_at(tx, ty):
            valid = (tx < width) & (ty < height)
            px = image[np.where(valid, ty, 0), np.where(valid, tx, 0)]
            return np.where(valid, px, 0)

        return _np_fill(buffer, mask, colors, opaque, geometry, tilegrid, pixels_at)

    _ORIGINAL_FILLS[:] = [_tilegrid._fill_pixels, _tilegrid._fill_pixels_ondisk]
    _FAST_FILLS[:] = [fill_bitmap, fill_ondisk]
    _tilegrid._fill_pixels = fill_bitmap
    _tilegrid._fill_pixels_ondisk = fill_ondisk
    _fast_fill_installed = True


_ORIGINAL_FILLS = []
_FAST_FILLS = []


def set_fast_fill(on):
    """Use the numpy pixel loops (True, the default once a SimBoard exists) or Blinka's own
    (False); for tests that compare the two."""
    _install_fast_fill()
    from displayio import _tilegrid

    if _FAST_FILLS:
        _tilegrid._fill_pixels, _tilegrid._fill_pixels_ondisk = _FAST_FILLS if on else _ORIGINAL_FILLS


def _decode_ondisk(bitmap):
    """All palette indices of an indexed OnDiskBitmap as a (height, width) int array, top row first."""
    import numpy as np

    f = bitmap._file
    f.seek(bitmap._data_offset)
    raw = f.read(bitmap._stride * bitmap._height)
    rows = np.frombuffer(raw.ljust(bitmap._stride * bitmap._height, b"\0"), dtype=np.uint8)
    rows = rows.reshape(bitmap._height, bitmap._stride)[::-1]  # stored bottom-up
    bits = bitmap._bits_per_pixel
    if bits == 8:
        out = rows[:, : bitmap._width]
    else:
        per = 8 // bits
        shifts = np.array([(8 - bits) - i * bits for i in range(per)], dtype=np.uint8)
        unpacked = (rows[:, :, None] >> shifts[None, None, :]) & ((1 << bits) - 1)
        out = unpacked.reshape(bitmap._height, -1)[:, : bitmap._width]
    return out.astype(np.int64)


def _rgb565_table():
    """numpy (65536, 3) uint8 table: RGB565 value -> (r, g, b), like the real panels expand it."""
    global _rgb565
    if _rgb565 is None:
        import numpy as np

        v = np.arange(65536, dtype=np.uint32)
        r = ((v >> 11) & 31) * 255 // 31
        g = ((v >> 5) & 63) * 255 // 63
        b = (v & 31) * 255 // 31
        _rgb565 = np.stack([r, g, b], axis=1).astype(np.uint8)
    return _rgb565


class SimBoard(Board):
    """A Board on the desktop. See the module docstring for keys, time and rendering.

    Test hooks: frames (refresh count), tones [(freq_hz, ms)], pixel_history [0xRRGGBB per
    pixels() call], script (BTN bits fed by poll() when no real key is pending; 0 = no key).
    """

    simulated = True  # About says the speed is this computer's: a simulator is no board to measure

    def __init__(self, profile="pybadge", scale=4, headless=False, script=None, virtual_time=None,
                 caption=None):
        global _display_class
        prof = resolve_profile(profile)
        _prepare_sdl(headless)
        import displayio
        import pygame

        self._pygame = pygame
        if _display_class is None:
            _display_class = _make_display_class()
        _install_fast_fill()
        displayio.release_displays()  # Blinka allows one display at a time
        extra = 4 if prof.pixel_count else 0
        display = _display_class(prof.width, prof.height, scale=scale, headless=headless,
                                 caption=caption or ("Brisca - " + prof.title), extra_rows=extra)
        self.headless = headless
        self.virtual_time = headless if virtual_time is None else virtual_time
        self._now = 0
        super().__init__(prof, display=display, ticks=self._sim_ticks)
        self.has_speaker = prof.has_speaker
        self.has_pixels = prof.pixel_count > 0
        self.pixel_count = prof.pixel_count
        self.scale = display._scale
        self.frames = 0
        self.tones = []
        self.pixel_history = []
        self.pixel_color = 0
        self._script = iter(script) if script is not None else None
        self.script_done = script is None
        display.on_present = self._draw_pixels if extra else None
        # pygame key -> physical key index of this profile
        table = _keyboard_table(pygame)
        self._keymap = {}
        for i, (_label, short, _long) in enumerate(prof.keys):
            for code in table.get(short, ()):
                self._keymap[code] = i
        self._down = set()

    # ------------------------------------------------------------ time
    def _sim_ticks(self):
        if self.virtual_time:
            self._now = (self._now + 1) & 0x1FFFFFFF
            return self._now
        return _board.ticks_ms()

    def sleep_ms(self, ms):
        """Sleep; on the virtual clock just advance it."""
        if self.virtual_time:
            self._now = (self._now + int(ms)) & 0x1FFFFFFF
        else:
            _board.sleep_ms(ms)

    # ------------------------------------------------------------ display
    def refresh(self):
        """Render changed areas into the frame (and window); counts frames."""
        self.display.refresh()
        self.frames += 1

    def surface(self):
        """The current frame: a native-size pygame Surface (do not keep it across refreshes)."""
        return self.display._pygame_screen

    frame = surface

    def save_png(self, path, scale=1):
        """Save the current frame as PNG, scaled up by an integer factor (nearest neighbour)."""
        pygame = self._pygame
        surf = self.surface()
        if scale != 1:
            surf = pygame.transform.scale(surf, (self.width * scale, self.height * scale))
        d = os.path.dirname(path)
        if d:
            os.makedirs(d, exist_ok=True)
        pygame.image.save(surf, path)

    def pixel_at(self, x, y):
        """(r, g, b) of the frame at (x, y)."""
        c = self.surface().get_at((x, y))
        return (c[0], c[1], c[2])

    # ------------------------------------------------------------ input
    def feed(self, buttons):
        """Append BTN bits to the script."""
        rest = list(self._script) if self._script is not None else []
        self._script = iter(rest + list(buttons))
        self.script_done = False

    def poll(self):
        """Keyboard/window events first, then queued presses, then the next script entry."""
        if self.virtual_time:
            self._now = (self._now + POLL_MS) & 0x1FFFFFFF
        self._pump()
        btn = Board.poll(self)
        if btn or self._script is None:
            return btn
        try:
            return int(next(self._script))
        except StopIteration:
            self._script = None
            self.script_done = True
            return 0

    def _pump(self):
        pygame = self._pygame
        now = self._sim_ticks()
        for ev in pygame.event.get((pygame.KEYDOWN, pygame.KEYUP, pygame.QUIT, pygame.WINDOWEXPOSED)):
            t = ev.type
            if t == pygame.KEYDOWN:
                k = self._keymap.get(ev.key)
                if k is not None and k not in self._down:
                    self._down.add(k)
                    self.key_down(k, now)
            elif t == pygame.KEYUP:
                k = self._keymap.get(ev.key)
                if k is not None and k in self._down:
                    self._down.discard(k)
                    self.key_up(k, now)
            elif t == pygame.QUIT:
                raise SystemExit(0)
            else:
                self.display.present()
        if self.headless:
            pygame.event.clear()  # nothing else reads the queue; keep it from filling up

    # ------------------------------------------------------------ sound and light
    def tone(self, freq_hz, ms):
        """Record the beep (the simulator is silent)."""
        if freq_hz > 0 and ms > 0:
            self.tones.append((int(freq_hz), int(ms)))

    def pixels(self, color):
        """Record the colour; windows show it as a strip under the screen."""
        self.pixel_history.append(color)
        if color != self.pixel_color:
            self.pixel_color = color
            if not self.headless:
                self.display.present()

    def _draw_pixels(self, win):
        pygame = self._pygame
        s = self.scale
        c = self.pixel_color
        y = self.height * s
        win.fill((20, 20, 20), (0, y, self.width * s, 4 * s))
        n = self.pixel_count
        w = self.width * s // (n * 2 + 1)
        for i in range(n):
            pygame.draw.rect(win, ((c >> 16) & 255, (c >> 8) & 255, c & 255),
                             (w * (2 * i + 1), y + s, w, 2 * s))

    def close(self):
        """Release the display (pygame stays initialised for the next board)."""
        import displayio

        displayio.release_displays()


def main(argv=None):
    """Show a test pattern and echo button presses: python tools/sim.py [--board clue]."""
    import argparse

    import displayio

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--board", default="pybadge")
    ap.add_argument("--scale", type=int, default=4)
    args = ap.parse_args(argv)
    sim = SimBoard(args.board, scale=args.scale)
    bmp = displayio.Bitmap(sim.width, sim.height, 2)
    pal = displayio.Palette(2)
    pal[0] = 0x0B5D1E
    pal[1] = 0xFFFFFF
    g = displayio.Group()
    g.append(displayio.TileGrid(bmp, pixel_shader=pal))
    sim.display.root_group = g
    sim.refresh()
    x = 0
    while True:
        b = sim.poll()
        if b:
            print(_board.button_name(b))
            bmp[x % sim.width, sim.height // 2] = 1
            x += 1
            sim.refresh()
        sim.sleep_ms(10)


if __name__ == "__main__":
    main()
