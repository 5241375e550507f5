# Writing a record: to the older slot, next sequence number, header and CRC (layout: slots.py).
from brisca.save.slots import OFFSETS, SIZES, VERSIONS, crc16  # noqa: I001  (import order = compile order, for the 32K heap)
from brisca.save.slotread import SlotReader


def _any(buf, n, target):
    return True


class SlotWriter(SlotReader):
    def ready(self, kind):
        # Call before encoding into buf: a kind never read must find its newest slot first, or a
        # write could carry a lower sequence number than the record already there.
        if self.newest[kind] < -1:
            self.read(kind, _any, None)
        return self.buf

    def write(self, kind, n):
        # Store the payload encoded at buf[8:8+n] unless unchanged. True when it is stored.
        buf = self.buf
        size = SIZES[kind]
        if self.last_len[kind] == n:  # same as the newest stored record? then spare the flash
            start = OFFSETS[kind] + self.newest[kind] * size + 8
            try:
                for i in range(n):
                    if self.data[start + i] != buf[8 + i]:
                        break
                else:
                    return True
            except Exception:
                pass
        seq = (self.seq[kind] + 1) & 0xFFFF
        slot = 1 - self.newest[kind] if self.newest[kind] >= 0 else 0
        buf[0:6] = bytes((0xB5, kind, VERSIONS[kind], seq & 0xFF, seq >> 8, n))
        crc = crc16(buf, 8, 8 + n, crc16(buf, 0, 6))
        buf[6] = crc & 0xFF
        buf[7] = crc >> 8
        for i in range(8 + n, size):
            buf[i] = 0
        start = OFFSETS[kind] + slot * size
        try:
            self.data[start : start + size] = self.view[0:size]
        except Exception as e:  # OSError, ValueError...: never let a save crash the game
            self.notice = "Could not save: %s" % e
            return False
        self.keep(kind, slot, seq, n)
        return True
