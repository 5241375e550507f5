# Game records as one line of text and replay codes (see brisca.notation, which loads this module
# on first use). brisca.core is imported where a Game is made or read: it is loaded already
# wherever a game is played, and this module compiles on a small heap without it.
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca.notation import CODE_ALPHABET, _split, _text, action_name, parse_action, parse_rules, rules_text

# brisca.core's numbers (stable API), as underscore consts: no heap on a board.
_FORMAT_VERSION = const(2)
_MAGIC = const(0xB7)
_HEADER = const(23)


def record(game):
    # The game as one line of text (see brisca.notation).
    t = game.tally0
    sides = range(game.rules.sides)
    return "%s / %x / deal=%d dealer=%d wins=%s points=%s draws=%d / %s" % (
        rules_text(game.rules), game.seed, game.deal_no + 1, game.deal_dealer,
        "-".join(str(t[i]) for i in sides), "-".join(str(t[3 + 2 * i] << 8 | t[4 + 2 * i]) for i in sides),
        t[9], " ".join(action_name(a) for a in game.moves[: game.nmoves]))


def from_record(text):
    # The game a record describes; a ValueError naming the first bad part.
    from brisca import core

    parts = _text(text, "record").split("/")
    if len(parts) != 4:
        raise ValueError("a record has 4 parts: rules / seed / deal=... / moves")
    rules = parse_rules(parts[0])
    fields = {"deal": "1", "dealer": "0", "wins": "", "points": "", "draws": "0"}
    for word in parts[2].split():
        key, value = _split(word, "=")
        if key not in fields:
            raise ValueError("unknown record field %r" % (word,))
        fields[key] = value
    head = bytearray(_HEADER)
    try:
        # (Numbers go through a list and bytes(), which refuses one out of 0..255 on every runtime:
        # a board's bytearray would keep its low byte.)
        seed = int(parts[1].strip(), 16)
        head[0], head[1] = _MAGIC, _FORMAT_VERSION
        head[2:6] = rules.to_bytes()
        head[6:10] = bytes((seed >> 24, seed >> 16 & 255, seed >> 8 & 255, seed & 255))
        tail = [int(fields["deal"]) - 1, int(fields["dealer"])] + [0] * 9 + [int(fields["draws"])]
        wins = fields["wins"].split("-") if fields["wins"] else ()
        points = fields["points"].split("-") if fields["points"] else ()
        if len(wins) > 3 or len(points) > 3:
            raise ValueError
        for i in range(len(wins)):
            tail[2 + i] = int(wins[i])
        for i in range(len(points)):
            tail[5 + 2 * i], tail[6 + 2 * i] = int(points[i]) >> 8, int(points[i]) & 255
        head[10:22] = bytes(tail)
    except (ValueError, IndexError, OverflowError):
        raise ValueError("bad seed or deal fields in record: %r / %r" % (parts[1].strip(), parts[2].strip()))
    moves = bytes(parse_action(w) for w in parts[3].split())
    head[22] = len(moves)
    return core.Game.from_bytes(bytes(head) + moves)


def _check(values):
    # Damm-style check over GF(32) (polynomial x^5 + x^2 + 1): s = a*s ^ v for each 5-bit value v,
    # a = x (the field's generator, order 31; a*s is a shift and a conditional xor); a code is good
    # when s ends at 0, its last character chosen so. Every typo of one character is refused: s is
    # linear, sum(a^(15-i) * v_i), and changing v_i by d != 0 changes s by a^(15-i) * d != 0 (a field
    # has no zero divisors). Every swap of two adjacent unequal characters x, y too: a*x ^ y ==
    # a*y ^ x would mean (a ^ 1) * (x ^ y) == 0, so x == y as a != 1; and, a's order being 31, a
    # swap of any two unequal characters of the 16. (The check of the first codes, mod 31 over 32
    # symbols, missed 0 <-> Z.)
    s = 0
    for v in values:
        s = s << 1 ^ v
        if s & 32:
            s ^= 37
    return s


def replay_code(game):
    # A short code for the current deal (see brisca.notation).
    from brisca import core

    seed = core.deal_seed(game.seed, game.deal_no)
    data = game.rules.to_bytes() + bytes((seed >> 24, seed >> 16 & 255, seed >> 8 & 255, seed & 255,
                                          game.deal_dealer))
    out = []
    acc = nbits = 0
    for i in range(len(data)):
        acc = (acc << 8 | data[i]) & 0xFFFF
        nbits += 8
        while nbits >= 5:
            nbits -= 5
            out.append(acc >> nbits & 31)
    out.append(acc << (5 - nbits) & 31)  # 72 bits: 14 full characters and a 2-bit tail
    out.append(0)
    out[15] = _check(out)  # the character that brings the check to 0
    text = "".join(CODE_ALPHABET[v] for v in out)
    return "-".join(text[i: i + 4] for i in range(0, len(text), 4))


def from_replay_code(code):
    # The deal a replay code describes, as a new one-deal-long Game; ValueError if mistyped.
    from brisca import core

    values = []
    for ch in _text(code, "replay code").upper().replace("O", "0").replace("I", "1").replace("L", "1"):
        if ch in "- ":
            continue
        if ch not in CODE_ALPHABET:
            raise ValueError("replay code: %r is not a code character" % (ch,))
        values.append(CODE_ALPHABET.index(ch))
    if len(values) != 16:
        raise ValueError("replay code: 16 characters expected, got %d" % len(values))
    if _check(values):
        raise ValueError("replay code: a character is mistyped (the check does not match)")
    data = bytearray()
    acc = nbits = 0
    for v in values[:15]:
        acc = (acc << 5 | v) & 0xFFFF
        nbits += 5
        if nbits >= 8:
            nbits -= 8
            data.append(acc >> nbits & 255)
    rules = core.Rules.from_bytes(bytes(data[:4]))
    seed = data[4] << 24 | data[5] << 16 | data[6] << 8 | data[7]
    return core.Game(rules, seed, data[8])
