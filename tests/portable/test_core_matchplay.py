"""Whole matches and points matches (MicroPython too)."""
from deals import random_play, scored

from brisca import core


def test_first_to_points():
    r = core.Rules(2, 40, 0, 0, core.MATCH_POINTS, 120)
    g = scored(r, (70, 50))
    assert g.match_points(0) == 70 and g.phase == core.DEAL_OVER
    g = scored(r, (61, 59), tally=(0, 0, 0, 0, 70, 0, 80))
    assert g.match_points(0) == 131 and g.match_points(1) == 139 and g.match_winners == 2
    g = scored(r, (60, 60), tally=(0, 0, 0, 0, 100, 0, 100))  # 60-60 counts for nobody
    assert g.match_points(0) == 100 and g.phase == core.DEAL_OVER


def test_a_whole_match_is_played_out():
    for r in (core.Rules(2, 40, core.F_EXCHANGE, core.TIE_ANNUL, core.MATCH_WINS, 3),
              core.Rules(3, 39, 0, core.TIE_SAME_DEALER, core.MATCH_WINS, 2),
              core.Rules(4, 40, 0, 0, core.MATCH_BEST_OF, 3),
              core.Rules(2, 40, core.F_NO_TRUMP | core.F_FOLLOW, 0, core.MATCH_POINTS, 121)):
        g = core.Game(r, 77)
        random_play(g, core.Random(5), 3000)
        assert g.is_over() and g.match_winners and not g.legal_actions()
