# Player names: what a name may hold, and their payload: count, then 4 x (length, 8 bytes), a byte
# a character: ASCII as itself, NAME_MORE[i] as 0x80 + i (names saved before there were more than
# upper case, digits and space read as they are). Decoding refuses anything that clean_name()
# would change (damage), so only valid names ever reach the game.

# ASCII, then the letters of the game's languages that the glyph sheet draws (brisca.ui.letters):
# NAME_MORE is saved by index, so append only. The letter picker's pages are slices of these.
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.' "
NAME_MORE = "ÁÀÄĄĆČĐÉÈĘÍÌŁŃÑÓÒÖŚŠÚÙÜŹŻŽáàäąćčđéèęíìłńñóòöśšßúùüźżž"


def clean_name(text):
    # A player name as stored: only NAME_CHARS and NAME_MORE, at most 8 characters.
    out = ""
    for c in str(text):
        if c in NAME_CHARS or c in NAME_MORE:
            out += c
    return out[:8].strip()


def encode_names(s, buf):
    buf[8] = min(len(s.names), 4)
    for i in range(4):
        name = clean_name(s.names[i]) if i < buf[8] else ""
        at = 10 + 9 * i
        buf[at - 1] = len(name)
        for k in range(8):
            c = name[k] if k < len(name) else " "
            buf[at + k] = ord(c) if c in NAME_CHARS else 0x80 + NAME_MORE.find(c)
    return 37


def decode_names(buf, n, s):
    if n != 37 or buf[8] > 4:
        return False
    names = []
    for i in range(buf[8]):
        at = 10 + 9 * i
        if buf[at - 1] > 8:
            return False
        name = ""
        for k in range(buf[at - 1]):
            b = buf[at + k]
            name += chr(b) if b < 0x80 else NAME_MORE[b - 0x80] if b - 0x80 < len(NAME_MORE) else "?"
        if clean_name(name) != name:
            return False
        names.append(name)
    s.names = names
    return True
