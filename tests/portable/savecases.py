"""Helpers for the damaged-save tests: two generations of each record kind in preallocated storage."""
from brisca.save.store import SaveData  # noqa: I001  (largest first, for the 32K heap)
from brisca.save.settings import Settings
from brisca.save.stats import Stats
from brisca.save.slots import LAYOUT_SIZE, OFFSETS, SIZES

# Preallocated once: under a 32K heap, 864-byte blocks are hard to find once the heap is fragmented.
DATA = bytearray(LAYOUT_SIZE)
KEEP = bytearray(LAYOUT_SIZE)
WORK = bytearray(LAYOUT_SIZE)


class TornStore:
    """Storage where power is lost mid-write: only the first `cut` bytes of a write arrive."""

    def __init__(self, data, cut):
        self.data = data
        self.cut = cut

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.data[index.start : index.start + self.cut] = value[: self.cut]


def gen(kind, n):
    if kind == 0:
        s = Settings()
        s.deck, s.rules, s.sound = ("spanish", "french")[n % 2], bytes([n]), bool(n % 2)
        return s
    if kind == 2:
        st = Stats()
        for i in range(n):
            st.record(1, 1, "win")
        return st
    return bytes([n]) * (10 + n)


def put(d, kind, n):
    obj = gen(kind, n)
    return (d.save_settings, None, d.save_stats, d.save_game)[kind](obj)


def get(data, kind):
    d = SaveData(data)
    got = (d.load_settings, None, d.load_stats, d.load_game)[kind]()
    return (got if kind == 3 else got.__dict__), d.notice


def want(kind, n):
    obj = gen(kind, n)
    return obj if kind == 3 else obj.__dict__


def two(kind):
    """Storage with record 1 in slot 0, record 2 in slot 1; and the used length of slot 1."""
    for i in range(LAYOUT_SIZE):  # erased flash, without allocating
        DATA[i] = 0xFF
    d = SaveData(DATA)
    put(d, kind, 1)
    put(d, kind, 2)
    KEEP[:] = DATA
    return DATA, OFFSETS[kind] + SIZES[kind], 8 + DATA[OFFSETS[kind] + SIZES[kind] + 5]


