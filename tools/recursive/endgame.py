"""Hard's search with 2 players (brisca.ai loads it for hard only; every other table has
brisca.search): once the stock is down to its last drawing trick, each placement of the hidden
cards consistent with what the seat saw (voids shown under must-follow) is enumerated or sampled
and solved exactly by alpha-beta; with an empty stock that is one exact solve.

The interface is brisca.search's: prepare() sets a decision up in brisca.ai's buffers (the moves,
the heuristic's choice first, their scores, the facts list `_S`), one() solves one placement and adds
its values to the scores. Buffers are preallocated here (one decision runs at a time), the recursion
is two frames per trick, and the work is bounded by a node count and by the time budget. The
`_U` scratch (the unseen cards) and the facts `_S` are brisca.ai's own."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca.ai import _S, _U, since  # its scratch and clock (brisca.ai is loaded: it imports this module)
from brisca.core import POINTS, STRENGTH

_NO = const(255)
_F_FOLLOW = const(32)
_BIG = const(30000)
_NODES = const(500)  # search nodes per move: the same work, so the same move, everywhere
_SAMPLES = const(8)  # most determinizations per move

_H = bytearray(10)  # hands of seats 0 and 1, 5 slots each
_HL = bytearray(2)
_ST = bytearray(4)  # the stock still to draw, in drawing order
_K = bytearray(10)  # the opponent's known cards, then this seat's hand


def prepare(v, k, t0, budget, since, moves, score, facts, rng):
    """Set up the search of `v` (move k, the heuristic's, tried first); how many placements to
    try (0: keep the heuristic move)."""
    if v.stock_left > 2:
        return 0
    me, face, tl, n = v.seat, v.trump_card, v.trick_len, v.nlegal
    o = 1 - me
    known = 0
    for c in v.deck_cards:
        if v.holder[c] == o + 1:
            _K[known] = c
            known += 1
    nst = v.stock_left - (face != _NO) - (v.stock_top != _NO)
    nun = v.unseen_into(_U)
    if nst > 1 or nun != v.hand_sizes[o] - known + nst:
        return 0  # two hidden stock cards (Briscolone), or a view that does not add up
    total = nun if nst else 1
    _ST[0], _ST[1] = v.stock_top, face
    for j in range(v.hand_len):
        _K[5 + j] = v.hand[j]
    best = v.legal[k]
    for j in range(n):
        moves[j] = v.legal[j]
        score[j] = 0
        if moves[j] == best:
            moves[j], moves[0] = moves[0], moves[j]
    facts[20], facts[21], facts[22] = t0, budget, 0
    facts[19] = rng.below(total)  # enumerate from a random placement: a cut-off search is unbiased
    (facts[0], facts[1], facts[2], facts[3], facts[5], facts[6], facts[8], facts[9], facts[10], facts[11],
     facts[12], facts[14], facts[15], facts[16], facts[17]) = (
        me, v.trump_suit, v.rules.flags & _F_FOLLOW, v.stock_left, v.seat_points[me], v.trick[0] if tl else _NO,
        nun, nst, total <= _SAMPLES, total, 0, v.stock_left == 0, known, v.hand_len, n)
    return min(total, _SAMPLES)


def one(rng, voids, moves, score, facts):
    """Solve one placement of the hidden cards exactly and add its value to each move's score;
    False once the node budget is spent (this placement is dropped)."""
    me, k = facts[0], facts[8]
    opp = 1 - me
    d = (facts[19] + facts[22]) % facts[11] if facts[10] else rng.below(facts[11])
    facts[22] += 1
    if facts[9]:
        _ST[0] = _U[d]  # the hidden stock card (the winner of this trick draws it)
    else:
        d = 99
    h = 0
    for i in range(k):
        if i != d:
            c = _U[i]
            if voids >> (opp * 4 + c // 10) & 1:
                return True  # inconsistent with what the opponent showed
            _H[opp * 5 + h] = c
            h += 1
    for i in range(facts[15]):
        _H[opp * 5 + h] = _K[i]
        h += 1
    _HL[opp] = h
    for i in range(facts[16]):
        _H[me * 5 + i] = _K[5 + i]
    _HL[me] = facts[16]
    facts[4] = 0
    facts[7] = _NODES - facts[12]
    a = -_BIG
    for i in range(facts[17]):
        # The heuristic's move first; the others only need to be shown worse: a move that
        # is scores the bound found (an upper bound of its value), which is cheap and safe.
        val = _ab(me, facts[6], facts[5], a, _BIG, 0, moves[i])
        if facts[4] > facts[7]:
            return False
        score[5 + i] = val
        a = max(a, val)
    for i in range(facts[17]):
        score[i] += score[5 + i]
    facts[12] += facts[4]
    facts[13] += 1
    return True


def _ab(turn, led, pts, alpha, beta, si, only):
    """Alpha-beta over the rest of a 2-player deal with every card placed. `pts`: the searching
    seat's points; `si` indexes the stock _ST. Value: final points, +200 for a win, +100 a draw."""
    _S[4] += 1
    if not _S[4] & 63 and since(_S[20]) >= _S[21]:
        _S[7] = 0  # out of time: abandon this placement
    if _S[4] > _S[7]:
        return 0
    me, trump, h = _S[0], _S[1], _H
    b = turn * 5
    k = _HL[turn]
    if led == _NO and k == 1 and si >= _S[3]:  # the last trick, inline (a call costs most on a board)
        c, led = h[b], h[5 - b]
        if led // 10 == c // 10 and STRENGTH[led % 10] > STRENGTH[c % 10] or led // 10 == trump != c // 10:
            turn = 1 - turn
        pts += POINTS[c % 10] + POINTS[led % 10] if turn == me else 0
        return pts + (200 if pts > 60 else 100 if pts == 60 else 0)
    follow = _NO
    if led != _NO and _S[2]:
        for i in range(k):
            if h[b + i] // 10 == led // 10:
                follow = led // 10
    maxi = turn == me
    best = -_BIG if maxi else _BIG
    for i in range(k):
        c = h[b + i]
        if only != _NO and c != only or follow != _NO and c // 10 != follow:
            continue
        last = h[b + k - 1]
        h[b + i] = last
        _HL[turn] = k - 1
        if led == _NO:
            val = _ab(1 - turn, c, pts, alpha, beta, si, _NO)
        else:
            w = 1 - turn
            if c // 10 == led // 10:
                if STRENGTH[c % 10] > STRENGTH[led % 10]:
                    w = turn
            elif c // 10 == trump:
                w = turn
            p = pts + (POINTS[c % 10] + POINTS[led % 10] if w == me else 0)
            if si < _S[3]:  # both draw: the winner first
                h[w * 5 + _HL[w]] = _ST[si]
                h[(1 - w) * 5 + _HL[1 - w]] = _ST[si + 1]
                _HL[w] += 1
                _HL[1 - w] += 1
                val = _ab(w, _NO, p, alpha, beta, si + 2, _NO)
                _HL[w] -= 1
                _HL[1 - w] -= 1
            elif _HL[0] + _HL[1] == 0:
                val = p + (200 if p > 60 else 100 if p == 60 else 0)
            else:
                val = _ab(w, _NO, p, alpha, beta, si, _NO)
        _HL[turn] = k
        h[b + k - 1] = last
        h[b + i] = c
        if maxi:
            best = max(best, val)
            alpha = max(alpha, val)
        else:
            best = min(best, val)
            beta = min(beta, val)
        if alpha >= beta:
            break
    return best
