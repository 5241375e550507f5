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
                got = get(data, kind)
                assert got[0] == want(kind, 2 if same else 1), (kind, k)
                assert got[1] == (None if same or k == 0 else "sn_older|%d" % kind), (kind, k, got[1])  # (k 0: erased)
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
            same = WORK == KEEP  # the bytes written already held these values: nothing damaged
            # Issue 30: falling back to the record before says so (a game resumes a move earlier).
            said = None if whole or same else "sn_older|%d" % kind
            assert get(WORK, kind) == (want(kind, 3 if whole else 2), said), (kind, cut)
