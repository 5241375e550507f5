# Writing a record: to the older slot, next sequence number, header and CRC (layout: slots.py).
from brisca.save.slots import OFFSETS, SIZES, VERSIONS, crc16
from brisca.save.slotread import SlotReader


class SlotWriter(SlotReader):
    def write(self, kind, n):
        # Store the payload encoded at buf[8:8+n] unless unchanged. True when it is stored.
        buf = self.buf[kind]
        last = self.last[kind]
        if self.last_len[kind] == n:
            for i in range(n):
                if last[i] != buf[8 + i]:
                    break
            else:
                return True  # unchanged: spare the flash
        seq = (self.seq[kind] + 1) & 0xFFFF
        slot = 1 - self.newest[kind] if self.newest[kind] >= 0 else 0
        buf[0:6] = bytes((0xB5, kind, VERSIONS[kind], seq & 0xFF, seq >> 8, n))
        crc = crc16(buf, 8, 8 + n, crc16(buf, 0, 6))
        buf[6] = crc & 0xFF
        buf[7] = crc >> 8
        for i in range(8 + n, len(buf)):
            buf[i] = 0
        start = OFFSETS[kind] + slot * SIZES[kind]
        try:
            self.data[start : start + len(buf)] = buf
        except Exception as e:  # OSError, ValueError...: never let a save crash the game
            self.notice = "Could not save: %s" % e
            return False
        self.keep(kind, slot, seq, n)
        return True
