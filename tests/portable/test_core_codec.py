"""Saving: at most 128 bytes, exact round trips, corrupt input is a ValueError (MicroPython too)."""
from check import raises
from deals import random_play

from brisca import core


def test_round_trip_at_every_step_of_a_four_player_game():
    r = core.Rules(4, 40, core.F_EXCHANGE | core.F_PARTNERS_SEE, core.TIE_ANNUL, core.MATCH_WINS, 2, 0)
    g = core.Game(r, 4242, 3)
    rng = core.Random(8)
    buf = bytearray(5)
    while not g.is_over():
        b = g.to_bytes()
        assert len(b) <= 128
        assert core.Game.from_bytes(b).to_bytes() == b
        g.apply(buf[rng.below(g.legal_into(buf))])
    assert core.Game.from_bytes(g.to_bytes()).match_winners == g.match_winners


def test_every_truncation_and_byte_corruption_is_a_value_error_or_a_valid_game():
    g = core.Game(core.Rules(2, 40, core.F_EXCHANGE, core.TIE_ANNUL, core.MATCH_WINS, 3, 0), 5)
    random_play(g, core.Random(2), 30)
    good = g.to_bytes()
    g = None
    for n in range(len(good)):
        raises(ValueError, core.Game.from_bytes, good[:n])
    for i in range(len(good)):
        for delta in (1, 128):
            bad = bytearray(good)
            bad[i] = (bad[i] + delta) & 255
            try:
                loaded = core.Game.from_bytes(bad)
            except ValueError:
                continue
            assert_playable(loaded, bytes(bad))
            loaded = None


def assert_playable(g, data):
    """A game read from `data` is one: it saves as it reads, and it plays to its match's end with
    a legal move at every step (a load that let a broken state in fails here, not at a table)."""
    b = g.to_bytes()
    assert core.Game.from_bytes(b).to_bytes() == b, data
    buf = bytearray(5)
    rng = core.Random(len(data))
    for _ in range(2000):
        if g.is_over():
            break
        n = g.legal_into(buf)
        assert n > 0, ("no legal move", data)
        g.apply(buf[rng.below(n)])
    assert g.is_over() and g.match_winners, data
    r = g.rules
    if r.sides == 2 and r.match == core.MATCH_WINS:  # (the test's match, unless a flip changed it)
        won = g.tally[0:2]  # (a bytearray: CircuitPython's index() takes no int)
        assert max(won) == r.target > min(won) and g.match_winners == 1 << (won[1] == r.target), (data, won)
        assert sum(won) + g.tally[9] == g.deal_no + 1, (data, bytes(g.tally), g.deal_no)


def test_garbage_is_a_value_error():
    rng = core.Random(6)
    for length in (0, 5, 23, 40, 128):
        junk = bytes(rng.below(256) for _ in range(length))
        raises(ValueError, core.Game.from_bytes, junk)
    raises(ValueError, core.Game.from_bytes, b"\xb7\x03" + bytes(21))  # a newer format version
    old = bytearray(core.Game(core.Rules(2)).to_bytes())
    old[1] = 1  # saved before the exchange step was public (issue 15): its moves would replay otherwise
    assert "format 1" in str(raises(ValueError, core.Game.from_bytes, bytes(old)))
