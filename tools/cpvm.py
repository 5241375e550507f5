"""Run the game's modules on CircuitPython's own VM: its unix port, 32-bit, with a pystack.

    .venv/bin/python tools/cpvm.py                        # hard deals of every shape, 936 B, 96K
    .venv/bin/python tools/cpvm.py --pystack 1536 --level medium --deals 4 p2 "p4 double"
    .venv/bin/python tools/cpvm.py --tree /media/me/CIRCUITPY --deals 1

The binary is ../shared/circuitpython/circuitpython-unix32 beside the checkout (its README says
how it was built; BRISCA_CIRCUITPYTHON names another). It is CircuitPython 10.3's VM: a board's
object sizes, its .mpy format (byte 0 `C`), its pystack (MICROPY_PYSTACK_BYTES, 2048 unless
set), -X heapsize; no displayio and no board, so the UI stays on tools/mp32.

The deals: each of DEALS deals of each SHAPE (rules notation; default: every table shape hard
searches on, as tools/mp32/pystack.mjs) with every seat at LEVEL, each decision made from the
script's top-level loop, seat 0 taking ai.hint()'s move (the deepest chain) unless --no-hint.
Prints "pystack exhausted: SHAPE seed N" for each deal that ran out, "PYSTACK n B at the top
level", "SEARCHED n decisions" and "RESULT n of m deals exhausted the pystack"; exit status 1 if
any did. Without --tree, brisca/ (but its UI) is compiled as a board gets it, into a fresh folder.
"""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import mpytree

ROOT = mpytree.ROOT
BINARY = ROOT.parent / "shared" / "circuitpython" / "circuitpython-unix32"
BUILD = ("CircuitPython's unix port (adafruit/circuitpython cd3da4a5d8), built 32-bit with a pystack sized\n"
         "by MICROPY_PYSTACK_BYTES (../shared/circuitpython/README.md; unix-pystack.patch changes ports/unix/main.c):\n"
         "  apt install gcc-multilib; git clone https://github.com/adafruit/circuitpython; cd circuitpython\n"
         "  git checkout cd3da4a5d8; git submodule update --init lib/micropython-lib\n"
         "  git apply unix-pystack.patch; cd ports/unix\n"
         "  make VARIANT=standard BUILD=build-std32p MICROPY_FORCE_32BIT=1 MICROPY_PY_FFI=0 \\\n"
         "    \"CFLAGS_EXTRA=-DMICROPY_PY_MICROPYTHON_RINGIO=0 -DMICROPY_ENABLE_PYSTACK=1\" LDFLAGS_EXTRA=-static\n"
         "  then copy build-std32p/micropython to %s (or name it in BRISCA_CIRCUITPYTHON)" % BINARY)
# The table shapes hard searches on (tools/mp32/pystack.mjs's SHAPES)
SHAPES = ("p2", "p2 exchange spanish", "p2 open", "p2 notrump open", "p2 double", "p3 d39", "p3 d32", "p4",
          "p4 double", "p6 d36")
BOARD_PYSTACK = 936  # CircuitPython 9's 1,536 B less the board's call chain down to the AI (docs/memory.md)
BOARD_HEAP = "96K"


def binary():
    """Path of CircuitPython's unix port: BRISCA_CIRCUITPYTHON, else BINARY."""
    return pathlib.Path(os.environ.get("BRISCA_CIRCUITPYTHON") or BINARY)


def missing():
    """Why the VM cannot run here (with how to build it), or None."""
    exe = binary()
    if not os.access(str(exe), os.X_OK):
        return "no CircuitPython VM at %s. %s" % (exe, BUILD)
    return None


def run(args, cwd, pystack=None, heap=BOARD_HEAP, timeout=600, path=()):
    """The VM run with `args` in `cwd` (its modules' folder, then the folders in `path`), a heap of
    `heap` and a pystack of `pystack` bytes (the VM's default, 2048, if None): a CompletedProcess,
    text captured."""
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(str(p) for p in [cwd] + list(path)))
    env.pop("MICROPY_PYSTACK_BYTES", None)
    if pystack is not None:
        env["MICROPY_PYSTACK_BYTES"] = str(pystack)
    return subprocess.run([str(binary()), "-X", "heapsize=" + heap] + list(args), cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def mark_circuitpython(path):
    """Byte 0 of a .mpy from MicroPython's mpy-cross set to CircuitPython's `C`: the files are
    otherwise the same as CircuitPython's mpy-cross writes (issue 31), and the VM refuses `M`."""
    data = bytearray(pathlib.Path(path).read_bytes())
    if data[:1] not in (b"M", b"C"):
        raise ValueError("%s is not a .mpy file" % path)
    data[0] = ord("C")
    pathlib.Path(path).write_bytes(bytes(data))


def compile_tree(out, sources=(), skip=("ui",)):
    """brisca/ (without `skip`) as .mpy for CircuitPython (mpytree.compile_tree, then byte 0), with
    its texts and weights; each path in `sources` beside it as .py (add_sources): test files keep
    their asserts, which mpy-cross -O would strip."""
    mpytree.compile_tree(out, skip=skip)
    for path in pathlib.Path(out).rglob("*.mpy"):
        mark_circuitpython(path)
    add_sources(out, sources)
    return out


def add_sources(tree, sources):
    """Each path in `sources` into `tree` as it is, a .py: the VM compiles it at its import,
    asserts kept."""
    for src in sources:
        shutil.copy(str(src), str(pathlib.Path(tree) / pathlib.Path(src).name))


# The deals, run as a script: its module-level loop is the top of the chain, as code.py is a board's.
DEALS_SCRIPT = '''import gc
import sys

import micropython
from brisca import ai, core
from brisca.notation import parse_rules

level, count, flags = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
hint, stop = "hint" in flags, "stop" in flags
total = bad = searched = top = 0
for shape in sys.argv[4:]:
    rules = parse_rules(shape)
    for d in range(count):
        seed = 7919 * d + 17
        g = core.Game(rules, seed, seed % rules.players)
        ps = [ai.Player(rules, level, seed + s) for s in range(rules.players)]
        total += 1
        try:
            while g.phase < core.DEAL_OVER:
                v = g.view(g.turn)
                top = max(top, micropython.pystack_use())
                g.apply(ai.hint(v, 10 ** 6)[0] if hint and g.turn == 0 else ps[g.turn].choose(v, 10 ** 6))
                searched += ai._S[13] > 0
        except RuntimeError as e:
            if "pystack" not in str(e):
                raise
            bad += 1
            print("pystack exhausted: %s seed %d" % (shape, seed))
        ps = g = v = None
        gc.collect()
        if bad and stop:
            break
print("PYSTACK %d B at the top level" % top)
print("SEARCHED %d decisions" % searched)
print("RESULT %d of %d deals exhausted the pystack" % (bad, total))
sys.exit(1 if bad else 0)
'''


def deals(tree, shapes=SHAPES, level="hard", count=2, pystack=BOARD_PYSTACK, heap=BOARD_HEAP, hint=True,
          stop=False):
    """Play the deals on the VM over the modules in `tree`: (exit status, output). stop: end at
    the first deal that exhausts the pystack."""
    script = pathlib.Path(tree) / "cpvm_deals.py"
    script.write_text(DEALS_SCRIPT)
    flags = ",".join(["hint"] * hint + ["stop"] * stop) or "-"
    try:
        done = run([script.name, level, str(count), flags] + list(shapes), tree, pystack=pystack, heap=heap)
    finally:
        script.unlink()
    return done.returncode, (done.stdout + done.stderr).strip()


def least_pystack(tree, shapes=SHAPES, level="hard", count=2, heap=BOARD_HEAP, hint=True, most=BOARD_PYSTACK):
    """The deepest pystack use of the deals, whole calls counted: the least pystack (a multiple of
    8 B, the VM's alignment) they all play in, by bisection up to `most`; None if not even that
    does. (micropython.pystack_use() sees only the top of the chain, not a search's deepest call.)"""
    if deals(tree, shapes, level, count, most, heap, hint, stop=True)[0]:
        return None
    lo, hi = 0, most  # exhausted at lo, fits in hi
    while hi - lo > 8:
        mid = (lo + hi) // 16 * 8
        if deals(tree, shapes, level, count, mid, heap, hint, stop=True)[0]:
            lo = mid
        else:
            hi = mid
    return hi


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("shapes", nargs="*", metavar="SHAPE", help="rules notation, e.g. \"p4 double\" (default: all)")
    ap.add_argument("--pystack", type=int, default=BOARD_PYSTACK, help="bytes (default 936)")
    ap.add_argument("--heap", default=BOARD_HEAP, help="heap size (default 96K)")
    ap.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    ap.add_argument("--deals", type=int, default=2, help="deals of each shape (default 2)")
    ap.add_argument("--no-hint", dest="hint", action="store_false", help="seat 0 chooses at LEVEL too")
    ap.add_argument("--tree", help="a folder with brisca/ as .mpy (a CIRCUITPY drive's copy, say)")
    ap.add_argument("--least", action="store_true", help="then the least pystack the deals fit in (bisection)")
    o = ap.parse_args(argv)
    why = missing()
    if why:
        print("cpvm: %s" % why, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="cpvm-") as tmp:
        tree = o.tree or compile_tree(tmp)
        status, out = deals(tree, o.shapes or SHAPES, o.level, o.deals, o.pystack, o.heap, o.hint)
        print(out)
        if o.least and not status:
            print("DEEPEST %d B: the least pystack these deals fit in" % least_pystack(
                tree, o.shapes or SHAPES, o.level, o.deals, o.heap, o.hint, o.pystack))
    return status


if __name__ == "__main__":
    sys.exit(main())
