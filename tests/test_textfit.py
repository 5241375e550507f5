"""Every word fits: every screen, in every language, on every board size, with the longest texts the
game can show (names of 8 letters, every hint's reason, the trump exchange, replay codes, 3-digit
scores, every rules page, the saves' notices). A character that would fall outside its box, or a
row that would be lost below a screen, fails, wherever it happens: a text too long wraps, scrolls
or takes a shorter form, never cuts."""

import os
import shutil

import pytest

from brisca import core, lang, notation
from brisca.ui import board as B
from brisca.ui import seating
from brisca.ui.text import Text
from tests import screen
from tests.test_app import goto_item, make_app, press, run_until, set_value

BOARDS = ("pybadge", "clue", "s3_reverse_tft")  # 160x128, 240x240, 240x135
LONG_NAMES = ["WWWWWWWW", "MMMMMMMM"]  # the longest a player can type


def shows_whole(text_obj, text):
    """Whether a Text's tiles, read back glyph by glyph, draw every line of `text` whole, each on a
    row of its own: what the screen shows, not the flag (Text.cut) the code under test sets."""
    grid = text_obj.grid
    drawn = ["".join(screen.char(grid[c, r]) for c in range(grid.width)).strip() for r in range(grid.height)]
    lines = text.split("\n") if text else []
    return len(lines) <= len(drawn) and all(drawn[i] == line.strip() for i, line in enumerate(lines))


class Cuts:
    """Every text that did not fit, as (screen, text), from the moment the app exists."""

    def __init__(self, monkeypatch):
        self.found = []
        self.app = None
        real = Text.set

        def checked(text_obj, text, color=None, bg=None):
            real(text_obj, text, color, bg)
            if not shows_whole(text_obj, text):
                self.found.append((self.app.screen if self.app else "?", text))

        monkeypatch.setattr(Text, "set", checked)

    def look(self, app):
        """The screen as shown now: every row of text inside the screen, nothing drawn over
        anything else but what is made to overlap (DESIGNED), every value beside its label."""
        app.render()
        for x, y, w, h, text in screen.visible(app):
            if x < 0 or y < 0 or x + w > app.W or y + h > app.H:
                self.found.append((app.screen, "off the screen: " + text))
        self.found += [(app.screen, what) for what in overlaps(app) + unlabelled(app)]


# What is made to overlap, by the jobs of the things drawn (roles()): a hand's cards fanned over
# each other; a seat's cards fanned (one seat's only: the role names the seat); the face-up trump
# under the stock; the trick's cards over each other, each one's rank corner in sight (but in
# double Briskula, where the eight cards of a trick lie closer, in seat order only:
# tests/test_tableview.py).
DESIGNED = (("hand", "hand"), ("seat", "seat"), ("trump", "stock"), ("trick", "trick"))


def roles(app):
    """The table's sprites by their job: {id(TileGrid): role}; a seat's cards are "seat" + its
    row, a trick card "trick" (its slot: trick_slot())."""
    t = app.table
    out = {}
    if t is None:
        return out
    for role, grids in (("hand", t.hand), ("trick", t.trick), ("stock", [t.stock]), ("trump", [t.trump]),
                        ("icon", [t.suit]), ("progress", [t.progress.grid]), ("marker", [t.marker[0]])):
        for g in grids:
            out[id(g)] = role
    for row, grids in enumerate(t.opp):
        for g in grids:
            out[id(g)] = "seat%d" % row
    return out


def rank_corner(t, box):
    """The part of a card on screen (its box) that shows its rank: the top left, 10 x 12 pixels
    at the cards' scale."""
    return (box[0], box[1], 10 * t.k, 12 * t.k)


def overlaps(app):
    """Every pair of things drawn that meet, but for DESIGNED ones (the screen's background apart)."""
    role = roles(app)
    things = [d for d in screen.drawn(app.root, app.font.sheet) if d[3] < app.W or d[4] < app.H]
    out = []
    for i, a in enumerate(things):
        for b in things[i + 1:]:
            if not screen.meets(a[1:5], b[1:5]):
                continue
            ra, rb = role.get(id(a[0]), "text"), role.get(id(b[0]), "text")
            pair = (ra.rstrip("0123456789"), rb.rstrip("0123456789"))
            if pair == ("trick", "trick"):
                t = app.table
                if t.plays > 1 or not screen.meets(rank_corner(t, a[1:5]), b[1:5]):
                    continue
                out.append("a trick card at %s over the rank of the one at %s" % (b[1:3], a[1:3]))
            elif (pair in DESIGNED or pair[::-1] in DESIGNED) and (ra == rb or pair[0] != "seat"):
                continue
            else:
                out.append("%s over %s" % (describe(b, rb), describe(a, ra)))
    return out


def describe(thing, role):
    """A thing drawn, for a message: its role (or its text) and its box."""
    return "%s at %s" % (repr(thing[5]) if role == "text" else role, thing[1:5])


def unlabelled(app):
    """Every row of text that shows a number without a word ("0:0:0"), but the stock count, which
    stands beside the stock (or the last card, the trump), on the letter picker its grid of
    characters to pick and what is being typed (the screen's title names it), and a list's title,
    which names its page: a label whatever it is made of (the page that explains "60-60")."""
    out = []
    t = app.table if app.screen in ("table", "lasttrick") else None
    typed = app.scr.grid.grid if app.screen == "picker" else None
    for grid, x, y, w, h, text in screen.drawn(app.root, app.font.sheet):
        if text is None or not any(c.isdigit() for c in text) or any(c.isalpha() for c in text):
            continue
        if grid is typed or typed is not None and grid is app.list.body.grid and text == app.picker.text() + "_":
            continue
        if app.list is not None and grid is app.list.title.grid:
            continue
        if t is not None and grid is t.count.grid and any(
                screen.meets((x - 4 * t.k, y - 4 * t.k, w + 8 * t.k, h + 8 * t.k), box[1:5])
                for box in screen.drawn(t.deck, None, 0, 0, t.k) if box[0] in (t.stock, t.trump)):
            continue
        out.append("a value without its label: " + text)
    return out


@pytest.fixture
def cuts(monkeypatch):
    return Cuts(monkeypatch)


def new_app(cuts, profile, code, assets="assets"):
    board, app = make_app(profile, render=False) if assets == "assets" else make_app_with(profile, assets)
    cuts.app = app
    app.settings.names = list(LONG_NAMES)
    app.set_language(code)
    app.go("title")
    cuts.look(app)
    return app


def make_app_with(profile, assets):
    from tests.test_app import FastSim, make_store
    from brisca.ui.app import App

    board = FastSim(profile, headless=True)
    board.render = False
    app = App(board, make_store(), seed=7, trick_ms=40, ai_budget_ms=15, ai_min_ms=0, assets=assets)
    app.start()
    return board, app


def tour_menu(app, cuts, skip=("lang",)):
    """Every row of the menu on screen, with every value of each option."""
    for _ in range(len(app.menu.items)):
        it = app.menu.items[app.menu.sel]
        if it[2] and it[0] not in skip:
            for _ in range(len(it[2])):
                press(app, B.BTN_RIGHT)
                cuts.look(app)
        press(app, B.BTN_DOWN)
        cuts.look(app)


def menus(app, cuts):
    """Title, new game, names, letter picker, replay code, settings, rules, statistics, about,
    the notes and the out-of-memory screen."""
    goto_item(app, "new")
    press(app, B.BTN_A)
    for mode in range(6):  # the items offered change with the mode
        set_value(app, "mode", mode)
        cuts.look(app)
    tour_menu(app, cuts, skip=("lang", "mode"))
    goto_item(app, "names")
    press(app, B.BTN_A)
    cuts.look(app)
    press(app, B.BTN_A)  # player 1's name on the picker
    cuts.look(app)
    app.go("title")
    goto_item(app, "replay")
    press(app, B.BTN_A)
    for _ in range(16):  # a whole code, then a wrong one's message
        press(app, B.BTN_A)
    cuts.look(app)
    press(app, B.BTN_START)
    cuts.look(app)
    app.go("settings", "title")
    tour_menu(app, cuts)
    app.go("rules", "title")
    for _ in range(app.scr.pages()):
        cuts.look(app)
        press(app, B.BTN_RIGHT)
    app.go("stats")
    cuts.look(app)
    app.go("about")
    press(app, 0)
    for _ in range(len(app.scr.lines)):
        cuts.look(app)
        press(app, B.BTN_DOWN)
    for notice in ("sn_unavailable|[Errno 5] Input/output error", "sn_damaged|0,1,2,3", "sn_big|200", "drive_on"):
        app.notice = app.t(notice) if notice == "drive_on" else notice
        app.go("title")
        cuts.look(app)
        app.go("title")
    app.saved = b"x"
    app.go("resume_q")
    cuts.look(app)
    app.saved = None
    from brisca.ui.app import SCREENS

    for where in [word.split(":")[0] for word in SCREENS.split()] + ["start-up"]:
        app.go("oom", where, 123456)
        cuts.look(app)
        # where it happened in words: not the screen's identifier, nor a text key
        shown = " ".join(app.list.shown)
        assert app.t("oom_on", where) not in shown and "sc_" not in shown, shown


def table_lines(app, cuts):
    """The table with every status and help line it may show, the longest names in them."""
    t = app.t
    lines = [t("h_" + reason) for reason in __import__("brisca.ai").ai.REASONS.split()]
    lines += [t("exch_q7"), t("exch_q2"), t("exch_q9"), t("your_turn"), t("h_must_follow"), t("hint") + ": -"]
    for name in app.names + LONG_NAMES:
        lines += [t("turn_of", name), t("took_by", name), t("exchanged", name)]
    for line in lines:
        app.status = line
        app.dirty = True
        cuts.look(app)
    app.status = ""


def play(app, cuts, deals=1):
    """Play on (A at the table, the AI for the others) through `deals` deal-over screens, looking
    at the table, the pause menu, the score sheet and the last trick on the way."""
    seen = 0
    looked = thought = turned = False
    for _ in range(20000):
        s = app.screen
        if s == "table" and app.thinking >= 0 and not thought:  # an AI thinking: its progress bar
            thought = True
            cuts.look(app)
        if s == "table" and not turned and app.game.turn in app.humans and not app.in_trick_pause:
            turned = True  # the first turn: the help line under the trick
            cuts.look(app)
        if s == "table" and not looked and app.game.trick_no >= 2 and not app.in_trick_pause:
            looked = True
            table_lines(app, cuts)
            for screen_name, args in (("pause", ()), ("score", ()), ("lasttrick", ("pause",))):
                app.go(screen_name, *args)
                cuts.look(app)
            app.go("table")
        if s == "deal_over":
            cuts.look(app)
            seen += 1
            if seen >= deals or app.game.phase == core.MATCH_OVER:
                break
        if s == "handover":
            cuts.look(app)
        app.step(B.BTN_A if s in ("table", "handover", "deal_over") else 0)
    assert seen, "no deal ended"
    if app.game.phase == core.MATCH_OVER:
        press(app, B.BTN_A)
        cuts.look(app)
        assert app.screen == "result"
    app.go("quit_q")
    cuts.look(app)


def game(app, rules, mode):
    app.settings.mode = ("vs_ai", "two_humans", "three_players", "teams_ai", "teams_humans")[mode]
    app.settings.level = "easy"
    seating.new_game(app, rules)
    assert app.screen == "table"


TABLES = ((notation.preset("brisca", 2), 0, 1), (notation.preset("briscola", 2), 1, 1),
          (notation.preset("briskula", 4), 3, 1), (notation.preset("brisca", 3), 2, 1),
          (core.Rules(2, 40, 0, core.TIE_DRAW, core.MATCH_POINTS, 151), 0, 9),
          (core.Rules(6, 36, 0, core.TIE_DRAW, core.MATCH_WINS, 2), 0, 1),
          (core.Rules(4, 40, core.F_DOUBLE, core.TIE_DRAW, core.MATCH_WINS, 2), 3, 1),
          (core.Rules(2, 40, core.F_OPEN, core.TIE_DRAW, core.MATCH_BEST_OF, 3), 0, 1))


@pytest.mark.parametrize("profile", BOARDS)
@pytest.mark.parametrize("code", lang.LANGS)
def test_every_screen_fits_every_language_on_every_board(cuts, profile, code):
    app = new_app(cuts, profile, code)
    menus(app, cuts)
    # every table size: 2 players, Brisca (exchange), first to 5 deals; 2 humans; 4 in teams; 3
    # players (with the running points and the cards still out shown); a points match; 6 players
    # and double Briskula's 4 cards (with the points); Scoperta's open hands and stock
    for rules, mode, deals in TABLES:
        app.settings.show_points = app.settings.show_cards_out = mode == 2
        app.settings.show_points = app.settings.show_points or rules.players >= 4 and rules.flags != 0
        game(app, rules, mode)
        play(app, cuts, deals)
    assert cuts.found == [], "%d texts do not fit (%s, %s): %s" % (len(cuts.found), profile, code, cuts.found[:8])


def finished(rules, seed):
    """A match of `rules` played to its end with the first legal action each time (no AI: quick)."""
    g = core.Game(rules, seed, 0)
    while g.phase != core.MATCH_OVER:
        g.apply(core.NEXT_DEAL if g.phase == core.DEAL_OVER else g.legal_actions()[0])
    return g


@pytest.mark.parametrize("profile", BOARDS)
def test_the_ends_of_whole_matches_fit(cuts, profile):
    """The last deal's score and the match result after whole matches, won and lost, by teams of
    the longest names too: the winner's line wraps, never cuts."""
    for code in lang.LANGS:
        app = new_app(cuts, profile, code)
        for rules, mode, seed in ((notation.preset("briskula", 4), 3, 1), (notation.preset("briskula", 4), 3, 2),
                                  (notation.preset("briskula", 4), 4, 1), (notation.preset("brisca", 3), 2, 1),
                                  (core.Rules(2, 40, 0, core.TIE_DRAW, core.MATCH_POINTS, 151), 1, 1)):
            app.settings.mode = ("vs_ai", "two_humans", "three_players", "teams_ai", "teams_humans")[mode]
            seating.play(app, finished(rules, seed))
            for name in ("deal_over", "result"):
                app.go(name)
                cuts.look(app)
    assert cuts.found == [], cuts.found[:8]


def test_the_exchange_prompt_fits(cuts):
    from tests.test_app import _game_at_exchange

    for profile in BOARDS:
        for code in lang.LANGS:
            app = new_app(cuts, profile, code)
            seating.play(app, _game_at_exchange())
            cuts.look(app)
            assert app.table.status.text in (app.t("exch_q7"), app.t("exch_q2")), app.table.status.text
    assert cuts.found == [], cuts.found[:8]


def test_the_notice_of_an_ai_that_cannot_start_fits(cuts):
    """brisca.ui.seating's notice at the table (the level chosen, the one playing instead, or the
    stub's word), the longest level names of each language."""
    for profile in BOARDS:
        for code in lang.LANGS:
            app = new_app(cuts, profile, code)
            seating.play(app, core.Game(core.Rules(2), 1))
            for chosen, lower in (("hard", "medium"), ("medium", "easy"), ("hard", "ai_stub")):
                app.status = app.t("ai_down", app.t(chosen), app.t(lower))
                app.dirty = True
                cuts.look(app)
                assert app.table.status.text == app.status
    assert cuts.found == [], cuts.found[:8]


def test_a_lengthened_text_is_caught(cuts, tmp_path):
    """The check can fail: the Spanish 'your turn' made longer than a line is found at the table."""
    assets = tmp_path / "assets"
    shutil.copytree("assets", assets)
    path = assets / "lang" / "es.txt"
    text = path.read_text(encoding="utf-8")
    text = text.replace("your_turn=Tu turno\n", "your_turn=Es tu turno: juega una carta ya\n")
    assert "juega una carta ya" in text
    path.write_text(text, encoding="utf-8")
    app = new_app(cuts, "pybadge", "es", str(assets))
    assert cuts.found == []
    game(app, notation.preset("brisca", 2), 0)
    run_until(app, lambda: app.game.turn == 0 and not app.in_trick_pause, lambda: 0)
    app.status = ""
    cuts.look(app)
    assert ("table", "Es tu turno: juega una carta ya") in cuts.found
    assert os.path.exists(path)
