"""Property tests over random legal games of every player count and variant (CPython, hypothesis)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brisca import core, notation

F = core
VARIANTS = [  # (players, deck, flags): every shape RULES.md allows
    (2, 40, 0), (2, 40, F.F_EXCHANGE | F.F_REDEAL), (2, 40, F.F_OPEN), (2, 40, F.F_NO_TRUMP | F.F_FOLLOW),
    (2, 40, F.F_NO_TRUMP), (2, 40, F.F_DOUBLE | F.F_EXCHANGE), (2, 32, F.F_FOLLOW), (3, 39, 0),
    (3, 36, F.F_EXCHANGE), (3, 32, 0), (4, 40, F.F_PARTNERS_SEE | F.F_EXCHANGE), (4, 40, F.F_DOUBLE),
    (4, 32, F.F_PARTNERS_SEE), (6, 36, F.F_PARTNERS_SEE), (3, 32, F.F_EXCHANGE | F.F_REDEAL), (6, 36, F.F_REDEAL),
]
MATCHES = [(core.MATCH_ONE, 1), (core.MATCH_WINS, 2), (core.MATCH_BEST_OF, 3), (core.MATCH_POINTS, 121)]


@st.composite
def games(draw):
    players, deck, flags = draw(st.sampled_from(VARIANTS))
    match, target = draw(st.sampled_from(MATCHES))
    rules = core.Rules(players, deck, flags, draw(st.integers(0, 2)), match, target, draw(st.integers(0, 3)))
    return core.Game(rules, draw(st.integers(0, (1 << core.SEED_BITS) - 1)), draw(st.integers(0, players - 1)))


def where_every_card_is(g):
    """Each card of the deck in exactly one place: a hand, the trick, taken, or the stock."""
    places = list(g.hands[s * core.HAND_MAX + i] for s in range(g.n) for i in range(g.hand_len[s]))
    places += list(g.trick[: g.trick_len])
    places += [c for c in range(40) if g.played_by[c] and c not in g.trick[: g.trick_len]]
    places += list(g.deck[g.top: g.end])
    return sorted(places)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.randoms(use_true_random=False))
def test_random_legal_games_keep_every_invariant(g, rnd):
    deck = sorted(g.rules.deck_cards())
    steps = 0
    while not g.is_over() and steps < 400:
        legal = g.legal_actions()
        assert legal, "no legal action before the end"
        if g.phase == core.PLAY:
            assert where_every_card_is(g) == deck
        if g.phase == core.DEAL_OVER or (g.phase == core.MATCH_OVER and steps):
            assert sum(g.seat_points) == 120
        # An illegal action is rejected and changes nothing.
        before = g.to_bytes()
        bad = next(a for a in range(43) if a not in legal)
        try:
            g.apply(bad)
            raise AssertionError("illegal action %d accepted" % bad)
        except ValueError:
            pass
        assert g.to_bytes() == before
        g.apply(rnd.choice(list(legal)))
        steps += 1
        data = g.to_bytes()
        assert len(data) <= 128
        if steps % 7 == 0 or g.phase != core.PLAY:
            assert core.Game.from_bytes(data).to_bytes() == data
            text = notation.record(g)  # the match's secret only once it is over
            h = notation.from_record(text)
            assert notation.record(h) == text and bytes(h.moves[: h.nmoves]) == bytes(g.moves[: g.nmoves])
            assert h.to_bytes() == data if g.is_over() else h.sh < 0 and bytes(h.hands) == bytes(g.hands)
    assert steps < 400 or not g.is_over()


@settings(max_examples=40, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_a_seat_view_never_shows_hidden_cards(g, rnd):
    buf = bytearray(5)
    while g.phase == core.PLAY and g.stock_left:
        seat = rnd.randrange(g.n)
        v = g.view(seat)
        visible = g.visible_hands(seat)
        for s in range(g.n):
            for c in g.hand(s):
                known = v.holder[c] == s + 1
                assert known == bool(visible >> s & 1 or g.exposed[c]), (s, c)
        g.apply(buf[rnd.randrange(g.legal_into(buf))])


@settings(max_examples=50, deadline=None)
@given(st.binary(max_size=130))
def test_random_bytes_never_crash_the_loader(data):
    try:
        g = core.Game.from_bytes(data)
    except ValueError:
        return
    assert g.to_bytes() == data  # whatever loads is a real game and saves the same


def test_seeds_give_different_deals():
    r = core.Rules(2)
    deals = {bytes(core.Game(r, seed).deck) for seed in range(300)}
    assert len(deals) == 300
