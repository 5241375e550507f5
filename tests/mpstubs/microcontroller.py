"""Stand-in for CircuitPython's microcontroller (tests only, never shipped): Pin, with the board's
rule that a pin serves one object at a time (claiming a pin in use is a ValueError until the
first user deinit()s), and nvm, the save memory (erased bytes; allocated on first use)."""


class Pin:
    def __init__(self, name, pwm=True, dac=False):
        self._name = name
        self._pwm = pwm
        self._dac = dac
        self._claimed = False

    def __repr__(self):
        return "board.%s" % self._name


def claim(pin):
    """Mark `pin` in use (the modules that drive pins call this)."""
    if not isinstance(pin, Pin):
        raise TypeError("pin must be a Pin, not %s" % type(pin).__name__)
    if pin._claimed:
        raise ValueError("%s in use" % pin._name)
    pin._claimed = True


def release(pin):
    pin._claimed = False


class _NVM:
    """Non-volatile bytes: erased (0xff) until written."""

    def __init__(self, size):
        self._size = size
        self._data = None

    def __len__(self):
        return self._size

    def _bytes(self):
        if self._data is None:
            self._data = bytearray(b"\xff" * self._size)
        return self._data

    def __getitem__(self, index):
        return self._bytes()[index]

    def __setitem__(self, index, value):
        self._bytes()[index] = value


nvm = _NVM(8192)
