"""MicroPython side of tools/bench.py: plays duplicate deals with compiled brisca .mpy modules and
prints one line per AI move: "M <player a|b> <microseconds, best of 9 runs of the same decision>
<bytes allocated during the move> <us of the reference workload measured just before>",
then "REF <us>" (the reference workload), "PYSTONES <per s>" (when pystone.py is beside it) and
"RES <bytes>" (ai module resident after import).

Usage: micropython -X heapsize=2M bench_mp.py A B DEALS FIRST_SEED "RULES TEXT"
Allocation is measured with the collector disabled during the move, so it is an upper bound of
the move's peak extra heap. Each run starts from the modules held before the move: a move where
hard swaps its halves at 3 and 4 players (brisca.ai._half()) swaps in every run, and the module it
loads counts in its bytes and its time."""
import gc
import sys
import time

gc.collect()
before = gc.mem_alloc()
from brisca import core  # noqa: E402 (after sys.path / gc set-up on purpose)

gc.collect()
mid = gc.mem_alloc()
from brisca import ai  # noqa: E402 (after sys.path / gc set-up on purpose)

gc.collect()
print("RES", gc.mem_alloc() - mid, mid - before)
from bench_players import GreedyPlayer, RandomPlayer  # noqa: E402 (after sys.path / gc set-up on purpose)
from bench_ref import workload  # noqa: E402 (after sys.path / gc set-up on purpose)

from brisca.words import parse_rules  # noqa: E402 (after sys.path / gc set-up on purpose)


# Runs of each timing, the fastest kept: a loaded host preempts millisecond tasks often, and only
# the fastest of many runs is the move's own time (3 runs read up to 3 times too slow at load 4).
RUNS = 9


def make(name, rules, seed):
    if name == "random":
        return RandomPlayer(rules, seed)
    if name == "greedy":
        return GreedyPlayer(rules, seed)
    return ai.Player(rules, name, seed)


def main():
    a, b, deals, first, text = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    rules = parse_rules(text)
    n = rules.players
    v = core.View(rules)
    for d in range(deals):
        seed = first + d
        for swap in (0, 1):
            g = core.Game.dealt(rules, seed & core.SEED_MAX)
            players = []
            for s in range(n):
                who = (a, b)[(s + swap) % 2]
                players.append((who == a and (s + swap) % 2 == 0, make(who, rules, seed * 7 + s)))
            while g.phase < core.DEAL_OVER:
                g.view(g.turn, v)
                is_a, p = players[g.turn]
                if not isinstance(p, ai.Player):
                    g.apply(p.choose(v))
                    continue
                # Time the same decision RUNS times from the same player state and keep the fastest:
                # the machine's other load only ever adds time.
                r = p.rng
                vo = p.voids
                state = (r.x, r.y, r.z, p.deal, p.tricks, vo if isinstance(vo, int) else bytes(vo))
                # Each run also times a tenth of the reference workload just before the move: the
                # host's speed at this move (tools/bench.py scales the move by it, so a busy host
                # does not inflate the estimate).
                ref = dt = 10 ** 9
                late = "brisca.search" in sys.modules  # (hard at 3 and 4 players on a board: its half)
                for _ in range(RUNS):
                    t0 = time.ticks_us()
                    workload(30)
                    ref = min(ref, time.ticks_diff(time.ticks_us(), t0))
                    r.x, r.y, r.z, p.deal, p.tricks, vo = state
                    if isinstance(vo, int):
                        p.voids = vo
                    else:
                        p.voids[:] = vo
                    if p.half:  # the half held before the move: a move that swaps does so each run
                        ai._half(late)
                    gc.collect()
                    gc.disable()
                    m0 = gc.mem_alloc()
                    t0 = time.ticks_us()
                    act = p.choose(v)
                    dt = min(dt, time.ticks_diff(time.ticks_us(), t0))
                    m1 = gc.mem_alloc()
                    gc.enable()
                print("M", "a" if is_a else "b", dt, m1 - m0, ref * 10)
                g.apply(act)
    best = 10 ** 9
    for _ in range(40):
        t0 = time.ticks_us()
        workload()
        best = min(best, time.ticks_diff(time.ticks_us(), t0))
    print("REF", best)
    try:
        import pystone
    except ImportError:
        return
    print("PYSTONES", max(pystone.pystones(50000)[1] for _ in range(5)))


main()
