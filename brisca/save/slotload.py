# Checking one slot: erased, good, damaged, or good but another format version (layout: slots.py).
from brisca.save.slots import OFFSETS, SIZES, VERSIONS, SlotBase, crc16


class SlotLoader(SlotBase):
    def _load(self, kind, slot):
        # Read a slot into buf: 0 erased, 1 good, 2 damaged, 3 good but another format version.
        buf = self.buf
        size = SIZES[kind]
        start = OFFSETS[kind] + slot * size
        try:
            buf[0:size] = self.data[start : start + size]
        except Exception:  # a flaky store must not stop the game
            return 2
        first = buf[0]
        if first in (0, 255):
            for i in range(size):
                if buf[i] != first:
                    break
            else:
                return 0  # never written: erased flash (0xFF) or zeros
        n = buf[5]
        if first != 0xB5 or buf[1] != kind or n + 8 > size:
            return 2
        if crc16(buf, 8, 8 + n, crc16(buf, 0, 6)) != buf[6] | buf[7] << 8:
            return 2
        return 1 if buf[2] == VERSIONS[kind] else 3
