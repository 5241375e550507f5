"""Hard's learned evaluation at 3 and 4 players (brisca/tablenet.py's features, read by
brisca/net.py from assets/tables.net): the device's integers against the trainer's, what the
features say, where hard uses the net, and a tiny training run (tools/train_tables.py)."""
import json
import pathlib
import random
import sys

import pytest

from brisca import ai, core, net, tablenet
from brisca.words import parse_rules

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import train  # noqa: E402 (after the sys.path set-up on purpose)
import train_tables  # noqa: E402
from tests.conftest import random_net  # noqa: E402

TABLES = ("p4", "p3 d39")


@pytest.fixture
def weights(tmp_path, monkeypatch):
    """A random integer net of the tables' layout, brisca.net's TABLES pointed at it."""
    q = random_net(5, tablenet.N_IN)
    path = tmp_path / "tables.net"
    train.write(q, path, train_tables.VERSION)
    monkeypatch.setattr(net, "TABLES", str(path))
    net._I[3] = 0
    yield q, path
    net._I[3] = 0


def positions(rules, deals=4, seed=1):
    """Views of the seat to play wherever the net picks the card (random play)."""
    rng = random.Random(seed)
    for d in range(deals):
        g = core.Game(rules, seed * 100 + d)
        while g.phase < core.DEAL_OVER:
            v = g.view(g.turn)
            if train_tables.net_on(v):
                yield v
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])


@pytest.mark.parametrize("words", TABLES)
def test_device_inference_gives_the_trainers_integers(weights, words):
    q, path = weights
    out = [0] * 5
    seen = 0
    for v in positions(parse_rules(words)):
        f = [0] * 48
        k = tablenet.features(v, f)
        assert k <= 48 and len(set(f[:k])) == k and max(f[:k]) < tablenet.N_IN
        assert net.scores(v, out, str(path), tablenet)
        assert out[: v.nlegal] == train.int_scores(q, f[:k], train_tables.card_rows(v))
        seen += 1
    assert seen > 50


def test_a_file_of_the_other_layout_is_refused(weights, tmp_path):
    """hard.net's layout (310 features) is no tables net, and the reverse."""
    assert net.load(str(weights[1]), tablenet.N_IN)
    assert not net.load(str(weights[1]), net.N_IN)
    assert not net.load(net.FILE, tablenet.N_IN)
    assert net.load(net.FILE, net.N_IN)


@pytest.mark.parametrize("words", TABLES)
def test_features_say_the_trick_and_the_seats_around(words):
    """The trick's best card and whose it is, the seat's place, who is still to play, and only
    what the seat may see."""
    rules = parse_rules(words)
    for v in positions(rules, deals=3, seed=2):
        f = [0] * 48
        on = set(f[: tablenet.features(v, f)])
        t, me, n = v.trump_suit, v.seat, v.n
        assert {x for x in on if x < 40} == {tablenet.canon(v.hand[i], t) for i in range(v.hand_len)}
        assert tablenet._PLACE + v.trick_len + (4 if n == 3 else 0) in on
        assert (tablenet._SHAPE in on) == (n == 3)
        after = [(me + i) % n for i in range(1, n - v.trick_len)]
        opp = sum(rules.side_of(s) != rules.side_of(me) for s in after)
        assert tablenet._OPP_AFTER + opp in on
        assert (tablenet._MATE_AFTER in on) == (len(after) > opp)
        if v.trick_len:
            best = v.trick[0]
            for c in v.trick[1: v.trick_len]:
                best = c if core.beats(c, best, t) else best
            assert tablenet._BEST + tablenet.canon(best, t) in on
            whose = v.trick_seats[v.trick[: v.trick_len].index(best)]
            assert (tablenet._MATE_BEST in on) == (rules.side_of(whose) == rules.side_of(me))
            for c in v.legal[: v.nlegal]:
                x = tablenet.extra_feature(v, c)
                assert (x < tablenet._LOSE) == core.beats(c, best, t)
        else:  # leading: the cards of its suit that beat it, neither seen gone nor in hand (0-3+)
            assert net._HIGHER == 306  # (tablenet counts on it)
            for c in v.legal[: v.nlegal]:
                out = [d for d in range(c - c % 10, c - c % 10 + 10) if core.beats(d, c, t) and d in v.deck_cards
                       and not v.played_by[d] and v.holder[d] != me + 1 and d != v.trump_card]
                assert tablenet.extra_feature(v, c) == tablenet._HIGHER + min(len(out), 3)
        for s in range(n):
            if s != me:
                g_cards = [c for c in range(40) if v.holder[c] == s + 1]
                for c in g_cards:  # known cards (a face-up trump taken) and nothing else
                    kind = tablenet._MATE if rules.side_of(s) == rules.side_of(me) else tablenet._OPP
                    assert kind + tablenet.canon(c, t) in on


@pytest.mark.parametrize("words", TABLES)
def test_features_do_not_depend_on_cards_the_seat_cannot_see(words):
    """Shuffling the other hands' hidden cards and the stock changes no feature of any card."""
    rules = parse_rules(words)
    rng = random.Random(4)
    for d in range(4):
        g = core.Game(rules, 50 + d)
        while g.phase < core.DEAL_OVER:
            v = g.view(g.turn)
            if train_tables.net_on(v):
                f1, f2 = [0] * 48, [0] * 48
                a = sorted(f1[: tablenet.features(v, f1)]), train_tables.card_rows(v)
                w = train.determinize(g, v, rng)
                v2 = w.view(w.turn)
                b = sorted(f2[: tablenet.features(v2, f2)]), train_tables.card_rows(v2)
                assert a == b
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])


@pytest.mark.parametrize("words", TABLES)
def test_the_trainers_player_plays_the_nets_best_card_before_the_last_drawing_round(weights, words):
    """tools/train_tables.py's NetPlayer (what the curve and the rollouts play) picks by the
    integers brisca.net computes, and hard1 from the stock's last drawing round."""
    q, path = weights
    rules = parse_rules(words)
    p = train_tables.NetPlayer(rules, 1, q)
    out = [0] * 5
    picked = 0
    for v in positions(rules, deals=3, seed=5):
        assert net.scores(v, out, str(path), tablenet)
        best = max(range(v.nlegal), key=lambda i: (out[i], -i))
        assert p.choose(v) == v.legal[best]
        picked += 1
    assert picked > 30


def test_the_shipped_weights_are_whole_and_of_this_layout():
    """assets/tables.net (generation 5, docs/ai-comparison.md): whole, and of brisca/tablenet.py's
    layout (a changed layout needs the net trained again), and hard loads it at both shapes."""
    shipped = str(ROOT / "assets" / "tables.net")
    assert net.TABLES == shipped
    assert net.load(shipped, tablenet.N_IN) and not net.load(shipped, net.N_IN)
    net._I[3] = 0
    for words in TABLES:
        assert ai.Player(parse_rules(words), "hard", 1).net is tablenet, words
    net._I[3] = 0


def test_hard_uses_the_tables_net_where_it_plays_better(weights):
    """Where it was trained, and the decks and the exchange it was measured better at
    (docs/ai-comparison.md); not with must-follow, two plays a trick or 6 players."""
    for words in TABLES + ("p4 exchange", "p4 d32", "p3 d36 exchange", "p3 d32"):
        p = ai.Player(parse_rules(words), "hard", 1)
        assert p.net is tablenet, words
    for words in ("p4 follow", "p4 double", "p6 d36", "p3 d36 follow", "p4 partners follow"):
        assert ai.Player(parse_rules(words), "hard", 1).net is None, words
    assert ai.Player(parse_rules("p4"), "medium", 1).net is None
    assert ai.Player(core.Rules(), "hard", 1).net is net  # 2 players: hard.net, its own layout


@pytest.mark.parametrize("words", TABLES)
def test_hard_plays_the_nets_best_card_before_the_last_drawing_round(weights, words):
    """Before the stock's last drawing round hard plays the card the net values most (the first
    of equals)."""
    rules = parse_rules(words)
    p = ai.Player(rules, "hard", 1)
    out = [0] * 5
    picked = 0
    for v in positions(rules, deals=3, seed=5):
        assert net.scores(v, out, net.TABLES, tablenet)
        best = max(range(v.nlegal), key=lambda i: (out[i], -i))
        assert p.choose(v) == v.legal[best]
        picked += 1
    assert picked > 30


def test_a_tiny_training_run_writes_weights_the_net_plays_with(tmp_path):
    out = tmp_path / "t.net"
    report = train_tables.main(["--positions", "60", "--epochs", "2", "--members", "2", "--hidden", "8",
                                "--out", str(out), "--curve-deals", "2", "--jobs", "1",
                                "--data", str(tmp_path / "d")])
    assert report["positions"] > 20 and report["hidden"] == 16 and set(report["vs_hard1"]) == set(TABLES)
    assert (tmp_path / "d" / "gen0.npz").exists()
    assert net.load(str(out), tablenet.N_IN)
    q = train.read(out)
    for words in TABLES:
        rules = parse_rules(words)
        p = train_tables.NetPlayer(rules, 3, q)
        g = core.Game(rules, 9)
        while g.phase < core.DEAL_OVER:
            g.apply(p.choose(g.view(g.turn)))
    net._I[3] = 0
    json.dumps(report)


def test_a_board_holds_one_half_of_hard_at_a_time(monkeypatch):
    """On a board (gc.mem_free) hard at 3 and 4 players holds the tables' net or brisca.search, never
    both: each goes from sys.modules and the package before the other loads, and no Player holds
    either between decisions, else nothing would be freed (both: 4.4 KB past the 4-player table's
    bar, tools/fit.py). Its moves are CPython's, where both are held."""
    import gc

    import brisca
    from brisca import search

    halves = ("brisca.net", "brisca.tablenet", "brisca.search")
    for name, mod in zip(halves, (net, tablenet, search)):  # (put back as they were, after)
        monkeypatch.setitem(sys.modules, name, mod)
        monkeypatch.setattr(brisca, name[7:], mod)
    for words in TABLES:
        rules = parse_rules(words)
        games = []
        for board in (False, True):
            with monkeypatch.context() as m:
                if board:
                    m.setattr(gc, "mem_free", lambda: 0, raising=False)
                g = core.Game(rules, 7)
                ps = [ai.Player(rules, "hard", s) for s in range(rules.players)]
                moves = []
                while g.phase < core.DEAL_OVER:
                    moves.append(ps[g.turn].choose(g.view(g.turn)))
                    g.apply(moves[-1])
                    if board:
                        held = [name for name in halves if name in sys.modules]
                        assert held in (["brisca.net", "brisca.tablenet"], ["brisca.search"]), (words, held)
                        assert [name for name in halves if hasattr(brisca, name[7:])] == held
                        assert all(p.sr is None and p.net is None for p in ps)
                games.append(moves)
        assert games[0] == games[1], words


def _endings(words, deals, seed):
    """Random play of each deal up to where a rollout may end in an exact solve."""
    rules, rng = parse_rules(words), random.Random(seed)
    for d in range(deals):
        g = core.Game(rules, d)
        while not train_tables.solvable(g):
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])
        yield g


def _minimax_side_points(g, me):
    """Seat me's side's points at the deal's end by a plain minimax over the game's own moves."""
    if g.phase >= core.DEAL_OVER:
        return g.side_points(g.rules.side_of(me))
    acts = g.legal_actions()
    vals = []
    for a in acts:
        c = train.clone(g)
        c.apply(a)
        vals.append(_minimax_side_points(c, me))
    return max(vals) if g.rules.side_of(g.turn) == g.rules.side_of(me) else min(vals)


def test_the_rollouts_exact_ending_at_4_players_is_the_games_minimax():
    """train_tables.team_end (--exact-ends: a rollout at 4 players solved once the stock is gone,
    every hand seen) gives the value of a plain minimax over brisca.core's own moves."""
    seen = set()
    for seed, g in enumerate(_endings("p4", 8, 4)):
        for me in (seed % 4, (seed + 1) % 4):
            value = train_tables.team_end(g, me)
            assert value == _minimax_side_points(g, me), (seed, me)
            seen.add(value)
    assert len(seen) > 4  # real endings, not one over and over


def _maxn_seat_points(g):
    """Each seat's points at the deal's end by a plain max^n over the game's own moves, each seat
    taking the first move best for itself."""
    if g.phase >= core.DEAL_OVER:
        return list(g.seat_points[: g.n])
    top = None
    for a in g.legal_actions():
        c = train.clone(g)
        c.apply(a)
        v = _maxn_seat_points(c)
        if top is None or v[g.turn] > top[g.turn]:
            top = v
    return top


def test_the_rollouts_exact_ending_at_3_players_is_the_games_max_n():
    """train_tables.each_end (--exact-ends at 3 players: each seat plays for its own points, every
    hand seen) gives a plain max^n over brisca.core's own moves."""
    seen = set()
    for seed, g in enumerate(_endings("p3 d39", 10, 5)):
        value = train_tables.each_end(g)
        assert value == _maxn_seat_points(g), seed
        assert sum(value) == 120
        seen.add(tuple(value))
    assert len(seen) > 5


def test_a_resumed_run_fits_only_the_generation_it_makes(tmp_path, monkeypatch):
    """With --data, a run that goes on from kept positions fits no earlier generation again when
    --policy names the net the new one plays as (before, each was fitted again first)."""
    data, first = tmp_path / "d", tmp_path / "first.net"
    common = ["--positions", "30", "--epochs", "1", "--members", "1", "--hidden", "4", "--curve-deals", "0",
              "--jobs", "1", "--data", str(data), "--shapes", "p4"]
    train_tables.main(common + ["--out", str(first)])
    fits, policies = [], []
    real_fit, real_generate = train.fit, train_tables.generate
    monkeypatch.setattr(train, "fit", lambda X, *rest: fits.append(len(X)) or real_fit(X, *rest))
    monkeypatch.setattr(train_tables, "generate",
                        lambda *args, **kw: policies.append(args[4]) or real_generate(*args, **kw))
    report = train_tables.main(common + ["--generations", "2", "--policy", str(first),
                                         "--out", str(tmp_path / "b.net")])
    assert policies == [str(first)] and len(fits) == 1 and fits[0] == report["rows"]


def test_policy_names_the_player_of_a_runs_first_generation_too(tmp_path, monkeypatch):
    """--policy is the net the first new generation plays as, also when no generation is kept (it
    was ignored there: generation 0 played as hard1)."""
    net_file = tmp_path / "w.net"
    args = ["--positions", "30", "--epochs", "1", "--members", "1", "--hidden", "4", "--curve-deals", "0",
            "--jobs", "1", "--shapes", "p4"]
    train_tables.main(args + ["--out", str(net_file)])
    policies, real_generate = [], train_tables.generate
    monkeypatch.setattr(train_tables, "generate",
                        lambda *a, **kw: policies.append(a[4]) or real_generate(*a, **kw))
    train_tables.main(args + ["--policy", str(net_file), "--out", str(tmp_path / "b.net")])
    assert policies == [str(net_file)]
