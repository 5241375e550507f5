"""Hard with its learned evaluation (brisca.net, its weights read from assets/hard.net a row at a
time) plays whole 2-player deals (also under MicroPython in a 32K heap)."""
import gc

from brisca import core

gc.collect()
from brisca import ai  # noqa: E402 (after the collection on purpose)


def test_hard_with_its_net_plays_a_two_player_deal():
    rules = core.Rules(2)
    p = ai.Player(rules, "hard", 1)
    assert p.net is not None  # the weights file is there, whole
    g = core.Game(rules, 9)
    v = core.View(rules)
    while g.phase < core.DEAL_OVER:
        g.view(g.turn, v)
        g.apply(p.choose(v))
    assert g.side_points(0) + g.side_points(1) == 120
