# SaveData: load and save each record kind (0 settings, 1 names, 2 stats, 3 game in progress).
# The codecs and Stats are imported by the method that needs them, so that between saves only the
# slots stay loaded (the app lets the rest go at its next screen change).
from brisca.save.slots import GameSlot


class SaveData(GameSlot):
    # Loads give defaults for what is missing or damaged; saves skip unchanged content and return
    # False, with `notice` set, when storage fails. Nothing raises.

    def load_settings(self):
        from brisca.save import namecodec, setcodec
        from brisca.save.settings import Settings

        s = Settings()
        self.read(0, setcodec.decode_settings, s)
        self.read(1, namecodec.decode_names, s)
        return s

    def save_settings(self, settings):
        from brisca.save import namecodec, setcodec

        ok = self.write(0, setcodec.encode_settings(settings, self.ready(0)))
        return self.write(1, namecodec.encode_names(settings, self.ready(1))) and ok

    def load_stats(self):
        from brisca.save import statcodec
        from brisca.save.stats import Stats

        st = Stats()
        return st if self.read(2, statcodec.decode_stats, st) else Stats()

    def save_stats(self, stats):
        from brisca.save import statcodec

        return self.write(2, statcodec.encode_stats(stats, self.ready(2)))
