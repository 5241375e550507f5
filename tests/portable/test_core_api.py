"""The engine's edges (issue 15): a wrong type or value is a TypeError or ValueError that says what
is wrong, never an OverflowError, AttributeError or IndexError; booleans are not cards or seats
(MicroPython too). The text parsers: test_core_notation.py and test_core_record.py."""
from check import refused
from deals import game

from brisca import core

ODD = (None, True, 2 ** 70, -1, 5, 1.5, "0", b"\x00")


def test_booleans_are_not_cards():
    g = game(core.Rules(2), ["Ac 2c 3c", "4b 5b 6b"])  # cards 0, 1 and 2 in the hand to play
    before = g.to_bytes()
    for bad in (True, False, 2 ** 70, -1, 1.0, None, "Ac"):
        assert "not legal" in str(refused(g.apply, bad))
        assert g.to_bytes() == before
    g.apply(1)  # the 2 of coins itself
    assert g.trick[0] == 1


def test_a_save_must_be_bytes():
    for bad in (2 ** 70, None, 5, "\xb7\x02", [183, 2], 1.5):
        assert "bytes" in str(refused(core.Game.from_bytes, bad))
    for bad in (b"", b"\xb7", bytearray(23), b"\xb7\x02" + bytes(200)):
        refused(core.Game.from_bytes, bad)


def test_seats_and_rules_are_checked():
    g = core.Game(core.Rules(2), 3)
    for seat in (2, 5, -1, None, True, "0", 1.0, 2 ** 70):
        assert "no seat" in str(refused(g.view, seat))
        assert "no seat" in str(refused(core.Game, core.Rules(2), 1, seat))
    assert g.view(1).seat == 1
    for rules in ("p2", None, 2, core.Rules(2).to_bytes()):
        assert "Rules" in str(refused(core.Game, rules))
    for bad in ODD:
        refused(core.Rules.from_bytes, bad)
