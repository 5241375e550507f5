"""No hidden information leaks from a view (issue 15), a fixed sample of tests/test_view_privacy.py's
property on every table shape (MicroPython too): the seat's view is the same in a world whose
hidden cards are permuted, with one View reused for whoever moves."""
import gc

from privacy import compare, deal_order, hidden, permuted, position

from brisca import core

_EX, _SEE = core.F_EXCHANGE, core.F_PARTNERS_SEE
SHAPES = ((2, 40, _EX), (2, 40, _EX | core.F_REDEAL), (3, 39, 0), (3, 36, _EX), (4, 40, _EX | _SEE), (6, 36, _EX),
          (6, 36, _SEE), (2, 40, core.F_DOUBLE | _EX), (4, 40, core.F_DOUBLE), (2, 40, core.F_OPEN | _EX),
          (2, 40, core.F_NO_TRUMP | core.F_FOLLOW), (2, 32, _EX | core.F_FOLLOW), (3, 32, _EX))


def test_a_view_is_the_same_in_a_world_with_the_hidden_cards_permuted():
    compared = 0
    for players, deck, flags in SHAPES:
        rules = core.Rules(players, deck, flags, core.TIE_ANNUL, core.MATCH_WINS, 2)
        for k in range(4):
            rng = core.Random(players * 100 + k + flags)
            g = start = moves = None
            gc.collect()
            g, start, moves = position(rules, rng.below(30000), k % players, 4 + rng.below(30), rng.below)
            seat = rng.below(players)
            cards = hidden(g, seat)
            into = bytearray(cards)
            rng.shuffle(into, 0, len(into))
            g = None
            gc.collect()
            order = deal_order(core.Game.from_bytes(start))
            compared += compare(start, order, permuted(order, cards, into), moves, seat)
    assert compared > 500, compared


def test_the_exchange_step_is_the_same_whoever_holds_the_seven():
    """The issue's example: p2 d40 exchange, dealer 0, the deck starting 4b 5b 2u 7c 2s 4s Ac,
    moves 4b 5b: seat 1 sees the exchange step (phase 1, seat 0 to act) with the 6 of coins in
    place of the 7 too, and the very same view in both."""
    head = (33, 34, 11, 6, 21, 23, 0)
    order = bytes(list(head) + [c for c in range(40) if c not in head])
    start = core.Game(core.Rules(2, 40, _EX), 0, 0).to_bytes()
    swapped = bytearray(order)
    six = swapped.index(b"\x05")  # (CircuitPython's bytes.index takes no int)
    swapped[3], swapped[six] = 5, 6  # the 6 of coins dealt in place of the 7
    assert compare(start, order, bytes(swapped), bytes((33, 34, core.PASS)), 1) == 4  # (all 3 moves)
    gc.collect()
    g = core.Game.from_bytes(start)
    g.deal_from(swapped)
    g.apply(33)
    g.apply(34)
    assert (g.phase, g.turn, g.legal_actions()) == (core.EXCHANGE_PHASE, 0, bytes((core.PASS,)))
