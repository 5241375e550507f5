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
        self.buf = bytearray(192)  # one slot, any kind: records are read and written one at a time
        self.view = memoryview(self.buf)
        self.last_len = [-1] * 4  # payload length of the newest good record; -1: none
        self.seq = [0] * 4
        self.newest = [-2] * 4  # slot holding the newest record; -1: none, -2: not looked yet

    def clear_notice(self):
        self.notice = None
        self.damaged = []

    def keep(self, kind, slot, seq, n):
        # Remember where the newest record is and its payload length (n < 0: none usable).
        self.newest[kind] = slot
        self.seq[kind] = seq
        self.last_len[kind] = n
