"""The platform layer the screens use: buttons as BTN_* bits, the clock, display refresh, speaker
and NeoPixels, the same on every board.

What differs between boards (screen size, which physical keys give which BTN_* bit, pixels,
speaker) is a profile: one small module per board in brisca/ui/boards/, of which only the running
board's is loaded (brisca/ui/detect.py picks it). Runs on CircuitPython 9/10; imports on
CPython/MicroPython too, so the simulator and tests use the same input logic.

Buttons on the few-button boards (profile.two_buttons; the screens add a "Back" entry to every menu
but a yes/no question):
  CLUE (buttons A and B):
    A = next (BTN_RIGHT), hold A > 600 ms = BTN_SELECT (hint)
    B = confirm / play (BTN_A), hold B > 600 ms = BTN_START (pause menu)
  ESP32-S3 Reverse TFT Feather (buttons D0, D1, D2 from top to bottom):
    D0 = back (BTN_B), hold D0 = BTN_START;  D1 = next (BTN_RIGHT), hold D1 = BTN_SELECT;
    D2 = confirm / play (BTN_A)
  Screens treat BTN_RIGHT as "next item, wrapping" in menus and card rows on these boards.
A button with a long-press meaning reports its short meaning on release (if released before 600 ms)
or its long meaning once when 600 ms have passed, so it never repeats. Held arrows repeat
(REPEAT_DELAY_MS, then every REPEAT_RATE_MS). `Board.key_for(bit)` names the key that gives a bit
on this board, so help lines name real buttons.
"""

import time

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


BTN_LEFT = const(1)
BTN_RIGHT = const(2)
BTN_UP = const(4)
BTN_DOWN = const(8)
BTN_A = const(16)  # play / confirm
BTN_B = const(32)  # back / cancel
BTN_START = const(64)  # pause menu
BTN_SELECT = const(128)  # hint / secondary
ALL_BUTTONS = (BTN_LEFT, BTN_RIGHT, BTN_UP, BTN_DOWN, BTN_A, BTN_B, BTN_START, BTN_SELECT)
BUTTON_NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B", "START", "SELECT")
ARROWS = const(15)

REPEAT_DELAY_MS = const(400)
REPEAT_RATE_MS = const(120)
LONG_PRESS_MS = const(600)
JOY_LOW = const(15000)  # PyGamer joystick: below = left/up
JOY_HIGH = const(50000)  # above = right/down
PIXEL_LEVEL = const(40)  # NeoPixels are blinding at full power: scale 0..255 channels to 0..40

_QUEUE_SIZE = const(16)


def button_name(bit):
    """'A', 'LEFT', ... for one BTN_* bit ('' for 0 or a mask)."""
    for i in range(8):
        if ALL_BUTTONS[i] == bit:
            return BUTTON_NAMES[i]
    return ""


# ---------------------------------------------------------------- ticks (wrapping milliseconds)
# (brisca/ai.py picks the same source for the AI: see there why the two are not one module)
_TICKS_MAX = const((1 << 29) - 1)
_TICKS_HALF = const(1 << 28)

try:
    from supervisor import ticks_ms as _ticks_source  # CircuitPython: wraps at 2**29
except ImportError:
    _ticks_source = None


def ticks_ms():
    """Monotonic milliseconds, wrapping at 2**29 (a small int everywhere)."""
    if _ticks_source is not None:
        return _ticks_source()
    tm = getattr(time, "ticks_ms", None)  # MicroPython
    if tm is not None:
        return tm() & _TICKS_MAX
    return (time.monotonic_ns() // 1000000) & _TICKS_MAX  # CPython


def ticks_diff(a, b):
    """a - b in ms for two ticks_ms() values, correct across one wrap."""
    return ((a - b + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


def ticks_add(a, ms):
    """ticks_ms() value ms after a."""
    return (a + ms) & _TICKS_MAX


def sleep_ms(ms):
    """Sleep ms milliseconds."""
    time.sleep(ms / 1000)


# ---------------------------------------------------------------- the board
class Board:
    """A running board. `profile`: a profile module of brisca/ui/boards/ (or any object with its
    attributes: name, title, width, height, keys, two_buttons).

    Input: `key_groups` is a sequence of keypad-like objects (each with .events.get_into(event));
    their key numbers, taken group after group, index `profile.keys`. `joystick` is (AnalogIn x,
    AnalogIn y) or None. `ticks` is the ms clock (tests pass a fake one). Input handling allocates
    nothing per poll.
    """

    def __init__(self, profile, display=None, key_groups=(), event=None, joystick=None,
                 speaker=None, pixels=None, ticks=None):
        self.profile = profile
        self.name = profile.name
        self.display = display
        if display is not None:
            self.width = display.width
            self.height = display.height
        else:
            self.width = profile.width
            self.height = profile.height
        self.two_buttons = profile.two_buttons
        self.drive_key = getattr(profile, "drive_key", "SELECT")  # held at power-up: see boot.py
        self._speaker = speaker
        self.has_speaker = speaker is not None
        self._pixels = pixels
        self.has_pixels = pixels is not None
        self.pixel_count = pixels.count if pixels is not None else 0
        self._ticks = ticks if ticks is not None else ticks_ms
        # key groups and their first physical key index
        self._groups = tuple(key_groups)
        offsets = []
        n = 0
        for g in self._groups:
            offsets.append(n)
            n += getattr(g, "key_count", 8)
        self._offsets = tuple(offsets)
        self._event = event
        self._shorts = bytes([k[1] for k in profile.keys])
        self._longs = bytes([k[2] for k in profile.keys])
        self._joystick = joystick
        self._joy_bits = 0
        # state
        self._held = 0  # logical short bits of keys down now
        self._queue = bytearray(_QUEUE_SIZE)
        self._q_head = 0
        self._q_len = 0
        self._repeat_btn = 0
        self._repeat_at = 0
        self._pending_key = -1  # physical key with a long meaning, pressed, not yet decided
        self._pending_since = 0
        self._tone_until = 0
        self._tone_on = False

    # ------------------------------------------------------------ time
    def ticks_ms(self):
        """Monotonic ms (wrapping; compare with ticks_diff)."""
        return self._ticks()

    def ticks_diff(self, a, b):
        """a - b in ms."""
        return ticks_diff(a, b)

    def sleep_ms(self, ms):
        """Sleep ms milliseconds."""
        sleep_ms(ms)

    # ------------------------------------------------------------ display
    def refresh(self):
        """Push the current displayio tree to the screen (auto_refresh is off)."""
        if self.display is not None:
            self.display.refresh()

    # ------------------------------------------------------------ input
    def poll(self):
        """Next button press as one BTN_* bit (key repeat included), 0 if none. Never blocks."""
        now = self._ticks()
        self._scan(now)
        self._update(now)
        if self._tone_on and ticks_diff(now, self._tone_until) >= 0:
            self._tone_stop()
        return self._pop()

    def held(self):
        """Bitmask of buttons held now (short meanings)."""
        return self._held

    def _scan(self, now):
        """Read every key group's event queue and the joystick into press/release calls."""
        ev = self._event
        if ev is not None:
            for i in range(len(self._groups)):
                events = self._groups[i].events
                base = self._offsets[i]
                if events.overflowed:  # presses were lost: forget held keys, re-read them
                    self._lost_events(self._groups[i])
                while events.get_into(ev):
                    if ev.pressed:
                        self.key_down(base + ev.key_number, now)
                    else:
                        self.key_up(base + ev.key_number, now)
        joy = self._joystick
        if joy is not None:
            x = joy[0].value
            y = joy[1].value
            bits = 0
            if x < JOY_LOW:
                bits |= BTN_LEFT
            elif x > JOY_HIGH:
                bits |= BTN_RIGHT
            if y < JOY_LOW:
                bits |= BTN_UP
            elif y > JOY_HIGH:
                bits |= BTN_DOWN
            self.set_arrows(bits, now)

    def _lost_events(self, group):
        group.events.clear()
        self._held = 0
        self._repeat_btn = 0
        self._pending_key = -1
        reset = getattr(group, "reset", None)
        if reset is not None:
            reset()  # keypad reports keys still down as new presses

    def set_arrows(self, bits, now):
        """Joystick-style input: the arrows in `bits` are held now, other arrows are not."""
        change = bits ^ self._joy_bits
        if not change:
            return
        self._joy_bits = bits
        for b in (BTN_LEFT, BTN_RIGHT, BTN_UP, BTN_DOWN):
            if change & b:
                if bits & b:
                    self.button_down(b, now)
                else:
                    self.button_up(b, now)

    def key_down(self, key, now):
        """Physical key number `key` went down at `now`."""
        if key < 0 or key >= len(self._shorts):
            return
        if self._longs[key]:
            self._held |= self._shorts[key]
            self._pending_key = key
            self._pending_since = now
        else:
            self.button_down(self._shorts[key], now)

    def key_up(self, key, now):
        """Physical key number `key` went up at `now`."""
        if key < 0 or key >= len(self._shorts):
            return
        if self._longs[key]:
            self._held &= ~self._shorts[key]
            if self._pending_key == key:
                self._pending_key = -1
                self._push(self._shorts[key])
        else:
            self.button_up(self._shorts[key], now)

    def button_down(self, btn, now):
        """Logical button `btn` pressed at `now`: report it; arrows start repeating."""
        if not btn:
            return
        self._held |= btn
        self._push(btn)
        if btn & ARROWS:
            self._repeat_btn = btn
            self._repeat_at = ticks_add(now, REPEAT_DELAY_MS)

    def button_up(self, btn, now):
        """Logical button `btn` released."""
        self._held &= ~btn
        if self._repeat_btn == btn:
            self._repeat_btn = 0

    def _update(self, now):
        """Time-driven events: arrow repeat and long presses."""
        if self._repeat_btn and ticks_diff(now, self._repeat_at) >= 0:
            self._push(self._repeat_btn)
            self._repeat_at = ticks_add(now, REPEAT_RATE_MS)
        k = self._pending_key
        if k >= 0 and ticks_diff(now, self._pending_since) >= LONG_PRESS_MS:
            self._pending_key = -1
            self._push(self._longs[k])

    def push(self, btn):
        """Queue a logical press directly (simulator scripts, tests)."""
        self._push(btn)

    def _push(self, btn):
        if self._q_len >= _QUEUE_SIZE:
            return  # full: drop the newest rather than block
        self._queue[(self._q_head + self._q_len) % _QUEUE_SIZE] = btn
        self._q_len += 1

    def _pop(self):
        if not self._q_len:
            return 0
        b = self._queue[self._q_head]
        self._q_head = (self._q_head + 1) % _QUEUE_SIZE
        self._q_len -= 1
        return b

    def key_for(self, bit):
        """The key that gives `bit` on this board: (label, held), held True when only a long press
        of that key gives it; None when no key does (the CLUE has no back key). The joystick of
        the PyGamer gives the arrows: ("joystick", False)."""
        keys = self.profile.keys
        for label, short, _long in keys:
            if short == bit:
                return label, False
        for label, _short, long in keys:
            if long == bit:
                return label, True
        if bit & ARROWS and getattr(self.profile, "joystick", False):
            return "joystick", False
        return None

    def clear_input(self):
        """Forget queued presses (e.g. after a long AI think)."""
        self._q_len = 0

    # ------------------------------------------------------------ sound and light
    def tone(self, freq_hz, ms):
        """Start a square-wave beep; it stops by itself in a later poll(). No-op without speaker."""
        sp = self._speaker
        if sp is None or freq_hz <= 0 or ms <= 0:
            return
        try:
            sp.start(int(freq_hz))
        except Exception:  # noqa: BLE001 - a sound problem must never stop the game
            return
        self._tone_on = True
        self._tone_until = ticks_add(self._ticks(), ms)

    def _tone_stop(self):
        self._tone_on = False
        try:
            self._speaker.stop()
        except Exception:  # noqa: BLE001, S110
            pass

    def pixels(self, color):
        """Fill the NeoPixels with 0xRRGGBB (0 = off). No-op without pixels."""
        px = self._pixels
        if px is not None:
            try:
                px.fill(color)
            except Exception:  # noqa: BLE001, S110
                pass
