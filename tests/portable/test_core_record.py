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
    saved = g.to_bytes()
    g = buf = rng = None  # one game at a time, as on a board
    gc.collect()
    assert text.startswith("p2 d40 tie:redeal wins:4 croatian / 63 / deal=1 dealer=0")
    assert notation.from_record(text).to_bytes() == saved


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
