"""Stand-in for CircuitPython's keypad (tests only, never shipped): Keys and ShiftRegisterKeys
with their event queues, fed by the test instead of by scanning pins.

Test hooks: `held_at_start` (key numbers down at power-up: each new scanner reports them as
presses, as the board does for keys held while it starts); a scanner's press(k) and release(k)
(a key goes down or up: one event, if the state changes); `on_scan(scanner)`, called when the
program reads an empty event queue, at most once per supervisor.ticks_ms() value, so a test
player can press keys in step with the program's polling. A queue holds max_events events and
then drops new ones and sets `overflowed`, as on the board.
"""
import microcontroller
import supervisor

held_at_start = ()
on_scan = None


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return self.key_number == other.key_number and self.pressed == other.pressed

    def __hash__(self):
        return self.key_number << 1 | self.pressed


class EventQueue:
    def __init__(self, max_events, scanner=None):
        self._ring = bytearray(max_events)  # key_number * 2 + pressed
        self._head = 0
        self._len = 0
        self._scanner = scanner
        self._scanned_at = None
        self.overflowed = False

    def _put(self, key_number, pressed):
        n = len(self._ring)
        if self._len >= n:
            self.overflowed = True
            return
        self._ring[(self._head + self._len) % n] = key_number * 2 + (1 if pressed else 0)
        self._len += 1

    def _take(self):
        if not self._len and on_scan is not None and self._scanner is not None:
            now = supervisor.peek()
            if now != self._scanned_at:
                self._scanned_at = now
                on_scan(self._scanner)
        if not self._len:
            return -1
        v = self._ring[self._head]
        self._head = (self._head + 1) % len(self._ring)
        self._len -= 1
        return v

    def get(self):
        v = self._take()
        if v < 0:
            return None
        return Event(v >> 1, bool(v & 1), supervisor.peek())

    def get_into(self, event):
        v = self._take()
        if v < 0:
            return False
        event.key_number = v >> 1
        event.pressed = bool(v & 1)
        event.timestamp = supervisor.peek()
        return True

    def clear(self):
        self._len = 0
        self.overflowed = False

    def __bool__(self):
        return self._len > 0

    def __len__(self):
        return self._len


class _Scanner:
    def __init__(self, pins, key_count, max_events):
        for pin in pins:
            microcontroller.claim(pin)
        self._pins = pins
        self.key_count = key_count
        self.events = EventQueue(max_events, self)
        self._down = bytearray(key_count)
        for k in held_at_start:
            if 0 <= k < key_count:
                self.press(k)

    def press(self, key_number):
        if not self._down[key_number]:
            self._down[key_number] = 1
            self.events._put(key_number, True)

    def release(self, key_number):
        if self._down[key_number]:
            self._down[key_number] = 0
            self.events._put(key_number, False)

    def reset(self):
        """Keys down now are reported again as new presses."""
        for k in range(self.key_count):
            if self._down[k]:
                self.events._put(k, True)

    def deinit(self):
        for pin in self._pins:
            microcontroller.release(pin)
        self._pins = ()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64, debounce_threshold=1):
        pins = tuple(pins)
        _Scanner.__init__(self, pins, len(pins), max_events)


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count, value_when_pressed, interval=0.02,
                 max_events=64, debounce_threshold=1):
        _Scanner.__init__(self, (clock, data, latch), key_count, max_events)
