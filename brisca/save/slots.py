# Two alternating slots per record kind, so a write cut short never loses the previous record.
# Slot: 8-byte header + payload. Header: magic 0xB5, kind, format version, sequence (2 bytes LE),
# payload length, CRC-16 (2 bytes LE) over header bytes 0-5 and the payload. A read takes the newest
# slot with a good CRC (slotread.py); a write (slotwrite.py) goes to the other, older, slot with the
# next sequence number. Storage: any bytearray-like object with slice reads and slice assignment:
# microcontroller.nvm on the board, a bytearray in tests, filestore.SaveFile in the simulator.
# Comments, not docstrings: every module here must compile within a 32K MicroPython heap.

KIND_TEXT = ("settings", "player names", "statistics", "saved game")
VERSIONS = [1, 1, 1, 1]  # bump when a payload changes; an old one then reads as absent, with a notice
SIZES = (32, 64, 192, 144)  # slot size per kind (header included); two slots each, from offset 0
OFFSETS = (0, 64, 192, 576)
LAYOUT_SIZE = 864


def crc16(data, start, end, crc=0xFFFF):
    # CRC-16/CCITT-FALSE of data[start:end], bitwise (no table; binascii may be missing).
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


class SlotBase:
    # Preallocated buffers; never raises. `notice`: one line for the UI, or None.
    def __init__(self, data, notice=None):
        if len(data) < LAYOUT_SIZE:
            data = bytearray(b"\xff" * LAYOUT_SIZE)
            notice = "Save memory too small: progress will not be kept"
        self.data = data
        self.notice = notice or getattr(data, "problem", None)
        self.damaged = []
        self.buf = [bytearray(n) for n in SIZES]
        self.last = [bytearray(n) for n in SIZES]  # payload last read or written, to skip rewrites
        self.last_len = [-1] * 4
        self.seq = [0] * 4
        self.newest = [-1] * 4  # slot holding the newest record; -1: none

    def clear_notice(self):
        self.notice = None
        self.damaged = []

    def _load(self, kind, slot):
        # Read a slot into buf: 0 erased, 1 good, 2 damaged, 3 good but another format version.
        buf = self.buf[kind]
        start = OFFSETS[kind] + slot * SIZES[kind]
        try:
            buf[0 : len(buf)] = self.data[start : start + len(buf)]
        except Exception:  # a flaky store must not stop the game
            return 2
        first = buf[0]
        if first in (0, 255):
            for x in buf:
                if x != first:
                    break
            else:
                return 0  # never written: erased flash (0xFF) or zeros
        n = buf[5]
        if first != 0xB5 or buf[1] != kind or n + 8 > len(buf):
            return 2
        if crc16(buf, 8, 8 + n, crc16(buf, 0, 6)) != buf[6] | buf[7] << 8:
            return 2
        return 1 if buf[2] == VERSIONS[kind] else 3

    def keep(self, kind, slot, seq, n):
        # Remember where the newest record is and its payload (n < 0: none usable).
        self.newest[kind] = slot
        self.seq[kind] = seq
        self.last_len[kind] = n
        if n > 0:
            self.last[kind][0:n] = self.buf[kind][8 : 8 + n]
