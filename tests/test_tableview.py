"""The table shows who played what and what the rules make public, and labels its values: each
trick card lies on its seat's side (3, 4 and 6 players), Scoperta's stock top is drawn face up,
and the score line's values keep a label in every language, however wide they get."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from brisca import core, lang  # noqa: E402
from brisca.ui import board as B  # noqa: E402
from brisca.ui import match  # noqa: E402
from brisca.ui import seating  # noqa: E402
from brisca.ui.tablebase import BACK, ROW, SIDE, STOCK  # noqa: E402
from tests.test_app import NAVY, PROFILES, WHITE, count_colour, make_app, run_until  # noqa: E402

def a_full_trick(profile, rules, seed=3):
    """An app at the table of `rules`, in the trick-winner moment: the whole trick on show."""
    board, app = make_app(profile)
    app.settings.level = "easy"
    seating.play(app, core.Game(rules, seed, 0))
    assert run_until(app, lambda: app.in_trick_pause and app.screen == "table",
                     lambda: B.BTN_A if app.game.turn in app.humans else 0)
    app.render()
    return board, app


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players, flags", ((3, 0), (4, 0), (6, 0), (4, core.F_DOUBLE)))
def test_each_trick_card_lies_on_its_seats_side(profile, players, flags):
    """Seats further left have their cards further left, seats higher up higher up: who played
    which card reads from where it lies (double Briskula's eight cards too)."""
    rules = core.Rules(players, 36 if players != 4 else 40, flags)
    board, app = a_full_trick(profile, rules)
    g, t = app.game, app.table
    viewer = app.humans[0]
    assert g.last_len == players * rules.plays
    placed = []
    for i in range(g.last_len):
        pos = t.pos[(g.last_seats[i] - viewer) % players]
        sprites = [s for s in t.trick if not s.hidden and s[0] == g.last_trick[i]]
        assert len(sprites) == 1, (i, g.last_trick[i])
        placed.append((pos, sprites[0].x * t.k, sprites[0].y * t.k))
    # the positions are where the seats' hands are drawn: at the left edge, across, at the right
    for j in range(1, players):
        pos = t.pos[j]
        for s in t.opp[j - 1]:
            x = s.x * t.k
            assert s.hidden or (x < 0, 0 <= x <= app.W - t.cw and s.y * t.k < t.band_y + t.strip,
                                x > app.W - t.cw)[SIDE[pos]], (profile, pos, x)
    for pa, xa, ya in placed:
        for pb, xb, yb in placed:
            if SIDE[pa] < SIDE[pb]:
                assert xa < xb, (profile, pa, pb, placed)
            if ROW[pa] < ROW[pb]:
                assert ya < yb, (profile, pa, pb, placed)


@pytest.mark.parametrize("profile", PROFILES)
def test_scoperta_shows_the_stocks_top_card_face_up(profile):
    """Briscola Scoperta: the stock's top card is public (core.View.stock_top), so it is drawn
    face up, on every board; a plain game keeps the stock's back."""
    for flags in (core.F_OPEN, 0):
        board, app = make_app(profile)
        g = core.Game(core.Rules(2, 40, flags), 12345, 1)
        seating.play(app, g)
        app.render()
        t = app.table
        top = g.view(0).stock_top
        assert top == (g.deck[g.top] if flags else core.NO_CARD)
        assert not t.stock.hidden
        assert t.stock[0] == (top if flags else STOCK), t.stock[0]
        # what the screen shows there: a card's white face, or the navy of a back
        x, y = t.stock.x * t.k, t.stock.y * t.k
        white = count_colour(board, WHITE, x, y, x + t.cw, y + t.ch)
        navy = count_colour(board, NAVY, x, y, x + t.cw, y + t.ch)
        assert (white > navy) == bool(flags), (profile, flags, white, navy)
        assert t.stock[0] not in (BACK, STOCK) or not flags


@pytest.mark.parametrize("code", lang.LANGS)
def test_the_score_line_labels_its_widest_values(code):
    """The widest values the score line can hold (3 sides of a points match past 100, a deal's
    100:10:10) keep a label each and fit the narrowest screen's line together."""
    board, app = make_app("pybadge")
    app.set_language(code)
    cols = (app.W - 4) // app.font.w  # (the table's line: brisca.ui.tablebase)
    for total, tally, points in ((True, "150:150:150", "100:10:10"), (False, "15:14:13", "40:40:40"),
                                 (True, "270:265", "120:0"), (False, "", "100:10:10"), (True, "150:150:150", "")):
        left, right = match.corner(app, total, tally, points, cols)
        assert len(left) + len(right) + (1 if left and right else 0) <= cols, (left, right)
        for text, value in ((left, tally), (right, points)):
            assert (value in text and any(c.isalpha() for c in text)) if value else not text, (code, text)
