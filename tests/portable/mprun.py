"""Run portable tests without pytest (MicroPython has none).

Usage, from a folder holding the compiled modules (tests/test_micropython.py does this):
    micropython -X heapsize=32K -c "import mprun" MODULE [TEST_FUNCTION ...]
Runs the named `test_*` functions of MODULE (all of them if none is named); the last line is
"N passed, N failed".
"""
import gc
import sys

try:  # the canary: compiled with -O (mpy-cross drops asserts from -O1), no check below could fail
    assert False
    sys.exit("asserts are stripped: compile test code without -O (tools/mpytree.py)")
except AssertionError:
    pass
module = __import__(sys.argv[1])
names = sys.argv[2:] or sorted(n for n in dir(module) if n.startswith("test_"))
passed = failed = 0
for name in names:
    gc.collect()
    try:
        getattr(module, name)()
        passed += 1
    except Exception as e:  # report every failure, keep going
        failed += 1
        print("FAIL %s.%s: %s %s" % (sys.argv[1], name, type(e).__name__, e))
        if hasattr(sys, "print_exception"):
            sys.print_exception(e)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
