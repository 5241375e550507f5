"""Help lines name every key a screen answers to, on every board, in every language.

assets/lang/keys.txt is the one table of what each screen's keys do (App.help_spec()). Here every
key a board can send is pressed on every screen (each from the same state, made again before each
press): a key that changes anything (the screen, what it shows, the game, the settings) must be
in the table, a key in the table must change something, and the help line shown must name each
of the table's keys in this board's own words ("A", "hold B", "<>"), in every language, within
the screen's width."""

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from brisca import core, notation  # noqa: E402
from brisca.lang import LANGS  # noqa: E402
from brisca.ui import board as B  # noqa: E402
from brisca.ui import seating  # noqa: E402
from brisca.lang import Texts  # noqa: E402
from brisca.ui.app import KEY_TOKENS  # noqa: E402
from tests import screen  # noqa: E402
from tests.test_app import _game_at_exchange, make_app  # noqa: E402

BOARDS = ("pybadge", "clue", "s3_reverse_tft", "pygamer", "picosystem")
ARROW_TOKENS = {"lr": B.BTN_LEFT | B.BTN_RIGHT, "ud": B.BTN_UP | B.BTN_DOWN}
ALL = 255
TABLE = Texts("keys", "assets/lang/keys.txt")


def _game(app, rules=None, mode="vs_ai", dealer=1):
    """A new game of `rules` (2 players) in `mode`; seat 0 (a human) leads its first trick."""
    app.settings.mode = mode
    rules = rules or core.Rules(2)
    seating.new_game(app, rules, dealer)
    return app.game


def _played(app, rules, until):
    g = _game(app, rules)
    while g.phase < until:
        g.apply(g.legal_actions()[0])
    return g


def _long_stats(app):
    """Statistics of every mode and level: more lines than any screen shows (they scroll)."""
    from brisca.save.settings import LEVELS, MODES
    from brisca.save.stats import Stats

    st = Stats()
    for mode in MODES:
        for level in LEVELS:
            st.record(mode, level, "win")
    app.store.save_stats(st)
    app.go("stats")


def _about(app):
    app.go("about")
    app.step(0)  # (it measures on the poll after it shows)


def _last_trick(app):
    g = _game(app)
    for _ in range(2):
        g.apply(g.legal_actions()[0])
    app.go("lasttrick", "table")


# scenario -> (its screen in the keys' table, what brings the app there from the title)
SCENARIOS = {
    "title": ("title", lambda app: app.go("title")),
    "resume_q": ("resume_q", lambda app: (setattr(app, "saved", core.Game(core.Rules(2), 3).to_bytes()),
                                          app.go("resume_q"))),
    "settings": ("settings", lambda app: app.go("settings", "title")),
    "names": ("names", lambda app: app.go("names", "settings")),
    "setup": ("setup", lambda app: app.go("setup")),
    "picker": ("picker", lambda app: app.go("picker", "name", 0)),
    "picker_code": ("picker", lambda app: app.go("picker", "code")),
    "rules": ("rules", lambda app: app.go("rules", "title")),
    "stats": ("stats", _long_stats),
    "about": ("about", _about),
    "oom": ("oom", lambda app: app.go("oom", "table", 1234)),
    "note": ("note", lambda app: app.go("note", "A notice too long for the footer of the title menu")),
    "table": ("table", lambda app: _game(app)),
    "exchange": ("exchange", lambda app: seating.play(app, _game_at_exchange())),
    "handover": ("handover", lambda app: (_game(app, core.Rules(4), "teams_humans"), app.go("handover", 2))),
    "lasttrick": ("lasttrick", _last_trick),
    "pause": ("pause", lambda app: (_game(app), app.go("pause"))),
    "quit_q": ("quit_q", lambda app: (_game(app), app.go("quit_q"))),
    "score": ("score", lambda app: (_game(app), app.go("score"))),
    "deal_over": ("deal_over", lambda app: (_played(app, core.Rules(2, match=core.MATCH_WINS, target=2),
                                                    core.DEAL_OVER), app.go("deal_over"))),
    "result": ("result", lambda app: (_played(app, core.Rules(2), core.MATCH_OVER), app.go("result"))),
}


def _enter(app, scenario, code="en"):
    """The app on `scenario`'s screen in language `code`, as if just arrived there from a fresh
    start (the settings as they were then: START on the new-game menu saves its choices)."""
    fresh = getattr(app, "test_fresh", None)
    if fresh is None:
        app.test_fresh = {k: list(v) if isinstance(v, list) else v for k, v in vars(app.settings).items()}
    else:
        vars(app.settings).update({k: list(v) if isinstance(v, list) else v for k, v in fresh.items()
                                   if k != "language"})  # (set_language() below: the texts too)
    if app.settings.language != code:
        app.set_language(code)
    app.saved = None
    app.notice = ""
    app.cursors.clear()
    app.setup_values = None
    app.seed = 12345  # (each new game takes the next seed)
    app.go("title")
    SCENARIOS[scenario][1](app)
    app.render()


def _state(app):
    """What a key press could change: the screen, every text on it, the game, the cursor and hint,
    the settings, the typed name."""
    g = app.game
    p = app.picker
    return (app.screen, tuple(screen.visible(app)), sorted(vars(app.settings).items()),
            (g.to_bytes(), app.sel, app.hint_card) if g is not None else None,
            (p.name, p.r, p.c) if p is not None else None)


def _shown_help(app):
    if app.table is not None:
        return app.table.info.text or ""
    return app.list.footer.text or ""


def _sendable(board):
    """Every logical key (BTN_* bit) this board can send."""
    bits = 0
    for _label, short, long in board.profile.keys:
        bits |= short | long
    if getattr(board.profile, "joystick", False):
        bits |= B.BTN_LEFT | B.BTN_RIGHT | B.BTN_UP | B.BTN_DOWN
    return [b for b in B.ALL_BUTTONS if bits & b]


def _spec(app, screen):
    return app.help_spec(screen)


def _tokens(spec):
    return [item.split(":")[0] for item in spec.split()]


def _bits(token):
    return ALL if token == "*" else ARROW_TOKENS.get(token) or KEY_TOKENS[token]


def _label(app, token):
    """How help() names `token` on this board (None: the board has no such key)."""
    b = app.board
    if token == "*":
        return app.t("hk_any")
    if token in ARROW_TOKENS:
        pair = [bit for bit in B.ALL_BUTTONS if bit & ARROW_TOKENS[token]]
        return ("<>" if token == "lr" else "^v") if all(b.key_for(bit) for bit in pair) else None
    key = b.key_for(KEY_TOKENS[token])
    return key and (app.t("hk_hold", key[0]) if key[1] else key[0])


def _named(line, label):
    return re.search(r"(^|[ /\n])" + re.escape(label) + r"($|[ /:\n])", line) is not None


@pytest.fixture(scope="module", params=BOARDS)
def answers(request):
    """board -> (app, {scenario: (answered keys, the table's keys)}) with every key pressed."""
    keep = pytest.MonkeyPatch()  # modules stay loaded between screens: no compiling them again
    keep.setattr("brisca.ui.app.unload", lambda name: None)  # for every press (what is tested here
    board, app = make_app(request.param, render=False)  # is what the screens do with a key)
    out = {}
    for scenario, (name, _go) in SCENARIOS.items():
        _enter(app, scenario)
        assert app.screen == name or name == "exchange" and app.screen == "table", (scenario, app.screen)
        before = _state(app)
        answered = []
        for bit in _sendable(board):
            _enter(app, scenario)
            assert _state(app) == before, scenario  # the same state before every press
            app.step(bit)
            if _state(app) != before:
                answered.append(bit)
        out[scenario] = answered
    yield board, app, out
    keep.undo()


def test_every_key_a_screen_answers_to_is_in_the_table(answers):
    board, app, out = answers
    for scenario, answered in out.items():
        spec = _spec(app, SCENARIOS[scenario][0])
        covered = 0
        for token in _tokens(spec):
            covered |= _bits(token)
        missing = [B.button_name(bit) for bit in answered if not covered & bit]
        assert not missing, "%s on %s answers to %s: not in keys.txt's %r" % (scenario, board.name, missing, spec)


def test_every_key_in_the_table_does_something(answers):
    """No help line names a key that does nothing there (the title said "B back")."""
    board, app, out = answers
    sendable = _sendable(board)
    for scenario, answered in out.items():
        for token in _tokens(_spec(app, SCENARIOS[scenario][0])):
            bits = [bit for bit in sendable if _bits(token) & bit]
            if not bits or scenario == "about" and token in ("ud", "lr", "r"):
                continue  # (About scrolls only where its lines are more than the screen holds)
            assert any(bit in answered for bit in bits), "%s on %s: %s does nothing" % (scenario, board.name, token)


@pytest.mark.parametrize("code", LANGS)
def test_the_help_shown_names_every_key_of_the_table(answers, code):
    board, app, _out = answers
    for scenario, (name, _go) in SCENARIOS.items():
        _enter(app, scenario, code)
        line = _shown_help(app)
        width = app.table.info.cols if app.table is not None else app.list.footer.cols
        assert line and max(len(part) for part in line.split("\n")) <= width, (scenario, board.name, code, line)
        assert line.count("\n") < (app.list.footer.rows if app.table is None else 1), line
        for token in _tokens(_spec(app, name)):
            label = _label(app, token)
            assert label is None or _named(line, label), (scenario, board.name, code, token, label, line)


def test_the_table_has_every_screen_and_each_is_pressed_here():
    from brisca.ui.app import SCREENS

    screens = {word.split(":")[0] for word in SCREENS.split()}
    assert set(TABLE.keys()) == {name for name, _go in SCENARIOS.values()} == screens | {"exchange"}


def test_few_button_boards_say_next_for_next_everywhere():
    """One word a key: RIGHT on the CLUE and the Reverse TFT walks on ("next") on every screen
    (Spanish said "A mover" on one and "A sigue" on another); only the exchange's keep differs."""
    for name in TABLE.keys():
        spec = TABLE.find(name)
        for item in (spec[1] if isinstance(spec, tuple) else spec).split():
            token, _, action = item.partition(":")
            if token == "r":
                assert action == ("keep" if name == "exchange" else "next"), (name, item)


def test_the_title_names_only_what_its_keys_do():
    """The title has no way back: B is not in its help, and a yes/no question carries no extra
    Back item on the boards with two or three buttons."""
    for profile in ("pybadge", "picosystem"):
        board, app = make_app(profile, render=False)
        assert not _named(app.list.footer.text, "B"), app.list.footer.text
    for profile in ("clue", "s3_reverse_tft"):
        board, app = make_app(profile, render=False)
        for scenario in ("resume_q", "quit_q"):
            _enter(app, scenario)
            assert [it[0] for it in app.menu.items] == ["yes", "no"], (profile, scenario)
            assert app.t("back") not in app.list.shown


def test_exchange_keeps_with_b_or_next():
    """(The few-button form of the exchange: keep is RIGHT there, and B on the Reverse TFT.)"""
    board, app = make_app("clue", render=False)
    g = _game_at_exchange()
    seating.play(app, g)
    app.render()
    assert _shown_help(app).startswith("B swap  A keep"), _shown_help(app)
    assert notation.action_name(core.PASS) == "-"
