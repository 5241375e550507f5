"""Words that are true and right: what the end-of-deal and match screens say of a side carries its
number (one player, or a team of two) in every language, with the forms written here by hand."""

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from brisca import core  # noqa: E402
from brisca.lang import LANGS  # noqa: E402
from brisca.ui import match  # noqa: E402
from brisca.ui import seating  # noqa: E402
from tests.test_app import make_app  # noqa: E402

# Per language and template: the word that carries the number, (one player, a team). A template
# without a verb of its own ("Pobjeda!", "Gewonnen!") has the same word in both.
FORMS = {
    "en": {"won_deal": ("won", "won"), "won_match": ("won", "won"), "you_won": ("won!", "won!"),
           "you_lost": ("lost", "lost")},
    "es": {"won_deal": ("gana", "ganan"), "won_match": ("gana", "ganan"), "you_won": ("has", "habéis"),
           "you_lost": ("has", "habéis")},
    "it": {"won_deal": ("vince", "vincono"), "won_match": ("vince", "vincono"), "you_won": ("hai", "avete"),
           "you_lost": ("hai", "avete")},
    "hr": {"won_deal": ("dobiva", "dobivaju"), "won_match": ("dobiva", "dobivaju"),
           "you_won": ("pobjeda!", "pobjeda!"), "you_lost": ("poraz", "poraz")},
    "de": {"won_deal": ("gewinnt", "gewinnen"), "won_match": ("gewinnt", "gewinnen"),
           "you_won": ("gewonnen!", "gewonnen!"), "you_lost": ("verloren", "verloren")},
    "pl": {"won_deal": ("wygrywa", "wygrywają"), "won_match": ("wygrywa", "wygrywają"),
           "you_won": ("wygrana!", "wygrana!"), "you_lost": ("przegrana", "przegrana")},
}
# (mode, players): one player a side, and teams; pass-and-play names the winner ("won_match"),
# a game against the AI says "you won" / "you lost".
SINGLE, TEAM = ("two_humans", 2), ("teams_humans", 4)
VS_ONE, VS_TEAM = ("vs_ai", 2), ("teams_ai", 4)


def _words(rows):
    return " ".join(rows).lower().replace("¡", "").split()


def _finished(code, mode, players, want_human_win=None):
    """An app in `code` at the end of a one-deal match of `players` in `mode`, won by one side
    (by the human's side, or not, if `want_human_win` says)."""
    for seed in range(1, 200):
        board, app = make_app(render=False, seed=seed)
        app.set_language(code)
        app.settings.mode = mode
        seating.new_game(app, core.Rules(players))
        g = app.game
        while g.phase < core.DEAL_OVER:
            g.apply(g.legal_actions()[0])
        won = g.deal_winners()
        if won and (want_human_win is None or bool(won & 1) == want_human_win):
            return app
    raise AssertionError("no such deal")


def _said(app, key):
    """The screen's words where a side's result is said, with the side's name."""
    if key == "won_deal":
        app.go("deal_over")
    else:
        app.go("result")
    return _words(app.list.shown)


@pytest.mark.parametrize("code", LANGS)
def test_a_sides_result_carries_its_number(code):
    cases = [("won_deal", SINGLE, None), ("won_match", SINGLE, None), ("you_won", VS_ONE, True),
             ("you_lost", VS_ONE, False)]
    cases += [(key, TEAM if mode == SINGLE else VS_TEAM, win) for key, mode, win in cases]
    for key, (mode, players), win in cases:
        app = _finished(code, mode, players, win)
        team = players == 4
        words = _said(app, key)
        one, many = FORMS[code][key]
        want, not_want = (many, one) if team else (one, many)
        assert want in words, (code, key, team, words)
        assert not_want == want or not_want not in words, (code, key, team, words)
        if key.startswith("won_"):  # the side named whole: a team by both its names
            winner = 0 if app.game.deal_winners() & 1 else 1
            assert match.side_name(app, winner).lower() in " ".join(words), words


def test_every_language_has_the_team_forms():
    """A plural form missing in a language would fall back to English: each has its own."""
    from brisca.lang import load

    for code in LANGS:
        T = load(code)
        for key in FORMS[code]:
            assert T.find(key + "_p") is not None, (code, key)
            assert T.find(key + "_p").count("%s") == T.find(key).count("%s")


@pytest.mark.parametrize("code", LANGS)
def test_about_says_it_in_the_players_language_and_the_simulator_is_no_pybadge(code):
    """The saved records in words of the language ("settings #2 16B" was English everywhere);
    the simulator's speed is its computer's, not a percentage of a PyBadge."""
    board, app = make_app(render=False)
    app.set_language(code)
    app.store.save_game(b"\x01\x02\x03")
    app.go("about")
    app.step(0)
    lines = app.scr.lines
    assert app.t("ab_sim") in lines and not any("PyBadge" in line for line in lines[2:]), lines
    assert "  " + app.t("ab_slot", app.t("sk_3"), 1, 3) in lines, lines
    assert "  %s: -" % app.t("sk_2") in lines, lines  # (no statistics yet)
    if code != "en":
        assert not any(word in " ".join(lines) for word in ("settings", "stats", "game")), lines
    board.simulated = False  # a board measures its speed and says it against a PyBadge's
    app.go("title")
    app.go("about")
    app.step(0)
    assert app.scr.lines[3].startswith(app.t("ab_speed", 0).split("0")[0]), app.scr.lines


@pytest.mark.parametrize("code", ("en", "es"))
def test_pass_and_play_statistics_say_each_players_wins_not_a_win_rate(code):
    """Two humans on one board: no "you" to win. Its games, draws and each player's wins, across
    AI levels (there is no AI); the modes against the AI keep their wins, rate and streaks."""
    from brisca.save.stats import Stats

    board, app = make_app(render=False)
    app.set_language(code)
    st = Stats()
    for level, result in (("easy", "win"), ("medium", "win"), ("medium", "loss"), ("hard", "draw")):
        st.record("two_humans", level, result)
    st.record("vs_ai", "easy", "win")
    app.store.save_stats(st)
    app.go("stats")
    t = app.t
    lines = app.scr.lines
    at = lines.index(t("m_2hot"))
    assert lines[at + 1:at + 4] == ["%s 4, %s 1" % (t("st_games"), t("st_draws")),
                                    "%s: %s 2" % (t("player_n", 1), t("st_wins")),
                                    "%s: %s 1" % (t("player_n", 2), t("st_wins"))], lines
    assert lines.count(t("m_2hot")) == 1 and t("st_pct") in " ".join(lines)  # (vs the AI keeps its rate)
    assert not any(t("st_pct") in line or t("st_streak") in line for line in lines[at:at + 4])
    exported = st.as_lines()
    assert any("player 1 won 1, player 2 won 1" in line for line in exported), exported
    assert not any(line.startswith("two_humans") and "streak" in line for line in exported), exported


@pytest.mark.parametrize("code", LANGS)
def test_the_rules_pages_say_what_each_preset_does_with_60_60_and_what_card_numbers_are(code):
    """The scoring page names 60-60 with every preset (Brisca annuls it: "60-60 is a draw" was
    false there), and a page says that the 10 11 12 / 8 9 10 printed on Spanish and Italian cards
    are not points, with the Jack's, the Knight's and the King's real ones."""
    from brisca.lang import load

    T = load(code)
    pages = [" ".join(T.page(n)) for n in range(T.pages())]
    tie = [p for p in pages if "60-60" in p]
    names = (r"\bBrisc[aie]\b", r"\bBriscol", r"\bBrišk")  # (Croatian declines them: "u Brisci")
    assert tie and all(all(re.search(name, p) for name in names) for p in tie), tie
    jack, knight, king = T.get("ranks")[7:10]
    numbers = [p for p in pages if "10, 11" in p and "8, 9" in p]
    assert len(numbers) == 1, pages
    text = numbers[0].lower()
    for name, points in ((jack, 2), (knight, 3), (king, 4)):
        assert "%s %d" % (name.lower(), points) in text, (name, points, text)
    assert pages.index(numbers[0]) == 1  # right after the cards and their points


@pytest.mark.parametrize("code", LANGS)
def test_a_team_of_three_is_named_whole(code):
    """6 players: each side is three seats (0, 2, 4 and 1, 3, 5), and the end of a deal names all
    three, with the team's plural."""
    board, app = make_app(render=False, seed=3)
    app.set_language(code)
    app.settings.mode = "teams6"
    seating.new_game(app, core.Rules(6, deck=36))
    g = app.game
    while g.phase < core.DEAL_OVER:
        g.apply(g.legal_actions()[0])
    app.go("deal_over")
    shown = " ".join(app.list.shown)
    for side in (0, 1):
        name = match.side_name(app, side)
        assert all(app.names[seat] in name for seat in (side, side + 2, side + 4)), name
        assert name in shown, (name, shown)
    assert name.count(app.names[1]) == 1 and app.names[0] not in name
