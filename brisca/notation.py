"""Text for the core: card and action names, the rules' words, regional presets, game records.

A record replays exactly: `<rules> / <seed hex> / deal=N dealer=S wins=a-b points=a-b draws=d /
<moves>`, e.g. `p2 d40 exchange tie:annul wins:3 spanish / 1a2b / deal=1 dealer=0 wins=0-0
points=0-0 draws=0 / 7c As x 3b`. Used for bug reports, exports, save files and test vectors.
"""

from brisca import core

RANKS = "A234567JNK"  # N = knight (caballo, cavallo, konj; the French queen)
SUITS = "cusb"  # coins, cups, swords, batons (clubs)
FLAG_WORDS = ("notrump", "double", "open", "exchange", "redeal", "follow", "partners")
TIES = ("draw", "annul", "redeal")
MATCHES = ("one", "wins", "best", "points")
STYLES = ("spanish", "italian", "croatian", "french")
PRESETS = ("brisca", "briscola", "briskula")


def card_name(card):
    """'As' for the Ace of swords."""
    return RANKS[card % 10] + SUITS[card // 10]


def parse_card(text):
    if len(text) == 2 and text[0].upper() in RANKS and text[1].lower() in SUITS:
        return SUITS.index(text[1].lower()) * 10 + RANKS.index(text[0].upper())
    raise ValueError("not a card: %r (rank A234567JNK + suit cusb, e.g. As)" % (text,))


def action_name(action):
    return {core.EXCHANGE: "x", core.PASS: "-", core.NEXT_DEAL: "|"}.get(action) or card_name(action)


def parse_action(text):
    return {"x": core.EXCHANGE, "-": core.PASS, "|": core.NEXT_DEAL}.get(text) or parse_card(text)


def _split(word, sep):
    i = word.find(sep)
    return (word, "") if i < 0 else (word[:i], word[i + 1:])


def rules_text(rules):
    words = ["p%d" % rules.players, "d%d" % rules.deck]
    for i in range(len(FLAG_WORDS)):
        if rules.flags >> i & 1:
            words.append(FLAG_WORDS[i])
    words.append("tie:" + TIES[rules.tie])
    words.append(MATCHES[rules.match] + ("" if rules.match == core.MATCH_ONE else ":%d" % rules.target))
    words.append(STYLES[rules.style])
    return " ".join(words)


def parse_rules(text):
    """Rules from their words, e.g. 'p2 d40 exchange tie:annul wins:3 spanish'; the words left out
    keep their defaults (2 players, 40 cards, one deal, tie:draw, italian)."""
    players, deck, flags, tie, match, target, style = 2, 40, 0, 0, 0, 1, core.STYLE_ITALIAN
    for word in text.split():
        key, value = _split(word, ":")
        try:
            if word[0] in "pd" and word[1:].isdigit():
                if word[0] == "p":
                    players = int(word[1:])
                else:
                    deck = int(word[1:])
            elif word in FLAG_WORDS:
                flags |= 1 << FLAG_WORDS.index(word)
            elif key == "tie":
                tie = TIES.index(value)
            elif key in MATCHES:
                match, target = MATCHES.index(key), int(value) if value else 1
            else:
                style = STYLES.index(word)
        except ValueError:
            raise ValueError("unknown rule word %r" % (word,))
    return core.Rules(players, deck, flags, tie, match, target, style)


def preset(name, players=2):
    """The regional preset of RULES.md section 7 for `players`; every field stays changeable."""
    name = name.lower().replace("\u0161", "s")
    if name not in PRESETS:
        raise ValueError("unknown preset %r: brisca, briscola or briskula" % (name,))
    deck = {3: 36 if name == "brisca" else 39, 6: 36}.get(players, 40)
    if name == "brisca":
        return core.Rules(players, deck, core.F_EXCHANGE, core.TIE_ANNUL, core.MATCH_WINS, 3, core.STYLE_SPANISH)
    if name == "briscola":
        return core.Rules(players, deck, 0, core.TIE_DRAW, core.MATCH_BEST_OF, 3, core.STYLE_ITALIAN)
    return core.Rules(players, deck, 0, core.TIE_SAME_DEALER, core.MATCH_WINS, 4, core.STYLE_CROATIAN)


def record(game):
    """The game as one line of text (see the module docstring)."""
    t = game.tally0
    sides = range(game.rules.sides)
    return "%s / %x / deal=%d dealer=%d wins=%s points=%s draws=%d / %s" % (
        rules_text(game.rules), game.seed, game.deal_no + 1, game.deal_dealer,
        "-".join(str(t[i]) for i in sides), "-".join(str(t[3 + 2 * i] << 8 | t[4 + 2 * i]) for i in sides),
        t[9], " ".join(action_name(a) for a in game.moves[: game.nmoves]))


def from_record(text):
    """The game a record describes; a ValueError naming the first bad part."""
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


# Replay codes: rules (32 bits), the deal's seed (30 bits) and its dealer (3 bits), plus a 5-bit
# check, in 14 Crockford base-32 characters shown as ABCD-EFGH-JKMN-PQ. Typing one on another
# board deals the same cards.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def replay_code(game):
    """A short code for the current deal: another board replays it with from_replay_code()."""
    seed = core.deal_seed(game.seed, game.deal_no)
    data = game.rules.to_bytes() + bytes((seed >> 24, seed >> 16 & 255, seed >> 8 & 255, seed & 255,
                                          game.deal_dealer))
    out = []
    acc = nbits = check = 0
    for i in range(len(data)):
        acc = (acc << 8 | data[i]) & 0xFFFF
        nbits += 8
        while nbits >= 5:
            nbits -= 5
            out.append(acc >> nbits & 31)
    out.append(acc << (5 - nbits) & 31)  # 72 bits: 14 full characters and a 2-bit tail
    for i in range(len(out)):
        check = (check * 7 + out[i] + i) % 31
    out.append(check)
    text = "".join(CODE_ALPHABET[v] for v in out)
    return "-".join(text[i: i + 4] for i in range(0, len(text), 4))


def from_replay_code(code):
    """The deal a replay code describes, as a new one-deal-long Game; ValueError if mistyped."""
    values = []
    for ch in code.upper().replace("O", "0").replace("I", "1").replace("L", "1"):
        if ch in "- ":
            continue
        if ch not in CODE_ALPHABET:
            raise ValueError("replay code: %r is not a code character" % (ch,))
        values.append(CODE_ALPHABET.index(ch))
    if len(values) != 16:
        raise ValueError("replay code: 16 characters expected, got %d" % len(values))
    check = 0
    for i in range(15):
        check = (check * 7 + values[i] + i) % 31
    if check != values[15]:
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
