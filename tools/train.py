"""Train hard's learned evaluation (brisca/net.py) and write its weights, assets/hard.net.

    make train        the recipe (.venv/bin/python tools/train.py): 2 h 18 min on 2 cores (four generations)
    .venv/bin/python tools/train.py --data /tmp/train    the same, keeping each generation's positions
                                                          (a second run reuses them: only the fits)
    .venv/bin/python tools/train.py --positions 400 --generations 1 --epochs 3 --out /tmp/tiny.net --curve-deals 0

The recipe, all on 2-player Briscola (40 cards, no exchange), fixed seeds, both cores:
1. Positions (the long part, about 30 minutes a generation). Self-play deals, one move in ten at
   random so that the positions vary: generation 0 plays as the frozen `hard1` (tools/hard1/),
   each later one as the net fitted before it. At about a third of the decisions made while the
   stock lasts, every legal card is scored by rollouts: K placements of the cards the seat cannot
   see, drawn from what its View shows (the same placements for every card, so the cards are
   compared on equal luck); after the card both seats play on as the generation's player (from
   generation 3 on, the seat that did not choose as one drawn, each rollout, from hard1 and every
   generation's net so far: values that hold against more than one way of playing), and once
   the stock is down to its last drawing trick the rest is solved exactly in that placement. A
   card's target is the mean over the placements of 0.7 x the result (won 1, drawn 0, lost -1) +
   0.3 x the points margin / 60 (clipped to -1..1). Playing the best card by these values is a
   policy-improvement step over the player that rolls out, fair because the placements come from
   the seat's View only.
2. Fit: a numpy network, brisca.net's features (310, a few dozen on) -> H hidden units (ReLU) -> 1,
   trained on the targets by Adam with mean squared error, on every generation's positions so far;
   a tenth of the positions held out. The last generation, and the one whose net the pooled
   generation plays as, fit --members nets (seeds apart) and put them side by side, their outputs
   averaged: one net of members x H units.
3. Quantize to integers (int8 weights, int16 hidden biases, integer scales folded in) exactly as
   brisca.net reads them, check the integer net agrees with the float one, and write the file
   (header: magic, layout, hidden units, size, version, checksum).
4. The learning curve (docs/training-curve.png): held-out loss per epoch, and the integer net at the
   middle and end of each generation played against hard1 over duplicate deals (seed 900000 on, never
   used in training).

Nothing here runs on a board. Progress bars go to stderr.
"""
import argparse
import json
import multiprocessing
import os
import pathlib
import random
import struct
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import hard1  # noqa: E402 (tools/hard1/, the frozen reference)
from brisca import core, net  # noqa: E402 (after sys.path on purpose)

RULES = "p2"  # plain 2-player Briscola, 40 cards
VERSION = 4  # the asset's version byte; raise it when the recipe changes
EVAL_SEED = 900000  # the curve's and the bench's deal seeds start here: never used in training


def bar(label, done, total, t0, width=30):
    k = width * done // max(total, 1)
    el = time.time() - t0
    eta = el / done * (total - done) if done else 0
    sys.stderr.write(f"\r{label} [{'#' * k}{'.' * (width - k)}] {done}/{total} {el:5.0f}s eta {eta:5.0f}s ")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


# -- 1. data ------------------------------------------------------------------------------------
def clone(g):
    """A copy of a Game that shares nothing mutable with it."""
    c = core.Game.__new__(core.Game)
    for k, x in g.__dict__.items():
        c.__dict__[k] = bytearray(x) if type(x) is bytearray else x
    return c


def determinize(g, v, rng):
    """A copy of g with the cards seat v.seat cannot see placed again at random among the other
    seats' hidden cards and the face-down stock (no voids: the tables trained have no must-follow).
    With 2 players the other seats are the opponent (tools/train_tables.py uses it for 3 and 4)."""
    slots = [s * core.HAND_MAX + i for s in range(g.n) if s != v.seat
             for i in range(g.hand_len[s]) if not v.holder[g.hands[s * core.HAND_MAX + i]]]
    return _place_again(g, slots, rng)


def restock(g, rng):
    """A copy of g with only the face-down stock shuffled again, every hand as it really is
    (--true-hands). The hands the play led to are a draw from what that play makes likely, so
    targets rolled out from them teach the net, which sees only the View, what the play says of
    the hidden hands; determinize() places them as if nothing were known."""
    return _place_again(g, (), rng)


def _place_again(g, slots, rng):
    """A copy of g with the cards of hand slots `slots` and the face-down stock shuffled together."""
    c = clone(g)
    end = g.end - (g.trump_card != core.NO_CARD)
    unseen = [g.hands[i] for i in slots] + list(g.deck[g.top:end])
    rng.shuffle(unseen)
    for k, i in enumerate(slots):
        c.hands[i] = unseen[k]
    c.deck[g.top:end] = bytes(unseen[len(slots):])
    return c


class Rollout:
    """Plays a position to the end: both seats as the generation's player while the stock lasts
    (the seat that did not choose, with `opponents`, as one of them drawn by `rng` each rollout),
    then exactly."""

    def __init__(self, rules, players, opponents=(), rng=None):
        self.v = core.View(rules)
        self.players = self.mine = players
        self.opponents = opponents  # pairs of players (one per seat)
        self.rng = rng

    def margin(self, g, me):
        """Seat me's points margin at the end of the deal from g, the stock's last trick exact."""
        if self.opponents:
            them = self.opponents[self.rng.randrange(len(self.opponents))]
            self.players = [self.mine[s] if s == me else them[s] for s in range(2)]
        v = self.v
        for p in self.players:
            p.deal = -1  # a new line of play: forget what was seen
        while g.phase < core.DEAL_OVER and not (g.phase == core.PLAY and g.stock_left <= 2):
            s = g.turn
            g.view(s, v)
            g.apply(self.players[s].choose(v))
        if g.phase < core.DEAL_OVER:
            return exact_margin(g, me)
        return g.seat_points[me] - g.seat_points[1 - me]


PTS = [core.POINTS[c % 10] for c in range(40)]
_TAKES = {}  # trump suit -> 1600 bytes: [led * 40 + answer] = 1 if the answer takes the trick


def exact_margin(g, me):
    """Seat me's final points margin with both seats playing perfectly from g (2 players, at most
    the stock's last drawing trick left). The minimax of the margin is that of any order-keeping
    score of it, so this equals the solve of ref_bots.Deal (outcome first, then margin)."""
    t = g.trump_suit
    takes = _TAKES.get(t)
    if takes is None:
        takes = _TAKES[t] = bytes(core.beats(b, a, t) for a in range(40) for b in range(40))
    hands = [tuple(g.hand(s)) for s in range(2)]
    stock = tuple(g.deck[g.top:g.end])
    left = sum(PTS[c] for h in hands for c in h) + sum(PTS[c] for c in stock)
    if g.trick_len:  # the leader has played: the seat to move answers it
        a, foll = g.trick[0], hands[g.turn]
        left += PTS[a]
        mine = _answer(a, hands[1 - g.turn], foll, stock, g.turn != me, takes, -1, 999)
    else:
        mine = _lead(hands[g.turn], hands[1 - g.turn], stock, g.turn == me, takes, -1, 999)
    return 2 * (g.seat_points[me] + mine) - (g.seat_points[me] + g.seat_points[1 - me] + left)


def _lead(lead, foll, stock, lead_me, takes, alpha, beta):
    """My points from the rest of the deal, the leader (holding `lead`) to play; exact when it
    lies inside (alpha, beta), else a bound past it (alpha-beta)."""
    best = -1 if lead_me else 999
    for i in range(len(lead)):
        v = _answer(lead[i], lead[:i] + lead[i + 1:], foll, stock, lead_me, takes, alpha, beta)
        if lead_me:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        elif v < best:
            best = v
            if v < beta:
                beta = v
        if alpha >= beta:
            break
    return best


def _answer(a, rest, foll, stock, lead_me, takes, alpha, beta):
    """My points from the rest of the deal once card a is led (the leader keeps `rest`)."""
    best = 999 if lead_me else -1
    row = a * 40
    for j in range(len(foll)):
        b = foll[j]
        other = foll[:j] + foll[j + 1:]
        if takes[row + b]:  # the answer takes it: the answering seat leads next, drawing first
            w_me = not lead_me
            nl, nf = (other + stock[:1], rest + stock[1:]) if stock else (other, rest)
        else:
            w_me = lead_me
            nl, nf = (rest + stock[:1], other + stock[1:]) if stock else (rest, other)
        p = PTS[a] + PTS[b] if w_me else 0
        v = p + _lead(nl, nf, (), w_me, takes, alpha - p, beta - p) if nl else p
        if lead_me:
            if v < best:
                best = v
                if v < beta:
                    beta = v
        elif v > best:
            best = v
            if v > alpha:
                alpha = v
        if alpha >= beta:
            break
    return best


def target(m):
    return 0.7 * ((m > 0) - (m < 0)) + 0.3 * max(-1.0, min(1.0, m / 60))


class NetPlayer:
    """Hard with an integer net held in memory (numpy, the same numbers as brisca.net): the
    net's card while the stock lasts, hard1 otherwise. Fast enough for rollouts."""

    def __init__(self, rules, seed, q):
        self.base = hard1.player(rules, seed)
        self.q = q
        self.f = [0] * 48

    @property
    def deal(self):
        return self.base.deal

    @deal.setter
    def deal(self, x):
        self.base.deal = x

    def choose(self, v, budget_ms=None):
        n = v.nlegal
        if v.phase != core.PLAY or v.stock_left <= 2 or n < 2:
            return self.base.choose(v, budget_ms)
        k = net.features(v, self.f)
        vals = int_scores(self.q, self.f[:k], card_rows(v))
        return v.legal[vals.index(max(vals))]  # the first best, as brisca.ai takes it


def card_rows(v):
    """Each legal card's features in v: [card, extra]."""
    return [[net.card_feature(v, c), net.extra_feature(v, c)] for c in v.legal[: v.nlegal]]


def player_maker(policy):
    """make(rules, seed): hard1 for None, else the net of the weights file `policy` (NetPlayer)."""
    if not policy:
        return hard1.player
    q = read(policy)

    def make(rules, seed):
        return NetPlayer(rules, seed, q)

    return make


def gen_chunk(args):
    """Positions of `deals` self-play deals from `seed`: (state features, card features, targets).
    `policy`: None for hard1, else a weights file whose net plays (tools/train.py's NetPlayer).
    `opponents`: () or policies (the same kinds, `policy` last) from which each rollout draws the
    player of the seat that did not choose, the same for every card of a placement."""
    seed, deals, k, sample_p, eps, policy, opponents, true_hands = args
    rules = core.Rules()
    rng = random.Random(seed)
    makers = [player_maker(p) for p in opponents]  # (the last is policy's: its file read once)
    make = makers[-1] if makers else player_maker(policy)
    if makers:
        them = [[mk(rules, seed + s) for s in range(2)] for mk in makers]
        roll = Rollout(rules, them[-1], them, rng)
    else:
        roll = Rollout(rules, [make(rules, s) for s in range(2)])
    me_players = [make(rules, seed + s) for s in range(2)]
    v = core.View(rules)
    feats = [0] * 48
    out = []
    for d in range(deals):
        g = core.Game.dealt(rules, (seed * 1000 + d) & core.SEED_MAX)
        for p in me_players:
            p.deal = -1
        while g.phase < core.DEAL_OVER:
            s = g.turn
            g.view(s, v)
            if g.phase == core.PLAY and g.stock_left > 2 and v.nlegal > 1 and rng.random() < sample_p:
                nf = net.features(v, feats)
                cards = card_rows(v)
                acts = list(v.legal[: v.nlegal])
                ys = [0.0] * len(acts)
                for _ in range(k):
                    w = restock(g, rng) if true_hands else determinize(g, v, rng)
                    st = rng.getstate()
                    for i, a in enumerate(acts):
                        rng.setstate(st)  # (with opponents: every card meets the same one)
                        c = clone(w)
                        c.apply(a)
                        ys[i] += target(roll.margin(c, s))
                out.append((feats[:nf], cards, [y / k for y in ys]))
                g.view(s, v)
            if rng.random() < eps and v.nlegal > 1:
                a = v.legal[rng.randrange(v.nlegal)]
            else:
                a = me_players[s].choose(v)
            g.apply(a)
    return out


def generate(positions, k, seed, jobs, policy=None, opponents=(), sample_p=0.35, eps=0.1, per_chunk=10,
             true_hands=False):
    """About `positions` scored positions, in chunks of self-play deals spread over `jobs` processes."""
    per_deal = 30 * sample_p  # scored decisions per deal, about
    chunks = max(1, int(positions / per_deal / per_chunk + 0.999))
    args = [(seed * 100003 + i, per_chunk, k, sample_p, eps, policy, tuple(opponents), true_hands)
            for i in range(chunks)]
    data = []
    t0 = time.time()
    with pool_of(jobs) as pool:
        for i, part in enumerate(pool.imap(gen_chunk, args)):
            data.extend(part)
            bar("data", i + 1, chunks, t0)
    return data


class _Here:
    """A pool of one, in this process: no fork (a forked child copies every lock another thread
    holds, numpy's among them, and a test process hung in one)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    imap = map = staticmethod(map)


def pool_of(jobs):
    """multiprocessing's pool of `jobs` processes, or with one job, this process."""
    return multiprocessing.Pool(jobs) if jobs > 1 else _Here()


# -- 2. fit ---------------------------------------------------------------------------------------
def matrix(data, n_in=net.N_IN):
    """(X, y, group): one row per (position, card), X dense 0/1, group = the position's index."""
    rows = sum(len(d[1]) for d in data)
    X = np.zeros((rows, n_in), np.uint8)
    y = np.zeros(rows, np.float32)
    grp = np.zeros(rows, np.int64)
    r = 0
    for p, (state, cards, ys) in enumerate(data):
        for cf, t in zip(cards, ys):
            X[r, state] = 1
            X[r, cf] = 1
            y[r] = t
            grp[r] = p
            r += 1
    return X, y, grp


class MLP:
    def __init__(self, hidden, rng, n_in=net.N_IN):
        self.W1 = rng.normal(0, 1 / np.sqrt(40), (n_in, hidden)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = rng.normal(0, 1 / np.sqrt(hidden), hidden).astype(np.float32)
        self.b2 = np.zeros(1, np.float32)
        self.params = [self.W1, self.b1, self.w2, self.b2]
        self.m = [np.zeros_like(p) for p in self.params]
        self.s = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def predict(self, X):
        return np.maximum(X @ self.W1 + self.b1, 0) @ self.w2 + self.b2[0]

    def step(self, X, y, lr, l2):
        z = X @ self.W1 + self.b1
        h = np.maximum(z, 0)
        err = h @ self.w2 + self.b2[0] - y
        n = len(y)
        g_out = 2 * err / n
        g_w2 = h.T @ g_out + l2 * self.w2
        g_b2 = np.array([g_out.sum()], np.float32)
        g_h = np.outer(g_out, self.w2) * (z > 0)
        g_W1 = X.T @ g_h + l2 * self.W1
        g_b1 = g_h.sum(0)
        self.t += 1
        for p, g, m, s in zip(self.params, (g_W1, g_b1, g_w2, g_b2), self.m, self.s):
            m *= 0.9
            m += 0.1 * g
            s *= 0.999
            s += 0.001 * g * g
            p -= lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(s / (1 - 0.999 ** self.t)) + 1e-8)
        return float((err * err).mean())


def side_by_side(models):
    """One net whose output is the mean of `models`' outputs: their hidden units side by side, the
    output weights and bias divided by their number (the file format and brisca.net unchanged)."""
    m = MLP.__new__(MLP)
    n = len(models)
    m.W1 = np.concatenate([x.W1 for x in models], 1)
    m.b1 = np.concatenate([x.b1 for x in models])
    m.w2 = np.concatenate([x.w2 for x in models]) / n
    m.b2 = sum(x.b2 for x in models) / n
    return m


# -- 3. integers and the file -----------------------------------------------------------------------
def quantize(m):
    """The integer net: (W1 int8, b1 int16, w2 int8, b2 int) with the scales folded in."""
    s1 = 127 / max(float(np.abs(m.W1).max()), 1e-6)
    s1 = min(s1, 32767 / max(float(np.abs(m.b1).max()), 1e-6))
    s2 = 127 / max(float(np.abs(m.w2).max()), 1e-6)
    W1 = np.clip(np.round(m.W1 * s1), -128, 127).astype(np.int64)
    b1 = np.clip(np.round(m.b1 * s1), -32768, 32767).astype(np.int64)
    w2 = np.clip(np.round(m.w2 * s2), -128, 127).astype(np.int64)
    b2 = int(np.clip(np.round(float(m.b2[0]) * s1 * s2), -(1 << 23), (1 << 23) - 1))
    return W1, b1, w2, b2


def int_scores(q, state, cards):
    """The integer net's value of each card (brisca.net.scores' arithmetic, in numpy)."""
    W1, b1, w2, b2 = q
    a = b1 + W1[state].sum(0)
    return (np.maximum(a + W1[np.array(cards)].sum(1), 0) @ w2 + b2).tolist()


def to_bytes(q, version=VERSION):
    W1, b1, w2, b2 = q
    h, n_in = len(b1), len(W1)
    body = (struct.pack("<%dh" % h, *b1.tolist()) + bytes((W1 + 128).astype(np.uint8).ravel().tolist())
            + bytes((w2 + 128).astype(np.uint8).tolist()) + struct.pack("<I", b2 + (1 << 23))[:3] + b"\0")
    size = 16 + len(body)
    return net.MAGIC + struct.pack("<HBIB", n_in, h, size, version) + struct.pack("<HH", *checksum(body)) + body


def checksum(body):
    """brisca.net's check of the weights: each 256-byte chunk's byte sum, added up and weighted by
    the chunk's number (1, 2, ...), each mod 65536."""
    s1 = s2 = 0
    for i in range(0, len(body), 256):
        c = sum(body[i:i + 256])
        s1 += c
        s2 += c * (i // 256 + 1)
    return s1 & 65535, s2 & 65535


def read(path):
    """The integer net in a weights file (no checks: brisca.net.load() makes them)."""
    b = pathlib.Path(path).read_bytes()
    n_in, h = b[4] | b[5] << 8, b[6]
    b1 = np.array(struct.unpack_from("<%dh" % h, b, 16), np.int64)
    o = 16 + 2 * h
    W1 = np.frombuffer(b, np.uint8, n_in * h, o).astype(np.int64).reshape(n_in, h) - 128
    o += n_in * h
    w2 = np.frombuffer(b, np.uint8, h, o).astype(np.int64) - 128
    b2 = int.from_bytes(b[o + h:o + h + 3], "little") - (1 << 23)
    return W1, b1, w2, b2


def write(q, path, version=VERSION):
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(to_bytes(q, version))


# -- 4. play against hard1 ------------------------------------------------------------------------
def vs_hard1(path, deals, seed=EVAL_SEED, jobs=2):
    """Score (wins + half draws) of hard with the weights at `path` against hard1 over duplicate deals."""
    with pool_of(jobs) as pool:
        res = list(pool.map(_duel, [(str(path), seed + i) for i in range(deals)]))
    return sum(res) / (2 * deals)


def _duel(args):
    path, seed = args
    from brisca import ai

    old, net.FILE = net.FILE, path  # (put back after: with one job this is the caller's process)
    net._I[4] = 0
    rules = core.Rules()
    v = core.View(rules)
    total = 0.0
    try:
        for a_seat in (0, 1):
            g = core.Game.dealt(rules, seed & core.SEED_MAX)
            players = [ai.Player(rules, "hard", seed * 7 + s) if s == a_seat else hard1.player(rules, seed * 7 + s)
                       for s in range(2)]
            while g.phase < core.DEAL_OVER:
                g.view(g.turn, v)
                g.apply(players[g.turn].choose(v))
            won = g.deal_winners()
            total += 0.5 if won in (0, 3) else 1.0 if won >> a_seat & 1 else 0.0
    finally:
        net.FILE = old
        net._I[4] = 0
    return total


def curve_png(path, losses, scores):
    """Held-out loss per epoch (blue) and the score against hard1 (red dots, right axis 0.4-0.7)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()

    W, H, L, B = 480, 300, 50, 40
    s = pygame.Surface((W, H))
    s.fill((255, 255, 255))
    font = pygame.font.Font(None, 18)
    pygame.draw.rect(s, (0, 0, 0), (L, 10, W - 2 * L, H - 10 - B), 1)
    n = max(len(losses), 2)
    lo, hi = min(losses), max(losses)
    span = hi - lo or 1

    def xy(i, val, a, b):
        return L + (W - 2 * L) * i / (n - 1), 10 + (H - 10 - B) * (1 - (val - a) / (b - a))

    pts = [xy(i, x, lo - 0.05 * span, hi + 0.05 * span) for i, x in enumerate(losses)]
    if len(pts) > 1:
        pygame.draw.lines(s, (30, 80, 200), False, pts, 2)
    for i, sc in scores:
        pygame.draw.circle(s, (200, 30, 30), [int(c) for c in xy(i, sc, 0.4, 0.7)], 4)
        s.blit(font.render("%.3f" % sc, True, (200, 30, 30)), xy(i, sc, 0.4, 0.7))
    s.blit(font.render("epoch", True, (0, 0, 0)), (W // 2, H - 20))
    s.blit(font.render("%.4f" % hi, True, (30, 80, 200)), (2, 10))
    s.blit(font.render("%.4f" % lo, True, (30, 80, 200)), (2, H - B - 10))
    s.blit(font.render("loss", True, (30, 80, 200)), (2, H // 2))
    s.blit(font.render("vs hard1", True, (200, 30, 30)), (W - L + 2, H // 2))
    s.blit(font.render("0.70", True, (200, 30, 30)), (W - L + 2, 10))
    s.blit(font.render("0.40", True, (200, 30, 30)), (W - L + 2, H - B - 10))
    pygame.image.save(s, str(path))


def fit(X, y, grp, hidden, epochs, seed, check=None):
    """The float net fitted to (X, y), a tenth of the positions held out; (net, held-out losses,
    held-out row mask). check(epoch, net) runs after some epochs (the curve's games)."""
    rng = np.random.default_rng(seed)
    npos = int(grp.max()) + 1
    va = (rng.random(npos) < 0.1)[grp]
    Xt, yt, Xv, yv = X[~va], y[~va], X[va].astype(np.float32), y[va]
    m = MLP(hidden, rng, X.shape[1])
    losses, t1 = [], time.time()
    for ep in range(1, epochs + 1):
        order = rng.permutation(len(yt))
        lr = 0.003 if ep <= epochs * 2 // 3 else 0.001
        for i in range(0, len(order), 256):
            b = order[i:i + 256]
            m.step(Xt[b].astype(np.float32), yt[b], lr, 1e-5)
        losses.append(float(((m.predict(Xv) - yv) ** 2).mean()))
        bar("fit  held-out loss %.4f" % losses[-1], ep, epochs, t1)
        if check:
            check(ep, m)
    return m, losses, va


def agreement(m, q, X, grp, va, most=2000):
    """How often the integer net picks the float net's card, over held-out positions."""
    agree = tot = 0
    held = np.where(va)[0]
    pv = m.predict(X[held].astype(np.float32))
    for p in np.unique(grp[held])[:most]:
        rows = held[grp[held] == p]
        state = np.where(X[rows].min(0) > 0)[0]
        cards = [np.setdiff1d(np.where(X[r])[0], state).tolist() for r in rows]
        agree += int(np.argmax(int_scores(q, state, cards)) == np.argmax(pv[np.searchsorted(held, rows)]))
        tot += 1
    return agree / max(tot, 1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=120000, help="scored positions per generation")
    ap.add_argument("--generations", type=int, default=4,
                    help="generation 0 plays and rolls out as hard1, each later one as the net before it")
    ap.add_argument("--pool-from", type=int, default=3,
                    help="from this generation on, each rollout's opponent is hard1 or an earlier generation's net")
    ap.add_argument("--samples", type=int, default=6, help="placements per scored position (K)")
    ap.add_argument("--true-hands", action="store_true",
                    help="new generations' rollouts keep every hand as dealt and shuffle only the stock")
    ap.add_argument("--hidden", type=int, default=32, help="hidden units of each fitted net")
    ap.add_argument("--members", type=int, default=4,
                    help="the last generation's net, and the one before a pooled generation, average this many"
                         " fits (different seeds), side by side")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--data", help="a folder for each generation's data (genN.npz): reused when there")
    ap.add_argument("--out", default=str(ROOT / "assets" / "hard.net"))
    ap.add_argument("--curve", default=str(ROOT / "docs" / "training-curve.png"))
    ap.add_argument("--curve-deals", type=int, default=500, help="duplicate deals against hard1 per point")
    a = ap.parse_args(argv)
    t0 = time.time()
    losses, scores, report = [], [], {}
    policy = None
    policies = [None]  # hard1, then each generation's net: a pooled generation's opponents
    parts = []
    for gen in range(a.generations):
        cache = pathlib.Path(a.data) / ("gen%d.npz" % gen) if a.data else None
        if cache and cache.exists():
            z = np.load(cache, allow_pickle=False)
            X, y, grp = z["X"], z["y"], z["grp"]
            if X.shape[1] != net.N_IN:
                raise SystemExit("%s has %d features a card, brisca.net %d: another layout's positions"
                                 % (cache, X.shape[1], net.N_IN))
        else:
            opponents = policies if gen >= a.pool_from else ()
            sys.stderr.write("generation %d: positions played and rolled out as %s%s\n" % (
                gen, policy or "hard1", ", the opponent drawn from %d players" % len(opponents) if opponents else ""))
            X, y, grp = matrix(generate(a.positions, a.samples, a.seed + 1000 * gen, a.jobs, policy, opponents,
                                        true_hands=a.true_hands))
            if cache:
                cache.parent.mkdir(parents=True, exist_ok=True)
                np.savez_compressed(cache, X=X, y=y, grp=grp)
        # Each net is fitted to every generation's positions so far: more positions average out
        # more of the rollouts' luck (measured: better than the newest generation alone).
        parts.append((X, y, grp + (int(parts[-1][2].max()) + 1 if parts else 0)))
        X, y, grp = (np.concatenate([p[i] for p in parts]) for i in range(3))
        base = len(losses)
        checks = {a.epochs // 2, a.epochs} - {0}

        def curve_point(x, m, what):
            """The integer net of m against hard1: a red dot of the curve at epoch x."""
            write(quantize(m), a.out)
            scores.append((x, vs_hard1(a.out, a.curve_deals, jobs=a.jobs)))
            sys.stderr.write("generation %d, %s: %.3f against hard1 over %d duplicate deals\n"
                             % (gen, what, scores[-1][1], a.curve_deals))

        def check(ep, m):
            if a.curve_deals and ep in checks:
                curve_point(base + ep - 1, m, "epoch %d" % ep)

        m, gl, va = fit(X, y, grp, a.hidden, a.epochs, a.seed + gen, check)
        losses += gl
        if gen + 1 >= min(a.generations, a.pool_from) and a.members > 1:
            # The shipped net averages several fits, each with its own held-out tenth and start:
            # their errors partly cancel (measured: +0.01 against hard1), at M times the reads a move.
            # The net a pooled generation plays as is averaged too (that generation was measured so).
            m = side_by_side([m] + [fit(X, y, grp, a.hidden, a.epochs, a.seed + gen + 1000 * i)[0]
                                    for i in range(1, a.members)])
            if a.curve_deals:
                curve_point(len(losses) - 1, m, "%d nets averaged" % a.members)
        q = quantize(m)
        write(q, a.out)
        report = {"generation": gen, "positions": int(grp.max()) + 1, "rows": len(y), "hidden": len(m.b1),
                  "epochs": a.epochs, "samples": a.samples, "held_out_loss": gl[-1],
                  "int_agrees": agreement(m, q, X, grp, va), "vs_hard1": scores,
                  "seconds": round(time.time() - t0), "bytes": len(to_bytes(q))}
        print(json.dumps(report))
        if gen + 1 < a.generations:
            policy = str(pathlib.Path(a.data or tempfile.gettempdir()) / ("hard-gen%d.net" % gen))
            write(q, policy)
            policies.append(policy)
    if a.curve_deals:
        curve_png(a.curve, losses, scores)
    return report


if __name__ == "__main__":
    main()
