"""Replay codes in the UI: the end-of-deal screen shows one, and typing it on another board
(title menu, Replay a deal) deals the very same cards; a mistyped code is refused and kept."""

from brisca import notation
from brisca.ui import board as B
from tests.test_app import assert_fits, goto_item, make_app, press, run_until, start_game


def type_code(app, code):
    """Type `code` on the picker with the arrows and A, as a player would."""
    p = app.picker
    for ch in code.replace("-", ""):
        r, c = divmod(p.chars.index(ch), p.per_row)
        while p.r != r:
            press(app, B.BTN_DOWN)
        while p.c != c:
            press(app, B.BTN_RIGHT)
        press(app, B.BTN_A)


def shown_code(app):
    rows = app.list.shown
    for i, row in enumerate(rows):
        if row.startswith(app.t("code_word")):
            rest = row[len(app.t("code_word")):].strip()
            return rest or rows[i + 1].strip()
    raise AssertionError("no replay code on the screen: %r" % rows)


def test_the_code_at_the_end_of_a_deal_replays_it_on_another_board():
    board, app = start_game("pybadge", mode=0, seed=11, render=False)
    hand, trump = bytes(app.game.hand(0)), app.game.trump_card
    assert run_until(app, lambda: app.screen == "deal_over", policy=lambda: B.BTN_A)
    code = shown_code(app)
    assert code == notation.replay_code(app.game)

    other_board, other = make_app("pybadge", seed=99, render=True)
    goto_item(other, "replay")
    press(other, B.BTN_A)
    assert other.screen == "picker" and other.scr.what == "code"
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    type_code(other, wrong)
    assert other.picker.text() == wrong  # shown in groups of four, as on the deal's screen
    assert_fits(other)
    press(other, B.BTN_START)
    assert other.screen == "picker"  # refused: the check character does not match
    assert other.picker.message and other.picker.name == wrong.replace("-", "")  # what was typed is kept
    press(other, B.BTN_B)  # delete the wrong last character
    type_code(other, code[-1])
    press(other, B.BTN_START)
    assert other.screen == "table"
    assert bytes(other.game.hand(0)) == hand and other.game.trump_card == trump
    assert other.store.load_game() == other.game.to_bytes()  # saved like any new game


def test_leaving_the_code_entry_empty_goes_back_to_the_title():
    board, app = make_app("pybadge", render=False)
    goto_item(app, "replay")
    press(app, B.BTN_A)
    press(app, B.BTN_START)  # Done with nothing typed: a message, still entering
    assert app.screen == "picker" and app.picker.message
    press(app, B.BTN_B)
    assert app.screen == "title"
