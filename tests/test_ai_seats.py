"""One AI per seat (issue 30): through the UI's match, every AI seat's choices follow from what
that seat saw and its own generator, never from other seats' decisions (which follow from their
hidden cards). A new match's secret comes from the board's entropy."""
import sys

import pytest

import brisca.ui
from brisca import ai, core
from brisca.save.settings import MODES
from brisca.ui import board as B
from brisca.ui import seating
from tests.test_app import make_app, press, run_until

BIG_BUDGET = 10 ** 6  # the node count, not the clock, ends a search: the same choice when replayed


class Recorder:
    """An AI seat as the table drives it, writing down each decision: the game then, the seat, the
    action chosen."""

    def __init__(self, app, player, seed):
        self.app, self.player, self.seed, self.log = app, player, seed, []

    def start(self, view, budget_ms=None):
        self.log.append([self.app.game.to_bytes(), view.seat])
        self.player.start(view, budget_ms)

    def step(self, max_ms):
        return self.player.step(max_ms)

    def progress(self):
        return self.player.progress()

    def result(self):
        action = self.player.result()
        self.log[-1].append(action)
        return action


AI_MODES = [i for i, (_players, humans) in enumerate(seating.MODE_SEATS) if len(humans) < _players]


@pytest.mark.parametrize("level", ["easy", "hard"])
@pytest.mark.parametrize("mode", AI_MODES)
def test_each_ai_seat_decides_from_its_own_view_alone(monkeypatch, mode, level):
    players = seating.MODE_SEATS[mode][0]
    board, app = make_app("pybadge", render=False)
    app.ai_budget_ms = BIG_BUDGET
    seats = {}
    real = seating._make_ai

    def make(rules, lvl, seed):
        rec = Recorder(app, real(rules, lvl, seed), seed)
        seats[len(seats)] = rec
        return rec

    monkeypatch.setattr(seating, "_make_ai", make)
    # the table seats the players through brisca.ui.seating and lets it go: this one, kept, as
    # the module and as the package's name (an earlier test may have loaded another copy there,
    # which `from brisca.ui import seating` would find first)
    monkeypatch.setitem(sys.modules, "brisca.ui.seating", seating)
    monkeypatch.setattr(brisca.ui, "seating", seating, raising=False)
    monkeypatch.setattr("brisca.ui.app.unload", lambda name: None)
    app.settings.mode, app.settings.level = MODES[mode], level
    rules = core.Rules(players, {3: 39, 6: 36}.get(players, 40), core.F_EXCHANGE, 0, core.MATCH_WINS, 2)
    seating.new_game(app, rules)
    recs = [app.players[s] for s in sorted(app.players)]
    assert len(recs) == players - len(app.humans) and len(set(map(id, recs))) == len(recs)  # one each
    g = app.game
    human_turn = lambda: g.turn in app.humans and app.screen == "table"  # noqa: E731
    assert run_until(app, lambda: g.deal_no == 1 or g.is_over(),
                     lambda: B.BTN_A if human_turn() or app.screen in ("deal_over", "handover") else 0, limit=20000)
    for rec in recs:
        assert rec.log, "an AI seat never decided"
        fresh = ai.Player(rules, level, rec.seed & core.SEED_MAX)  # what this seat alone would do
        for data, seat, action in rec.log:
            view = core.Game.from_bytes(data).view(seat)
            assert fresh.choose(view, BIG_BUDGET) == action, (mode, level, seat)


def test_a_new_matchs_secret_is_the_boards_entropy(monkeypatch):
    """Two apps started at the same tick deal different matches; without os.urandom the random
    module steps in; with a fixed seed (tests) the series repeats."""
    import os

    secrets = []
    for _ in range(2):
        board, app = make_app("pybadge", render=False, seed=None)
        seating.new_game(app, core.Rules(2))
        secrets.append((app.game.sh, app.game.sl))
    assert secrets[0] != secrets[1]
    calls = []
    monkeypatch.setattr(os, "urandom", lambda n: calls.append(n) or bytes([0xFF] * n))
    board, app = make_app("pybadge", render=False, seed=None)
    seating.new_game(app, core.Rules(2))
    assert calls and (app.game.sh, app.game.sl) == (core.SEED_MAX, core.SEED_MAX)
    monkeypatch.delattr(os, "urandom")
    board, app = make_app("pybadge", render=False, seed=None)
    seating.new_game(app, core.Rules(2))
    assert (app.game.sh, app.game.sl) != (core.SEED_MAX, core.SEED_MAX)
    fixed = []
    for _ in range(2):
        board, app = make_app("pybadge", render=False, seed=7)
        seating.new_game(app, core.Rules(2))
        fixed.append((app.game.sh, app.game.sl))
    assert fixed[0] == fixed[1]
    press(app, 0)


def test_a_saved_six_player_game_is_seated_as_the_six_player_mode():
    """A 6-player game resumed (or replayed) from another mode sits at the 6-player mode's seats."""
    board, app = make_app("pybadge", render=False)
    app.settings.mode = MODES[0]
    seating.play(app, core.Game(core.Rules(6, 36), 5))
    assert app.mode == seating.MODE_SEATS.index((6, (0,))) and len(app.players) == 5
    assert app.settings.mode == MODES[app.mode]
