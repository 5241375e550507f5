"""Will it fit? The game's RAM with a board's object sizes, every figure against a PyBadge's budget.

    .venv/bin/python tools/fit.py          the table docs/memory.md shows (about six minutes)
    .venv/bin/python tools/fit.py --json   the same figures as JSON (tests/test_fit.py)

Measured on MicroPython's 32-bit WebAssembly port (tools/mp32), which has a board's 32-bit objects
and 16-byte heap blocks, by playing the device test's scripts (tests/mpstubs/player.py) one poll a
step, less what the stand-ins for CircuitPython's own modules take (on a board they are firmware):

- each screen: the heap in use after its first appearance, and after every later one (the names
  table, the interpreter's qstrs, only ever grows: it is counted apart);
- the peaks of the full script and of the 4-player hard script, from .mpy files;
- a large block: after every screen change a 16 KB bytearray must still fit the least heap a
  PyBadge leaves Python, 146,500 B (BLOCK_HEAP; the heap is first fit: where it lands says whether
  it would), in runs of their own; and, from the heap's map in those runs, in the split heap a
  PyBadge on CircuitPython 10 would have (block_in_areas()).

All from .mpy files, as tools/install.py ships brisca/ to CircuitPython 9 and 10: a board loads
them without compiling. (Compiling from .py, what it ships for a CircuitPython it does not know,
costs several times a module's size at its peak: brisca.core alone about 66 KB.)

The names table's pools are counted as a board holds them (names_over()): there the stand-ins'
names are the firmware's, and ours fill pools of their own; "as_held_here" has the figures with
the pools as this port holds them.

The budget: a PyBadge (SAMD51J19, 192 KB of RAM) leaves Python roughly 120-140 KB once
CircuitPython, its USB stack, the display and the C stack have their share; 96,000 B keeps about a
quarter of that in reserve for what the stand-ins cannot show (CircuitPython's own display
objects, fragmentation, garbage between collections). Host-only.
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import device_boot  # noqa: E402 (tools/ on the path first)
import heapref  # noqa: E402
import mpytree  # noqa: E402

BUDGET = 96_000  # resident peak, any screen, from .mpy
TITLE_BUDGET = 64_000
REVISIT = 2048  # a screen shown again holds at most this much more than the first time
BLOCK = 16384  # a block this large must still fit after every screen change,
# in the least heap a PyBadge leaves Python (BLOCK_HEAP, below: the estimate's low end; it was
# 120,000 B by issue 12's rougher estimate, 120 to 140 KB, until issue 31 derived a PyBadge's heap
# from a firmware build). The budget's reserve above 96,000 B is there for fragmentation, among
# others; and inside the budget the check would be one of totals, not of fragmentation, since the
# peaks may take all of its 96,000 B.
# A board's split heap (CircuitPython 10, py/gc.c with MICROPY_GC_SPLIT_HEAP_AUTO; docs/memory.md,
# "A split heap"): Python starts in one area of CIRCUITPY_HEAP_START_SIZE bytes; when an allocation
# finds no room after a collection, CircuitPython takes a new area from its outer heap, as large as
# the areas so far together (or as the allocation needs, if more), never more than the outer heap's
# largest free block; an area left empty by a collection (not the first) goes back. No object
# straddles two areas, so a 16 KB block needs 1,024 free blocks in one area, or a new area.
AREA_FIRST = 8192  # CIRCUITPY_HEAP_START_SIZE
PYBADGE_HEAP = 149_500  # what a PyBadge on CircuitPython 10 leaves Python, areas and their tables
PYBADGE_HEAP_LEAST = PYBADGE_HEAP - 3000  # the estimate's low end
BLOCK_HEAP = PYBADGE_HEAP_LEAST
AREA_STRUCT = 36  # an added area's mp_state_mem_area_t, at its start (32-bit: 9 words)


def area_pool_blocks(size, first=False):
    """How many 16-byte blocks an area of `size` bytes holds (gc_setup_area(): each block takes 16
    bytes and 4 bits of tables, allocation 2, finaliser 1, selective collect 1, after one gap byte;
    an added area keeps its own struct at its start)."""
    size -= 0 if first else AREA_STRUCT
    return (size - 1) * 8 // 132 // 4 * 4


def area_bytes(blocks):
    """The bytes an area for `blocks` blocks takes (compute_heap_size())."""
    blocks = (blocks + 3) // 4 * 4
    total = AREA_STRUCT + blocks // 4 + 1 + 2 * ((blocks + 7) // 8) + blocks * 16 + 16
    return (total + 15) // 16 * 16


def split_areas(heap=PYBADGE_HEAP):
    """A board's areas as the heap grows, each (bytes, blocks): the first, then each as large as
    all before it together, the last what the outer heap has left (taken as one free block)."""
    areas = [(AREA_FIRST, area_pool_blocks(AREA_FIRST, True))]
    while True:
        left = heap - sum(a[0] for a in areas)
        size = min(left, area_bytes(sum(a[1] for a in areas)))
        if area_pool_blocks(size) <= 0:
            return areas
        areas.append((size, area_pool_blocks(size)))


def block_in_areas(kinds, block=BLOCK, heap=PYBADGE_HEAP):
    """Would a `block`-byte bytearray find room on a board whose areas hold the port's live blocks
    (`kinds`: its heap's map, heapref.map_kinds())? The port's heap is laid over the areas in order
    (both fill first fit from the start). An object stays where it lies here unless it lies across
    an area's end or past the last area: then (as a board would have put it elsewhere) it goes to the
    first room that holds it, area by area. (This port collects only between steps, so what a step
    keeps can lie far up, past garbage; a board collects when it runs out, and would have put it in
    a hole further down: this moves it there, filling holes, the pessimistic side.) Returns (room,
    how): the most room in bytes for one block and where, "in area N" or "in a new area" (from what
    the outer heap has left beyond the areas in use); (0, "the areas hold no more") if they don't."""
    need = (block + 15) // 16
    areas = split_areas(heap)
    ends, at = [], 0
    for _size, blocks in areas:
        at += blocks
        ends.append(at)
    used = bytearray(at)
    moved = []
    for start, _kind, n in heapref.allocations(kinds):
        area_end = next((e for e in ends if e > start), None)
        if area_end is None or start + n > area_end:
            moved.append(n)
        else:
            used[start:start + n] = b"\x01" * n
    for n in moved:
        if not _place(used, ends, n):
            return 0, "the areas hold no more"
    last = max((k for k in range(len(ends)) if any(used[ends[k] - areas[k][1]:ends[k]])), default=0)
    best, how = 0, ""
    for k in range(last + 1):
        run = _longest_free(used, ends[k] - areas[k][1], ends[k])
        if run * 16 > best:
            best, how = run * 16, "in area %d" % k
    outer = heap - sum(size for size, _blocks in areas[:last + 1])
    fresh = area_pool_blocks(outer) * 16 if outer >= area_bytes(need) else 0
    if fresh > best:
        best, how = fresh, "in a new area"
    return best, how


def _longest_free(used, lo, hi):
    run = longest = 0
    for k in range(lo, hi):
        run = 0 if used[k] else run + 1
        longest = max(longest, run)
    return longest


def _place(used, ends, n):
    """Mark the first `n` free blocks in a row within one area; False if no area has them."""
    lo = 0
    for hi in ends:
        run = 0
        for k in range(lo, hi):
            run = 0 if used[k] else run + 1
            if run == n:
                used[k - n + 1:k + 1] = b"\x01" * n
                return True
        lo = hi
    return False


def pool_bytes(count):
    """The heap the interpreter's table of names takes in pools for `count` names, text apart: its
    first pool holds 20 names, each next one twice the one before, and a pool takes 24 B and 7 B a
    name (a pointer, a 2-byte hash, a length) in 16-byte blocks. Names are never freed, so which
    pools there are depends only on how many names (tests/test_fit.py checks this on every screen of
    a run)."""
    total, room, size = 0, 0, 20
    while room < count:
        total += (24 + 7 * size + 15) // 16 * 16
        room += size
        size *= 2
    return total


def names_over(count, stand_in_count):
    """What a run's figure charges the game for the names table's pools beyond what a board holds
    for the game's names (either sign). On a board the stand-ins' names are the firmware's, in
    flash, and the game's own fill pools of their own from the first; here both share the pools, so
    the game's names may start or spare a larger pool than they would alone (subtracting the
    stand-ins' share does not undo a doubling)."""
    return pool_bytes(count) - pool_bytes(stand_in_count) - pool_bytes(count - stand_in_count)


def game(tree, script, probe=0, maps=None):
    """tools/mp32/game.mjs on `tree`: its lines, parsed. Raises RuntimeError if the run failed.
    maps: a folder for the heap's map at each screen change (out["maps"]: (screen, kinds) each)."""
    env = dict(os.environ, MP32_PROBE=str(probe)) if probe else dict(os.environ)
    if maps is not None:
        shutil.rmtree(maps, ignore_errors=True)
        os.makedirs(maps)
        env["MP32_MAPS"] = str(maps)
    proc = subprocess.run(["node", str(mpytree.MP32 / "game.mjs"), str(tree), script], capture_output=True,
                          text=True, timeout=600, check=False, env=env)
    if proc.returncode != 0:
        raise RuntimeError("%s on %s failed: %s" % (script, tree, (proc.stdout + proc.stderr)[-500:]))
    out = {"views": [], "imports": [], "nested": [], "blocks": [], "modules": [], "peak": None, "maps": []}
    if maps is not None:
        for name in sorted(os.listdir(maps), key=lambda n: int(n.split("-")[0])):
            with open(os.path.join(maps, name)) as f:
                out["maps"].append((name.split("-", 1)[1][:-len(".map")], heapref.map_kinds(f.read())[1]))
        shutil.rmtree(maps, ignore_errors=True)
    for line in proc.stdout.splitlines():
        words = line.split()
        if words[:1] == ["VIEW"]:  # screen, heap in use, names table, how many names, their text
            out["views"].append((words[1], int(words[2]), int(words[3]), int(words[4]), int(words[5])))
        elif words[:1] == ["IMPORT"]:  # module, heap in use before, the names' growth, how many after
            out["imports"].append((words[1], int(words[2]), int(words[3]), int(words[4])))
        elif words[:1] == ["NESTED"]:
            out["nested"].append((words[1], int(words[2]), int(words[3]), int(words[4])))
        elif words[:1] == ["BLOCK"]:
            out["blocks"].append(int(words[1]))
        elif words[:1] == ["MODULES"] and not out["modules"]:
            out["modules"] = words[1:]
        elif words[:1] == ["PEAK"]:  # "PEAK <bytes> at ... (names <count>)"
            out["peak"] = int(words[1])
            out["peak_names"] = int(words[-1].rstrip(")"))
    return out


def screens(views, stand_ins, stand_in_names, stand_in_count):
    """screen -> {"first", "max", "names"}: the heap in use less the stand-ins and less our part of
    the names table, at the screen's first appearance and at its largest; our names then (their
    pools as a board holds them: names_over())."""
    out = {}
    for name, used, names, count, _text in views:
        held = used - stand_ins - (names - stand_in_names)
        ours = names - stand_in_names - names_over(count, stand_in_count)
        s = out.setdefault(name, {"first": held, "max": held, "names": ours})
        s["max"] = max(s["max"], held)
        s["names"] = max(s["names"], ours)
    return out


def measure(work):
    """Every figure, as a dict (see the module's docstring)."""
    missing = mpytree.mp32_missing()
    if missing:
        raise FileNotFoundError(missing)
    work = pathlib.Path(work)
    tree_mpy = device_boot.build(work / "mpy", True, True)
    run = device_boot.mp32_run(tree_mpy, "stand-ins")
    stand_ins = device_boot.mp32_figure(run, "STAND-INS")
    stand_in_names = device_boot.mp32_figure(run, "STAND-IN-NAMES")
    si_count = device_boot.mp32_figure(run, "STAND-IN-NAMES", 2)

    def over(count):  # (see names_over())
        return names_over(count, si_count)

    # the resident figures without the large block, then the block in runs of its own: a block freed
    # can stay reachable a while on this conservative collector (a stale word), and would count 16 KB
    full, hard4 = game(tree_mpy, "full"), game(tree_mpy, "hard4")
    probed = [game(tree_mpy, script, BLOCK, work / ("maps-" + script)) for script in ("full", "hard4")]
    blocks = probed[0]["blocks"] + probed[1]["blocks"]
    title = full["views"][0]
    fig = {
        "stand_ins": stand_ins,
        "title": title[1] - stand_ins - over(title[3]),
        "peak_full": full["peak"] - stand_ins - over(full["peak_names"]),
        "peak_hard4": hard4["peak"] - stand_ins - over(hard4["peak_names"]),
        "screens_full": screens(full["views"], stand_ins, stand_in_names, si_count),
        "screens_hard4": screens(hard4["views"], stand_ins, stand_in_names, si_count),
        "block_end": max(blocks) - stand_ins,  # (where it lies: the pools as they lie here)
    }
    # the same on a board's split heap: each screen change's live blocks laid over a PyBadge's areas,
    # the stand-ins' share taken from the heap's start (they were imported first) as for block_end
    cut = stand_ins // 16
    # (held at the estimate, PYBADGE_HEAP; its low end, PYBADGE_HEAP_LEAST, reported)
    for key, heap in (("areas_block", PYBADGE_HEAP), ("areas_block_least", PYBADGE_HEAP_LEAST)):
        rooms = sorted((block_in_areas(kinds[cut:], heap=heap) + (screen,))
                       for run in probed for screen, kinds in run["maps"])
        fig[key] = {"least_room": rooms[0][0], "how": rooms[0][1], "screen": rooms[0][2], "screens": len(rooms),
                    "heap": heap}
    # the same, the names' pools as this port holds them (the stand-ins' names in them too)
    fig["as_held_here"] = {"title": title[1] - stand_ins, "peak_full": full["peak"] - stand_ins,
                           "peak_hard4": hard4["peak"] - stand_ins}
    fig["revisit"] = max(s["max"] - s["first"] for run in ("screens_full", "screens_hard4")
                         for s in fig[run].values())
    # how many names of ours at most (a board's 7th pool, 9 KB, comes past 1,260)
    fig["our_names_most"] = max(v[3] for r in [full, hard4] for v in r["views"]) - si_count
    # pool_bytes() against the port: the names table less its text, at every screen of both runs
    fig["pools_unlike_port"] = ["%s: %d names, pools %d B, not %d" % (v[0], v[3], v[2] - v[4], pool_bytes(v[3]))
                                for r in [full, hard4] for v in r["views"] if v[2] - v[4] != pool_bytes(v[3])]
    return fig


def table(fig):
    """docs/memory.md's table (Will it fit?), as text."""
    lines = ["| what | heap in use (B) | bar |", "|---|---|---|",
             "| the title screen, at start-up | %d | %d |" % (fig["title"], TITLE_BUDGET),
             "| the largest moment of the full script (menus, a game against the AI, pass-and-play) | %d | %d |"
             % (fig["peak_full"], BUDGET),
             "| the largest moment of a 4-player deal with three hard AIs | %d | %d |" % (fig["peak_hard4"], BUDGET),
             "| a 16 KB block after every screen change: how far up the heap its end lies | %d | %d |"
             % (fig["block_end"], BLOCK_HEAP),
             "| the same on a PyBadge's split heap (%d B in areas of 8, 8, 16, 32, 64 KB and the rest): "
             "the least room for one block, %s (%s) | %d | at least %d |"
             % (fig["areas_block"]["heap"], fig["areas_block"]["how"], fig["areas_block"]["screen"],
                fig["areas_block"]["least_room"], BLOCK),
             "| a screen shown again: the most it holds over its first time (names apart) | %d | %d |"
             % (fig["revisit"], REVISIT)]
    lines += ["", "| screen (full script) | first time | largest later | names table (ours) |", "|---|---|---|---|"]
    for name, s in sorted(fig["screens_full"].items(), key=lambda kv: kv[1]["first"]):
        lines.append("| %s | %d | %d | %d |" % (name, s["first"], s["max"], s["names"]))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--keep", metavar="DIR", help="build the trees in DIR and keep them")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(args.keep) if args.keep else pathlib.Path(tmp)
        fig = measure(work)
    print(json.dumps(fig, indent=1) if args.json else table(fig))
    return 0


if __name__ == "__main__":
    sys.exit(main())
