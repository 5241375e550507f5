"""Stand-in for CircuitPython's supervisor (tests only, never shipped): ticks_ms on a virtual
clock. Each read moves it on by `step` ms, so scripted runs are repeatable and waits end. Like
the board's, the value wraps at 2**29; the board starts it about a minute before the wrap so
programs meet the wrap early, and this one starts `start` ms before it (settable before use)."""

step = 1
start = 5000
_now = None


def ticks_ms():
    global _now
    if _now is None:
        _now = ((1 << 29) - start) & 0x1FFFFFFF
    _now = (_now + step) & 0x1FFFFFFF
    return _now


def peek():
    """The clock's value without moving it (test code)."""
    return _now
