# Two alternating slots per record kind, so a write cut short never loses the previous record.
# Slot: 8-byte header + payload. Header: magic 0xB5, kind, format version, sequence (2 bytes LE),
# payload length, CRC-16 (2 bytes LE) over header bytes 0-5 and the payload. A read takes the newest
# slot with a good CRC; a write goes to the other, older, slot with the next sequence number.
# Storage: any bytearray-like object with slice reads and slice assignment: microcontroller.nvm on
# the board, a bytearray in tests, filestore.SaveFile in the simulator.
# GameSlot also keeps the game in progress (kind 3): that is all a game loop saving after every
# move needs, without the settings and statistics codecs (store.SaveData adds those).
# Comments, not docstrings, and one class: every module here must compile within a 32K MicroPython
# heap, and each module or function kept costs heap on the board.

VERSIONS = [1, 1, 1, 1]  # bump when a payload changes; an old one then reads as absent, with a notice
SIZES = (32, 64, 192, 144)  # slot size per kind (header included); two slots each, from offset 0
OFFSETS = (0, 64, 192, 576)
LAYOUT_SIZE = 864
GAME_MAX = 128  # largest game-in-progress blob (the core's to_bytes())


def crc16(data, start, end, crc=0xFFFF):
    # CRC-16/CCITT-FALSE of data[start:end], bitwise (no table; binascii may be missing).
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


def _any(buf, n, target):
    return True


def _decode_game(buf, n, holder):
    holder[0] = bytes(buf[8 : 8 + n]) if n else None
    return n <= GAME_MAX


class GameSlot:
    # Preallocated buffers; never raises. `notice`: what the UI should tell the player, or None,
    # as a text key of the UI's languages and its argument: "sn_damaged|0,2" (record kinds 0 and
    # 2, the texts "sk_" + kind), "sn_older|3" (kind 3 read from its good slot, the other damaged:
    # if that was the newer, a game resumes a move earlier), "sn_failed|[Errno 28] ...".
    def __init__(self, data, notice=None):
        if len(data) < LAYOUT_SIZE:
            data = bytearray(b"\xff" * LAYOUT_SIZE)
            notice = "sn_small"
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

    def _load(self, kind, slot):
        # Read a slot into buf: 0 erased, 1 good, 2 damaged, 3 good but another format version.
        buf = self.buf
        size = SIZES[kind]
        start = OFFSETS[kind] + slot * size
        data = self.data
        try:  # byte by byte: a slice would allocate a copy, and a full heap is no damaged record
            for i in range(size):
                buf[i] = data[start + i]
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
        # 0xB5, the magic, written out: a named const (its import) broke store.py's compile from
        # source within 32K (tests/test_micropython.py's small-heap test)
        if first != 0xB5 or buf[1] != kind or n + 8 > size:
            return 2
        if crc16(buf, 8, 8 + n, crc16(buf, 0, 6)) != buf[6] | buf[7] << 8:
            return 2
        return 1 if buf[2] == VERSIONS[kind] else 3

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
                    if 2 in status and not self.notice:  # the other record was damaged: if it was
                        self.notice = "sn_older|%d" % kind  # the newer, this one is a step behind
                    return True
                status[slot] = 2  # good checksum, impossible values
        top = order[0]
        self.keep(kind, top if seqs[top] >= 0 else -1, max(seqs[top], 0), -1)
        if 2 in status:
            if kind not in self.damaged:
                self.damaged.append(kind)
            self.notice = "sn_damaged|" + ",".join([str(k) for k in self.damaged])
        elif 3 in status and not self.notice:
            self.notice = "sn_version|%d" % kind
        return False

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
            self.notice = "sn_failed|%s" % e
            return False
        self.keep(kind, slot, seq, n)
        return True

    def load_game(self):
        # The saved game in progress (bytes), or None.
        holder = [None]
        self.read(3, _decode_game, holder)
        return holder[0]

    def save_game(self, data):
        # Store the game in progress (at most 128 bytes); None or b"" clears it.
        data = data or b""
        if len(data) > GAME_MAX:
            self.notice = "sn_big|%d" % len(data)
            return False
        self.ready(3)[8 : 8 + len(data)] = data
        return self.write(3, len(data))
