# Game.from_bytes (see brisca.core), loaded on its first use: resuming a game, reading a record.
# The engine keeps to what play needs, as a board holds it beside everything else all game long
# (and may compile it from source).
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# brisca.core's numbers, as underscore consts: no heap on a board (core's own are compile-time only).
_FORMAT_VERSION = const(2)
_MAGIC = const(0xB7)
_HEADER = const(23)
_DEAL_OVER = const(2)


def from_bytes(cls, data):
    # The game saved as `data` (Game.to_bytes()), its moves replayed; a ValueError if it is not one.
    from brisca.core import Rules  # (loaded already: this module compiles on a small heap without it)

    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("a saved game is bytes, not %s" % type(data).__name__)
    try:
        if len(data) < _HEADER or data[0] != _MAGIC:
            raise ValueError("not a saved Brisca game")
        if data[1] != _FORMAT_VERSION:
            raise ValueError("saved game format %d, this build reads %d" % (data[1], _FORMAT_VERSION))
        if len(data) != _HEADER + data[22]:
            raise ValueError("saved game truncated or overlong")
        g = cls(Rules.from_bytes(data[2:6]), data[6] << 24 | data[7] << 16 | data[8] << 8 | data[9], data[11])
        g.tally[:] = data[12:22]
        g.deal_no = data[10]
        sides = g.rules.sides
        if data[6] > 63 or data[12 + sides: 15] != bytes(3 - sides) or data[15 + 2 * sides: 21] != bytes(
                6 - 2 * sides) or g.rules.match and g._leaders():
            raise ValueError("corrupt saved game tally")
        if g.deal_no:
            g._deal()  # a later deal of the match: its own seed
        g.tally0[:] = g.tally
        for a in data[_HEADER:]:
            if g.phase >= _DEAL_OVER:
                raise ValueError("moves after the deal ended")
            g.apply(a)
        return g
    except (TypeError, IndexError, KeyError) as e:
        raise ValueError("corrupt saved game (%s)" % (e,))
