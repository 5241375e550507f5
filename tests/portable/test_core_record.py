"""Game records: one line of text that replays exactly (MicroPython too)."""
import gc

from check import raises, refused

from brisca import core, notation


def test_record_replays_exactly():
    g = core.Game(notation.preset("briskula", 2), 99)
    buf = bytearray(5)
    rng = core.Random(1)
    for _ in range(9):  # an exchange-free Briskula deal, 4 tricks and a lead in
        g.apply(buf[rng.below(g.legal_into(buf))])
    text = notation.record(g)
    key, hands, moves = g.key, bytes(g.hands), bytes(g.moves[: g.nmoves])
    g = buf = rng = None  # one game at a time, as on a board
    gc.collect()
    # The match goes on: the deal's own seed, not the match's secret (99).
    assert text.startswith("p2 d40 tie:redeal wins:4 croatian / deal:%x / deal=1 dealer=0" % key)
    h = notation.from_record(text)
    assert bytes(h.hands) == hands and bytes(h.moves[: h.nmoves]) == moves and notation.record(h) == text


def test_a_record_names_the_secret_once_the_match_is_over():
    g = core.Game(core.Rules(2), 0x123456789ABCDEF)
    buf = bytearray(5)
    rng = core.Random(2)
    while not g.is_over():
        g.apply(buf[rng.below(g.legal_into(buf))])
    text = notation.record(g)
    assert " / match:123456789abcdef / deal=1 " in text
    assert notation.from_record(text).to_bytes() == g.to_bytes() and notation.record(notation.from_record(text)) == text
    # The same deal in a match of 3 deals goes on: a match secret there is no record the game writes
    # (it would foretell the deals after it), so it is refused, not read as another text of one game.
    assert "not over" in str(refused(notation.from_record, text.replace(" one ", " wins:3 ", 1)))


def test_an_earlier_builds_record_deals_its_cards():
    """A record written before 60-bit secrets (a bare hex seed: the deal's seed was seed + deal *
    1000003) still deals the cards it did, as a game dealt from that deal's seed."""
    g = notation.from_record("p2 wins:3 / 63 / deal=2 wins=1-0 /")
    assert g.key == 0x63 + 1000003 and g.deal_no == 1 and g.tally[0] == 1
    hands = bytes(g.hands)
    assert notation.record(g) == "p2 d40 tie:draw wins:3 italian / deal:%x / deal=2 dealer=0 wins=1-0 " \
        "points=0-0 draws=0 / " % g.key
    g = None
    assert bytes(core.Game.dealt(core.Rules(2), 0x63 + 1000003).hands) == hands


def test_bad_records_are_value_errors():
    for bad in ("", "p2 / zz / deal=1 / ", "p2 / 1 / deal=1 / Zz", "p9 / 1 / deal=1 / ", "p2 / 1 / when=1 / "):
        raises(ValueError, notation.from_record, bad)


def test_records_and_codes_must_be_str():
    """Issue 15: None or a non-str is a TypeError that says so, never an AttributeError."""
    for parse in (notation.from_record, notation.from_replay_code):
        for bad in (None, 5, b"p2 / 1 / deal=1 / ", 2 ** 70):
            assert "str" in str(refused(parse, bad)), (parse, bad)
    for bad in ("p2 / 1 / deal=300 / ", "p2 / 1 / deal=1 dealer=256 / ", "p2 / 1 / wins=300-0 / ",
                "p2 / 1 / points=70000-0 / ", "p2 / 1 / draws=-1 / ", "p2 / 123456789abc / deal=1 / "):
        refused(notation.from_record, bad)
