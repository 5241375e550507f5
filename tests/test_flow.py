"""Whole matches driven by button presses: every mode to the result screen, pass-and-play privacy
checked on every frame, and thousands of random presses that must never raise."""

import random

import pytest

from brisca.ui import board as B
from tests import screen
from tests.test_app import (EDGE, NAVY, WHITE, assert_real_ai, count_colour, goto_item, make_app, press,
                            set_value, setup_mode)

ALL = (B.BTN_LEFT, B.BTN_RIGHT, B.BTN_UP, B.BTN_DOWN, B.BTN_A, B.BTN_B, B.BTN_START, B.BTN_SELECT)


def play_policy(app, rng):
    """Buttons a player might press: mostly A at the table, now and then a move or a hint."""
    s = app.screen
    if s == "table":
        return rng.choice((B.BTN_A, B.BTN_A, B.BTN_A, B.BTN_RIGHT, B.BTN_LEFT, B.BTN_SELECT, 0))
    if s in ("handover", "deal_over"):
        return B.BTN_A
    if s in ("lasttrick", "pause", "score", "quit_q"):
        return B.BTN_B
    return 0


@pytest.mark.parametrize("mode,profile", [(0, "pybadge"), (1, "pybadge"), (2, "s3_reverse_tft"), (3, "clue"),
                                          (4, "pybadge")])
def test_each_mode_plays_a_match_to_the_result(mode, profile):
    board, app = make_app(profile, seed=100 + mode, render=False)
    setup_mode(app, mode)
    press(app, B.BTN_A)
    assert app.screen == "table"
    assert app.game.n == (2, 2, 3, 4, 4)[mode]
    assert_real_ai(app)
    rng = random.Random(mode)
    for _ in range(4000):
        if app.screen == "result":
            break
        app.step(play_policy(app, rng))
    assert app.screen == "result"
    assert app.game.is_over()
    games = app.store.load_stats().get(("vs_ai", "two_humans", "three_players", "teams_ai", "teams_humans")[mode],
                                       app.level)[0]
    assert games == 1
    assert app.store.load_game() is None  # a finished match is no longer offered for resuming
    if board.has_speaker and board.has_pixels:
        assert (880, 40) in board.tones  # the your-turn beep
        assert 0xFFFFFF in board.pixel_history  # the your-turn blink
        assert any(c in board.pixel_history for c in (0xFFB000, 0xFF2020, 0x2060FF, 0x20C040))  # trump colour
    press(app, B.BTN_A)  # Play again
    assert app.screen in ("table", "handover") and not app.game.is_over()
    assert_real_ai(app)


def test_longer_match_saves_and_resumes():
    board, app = make_app("pybadge", seed=3, render=False)
    setup_mode(app, 0, one_deal=False)  # Brisca: first to 3 deals
    press(app, B.BTN_A)
    rng = random.Random(1)
    for _ in range(150):
        app.step(play_policy(app, rng))
    assert not app.game.is_over()
    saved = app.store.load_game()
    assert saved and app.game.to_bytes()[:10] == saved[:10]
    # power-off: a new app on the same store offers to resume the same match
    board2, app2 = make_app("pybadge", store=app.store, render=False)
    assert app2.screen == "resume_q"
    press(app2, B.BTN_A)
    assert app2.screen == "table"
    assert app2.game.to_bytes() == saved


class Privacy:
    """Every refresh: which seats' faces are drawn, and who holds the board (the seat named on the
    last handover screen its player confirmed)."""

    def __init__(self, board, app, pixels=True):
        self.board = board
        self.app = app
        self.holder = None
        self.frames = 0
        self.handovers = 0
        self.faces_drawn = 0  # frames whose hand shows faces (to its holder)
        self.pixels = pixels
        board.on_refresh = self.check

    def check(self):
        app = self.app
        s = app.screen
        self.frames += 1
        if s in ("title", "setup", "resume_q"):
            self.holder = None
        if s in ("table", "lasttrick"):
            faces = app.table.faces_shown
            allowed = 0 if self.holder is None else 1 << self.holder
            assert faces & ~allowed == 0, "frame %d shows seat faces %s to holder %s" % (
                self.frames, bin(faces), self.holder)
            # what the hand's tiles draw, whatever that flag says: a face (tile < 40, the card's
            # number) is one of the cards of the player holding the board, in every mode
            mine = app.game.hand(self.holder) if self.holder is not None else ()
            drawn = [h[0] for h in app.table.hand if not h.hidden and h[0] < 40]
            assert all(c in mine for c in drawn), "frame %d draws faces %s to holder %s" % (
                self.frames, drawn, self.holder)
            self.faces_drawn += bool(drawn)
        if self.pixels and self.board.render:
            self.board.display.refresh()  # draw the frame now, to look at it
            if s == "handover":
                assert count_colour(self.board, EDGE, 0, 0, self.board.width, self.board.height) == 0
            elif s in ("table", "lasttrick") and app.table.faces_shown == 0:
                t = app.table
                navy = count_colour(self.board, NAVY, 0, t.hand_y, self.board.width, self.board.height)
                white = count_colour(self.board, WHITE, 0, t.hand_y, self.board.width, self.board.height)
                assert white <= navy // 4 + 4, "frame %d: a hand face is visible" % self.frames

    def confirm(self):
        """The player named on the handover screen takes the board (read from the screen's text)."""
        text = [row[4] for row in screen.visible(self.app) if row[4].startswith("Pass to ")]
        assert len(text) == 1
        name = text[0][len("Pass to "):]
        seats = [i for i in range(self.app.game.n) if self.app.names[i] == name]
        assert len(seats) == 1
        self.holder = seats[0]
        self.handovers += 1


@pytest.mark.parametrize("mode,render", [(1, True), (4, False)])
def test_pass_and_play_never_shows_a_hand_to_the_wrong_player(mode, render):
    board, app = make_app("pybadge", seed=21 + mode, render=render)
    watch = Privacy(board, app)
    setup_mode(app, mode)
    press(app, B.BTN_A)
    rng = random.Random(5)
    for _ in range(3000):
        if app.screen == "result":
            break
        s = app.screen
        if s == "handover":
            btn = rng.choice((B.BTN_A, B.BTN_A, B.BTN_A, B.BTN_START, B.BTN_B))
            if btn == B.BTN_A:
                watch.confirm()
        elif s == "pause":
            btn = rng.choice((B.BTN_DOWN, B.BTN_DOWN, B.BTN_A, B.BTN_B))  # hint, last trick, ... too
        elif s in ("rules", "settings", "score", "quit_q"):
            btn = B.BTN_B
        else:
            btn = play_policy(app, rng)
        app.step(btn)
    assert app.screen == "result"
    assert watch.handovers >= 4
    assert watch.frames > 50 and watch.faces_drawn > 10


@pytest.mark.parametrize("profile,seed", [("pybadge", 1), ("clue", 2), ("s3_reverse_tft", 3)])
def test_button_mashing_never_raises(profile, seed):
    """Random presses from the title, then from a game's table (menus are many, the table deep)."""
    board, app = make_app(profile, seed=seed, render=False)
    rng = random.Random(seed)
    screens = set()
    for phase in range(2):
        if phase:
            app.go("title")
            setup_mode(app, seed % 5)
            press(app, B.BTN_A)
        for _ in range(4000):
            app.step(rng.choice(ALL + (0,)))
            screens.add(app.screen)
    assert {"table", "setup", "pause"} <= screens and len(screens) >= 8, screens


def test_two_button_board_reaches_every_menu_item_and_plays():
    """CLUE: only RIGHT (next), A (confirm), START and SELECT exist; menus must still work."""
    board, app = make_app("clue", seed=9, render=False)
    assert board.two_buttons
    press(app, B.BTN_A)  # New game
    assert app.screen == "setup"
    seen = set()
    for _ in range(len(app.menu.items)):
        seen.add(app.menu.key())
        press(app, B.BTN_RIGHT)
    assert {"mode", "match", "start", "back"} <= seen
    while app.menu.key() != "match":
        press(app, B.BTN_RIGHT)
    while app.menu.value("match") != 0:
        press(app, B.BTN_A)  # confirm cycles the value
    while app.menu.key() != "start":
        press(app, B.BTN_RIGHT)
    press(app, B.BTN_A)
    assert app.screen == "table"
    for _ in range(3000):
        if app.screen == "result":
            break
        app.step(B.BTN_A if app.screen in ("table", "deal_over") else 0)
    assert app.screen == "result"


@pytest.mark.parametrize("broken,plays,says", [(("hard",), "medium", "Hard AI failed: Medium"),
                                               (("hard", "medium", "easy"), None, "Hard AI failed: random")])
def test_an_ai_that_cannot_start_gives_way_to_a_lower_level_and_the_player_is_told(monkeypatch, broken, plays,
                                                                                   says):
    """brisca.ui.seating: the next level down that starts plays (the stub when none does), and the
    table's status line says so, over the AI's first turn too; the match still plays out."""
    from brisca import ai

    real = ai.Player

    def player(rules, level="medium", seed=0):
        if level in broken:
            raise MemoryError("no room for the %s AI" % level)
        return real(rules, level, seed)

    monkeypatch.setattr(ai, "Player", player)
    board, app = make_app("pybadge", seed=5, render=True)
    setup_mode(app, 0)
    set_value(app, "level", 2)  # Hard
    goto_item(app, "start")
    press(app, B.BTN_A)
    assert app.screen == "table" and app.settings.level == "hard" and app.level == plays
    kinds = {type(p).__name__ for p in app.players.values()}
    assert kinds == ({"Player"} if plays else {"_StubPlayer"})
    seen = False
    for _ in range(3):  # (whoever leads: the notice outlasts the AI's first move)
        board.display.refresh()
        seen = seen or says in [row[4] for row in screen.visible(app)]
        app.step(0)
    assert seen, screen.visible(app)
    rng = random.Random(3)
    for _ in range(4000):
        if app.screen == "result":
            break
        app.step(play_policy(app, rng))
    assert app.screen == "result"
