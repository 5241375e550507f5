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


# -- random states, beyond what a game reaches (a root in the last trick, one card a hand and
# still a stock to draw): the loops must match the recursion on every state they are given -------
def _random_state(rng, n, plays, stock):
    """Hands (seat * 5 + i), their sizes, the stock, the seats of the trick to play (from a random
    leader: everyone with the most cards, `plays` times round, as search._order() seats them) and
    how many of its cards are played (into `trick`): random, hands of 1 to 3 cards."""
    cards = bytearray(range(40))
    rng.shuffle(cards, 0, 40)
    size = 1 + rng.below(3)
    hands, hl = bytearray(30), bytearray(6)
    for s in range(n):
        for i in range(size):
            hands[s * 5 + i] = cards[s * size + i]
        hl[s] = size
    used = n * size
    stock = bytes(cards[used: used + stock])
    leader = rng.below(n)
    seats = [(leader + i) % n for i in range(n)] * plays
    trick = bytearray()
    for s in seats[: rng.below(len(seats))]:
        if not hl[s]:
            break
        i = rng.below(hl[s])
        trick.append(hands[s * 5 + i])
        hl[s] -= 1
        hands[s * 5 + i] = hands[s * 5 + hl[s]]
    return hands, hl, stock, seats, trick


def _endgame_run(mod, state, facts, root, only, limit, expire, monkeypatch):
    hands, hl, stock = state
    mod._H[:] = hands[:10]
    mod._HL[:] = hl[:2]
    mod._ST[:] = (stock + bytes(4))[:4]
    ai._S[:] = facts
    ai._S[4], ai._S[7] = 0, limit
    clock = Clock(mod, expire)
    monkeypatch.setattr(mod, "since", clock)
    val = mod._ab(root[0], root[1], root[2], root[3], 30000, 0, only)
    return val, ai._S[4], ai._S[7], clock.trace, bytes(mod._H), bytes(mod._HL)


def test_the_endgame_loop_matches_the_recursion_on_random_states(monkeypatch):
    rng = core.Random(7)
    runs = 0
    while runs < 400:
        hands, hl, stock, seats, trick = _random_state(rng, 2, 1, 2 * rng.below(3))
        turn = seats[len(trick)]
        led = trick[0] if trick else core.NO_CARD
        facts = [0] * 23
        facts[0], facts[1], facts[2], facts[3] = rng.below(2), rng.below(4), 32 * rng.below(2), len(stock)
        facts[20], facts[21] = 0, 1000
        must = facts[2] and led != core.NO_CARD and any(hands[turn * 5 + i] // 10 == led // 10 for i in range(hl[turn]))
        for i in range(hl[turn]):
            only = hands[turn * 5 + i]
            if must and only // 10 != led // 10:
                continue
            root = (turn, led, rng.below(90), -30000 if rng.below(2) else rng.below(200))
            limit, expire = (10 ** 6, 10 ** 9) if rng.below(2) else (1 + rng.below(60), 1 + rng.below(3))
            new = _endgame_run(endgame, (hands, hl, stock), facts, root, only, limit, expire, monkeypatch)
            old = _endgame_run(rec_endgame, (hands, hl, stock), facts, root, only, limit, expire, monkeypatch)
            assert new == old, (list(hands), list(hl), stock, facts[:4], root, only, limit, expire)
            runs += 1


def _search_run(mod, state, facts, sp, only, alpha, limit, expire):
    hands, hl, stock, seats, trick = state
    mod.H[:] = hands
    mod.HL[:] = hl
    mod.ST[:] = (stock + bytes(40))[:40]
    mod.T[:] = (bytes(trick) + bytes(48))[:48]
    mod.SEAT[:] = (bytes(seats) + bytes(48))[:48]
    mod.TZ[:] = bytes([len(seats)]) + bytes(5)
    mod.SP[:] = sp
    n = facts[0]
    mod.SIDE[:] = bytes(s if n < 4 else s % 2 for s in range(n)) + bytes(6 - n)
    mod.F[:] = facts
    clock = Clock(mod, expire)
    mod._since = clock  # (search.setup() sets it from brisca.ai's clock)
    val = mod.value(only, alpha, limit)
    return val, mod.F[8], mod.F[9], clock.trace, bytes(mod.H), bytes(mod.HL), list(mod.SP)


@pytest.mark.parametrize("n,plays", [(2, 2), (3, 1), (4, 1), (4, 2), (6, 1)])
def test_the_search_loop_matches_the_recursion_on_random_states(n, plays, monkeypatch):
    monkeypatch.setattr(search, "_since", search._since)  # (restored after: each run sets its clock)
    monkeypatch.setattr(rec_search, "_since", rec_search._since)
    rng = core.Random(n * 10 + plays)
    runs = 0
    while runs < 120:
        state = _random_state(rng, n, plays, rng.below(n * plays + 1))
        hands, hl, stock, seats, trick = state
        tl = len(trick)
        me = seats[tl]
        sides = 3 if n == 3 else 2
        facts = [0] * 18
        facts[:7] = [n, plays, rng.below(4), 32 * rng.below(2), me if n < 4 else me % 2, sides, len(stock)]
        facts[10], facts[11], facts[17] = 0, 1000, tl
        sp = [rng.below(40) for _ in range(sides)] + [0] * (3 - sides)
        led = trick[0] // 10 if trick else None
        must = facts[3] and led is not None and any(hands[me * 5 + i] // 10 == led for i in range(hl[me]))
        for i in range(hl[me]):
            only = hands[me * 5 + i]
            if must and only // 10 != led:
                continue
            alpha = -30000 if rng.below(2) else rng.below(1200)
            limit, expire = (10 ** 6, 10 ** 9) if rng.below(2) else (1 + rng.below(120), 1 + rng.below(3))
            new = _search_run(search, state, facts, sp, only, alpha, limit, expire)
            old = _search_run(rec_search, state, facts, sp, only, alpha, limit, expire)
            assert new == old, (n, plays, list(hands), list(hl), stock, seats, list(trick), facts, only, limit)
            runs += 1
