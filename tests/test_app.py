"""Screens on every screen size (160x128, 240x240, 240x135), checked by the pixels that matter.

Each test drives brisca.ui.app.App on a headless tools/sim.py SimBoard and inspects its frame:
the selected card is raised, hidden hands show card backs only, no label leaves the screen, and
every screen of the flow can be reached and drawn. Screenshots go to $BRISCA_SHOTS if set.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from brisca import core, notation  # noqa: E402
from brisca.ui import board as B  # noqa: E402
from brisca.ui.app import App  # noqa: E402
from brisca.ui import match  # noqa: E402
from brisca.ui import seating  # noqa: E402
from tests import screen  # noqa: E402
from tools.sim import SimBoard  # noqa: E402

PROFILES = ("pybadge", "clue", "s3_reverse_tft")  # 160x128, 240x240, 240x135
TABLE = (0x0B, 0x4A, 0x2A)
NAVY = (0x1A, 0x2C, 0x78)  # card back field
WHITE = (0xFF, 0xFF, 0xFF)  # card face
EDGE = (0x3C, 0x3C, 0x3C)  # card border (faces and backs)
SHOTS = os.environ.get("BRISCA_SHOTS")


class FastSim(SimBoard):
    """SimBoard that renders only when `render` is True (pixel checks); refreshes are still counted
    and reported to `on_refresh` so tests can check every frame's state cheaply."""

    def __init__(self, *args, **kw):
        SimBoard.__init__(self, *args, **kw)
        self.render = True
        self.on_refresh = None

    def refresh(self):
        if self.on_refresh is not None:
            self.on_refresh()
        if self.render:
            SimBoard.refresh(self)
        else:
            self.frames += 1


def make_store():
    from brisca.save.store import SaveData

    return SaveData(bytearray(1024))


def make_app(profile="pybadge", store=None, seed=7, render=True, drive=None):
    board = FastSim(profile, headless=True)
    board.render = render
    app = App(board, store if store is not None else make_store(), seed=seed, trick_ms=40, ai_budget_ms=15,
              ai_min_ms=0, drive=drive)
    app.start()
    return board, app


def assert_real_ai(app):
    """Every AI seat is played by brisca.ai at the level chosen (brisca.ui.seating plays a lower
    level, or a stub, only when the AI cannot start: a whole match must not pass on a stand-in)."""
    assert app.level == app.settings.level, (app.level, app.settings.level)
    kinds = {type(p).__module__ + "." + type(p).__name__ for p in app.players.values()}
    assert kinds <= {"brisca.ai.Player"} and len(app.players) == app.game.n - len(app.humans), kinds


def press(app, *buttons):
    for b in buttons:
        app.step(b)


def shot(board, name):
    if SHOTS:
        board.save_png(os.path.join(SHOTS, "%s_%s.png" % (name, board.name)), 2)


def labels_on_screen(app):
    """Screen rectangles (x, y, w, h, text) of every visible row of text."""
    return screen.visible(app)


def assert_fits(app):
    W, H = app.W, app.H
    labels = labels_on_screen(app)
    assert labels, "no text on screen %s" % app.screen
    for x, y, w, h, text in labels:
        assert x >= 0 and y >= 0 and x + w <= W and y + h <= H, (
            "label %r at %d,%d size %dx%d leaves the %dx%d screen (%s)" % (text, x, y, w, h, W, H, app.screen))


def assert_menu_readable(app):
    """Every option row shows its value whole, after its label or the label's shorter form."""
    menu, view = app.menu, app.list
    for i in range(menu.top, min(len(menu.items), menu.top + view.rows)):
        key, label, choices, idx = menu.items[i]
        shown = view.shown[i - menu.top]
        if choices:
            assert shown.endswith(": " + choices[idx]), (shown, choices[idx])
        assert shown.startswith(label) or shown.startswith(menu.short[key]), (shown, label)
        assert len(shown) <= view.chars, shown


def near(pixel, colour):
    """Same colour within the display's RGB565 rounding."""
    return all(abs(pixel[i] - colour[i]) <= 8 for i in range(3))


def count_colour(board, colour, x0, y0, x1, y1):
    n = 0
    for y in range(max(0, y0), min(board.height, y1)):
        for x in range(max(0, x0), min(board.width, x1)):
            if near(board.pixel_at(x, y), colour):
                n += 1
    return n


def setup_mode(app, mode, one_deal=True, preset_steps=0):
    """From the title, open New game and set the mode (and a one-deal match); leaves the menu on Start."""
    assert app.screen == "title"
    goto_item(app, "new")
    press(app, B.BTN_A)  # New game
    assert app.screen == "setup"
    set_value(app, "preset", preset_steps)
    set_value(app, "mode", mode)
    if app.menu.find("level") >= 0:  # (offered only with an AI at the table)
        set_value(app, "level", 0)  # easy
    if one_deal:
        set_value(app, "match", 0)
    goto_item(app, "start")


def set_value(app, key, index):
    """Select item `key` and cycle its value with A (works on two-button boards too)."""
    goto_item(app, key)
    for _ in range(len(app.menu.items[app.menu.sel][2])):
        if app.menu.value(key) == index:
            return
        press(app, B.BTN_A)
    assert app.menu.value(key) == index


def goto_item(app, key):
    for _ in range(len(app.menu.items)):
        if app.menu.key() == key:
            return
        press(app, B.BTN_DOWN)
    assert app.menu.key() == key


def start_game(profile, mode=0, seed=7, render=True):
    board, app = make_app(profile, seed=seed, render=render)
    setup_mode(app, mode)
    press(app, B.BTN_A)
    assert app.screen == "table"
    return board, app


def run_until(app, pred, policy=None, limit=3000):
    for _ in range(limit):
        if pred():
            return True
        btn = policy() if policy else 0
        app.step(btn)
    return pred()


def tour_menu(app):
    """Every row of the menu shown, with every value of each option: each stays on screen and
    readable (the language row is left alone: it would switch the language under the test)."""
    for _ in range(len(app.menu.items)):
        it = app.menu.items[app.menu.sel]
        if it[2] and it[0] != "lang":
            for _ in range(len(it[2])):
                press(app, B.BTN_RIGHT)
                assert_fits(app)
                assert_menu_readable(app)
        press(app, B.BTN_DOWN)
        assert_fits(app)
        assert_menu_readable(app)


@pytest.mark.parametrize("profile", PROFILES)
def test_menus_fit_and_scroll(profile):
    board, app = make_app(profile)
    assert_fits(app)
    shot(board, "title")
    press(app, B.BTN_A)
    assert app.screen == "setup"
    tour_menu(app)
    shot(board, "setup")
    press(app, B.BTN_B)
    assert app.screen == "title"
    # settings, names and the letter picker
    goto_item(app, "settings")
    press(app, B.BTN_A)
    assert app.screen == "settings"
    assert_fits(app)
    shot(board, "settings")
    goto_item(app, "names")
    press(app, B.BTN_A)
    assert app.screen == "names"
    press(app, B.BTN_A)
    assert app.screen == "picker"
    press(app, B.BTN_A, B.BTN_RIGHT, B.BTN_A, B.BTN_DOWN, B.BTN_A)  # A, B, then the letter below B
    name = "AB" + app.picker.chars[app.picker.per_row + 1]
    assert app.picker.name == name
    press(app, B.BTN_B)
    assert app.picker.name == name[:2]
    press(app, B.BTN_A)
    assert_fits(app)
    shot(board, "picker")
    press(app, B.BTN_START)  # done
    assert app.screen == "names"
    assert app.settings.names[0] == name
    assert app.store.load_settings().names[0] == name  # remembered across power-off


@pytest.mark.parametrize("profile", PROFILES)
def test_rules_pages_and_stats_fit(profile):
    board, app = make_app(profile)
    goto_item(app, "rules")
    press(app, B.BTN_A)
    assert app.screen == "rules"
    pages = app.scr.pages()
    assert pages >= 5
    for _ in range(pages):
        assert_fits(app)
        press(app, B.BTN_RIGHT)
    shot(board, "rules")
    press(app, B.BTN_B)
    goto_item(app, "stats")
    press(app, B.BTN_A)
    assert app.screen == "stats"
    assert_fits(app)


@pytest.mark.parametrize("profile, rows", (
    ("pybadge", ["<>: choose card", "A: play or confirm", "B: back, last trick", "START: pause menu",
                 "SELECT: hint", "Pass and play: hand over", "the board, then press A."]),
    ("clue", ["A: choose card", "B: play or confirm", "hold B: pause menu", "hold A: hint",
              "Pass and play: hand over", "the board, then press B."]),
    ("s3_reverse_tft", ["D1: choose card", "D2: play or confirm", "D0: back, last trick", "hold D0: pause menu",
                        "hold D1: hint", "Pass and play: hand over", "the board, then press D2."])))
def test_the_controls_page_names_the_boards_own_keys(profile, rows):
    """The rules' Controls page, the last, names the keys this board has (the CLUE: A and B, held
    or not), and leaves out what it has no key for."""
    board, app = make_app(profile, render=False)
    app.go("rules", "title")
    for _ in range(app.scr.pages() - 1):
        press(app, B.BTN_RIGHT)
    assert app.list.shown == rows
    ok = board.key_for(B.BTN_A)[0]
    for code in ("es", "it", "hr", "de", "pl"):
        app.set_language(code)
        app.go("rules", "title")
        for _ in range(app.scr.pages() - 1):
            press(app, B.BTN_RIGHT)
        shown = app.list.shown
        assert len(shown) == len(rows) and ok in shown[-1].replace(".", " ").split(), (code, shown)
        assert board.two_buttons == (not [row for row in shown if "START" in row or "SELECT" in row]), shown


def test_the_statistics_scroll_a_row_at_a_time_and_any_key_else_leaves():
    from brisca.save.settings import LEVELS, MODES
    from brisca.save.stats import Stats

    store = make_store()
    stats = Stats()
    for mode in MODES:  # a line or more for every mode and level played
        for level in LEVELS:
            stats.record(mode, level, "win")
    store.save_stats(stats)
    board, app = make_app(store=store)
    goto_item(app, "stats")
    press(app, B.BTN_A)
    lines, rows = app.scr.lines, app.list.rows
    assert len(lines) > rows  # more than a screen: there is something to scroll
    first = list(app.list.shown)
    press(app, B.BTN_UP)  # at the top: nothing moves
    assert app.list.shown == first and app.scr.page == 0
    assert app.list.shown[:2] == ["1 player vs AI, Easy", "Games 1, Wins 1, Win % 100"]  # words, not keys
    for _ in range(len(lines) + 2):  # down to the last screenful, and no further
        press(app, B.BTN_DOWN)
        assert_fits(app)
    assert app.scr.page == len(lines) - rows and app.list.shown[-1] == lines[-1]
    assert "2, pass and play" in lines and "Češalj 4-0: 0" in lines  # no AI level where no AI plays
    shot(board, "stats_end")
    press(app, B.BTN_UP)
    assert app.scr.page == len(lines) - rows - 1
    press(app, B.BTN_START)
    assert app.screen == "title"


@pytest.mark.parametrize("players, tally, cesalj", [(2, (4, 0), 1), (2, (4, 1), 0), (3, (4, 0, 0), 1),
                                                     (3, (4, 0, 3), 0), (3, (4, 2, 0), 0)])
def test_a_cesalj_is_a_4_0_over_every_other_side(players, tally, cesalj):
    board, app = make_app(render=False)
    app.settings.mode = "vs_ai" if players == 2 else "three_players"
    seating.new_game(app, core.Rules(players, 40 if players == 2 else 39, match=core.MATCH_WINS, target=4))
    g = app.game
    for side in range(players):
        g.tally[side] = tally[side]
    g.match_winners = 1  # the human's side (seat 0) won the match
    app.go("result")
    app.scr.finish_match()
    assert app.store.load_stats().cesalj == cesalj


def test_a_match_shared_at_the_end_says_it_is_a_draw_and_between_whom():
    board, app = make_app(render=False)
    app.settings.mode = "three_players"
    seating.new_game(app, core.Rules(3, 39, match=core.MATCH_WINS, target=4))
    app.game.match_winners = 0b011  # seats 0 and 1 level at the end
    app.go("result")
    assert app.list.shown[0] == "Draw: Player 1 / AI 1", app.list.shown
    assert_fits(app)


def hand_geometry(app):
    t = app.table
    g = app.game
    seat = app.holder
    k = g.hand_len[seat]
    xs = [h.x * t.k for h in t.hand[:k]]  # (card sprites stand in a group at the cards' scale)
    return t, xs, k


@pytest.mark.parametrize("profile", PROFILES)
def test_selected_card_is_raised(profile):
    board, app = start_game(profile)
    assert run_until(app, lambda: app.game.turn == 0 and not app.in_trick_pause and app.screen == "table")
    press(app, 0)
    assert_fits(app)
    t, xs, k = hand_geometry(app)
    assert k == 3
    top = t.hand_y - t.raise_px
    for sel in range(3):
        while app.sel != sel:
            press(app, B.BTN_RIGHT)
        shot(board, "table_sel%d" % sel)
        for i in range(3):
            cx = xs[i] + t.cw // 2
            # the raised card's border is drawn above the resting line; the others leave felt there
            above = board.pixel_at(cx, top + 1)
            assert (not near(above, TABLE)) == (i == sel), (profile, sel, i, above)
            # the raised card leaves felt under its bottom edge; resting cards reach it
            under = board.pixel_at(cx, t.hand_y + t.ch - 1)
            assert near(under, TABLE) == (i == sel), (profile, sel, i, under)
    # own hand: faces (white); opponent: backs only (navy, no white) in its strip
    assert count_colour(board, WHITE, 0, t.hand_y, board.width, board.height) > 50
    top, bottom = t.band_y, t.band_y + t.strip  # the strip of the seat across
    assert count_colour(board, NAVY, 0, top, board.width, bottom) > 20
    strip_white = count_colour(board, WHITE, board.width // 4, top, 3 * board.width // 4, bottom)
    # the back pattern has no white field (the lower tip of its lozenge at most, 6 pixels a card)
    assert strip_white <= 6 * t.k * t.k * len(t.opp[0])


@pytest.mark.parametrize("profile", PROFILES)
def test_pause_last_trick_hint_and_results(profile):
    board, app = start_game(profile, seed=11)
    g = app.game
    assert run_until(app, lambda: g.trick_no >= 1 and g.turn == 0 and not app.in_trick_pause and g.phase == core.PLAY,
                     lambda: B.BTN_A if app.screen == "table" and g.turn == 0 else 0)
    press(app, B.BTN_SELECT)  # hint: highlight + reason line
    assert app.hint_card != 255
    assert app.game.hands[app.sel] == app.hint_card
    assert app.table.status.text and app.table.status.text != app.scr.turn_text(0)
    assert not app.table.marker.hidden
    assert_fits(app)
    shot(board, "hint")
    press(app, B.BTN_START)
    assert app.screen == "pause"
    assert [it[0] for it in app.menu.items][:7] == ["resume", "hint", "score", "last", "rules", "settings", "quit"]
    assert_fits(app)
    shot(board, "pause")
    goto_item(app, "score")
    press(app, B.BTN_A)
    assert app.screen == "score"
    rows = app.list.shown
    taken = [sum(app.game.seat_tricks[s] for s in range(app.game.n) if app.game.rules.side_of(s) == side)
             for side in range(app.game.rules.sides)]
    assert sum(taken) == app.game.trick_no >= 1
    assert rows[1:3] == ["%s: %d" % (match.side_name(app, side), taken[side]) for side in (0, 1)]
    assert_fits(app)
    press(app, B.BTN_B)
    assert app.screen == "pause"
    goto_item(app, "last")
    press(app, B.BTN_A)
    assert app.screen == "lasttrick"
    assert all(not app.table.trick[i].hidden for i in range(app.game.last_len))
    assert_fits(app)
    shot(board, "lasttrick")
    press(app, B.BTN_B)
    assert app.screen == "pause"
    press(app, B.BTN_B)
    assert app.screen == "table"
    # play the deal out (drawing only its end): end-of-deal score, then the match result
    board.render = False
    assert run_until(app, lambda: app.screen == "deal_over",
                     lambda: B.BTN_A if app.screen == "table" else 0)
    board.render = True
    app.dirty = True
    press(app, 0)
    assert_fits(app)
    assert count_colour(board, EDGE, 0, 0, board.width, board.height) == 0  # no cards on the score screen
    shot(board, "deal_over")
    press(app, B.BTN_A)
    assert app.screen == "result"
    assert_fits(app)
    shot(board, "result")
    press(app, B.BTN_DOWN, B.BTN_A)  # Exit
    assert app.screen == "title"


@pytest.mark.parametrize("code", ("en", "es", "it", "hr", "de", "pl"))
def test_a_trick_the_player_takes_is_said_to_them_in_their_language(code):
    """'You took the trick' in the second person ('Te llevas la baza'), not the third person's
    text with 'you' for a name ('Tú se lleva la baza'); the others' tricks by their names."""
    board, app = make_app("pybadge", render=False)
    app.set_language(code)
    app.go("title")
    seating.new_game(app, notation.preset("brisca", 2))
    said = {}
    for _ in range(3000):
        if app.in_trick_pause:
            said[app.game.last_winner] = app.table.status.text
        if len(said) == 2:
            break
        app.step(B.BTN_A if app.screen == "table" else 0)
    assert said == {0: app.t("took"), 1: app.t("took_by", app.names[1])}, said


def _game_at_exchange(seat=0, rules=None):
    """A Brisca game (or one of `rules`) whose trick winner `seat` may now exchange its trump 7/2."""
    rules = rules or notation.preset("brisca", 2)
    for seed in range(400):
        g = core.Game(rules, seed, 1)  # seat 0 leads
        while g.phase == core.PLAY:
            legal = g.legal_actions()
            g.apply(legal[-1] if g.turn == seat else legal[0])
            if g.phase == core.EXCHANGE_PHASE and g.turn == seat and g.exchange_card(seat) != core.NO_CARD:
                return g
            if g.phase == core.EXCHANGE_PHASE:  # the step comes whoever holds the card
                g.apply(core.PASS)
    raise AssertionError("no exchange found")


@pytest.mark.parametrize("profile", PROFILES)
def test_exchange_prompt(profile):
    board, app = make_app(profile)
    g = _game_at_exchange()
    seating.play(app, g)
    press(app, 0)
    assert app.screen == "table"
    assert "7" in app.table.status.text or "2" in app.table.status.text
    assert app.table.info.text
    assert_fits(app)
    shot(board, "exchange")
    face = g.trump_card
    press(app, B.BTN_A)
    assert face in g.hand(0)  # the face-up card came to hand
    press(app, 0)  # (a step for the 2 to go for the 7 just put down passes by itself without the 2)
    assert g.phase == core.PLAY


def test_a_save_of_the_format_before_the_public_exchange_step_is_refused_as_damaged():
    """A format-1 save would replay its moves otherwise (issue 15): resuming it says the save is
    damaged and goes back to the title, as for any bad save."""
    board, app = make_app("pybadge", render=False)
    old = bytearray(core.Game(notation.preset("brisca", 2), 5).to_bytes())
    old[1] = 1
    app.store.save_game(bytes(old))
    board2, app2 = make_app("pybadge", store=app.store, render=False)
    assert app2.screen == "resume_q"
    press(app2, B.BTN_A)
    assert app2.screen == "title" and app2.menu.footer == app2.t("save_bad")
    assert app2.store.load_game() is None


def test_the_french_32_card_pack_asks_for_its_nine():
    """The French 32-card pack's card in the 7's place is drawn as a 9: the prompt says 9."""
    for deck, key in (("french", "exch_q9"), ("spanish", "exch_q7")):
        board, app = make_app("pybadge")
        app.settings.deck = deck
        g = _game_at_exchange(rules=notation.parse_rules("p2 d32 exchange " + deck))
        assert g.exchange_card(0) % 10 == 6  # (a 32-card pack has no 2s)
        seating.play(app, g)
        press(app, 0)
        assert app.table.style == ("french32" if deck == "french" else deck)
        assert app.table.status.text == app.t(key), app.table.status.text


@pytest.mark.parametrize("profile", ["pybadge"])
def test_the_exchange_step_passes_by_itself_without_a_card_to_swap(profile):
    """Issue 15: the step comes whenever anyone could swap, so the table must not ask a human who
    cannot (a prompt would be a lie, and waiting for A/B a chore): it passes at once."""
    board, app = make_app(profile)
    rules = notation.preset("brisca", 2)
    for seed in range(400):
        g = core.Game(rules, seed, 1)  # seat 0 leads
        while g.phase == core.PLAY:
            legal = g.legal_actions()
            g.apply(legal[-1] if g.turn == 0 else legal[0])
            if g.phase == core.EXCHANGE_PHASE and g.turn != 0:
                g.apply(core.PASS)
        if g.phase == core.EXCHANGE_PHASE and g.exchange_card(0) == core.NO_CARD:
            break
    else:
        raise AssertionError("no exchange step without a card found")
    data = g.to_bytes()
    seating.play(app, g)
    face, hand = g.trump_card, g.hand(0)
    press(app, 0)
    assert g.phase == core.PLAY and g.trump_card == face and g.moves[g.nmoves - 1] == core.PASS
    assert len(g.hand(0)) == len(hand) + 1 and not app.table.status.text.startswith(app.t("exch_q7")[:4])
    # START pressed in the very poll that passes still opens the pause menu (it was lost there)
    seating.play(app, core.Game.from_bytes(data))
    press(app, B.BTN_START)
    assert app.screen == "pause" and app.game.moves[app.game.nmoves - 1] == core.PASS


@pytest.mark.parametrize("profile", PROFILES)
def test_handover_and_hidden_hand(profile):
    # teams of two humans vs 2 AI: seat 1 (AI) leads, seat 2 (human) must be handed the board
    board, app = start_game(profile, mode=4)
    assert app.holder is None
    # the first frame: nobody holds the board yet, so the bottom hand is drawn as backs only
    t = app.table
    assert app.screen == "table" and t.faces_shown == 0
    press(app, 0)
    navy = count_colour(board, NAVY, 0, t.hand_y, board.width, board.height)
    white = count_colour(board, WHITE, 0, t.hand_y, board.width, board.height)
    assert navy > 100 and white < navy // 4, (navy, white)  # a face would be mostly white
    assert run_until(app, lambda: app.screen == "handover")
    assert_fits(app)
    texts = [x[4] for x in labels_on_screen(app)]
    assert any(x.startswith("Pass to ") for x in texts)
    assert count_colour(board, EDGE, 0, 0, board.width, board.height) == 0  # no card at all
    shot(board, "handover")
    seat = app.handover_to
    press(app, B.BTN_A)
    assert app.holder == seat and app.screen == "table"
    press(app, 0)
    assert app.table.faces_shown == 1 << seat


@pytest.mark.parametrize("code", ("es", "it", "hr", "de", "pl"))
def test_every_language_fits_and_has_every_key(code):
    board, app = make_app("pybadge", render=False)
    app.set_language(code)
    app.go("title")
    press(app, B.BTN_A)
    tour_menu(app)
    goto_item(app, "start")
    press(app, B.BTN_A)
    assert run_until(app, lambda: app.game.turn == 0 and app.screen == "table" and not app.in_trick_pause)
    press(app, B.BTN_SELECT)  # hint reason line
    assert_fits(app)
    press(app, B.BTN_START)
    assert_fits(app)
    assert app.menu.items[0][1] != "resume"  # translated, not the key
    assert app.missing == []


def test_device_error_screen_is_readable(monkeypatch):
    """code.py: an exception ends on a one-screen message (never a bare traceback on the display)."""
    import runpy
    import sys
    import types

    sim = FastSim("pybadge", headless=True)
    fake = types.ModuleType("board")
    fake.DISPLAY = sim.display
    monkeypatch.setitem(sys.modules, "board", fake)
    entry = runpy.run_path(os.path.join(os.path.dirname(os.path.dirname(__file__)), "code.py"),
                           run_name="brisca_code")  # not __main__: defines, does not start the game
    entry["_show_error"](OSError("[Errno 28] No space left on device"))
    from brisca.ui.font import Glyphs

    shown = screen.texts(sim.display.root_group, sim.display.root_group[0].bitmap)
    text = shown[0].text
    assert text.startswith("Brisca stopped")
    assert "OSError" in text and "Traceback" not in text
    for x, y, w, h in [b for b in shown[0].boxes if b]:
        assert x >= 0 and x + w <= sim.width and y >= 0 and y + h <= sim.height
    assert Glyphs  # the error screen writes with the game's own glyphs


def play_one_deal(app):
    """From the title: a one-deal match against the AI, played with A, to its deal-over screen."""
    setup_mode(app, 0)
    press(app, B.BTN_A)
    assert run_until(app, lambda: app.screen == "deal_over", policy=lambda: B.BTN_A, limit=20000)


def test_with_the_drive_the_game_exports_each_deal_and_the_stats(tmp_path):
    from brisca import notation

    board, app = make_app(drive=str(tmp_path))
    assert app.notice == "" and app.menu.footer == "Records: saved on drive"  # said at start-up
    play_one_deal(app)
    assert "Record: game-001.txt" in app.list.shown
    text = (tmp_path / "records" / "game-001.txt").read_text().splitlines()
    replayed = notation.from_record(text[1])  # the core's notation: the same deal, move by move
    assert replayed.to_bytes() == app.game.to_bytes()
    assert text[2] == "%s %d - %s %d" % (app.names[0], app.game.side_points(0), app.names[1],
                                         app.game.side_points(1))
    app.go("pause")
    match.back_to_game(app)  # the deal-over screen again: the deal is not written twice
    assert not (tmp_path / "records" / "game-002.txt").exists()
    press(app, B.BTN_A)  # the match result; its statistics go to the drive too
    assert app.screen == "result"
    assert (tmp_path / "stats.txt").read_text().strip()
    app.go("stats")
    assert [row for row in app.list.shown if row][-1] == "Records: saved on drive"


def test_without_the_drive_nothing_is_written_and_the_stats_say_how():
    board, app = make_app()
    assert app.drive is None and app.menu.footer != "Records: saved on drive"
    play_one_deal(app)
    assert not [row for row in app.list.shown if row.startswith("Record")]
    app.go("stats")
    assert [row for row in app.list.shown if row][-2:] == ["Records: not saved", "Hold SELECT at power-up"]
    assert not os.path.exists("records") and not os.path.exists("stats.txt")


@pytest.mark.parametrize("profile, key", (("pybadge", "SELECT"), ("clue", "A"), ("s3_reverse_tft", "D1")))
def test_the_key_that_gives_the_drive_is_the_boards_own(profile, key):
    """Statistics and About say which key to hold at power-up for the records: the one boot.py
    reads on this board (SELECT, the CLUE's A, the Reverse TFT's D1), not SELECT on boards
    without one."""
    board, app = make_app(profile, render=False)
    app.go("stats")
    assert "Hold %s at power-up" % key in app.scr.lines
    app.go("about")
    press(app, 0)
    assert "Hold %s at power-up" % key in app.scr.lines


def test_about_reports_the_board_and_writes_diag_txt_on_the_drive(tmp_path):
    board, app = make_app(drive=str(tmp_path))
    board.simulated = False  # measured as on a board (tests/test_words.py: the simulator's About)
    goto_item(app, "about")
    press(app, B.BTN_A)
    assert app.screen == "about" and app.list.shown == ["Measuring (2 seconds)..."]
    press(app, 0)  # the check runs on the next poll
    rows = app.list.shown
    assert rows[0].startswith("CPython ") and rows[1] == "PyBadge / PyBadge LC"
    assert rows[2] == "Free memory: not told"  # CPython does not say
    assert rows[3].startswith("Speed: ") and rows[4].startswith("AI thinking time: ")
    assert app.settings.speed > 0 and app.store.load_settings().speed == app.settings.speed  # remembered
    lines = (tmp_path / "diag.txt").read_text().splitlines()
    assert lines[:2] == rows[:2] and "  saved game: -" in lines
    assert_fits(app)
    for _ in range(len(app.scr.lines)):
        press(app, B.BTN_DOWN)
        assert_fits(app)
    assert "diag.txt" in " ".join(app.list.shown)
    press(app, B.BTN_B)
    assert app.screen == "title"


def test_out_of_memory_goes_back_to_the_title_and_keeps_the_game():
    board, app = start_game("pybadge", seed=5, render=False)
    assert run_until(app, lambda: app.game.trick_no >= 1 and app.screen == "table",
                     lambda: B.BTN_A if app.screen == "table" else 0)
    saved = app.game.to_bytes()

    def full(btn):
        raise MemoryError("memory allocation failed")

    app.scr.step = full
    with pytest.raises(MemoryError):
        app.step(0)
    assert app.recover() == "oom"  # what code.py does with it
    assert app.list.shown[:1] == ["Screen: Card table"] and app.list.shown[3] == "The game is saved"
    assert "brisca.ui.table" not in __import__("sys").modules or app.game is None
    press(app, B.BTN_A)
    assert app.screen == "title"
    goto_item(app, "continue")
    press(app, B.BTN_A)  # Continue: the same game, move for move
    assert app.screen == "table" and app.game.to_bytes() == saved
