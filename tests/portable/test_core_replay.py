"""Replay codes: a short code replays the same deal on another board (MicroPython too)."""
from check import raises

from brisca import core, notation, replay


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


# Codes of 20 varied deals (every table shape, match kind and style, seeds with long runs of 0 and Z).
CODES = ("8000-0080-0000-000D", "8000-009Z-ZZZZ-Y084", "0040-A0RG-BW47-C00T", "R940-C3SZ-ZZZZ-Y0RX",
         "HD80-J19A-NANA-M186", "8M00-S5RN-ANAN-A0G4", "SGGG-RY80-0000-E08T", "00Z0-C09Z-ZZY0-0008",
         "9S10-2090-0000-0087", "14C0-M0R0-07H4-0087", "G020-8280-0006-600N", "SD40-80G3-W3W3-W10X",
         "800G-0080-0001-Y08X", "08D0-RY00-001Z-Y0GC", "HM00-A0HZ-ZY00-000W", "SGM0-M180-Y3RF-008T",
         "G900-C110-0000-200J", "1DC0-A1ST-B9D5-M0RD", "0080-0080-0000-400G", "8MM0-83SW-0000-00G9")


def _refused(code):
    e = raises(ValueError, notation.from_replay_code, code)
    assert "mistyped" in str(e), (code, str(e))


def test_every_one_character_typo_and_every_swap_of_two_neighbours_is_refused():
    """Issue 15: the check catches each of the 31 wrong characters at each of the 16 places and
    every swap of two unequal neighbours (the first codes' check let 0 <-> Z through)."""
    alphabet = replay.CODE_ALPHABET
    for code in CODES:
        g = notation.from_replay_code(code)  # a real deal, which gives back the same code
        assert notation.replay_code(g) == code, code
        g = None
        text = code.replace("-", "")
        for i in range(16):
            for ch in alphabet:
                if ch != text[i]:
                    _refused(text[:i] + ch + text[i + 1:])
            if i < 15 and text[i] != text[i + 1]:
                _refused(text[:i] + text[i + 1] + text[i] + text[i + 2:])


def test_the_issues_typos_are_refused_and_aliases_are_not_typos():
    # 8000-0080-0000-000A of the first codes, typed 8000-008Z-... (another seed) or 80Z0-...
    # (other rules), is 8000-0080-0000-000D now.
    for bad in ("8000-008Z-0000-000D", "80Z0-0080-0000-000D", "8000-0080-0000-000A"):
        _refused(bad)
    g = notation.from_replay_code("8ooo oo8o oooo oood")  # O for 0, lower case, spaces: the same code
    assert notation.replay_code(g) == "8000-0080-0000-000D"
