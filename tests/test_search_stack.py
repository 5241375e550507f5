"""Hard's searches run as loops over their own stacks (brisca/endgame.py's _ab, brisca/search.py's
_g), not as recursion: a board's Python frames share a small fixed stack (tests/test_pystack.py).
They must play exactly as the recursive versions they replaced (frozen in tools/recursive/): the
same nodes in the same order, the same node counts, values and moves, also when the node budget or
the clock cuts a search short."""
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))

from recursive import endgame as rec_endgame  # noqa: E402 (after the sys.path set-up on purpose)
from recursive import search as rec_search  # noqa: E402

from brisca import ai, core, endgame, search  # noqa: E402
from brisca.notation import parse_rules  # noqa: E402

# brisca.endgame's tables (2 players), then brisca.search's (every other one)
ENDGAME_SHAPES = ["p2", "p2 exchange spanish", "p2 open", "p2 notrump", "p2 notrump open", "p2 d32 follow exchange"]
SEARCH_SHAPES = ["p2 double", "p2 double follow", "p3 d39", "p3 d36 follow", "p3 d32", "p4", "p4 follow",
                 "p4 double", "p4 double partners", "p6 d36", "p6 d36 partners"]
PAIRS = {endgame: rec_endgame, search: rec_search}
BUFFERS = ("_H", "_HL", "_ST", "_K", "H", "HL", "KH", "KHL", "NEED", "SIDE", "T", "ST", "POOL", "SEAT", "TZ", "SP", "F")


class Clock:
    """A stand-in for brisca.ai.since: a call's time is 0 ms until call number `expire`, a day
    after; each call records a snapshot of `mod`'s search buffers, so two runs that visit the same
    nodes in the same order (the search reads the clock every 32 or 64 nodes) record the same."""

    def __init__(self, mod, expire):
        self.mod, self.expire, self.trace = mod, expire, []

    def __call__(self, t0):
        m = self.mod
        if m.__name__.endswith("endgame"):
            self.trace.append(bytes(m._H) + bytes(m._HL))
        else:
            self.trace.append(bytes(m.H) + bytes(m.HL) + bytes(m.T) + bytes(m.SP))
        return 0 if len(self.trace) < self.expire else 86400000


class Logged:
    """A search module as hard's Player uses it (prepare, then one() per placement), recording
    what each call leaves in the AI's buffers: the scores (one placement's values per move in
    5..9) and facts (node counts, placements done), and the module's own node count."""

    def __init__(self, mod):
        self.mod, self.log = mod, []

    def prepare(self, v, k, t0, budget, since, moves, score, facts, rng):
        todo = self.mod.prepare(v, k, t0, budget, since, moves, score, facts, rng)
        self.log.append((todo, bytes(moves)))
        return todo

    def one(self, rng, voids, moves, score, facts):
        ok = self.mod.one(rng, voids, moves, score, facts)
        nodes = self.mod.F[8] if hasattr(self.mod, "F") else facts[4]
        self.log.append((ok, list(score), facts[4], facts[7], facts[12], facts[13], nodes))
        return ok


def decide(g, mod, monkeypatch, expire=10 ** 9, seed=3):
    """Hard's decision for the seat to play in `g` with `mod` as its search (brisca's or the frozen
    recursive one), the clock replaced by Clock(mod, expire): all it recorded."""
    clock = Clock(mod, expire)
    monkeypatch.setattr(ai, "since", clock)  # Player's budget, and brisca.search's clock (prepare() takes it)
    if hasattr(mod, "_ab"):
        monkeypatch.setattr(mod, "since", clock)  # brisca.endgame's own import of it
    for buf in (ai._S, ai._SC, ai._U) + tuple(getattr(mod, name) for name in BUFFERS if hasattr(mod, name)):
        buf[:] = bytearray(len(buf)) if isinstance(buf, bytearray) else [0] * len(buf)  # the same start
    p = ai.Player(g.rules, "hard", seed)
    assert p.sr is mod or PAIRS.get(p.sr) is mod
    p.sr = log = Logged(mod)
    action = p.choose(g.view(g.turn), 10 ** 6)
    facts = [x for i, x in enumerate(ai._S) if i != 20]  # (20: the start's ticks)
    return action, p.reason, log.log, clock.trace, facts, list(ai._SC)


def compare(spec, count, seed, monkeypatch, nodes=None, expire=10 ** 9):
    """Hard's decisions with each search, brisca's and the recursive one, in `count` positions of
    random deals of `spec` where hard searches: the first of its deal (the largest search) or, one
    time in two, a later one. `nodes`: the node budget per move, if given."""
    rules = parse_rules(spec)
    new = search if rules.players > 2 or rules.plays > 1 else endgame
    old = PAIRS[new]
    if nodes:
        for mod in (new, old):
            for name in ("_NODES", "_NODES_2P"):
                if hasattr(mod, name):
                    monkeypatch.setattr(mod, name, nodes)
    rng = core.Random(seed)
    done = 0
    while done < count:
        g = core.Game(rules, rng.below(30000))
        while g.phase == core.PLAY:
            acts = g.legal_actions()
            if len(acts) > 1 and g.stock_left <= rules.players * rules.plays:
                a = decide(g, new, monkeypatch, expire)
                if a[2][0][0] and rng.below(2):  # (prepare() gave placements to search)
                    assert a == decide(g, old, monkeypatch, expire), (spec, g.to_bytes().hex())
                    done += 1
                    break
            g.apply(acts[rng.below(len(acts))])
    return done


@pytest.mark.parametrize("spec", ENDGAME_SHAPES + SEARCH_SHAPES)
def test_the_loop_searches_as_the_recursion_did(spec, monkeypatch):
    """Late positions of every table shape: the same nodes (the clock's snapshots), node counts,
    values per placement and move, and moves."""
    compare(spec, 12, len(spec), monkeypatch)


@pytest.mark.parametrize("spec", ["p2", "p2 notrump open", "p3 d39", "p4 double", "p6 d36"])
@pytest.mark.parametrize("nodes", [9, 70, 230])
def test_the_node_budget_cuts_the_loop_where_it_cut_the_recursion(spec, nodes, monkeypatch):
    """A node budget too small for the search: the same counts past it, the same placements dropped."""
    compare(spec, 4, nodes, monkeypatch, nodes=nodes)


@pytest.mark.parametrize("spec", ["p2", "p4", "p4 double", "p6 d36"])
@pytest.mark.parametrize("expire", [2, 5, 12])
def test_the_clock_stops_the_loop_where_it_stopped_the_recursion(spec, expire, monkeypatch):
    """Out of time at the clock's `expire`-th reading: the same placement abandoned at the same node."""
    compare(spec, 4, expire, monkeypatch, expire=expire)


def test_whole_deals_play_as_with_the_recursion(monkeypatch):
    """Every decision of whole deals, hard at every seat, with each search: the same game."""
    for spec in ("p2", "p2 exchange spanish", "p3 d39", "p4", "p4 double", "p6 d36"):
        rules = parse_rules(spec)
        for seed in range(3):
            games = []
            for mods in ((endgame, search), (rec_endgame, rec_search)):
                g = core.Game(rules, 100 + seed)
                ai._S[:] = [0] * len(ai._S)
                ps = [ai.Player(rules, "hard", seed * 7 + s) for s in range(rules.players)]
                for p in ps:
                    p.sr = mods[p.sr is search]
                moves = []
                while g.phase < core.DEAL_OVER:
                    a = ps[g.turn].choose(g.view(g.turn), 10 ** 6)
                    moves.append((a, ps[g.turn].reason, ai._S[12], ai._S[13]))
                    g.apply(a)
                games.append(moves)
            assert games[0] == games[1], (spec, seed)
