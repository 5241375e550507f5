"""No hidden information leaks from a view (issue 15): for random positions of every table shape and
variant, a world that differs only in what the seat cannot know (other hands, the stock's order,
so who could swap the face-up trump) but has the same public history gives the seat the same view:
every field, every buffer beyond its length, its repr, the phase. The comparison itself lives in
tests/portable/privacy.py; tests/portable/test_core_privacy.py runs a fixed sample on MicroPython."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from privacy import compare, deal_order, hidden, permuted, position

from brisca import core, notation

SHAPES = [
    "p2", "p2 exchange", "p2 exchange redeal wins:3", "p3 d39", "p3 d36 exchange", "p3 d32 exchange",
    "p4 partners", "p4 exchange partners best:3", "p6 d36 exchange", "p6 d36 partners redeal", "p3 d32 exchange redeal",
    "p2 double exchange", "p4 double exchange", "p2 open", "p2 open exchange", "p2 notrump follow",
    "p2 d32 exchange follow french", "p4 d32 partners french", "p2 follow exchange points:121",
]


@pytest.mark.parametrize("spec", SHAPES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, core.SEED_MAX), steps=st.integers(0, 90), rnd=st.randoms(use_true_random=False),
       data=st.data())
def test_a_view_is_the_same_in_every_world_that_fits_what_the_seat_knows(spec, seed, steps, rnd, data):
    rules = notation.parse_rules(spec)
    g, start, moves = position(rules, seed, rnd.randrange(rules.players), steps, rnd.randrange)
    seat = data.draw(st.integers(0, rules.players - 1), label="seat")
    cards = hidden(g, seat)
    into = data.draw(st.permutations(list(cards)), label="hidden cards")
    g = None
    order = deal_order(core.Game.from_bytes(start))
    # the real world replays as played: every position is compared, the last one's too
    assert compare(start, order, order, moves, seat) == len(moves) + 1
    assert compare(start, order, permuted(order, cards, bytes(into)), moves, seat) >= 1


def test_the_issues_example_the_exchange_step_does_not_tell_who_holds_the_seven():
    """p2 d40 exchange, dealer 0, the deck starting 4b 5b 2u 7c 2s 4s Ac: after 4b 5b seat 1 sees
    the same whether seat 0 holds the 7 of coins or the 6."""
    rules = notation.parse_rules("p2 d40 exchange")
    seen = []
    for seven in ("7c", "6c"):
        head = [notation.parse_card(w) for w in ("4b 5b 2u %s 2s 4s Ac" % seven).split()]
        order = bytes(head + [c for c in rules.deck_cards() if c not in head])
        g = core.Game(rules, 0, 0)
        g.deal_from(order)
        g.apply(notation.parse_card("4b"))
        g.apply(notation.parse_card("5b"))
        v = g.view(1)
        seen.append((v.phase, v.turn, v.nlegal, bytes(v.hand), bytes(v.legal)))
    assert seen[0] == seen[1], seen
