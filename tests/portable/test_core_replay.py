"""Replay codes: a short code replays the same deal on another board (MicroPython too)."""
from check import raises

from brisca import core, notation


def test_a_code_replays_the_same_deal_even_mid_match():
    g = core.Game(core.Rules(4, 40, core.F_EXCHANGE, core.TIE_ANNUL, core.MATCH_WINS, 3, 0), 123456, 2)
    g.deal_no = 3
    g._deal()
    code = notation.replay_code(g)
    assert len(code) == 19 and code.count("-") == 3
    hands = bytes(g.hands)
    trump = g.trump_card
    rules = g.rules.to_bytes()
    g = None
    h = notation.from_replay_code(code.lower().replace("-", " "))
    assert bytes(h.hands) == hands and h.trump_card == trump and h.rules.to_bytes() == rules
    assert h.deal_dealer == 2


def test_a_mistyped_code_is_refused():
    code = notation.replay_code(core.Game(core.Rules(2), 99))
    for bad in (code[:-1], code + "7", code.replace("-", "U", 1), ""):
        raises(ValueError, notation.from_replay_code, bad)
    flipped = ("1" if code[0] != "1" else "2") + code[1:]
    raises(ValueError, notation.from_replay_code, flipped)
