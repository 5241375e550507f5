# Game records as one line of text (see brisca.notation, which loads this module on first use;
# replay codes are brisca.replay's). brisca.core is imported where a Game is made or read: it is
# loaded already wherever a game is played, and this module compiles on a small heap without it.
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca.notation import _split, _text, action_name, parse_action, parse_rules, rules_text

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
