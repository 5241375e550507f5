# Game.from_bytes (see brisca.core), loaded on its first use: resuming a game, reading a record or a
# replay code. The engine keeps to what play needs, as a board holds it beside everything else all
# game long (and may compile it from source). This module imports nothing: core hands it Game and
# Rules, so the import goes one way.
#
# Version 3 (Game.to_bytes): 0 magic 0xB7, 1 version, 2-5 rules, 6-13 the secret's two 30-bit halves
# (or, with byte 6's top bit set, no secret and bytes 10-13 this deal's own seed), 14 deal number
# (0-based), 15 its dealer, 16-25 the match tally when the deal began (deals won per side, points per
# side as 2 bytes each, drawn deals), 26 the number of moves, then the moves. Version 2 (before 60-bit
# secrets) had a 30-bit seed in 6-9 and the rest 4 bytes earlier; its deal is read as a game dealt
# from that deal's own seed, so a game saved by an earlier build resumes where it stood.
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_MAGIC = const(0xB7)
_DEAL_OVER = const(2)
_MATCH_ONE = const(0)
_MATCH_POINTS = const(3)
_TIE_DRAW = const(0)


def from_bytes(cls, rules_class, data):
    # The game saved as `data`, its moves replayed; a ValueError if it is not one.
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("a saved game is bytes, not %s" % type(data).__name__)
    try:
        if len(data) < 23 or data[0] != _MAGIC:
            raise ValueError("not a saved Brisca game")
        v = data[1]
        if v not in (2, 3):
            raise ValueError("saved game format %d, this build reads 2 and 3" % v)
        h = 4 if v == 3 else 0  # the secret's 4 bytes more
        if len(data) != 23 + h + data[22 + h]:
            raise ValueError("saved game truncated or overlong")
        hi = (data[6] & 63) << 24 | data[7] << 16 | data[8] << 8 | data[9]
        lo = (data[6 + h] & 63) << 24 | data[7 + h] << 16 | data[8 + h] << 8 | data[9 + h]
        own = v == 2 or data[6] == 0x80  # no secret: this deal's own seed
        if data[6 + h] > 63 or not own and data[6] > 63 or v == 3 and own and hi:
            raise ValueError("corrupt saved game seed")
        deal = data[10 + h]
        g = cls(rules_class.from_bytes(data[2:6]), 0 if own else hi << 30 | lo, data[11 + h])
        g.tally[:] = data[12 + h: 22 + h]
        why = impossible(g, deal)
        if why:
            raise ValueError("not a match state: " + why)
        g.deal_no = deal
        if own:  # (version 2: the deal's seed was the sum of the seed and deal * 1000003, mod 2**30)
            g.sh, g.key = -1, lo if v == 3 else (hi + deal * 1000003) & 0x3FFFFFFF
        elif deal:
            g._rekey()
        if deal or own:
            g._deal()
        for a in data[23 + h:]:
            if g.phase >= _DEAL_OVER:
                raise ValueError("moves after the deal ended")
            g.apply(a)
        return g
    except (TypeError, IndexError, KeyError) as e:
        raise ValueError("corrupt saved game (%s)" % (e,))


def impossible(g, deal):
    # Why g.tally cannot be where deal `deal` (0-based) of a match of g.rules begins, or None. Every
    # deal is won by a side (with 3 players, by each side tied ahead) or, between two sides, drawn
    # at 60-60; its 120 card points go to the match's points unless drawn; the match has not ended
    # before this deal. (Of a match of points, the sum is checked, not the order the points came in.)
    r, t = g.rules, g.tally
    sides = r.sides
    w = t[0:sides]
    won, top, draws = sum(w), max(w), t[9]
    pts = 0
    for i in range(3):
        p = g.match_points(i)
        if i >= sides and (p or t[i]):
            return "tally of a side not at this table"
        pts += p
    if sides == 2 and won + draws != deal or sides == 3 and (draws or not top <= deal <= won):
        return "deals won and drawn do not add up to the deal number"
    if pts != (120 * (deal - draws) if r.match == _MATCH_POINTS else 0):
        return "match points do not add up"
    if r.match == _MATCH_ONE and (won or deal and r.tie == _TIE_DRAW) or r.match and g._leaders():
        return "the match was over"
    # Ties at the goal play on, with 3 players only (2 never tie there): the two ahead went up
    # together from goal - 1 and the third may have caught up, so such a match took at most
    # top + (the third's wins) + goal - 1 deals.
    goal = r.target // 2 + 1 if r.match == 2 else r.target
    if r.match in (1, 2) and top >= goal and (sides == 2 or deal > top + min(w) + goal - 1):
        return "the match was over"
    return None
