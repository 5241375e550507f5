"""brisca.ui.board and its profiles (brisca.ui.boards): key repeat / long press with fake keypads
and a fake clock, detect() on fake board modules (no hardware needed)."""

import os
import subprocess
import sys
import types

import pytest

from brisca.ui import board as B
from brisca.ui import boards
from brisca.ui.detect import detect

PROFILES = {name: boards.profile(name) for name in boards.NAMES}

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALL = B.BTN_LEFT | B.BTN_RIGHT | B.BTN_UP | B.BTN_DOWN | B.BTN_A | B.BTN_B | B.BTN_START | B.BTN_SELECT


# ------------------------------------------------------------------ fakes
class FakeEvent:
    def __init__(self):
        self.key_number = 0
        self.pressed = False


class FakeEventQueue:
    def __init__(self):
        self.pending = []
        self.overflowed = False

    def clear(self):
        self.pending = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.pending:
            return False
        ev.key_number, ev.pressed = self.pending.pop(0)
        return True


class FakeKeys:
    """keypad.Keys / ShiftRegisterKeys stand-in: tests append (key_number, pressed) to .events."""

    def __init__(self, pins=(), key_count=None, **kw):
        self.key_count = key_count if key_count is not None else len(pins)
        self.pins = pins
        self.kw = kw
        self.events = FakeEventQueue()


class Clock:
    def __init__(self, t=1000):
        self.t = t

    def __call__(self):
        return self.t


def make(profile_name, clock=None, n_keys=None):
    prof = PROFILES[profile_name]
    keys = FakeKeys(key_count=n_keys or len(prof.keys))
    clock = clock or Clock()
    board = B.Board(prof, key_groups=(keys,), event=FakeEvent(), ticks=clock)
    return board, keys, clock


def drain(board):
    out = []
    while True:
        b = board.poll()
        if not b:
            return out
        out.append(b)


# ------------------------------------------------------------------ profile table
def test_every_profile_has_a_size_and_unique_board_ids():
    seen = set()
    for name, p in PROFILES.items():
        assert p.name == name
        if name == "generic":
            continue
        assert p.width >= 128 and p.height >= 128 - 1 or p.height == 135, name
        for bid in p.board_ids:
            assert bid not in seen, bid
            seen.add(bid)
    assert (PROFILES["pybadge"].width, PROFILES["pybadge"].height) == (160, 128)
    assert (PROFILES["clue"].width, PROFILES["clue"].height) == (240, 240)
    assert (PROFILES["s3_reverse_tft"].width, PROFILES["s3_reverse_tft"].height) == (240, 135)
    assert (PROFILES["picosystem"].width, PROFILES["picosystem"].height) == (240, 240)


def test_full_button_boards_reach_all_eight_buttons():
    for name, p in PROFILES.items():
        if name == "generic" or p.two_buttons:
            continue
        bits = 0
        for _label, short, long in p.keys:
            bits |= short | long
        if p.joystick:
            bits |= B.ARROWS
        assert bits == ALL, (name, bin(bits))


def test_two_button_boards_reach_play_next_pause_hint_and_are_documented():
    doc = B.__doc__
    for name, p in PROFILES.items():
        if not p.two_buttons:
            continue
        bits = 0
        for _label, short, long in p.keys:
            bits |= short | long
        need = B.BTN_A | B.BTN_RIGHT | B.BTN_START | B.BTN_SELECT
        assert bits & need == need, name
        assert p.title.split(" ")[0] in doc, name
        for label, _s, long in p.keys:
            assert label in doc
    assert "Back" in doc and "hold" in doc


def test_board_ids_map_to_profiles():
    assert boards.profile_for("pybadge").name == "pybadge"
    assert boards.profile_for("edgebadge").name == "edgebadge"
    assert boards.profile_for("pygamer").name == "pygamer"
    assert boards.profile_for("clue_nrf52840_express").name == "clue"
    assert boards.profile_for("adafruit_feather_esp32s3_reverse_tft").name == "s3_reverse_tft"
    assert boards.profile_for("pimoroni_picosystem").name == "picosystem"
    assert boards.profile_for("no_such_board").name == "generic"


def test_button_names():
    assert B.button_name(B.BTN_START) == "START"
    assert B.button_name(0) == ""


# ------------------------------------------------------------------ ticks
def test_ticks_diff_across_the_wrap():
    top = (1 << 29) - 5
    assert B.ticks_diff(B.ticks_add(top, 10), top) == 10
    assert B.ticks_diff(top, B.ticks_add(top, 10)) == -10
    assert B.ticks_diff(3, 3) == 0
    a = B.ticks_ms()
    assert 0 <= a < (1 << 29)


# ------------------------------------------------------------------ input logic
def test_press_reports_once_and_held_tracks_state():
    board, keys, clock = make("pybadge")
    keys.events.pending.append((1, True))  # A down
    assert board.poll() == B.BTN_A
    assert board.held() == B.BTN_A
    clock.t += 2000
    assert board.poll() == 0  # A does not repeat
    keys.events.pending.append((1, False))
    assert board.poll() == 0
    assert board.held() == 0


def test_physical_key_numbers_follow_the_badge_order():
    board, keys, _ = make("pybadge")
    expect = [B.BTN_B, B.BTN_A, B.BTN_START, B.BTN_SELECT, B.BTN_RIGHT, B.BTN_DOWN, B.BTN_UP, B.BTN_LEFT]
    for k in range(8):
        keys.events.pending.append((k, True))
        keys.events.pending.append((k, False))
    assert drain(board) == expect


def test_held_arrow_repeats_after_delay_then_at_rate():
    board, keys, clock = make("pybadge")
    keys.events.pending.append((7, True))  # LEFT down
    assert board.poll() == B.BTN_LEFT
    clock.t += B.REPEAT_DELAY_MS - 1
    assert board.poll() == 0
    clock.t += 1
    assert board.poll() == B.BTN_LEFT
    clock.t += B.REPEAT_RATE_MS - 1
    assert board.poll() == 0
    clock.t += 1
    assert board.poll() == B.BTN_LEFT
    clock.t += B.REPEAT_RATE_MS
    assert board.poll() == B.BTN_LEFT
    keys.events.pending.append((7, False))
    clock.t += 5000
    assert drain(board) == []


def test_repeat_survives_the_tick_wrap():
    clock = Clock((1 << 29) - 100)
    board, keys, clock = make("pybadge", clock)
    keys.events.pending.append((4, True))  # RIGHT
    assert board.poll() == B.BTN_RIGHT
    clock.t = (clock.t + B.REPEAT_DELAY_MS) & ((1 << 29) - 1)
    assert board.poll() == B.BTN_RIGHT


def test_new_arrow_takes_over_the_repeat():
    board, keys, clock = make("pybadge")
    keys.events.pending += [(7, True), (4, True)]  # LEFT then RIGHT
    assert drain(board) == [B.BTN_LEFT, B.BTN_RIGHT]
    clock.t += B.REPEAT_DELAY_MS
    assert drain(board) == [B.BTN_RIGHT]
    keys.events.pending.append((7, False))  # releasing LEFT does not stop RIGHT
    clock.t += B.REPEAT_RATE_MS
    assert drain(board) == [B.BTN_RIGHT]


def test_clue_short_and_long_presses():
    board, keys, clock = make("clue")
    # short B = confirm, reported on release
    keys.events.pending.append((1, True))
    assert board.poll() == 0
    assert board.held() == B.BTN_A
    clock.t += B.LONG_PRESS_MS - 1
    keys.events.pending.append((1, False))
    assert board.poll() == B.BTN_A
    # long B = START, once, and nothing on release
    keys.events.pending.append((1, True))
    assert board.poll() == 0
    clock.t += B.LONG_PRESS_MS
    assert board.poll() == B.BTN_START
    clock.t += 3000
    assert board.poll() == 0
    keys.events.pending.append((1, False))
    assert board.poll() == 0
    # A short = RIGHT (no repeat while held), long = SELECT
    keys.events.pending += [(0, True), (0, False)]
    assert drain(board) == [B.BTN_RIGHT]
    keys.events.pending.append((0, True))
    clock.t += 10
    assert board.poll() == 0
    clock.t += B.LONG_PRESS_MS
    assert board.poll() == B.BTN_SELECT


def test_s3_reverse_tft_two_key_groups_are_numbered_in_order():
    prof = PROFILES["s3_reverse_tft"]
    g0 = FakeKeys(key_count=1)
    g1 = FakeKeys(key_count=2)
    clock = Clock()
    board = B.Board(prof, key_groups=(g0, g1), event=FakeEvent(), ticks=clock)
    g1.events.pending += [(1, True), (1, False)]  # D2 = confirm
    g1.events.pending += [(0, True), (0, False)]  # D1 = next
    g0.events.pending += [(0, True), (0, False)]  # D0 = back
    got = drain(board)
    assert sorted(got) == sorted([B.BTN_A, B.BTN_RIGHT, B.BTN_B])


class FakeAnalog:
    def __init__(self, value=32768):
        self.value = value


def test_pygamer_joystick_gives_arrows_with_deadzone_and_repeat():
    prof = PROFILES["pygamer"]
    x, y = FakeAnalog(), FakeAnalog()
    clock = Clock()
    board = B.Board(prof, key_groups=(FakeKeys(key_count=4),), event=FakeEvent(),
                    joystick=(x, y), ticks=clock)
    x.value = 40000  # inside the dead zone
    assert board.poll() == 0
    x.value = 60000
    assert board.poll() == B.BTN_RIGHT
    assert board.held() == B.BTN_RIGHT
    clock.t += B.REPEAT_DELAY_MS
    assert board.poll() == B.BTN_RIGHT
    x.value = 32768
    y.value = 1000
    assert board.poll() == B.BTN_UP
    assert board.held() == B.BTN_UP
    y.value = 65535
    assert board.poll() == B.BTN_DOWN
    y.value = 32768
    clock.t += 5000
    assert board.poll() == 0
    assert board.held() == 0


def test_queue_overflow_drops_presses_instead_of_failing():
    board, keys, _ = make("pybadge")
    for _ in range(100):
        keys.events.pending += [(1, True), (1, False)]
    got = drain(board)
    assert 0 < len(got) <= 100
    assert set(got) == {B.BTN_A}


def test_keypad_overflow_forgets_held_keys_and_rescans():
    board, keys, clock = make("pybadge")
    resets = []
    keys.reset = lambda: resets.append(1) or keys.events.pending.append((5, True))  # DOWN still held
    keys.events.pending.append((7, True))  # LEFT down ... its release was lost
    assert board.poll() == B.BTN_LEFT
    keys.events.overflowed = True
    keys.events.pending.append((6, True))  # stale
    assert board.poll() == B.BTN_DOWN
    assert resets == [1] and board.held() == B.BTN_DOWN
    clock.t += B.REPEAT_DELAY_MS
    assert board.poll() == B.BTN_DOWN  # LEFT no longer repeats


def test_push_and_clear_input():
    board, _, _ = make("pybadge")
    board.push(B.BTN_B)
    board.push(B.BTN_A)
    assert board.poll() == B.BTN_B
    board.clear_input()
    assert board.poll() == 0


class FakeSpeaker:
    def __init__(self):
        self.log = []

    def start(self, f):
        self.log.append(("start", f))

    def stop(self):
        self.log.append(("stop",))


class FakePixels:
    count = 5

    def __init__(self):
        self.colors = []

    def fill(self, c):
        self.colors.append(c)


def test_tone_stops_by_itself_and_pixels_fill():
    sp, px, clock = FakeSpeaker(), FakePixels(), Clock()
    board = B.Board(PROFILES["pybadge"], speaker=sp, pixels=px, ticks=clock)
    assert board.has_speaker and board.has_pixels and board.pixel_count == 5
    board.tone(880, 50)
    assert sp.log == [("start", 880)]
    clock.t += 49
    board.poll()
    assert sp.log == [("start", 880)]
    clock.t += 1
    board.poll()
    assert sp.log == [("start", 880), ("stop",)]
    board.pixels(0x00FF00)
    assert px.colors == [0x00FF00]


def test_no_speaker_no_pixels_are_no_ops():
    board = B.Board(PROFILES["s3_reverse_tft"])
    assert not board.has_speaker and not board.has_pixels and board.pixel_count == 0
    board.tone(440, 100)
    board.pixels(0xFF0000)
    board.refresh()  # no display: nothing to do
    assert board.poll() == 0


# ------------------------------------------------------------------ detect()
class FakeDisplay:
    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.auto_refresh = True
        self.refreshed = 0

    def refresh(self):
        self.refreshed += 1


@pytest.fixture
def fake_hw(monkeypatch):
    """Fake keypad / analogio / digitalio / pwmio / neopixel_write modules."""
    made = {}
    kp = types.ModuleType("keypad")

    def keys(*a, **kw):
        k = FakeKeys(*a, **kw)
        made.setdefault("keys", []).append(k)
        return k

    kp.Keys = keys
    kp.ShiftRegisterKeys = lambda **kw: keys(**kw)
    kp.Event = FakeEvent
    monkeypatch.setitem(sys.modules, "keypad", kp)
    an = types.ModuleType("analogio")
    an.AnalogIn = lambda pin: FakeAnalog()
    monkeypatch.setitem(sys.modules, "analogio", an)
    dio = types.ModuleType("digitalio")

    class DIO:
        def __init__(self, pin):
            self.pin = pin
            self.value = False

        def switch_to_output(self, value=False):
            self.value = value

    dio.DigitalInOut = DIO
    monkeypatch.setitem(sys.modules, "digitalio", dio)
    pw = types.ModuleType("pwmio")

    class PWM:
        def __init__(self, pin, **kw):
            self.frequency = kw.get("frequency")
            self.duty_cycle = 0
            made["pwm"] = self

    pw.PWMOut = PWM
    monkeypatch.setitem(sys.modules, "pwmio", pw)
    nw = types.ModuleType("neopixel_write")
    nw.neopixel_write = lambda pin, buf: made.setdefault("np", []).append(bytes(buf))
    monkeypatch.setitem(sys.modules, "neopixel_write", nw)
    return made


def fake_board(board_id, display=None, **pins):
    m = types.SimpleNamespace(board_id=board_id, **pins)
    if display is not None:
        m.DISPLAY = display
    return m


BADGE_PINS = {"BUTTON_CLOCK": "clk", "BUTTON_OUT": "out", "BUTTON_LATCH": "latch", "SPEAKER": "spk",
                  "SPEAKER_ENABLE": "spk_en", "NEOPIXEL": "np"}


def test_detect_pybadge_wires_everything(fake_hw):
    disp = FakeDisplay(160, 128)
    board = detect(fake_board("pybadge", disp, **BADGE_PINS))
    assert board.name == "pybadge" and (board.width, board.height) == (160, 128)
    assert board.display is disp and disp.auto_refresh is False
    assert board.has_speaker and board.has_pixels and board.pixel_count == 5
    (keys,) = fake_hw["keys"]
    assert keys.kw["value_when_pressed"] is True and keys.key_count == 8
    keys.events.pending.append((1, True))
    assert board.poll() == B.BTN_A
    board.refresh()
    assert disp.refreshed == 1
    board.tone(440, 10)
    assert fake_hw["pwm"].frequency == 440 and fake_hw["pwm"].duty_cycle
    board.pixels(0xFF0000)
    # GRB, dimmed
    assert fake_hw["np"][-1][:3] == bytes([0, B.PIXEL_LEVEL, 0])


def test_detect_s3_uses_two_polarities(fake_hw):
    board = detect(fake_board("adafruit_feather_esp32s3_reverse_tft", FakeDisplay(240, 135),
                                D0="d0", D1="d1", D2="d2", NEOPIXEL="np", NEOPIXEL_POWER="npp"))
    assert board.name == "s3_reverse_tft" and board.two_buttons
    k0, k1 = fake_hw["keys"]
    assert k0.pins == ("d0",) and k0.kw["value_when_pressed"] is False
    assert k1.pins == ("d1", "d2") and k1.kw["value_when_pressed"] is True
    assert not board.has_speaker and board.has_pixels


def test_detect_never_raises_when_hardware_is_missing(fake_hw, monkeypatch):
    # known board, but pins missing and a broken keypad: still a board, just without keys
    def broken(**kw):
        raise ValueError("pin in use")

    sys.modules["keypad"].ShiftRegisterKeys = broken
    board = detect(fake_board("pybadge", FakeDisplay(160, 128)))
    assert board.name == "pybadge" and board.poll() == 0
    # unknown board without a display
    board = detect(fake_board("mystery_board"))
    assert board.name == "generic" and board.display is None and board.poll() == 0
    # unknown board with a display takes the display's size
    board = detect(fake_board("mystery_board", FakeDisplay(320, 240)))
    assert (board.width, board.height) == (320, 240)

    # a board module whose attributes explode
    class Exploding:
        def __getattr__(self, name):
            raise RuntimeError("boom")

    board = detect(Exploding())
    assert board.name == "generic"
    # no hardware modules at all (plain CPython + a fake board)
    for m in ("keypad", "analogio", "digitalio", "pwmio", "neopixel_write"):
        monkeypatch.setitem(sys.modules, m, None)
    board = detect(fake_board("pygamer", FakeDisplay(160, 128), **BADGE_PINS))
    assert board.name == "pygamer" and not board.has_speaker and board.poll() == 0


def test_board_module_runs_under_micropython_without_allocating_per_poll():
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(mp):
        pytest.fail("no micropython binary: `make venv` installs it (requirements-dev.txt)")
    code = ("import sys, gc; sys.path.insert(0, '.'); from brisca.ui import board as b; "
            "from brisca.ui.boards import clue, pybadge; "
            "x = b.Board(clue); x.push(b.BTN_A); print(x.poll(), b.ticks_diff(2, 1)); "
            "y = b.Board(pybadge); gc.collect(); gc.disable(); f = gc.mem_free()\n"
            "for i in range(500):\n"
            "    y.button_down(b.BTN_LEFT, i * 10); y.poll(); y.button_up(b.BTN_LEFT, i * 10)\n"
            "print(f - gc.mem_free())")
    out = subprocess.run([mp, "-X", "heapsize=128K", "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=30, check=False)
    assert out.returncode == 0, out.stderr
    first, diff, allocated = out.stdout.split()
    assert (first, diff) == ("16", "1")
    assert int(allocated) < 100  # 500 presses with repeat state and queue: no allocation per poll
