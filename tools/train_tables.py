"""Train a learned evaluation for hard at 3 and 4 players (brisca/tablenet.py's features) and write
its weights (build/tables.net; the game ships generation 5 as assets/tables.net: copy a file there
to play it). One net for both table shapes (the shape is an input).

    make train-tables      generation 0 (.venv/bin/python tools/train_tables.py): 42 minutes here
    .venv/bin/python tools/train_tables.py --data DIR     keeps each generation's positions (DIR/genN.npz);
                                                          a second run reuses them, so a run resumes
                                                          from the last generation it finished
    .venv/bin/python tools/train_tables.py --data DIR --positions 80000 --generations 2 --curve-deals 0
                           generation 1 from generation 0's positions: 45 minutes here
    (the same with --generations 3: generation 2, 34 minutes here; --generations 4: generation 3,
    51 minutes here: 0.544 against hard1 at 4 players)
    .venv/bin/python tools/train_tables.py --data DIR --positions 80000 --generations 5 --exact-ends --shapes p4
        --curve-deals 0 --policy DIR/tables.net --out DIR/tables4.net
                           generation 4, 4 players, rollouts ending in an exact solve: 36 minutes here
    .venv/bin/python tools/train_tables.py --data DIR --positions 60000 --generations 6 --exact-ends
        --shapes "p3 d39" --curve-deals 0 --policy DIR/tables4.net --out DIR/tables.net
                           generation 5, 3 players, the same: 26 minutes here; assets/tables.net
    .venv/bin/python tools/train_tables.py --positions 300 --generations 1 --epochs 2 --out /tmp/t.net --curve-deals 0

The recipe (fixed seeds, both cores, progress bars), tools/train.py's for 2 players on other tables:
1. Positions: self-play deals at 4 players in teams (40 cards) and at 3 players (39 cards), one move
   in ten at random, played as `hard1` (generation 0) or as the net before it. At a share of the
   decisions made before the stock's last drawing round, every legal card is scored by rollouts:
   K placements of the cards the seat cannot see, drawn from its View (the same placements for
   every card); after the card every seat plays on to the deal's end as the generation's player
   without its end search (hard1's evaluation, or the net while the stock lasts: a search at every
   rollout's end would cost ten times the time). A rollout's value: 0.7 x the result for the
   seat's side (won 1, drawn 0, lost -1) + 0.3 x its points margin / 60 (clipped), the margin
   over the best other side.
2. Fit, integers, the file: as tools/train.py (its code), the layout brisca/tablenet.py's.
3. The curve: the integer net against hard1 at 4 and at 3 players over duplicate deals (seed
   900000 on, never used in training).

Resumable: with --data, each generation's positions are kept (genN.npz) and a run starts again
from the last generation it finished, fitting only where it must: a generation whose successor is
kept needs no net, nor one whose net --policy gives. --exact-ends ends the new generations'
rollouts in an exact solve once the stock is gone (every hand of the placement seen); --shapes
picks the tables they play; --true-hands rolls them out from the hands as dealt, only the stock
shuffled (docs/ai-comparison.md: no gain at 4 players, +0.008 at 2). Nothing here runs on a board.
"""
import argparse
import json
import pathlib
import random
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import hard1  # noqa: E402
import train  # noqa: E402 (the 2-player recipe: fit, integers, file)
from brisca import core, tablenet  # noqa: E402
from brisca.words import parse_rules  # noqa: E402

SHAPES = ("p4", "p3 d39")  # the tables trained, in turn
VERSION = 1
EVAL_SEED = train.EVAL_SEED


class _NoSearch:
    """hard1's end search switched off (rollouts): its evaluation alone decides."""

    @staticmethod
    def prepare(*args):
        return 0


def fast(p):
    """Player p (hard1, or NetPlayer's base) without its end search."""
    p.sr = _NoSearch
    return p


def result(g, me):
    """Seat me's rollout value at the deal's end: 0.7 x won/drawn/lost + 0.3 x margin / 60."""
    r = g.rules
    side = r.side_of(me)
    best = max(g.side_points(s) for s in range(r.sides) if s != side)
    return train.target(g.side_points(side) - best)


def team_end(g, me):
    """Seat me's side's points at the deal's end with every seat playing perfectly from g, every
    hand seen (4 players in teams, the stock gone, no card of the trick played): the rollout's
    placement solved to its end, as tools/train.py solves 2 players' last tricks. Alpha-beta on
    the side's points: its seats raise them, the others lower them (120 in all: zero-sum)."""
    n, t, mine = g.n, g.trump_suit, g.rules.side_of(me)
    hands = [tuple(g.hand(s)) for s in range(n)]
    return g.side_points(mine) + _trick(hands, g.turn, g.turn, 0, 0, 0, 0, mine, t, n, -1, 999)


def _trick(hands, leader, seat, k, best, best_seat, pts, mine, t, n, alpha, beta):
    # My side's points from here: `k` cards of the trick played, `best` (by `best_seat`) winning it.
    if k == n:
        p = pts if best_seat % 2 == mine else 0
        if not hands[leader]:
            return p
        return p + _trick(hands, best_seat, best_seat, 0, 0, 0, 0, mine, t, n, alpha - p, beta - p)
    up = seat % 2 == mine
    h = hands[seat]
    value = -1 if up else 999
    for i in range(len(h)):
        c = h[i]
        hands[seat] = h[:i] + h[i + 1:]
        if k == 0 or core.beats(c, best, t):
            v = _trick(hands, leader, (seat + 1) % n, k + 1, c, seat, pts + train.PTS[c], mine, t, n, alpha, beta)
        else:
            v = _trick(hands, leader, (seat + 1) % n, k + 1, best, best_seat, pts + train.PTS[c], mine, t, n,
                       alpha, beta)
        hands[seat] = h
        if up:
            if v > value:
                value = v
                alpha = max(alpha, v)
        elif v < value:
            value = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    return value


def each_end(g):
    """Each seat's points at the deal's end with every seat playing for its own points from g,
    every hand seen (3 players, the stock gone, no card of the trick played): max^n, each seat
    taking the card best for itself (the first of equals)."""
    pts = list(g.seat_points[: g.n])
    gained = _own(g.n, [tuple(g.hand(s)) for s in range(g.n)], g.turn, g.turn, 0, 0, 0, 0, g.trump_suit)
    return [pts[s] + gained[s] for s in range(g.n)]


def _own(n, hands, leader, seat, k, best, best_seat, pts, t):
    # Each seat's points from here (a list), as _trick's position.
    if k == n:
        if not hands[leader]:
            out = [0] * n
        else:
            out = _own(n, hands, best_seat, best_seat, 0, 0, 0, 0, t)
        out[best_seat] += pts
        return out
    h, top = hands[seat], None
    for i in range(len(h)):
        c = h[i]
        hands[seat] = h[:i] + h[i + 1:]
        takes = k == 0 or core.beats(c, best, t)
        v = _own(n, hands, leader, (seat + 1) % n, k + 1, c if takes else best, seat if takes else best_seat,
                 pts + train.PTS[c], t)
        hands[seat] = h
        if top is None or v[seat] > top[seat]:
            top = v
    return top


def solvable(g):
    """True where a rollout may end in an exact solve (team_end at 4 players, each_end at 3): the
    stock gone, a trick's start."""
    return g.n in (3, 4) and g.phase == core.PLAY and g.top == g.end and g.trick_len == 0


def card_rows(v):
    """Each legal card's features in v (after tablenet.features(v)): [card, extra]."""
    return [[tablenet.card_feature(v, c), tablenet.extra_feature(v, c)] for c in v.legal[: v.nlegal]]


def net_on(v):
    """True where the tables' net picks the card: playing, before the stock's last drawing round."""
    return v.phase == core.PLAY and v.stock_left > v.n and v.nlegal > 1


class NetPlayer(train.NetPlayer):
    """hard1 with the tables' integer net (numpy, the same numbers as brisca.net) before the stock's
    last drawing round: what hard would play on these tables with a tables net."""

    def __init__(self, rules, seed, q, search=True):
        super().__init__(rules, seed, q)
        if not search:
            fast(self.base)

    def choose(self, v, budget_ms=None):
        if not net_on(v):
            return self.base.choose(v, budget_ms)
        k = tablenet.features(v, self.f)
        vals = train.int_scores(self.q, self.f[:k], card_rows(v))
        return v.legal[vals.index(max(vals))]


def maker(policy, search):
    if not policy:
        return lambda rules, seed: fast(hard1.player(rules, seed)) if not search else hard1.player(rules, seed)
    q = train.read(policy)
    return lambda rules, seed: NetPlayer(rules, seed, q, search)


def gen_chunk(args):
    """Scored positions of `deals` self-play deals of table `words` from `seed`."""
    words, seed, deals, k, sample_p, eps, policy, exact, true_hands = args
    rules = parse_rules(words)
    n = rules.players
    rng = random.Random(seed)
    play = [maker(policy, True)(rules, seed + s) for s in range(n)]
    roll = [maker(policy, False)(rules, seed + 10 + s) for s in range(n)]
    v, rv = core.View(rules), core.View(rules)
    feats = [0] * 64
    out = []
    for d in range(deals):
        g = core.Game.dealt(rules, (seed * 1000 + d) & core.SEED_MAX)
        for p in play:
            p.deal = -1
        while g.phase < core.DEAL_OVER:
            s = g.turn
            g.view(s, v)
            if net_on(v) and rng.random() < sample_p:
                nf = tablenet.features(v, feats)
                cards = card_rows(v)
                acts = list(v.legal[: v.nlegal])
                ys = [0.0] * len(acts)
                for _ in range(k):
                    w = train.restock(g, rng) if true_hands else train.determinize(g, v, rng)
                    for i, a in enumerate(acts):
                        c = train.clone(w)
                        c.apply(a)
                        for p in roll:
                            p.deal = -1
                        while c.phase < core.DEAL_OVER:
                            if exact and solvable(c):
                                break
                            c.view(c.turn, rv)
                            c.apply(roll[c.turn].choose(rv))
                        if c.phase < core.DEAL_OVER and n == 4:  # the last tricks solved, every hand seen
                            ys[i] += train.target(2 * team_end(c, s) - 120)  # over the other side (120 in all)
                        elif c.phase < core.DEAL_OVER:
                            pts = each_end(c)
                            ys[i] += train.target(pts[s] - max(pts[o] for o in range(n) if o != s))
                        else:
                            ys[i] += result(c, s)
                out.append((feats[:nf], cards, [y / k for y in ys]))
                g.view(s, v)
            if rng.random() < eps and v.nlegal > 1:
                a = v.legal[rng.randrange(v.nlegal)]
            else:
                a = play[s].choose(v)
            g.apply(a)
    return out


def generate(positions, k, seed, jobs, policy=None, sample_p=0.3, eps=0.1, per_chunk=5, exact=False, shapes=SHAPES,
             true_hands=False):
    """About `positions` scored positions, the shapes in turn, in chunks over `jobs` processes;
    `exact`: rollouts end in an exact solve once the stock is gone (solvable())."""
    per_deal = 28 * sample_p  # decisions before the last drawing round, about, times the share
    chunks = max(len(shapes), int(positions / per_deal / per_chunk + 0.999))
    args = [(shapes[i % len(shapes)], seed * 100003 + i, per_chunk, k, sample_p, eps, policy, exact, true_hands)
            for i in range(chunks)]
    data = []
    t0 = time.time()
    with train.pool_of(jobs) as pool:
        for i, part in enumerate(pool.imap(gen_chunk, args)):
            data.extend(part)
            train.bar("data", i + 1, chunks, t0)
    return data


def vs_hard1(path, words, deals, seed=EVAL_SEED, jobs=2):
    """Score of hard with the net at `path` (one seat of each side, or one seat with 3 players)
    against hard1 over duplicate deals: each deal with the net's seats in every position."""
    with train.pool_of(jobs) as pool:
        res = list(pool.map(_duel, [(str(path), words, seed + i) for i in range(deals)]))
    return sum(r[0] for r in res) / sum(r[1] for r in res)


def _duel(args):
    path, words, seed = args
    rules = parse_rules(words)
    n = rules.players
    q = train.read(path)
    v = core.View(rules)
    total = games = 0.0
    for a in range(rules.sides):  # the net's side (4 players: seats a and a + 2; 3: seat a)
        g = core.Game.dealt(rules, seed & core.SEED_MAX)
        players = [NetPlayer(rules, seed * 7 + s, q) if rules.side_of(s) == a else hard1.player(rules, seed * 7 + s)
                   for s in range(n)]
        while g.phase < core.DEAL_OVER:
            g.view(g.turn, v)
            g.apply(players[g.turn].choose(v))
        won = g.deal_winners()
        shared = bin(won).count("1")
        total += (1.0 if shared == 1 else 0.5) if won >> a & 1 else 0.5 if not won else 0.0
        games += 1
    return total, games


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=120000, help="scored positions per generation")
    ap.add_argument("--generations", type=int, default=1)
    ap.add_argument("--samples", type=int, default=6, help="placements per scored position (K)")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--members", type=int, default=2, help="the last generation's net averages this many fits")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--data", help="a folder for each generation's positions (genN.npz): reused when there")
    ap.add_argument("--out", default=str(ROOT / "build" / "tables.net"),
                    help="the weights (not assets/: copy them there to ship them)")
    ap.add_argument("--curve-deals", type=int, default=300, help="duplicate deals against hard1 per table")
    ap.add_argument("--exact-ends", action="store_true",
                    help="new generations' rollouts end in an exact solve once the stock is gone")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="the tables new generations play, comma-separated")
    ap.add_argument("--true-hands", action="store_true",
                    help="new generations' rollouts keep every hand as dealt and shuffle only the stock")
    ap.add_argument("--policy", help="the net the first new generation plays as (else the one before, fitted again)")
    a = ap.parse_args(argv)
    shapes = tuple(w.strip() for w in a.shapes.split(","))
    t0 = time.time()
    policy, parts, report = a.policy, [], {}
    for gen in range(a.generations):
        cache = pathlib.Path(a.data) / ("gen%d.npz" % gen) if a.data else None
        made = not (cache and cache.exists())
        if not made:
            z = np.load(cache, allow_pickle=False)
            X, y, grp = z["X"], z["y"], z["grp"]
        else:
            sys.stderr.write("generation %d: positions played and rolled out as %s\n" % (gen, policy or "hard1"))
            X, y, grp = train.matrix(generate(a.positions, a.samples, a.seed + 1000 * gen, a.jobs, policy,
                                              exact=a.exact_ends, shapes=shapes, true_hands=a.true_hands),
                                     tablenet.N_IN)
            if cache:
                cache.parent.mkdir(parents=True, exist_ok=True)
                np.savez_compressed(cache, X=X, y=y, grp=grp)
        parts.append((X, y, grp + (int(parts[-1][2].max()) + 1 if parts else 0)))
        if gen + 1 < a.generations and not made:  # resuming: no fit where the next generation is kept
            if cache.with_name("gen%d.npz" % (gen + 1)).exists() or a.policy:
                policy = a.policy
                continue
        X, y, grp = (np.concatenate([p[i] for p in parts]) for i in range(3))
        m, losses, va = train.fit(X, y, grp, a.hidden, a.epochs, a.seed + gen)
        if gen + 1 == a.generations and a.members > 1:
            m = train.side_by_side([m] + [train.fit(X, y, grp, a.hidden, a.epochs, a.seed + gen + 1000 * i)[0]
                                          for i in range(1, a.members)])
        q = train.quantize(m)
        train.write(q, a.out, VERSION)
        scores = {w: round(vs_hard1(a.out, w, a.curve_deals, jobs=a.jobs), 4) for w in SHAPES} if a.curve_deals else {}
        report = {"generation": gen, "positions": int(grp.max()) + 1, "rows": len(y), "hidden": len(m.b1),
                  "held_out_loss": losses[-1], "int_agrees": train.agreement(m, q, X, grp, va),
                  "vs_hard1": scores, "seconds": round(time.time() - t0)}
        print(json.dumps(report), flush=True)
        if gen + 1 < a.generations:
            policy = str(pathlib.Path(a.data or "/tmp") / ("tables-gen%d.net" % gen))
            train.write(q, policy, VERSION)
    return report


if __name__ == "__main__":
    main()
