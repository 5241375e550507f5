"""Whole games with the device AI, every move legal (also under MicroPython with a 32K heap)."""
import gc

from brisca import core

gc.collect()  # core first, then collect: loading ai into a fragmented 32K heap can fail
from brisca import ai  # noqa: E402 (after sys.path / gc set-up on purpose)


def _play(rules, level):
    g = core.Game(rules, 5)
    v = core.View(rules)
    p = ai.Player(rules, level, 1)  # one player object for every seat: it keeps no hand state
    while g.phase < core.DEAL_OVER:
        g.view(g.turn, v)
        a = p.choose(v)
        ok = False
        for i in range(v.nlegal):
            ok = ok or v.legal[i] == a
        assert ok and p.reason in ai.REASONS.split()
        g.apply(a)
    assert g.side_points(0) + g.side_points(1) == 120


def test_hard_two_player_game():
    _play(core.Rules(2), "hard")


def test_medium_four_player_game():
    _play(core.Rules(4), "medium")
