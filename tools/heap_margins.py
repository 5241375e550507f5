"""The smallest MicroPython heap each portable test passes in, and its margin to the heap the test
suite gives it (tests/test_micropython.py: 32K unless listed there).

    .venv/bin/python tools/heap_margins.py [MODULE ...]       e.g. test_ai test_save_slots

A test that passes with a few bytes to spare fails on the next small change, or on another machine:
this finds such tests before CI does. Bisects -X heapsize in 256-byte steps, one process per try.
"""
import concurrent.futures
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import mpytree  # noqa: E402 (after the sys.path set-up on purpose)

sys.path.insert(0, str(mpytree.ROOT / "tests"))
from test_micropython import HEAP  # noqa: E402 (the suite's own heap figures)


def passes(tree, module, function, heap):
    run = subprocess.run([mpytree.binary("micropython"), "-X", "heapsize=%d" % heap]
                         + mpytree.portable_args(module, function), cwd=tree, capture_output=True, text=True,
                         env=dict(os.environ, MICROPYPATH=str(tree)), timeout=900)
    return run.returncode == 0


def smallest_heap(tree, module, function, low=8 * 1024, high=96 * 1024):
    """Bytes of heap the test needs (256-byte resolution), or None if it fails even in `high`."""
    if not passes(tree, module, function, high):
        return None
    while high - low > 256:
        mid = (low + high) // 2
        if passes(tree, module, function, mid):
            high = mid
        else:
            low = mid
    return high


def kbytes(text):
    return int(text[:-1]) * 1024


def main(argv):
    wanted = set(argv)
    tests = [t for t in mpytree.portable_tests() if not wanted or t[0] in wanted]
    with tempfile.TemporaryDirectory(prefix="margins-") as tree:
        mpytree.compile_tree(tree, extra=sorted(mpytree.PORTABLE.glob("*.py")))
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            needs = pool.map(lambda t: smallest_heap(tree, *t), tests)
            worst = None
            for (module, function), need in zip(tests, needs):
                suite = kbytes(HEAP.get(module, "32K"))
                if need is None:
                    print("%-22s %-55s fails even in 96K" % (module, function))
                    continue
                margin = suite - need
                worst = margin if worst is None else min(worst, margin)
                print("%-22s %-55s needs %5.2fK of %s: %+6d B" % (module, function, need / 1024,
                                                                   HEAP.get(module, "32K"), margin), flush=True)
    print("smallest margin: %s B" % worst)
    return 0 if worst is not None and worst >= 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
