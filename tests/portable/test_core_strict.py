"""Issue 30's reproductions, each refused or fixed: a hang, foreseeable deals, 32 cards for 6,
wrong types, impossible match states, lenient parsing (MicroPython too)."""
import gc

from check import raises, refused

from brisca import core, notation


def test_the_hanging_redeal_table_is_refused_everywhere():
    """32 cards for 6 (the redeal could not turn anything but Aces and Threes) is no table: the
    constructor, records, saves and replay codes refuse it, and the code picker gets a ValueError."""
    e = refused(core.Rules, 6, 32, core.F_REDEAL)
    assert "36 for 6" in str(e)
    refused(core.Rules, 6, 32, core.F_REDEAL, core.TIE_DRAW, core.MATCH_WINS, 3)
    refused(notation.from_record, "p6 d32 redeal / 458264 / deal=1 dealer=0 /")
    refused(core.Game.from_bytes, bytes.fromhex("b7024f1000010045826400000000000000000000000000"))
    raises(ValueError, notation.from_replay_code, "9W80-0080-8P16-800V")
    assert core.Rules(3, 32).deck == 32  # each for himself with 32 cards: seeds/002, Bosnia


def test_a_deals_code_does_not_tell_the_next_deal():
    """Deal 1's replay code of a Brisca match gave deal 2's hands, stock and trump exactly (the
    deal seeds were seed + k * 1000003)."""
    g = core.Game(notation.preset("brisca", 2), 123456, 0)
    buf = bytearray(core.HAND_MAX)
    rng = core.Random(1)
    while g.phase != core.DEAL_OVER:
        g.apply(buf[rng.below(g.legal_into(buf))])
    code, text = notation.replay_code(g), notation.record(g)
    assert "123456" not in text and "1e240" not in text  # the secret, in decimal or hex
    g.apply(core.NEXT_DEAL)
    deck = bytes(g.deck)
    g = None
    gc.collect()
    for told in (code, text):
        h = notation.from_replay_code(told) if told is code else notation.from_record(told)
        while h.phase != core.DEAL_OVER:
            h.apply(buf[rng.below(h.legal_into(buf))])
        h.apply(core.NEXT_DEAL)
        assert bytes(h.deck) != deck
        h = None
        gc.collect()


def test_wrong_types_are_refused_not_masked():
    assert "whole numbers" in str(refused(core.Rules, 2, 40, True))
    refused(core.Rules, 2, 40, 0, 2.0)
    assert "whole numbers" in str(refused(core.Rules, 2.0))
    for seed in (1.5, -1, 1 << 60, True, None, "1"):
        assert "seed" in str(refused(core.Game, core.Rules(2), seed)), seed
    assert core.Game(core.Rules(2), (1 << 60) - 1).to_bytes() != core.Game(core.Rules(2), (1 << 30) - 1).to_bytes()
    g = core.Game(core.Rules(2), 1)
    for order in (None, 5, "abc", [0] * 40):
        assert "each card" in str(refused(g.deal_from, order))
    for key in (-1, 1 << 30, 1.0, None):
        refused(core.Game.dealt, core.Rules(2), key)


def test_impossible_match_states_are_refused():
    for text in ("p2 wins:9 / 0 / deal=1 wins=5-0 /", "p2 / 0 / wins=0-0 draws=200 /",
                 "p2 wins:3 / 0 / points=500-7 /", "p2 / 0 / deal=200 /", "p2 wins:3 / 0 / deal=4 wins=3-0 /",
                 "p3 d39 wins:2 / 0 / deal=2 wins=0-0-0 /", "p2 tie:annul / 0 / deal=2 draws=1 wins=1-0 /"):
        assert "match state" in str(refused(notation.from_record, text)), text
    for text in ("p2 wins:9 / 0 / deal=6 wins=5-0 /", "p2 tie:annul / 0 / deal=3 draws=2 /",
                 "p2 points:121 / 0 / deal=3 wins=1-1 points=120-120 /", "p3 d39 wins:2 / 0 / deal=3 wins=2-2-1 /"):
        notation.from_record(text)  # reachable: accepted


def test_one_text_per_game():
    for text in ("p2 d40 d32", "p2 tie:annul tie:draw", "p2 best:3 wins:2", "p2 exchange exchange", "p2 p2",
                 "p1_0", "p+5", "p0x10", "p\u0662", "p02", "d040", "wins:03", "wins", "one:1", "spanish italian"):
        refused(notation.parse_rules, text)
    for text in ("p2 / 0 / deal=1 deal=1 /", "p2 / 0 / dealer=+0 /", "p2 / 0 / deal=01 /", "p2 / 0 / dealer= /",
                 "p2 / 00 / deal=1 /", "p2 / A / deal=1 /", "p2 / match:0 / wins=0 /", "p2 / deal:40000000 /  /",
                 "p2 / 0 / / as", "p2 / 0 / / AS", "p2 / x:1 / /"):
        refused(notation.from_record, text)
    for code in ("8000-0080-00R3-J051", "8000-00E0-00R3-J00X"):
        raises(ValueError, notation.from_replay_code, code)
    g = notation.from_replay_code("8000-0080-00r3-j00b")
    assert notation.replay_code(g) == "8000-0080-00R3-J00B"
    for typed in ("\u0131000-0080-00R3-J00B", "8000-0080-00R3-J00B\u017f", "\uff18000-0080-00R3-J00B"):
        raises(ValueError, notation.from_replay_code, typed)


def test_a_record_of_any_length_gets_a_message():
    """More moves than a save's byte can count was "byte must be in range(0, 256)"."""
    e = refused(notation.from_record, "p2 / 0 / / " + "- " * 256)
    assert "moves" in str(e)
    refused(notation.from_record, "p2 / 0 / / " + "- " * 100)
