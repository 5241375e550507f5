"""Board profiles and the platform layer the screens use: display, buttons, speaker, NeoPixels.

Every hardware difference lives here, in PROFILES, so screens only see logical BTN_* bits and a
displayio display. Runs on CircuitPython 9/10; imports on CPython/MicroPython too (hardware modules are
imported only inside functions), so the simulator and tests can use the same input logic.

Buttons on the few-button boards (two_buttons = True; the screens add a "Back" entry to every menu):
  CLUE (buttons A and B):
    A = next (BTN_RIGHT), hold A > 600 ms = BTN_SELECT (hint)
    B = confirm / play (BTN_A), hold B > 600 ms = BTN_START (pause menu)
  ESP32-S3 Reverse TFT Feather (buttons D0, D1, D2 from top to bottom):
    D0 = back (BTN_B), hold D0 = BTN_START;  D1 = next (BTN_RIGHT), hold D1 = BTN_SELECT;
    D2 = confirm / play (BTN_A)
  Screens should treat BTN_RIGHT as "next item, wrapping" in menus and card rows on these boards.
A button with a long-press meaning reports its short meaning on release (if released before 600 ms)
or its long meaning once when 600 ms have passed, so it never repeats. Held arrows repeat
(REPEAT_DELAY_MS, then every REPEAT_RATE_MS).
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
_TICKS_PERIOD = const(1 << 29)
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


# ---------------------------------------------------------------- profiles
class Profile:
    """What one kind of board has. keys = physical keys in keypad key-number order (across the
    profile's key groups, in order): (label, short BTN bit, long-press BTN bit or 0)."""

    def __init__(self, name, title, width, height, board_ids, keys, pixel_count=0,
                 has_speaker=False, two_buttons=False, joystick=False):
        self.name = name
        self.title = title
        self.width = width
        self.height = height
        self.board_ids = board_ids
        self.keys = keys
        self.pixel_count = pixel_count
        self.has_speaker = has_speaker
        self.two_buttons = two_buttons
        self.joystick = joystick


_BADGE_KEYS = (
    ("B", BTN_B, 0), ("A", BTN_A, 0), ("START", BTN_START, 0), ("SELECT", BTN_SELECT, 0),
    ("RIGHT", BTN_RIGHT, 0), ("DOWN", BTN_DOWN, 0), ("UP", BTN_UP, 0), ("LEFT", BTN_LEFT, 0),
)

PROFILES = {
    "pybadge": Profile("pybadge", "PyBadge / PyBadge LC", 160, 128, ("pybadge",), _BADGE_KEYS,
                       pixel_count=5, has_speaker=True),
    "edgebadge": Profile("edgebadge", "EdgeBadge", 160, 128, ("edgebadge",), _BADGE_KEYS,
                         pixel_count=5, has_speaker=True),
    "pygamer": Profile("pygamer", "PyGamer", 160, 128, ("pygamer", "pygamer_advance"),
                       _BADGE_KEYS[:4], pixel_count=5, has_speaker=True, joystick=True),
    "clue": Profile("clue", "CLUE", 240, 240, ("clue_nrf52840_express",),
                    (("A", BTN_RIGHT, BTN_SELECT), ("B", BTN_A, BTN_START)),
                    pixel_count=1, has_speaker=True, two_buttons=True),
    "s3_reverse_tft": Profile("s3_reverse_tft", "ESP32-S3 Reverse TFT Feather", 240, 135,
                              ("adafruit_feather_esp32s3_reverse_tft",
                               "adafruit_feather_esp32s2_reverse_tft"),
                              (("D0", BTN_B, BTN_START), ("D1", BTN_RIGHT, BTN_SELECT),
                               ("D2", BTN_A, 0)),
                              pixel_count=1, two_buttons=True),
    "picosystem": Profile("picosystem", "PicoSystem", 240, 240, ("pimoroni_picosystem",),
                          (("A", BTN_A, 0), ("B", BTN_B, 0), ("X", BTN_START, 0),
                           ("Y", BTN_SELECT, 0), ("UP", BTN_UP, 0), ("DOWN", BTN_DOWN, 0),
                           ("LEFT", BTN_LEFT, 0), ("RIGHT", BTN_RIGHT, 0)),
                          has_speaker=True),
    "generic": Profile("generic", "CircuitPython board", 0, 0, (), ()),
}


def profile_for(board_id):
    """The Profile whose board_ids include board_id, else PROFILES["generic"]."""
    for p in PROFILES.values():
        if board_id in p.board_ids:
            return p
    return PROFILES["generic"]


# ---------------------------------------------------------------- the board
class Board:
    """A running board: the contract in notes/ui_contract.md.

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


# ---------------------------------------------------------------- hardware helpers (board only)
class _Speaker:
    """Square-wave tones on board.SPEAKER: pwmio where the pin has PWM, else audioio/audiopwmio
    looping a one-cycle sample (SAMD51 A0 on the PyBadge is a DAC pin without PWM)."""

    def __init__(self, pin, enable_pin=None):
        import digitalio

        self._enable = None
        if enable_pin is not None:
            self._enable = digitalio.DigitalInOut(enable_pin)
            self._enable.switch_to_output(value=False)
        self._pwm = None
        self._audio = None
        self._samples = {}
        try:
            import pwmio

            self._pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
        except Exception:  # noqa: BLE001
            self._pwm = None
        if self._pwm is None:
            self._audio = _audio_out(pin)
            import array

            # one cycle: 8 samples high, 8 low, quiet-ish around the 16-bit midpoint
            self._wave = array.array("H", [0x9800] * 8 + [0x6800] * 8)

    def start(self, freq):
        if self._enable is not None:
            self._enable.value = True
        if self._pwm is not None:
            self._pwm.frequency = freq
            self._pwm.duty_cycle = 0x8000
            return
        import audiocore

        sample = self._samples.get(freq)
        if sample is None:
            if len(self._samples) > 8:
                self._samples.clear()
            sample = audiocore.RawSample(self._wave, sample_rate=freq * 16)
            self._samples[freq] = sample
        self._audio.play(sample, loop=True)

    def stop(self):
        if self._pwm is not None:
            self._pwm.duty_cycle = 0
        elif self._audio is not None:
            self._audio.stop()
        if self._enable is not None:
            self._enable.value = False


def _audio_out(pin):
    """AudioOut on a DAC pin (SAMD51), else PWMAudioOut (nRF52, RP2040)."""
    try:
        import audioio

        return audioio.AudioOut(pin)
    except ImportError:
        import audiopwmio

        return audiopwmio.PWMAudioOut(pin)


class _Pixels:
    """NeoPixels through the core neopixel_write module (no library needed), dimmed to PIXEL_LEVEL."""

    def __init__(self, pin, count, power_pin=None):
        import digitalio
        import neopixel_write

        self._write = neopixel_write.neopixel_write
        if power_pin is not None:
            self._power = digitalio.DigitalInOut(power_pin)
            self._power.switch_to_output(value=True)
        self._pin = digitalio.DigitalInOut(pin)
        self._pin.switch_to_output(value=False)
        self.count = count
        self._buf = bytearray(3 * count)
        self._color = -1
        self.fill(0)

    def fill(self, color):
        if color == self._color:
            return
        self._color = color
        r = ((color >> 16) & 0xFF) * PIXEL_LEVEL // 255
        g = ((color >> 8) & 0xFF) * PIXEL_LEVEL // 255
        b = (color & 0xFF) * PIXEL_LEVEL // 255
        buf = self._buf
        for i in range(0, len(buf), 3):  # GRB order
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
        self._write(self._pin, buf)


def _pin(board_mod, name):
    return getattr(board_mod, name, None)


def _key_groups(board_mod, profile):
    """The keypad objects for a profile, in the key-number order of profile.keys."""
    import keypad

    p = profile.name
    if p in ("pybadge", "edgebadge", "pygamer"):
        return (keypad.ShiftRegisterKeys(
            clock=_pin(board_mod, "BUTTON_CLOCK"), data=_pin(board_mod, "BUTTON_OUT"),
            latch=_pin(board_mod, "BUTTON_LATCH"), key_count=len(profile.keys),
            value_when_pressed=True),)
    if p == "clue":
        return (keypad.Keys((_pin(board_mod, "BUTTON_A"), _pin(board_mod, "BUTTON_B")),
                            value_when_pressed=False, pull=True),)
    if p == "s3_reverse_tft":
        # D0 is pulled up and reads low when pressed; D1 and D2 read high when pressed.
        return (keypad.Keys((_pin(board_mod, "D0"),), value_when_pressed=False, pull=True),
                keypad.Keys((_pin(board_mod, "D1"), _pin(board_mod, "D2")),
                            value_when_pressed=True, pull=True))
    if p == "picosystem":
        names = ("SW_A", "SW_B", "SW_X", "SW_Y", "SW_UP", "SW_DOWN", "SW_LEFT", "SW_RIGHT")
        return (keypad.Keys(tuple([_pin(board_mod, n) for n in names]),
                            value_when_pressed=False, pull=True),)
    return ()


def _report(what, err):
    try:
        print("board:", what, "unavailable:", repr(err))
    except Exception:  # noqa: BLE001, S110
        pass


def detect(board_mod=None):
    """The Board for the running board (board.board_id). Never raises: a part that fails to start
    (keys, speaker, pixels) is left out and reported on the serial console; an unknown board gets
    the generic profile with board.DISPLAY if it has one."""
    try:
        if board_mod is None:
            import board as board_mod
        board_id = getattr(board_mod, "board_id", "")
        profile = profile_for(board_id)
    except Exception as err:  # noqa: BLE001 - no board module at all
        _report("board", err)
        return Board(PROFILES["generic"])
    display = None
    try:
        display = getattr(board_mod, "DISPLAY", None)
        if display is not None:
            display.auto_refresh = False
    except Exception as err:  # noqa: BLE001
        _report("display", err)
        display = None
    groups = ()
    event = None
    try:
        groups = _key_groups(board_mod, profile)
        if groups:
            import keypad

            event = keypad.Event()
    except Exception as err:  # noqa: BLE001
        _report("keys", err)
        groups = ()
    joystick = None
    if profile.joystick:
        try:
            import analogio

            joystick = (analogio.AnalogIn(_pin(board_mod, "JOYSTICK_X")),
                        analogio.AnalogIn(_pin(board_mod, "JOYSTICK_Y")))
        except Exception as err:  # noqa: BLE001
            _report("joystick", err)
    speaker = None
    if profile.has_speaker:
        try:
            pin = _pin(board_mod, "SPEAKER") or _pin(board_mod, "AUDIO")
            speaker = _Speaker(pin, _pin(board_mod, "SPEAKER_ENABLE"))
        except Exception as err:  # noqa: BLE001
            _report("speaker", err)
    pixels = None
    if profile.pixel_count:
        try:
            pixels = _Pixels(_pin(board_mod, "NEOPIXEL"), profile.pixel_count,
                             _pin(board_mod, "NEOPIXEL_POWER"))
        except Exception as err:  # noqa: BLE001
            _report("pixels", err)
    try:
        return Board(profile, display, groups, event, joystick, speaker, pixels)
    except Exception as err:  # noqa: BLE001
        _report("board", err)
        return Board(PROFILES["generic"])
