"""Hard's search with 2 players (brisca.ai loads it for hard only; every other table has
brisca.search): once the stock is down to its last drawing trick, each placement of the hidden
cards consistent with what the seat saw (voids shown under must-follow) is enumerated or sampled
and solved exactly by alpha-beta; with an empty stock that is one exact solve.

The interface is brisca.search's: prepare() sets a decision up in brisca.ai's buffers (the moves,
the heuristic's choice first, their scores, the facts list `_S`), one() solves one placement and adds
its values to the scores. Buffers are preallocated here (one decision runs at a time), the search
runs on its own stack in them (no Python frame per card: a board's frames share a small stack), and
the work is bounded by a node count and by the time budget. The `_U` scratch (the unseen cards) and
the facts `_S` are brisca.ai's own."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from array import array

from hard2.ai import _S, _U, since  # its scratch and clock (brisca.ai is loaded: it imports this module)
from brisca.core import POINTS, STRENGTH

_NO = const(255)
_F_FOLLOW = const(32)
_BIG = const(30000)
_NODES = const(500)  # search nodes per move: the same work, so the same move, everywhere
_SAMPLES = const(8)  # most determinizations per move
_WIN = const(200)  # a deal's value: the seat's points, and this for a win (more than _HALF)
_DRAW = const(100)  # or this for a draw
_HALF = const(60)
_SLOTS = const(5)  # hand slots per seat in _H (and _K: the known cards, then the hand)
_LEVEL = const(6)  # _LB: bytes a level
_PLACED = const(5)  # brisca.ai's scores: score[_PLACED + i] is move i's value in one placement
# brisca.ai's search facts (_S): its slot numbers (a const named with _ is its module's own)
_SEAT = const(0)
_TRUMP = const(1)
_MUST = const(2)
_STOCK = const(3)
_NODES_NOW = const(4)
_POINTS = const(5)
_LED = const(6)
_LIMIT = const(7)
_UNSEEN = const(8)
_HIDDEN = const(9)
_ENUM = const(10)
_PLACEMENTS = const(11)
_USED = const(12)
_DONE = const(13)
_EXACT = const(14)
_KNOWN = const(15)
_HAND = const(16)
_MOVES = const(17)
_FIRST = const(19)
_T0 = const(20)
_TIME = const(21)
_TRIED = const(22)

_H = bytearray(10)  # hands of seats 0 and 1, _SLOTS each
_HL = bytearray(2)
_ST = bytearray(4)  # the stock still to draw, in drawing order
_K = bytearray(10)  # the opponent's known cards, then this seat's hand
# _ab's stack, per level (card played below the root, at most 12: two hands of 5 and 2 to draw):
# the move index, the card led (_NO if it led), and if it played a trick's second card the mover,
# points and stock index before it and its card; and the best value so far, the bound it moves as
# it came (24 halfwords)
_LB = bytearray(72)  # _LEVEL bytes a level
_LV = array("h", bytes(48))


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
        _K[_SLOTS + j] = v.hand[j]
    best = v.legal[k]
    for j in range(n):
        moves[j] = v.legal[j]
        score[j] = 0
        if moves[j] == best:
            moves[j], moves[0] = moves[0], moves[j]
    facts[_SEAT] = me
    facts[_TRUMP] = v.trump_suit
    facts[_MUST] = v.rules.flags & _F_FOLLOW
    facts[_STOCK] = v.stock_left
    facts[_POINTS] = v.seat_points[me]
    facts[_LED] = v.trick[0] if tl else _NO
    facts[_UNSEEN] = nun
    facts[_HIDDEN] = nst
    facts[_ENUM] = total <= _SAMPLES
    facts[_PLACEMENTS] = total
    facts[_USED] = 0
    facts[_EXACT] = v.stock_left == 0
    facts[_KNOWN] = known
    facts[_HAND] = v.hand_len
    facts[_MOVES] = n
    facts[_FIRST] = rng.below(total)  # enumerate from a random placement: a cut-off search is unbiased
    facts[_T0] = t0
    facts[_TIME] = budget
    facts[_TRIED] = 0
    return min(total, _SAMPLES)


def one(rng, voids, moves, score, facts):
    """Solve one placement of the hidden cards exactly and add its value to each move's score;
    False once the node budget is spent (this placement is dropped)."""
    me, k = facts[_SEAT], facts[_UNSEEN]
    opp = 1 - me
    d = (facts[_FIRST] + facts[_TRIED]) % facts[_PLACEMENTS] if facts[_ENUM] else rng.below(facts[_PLACEMENTS])
    facts[_TRIED] += 1
    if facts[_HIDDEN]:
        _ST[0] = _U[d]  # the hidden stock card (the winner of this trick draws it)
    else:
        d = 99
    h = 0
    for i in range(k):
        if i != d:
            c = _U[i]
            if voids >> (opp * 4 + c // 10) & 1:
                return True  # inconsistent with what the opponent showed
            _H[opp * _SLOTS + h] = c
            h += 1
    for i in range(facts[_KNOWN]):
        _H[opp * _SLOTS + h] = _K[i]
        h += 1
    _HL[opp] = h
    for i in range(facts[_HAND]):
        _H[me * _SLOTS + i] = _K[_SLOTS + i]
    _HL[me] = facts[_HAND]
    facts[_NODES_NOW] = 0
    facts[_LIMIT] = _NODES - facts[_USED]
    a = -_BIG
    for i in range(facts[_MOVES]):
        # The heuristic's move first; the others only need to be shown worse: a move that
        # is scores the bound found (an upper bound of its value), which is cheap and safe.
        val = _ab(me, facts[_LED], facts[_POINTS], a, _BIG, 0, moves[i])
        if facts[_NODES_NOW] > facts[_LIMIT]:
            return False
        score[_PLACED + i] = val
        a = max(a, val)
    for i in range(facts[_MOVES]):
        score[i] += score[_PLACED + i]
    facts[_USED] += facts[_NODES_NOW]
    facts[_DONE] += 1
    return True


def _last(turn, pts):
    """The deal's value once its last trick, one card a hand, is played out, `turn` leading."""
    c = _H[turn * _SLOTS]
    x = _H[_SLOTS - turn * _SLOTS]
    # core.beats(x, c, trump) written out here, at _ab()'s trick end and in brisca.search, for
    # speed: calling it in those 4 places measured 6% more MicroPython instructions for hard's
    # moves (valgrind, 12 deals of 4 tables) and 10-19% more CPython time, and a call under _last()
    # is one more frame on a board's pystack. A wrong copy fails tests/test_search_stack.py and
    # test_ai.py's exact-endgame test.
    if x // 10 == c // 10 and STRENGTH[x % 10] > STRENGTH[c % 10] or x // 10 == _S[_TRUMP] != c // 10:
        turn = 1 - turn
    pts += POINTS[c % 10] + POINTS[x % 10] if turn == _S[_SEAT] else 0
    return pts + (_WIN if pts > _HALF else _DRAW if pts == _HALF else 0)


def _ab(turn, led, pts, alpha, beta, si, only):
    """Alpha-beta over the rest of a 2-player deal with every card placed. `pts`: the searching
    seat's points; `si` indexes the stock _ST. Value: final points, +200 for a win, +100 a draw.
    A loop, not recursion (a board gives Python frames a small fixed stack): one level per card
    played, each keeping on _LB its move index and the trick as it came and on _LV its best value
    so far and the bound it raises (alpha) or lowers (beta) as it came; the rest is read back. The
    root plays `only`; the last trick, one card a hand, is _last()'s, without a level."""
    h = _H
    hl = _HL
    lb = _LB
    lv = _LV
    s = _S
    me = s[_SEAT]
    nst = s[_STOCK]
    nodes = s[_NODES_NOW]
    limit = s[_LIMIT]
    lev = 0  # the level: cards played below the root
    while True:
        nodes += 1  # enter the node
        if not nodes & 63 and since(s[_T0]) >= s[_TIME]:
            limit = 0  # out of time: abandon this placement
        b = turn * _SLOTS
        k = hl[turn]
        go = 0  # 0: return val to the level above; 1: take the value of move i; 2: try move i
        if nodes > limit:
            val = 0
        elif led == _NO and k == 1 and si >= nst:  # the last trick
            val = _last(turn, pts)
        else:
            follow = _NO
            if led != _NO and s[_MUST]:
                for i in range(k):
                    if h[b + i] // 10 == led // 10:
                        follow = led // 10
            maxi = turn == me
            if maxi:
                lv[lev * 2 + 1] = alpha
                best = -_BIG
            else:
                lv[lev * 2 + 1] = beta
                best = _BIG
            i = 0
            go = 2
        while True:
            if not go:
                if not lev:
                    s[_NODES_NOW] = nodes
                    s[_LIMIT] = limit
                    return val
                lev -= 1  # the level above: its state back
                o = lev * _LEVEL
                c = led
                led = lb[o + 1]
                if led == _NO:  # it led: its card is the one followed
                    turn = 1 - turn
                else:  # it played a trick's second card
                    turn = lb[o + 2]
                    pts = lb[o + 3]
                    si = lb[o + 4]
                    c = lb[o + 5]
                    if si < nst:  # both drew
                        hl[0] -= 1
                        hl[1] -= 1
                b = turn * _SLOTS
                k = hl[turn] + 1
                i = lb[o]
                best = lv[lev * 2]
                maxi = turn == me
                follow = _NO
                if led != _NO and s[_MUST] and c // 10 == led // 10:
                    follow = led // 10  # (it followed suit: it had to)
                go = 1
            if go == 1:
                hl[turn] = k
                h[b + k - 1] = h[b + i] if i < k - 1 else c
                h[b + i] = c
                if maxi:
                    if val > best:
                        best = val
                    if val > alpha:
                        alpha = val
                else:
                    if val < best:
                        best = val
                    if val < beta:
                        beta = val
                i += 1
                if alpha >= beta:
                    i = k
            while i < k:
                c = h[b + i]
                if (lev or c == only) and (follow == _NO or c // 10 == follow):
                    break
                i += 1
            else:  # this node is done: its bound back as it came, its value up
                if maxi:
                    alpha = lv[lev * 2 + 1]
                else:
                    beta = lv[lev * 2 + 1]
                val = best
                go = 0
                continue
            h[b + i] = h[b + k - 1]
            hl[turn] = k - 1
            o = lev * _LEVEL
            lb[o] = i
            lb[o + 1] = led
            lv[lev * 2] = best
            if led == _NO:
                turn = 1 - turn
                led = c
            else:  # the trick's end: the winner leads the next
                w = 1 - turn  # (core.beats written out, for speed: see _last())
                if c // 10 == led // 10:
                    if STRENGTH[c % 10] > STRENGTH[led % 10]:
                        w = turn
                elif c // 10 == s[_TRUMP]:
                    w = turn
                p = pts + (POINTS[c % 10] + POINTS[led % 10] if w == me else 0)
                if si >= nst and not hl[0] + hl[1]:  # the deal's end
                    val = p + (_WIN if p > _HALF else _DRAW if p == _HALF else 0)
                    go = 1
                    continue
                x = si
                if si < nst:  # both draw: the winner first
                    h[w * _SLOTS + hl[w]] = _ST[si]
                    h[_SLOTS - w * _SLOTS + hl[1 - w]] = _ST[si + 1]
                    hl[0] += 1
                    hl[1] += 1
                    x += 2
                if hl[w] == 1 and x >= nst:  # the last trick next: its node here, no level
                    nodes += 1
                    if not nodes & 63 and since(s[_T0]) >= s[_TIME]:
                        limit = 0
                    val = 0 if nodes > limit else _last(w, p)
                    if x > si:
                        hl[0] -= 1
                        hl[1] -= 1
                    go = 1
                    continue
                lb[o + 2] = turn
                lb[o + 3] = pts
                lb[o + 4] = si
                lb[o + 5] = c
                turn = w
                led = _NO
                pts = p
                si = x
            lev += 1
            break
