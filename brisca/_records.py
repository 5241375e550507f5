# Game records as one line of text (see brisca.notation for the format). brisca.core is imported
# where a Game is made or read: it is loaded already wherever a game is played, and this module
# compiles on a small heap without it. A record is read into a saved game's bytes (Game.from_bytes),
# so a record and a save check the same things.
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca.words import _split, _text, action_name, number, parse_action, parse_rules, rules_text

_MAGIC = const(0xB7)
_FORMAT_VERSION = const(3)
_FIELDS = ("deal", "dealer", "wins", "points", "draws")
_DEFAULTS = ("1", "0", "", "", "0")  # (wins and points: none given, all 0)


def _hex60(hi, lo):
    # hi * 2**30 + lo in hex, in small ints (three 20-bit parts of 5 digits).
    a, b, c = hi >> 10, (hi & 0x3FF) << 10 | lo >> 20, lo & 0xFFFFF
    return "%x%05x%05x" % (a, b, c) if a else "%x%05x" % (b, c) if b else "%x" % c


def record(game):
    # The game as one line of text. The match's secret only once the match is over: before, the
    # deal's own seed, which replays this deal and foretells none after it.
    t = game.tally0
    sides = range(game.rules.sides)
    seed = "deal:%x" % game.key if game.sh < 0 or not game.is_over() else "match:" + _hex60(game.sh, game.sl)
    return "%s / %s / deal=%d dealer=%d wins=%s points=%s draws=%d / %s" % (
        rules_text(game.rules), seed, game.deal_no + 1, game.deal_dealer,
        "-".join([str(t[i]) for i in sides]), "-".join([str(t[3 + 2 * i] << 8 | t[4 + 2 * i]) for i in sides]),
        t[9], " ".join([action_name(a) for a in game.moves[: game.nmoves]]))


def _hex(text, digits):
    # A hex number as a record writes it (lowercase, no leading zero, at most `digits` digits), in
    # 5-digit parts from the right: small ints. ValueError otherwise.
    if not 0 < len(text) <= digits or text[0] == "0" and len(text) > 1 or text.strip("0123456789abcdef"):
        raise ValueError
    parts = [0, 0, 0]
    for i in range(3):
        end = len(text) - 5 * i
        if end > 0:
            parts[i] = int(text[max(0, end - 5): end], 16)
    return parts  # low 20 bits first


def from_record(text):
    # The game a record describes; a ValueError naming the first bad part.
    from brisca import core

    parts = _text(text, "record").split("/")
    if len(parts) != 4:
        raise ValueError("a record has 4 parts: rules / seed / deal=... / moves")
    rules = parse_rules(parts[0])
    values = list(_DEFAULTS)
    given = 0
    for word in parts[2].split():
        key, value = _split(word, "=")
        if key not in _FIELDS:
            raise ValueError("unknown record field %r" % (word,))
        i = _FIELDS.index(key)
        if given >> i & 1:
            raise ValueError("record field %r twice" % (key,))
        given |= 1 << i
        values[i] = value
    kind, _, seed = parts[1].strip().rpartition(":")
    head = bytearray(27)
    try:
        if kind not in ("", "deal", "match"):
            raise ValueError
        p = _hex(seed, 15 if kind == "match" else 8)  # (a bare seed: an earlier build's 30 bits)
        lo, hi = (p[1] & 0x3FF) << 20 | p[0], p[2] << 10 | p[1] >> 10
        if kind != "match" and hi:
            raise ValueError
        head[6:14] = bytes((0x80 if kind == "deal" else hi >> 24, hi >> 16 & 255, hi >> 8 & 255, hi & 255,
                            lo >> 24, lo >> 16 & 255, lo >> 8 & 255, lo & 255))
        # (Numbers go through a list and bytes(), which refuses one out of 0..255 on every runtime:
        # a board's bytearray would keep its low byte.)
        tail = [number(values[0], "deal") - 1, number(values[1], "dealer")] + [0] * 9 + [number(values[4], "draws")]
        for f in (2, 3):
            if given >> f & 1:
                nums = values[f].split("-")
                if len(nums) != rules.sides:
                    raise ValueError
                for i in range(len(nums)):
                    v = number(nums[i], _FIELDS[f])
                    if f == 2:
                        tail[2 + i] = v
                    else:
                        tail[5 + 2 * i], tail[6 + 2 * i] = v >> 8, v & 255
        head[14:26] = bytes(tail)
    except (ValueError, IndexError, OverflowError):
        raise ValueError("bad seed or deal fields in record: %r / %r" % (parts[1].strip(), parts[2].strip()))
    moves = [parse_action(w) for w in parts[3].split()]
    if len(moves) > 255:  # (the most a deal can take is far fewer: Game.from_bytes says which)
        raise ValueError("a record holds one deal's moves: %d is more than any deal has" % len(moves))
    head[0], head[1], head[26] = _MAGIC, _FORMAT_VERSION, len(moves)
    head[2:6] = rules.to_bytes()
    if not kind:  # an earlier build's record: its save layout, version 2
        head[1] = 2
        head = head[:6] + head[10:]
    g = core.Game.from_bytes(bytes(head) + bytes(moves))
    if kind == "match" and not g.is_over():  # (the game writes a match's secret only with its end)
        raise ValueError("match: seed, match not over")
    return g
