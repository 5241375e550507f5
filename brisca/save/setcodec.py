# Settings and names payloads. Encoders write at buf[8:] and return the length; decoders fill
# a Settings from buf[8:8+n] and return False for values no release writes (= damage).
from brisca.save.settings import DECKS, LEVELS, MODES, index_of

_FLAGS = ("sound", "leds", "show_points", "show_cards_out", "hint")
_LANG = "abcdefghijklmnopqrstuvwxyz "
# A deck as saved: 0 Spanish, 1 Italian, 2 French (as before Croatian came), 3 Croatian; this table
# turns a DECKS index into that number and that number back into a DECKS index.
_DECK_SAVED = b"\x00\x01\x03\x02"


def encode_settings(s, buf):
    lang = str(s.language).lower() + "  "
    buf[8] = ord(lang[0]) if lang[0] in _LANG else 32
    buf[9] = ord(lang[1]) if lang[1] in _LANG else 32
    buf[10] = _DECK_SAVED[index_of(s.deck, DECKS, 0)]
    buf[11] = 0
    for i in range(5):
        if getattr(s, _FLAGS[i]):
            buf[11] |= 1 << i
    buf[12] = index_of(s.level, LEVELS, 1)
    buf[13] = index_of(s.mode, MODES, 0)
    rules = bytes(s.rules or b"")[:8]
    buf[14] = len(rules)
    buf[15:23] = rules + bytes(8 - len(rules))
    buf[23] = min(max(s.speed, 0), 1020) // 4
    return 16


def decode_settings(buf, n, s):
    # 15 bytes: before the board's measured speed was kept (it reads as not measured)
    if n not in (15, 16) or buf[10] > 3 or buf[11] > 31 or buf[12] > 2 or buf[13] >= len(MODES) or buf[14] > 8:
        return False
    if chr(buf[8]) not in _LANG or chr(buf[9]) not in _LANG:
        return False
    s.language = chr(buf[8]) + chr(buf[9])
    s.deck = DECKS[_DECK_SAVED[buf[10]]]
    for i in range(5):
        setattr(s, _FLAGS[i], bool(buf[11] & (1 << i)))
    s.level = LEVELS[buf[12]]
    s.mode = MODES[buf[13]]
    s.rules = bytes(buf[15 : 15 + buf[14]])
    s.speed = buf[23] * 4 if n == 16 else 0
    return True
