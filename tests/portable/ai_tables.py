"""Hard on other tables (brisca.search), run under MicroPython in 42K by tests/test_ai.py (the search
module does not fit beside a game in the 32K of the portable suite): 3 players and
double, every move legal, the same move for the same seed (nodes, not the clock, bound it)."""
import gc

from brisca import core

gc.collect()
from brisca import ai  # noqa: E402 (after the collection on purpose)


def _game(rules):
    g = core.Game(rules, 5)
    v = core.View(rules)
    p = ai.Player(rules, "hard", 1)
    while g.phase < core.DEAL_OVER:
        g.view(g.turn, v)
        a = p.choose(v, 60000)
        ok = False
        for i in range(v.nlegal):
            ok = ok or v.legal[i] == a
        assert ok and p.reason in ai.REASONS.split()
        g.apply(a)
    assert g.side_points(0) + g.side_points(1) + (g.side_points(2) if rules.sides == 3 else 0) == 120


def _same_twice(rules):
    g = core.Game(rules, 9)
    v = core.View(rules)
    while g.stock_left or g.phase != core.PLAY:
        g.apply(g.legal_actions()[0])
    g.view(g.turn, v)
    assert ai.Player(rules, "hard", 3).choose(v, 60000) == ai.Player(rules, "hard", 3).choose(v, 60000)


def test_hard_three_player_game():
    rules = core.Rules(3, 39)
    _game(rules)
    _same_twice(rules)


def test_hard_double_game():
    rules = core.Rules(2, flags=core.F_DOUBLE)
    _game(rules)
    _same_twice(rules)
