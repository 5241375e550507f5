"""Game records: one line of text that replays exactly (MicroPython too)."""
import gc

from check import raises

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
