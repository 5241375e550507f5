"""tools/bench.py: timing a move several times must not change the game it measures, and the
PyBadge estimate scales by pystone as documented."""
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))

import bench  # noqa: E402 (after the sys.path set-up on purpose)

from brisca import ai, core  # noqa: E402
from brisca.notation import parse_rules  # noqa: E402


@pytest.mark.parametrize("text", ["p2", "p4 follow"])
def test_timed_moves_are_the_moves_played_untimed(text):
    """Each timed decision is replayed from a saved player state: a state left out (the generator,
    what the player has read of the deal) would make the benchmark measure a different game."""
    rules = parse_rules(text)
    for seed in (3, 4):
        moves = {}
        for is_timed in (False, True):
            g = core.Game(rules, seed)
            v = core.View(rules)
            players = [ai.Player(rules, "hard", seed * 7 + s) for s in range(rules.players)]
            played = []
            while g.phase < core.DEAL_OVER:
                g.view(g.turn, v)
                p = players[g.turn]
                act = bench.timed(p, v, runs=3)[1] if is_timed else p.choose(v)
                played.append(act)
                g.apply(act)
            moves[is_timed] = played
        assert moves[True] == moves[False]


def test_pybadge_estimate_scales_the_move_by_pystone():
    # A move costing twice a 1 ms workload, on a runtime 100 times a PyBadge's pystone: 0.2 s there.
    assert bench.pybadge_seconds(2.0, 1000, bench.PYBADGE_PYSTONES * 100) == pytest.approx(0.2)
    assert bench.pybadge_seconds(0.5, 1000, bench.PYBADGE_PYSTONES * 100) == pytest.approx(0.05)


def test_three_players_are_also_scored_seat_against_seat():
    """With 3 players A's fair share of wins is a third; the pairwise figure compares A's points with
    each B seat's in every seating (a half when equal), so it reads like a 2-player score."""
    scores, points, _, _, vs = bench.play_deal(("medium", "random", "p3 d39", 5))
    assert len(scores) == 3 and len(vs) == 6
    rules = parse_rules("p3 d39")
    for k, seating in enumerate(bench.seatings(3)):
        g = core.Game.dealt(rules, 5)
        players = [bench.make("medium" if seating[s] else "random", rules, 5 * 7 + s) for s in range(3)]
        v = core.View(rules)
        while g.phase < core.DEAL_OVER:
            g.view(g.turn, v)
            g.apply(players[g.turn].choose(v))
        a = seating.index(True)
        pts = g.seat_points
        assert points[k] == pts[a]
        assert vs[2 * k: 2 * k + 2] == [(pts[a] > pts[s]) + (pts[a] == pts[s]) / 2 for s in range(3) if s != a]
