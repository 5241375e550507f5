# Player names payload: count, then 4 x (length, 8 ASCII bytes). Decoding refuses anything that
# clean_name() would change (damage), so only valid names ever reach the game.
from brisca.save.settings import clean_name


def encode_names(s, buf):
    buf[8] = min(len(s.names), 4)
    for i in range(4):
        name = clean_name(s.names[i]) if i < buf[8] else ""
        buf[9 + 9 * i] = len(name)
        buf[10 + 9 * i : 18 + 9 * i] = (name + "        ")[:8].encode()
    return 37


def decode_names(buf, n, s):
    if n != 37 or buf[8] > 4:
        return False
    names = []
    for i in range(buf[8]):
        raw = bytes(buf[10 + 9 * i : 10 + 9 * i + buf[9 + 9 * i]])
        name = "".join([chr(b) for b in raw])  # latin-1 view: never raises
        if buf[9 + 9 * i] > 8 or clean_name(name) != name:
            return False
        names.append(name)
    s.names = names
    return True
