# Player options, the last-used rules and player names, as saved.

DECKS = ("spanish", "italian", "croatian", "french")  # in brisca.core's STYLE_* order (Croatian: Italian pips)
LEVELS = ("easy", "medium", "hard")
# 1 v AI, 2 humans pass-and-play, 3 players, 4 as teams with an AI partner, 4 as teams of two humans,
# 6 as teams of three (one human, AI partners).
MODES = ("vs_ai", "two_humans", "three_players", "teams_ai", "teams_humans", "teams6")
MODE_KEYS = ("m_1ai", "m_2hot", "m_3p", "m_4team", "m_4mix", "m_6team")  # their names' text keys (brisca.lang)


def index_of(value, names, default):
    # Index of `value` (a name or an index) in `names`, else `default`.
    if isinstance(value, int):
        return value if 0 <= value < len(names) else default
    return names.index(value) if value in names else default


class Settings:
    def __init__(self):
        self.language = "en"  # two lower-case letters
        self.deck = "spanish"  # one of DECKS
        self.sound = True
        self.leds = True
        self.level = "medium"  # AI level, one of LEVELS
        self.mode = "vs_ai"  # one of MODES
        self.show_points = False  # running points on screen
        self.show_cards_out = False  # count of cards still out
        self.hint = True
        self.rules = b""  # opaque, from the rules code, at most 8 bytes
        self.speed = 0  # the board's speed check, % of a PyBadge's (About); 0: not measured
        self.names = []  # at most 4, see brisca.save.namecodec.clean_name()

    def set_name(self, index, text):
        # Set player `index`'s (0-3) name, cleaned; other indexes are ignored.
        if 0 <= index < 4:
            from brisca.save.namecodec import clean_name

            while len(self.names) <= index:
                self.names.append("P%d" % (len(self.names) + 1))
            self.names[index] = clean_name(text)
