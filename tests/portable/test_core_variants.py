"""Briscolone, Scoperta, double Briskula, partners seeing hands, 3 and 6 players, 32 cards."""
from check import raises
from deals import game, parse_card, play, random_play

from brisca import core


def test_briscolone_five_cards_no_trump_must_follow():
    r = core.Rules(2, 40, core.F_NO_TRUMP | core.F_FOLLOW)
    g = game(r, ["5b 5u Ac 2c 3c", "Ab Kb 6s 7s 2u"])
    assert g.trump_suit == core.NO_CARD and g.trump_card == core.NO_CARD and g.stock_left == 30
    play(g, "5u")
    assert list(g.legal_actions()) == [parse_card("2u")]  # must follow suit
    raises(ValueError, g.apply, parse_card("Ab"))
    play(g, "2u")
    assert g.last_winner == 0  # highest of the suit led
    g.apply(parse_card("5b"))
    play(g, "Ab")
    assert g.last_winner == 1


def test_follow_suit_free_when_void():
    g = game(core.Rules(2, 40, core.F_NO_TRUMP | core.F_FOLLOW), ["5b 5u Ac 2c 3c", "Ab Kb 6s 7s 4b"])
    play(g, "5u")
    assert len(g.legal_actions()) == 5


def test_scoperta_shows_hands_and_the_stock_top():
    g = game(core.Rules(2, 40, core.F_OPEN), ["5b 5u Ac", "Ab Kb 6s"], turned="4s", stock="7c")
    v = g.view(0)
    assert v.holder[parse_card("Ab")] == 2 and v.stock_top == parse_card("7c")
    assert g.view(1).holder[parse_card("5u")] == 1


def test_hidden_hands_stay_hidden():
    g = game(core.Rules(2), ["5b 5u Ac", "Ab Kb 6s"], turned="4s")
    v = g.view(0)
    assert v.holder[parse_card("Ab")] == 0 and v.stock_top == core.NO_CARD
    assert v.holder[parse_card("5b")] == 1
    buf = bytearray(40)
    k = v.unseen_into(buf)
    buf = bytes(buf[:k])
    assert k == 40 - 3 - 1 and parse_card("Ab") in buf and parse_card("4s") not in buf


def test_partners_see_each_other_once_the_stock_is_gone():
    r = core.Rules(4, 40, core.F_PARTNERS_SEE)
    g = core.Game(r, 9)
    buf = bytearray(5)
    rng = core.Random(2)
    while g.stock_left:
        v = g.view(0)
        assert v.visible == 1
        g.apply(buf[rng.below(g.legal_into(buf))])
    v = g.view(0)
    assert v.visible == 5
    for c in g.hand(2):
        assert v.holder[c] == 3
    for c in g.hand(1):
        assert v.holder[c] == 0


def test_double_briskula_two_cards_each_per_trick_and_two_draws():
    g = core.Game(core.Rules(2, 40, core.F_DOUBLE), 4)
    assert len(g.hand(0)) == 4 and g.stock_left == 32
    first = g.turn
    seats = []
    for _ in range(4):
        seats.append(g.turn)
        g.apply(g.legal_actions()[0])
    assert seats == [first, 1 - first, first, 1 - first] and g.trick_no == 1
    assert len(g.hand(0)) == 4 and g.stock_left == 28
    g = core.Game(core.Rules(4, 40, core.F_DOUBLE), 4)
    assert g.trick_size == 8 and g.stock_left == 24


def test_three_players_decks_and_six_players():
    assert core.Game(core.Rules(3, 39), 1).stock_left == 30
    assert core.Game(core.Rules(3, 36), 1).stock_left == 27
    g = core.Game(core.Rules(6, 36), 1)
    assert g.stock_left == 18 and [g.rules.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]


def test_thirty_two_cards_only_those_who_drew_play_the_next_trick():
    g = core.Game(core.Rules(3, 32), 3)
    buf = bytearray(5)
    rng = core.Random(4)
    short = 0
    while g.phase == core.PLAY:
        if g.trick_len == 0 and g.trick_size == 2:
            short += 1
            assert sorted(g.hand_len) == [2, 3, 3]
        g.apply(buf[rng.below(g.legal_into(buf))])
    assert short == 1 and sum(g.seat_points) == 120


def test_every_variant_plays_to_the_end_with_120_points():
    ex, see = core.F_EXCHANGE, core.F_PARTNERS_SEE
    for players, deck, flags in ((2, 32, 0), (4, 32, see), (3, 32, 0), (2, 40, core.F_DOUBLE | ex | core.F_REDEAL),
                                 (4, 40, core.F_DOUBLE | see | ex), (6, 36, see | ex), (3, 36, ex)):
        r = core.Rules(players, deck, flags)
        for seed in range(3):
            g = None  # one game at a time, as on a board
            g = core.Game(r, seed)
            random_play(g, core.Random(seed), 400)
            assert g.phase >= core.DEAL_OVER and sum(g.seat_points) == 120, (players, deck, flags)
