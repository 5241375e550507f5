"""The notation's words: card and action names, the rules' words, the regional presets.

One text per thing: a parser takes the words the writer writes (card `As`, rules `p2 d40 exchange
tie:annul wins:3 spanish`; the rules words left out keep their defaults) and refuses a word twice,
two words that contradict, and numbers in any form but plain ASCII digits, as a board's int() may
read them otherwise. brisca.core is imported where a Rules is made; nothing here imports the
records (brisca/_records.py) or the replay codes (brisca/replay.py), which import this module.
brisca.notation gathers all of them for the host.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# brisca.core's numbers (stable API), as underscore consts: no heap on a board.
_EXCHANGE = const(40)
_PASS = const(41)
_NEXT_DEAL = const(42)
_MATCH_ONE = const(0)
_STYLE_ITALIAN = const(1)

RANKS = "A234567JNK"  # N = knight (caballo, cavallo, konj; the French queen)
SUITS = "cusb"  # coins, cups, swords, batons (clubs)
FLAG_WORDS = ("notrump", "double", "open", "exchange", "redeal", "follow", "partners")
TIES = ("draw", "annul", "redeal")
MATCHES = ("one", "wins", "best", "points")
STYLES = ("spanish", "italian", "croatian", "french")
PRESETS = ("brisca", "briscola", "briskula")


def _text(text, what):
    """`text` if it is a str, else a TypeError naming what was expected."""
    if not isinstance(text, str):
        raise TypeError("%s: a str expected, not %s" % (what, type(text).__name__))
    return text


def number(text, what):
    """`text` as a whole number if it is written as the notation writes one: ASCII digits, no sign,
    no leading zero, at most 5 digits; else a ValueError naming `what`."""
    if not 0 < len(text) <= 5 or text[0] == "0" and len(text) > 1 or text.strip("0123456789"):
        raise ValueError("%s: %r is not a number as the notation writes one" % (what, text))
    return int(text)


def card_name(card):
    """'As' for the Ace of swords."""
    return RANKS[card % 10] + SUITS[card // 10]


def parse_card(text):
    if len(_text(text, "card")) == 2 and text[0] in RANKS and text[1] in SUITS:
        return SUITS.index(text[1]) * 10 + RANKS.index(text[0])
    raise ValueError("not a card: %r (rank A234567JNK + suit cusb, e.g. As)" % (text,))


def action_name(action):
    return {_EXCHANGE: "x", _PASS: "-", _NEXT_DEAL: "|"}.get(action) or card_name(action)


def parse_action(text):
    return {"x": _EXCHANGE, "-": _PASS, "|": _NEXT_DEAL}.get(_text(text, "action")) or parse_card(text)


def _split(word, sep):
    i = word.find(sep)
    return (word, "") if i < 0 else (word[:i], word[i + 1:])


def rules_text(rules):
    words = ["p%d" % rules.players, "d%d" % rules.deck]
    for i in range(len(FLAG_WORDS)):
        if rules.flags >> i & 1:
            words.append(FLAG_WORDS[i])
    words.append("tie:" + TIES[rules.tie])
    words.append(MATCHES[rules.match] + ("" if rules.match == _MATCH_ONE else ":%d" % rules.target))
    words.append(STYLES[rules.style])
    return " ".join(words)


def parse_rules(text):
    """Rules from their words, e.g. 'p2 d40 exchange tie:annul wins:3 spanish'; the words left out
    keep their defaults (2 players, 40 cards, one deal, tie:draw, italian). Each kind of word comes
    once at most (a flag, the players, the deck, the tie, the match, the style)."""
    from brisca.core import Rules

    v = [2, 40, 0, 0, _MATCH_ONE, 1, _STYLE_ITALIAN]  # players, deck, flags, tie, match, target, style
    seen = 0  # bit per kind of word: 0 players, 1 deck, 2 tie, 3 match, 4 style, 5.. each flag
    for word in _text(text, "rules").split():
        key, value = _split(word, ":")
        if word[0] in "pd" and len(word) > 1 and word[1] in "0123456789":
            kind = 0 if word[0] == "p" else 1
            v[kind] = number(word[1:], "rules")
        elif word in FLAG_WORDS:
            kind = 5 + FLAG_WORDS.index(word)
            v[2] |= 1 << kind - 5
        elif key == "tie" and value in TIES:
            kind, v[3] = 2, TIES.index(value)
        elif key in MATCHES and (value == "") == (key == "one"):
            kind, v[4], v[5] = 3, MATCHES.index(key), number(value, "rules") if value else 1
        elif word in STYLES:
            kind, v[6] = 4, STYLES.index(word)
        else:
            raise ValueError("unknown rule word %r" % (word,))
        if seen >> kind & 1:
            raise ValueError("rules: %r says again what another word said" % (word,))
        seen |= 1 << kind
    return Rules(v[0], v[1], v[2], v[3], v[4], v[5], v[6])


def preset(name, players=2):
    """The regional preset of RULES.md section 7 for `players`; every field stays changeable."""
    from brisca import core

    name = _text(name, "preset").lower().replace("\u0161", "s")
    if name not in PRESETS:
        raise ValueError("unknown preset %r: brisca, briscola or briskula" % (name,))
    deck = {3: 36 if name == "brisca" else 39, 6: 36}.get(players, 40)
    if name == "brisca":
        return core.Rules(players, deck, core.F_EXCHANGE, core.TIE_ANNUL, core.MATCH_WINS, 3, core.STYLE_SPANISH)
    if name == "briscola":
        return core.Rules(players, deck, 0, core.TIE_DRAW, core.MATCH_BEST_OF, 3, core.STYLE_ITALIAN)
    return core.Rules(players, deck, 0, core.TIE_SAME_DEALER, core.MATCH_WINS, 4, core.STYLE_CROATIAN)
