"""Text notation: rules words, presets, game records (MicroPython too)."""
from check import raises, refused

from brisca import core, notation


def test_presets_follow_the_regional_table():
    b, i, c = (notation.preset(p, 3) for p in notation.PRESETS)
    assert b.flags & core.F_EXCHANGE and b.deck == 36 and b.match == core.MATCH_WINS and b.style == 0
    assert not i.flags and i.deck == 39 and i.match == core.MATCH_BEST_OF and i.tie == core.TIE_DRAW
    assert c.deck == 39 and c.target == 4 and c.tie == core.TIE_SAME_DEALER and c.style == 2
    assert notation.preset("Briškula", 4).deck == 40 and notation.preset("brisca", 6).deck == 36
    raises(ValueError, notation.preset, "tute")


def test_rules_round_trip_in_bytes_and_text():
    for text in ("p2 d40 notrump follow tie:draw points:151 italian", "p6 d36 partners tie:annul best:5 french",
                 "p4 d40 double exchange redeal tie:redeal wins:7 spanish", "p2 d40 open tie:draw one croatian"):
        r = notation.parse_rules(text)
        assert notation.rules_text(r) == text and core.Rules.from_bytes(r.to_bytes()) == r


def test_impossible_rules_are_rejected():
    for bad in ("p5", "p3 d40", "p3 open", "p4 notrump", "p2 notrump exchange", "p3 double",
                "p2 partners", "p6 d40", "p6 d32", "p2 best:4", "p2 points:100", "p2 d36", "p2 wins:0", "p2 bogus"):
        raises(ValueError, notation.parse_rules, bad)
    raises(ValueError, core.Rules, 2, 40, 0, 0, 0, 1, 7)


def test_every_parser_wants_a_str():
    """Issue 15: None or a non-str is a TypeError that says so, never an AttributeError."""
    for parse in (notation.parse_card, notation.parse_action, notation.parse_rules, notation.preset):
        for bad in (None, 5, b"p2", ["As"], 2 ** 70):
            assert "str" in str(refused(parse, bad)), (parse, bad)
    for text in ("", "A", "Zz", "A\x00", "\u00e1s"):
        refused(notation.parse_card, text)
        refused(notation.parse_action, text)
    for words in ("p", "d", "p99999999999999999999", "wins:0", "wins:99999999999999999999", "tie:", ":", "p2 p"):
        refused(notation.parse_rules, words)
