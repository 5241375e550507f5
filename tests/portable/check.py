"""Helpers shared by the portable tests (they run under pytest and under MicroPython)."""


def raises(exc, fn, *args):
    """Call fn(*args) and return the exception it raises; fail unless it is an `exc`."""
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("expected %s from %r" % (exc.__name__, fn))
