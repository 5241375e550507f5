"""Slot mechanics: writes alternate between the two slots, sequence numbers wrap, unchanged records
are not rewritten, an older format version reads as absent with a notice, random bytes never raise."""
from brisca.save.store import SaveData  # noqa: I001  (largest first, for the 32K heap)
from brisca.save.settings import Settings
from brisca.save.stats import Stats
from brisca.save import slots
from brisca.save.slots import LAYOUT_SIZE, OFFSETS, SIZES


class CountingStore:
    """bytearray-like storage that counts slice writes."""

    def __init__(self):
        self.data = bytearray(b"\xff" * LAYOUT_SIZE)
        self.writes = []

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.writes.append(index.start)
        self.data[index] = value


def test_writes_alternate_between_slots():
    store = CountingStore()
    d = SaveData(store)
    for n in range(1, 6):
        assert d.save_game(bytes([n]) * 3)
        assert SaveData(store.data).load_game() == bytes([n]) * 3
    base, size = OFFSETS[3], SIZES[3]
    assert store.writes == [base, base + size, base, base + size, base]
    assert store.data[base + 3] == 5 and store.data[base + size + 3] == 4  # sequence numbers


def test_sequence_numbers_wrap_around():
    d = SaveData(bytearray(LAYOUT_SIZE))
    d.load_game()
    d.seq[3] = 0xFFFE
    d.save_game(b"old")  # sequence 0xFFFF
    d.save_game(b"new")  # sequence 0: still the newest
    assert SaveData(d.data).load_game() == b"new"


def test_unchanged_records_are_not_rewritten():
    store = CountingStore()
    d = SaveData(store)
    s = Settings()
    d.save_settings(s)
    assert len(store.writes) == 2  # settings and names
    d.save_settings(s)
    d.save_game(b"abc")
    d.save_game(b"abc")
    assert len(store.writes) == 3
    s.sound = False
    d.save_settings(s)
    assert len(store.writes) == 4  # the names did not change
    SaveData(store).save_settings(s)  # a new session first looks at what is stored
    assert len(store.writes) == 4


def test_older_format_version_reads_as_absent_with_notice():
    d = SaveData(bytearray(LAYOUT_SIZE))
    current = list(slots.VERSIONS)
    slots.VERSIONS[:] = [0, 0, 0, 0]  # records written by an older release
    try:
        d.save_game(b"old format")
        d.save_stats(Stats())
    finally:
        slots.VERSIONS[:] = current
    again = SaveData(d.data)
    assert again.load_game() is None
    assert again.notice == "sn_version|3"
    assert again.load_stats().__dict__ == Stats().__dict__
    again.save_game(b"new")
    assert SaveData(d.data).load_game() == b"new"


def test_random_bytes_never_raise():
    data = bytearray(LAYOUT_SIZE)
    x = 12345
    for round_ in range(4):
        for i in range(LAYOUT_SIZE):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            data[i] = (x >> 16) & 0xFF
        if round_ % 2:  # plausible headers in front of random payloads
            for kind in range(4):
                for slot in (0, 1):
                    p = OFFSETS[kind] + slot * SIZES[kind]
                    data[p], data[p + 1], data[p + 2] = 0xB5, kind, 1
        d = SaveData(data)
        assert d.load_settings().__dict__ == Settings().__dict__
        assert d.load_stats().__dict__ == Stats().__dict__
        assert d.load_game() is None
        assert d.notice.startswith("sn_damaged|")
        assert d.save_game(b"fine") and SaveData(data).load_game() == b"fine"


def test_impossible_values_behind_a_good_checksum_are_damage():
    d = SaveData(bytearray(LAYOUT_SIZE))
    st = Stats()
    st.cells[1] = 5  # 5 wins out of 0 games
    d.save_stats(st)
    again = SaveData(d.data)
    assert again.load_stats().__dict__ == Stats().__dict__
    assert again.notice == "sn_damaged|2"


def test_failed_write_sets_notice_and_never_raises():
    class Broken(CountingStore):
        def __setitem__(self, index, value):
            raise OSError(5, "flash worn out")

    d = SaveData(Broken())
    assert not d.save_game(b"x")
    assert d.notice.startswith("sn_failed|")
