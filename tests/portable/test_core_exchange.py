"""The Spanish 7/2 trump exchange with its timing, the redeal option, illegal actions (MicroPython too)."""
from check import raises
from deals import game, parse_card, play

from brisca import core


def test_redeal_when_an_ace_or_three_is_turned():
    r = core.Rules(2, 40, core.F_REDEAL)
    g = game(r, ["5b 5u Ac", "Ab Kb 6s"], turned="As", stock="3c 6u 7u")
    assert g.trump_card == parse_card("6u") and g.trump_suit == 1
    stock = bytes(g.deck[g.top:g.end])
    assert parse_card("As") in stock and parse_card("3c") in stock and stock[-1] == parse_card("6u")
    g = game(core.Rules(2), ["5b 5u Ac", "Ab Kb 6s"], turned="As")
    assert g.trump_card == parse_card("As")  # without the option the Ace stays


def test_exchange_seven_for_a_face_up_figure():
    r = core.Rules(2, 40, core.F_EXCHANGE)
    g = game(r, ["Ac 7s 2s", "5b 4u 6u"], turned="As")
    assert core.EXCHANGE not in g.legal_actions()  # never before a trick is won
    play(g, "Ac 5b")  # seat 0 wins: it may swap before drawing
    assert g.phase == core.EXCHANGE_PHASE and g.turn == 0
    assert g.legal_actions() == bytes((core.EXCHANGE, core.PASS)) and g.stock_left == 34
    g.apply(core.EXCHANGE)
    assert g.trump_card == parse_card("7s") and parse_card("As") in g.hand(0)
    # It holds the 2 of trump too: the 7 just put down may now go for the 2.
    assert g.phase == core.EXCHANGE_PHASE
    g.apply(core.EXCHANGE)
    assert g.trump_card == parse_card("2s") and parse_card("7s") in g.hand(0)
    assert g.phase == core.PLAY and len(g.hand(0)) == 3 and g.stock_left == 32
    assert g.view(1).holder[parse_card("As")] == 1  # the opponent saw it taken


def test_exchange_two_for_a_low_face_up_card_and_pass():
    r = core.Rules(2, 40, core.F_EXCHANGE)
    g = game(r, ["Ac 2s 4c", "5b 4u 6u"], turned="5s")
    play(g, "Ac 5b")
    g.apply(core.PASS)
    assert g.trump_card == parse_card("5s") and g.phase == core.PLAY
    g = game(r, ["Ac 2s 4c", "5b 4u 6u"], turned="As")
    play(g, "Ac 5b")  # a 2 cannot go for an Ace; the 7, in the stock, could have: the step is taken
    assert g.phase == core.EXCHANGE_PHASE and g.legal_actions() == bytes((core.PASS,))


def test_exchange_only_for_the_trick_winner():
    r = core.Rules(2, 40, core.F_EXCHANGE)
    g = game(r, ["5b 4u 6u", "Ac 7s 2c"], turned="As")
    play(g, "5b 7s")  # seat 1 wins with its 7: everyone saw it played, so no exchange step
    assert g.phase == core.PLAY
    g = game(r, ["Ab 4u 6u", "5c 7s 2c"], turned="As")
    play(g, "Ab 5c")  # seat 0 wins but holds no 7: it may only pass
    assert g.phase == core.EXCHANGE_PHASE and g.turn == 0 and g.exchange_card(0) == core.NO_CARD
    assert g.legal_actions() == bytes((core.PASS,))
    raises(ValueError, g.apply, core.EXCHANGE)
    g.apply(core.PASS)
    assert g.phase == core.PLAY and len(g.hand(0)) == 3


def test_the_exchange_step_tells_nobody_who_holds_the_card():
    """Issue 15: the step is taken whenever the public facts allow a swap, so the other seats see
    the same whether the winner holds the trump 7 or not; the hand sizes match too."""
    r = core.Rules(2, 40, core.F_EXCHANGE)
    seen = []
    v = core.View(r)
    for hand in ("5b 7c 4s", "5b 6c 4s"):  # (the example: 4b 5b 2u 7c/6c 2s 4s Ac)
        g = None  # one game at a time
        g = game(r, [hand, "4b 2u 2s"], turned="Ac", dealer=0)
        play(g, "4b 5b")
        g.view(1, v)
        seen.append((v.phase, v.turn, v.nlegal, bytes(v.hand), bytes(v.hand_sizes), v.stock_left))
        assert g.legal_actions() == (bytes((core.EXCHANGE, core.PASS)) if hand[3] == "7" else bytes((core.PASS,)))
    assert seen[0] == seen[1] and seen[0][:2] == (core.EXCHANGE_PHASE, 0)


def test_after_a_swap_the_step_stays_while_the_two_could_go_for_the_seven():
    r = core.Rules(2, 40, core.F_EXCHANGE)
    g = game(r, ["Ac 7s 4c", "5b 4u 6u"], turned="As")  # the 2 of swords is in the stock
    play(g, "Ac 5b")
    g.apply(core.EXCHANGE)
    assert g.trump_card == parse_card("7s") and g.phase == core.EXCHANGE_PHASE
    assert g.legal_actions() == bytes((core.PASS,))
    g.apply(core.PASS)
    assert g.phase == core.PLAY and len(g.hand(0)) == 3


def test_no_exchange_step_when_everyone_knows_no_card_can_be_swapped():
    # A face-up 2 (nothing goes for it); a 4-7 with no 2 of its suit in the deck (36 cards: no 2s;
    # 39: no 2 of coins); the 7 played in the trick just won is test_exchange_only_for_the_trick_winner.
    three = ["Au 7c 4u", "5b 4s 6s", "5u 4b 6b"]
    for players, deck, turned, step in ((2, 40, "2s", False), (3, 36, "5s", False), (3, 39, "5c", False),
                                        (3, 39, "5s", True)):
        g = None  # one game at a time
        g = game(core.Rules(players, deck, core.F_EXCHANGE), three[:players], turned=turned)
        play(g, "Au 5b 5u"[: 3 * players - 1])
        assert (g.phase == core.EXCHANGE_PHASE) == step, (deck, turned)


def test_exchange_timing_not_after_the_penultimate_trick_with_drawing():
    r = core.Rules(2, 40, core.F_EXCHANGE)
    for stock_left, allowed in ((8, True), (6, True), (4, False), (2, False)):
        g = None  # one game at a time
        g = game(r, ["Ac 7s 2c", "5b 4u 6u"], turned="As")
        g.top = g.end - stock_left  # as if the earlier tricks had been played
        play(g, "Ac 5b")
        assert (g.phase == core.EXCHANGE_PHASE) == allowed, stock_left


def test_illegal_actions_are_rejected_without_change():
    g = game(core.Rules(2, 40, core.F_EXCHANGE), ["Ac 7s 2c", "5b 4u 6u"], turned="As")
    before = g.to_bytes()
    for bad in (parse_card("5b"), 99, -1, core.EXCHANGE, core.NEXT_DEAL, "As", None):
        raises(ValueError, g.apply, bad)
        assert g.to_bytes() == before and g.turn == 0


def test_a_bad_dealer_or_prearranged_deck_is_rejected():
    raises(ValueError, core.Game, core.Rules(2), 1, 2)
    raises(ValueError, core.Game(core.Rules(2)).deal_from, b"\x00" * 40)
