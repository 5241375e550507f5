"""The package's one shared part: the millisecond clock of the AI and the UI (here, not in a module
of its own: a module costs heap on a board), one for every runtime: CircuitPython's
supervisor.ticks_ms (it has no time.ticks_ms), MicroPython's time.ticks_ms (it has no
time.monotonic), CPython's monotonic_ns. No floats: CircuitPython's clock wraps at 2**29,
MicroPython's at a multiple of it, so differences masked to 29 bits are right on every runtime (a
small int everywhere)."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


TICKS_MASK = const((1 << 29) - 1)
_TICKS_HALF = const(1 << 28)

try:
    from supervisor import ticks_ms  # CircuitPython
except ImportError:
    try:
        from time import ticks_ms  # type: ignore[attr-defined, no-redef]  # MicroPython
    except ImportError:  # CPython
        from time import monotonic_ns

        def ticks_ms():  # type: ignore[misc]
            """Monotonic milliseconds, wrapping at 2**29."""
            return monotonic_ns() // 1000000 & TICKS_MASK


def ticks_diff(a, b):
    """a - b in ms for two ticks_ms() values (signed, right across one wrap)."""
    return (a - b + _TICKS_HALF & TICKS_MASK) - _TICKS_HALF


def ticks_add(a, ms):
    """The ticks_ms() value ms after a."""
    return a + ms & TICKS_MASK
