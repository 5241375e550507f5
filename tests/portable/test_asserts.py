"""The canary of every run of the portable tests: an `assert` that fails must raise. MicroPython's
mpy-cross drops asserts at -O1 and above, and every check in these tests would then pass; the
runners (tests/test_micropython.py, tools/mp32/portable.mjs) count this test like any other, so
test code compiled with -O fails the run here."""


def test_a_failing_assert_raises():
    try:
        assert 1 == 2, "canary"
    except AssertionError:
        return
    raise RuntimeError("asserts are stripped: test code was compiled with -O (tools/mpytree.py)")
