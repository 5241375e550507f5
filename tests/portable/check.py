"""Helpers shared by the portable tests (they run under pytest and under MicroPython)."""


def raises(exc, fn, *args):
    """Call fn(*args) and return the exception it raises; fail unless it is an `exc`."""
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("expected %s from %r" % (exc.__name__, fn))


def refused(fn, *args):
    """Call fn(*args) and return the error it raises, which must be a TypeError or ValueError that
    says something (issue 15: never an OverflowError, AttributeError or IndexError)."""
    try:
        fn(*args)
    except (TypeError, ValueError) as e:
        assert str(e), (fn, args)
        return e
    except Exception as e:
        raise AssertionError("%r%r raised %s: %s" % (fn, args, type(e).__name__, e))
    raise AssertionError("%r%r was accepted" % (fn, args))
