"""How the list screens are drawn on every screen size (brisca.ui.listview, brisca.ui.menu):
twice the size on screens 240 px wide where it fits, inside margins; scroll marks exactly where a
list goes on past the screen, pointing that way; a value never wrapped away from its label; a
note under a menu that takes room from the list and gives it back."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from brisca import core, lang, notation  # noqa: E402
from brisca.ui import board as B  # noqa: E402
from brisca.ui import seating  # noqa: E402
from brisca.ui.text import wrap  # noqa: E402
from tests import screen  # noqa: E402
from tests.test_app import goto_item, make_app, press  # noqa: E402

BOARDS = ("pybadge", "clue", "s3_reverse_tft", "picosystem")  # 160x128, 240x240, 240x135, 240x240
LONG_NAMES = ["WWWWWWWW", "MMMMMMMM"]
MARGIN = 12  # px each side of the rows on a screen 240 px wide (brisca.ui.listview)


def rows_of(app, text):
    """The screen boxes (x, y, w, h, row) of `text` (a Text of the list view) as shown."""
    return [box + (row,) for t in screen.texts([text.group], app.font.sheet)
            if not t.hidden for row, box in zip(t.rows, t.boxes) if box is not None]


def body_rows(app):
    """The list's rows as shown: the plain ones and the highlighted one, top to bottom."""
    view = app.list
    return sorted(rows_of(app, view.body) + rows_of(app, view.sel), key=lambda r: r[1])


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def mark_box(view, mark):
    s = view.scale
    return mark.x * s, mark.y * s, 5 * s, 3 * s


# ---------------------------------------------------------------------------------------- 2x
@pytest.mark.parametrize("profile", BOARDS)
def test_menus_are_drawn_twice_the_size_inside_margins_where_the_screen_is_big(profile):
    """The CLUE and the PicoSystem draw their menus at 2x, every row inside a margin each side;
    the S3 Reverse TFT (135 px tall) draws a short list so, a long one at 1x inside the margins;
    the PyBadge as before, 1x."""
    board, app = make_app(profile, render=False)
    big = app.W >= 240
    tall = big and app.H >= 200
    checked = 0
    for name, args in (("title", ()), ("settings", ("title",)), ("names", ("title",)), ("resume_q", ())):
        app.saved = b"x"
        app.go(name, *args)
        rows = body_rows(app)
        assert rows and len(rows) == len(app.list.shown)
        scale = 2 if tall or (big and name in ("names", "resume_q")) else 1
        assert app.list.body.group.scale == scale if big else app.list.body.group is app.list.body.grid, name
        for x, y, w, h, text in rows:
            assert h == app.font.h * scale, (name, text, h)
            if big:
                assert MARGIN <= x and x + w <= app.W - MARGIN, (name, text, x, w)
        checked += 1
    assert checked == 4


@pytest.mark.parametrize("code", lang.LANGS)
def test_the_clues_settings_are_at_2x_in_every_language(code):
    """Every settings row fits a row at 2x (the long labels take their shorter form there)."""
    board, app = make_app("clue", render=False)
    app.set_language(code)
    app.go("settings", "title")
    for _ in range(len(app.menu.items)):
        assert app.list.body.group.scale == 2
        for x, y, w, h, text in body_rows(app):
            assert h == 2 * app.font.h and MARGIN <= x and x + w <= app.W - MARGIN, text
        press(app, B.BTN_DOWN)


def test_a_list_too_wide_for_2x_keeps_1x_and_its_margins():
    """The new-game menu's longest rows do not fit 18 characters: the CLUE draws it at 1x (never
    a row cut: tests/test_textfit.py), still inside the margins, under a 2x title."""
    board, app = make_app("clue", render=False)
    goto_item(app, "new")
    press(app, B.BTN_A)
    assert app.screen == "setup" and app.list.body.group.scale == 1 and app.list.title.group.scale == 2
    for x, y, w, h, text in body_rows(app):
        assert h == app.font.h and MARGIN <= x and x + w <= app.W - MARGIN, text


# ---------------------------------------------------------------------------------------- scroll marks
def check_marks(app, first, more_below):
    """The marks show exactly where rows lie above (`first` > 0) and below, each by the rows on
    its side, inside the screen and over no text."""
    view = app.list
    up, down = view.hint[0], view.hint[1]
    assert up.hidden == (first == 0), (app.screen, first)
    assert down.hidden == (not more_below), (app.screen, first, more_below)
    rows = body_rows(app)
    texts = screen.visible(app)
    for mark, on in ((up, first > 0), (down, more_below)):
        if not on:
            continue
        x, y, w, h = box = mark_box(view, mark)
        assert 0 <= x and x + w <= app.W and 0 <= y and y + h <= app.H, box
        for t in texts:
            assert not overlaps(box, t), (app.screen, box, t)
        if mark is up:  # by the first row shown, not lower
            assert y < rows[0][1] + rows[0][3], (box, rows[0])
        else:  # by the last row a full screen shows, not higher
            assert y + h > view.top + (view.rows - 1) * view.lh, (box, view.top, view.rows)


@pytest.mark.parametrize("profile", BOARDS)
def test_scroll_marks_show_exactly_where_a_menu_goes_on(profile):
    """The new-game menu (19 items and more) is longer than every screen: walking it from the top
    to the bottom and back, the up mark shows once its first row has scrolled away, the down mark
    while its last is not shown. A short menu (the title) has none."""
    board, app = make_app(profile, render=False)
    check_marks(app, 0, False)
    goto_item(app, "new")
    press(app, B.BTN_A)
    menu = app.menu
    n = len(menu.items)
    seen = set()
    for btn in [B.BTN_DOWN] * (n - 1) + [B.BTN_UP] * (n - 1):
        first = menu.top
        shown = len(app.list.shown)
        assert shown < n
        key, label = menu.items[first][:2]
        assert app.list.shown[0].startswith((label, menu.short.get(key, label)))  # the first row shown
        check_marks(app, first, first + shown < n)
        seen.add((first > 0, first + shown < n))
        press(app, btn)
    assert seen == {(False, True), (True, True), (True, False)}  # only down, both, only up


@pytest.mark.parametrize("profile", ("pybadge", "clue"))
def test_scroll_marks_on_the_statistics_and_none_on_a_page_that_fits(profile):
    from brisca.save.settings import LEVELS, MODES
    from tests.test_app import make_store
    from brisca.save.stats import Stats

    store = make_store()
    stats = Stats()
    for mode in MODES:
        for level in LEVELS:
            stats.record(mode, level, "win")
    store.save_stats(stats)
    board, app = make_app(profile, store=store, render=False)
    app.go("stats")
    count = app.list.count
    assert count > app.list.rows
    for _ in range(count):
        check_marks(app, app.scr.page, app.scr.page + app.list.rows < count)
        press(app, B.BTN_DOWN)
    assert app.scr.page == count - app.list.rows
    app.go("rules", "title")
    check_marks(app, 0, False)


def test_the_marks_are_drawn():
    """A mark is pixels on the screen: gold where its box says, on the PyBadge's and the CLUE's."""
    for profile in ("pybadge", "clue"):
        board, app = make_app(profile)
        goto_item(app, "new")
        press(app, B.BTN_A)
        app.render()
        x, y, w, h = mark_box(app.list, app.list.hint[1])
        gold = [board.pixel_at(x + i, y + j) for i in range(w) for j in range(h)]
        assert sum(1 for p in gold if p[0] > 0xE0 and 0xA0 < p[1] < 0xD8 and p[2] < 0x40) >= w, (profile, gold)


# ---------------------------------------------------------------------------------------- label: value
def test_wrap_keeps_a_value_on_its_labels_line():
    """The two rows the issue saw split: the break moves before the name part."""
    assert wrap("Komputer 1 i Komputer 2: 91", 26) == ["Komputer 1 i", "Komputer 2: 91"]
    assert wrap("Jugador 1 y Compañero: 1 / 15", 26) == ["Jugador 1 y", "Compañero: 1 / 15"]
    assert wrap("Gewonnene Runden 1:0", 18) == ["Gewonnene", "Runden 1:0"]
    assert wrap("Code: ABCD-EFGH-IJKL-MNOP", 20) == ["Code:", "ABCD-EFGH-IJKL-MNOP"]  # no better place
    assert wrap("Code: ABCD-EFGH-IJKL-MNOP", 20, keep=True) is None  # (2x then keeps 1x)
    assert wrap("x" * 30, 12) == ["x" * 12, "x" * 12, "x" * 6]


SPLIT = re.compile(r"^[\d/]|:$")  # a row that starts with a value, or a label whose value went on


def finished_deal(app, rules, mode, seed=3):
    app.settings.mode = ("vs_ai", "two_humans", "three_players", "teams_ai", "teams_humans")[mode]
    g = core.Game(rules, seed, 0)
    while g.phase < core.DEAL_OVER:
        g.apply(g.legal_actions()[0])
    seating.play(app, g)


@pytest.mark.parametrize("profile", ("pybadge", "clue", "s3_reverse_tft"))
def test_no_value_is_wrapped_away_from_its_label(profile):
    """The deal's score and the score sheet with teams of the longest names (and of the seats'
    own names) in every language: each row that wraps keeps its value with its label's tail."""
    bad = []
    for code in lang.LANGS:
        for names in (LONG_NAMES, []):
            board, app = make_app(profile, render=False)
            app.settings.names = list(names)
            app.settings.show_points = True
            app.set_language(code)
            for mode in (3, 4):
                finished_deal(app, notation.preset("briskula", 4), mode)
                for name in ("deal_over", "score"):
                    app.go(name)
                    bad += [(code, name, row) for row in app.list.shown if SPLIT.search(row)]
    assert bad == [], bad[:8]


# ---------------------------------------------------------------------------------------- note
@pytest.mark.parametrize("profile", BOARDS)
def test_a_note_under_a_menu_takes_room_from_the_list_and_gives_it_back(profile):
    board, app = make_app(profile, render=False)
    goto_item(app, "new")
    press(app, B.BTN_A)
    view = app.list
    rows = view.rows
    long_note = app.t("o_redeal_d")  # (an explanation two lines long at 1x on every screen)
    for note in (long_note, "Short note", ""):
        app.scr.note(note)
        assert app.menu.note == note and view.rows < rows
        shown = rows_of(app, view.note)
        assert bool(shown) == bool(note)
        assert "".join(r[4] for r in shown).replace(" ", "") == note.replace(" ", "")  # whole, not cut
        assert not view.note.cut
        footer = rows_of(app, view.footer)[0]
        last = body_rows(app)[-1]
        for box in shown:
            assert last[1] + last[3] <= box[1] and box[1] + box[3] <= footer[1], (box, last, footer)
            assert box[0] >= 0 and box[0] + box[2] <= app.W
        if note == "Short note" and app.W >= 240:  # at the rows' size: 2x over 2x rows, else 1x
            assert view.note.group.scale == view.body.group.scale
        check_marks(app, app.menu.top, app.menu.top + len(view.shown) < len(app.menu.items))
        press(app, B.BTN_DOWN)  # the note stays while the cursor moves
        assert [r[4] for r in rows_of(app, view.note)] == [r[4] for r in shown]
    app.scr.note(None)
    assert view.rows == rows and rows_of(app, view.note) == []
    app.go("settings", "title")  # a menu at 2x on the CLUE and the PicoSystem: a short note too
    app.scr.note("Short note")
    if app.W >= 240:
        assert view.body.group.scale == (2 if app.H >= 200 else 1) == view.note.group.scale
    assert [r[4] for r in rows_of(app, view.note)] == ["Short note"]
