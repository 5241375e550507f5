"""Hard's learned evaluation (brisca/net.py): the device's integer inference against the trainer's,
the weights file's checks, the shipped asset, and a tiny training run end to end (tools/train.py)."""
import pathlib
import random
import sys

import numpy as np
import pytest

from brisca import ai, core, net, tablenet

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import train  # noqa: E402 (after the sys.path set-up on purpose)
from tests.conftest import random_net  # noqa: E402
from tests.conftest import same_choices  # noqa: E402


@pytest.fixture
def weights(tmp_path):
    """A random integer net written as a weights file, brisca.net pointed at it (then back)."""
    q = random_net(3, net.N_IN, 0.25)
    path = tmp_path / "w.net"
    train.write(q, path)
    old = net.FILE
    net.FILE = str(path)
    net._I[4] = 0
    yield q, path
    net.FILE = old
    net._I[4] = 0


def positions(rules, deals=6, seed=1):
    """Views of the seat to play, every decision with two cards or more while the stock lasts."""
    rng = random.Random(seed)
    for d in range(deals):
        g = core.Game(rules, seed * 100 + d)
        while g.phase < core.DEAL_OVER:
            v = g.view(g.turn)
            if v.phase == core.PLAY and v.nlegal > 1:
                yield v
            g.apply(g.legal_actions()[rng.randrange(len(g.legal_actions()))])


def test_device_inference_gives_the_trainers_integers(weights):
    q, path = weights
    out = [0] * 5
    seen = 0
    for v in positions(core.Rules()):
        feats = [0] * 48
        k = net.features(v, feats)
        cards = train.card_rows(v)
        assert net.scores(v, out)
        assert out[: v.nlegal] == train.int_scores(q, feats[:k], cards)
        seen += 1
    assert seen > 100
    assert train.read(path)[3] == q[3] and (train.read(path)[0] == q[0]).all()


def test_features_are_the_seats_own_and_canonical():
    """The trump suit is always suit 0, and what the seat cannot see is not in its features."""
    g = core.Game(core.Rules(), 7)
    v = g.view(g.turn)
    f = [0] * 48
    k = net.features(v, f)
    hand = sorted(x for x in f[:k] if x < 40)
    assert hand == sorted(net.canon(v.hand[i], v.trump_suit) for i in range(3))
    assert net.canon(v.trump_card, v.trump_suit) // 10 == 0
    assert 240 + v.trump_card % 10 in f[:k]
    other = g.hand(1 - g.turn)
    assert not any(net._KNOWN + net.canon(c, v.trump_suit) in f[:k] for c in other)


def test_each_cards_second_feature_says_what_it_does_to_the_trick():
    """Answering: whether the card takes the trick (core.beats) and the trick's points bucket.
    Leading: how many cards of its suit that beat it the seat has not seen go, nor holds."""
    assert net._PTS == core.POINTS and net._STR == core.STRENGTH  # (its own copies: it compiles alone)
    seen = set()
    for v in positions(core.Rules(), deals=10, seed=3):
        for c in v.legal[: v.nlegal]:
            x = net.extra_feature(v, c)
            if v.trick_len:
                led = v.trick[0]
                wins = core.beats(c, led, v.trump_suit)
                pts = core.POINTS[c % 10] + core.POINTS[led % 10]
                bucket = 0 if pts == 0 else 1 if pts < 4 else 2 if pts < 10 else 3 if pts < 12 else 4 if pts < 16 else 5
                assert x == (net._WIN if wins else net._LOSE) + bucket
            else:
                out = [d for d in range(c - c % 10, c - c % 10 + 10) if core.beats(d, c, v.trump_suit)
                       and not v.played_by[d] and d not in v.hand[: v.hand_len] and d != v.trump_card]
                assert x == net._HIGHER + min(len(out), 3)
            assert net._WIN <= x < net.N_IN
            seen.add(x)
    assert len(seen) > 12  # (both kinds, many buckets)


def test_a_damaged_or_missing_weights_file_is_refused_and_hard_still_plays(weights, tmp_path):
    q, path = weights
    good = path.read_bytes()
    bad = bytearray(good)
    bad[100] ^= 1
    for data in (bytes(bad), good[:-1], good + b"x", b"XXXX" + good[4:], b""):
        path.write_bytes(data)
        net._I[4] = 0
        assert not net.load()
        p = ai.Player(core.Rules(), "hard", 1)
        assert p.net is None
        g = core.Game(core.Rules(), 3)
        while g.phase < core.DEAL_OVER:
            a = p.choose(g.view(g.turn))
            assert a in g.legal_actions()
            g.apply(a)
    path.unlink()
    net._I[4] = 0
    assert not net.load()


def test_hard_uses_the_net_where_it_plays_better(weights):
    """Where it was trained (40 cards) and measured better (32 cards, the exchange:
    docs/ai-comparison.md); not with open hands, must-follow or no trump."""
    assert ai.Player(core.Rules(), "hard", 1).net is net
    assert ai.Player(core.Rules(), "medium", 1).net is None
    for flags in (core.F_OPEN, core.F_FOLLOW, core.F_NO_TRUMP):
        assert ai.Player(core.Rules(2, 40, flags), "hard", 1).net is None
    assert ai.Player(core.Rules(2, 32), "hard", 1).net is net
    assert ai.Player(core.Rules(2, 32, core.F_EXCHANGE), "hard", 1).net is net
    assert ai.Player(core.Rules(4), "hard", 1).net is not net  # (brisca.tablenet: hard.net is 2 players')


def test_hard_plays_the_nets_best_card_while_the_stock_lasts(weights):
    q, _ = weights
    p = ai.Player(core.Rules(), "hard", 1)
    differs = 0
    for v in positions(core.Rules(), deals=3, seed=5):
        if v.stock_left <= 2:
            continue
        f = [0] * 48
        k = net.features(v, f)
        vals = train.int_scores(q, f[:k], train.card_rows(v))
        assert p.choose(v) == v.legal[vals.index(max(vals))]
        differs += p.choose(v) != ai.Player(core.Rules(), "medium", 1).choose(v)
    assert differs  # (a random net does not play like medium)


def test_the_shipped_weights_are_whole_and_current():
    path = ROOT / "assets" / "hard.net"
    b = path.read_bytes()
    net._I[4] = 0
    assert net.load(str(path)) and b[11] == train.VERSION
    assert len(b) <= 48 * 1024  # of the board's 2 MB of flash, read a row at a time
    net._I[4] = 0


def test_nets_side_by_side_give_their_mean():
    """The shipped net averages several fits as one net: its output is their outputs' mean."""
    members = [train.MLP(8, np.random.default_rng(s)) for s in range(3)]
    for i, m in enumerate(members):
        m.b1 += 0.1 * i
        m.b2[0] = 0.2 * i - 0.1
    X = (np.random.default_rng(9).random((50, net.N_IN)) < 0.1).astype(np.float32)
    both = train.side_by_side(members)
    assert len(both.b1) == 24
    assert np.allclose(both.predict(X), np.mean([m.predict(X) for m in members], 0), atol=1e-5)


def test_a_tiny_training_run_writes_weights_hard_plays_with(tmp_path):
    """What `make train` does, in a few seconds: data, fit, integers, file; then a deal with them."""
    out = tmp_path / "tiny.net"
    report = train.main(["--positions", "40", "--samples", "2", "--epochs", "2", "--hidden", "8", "--jobs", "1",
                         "--out", str(out), "--curve-deals", "0"])
    assert report["rows"] > 40 and report["int_agrees"] == 1.0
    old = net.FILE
    try:
        net.FILE, net._I[4] = str(out), 0
        p = ai.Player(core.Rules(), "hard", 1)
        assert p.net is net
        assert train._duel((str(out), 11)) in (0.0, 0.5, 1.0, 1.5, 2.0)
        g = core.Game(core.Rules(), 4)
        while g.phase < core.DEAL_OVER:
            v = g.view(g.turn)
            g.apply(p.choose(v))
        assert g.side_points(0) + g.side_points(1) == 120
    finally:
        net.FILE, net._I[4] = old, 0


class _Recorder:
    """A rollout player that plays its first legal card and notes the seats it played for."""

    def __init__(self):
        self.seats = set()
        self.deal = -1

    def choose(self, v, budget_ms=None):
        self.seats.add(v.seat)
        return v.legal[0]


def test_a_pooled_rollout_plays_the_other_seat_as_an_opponent_drawn_from_the_pool():
    """With opponents (tools/train.py's pooled generations) the seat that chose plays on as the
    generation's player, the other seat as one of the pool, each of them drawn in turn."""
    rules = core.Rules()
    mine = [_Recorder(), _Recorder()]
    pool = [[_Recorder(), _Recorder()] for _ in range(3)]
    roll = train.Rollout(rules, mine, pool, random.Random(5))
    for me in (0, 1):
        for _ in range(12):
            roll.margin(core.Game(rules, 9), me)
    assert mine[0].seats == {0} and mine[1].seats == {1}
    for pair in pool:
        assert pair[0].seats == {0} and pair[1].seats == {1}  # each drawn, for the other seat only


@pytest.mark.parametrize("players", [2, 4])
def test_true_hands_shuffle_the_stock_alone(players):
    """train.restock (--true-hands: rollouts from the hands as dealt) keeps every hand, the face-up
    trump and the cards gone, and only reorders the face-down stock; determinize places the hidden
    hands again."""
    rules, rng = core.Rules(players), random.Random(3)
    g = core.Game(rules, 7)
    for _ in range(players * 2):
        g.apply(g.legal_actions()[0])
    hands = [sorted(g.hand(s)) for s in range(players)]
    end = g.end - 1
    stock = list(g.deck[g.top:end])
    orders, moved = set(), False
    for _ in range(20):
        c = train.restock(g, rng)
        assert [sorted(c.hand(s)) for s in range(players)] == hands
        assert c.deck[end:g.end] == g.deck[end:g.end] and c.deck[: g.top] == g.deck[: g.top]
        assert sorted(c.deck[g.top:end]) == sorted(stock)
        orders.add(bytes(c.deck[g.top:end]))
        d = train.determinize(g, g.view(0), rng)
        moved |= [sorted(d.hand(s)) for s in range(1, players)] != hands[1:]
    assert len(orders) > 10 and moved
    assert list(g.deck[g.top:end]) == stock  # the game itself untouched


def test_true_hands_reach_the_rollouts(monkeypatch):
    """--true-hands makes each placement of a new generation's positions with train.restock."""
    calls = []
    real = train.restock
    monkeypatch.setattr(train, "restock", lambda g, rng: calls.append(1) or real(g, rng))
    train.gen_chunk((5, 1, 2, 0.5, 0.1, None, (), False))
    assert not calls
    out = train.gen_chunk((5, 1, 2, 0.5, 0.1, None, (), True))
    assert out and len(calls) == 2 * len(out)


def _ref_margin(g, me):
    """The last tricks solved by ref_bots.Deal (outcome first, then margin), as a margin."""
    import ref_bots

    rules, v = core.Rules(), core.View(core.Rules())
    d = ref_bots.Deal(rules, me)
    g.view(me, v)
    d.reset(v, [list(g.hand(s)) for s in range(2)], list(g.deck[g.top:g.end]))
    w = ref_bots.WIN
    val = d.ab(99, -10 * w, 10 * w, 0)
    return val - w if val > w // 2 else val + w if val < -w // 2 else val


@pytest.mark.parametrize("extra", [0, 1, 2, 3])
def test_the_rollouts_exact_ending_equals_the_reference_solver(extra):
    """train.exact_margin (the rollouts' fast solve of the last tricks) gives ref_bots' value, from
    the stock's last drawing trick, with a card led, and after the stock is gone."""
    rules, rng, seen = core.Rules(), random.Random(extra), set()
    v = core.View(rules)
    for seed in range(60):
        g = core.Game(rules, seed)
        while not (g.phase == core.PLAY and g.stock_left <= 2):
            g.view(g.turn, v)
            g.apply(v.legal[rng.randrange(v.nlegal)])
        for _ in range(extra):
            g.view(g.turn, v)
            g.apply(v.legal[rng.randrange(v.nlegal)])
        for me in (0, 1):
            m = train.exact_margin(g, me)
            assert m == _ref_margin(g, me)
            seen.add(m)
    assert len(seen) > 10  # real positions, not one ending over and over


def test_cached_positions_of_another_layout_are_refused(tmp_path):
    """--data keeps positions between runs; positions of an older feature layout must not be fitted."""
    np.savez_compressed(tmp_path / "gen0.npz", X=np.zeros((4, net.N_IN - 16), np.uint8), y=np.zeros(4, np.float32),
                        grp=np.arange(4))
    with pytest.raises(SystemExit, match="another layout"):
        train.main(["--data", str(tmp_path), "--generations", "1", "--out", str(tmp_path / "x.net"),
                    "--curve-deals", "0"])
    assert not (tmp_path / "x.net").exists()


def test_micropython_reads_the_same_integers(tmp_path):
    """tests/portable/netscores.py prints the shipped net's values of every card in a few deals, and
    a tables net's at 4 and 3 players:
    MicroPython (.mpy as a board runs them; the 32K runs are in test_micropython.py) prints the
    same lines as CPython."""
    import os
    import subprocess

    import mpytree

    exe = mpytree.binary("micropython")
    if not exe:
        pytest.fail("no micropython binary: `make venv` installs it (requirements-dev.txt)")
    script = ROOT / "tests" / "portable" / "netscores.py"
    train.write(random_net(8, tablenet.N_IN), tmp_path / "tables.net")  # (random: the arithmetic is tested)
    (tmp_path / "drive.py").write_text("import netscores\nnetscores.run(%r)\n" % str(tmp_path / "tables.net"))
    tree = mpytree.compile_tree(tmp_path / "tree", extra=[script, tmp_path / "drive.py"], skip=("ui", "lang"))
    mp = subprocess.run([exe, "-X", "heapsize=64K", "-c", "import drive"], cwd=tree, capture_output=True,
                        text=True, timeout=300, env=dict(os.environ, MICROPYPATH=str(tree)))
    cp = subprocess.run([sys.executable, str(tmp_path / "drive.py")], capture_output=True, text=True, timeout=300,
                        env=dict(os.environ, PYTHONPATH=os.pathsep.join((str(ROOT), str(script.parent)))))
    assert mp.returncode == 0 and cp.returncode == 0, mp.stdout + mp.stderr + cp.stderr
    for players in (2, 4, 3):
        assert "LOADED %d True\n" % players in mp.stdout
    assert mp.stdout.count("\n") > 120
    assert mp.stdout == cp.stdout


@pytest.mark.parametrize("spec", [(2, 0, "easy"), (2, 0, "medium"), (2, core.F_FOLLOW, "hard"),
                                  (4, core.F_FOLLOW, "hard"), (3, core.F_FOLLOW, "hard")])
def test_every_other_player_plays_as_before(spec):
    """easy and medium everywhere, and hard where no net plays (hard.net, or the tables' net at 3
    and 4 players: tests/test_tablenet.py), choose exactly as the frozen reference (tools/hard1/) does."""
    from hard1 import ai as hard1

    players, flags, level = spec
    rules = core.Rules(players, 40 if players != 3 else 39, flags)
    # (not the reasons: tests/test_hint_truth.py holds those)
    assert same_choices(ai.Player(rules, level, 5), hard1.Player(rules, level, 5), rules) > 50


def test_weights_gone_mid_game_leave_hard_playing(weights):
    """A computer may delete or replace the drive's files while the game runs: hard plays on."""
    q, path = weights
    p = ai.Player(core.Rules(), "hard", 1)
    assert p.net is net
    path.unlink()
    g = core.Game(core.Rules(), 8)
    while g.phase < core.DEAL_OVER:
        v = g.view(g.turn)
        a = p.choose(v)
        assert a in g.legal_actions()
        g.apply(a)


def test_a_hint_lets_the_buffers_go_unless_an_ai_seat_holds_them(weights):
    """A hint at a table without a hard AI leaves nothing of the network held (issue 12's revisit);
    with a hard AI at the table the buffers stay, and it still scores after the hint."""
    net.release()
    v = next(positions(core.Rules(), 1))
    assert ai.hint(v)[0] in v.legal[:v.nlegal] and not net.loaded()
    p = ai.Player(core.Rules(), "hard", 2)
    assert net.loaded()
    expected = p.choose(v)
    ai.hint(v)
    assert net.loaded() and p.choose(v) == expected
