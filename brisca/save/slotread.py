# Reading a record: the newest slot with a good checksum and sensible values (layout: slots.py).
from brisca.save.slots import KIND_TEXT  # noqa: I001  (import order = compile order, for the 32K heap)
from brisca.save.slotload import SlotLoader


class SlotReader(SlotLoader):
    def read(self, kind, decode, target):
        # Decode the newest good slot into `target`; False (maybe with a notice) if none is usable.
        buf = self.buf
        seqs = [-1, -1]
        status = [0, 0]
        for slot in (0, 1):
            status[slot] = self._load(kind, slot)
            if status[slot] & 1:
                seqs[slot] = buf[3] | buf[4] << 8
        a, b = seqs
        order = (1, 0) if a < 0 or (b >= 0 and a != b and (b - a) & 0xFFFF < 0x8000) else (0, 1)
        for slot in order:
            if status[slot] == 1:
                if self._load(kind, slot) == 1 and decode(buf, buf[5], target):
                    self.keep(kind, slot, seqs[slot], buf[5])
                    return True
                status[slot] = 2  # good checksum, impossible values
        top = order[0]
        self.keep(kind, top if seqs[top] >= 0 else -1, max(seqs[top], 0), -1)
        what = KIND_TEXT[kind]
        if 2 in status:
            if what not in self.damaged:
                self.damaged.append(what)
            self.notice = "Saved data was damaged: %s reset" % ", ".join(self.damaged)
        elif 3 in status and not self.notice:
            self.notice = "Saved %s from another version: reset" % what
        return False
