"""Soak: many AI-vs-AI games under real MicroPython in a small heap, saving after every trick.

    .venv/bin/python tools/soak.py --games 1000 --heap 52K

Compiles brisca/ (without its UI) and tools/soak_mp.py with MicroPython's mpy-cross into a fresh
folder, runs soak_mp under `micropython -X heapsize=HEAP`, and reports the free heap after each
game: it must stay flat (no growth, and a 4 KB block always allocatable). Each game also survives
one simulated power cut, resumed from the saved record. Exit status 1 when the heap is not flat or
the run fails. The binary is 64-bit: its objects are about twice a SAMD51's.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import mpytree

ROOT = mpytree.ROOT
WARMUP = 5  # games before the heap must be flat: one of each table in soak_mp.TABLES


def soak(games=1000, heap="52K", seed=1):
    """Run the soak; a dict: free (bytes free after each game), probes, done (the DONE line),
    error (the run's failure output, or None), seconds."""
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        mpytree.compile_tree(tmp, extra=[ROOT / "tools" / "soak_mp.py"], skip=("ui", "lang"))
        t0 = time.time()
        run = subprocess.run([mpytree.binary("micropython"), "-X", "heapsize=" + heap, "-c", "import soak_mp",
                              str(games), str(seed)], cwd=tmp, env=dict(os.environ, MICROPYPATH=tmp),
                             capture_output=True, text=True, timeout=3600, check=False)
    out = {"free": [], "probes": [], "done": None, "seconds": time.time() - t0, "error": None}
    for line in run.stdout.splitlines():
        w = line.split()
        if w and w[0] == "G":
            out["free"].append(int(w[2]))
            out["probes"].append(int(w[3]))
        elif w and w[0] == "DONE":
            out["done"] = line
    if run.returncode or not out["done"]:
        out["error"] = (run.stdout[-600:] + run.stderr[-1500:]).strip()
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
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--heap", default="52K", help="MicroPython heap size, e.g. 32K, 48K")
    ap.add_argument("--seed", type=int, default=1)
    o = ap.parse_args(argv)
    result = soak(o.games, o.heap, o.seed)
    ok, line = verdict(result)
    print("soak: %d games under micropython -X heapsize=%s in %.1f s" % (len(result["free"]), o.heap,
                                                                         result["seconds"]))
    if result["done"]:
        print(result["done"])
    print(("OK: " if ok else "FAILED: ") + line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
