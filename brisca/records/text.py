# Game records as one line of text (brisca.notation.record / from_record), loaded on first use.
from brisca import core
from brisca.notation import _split, action_name, parse_action, parse_rules, rules_text


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
    parts = text.split("/")
    if len(parts) != 4:
        raise ValueError("a record has 4 parts: rules / seed / deal=... / moves")
    rules = parse_rules(parts[0])
    fields = {"deal": "1", "dealer": "0", "wins": "", "points": "", "draws": "0"}
    for word in parts[2].split():
        key, value = _split(word, "=")
        if key not in fields:
            raise ValueError("unknown record field %r" % (word,))
        fields[key] = value
    head = bytearray(core.HEADER)
    try:
        seed = int(parts[1].strip(), 16)
        head[0], head[1] = core.MAGIC, core.FORMAT_VERSION
        head[2:6] = rules.to_bytes()
        head[6:10] = bytes((seed >> 24, seed >> 16 & 255, seed >> 8 & 255, seed & 255))
        head[10] = int(fields["deal"]) - 1
        head[11] = int(fields["dealer"])
        for i, w in enumerate(fields["wins"].split("-") if fields["wins"] else ()):
            head[12 + i] = int(w)
        for i, p in enumerate(fields["points"].split("-") if fields["points"] else ()):
            head[15 + 2 * i], head[16 + 2 * i] = int(p) >> 8, int(p) & 255
        head[21] = int(fields["draws"])
    except (ValueError, IndexError, OverflowError):
        raise ValueError("bad seed or deal fields in record: %r / %r" % (parts[1].strip(), parts[2].strip()))
    moves = bytes(parse_action(w) for w in parts[3].split())
    head[22] = len(moves)
    return core.Game.from_bytes(bytes(head) + moves)
