"""Cut-short records: every truncation and torn writes fall back to the previous good record."""
from savecases import DATA, KEEP, SIZES, WORK, SaveData, TornStore, get, put, two, want


def test_every_truncation_of_newest_falls_back_to_previous():
    for kind in (0, 2, 3):
        data, off, used = two(kind)
        keep = KEEP
        for k in range(used):
            for fill in (0, 0xFF):
                data[off + k : off + SIZES[kind]] = bytes([fill]) * (SIZES[kind] - k)
                same = data == keep  # the cut-off tail already held these bytes
                assert get(data, kind)[0] == want(kind, 2 if same else 1), (kind, k)
                data[:] = keep


def test_torn_write_keeps_previous_record():
    for kind in (0, 2, 3):
        data, _, used = two(kind)
        put(SaveData(data), kind, 3)  # what a complete write leaves: DATA; KEEP holds the before
        torn = TornStore(WORK, 0)
        for cut in (1, used // 2, used - 1):
            WORK[:] = KEEP
            torn.cut = cut
            put(SaveData(torn), kind, 3)  # goes to slot 0 (the older one) and is cut short
            whole = WORK == DATA  # the bytes not written already held the new values
            assert get(WORK, kind) == (want(kind, 3 if whole else 2), None), (kind, cut)
