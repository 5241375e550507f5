"""A learned evaluation for hard at 3 and 4 players (teams), before the stock's last drawing round:
the features a seat's View shows, in the layout tools/train_tables.py trains (assets/tables.net).
One net serves both table shapes: the shape is an input. brisca.net reads the file and sums the
rows; this module says which rows are on.

State: the hand, the trick's best card so far and whose it is (a partner's or an opponent's),
its points, the seat's place in the trick and how many opponents and partners are still to play,
the cards gone, the cards known in a partner's or an opponent's hand, the face-up trump, the stock
and both sides' points (with 3 players: the leading other seat's). Card: the card (leading or
answering), and what it does to the trick (takes it or not, with the trick's points; leading,
how many cards of its suit that beat it may still come)."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca import net
from brisca.core import POINTS, beats
from brisca.net import _BUCKET, canon  # (brisca.net reads the file: it is loaded beside this module)

N_IN = const(371)
_NO = const(255)
_HAND = const(0)
_LEAD = const(40)
_ANSWER = const(80)
_BEST = const(120)  # the trick's best card so far
_GONE = const(160)  # cards played, earlier tricks and this one's but the best
_MATE = const(200)  # cards known in a partner's hand
_OPP = const(240)  # cards known in an opponent's hand (a face-up trump taken)
_FACE = const(280)  # the face-up trump's rank, while still to draw
_STOCK = const(290)  # cards still to draw // 2 (18)
_MINE = const(308)  # this side's points // 5 (13)
_THEIRS = const(321)  # the other side's (3 players: the best other seat's) // 5 (13)
_PLACE = const(334)  # the seat's place in the trick: 0-3 with 4 players, 4-6 with 3 (8)
_MATE_BEST = const(342)  # the best card so far is a partner's
_TABLE = const(343)  # the trick's points so far, bucketed (6)
_OPP_AFTER = const(349)  # opponents still to play after this seat (0-3)
_MATE_AFTER = const(353)  # a partner still to play after this seat
_WIN = const(354)  # answering: the card takes the trick, by the trick's points with it (6)
_LOSE = const(360)  # answering: it does not (6)
_HIGHER = const(366)  # leading: cards of its suit that beat it, not seen (0-3+)
_SHAPE = const(370)  # 3 players (1) or 4 (0)
_T = bytearray(2)  # this decision's facts for extra_feature(): the best card so far, the trick's points


def scores(v, out):
    """brisca.net's scores() for this layout from assets/tables.net (False without the file): hard
    calls it as it calls brisca.net's own at 2 players."""
    from brisca import tablenet

    return net.scores(v, out, net.TABLES, tablenet)


def features(v, out):
    """Write the indices of v's state features that are on into `out` (at most 48: brisca.net's
    buffer); return how many."""
    r, t, me, n, tl = v.rules, v.trump_suit, v.seat, v.n, v.trick_len
    side = r.side_of(me)
    k = 0
    for i in range(v.hand_len):
        out[k] = _HAND + canon(v.hand[i], t)
        k += 1
    best, bseat, table = _NO, me, 0
    for i in range(tl):
        c = v.trick[i]
        table += POINTS[c % 10]
        if best == _NO or beats(c, best, t):
            best, bseat = c, v.trick_seats[i]
    _T[0], _T[1] = best, min(table, 22)
    if best != _NO:
        out[k] = _BEST + canon(best, t)
        out[k + 1] = _TABLE + _BUCKET[_T[1]]
        k += 2
        if r.side_of(bseat) == side:
            out[k] = _MATE_BEST
            k += 1
    for c in v.deck_cards:
        h = v.holder[c]
        if v.played_by[c] and c != best:
            out[k] = _GONE + canon(c, t)
            k += 1
        elif h and h != me + 1:
            out[k] = (_MATE if r.side_of(h - 1) == side else _OPP) + canon(c, t)
            k += 1
    if v.trump_card != _NO:
        out[k] = _FACE + v.trump_card % 10
        k += 1
    mine, theirs = v.side_points(side), 0
    for s in range(r.sides):
        if s != side:
            theirs = max(theirs, v.side_points(s))
    out[k] = _STOCK + min(v.stock_left // 2, 17)
    out[k + 1] = _MINE + min(mine // 5, 12)
    out[k + 2] = _THEIRS + min(theirs // 5, 12)
    out[k + 3] = _PLACE + tl + (4 if n == 3 else 0)
    k += 4
    opp = mate = 0
    for i in range(tl + 1, n):
        if r.side_of((me + i - tl) % n) == side:
            mate = 1
        else:
            opp += 1
    out[k] = _OPP_AFTER + opp
    k += 1
    if mate:
        out[k] = _MATE_AFTER
        k += 1
    if n == 3:
        out[k] = _SHAPE
        k += 1
    return k


def card_feature(v, c):
    """The index of the feature of playing card c in v."""
    return (_ANSWER if v.trick_len else _LEAD) + canon(c, v.trump_suit)


def extra_feature(v, c):
    """Card c's second feature (after features(v) filled _T): answering, whether it takes the
    trick and the trick's points with it; leading, how many cards of its suit that beat it may
    still come."""
    t = v.trump_suit
    if v.trick_len:
        return (_WIN if beats(c, _T[0], t) else _LOSE) + _BUCKET[min(_T[1] + POINTS[c % 10], 22)]
    return _HIGHER - 306 + net.extra_feature(v, c)  # (brisca.net's leading count: its _HIGHER is 306)
