"""What a maker reports about a board (the About screen, diag.txt): the runtime, the heap, a speed
check that calibrates the AI's time, the save slots. Portable: nothing here draws.

The speed check plays random legal deals with the core for a while and counts moves a second.
PYBADGE is that figure for a PyBadge as estimated from this host (the same check under MicroPython
here, scaled by the pystone ratio of MicroPython here to CircuitPython on a SAMD51 at 120 MHz:
tools/pystone_ref.py --speed); until a real board reports its own, it is the reference the AI's
time budget is scaled by (a board half as fast gets twice the time, within 1/2 and 4 times).
"""

import gc
import sys

PYBADGE = 830  # moves a second on a PyBadge (estimate, see above)
KINDS = 4  # kinds of saved record: settings, player names, statistics, saved game (brisca.save)


def runtime():
    """"CircuitPython 9.2.1" (the implementation and its version)."""
    impl = sys.implementation
    version = ".".join([str(n) for n in impl.version[:3]])
    names = {"circuitpython": "CircuitPython", "micropython": "MicroPython", "cpython": "CPython"}
    return "%s %s" % (names.get(impl.name, impl.name), version)


def free():
    """Bytes free on the heap after a collection, as gc.mem_free() says; -1 where the runtime does
    not say (CPython). On CircuitPython 10 that counts the outer heap's largest free block too, the
    room a new heap area could still take (docs/memory.md, "A PyBadge's heap")."""
    gc.collect()
    f = getattr(gc, "mem_free", None)
    return f() if f is not None else -1


def largest_block(limit):
    """The largest bytearray (a multiple of 256 bytes, at most `limit`) that can be made now; -1
    where the runtime cannot run out (CPython)."""
    if not hasattr(gc, "mem_free"):
        return -1
    lo, hi = 0, limit
    while hi - lo > 256:
        mid = (lo + hi) // 2 // 256 * 256
        gc.collect()
        try:
            block = bytearray(mid)
            del block
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo


def speed(ms=2000, ticks=None, diff=None):
    """Moves a second the core plays (random legal deals) over `ms` milliseconds."""
    from brisca import core

    if ticks is None:
        from brisca.ui.board import ticks_diff, ticks_ms

        ticks, diff = ticks_ms, ticks_diff
    rng = core.Random(12345)
    buf = bytearray(8)
    rules = core.Rules(2, 40)
    moves = 0
    t0 = ticks()
    g = core.Game(rules, 1)
    while diff(ticks(), t0) < ms:
        if g.phase >= core.DEAL_OVER:
            g = core.Game(rules, rng.below(30000))
        n = g.legal_into(buf)
        g.apply(buf[rng.below(n)])
        moves += 1
    elapsed = max(1, diff(ticks(), t0))
    return moves * 1000 // elapsed


def time_scale(moves_per_s):
    """Percent of its own time budget the AI gets on a board that plays `moves_per_s`."""
    if moves_per_s <= 0:
        return 100
    return max(50, min(400, PYBADGE * 100 // moves_per_s))


def slots(store):
    """Each kind of saved record's (sequence number, bytes), bytes -1 where there is none; [] for
    a store that does not tell. (The About screen says it in words: texts "sk_" + kind.)"""
    out = []  # type: list[tuple[int, int]]
    if store is None or not hasattr(store, "newest"):
        return out
    for kind in range(KINDS):
        if store.newest[kind] < -1:  # not read yet: read it (the store only looks, never writes)
            store.ready(kind)
        out.append((store.seq[kind], store.last_len[kind]))
    return out
