# SaveData: load and save each record kind (0 settings, 1 names, 2 stats, 3 game in progress).
from brisca.save import namecodec, setcodec, statcodec  # noqa: I001  (import order = compile order, for the 32K heap)
from brisca.save.slotwrite import SlotWriter
from brisca.save.settings import Settings
from brisca.save.stats import Stats

GAME_MAX = 128  # largest game-in-progress blob (the core's to_bytes())


def _decode_game(buf, n, holder):
    holder[0] = bytes(buf[8 : 8 + n]) if n else None
    return n <= GAME_MAX


class SaveData(SlotWriter):
    # Loads give defaults for what is missing or damaged; saves skip unchanged content and return
    # False, with `notice` set, when storage fails. Nothing raises.

    def load_settings(self):
        s = Settings()
        self.read(0, setcodec.decode_settings, s)
        self.read(1, namecodec.decode_names, s)
        return s

    def save_settings(self, settings):
        ok = self.write(0, setcodec.encode_settings(settings, self.ready(0)))
        return self.write(1, namecodec.encode_names(settings, self.ready(1))) and ok

    def load_stats(self):
        st = Stats()
        return st if self.read(2, statcodec.decode_stats, st) else Stats()

    def save_stats(self, stats):
        return self.write(2, statcodec.encode_stats(stats, self.ready(2)))

    def load_game(self):
        # The saved game in progress (bytes), or None.
        holder = [None]
        self.read(3, _decode_game, holder)
        return holder[0]

    def save_game(self, data):
        # Store the game in progress (at most 128 bytes); None or b"" clears it.
        data = data or b""
        if len(data) > GAME_MAX:
            self.notice = "Game too big to save (%d bytes)" % len(data)
            return False
        self.ready(3)[8 : 8 + len(data)] = data
        return self.write(3, len(data))
