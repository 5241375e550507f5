"""The frozen hard2 (tools/hard2/, hard as at commit c5b4707 with its network): it uses its own
search and network, reads its own weights, so a retrained assets/hard.net leaves it as it was,
and plays as the other frozen reference (tools/hard1/) does where the two must agree."""
import pathlib
import sys

import pytest

from brisca import ai, core, net

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import hard2  # noqa: E402 (after the sys.path set-up on purpose)
from hard2 import net as hard2_net  # noqa: E402
from tests.conftest import same_choices  # noqa: E402

LIVE_WEIGHTS = (ROOT / "assets" / "hard.net").resolve()


def moves(make, rules, deals=3, seed=40):
    """Every action one player `make()` chooses for every seat over `deals` deals."""
    out = []
    for d in range(deals):
        p = make()
        g = core.Game(rules, seed + d)
        while g.phase < core.DEAL_OVER:
            a = p.choose(g.view(g.turn))
            out.append(a)
            g.apply(a)
    return out


def test_hard2_holds_its_own_network_and_search():
    """At 2 players hard2 plays with its frozen network (loaded after a decision) and endgame;
    on other tables with its frozen search."""
    hard2_net.release()
    p = hard2.player(core.Rules(), 1)
    g = core.Game(core.Rules(), 7)
    assert p.choose(g.view(g.turn)) in g.legal_actions()
    assert p.net is hard2_net and hard2_net.loaded()
    assert p.sr.__name__ == "hard2.endgame"
    assert hard2.player(core.Rules(4), 1).sr.__name__ == "hard2.search"


def test_hard2_plays_on_as_before_without_the_live_weights(monkeypatch):
    """With assets/hard.net gone (as if being retrained), live hard changes its play and hard2
    plays move for move as before, with its network."""
    rules = core.Rules()
    before = moves(lambda: hard2.player(rules, 5), rules)
    live_before = moves(lambda: ai.Player(rules, "hard", 5), rules)
    real_open = open

    def no_live_weights(path, *args):
        if pathlib.Path(path).resolve() == LIVE_WEIGHTS:
            raise OSError("assets/hard.net is gone")
        return real_open(path, *args)

    try:
        with monkeypatch.context() as m:
            m.setattr(net, "FILE", str(ROOT / "missing" / "hard.net"))
            m.setattr(hard2_net, "open", no_live_weights, raising=False)  # (its builtin, shadowed)
            net._I[4] = hard2_net._I[4] = 0  # (each checks its file again)
            assert moves(lambda: hard2.player(rules, 5), rules) == before
            assert hard2_net.loaded()
            assert moves(lambda: ai.Player(rules, "hard", 5), rules) != live_before
    finally:
        net._I[4] = hard2_net._I[4] = 0


@pytest.mark.parametrize("spec", [(2, 0, "easy"), (2, 0, "medium"), (2, 0, "hard"), (2, core.F_FOLLOW, "hard"),
                                  (4, 0, "easy"), (4, 0, "medium")])
def test_hard2_plays_as_hard1_where_both_are_frozen_alike(spec, monkeypatch):
    """easy and medium, and hard with 2 players without its network (its weights file gone: each
    its own frozen endgame), choose exactly as tools/hard1/ does, as hard did when hard2 was frozen.
    (hard1 at 3 or 4 players searches with the live brisca/search.py: not compared there.)"""
    from hard1 import ai as hard1
    from hard2 import ai as frozen

    players, flags, level = spec
    rules = core.Rules(players, 40, flags)
    monkeypatch.setattr(hard2_net, "FILE", str(ROOT / "missing" / "hard.net"))
    hard2_net._I[4] = 0
    try:
        new = frozen.Player(rules, level, 5)
        assert new.net is None
        assert same_choices(new, hard1.Player(rules, level, 5), rules) > 50
    finally:
        hard2_net._I[4] = 0
