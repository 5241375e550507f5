"""Tricks, drawing, the face-up card and RULES.md's worked examples (runs on MicroPython too)."""
from deals import cards, game, parse_card, play

from brisca import core

# French-suited examples map to our suits: diamonds = coins (c), hearts = cups (u),
# spades = swords (s), clubs = batons (b).


def test_card_tables():
    assert sum(core.POINTS) == 30 and core.POINTS[0] == 11 and core.POINTS[2] == 10
    order = [0, 2, 9, 8, 7, 6, 5, 4, 3, 1]  # A 3 K Knight J 7 6 5 4 2
    for i in range(9):
        assert core.STRENGTH[order[i]] > core.STRENGTH[order[i + 1]]
    for deck in (40, 39, 36, 32):
        players = {40: 2, 39: 3, 36: 3, 32: 4}[deck]
        r = core.Rules(players, deck)
        assert len(r.deck_cards()) == deck
        assert sum(core.POINTS[c % 10] for c in r.deck_cards()) == 120


def test_worked_examples_two_players():
    spades = 2
    s = parse_card
    assert core.beats(s("Ab"), s("5b"), spades)  # same suit, higher card
    assert not core.beats(s("Kb"), s("5u"), spades)  # another non-trump suit never wins
    assert core.beats(s("6s"), s("Ac"), spades)  # trump beats any non-trump
    r = core.Rules(2)
    g = game(r, ["5b 5u Ac", "Ab Kb 6s"], turned="4s")
    assert g.trump_suit == spades and g.turn == 0
    play(g, "5b Ab")
    assert g.last_winner == 1 and g.seat_points[1] == 11 and g.leader == 1
    g = game(r, ["5b 5u Ac", "Ab Kb 6s"], turned="4s")
    play(g, "5u Kb")
    assert g.last_winner == 0 and g.seat_points[0] == 4
    g = game(r, ["5b 5u Ac", "Ab Kb 6s"], turned="4s")
    play(g, "Ac 6s")
    assert g.last_winner == 1 and g.seat_points[1] == 11


def test_worked_example_four_players():
    # A deals (seat 3); D, C, B, A play in that order: seats 0, 1, 2, 3. 13th card 3 of hearts.
    r = core.Rules(4)
    g = game(r, ["4s 5c 6c", "Js 5s 6s", "2u 7c 7s", "5b 6b 7b"], turned="3u")
    assert g.trump_card == parse_card("3u") and g.turn == 0
    play(g, "4s Js 2u 5b")
    assert g.last_winner == 2 and r.side_of(2) == r.side_of(0)  # B wins for team B+D
    assert g.side_points(0) == 2 and g.leader == 2 and g.turn == 2


def test_no_obligation_to_follow_or_trump():
    g = game(core.Rules(2), ["5b 5u Ac", "Ab Kb 6s"], turned="4s")
    g.apply(parse_card("5b"))
    assert sorted(g.legal_actions()) == sorted(cards("Ab Kb 6s"))


def test_draw_order_winner_first_and_face_up_card_last():
    r = core.Rules(2)
    g = game(r, ["5b 5u Ac", "Ab Kb 6s"], turned="4s", stock="7c 2c")
    play(g, "5b Ab")  # seat 1 wins and draws first
    assert parse_card("7c") in g.hand(1) and parse_card("2c") in g.hand(0)
    assert g.stock_left == 32 and g.trump_card == parse_card("4s")


def test_loser_of_the_last_drawing_trick_takes_the_face_up_card():
    r = core.Rules(2)
    rng = core.Random(3)
    for seed in range(6):
        g = core.Game(r, seed)
        buf = bytearray(5)
        while g.stock_left > 2:
            g.apply(buf[rng.below(g.legal_into(buf))])
        face = g.trump_card
        while g.stock_left:
            g.apply(buf[rng.below(g.legal_into(buf))])
        loser = 1 - g.last_winner
        assert face in g.hand(loser) and g.trump_card == core.NO_CARD
        assert g.view(g.last_winner).holder[face] == loser + 1  # everyone saw who took it


def test_no_drawing_after_the_stock_and_every_hand_empties():
    g = core.Game(core.Rules(2), 5)
    rng = core.Random(1)
    buf = bytearray(5)
    tricks = 0
    while g.phase == core.PLAY:
        before = g.trick_no
        g.apply(buf[rng.below(g.legal_into(buf))])
        tricks += g.trick_no - before
    assert tricks == 20 and g.stock_left == 0 and g.phase >= core.DEAL_OVER
    assert g.side_points(0) + g.side_points(1) == 120


def test_same_seed_same_deal_golden():
    # Fixed vectors: the same on CPython and MicroPython (this module runs on both).
    rng = core.Random(12345)
    assert [rng.below(40) for _ in range(6)] == GOLDEN_DRAWS
    g = core.Game.dealt(core.Rules(2), 12345)  # a deal's own seed shuffles as it always has
    assert list(g.hand(0)) + list(g.hand(1)) + [g.trump_card] == GOLDEN_DEAL
    g = core.Game(core.Rules(2), 12345)  # a match's secret: its first deal's seed follows from it
    assert g.key == GOLDEN_KEY and list(g.hand(0)) + list(g.hand(1)) + [g.trump_card] == GOLDEN_MATCH


GOLDEN_DRAWS = [8, 11, 23, 28, 18, 34]
GOLDEN_DEAL = [21, 4, 19, 18, 23, 6, 39]
GOLDEN_KEY = 851358938
GOLDEN_MATCH = [5, 15, 2, 11, 1, 8, 39]
