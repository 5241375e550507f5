"""Stand-in for CircuitPython's digitalio (tests only, never shipped): DigitalInOut keeps its
direction, pull and value; an input reads its pull level (True with Pull.UP) unless the test set
`level`. A pin serves one object at a time (see microcontroller.claim)."""
import microcontroller


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut:
    def __init__(self, pin):
        microcontroller.claim(pin)
        self._pin = pin
        self._direction = Direction.INPUT
        self.pull = None
        self.drive_mode = DriveMode.PUSH_PULL
        self._value = False
        self.level = None  # test hook: what an input reads (None: its pull level)

    def _live(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")

    @property
    def direction(self):
        self._live()
        return self._direction

    @direction.setter
    def direction(self, value):
        self._live()
        if value not in (Direction.INPUT, Direction.OUTPUT):
            raise ValueError("Invalid direction")
        self._direction = value

    @property
    def value(self):
        self._live()
        if self._direction == Direction.OUTPUT:
            return self._value
        if self.level is not None:
            return self.level
        return self.pull == Pull.UP

    @value.setter
    def value(self, v):
        self._live()
        if self._direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = bool(v)

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self._live()
        self._direction = Direction.OUTPUT
        self.drive_mode = drive_mode
        self._value = bool(value)

    def switch_to_input(self, pull=None):
        self._live()
        self._direction = Direction.INPUT
        self.pull = pull

    def deinit(self):
        if self._pin is not None:
            microcontroller.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
