"""The text notation, in one place for the host: card and action names, the rules' words and the
presets (brisca.words), game records (brisca._records) and replay codes (brisca.replay).

A record replays exactly: `<rules> / <seed> / deal=N dealer=S wins=a-b points=a-b draws=d /
<moves>`, e.g. `p2 d40 exchange tie:annul wins:3 spanish / deal:14a7ee88 / deal=1 dealer=0 wins=0-0
points=0-0 draws=0 / Ac 2u x 5c` (docs/engine.md's example). The seed is `deal:` and the deal's
own seed while the match goes on (it replays this deal: what follows stays unforeseeable), and
`match:` and the match's secret once it is over (it replays the deal and the whole match after
it). A bare hex seed is an earlier build's record. Used for bug reports, exports and tests.

The game on a board imports the module it needs (brisca.words, brisca._records, brisca.replay),
each small enough to compile on a 32K MicroPython heap; records and codes load here on first use.
Each imports brisca.core (and the records brisca.words), and none imports this one.
"""

from brisca.words import (  # noqa: F401 - the notation's public names
    FLAG_WORDS, MATCHES, PRESETS, RANKS, STYLES, SUITS, TIES, action_name, card_name, number, parse_action,
    parse_card, parse_rules, preset, rules_text)


def record(game):
    """The game as one line of text: the deal's own seed while the match goes on, the match's
    secret once it is over."""
    from brisca._records import record as write

    return write(game)


def from_record(text):
    """The game a record describes; a ValueError naming the first bad part."""
    from brisca._records import from_record as read

    return read(text)


def replay_code(game):
    """A short code for the current deal (brisca.replay): another board replays it with
    from_replay_code(). It shows the whole deal: show it once the deal is over."""
    from brisca.replay import replay_code as write

    return write(game)


def from_replay_code(code):
    """The deal a replay code describes, as a new game dealt from that deal's seed; ValueError if
    mistyped."""
    from brisca.replay import from_replay_code as read

    return read(code)
