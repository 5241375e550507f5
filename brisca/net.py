"""Hard's learned evaluation with 2 players while the stock lasts: a small network scores each
card the seat may play from what its View shows (its hand, the card led, the cards gone, the
cards it knows the opponent holds, the face-up trump, the stock and both scores), and from two
features of the card itself: the card, and what it does to the trick (answering: takes it or
not, and its points; leading: how many cards that beat it may still come).

The shipped net is four nets fitted apart, their hidden units side by side and their outputs
averaged: to this module, one net. The weights stay in the asset file (made by tools/train.py)
and are read a row at a time into one buffer: only the rows of the few features that are on are
summed. Integer arithmetic only, so tools/train.py's numpy version gives the same numbers.
Loaded by brisca.ai for hard only. The same reading and sums serve a 3- and 4-player net, whose
features brisca.tablenet names (scores()' `layout`): assets/tables.net, trained by
tools/train_tables.py (docs/ai-comparison.md)."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# The weights file: assets/hard.net next to the brisca folder (the board's root, or the clone).
FILE = __file__[:__file__.rfind("/")]  # (no names for the cuts: a name costs heap)
FILE = FILE[:FILE.rfind("/") + 1] + "assets/hard.net"
TABLES = FILE[:-8] + "tables.net"  # the 3- and 4-player net (brisca.tablenet's layout)
MAGIC = b"BRN1"
N_IN = const(310)  # the feature layout below; the file must say the same
_NO = const(255)
# Feature offsets (cards as canonical cards: trump suit 0, the other suits 1-3 in their order)
_HAND = const(0)  # the cards in this seat's hand
_LEAD = const(40)  # the card to score, when this seat leads
_ANSWER = const(80)  # the card to score, when it answers
_LED = const(120)  # the card led, when it answers
_GONE = const(160)  # cards played in earlier tricks
_KNOWN = const(200)  # cards the seat knows the opponent holds (a face-up trump taken)
_FACE = const(240)  # the face-up trump's rank, while it is still to draw
_STOCK = const(250)  # cards still to draw // 2 (18)
_MINE = const(268)  # this seat's points // 5, 60 and more together (13)
_THEIRS = const(281)  # the opponent's, the same way (13)
# Each card to score also turns on one of these: what a small net finds hard to add up itself
_WIN = const(294)  # answering: it takes the trick, by the trick's points (6 buckets)
_LOSE = const(300)  # answering: it gives the trick away, the same buckets
_HIGHER = const(306)  # leading: cards of its suit that beat it and the seat has not seen go (0-3+)
_PTS = b"\x0b\x00\x0a\x00\x00\x00\x00\x02\x03\x04"  # core.POINTS by rank (net compiles alone)
_STR = b"\x09\x00\x08\x01\x02\x03\x04\x05\x06\x07"  # core.STRENGTH by rank
_BUCKET = b"\x00\x01\x01\x01\x02\x02\x02\x02\x02\x02\x03\x03\x04\x04\x04\x04\x05\x05\x05\x05\x05\x05\x05"

_X = [0] * 48  # the state's features that are on
_I = [0] * 5  # the loaded file's facts, by these slots:
_UNITS = const(0)  # hidden units
_W2 = const(1)  # the file offset of the second layer's weights
_LAYOUT = const(2)  # the features the file was checked for
_PATH = const(3)  # the file checked
_STATE = const(4)  # loaded (1) or refused (-1), 0 before load()
_A = []  # type: list  # the state's hidden sums
_R = bytearray(0)  # one row of the file
_R2 = bytearray(0)  # a card's second row
_W = bytearray(0)  # w2 (+ 128) and b2


def canon(c, trump):
    """Card c with suits renumbered: the trump suit 0, the others 1, 2, 3 in their order."""
    s = c // 10
    return c % 10 + (0 if s == trump else 10 * (s + 1) if s < trump else 10 * s)


def features(v, out):
    """Write the indices of v's state features that are on into `out`; return how many."""
    t, me = v.trump_suit, v.seat
    k = 0
    for i in range(v.hand_len):
        out[k] = _HAND + canon(v.hand[i], t)
        k += 1
    led = v.trick[0] if v.trick_len else _NO
    if led != _NO:
        out[k] = _LED + canon(led, t)
        k += 1
    for c in v.deck_cards:
        if v.played_by[c] and c != led:
            out[k] = _GONE + canon(c, t)
            k += 1
        elif v.holder[c] and v.holder[c] != me + 1:
            out[k] = _KNOWN + canon(c, t)
            k += 1
    if v.trump_card != _NO:
        out[k] = _FACE + v.trump_card % 10
        k += 1
    out[k] = _STOCK + min(v.stock_left // 2, 17)
    out[k + 1] = _MINE + min(v.seat_points[me] // 5, 12)
    out[k + 2] = _THEIRS + min(v.seat_points[1 - me] // 5, 12)
    return k + 3


def card_feature(v, c):
    """The index of the feature of playing card c in v."""
    return (_ANSWER if v.trick_len else _LEAD) + canon(c, v.trump_suit)


def extra_feature(v, c):
    """The index of card c's second feature in v: answering, whether it takes the trick and its
    points; leading, how many cards of its suit that beat it may still come."""
    t = v.trump_suit
    if v.trick_len:
        led = v.trick[0]
        win = c // 10 == led // 10 and _STR[c % 10] > _STR[led % 10] or c // 10 == t != led // 10
        return (_WIN if win else _LOSE) + _BUCKET[_PTS[c % 10] + _PTS[led % 10]]
    n, me, s = 0, v.seat + 1, c - c % 10
    for r in range(10):
        d = s + r
        if _STR[r] > _STR[c % 10] and not v.played_by[d] and v.holder[d] != me and d != v.trump_card:
            n += 1
    return _HIGHER + min(n, 3)


def load(path=None, n_in=N_IN):
    """Check the weights file once: True if it is there, whole and of the layout of `n_in`
    features. Makes the buffers (again after release(), without reading the file again)."""
    global _A, _R, _R2, _W
    path = path or FILE
    if _I[_PATH] != path or _I[_LAYOUT] != n_in:
        _I[_PATH], _I[_LAYOUT], _I[_STATE] = path, n_in, 0
    if not _I[_STATE]:
        _I[_STATE] = -1
        try:
            with open(path, "rb") as f:
                head = f.read(16)
                if len(head) < 16 or head[:4] != MAGIC or head[4] | head[5] << 8 != n_in:
                    return False
                h = head[6]
                size = 16 + n_in * h + 3 * h + 4
                if head[7] | head[8] << 8 | head[9] << 16 | head[10] << 24 != size or not 0 < h <= 128 or h & 1:
                    return False
                if not _sum_ok(f, size - 16, head):
                    return False
        except OSError:
            return False
        _I[_UNITS], _I[_W2], _I[_STATE] = h, 16 + 2 * h + n_in * h, 1
    if _I[_STATE] < 0:
        return False
    h = _I[_UNITS]
    if len(_R) != h:  # (a file checked again may be another size)
        _A = [0] * h
        _R = bytearray(h)
        _R2 = bytearray(h)
        _W = bytearray(h + 4)
    return True


def loaded():
    """True while the buffers are made (an AI seat, or a hint, is using the network)."""
    return len(_R) > 0


def release():
    """Let the buffers go (about 1 KB with the shipped net); load() makes them again."""
    global _A, _R, _R2, _W
    _A = []
    _R = _R2 = _W = bytearray(0)


def _sum_ok(f, n, head):
    """True if the next n bytes of f, and no more, give the header's checksum: the byte sum of
    each 256-byte chunk, added up (bytes 12-13) and weighted by the chunk's number (14-15), each
    mod 65536. sum() runs in C on every port, and every figure stays a small int."""
    s1 = s2 = i = 0
    buf = bytearray(256)
    while n > 0:
        k = f.readinto(buf)
        if not k or k > n:  # shorter or longer than its header says
            return False
        i += 1
        c = sum(buf) if k == 256 else sum(buf[:k])
        s1 += c
        s2 += c * i
        n -= k
    return not f.read(1) and s1 & 65535 == head[12] | head[13] << 8 and s2 & 65535 == head[14] | head[15] << 8


def scores(v, out, path=None, layout=None):
    """out[i] = the network's value of playing v.legal[i] (an integer, larger is better); False
    if there are no usable weights (or the file went away: a computer may change the drive).
    `layout`: the module whose features the file's net reads (brisca.tablenet), else this one's."""
    if not load(path, layout.N_IN if layout else N_IN):
        return False
    try:
        return _scores(v, out, path or FILE, layout)
    except OSError:
        return False


def _scores(v, out, path, layout):
    h = _I[_UNITS]
    k = (layout.features if layout else features)(v, _X)
    cf, xf = (layout.card_feature, layout.extra_feature) if layout else (card_feature, extra_feature)
    a, r, r2, w = _A, _R, _R2, _W
    with open(path, "rb") as f:
        f.seek(16)
        n = h // 2
        for half in (0, n):  # b1, int16 little-endian: half of it a row's worth of bytes
            f.readinto(r)
            for j in range(n):
                x = r[2 * j] | r[2 * j + 1] << 8
                a[half + j] = x - 65536 if x > 32767 else x
        for i in range(k):
            f.seek(16 + 2 * h + _X[i] * h)
            f.readinto(r)
            for j in range(h):
                a[j] += r[j] - 128
        f.seek(_I[_W2])
        f.readinto(w)  # w2 (+ 128), then b2 (+ 2**23, 3 bytes little-endian; a zero byte)
        b2 = (w[h] | w[h + 1] << 8 | w[h + 2] << 16) - 8388608
        for i in range(v.nlegal):
            c = v.legal[i]
            f.seek(16 + 2 * h + cf(v, c) * h)
            f.readinto(r)
            f.seek(16 + 2 * h + xf(v, c) * h)
            f.readinto(r2)
            s = b2
            for j in range(h):
                x = a[j] + r[j] + r2[j] - 256
                if x > 0:
                    s += (w[j] - 128) * x
            out[i] = s
    return True
