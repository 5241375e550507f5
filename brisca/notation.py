"""Text for the core: card and action names, the rules' words, regional presets, game records.

A record replays exactly: `<rules> / <seed hex> / deal=N dealer=S wins=a-b points=a-b draws=d /
<moves>`, e.g. `p2 d40 exchange tie:annul wins:3 spanish / 1a2b / deal=1 dealer=0 wins=0-0
points=0-0 draws=0 / 7c As x 3b`. Used for bug reports, exports, save files and test vectors.

Small enough to compile on a 32K MicroPython heap: brisca.core is imported where a Rules or Game
is made (it is loaded already wherever a game is played), records live in brisca/_records.py and
replay codes in brisca/replay.py, each loaded on its first use.
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


def card_name(card):
    """'As' for the Ace of swords."""
    return RANKS[card % 10] + SUITS[card // 10]


def parse_card(text):
    if len(_text(text, "card")) == 2 and text[0].upper() in RANKS and text[1].lower() in SUITS:
        return SUITS.index(text[1].lower()) * 10 + RANKS.index(text[0].upper())
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
    keep their defaults (2 players, 40 cards, one deal, tie:draw, italian)."""
    from brisca.core import Rules

    players, deck, flags, tie, match, target, style = 2, 40, 0, 0, 0, 1, _STYLE_ITALIAN
    for word in _text(text, "rules").split():
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
    return Rules(players, deck, flags, tie, match, target, style)


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


def record(game):
    """The game as one line of text (see the module docstring)."""
    from brisca._records import record as write

    return write(game)


def from_record(text):
    """The game a record describes; a ValueError naming the first bad part."""
    from brisca._records import from_record as read

    return read(text)


def replay_code(game):
    """A short code for the current deal (brisca.replay): another board replays it with
    from_replay_code()."""
    from brisca.replay import replay_code as write

    return write(game)


def from_replay_code(code):
    """The deal a replay code describes, as a new one-deal-long Game; ValueError if mistyped."""
    from brisca.replay import from_replay_code as read

    return read(code)
