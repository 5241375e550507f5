"""Hard AI's determinized search for every table shape but 2 players single (brisca/ai.py has its
own exact 2-player endgame): 3 players each for himself, 4 and 6 in teams, double Briskula.

From the last drawing round on, when the deal's lines of play are few enough, each placement of
the hidden cards consistent with the seat's View (the cards it sees in hands: its own, open or
partners' hands, a face-up trump someone took; hand sizes; the suits a seat showed it lacks under
must-follow) is solved exactly by alpha-beta over the sides: my side maximizes its points (+200 a
win, +100 a draw); in 3 players the two others minimize them (paranoid search). A loop over its
own stack, one level per card played (no Python frame per card: a board's frames share a small
stack); every buffer is preallocated here; a node count bounds the work (the same move on every
runtime) and a clock the time. (Searching only the rest of the trick with a heuristic leaf
measured no better than medium, so mid-deal moves stay medium's.)"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from array import array

from brisca.core import POINTS, STRENGTH

_NO = const(255)
_F_FOLLOW = const(32)  # core.F_FOLLOW: must follow suit
_LAST = const(254)  # _close(): the last trick searched there (_LATE: and the time ran out)
_LATE = const(253)
_BIG = const(30000)
# Search nodes per move: the same work, so the same move, on every runtime. A node costs about
# 1 ms on a PyBadge (tools/bench.py's estimate): 900 keep a move under 1 s, 600 under 0.6 s.
_NODES = const(900)
_NODES_2P = const(600)  # 2 players, or double (its nodes cost more: 8-card tricks)
_SAMPLES = const(12)  # most placements per move
_EXACT_LINES = const(1300)  # solve when the rest of the deal has at most this many lines of play
_WIN = const(200)  # a deal's value: my side's points, and this for a win (more than _HALF, or in 3
_DRAW = const(100)  # players more than each other's), or this for a draw
_HALF = const(60)
_SLOTS = const(5)  # H and KH: hand slots per seat
_TRICK = const(8)  # T and SEAT: slots per searched trick
_PLACED = const(5)  # brisca.ai's scores: score[_PLACED + i] is move i's value in one placement

H = bytearray(30)  # hands: seat * _SLOTS + i
HL = bytearray(6)
KH = bytearray(30)  # the cards the seat knows in each hand (own hand first of all)
KHL = bytearray(6)
NEED = bytearray(6)  # hidden cards per seat
SIDE = bytearray(6)
T = bytearray(48)  # per searched trick d (at most 6): its cards in play order (8 a trick)
ST = bytearray(40)  # the stock in drawing order: known top, hidden cards, face-up trump last
POOL = bytearray(40)  # the unseen cards
SEAT = bytearray(48)  # per searched trick d: the seat at each position (8 a trick)
TZ = bytearray(6)  # per searched trick: its size
SP = [0, 0, 0]  # points per side
# _g's stack, per level (card played below the root, at most 24: six hands of 3 and 6 to draw, or
# four of 4 and 8): the move index, the best value so far, the bound it moves as it came (24
# halfwords each); and per trick (at most 6), for _open(): its winner, its points and the stock
# index before and after the draw
_LI = bytearray(24)
_LB = array("h", bytes(48))
_LA = array("h", bytes(48))
_TR = bytearray(24)
# F, this module's facts (apart from brisca.ai's search facts, `facts` below):
_PLAYERS = const(0)
_PLAYS = const(1)  # cards a seat plays per trick
_TRUMP = const(2)
_MUST = const(3)  # must-follow (its flag bit, or 0)
_MINE = const(4)  # my side
_SIDES = const(5)
_STOCK = const(6)  # stock cards
_CLOSED = const(7)  # the value _close() found
_NODES_NOW = const(8)  # nodes of the search running
_LIMIT = const(9)  # its node limit
_T0 = const(10)  # the decision's start (ticks_ms)
_TIME = const(11)  # its time budget (ms)
_POOL = const(12)  # unseen cards in POOL
_HIDDEN = const(13)  # hidden stock cards
_SLOT = const(14)  # the first hidden stock slot of ST
_TL = const(17)  # the trick's length at the root
# brisca.ai's search facts (its _S): the slots used here, by its numbers (a const named with _ is
# its module's own)
_USED = const(12)  # nodes searched by the decision
_DONE = const(13)  # placements solved
_EXACT = const(14)  # one exact solve
_MOVES = const(17)  # the moves searched
F = [0] * 18
_since = None  # brisca.ai's since(): setup() keeps it here for value()


def prepare(v, k, t0, budget, since, moves, score, facts, rng=None):
    """Set up the search of `v` (brisca.ai's buffers: the moves, the heuristic's choice k first,
    scores, facts); how many placements to try (0: keep the heuristic move). (`rng`: brisca.endgame's
    prepare() takes it, this one samples in one().)"""
    n = v.nlegal
    if not setup(v, since, t0, budget, _EXACT_LINES):
        return 0
    for j in range(n):
        moves[j] = v.legal[j]
        score[j] = 0
    moves[0], moves[k] = moves[k], moves[0]
    facts[_USED] = facts[_DONE] = 0
    facts[_EXACT], facts[_MOVES] = 1, n
    return _SAMPLES


def one(rng, voids, moves, score, facts):
    """Search one placement of the hidden cards for every move and add the values to `score`
    (5.. holds this placement's); False once the node budget or the time is spent."""
    sample(rng, voids)
    a = -_BIG
    for i in range(facts[_MOVES]):
        val = value(moves[i], a, (_NODES_2P if F[_PLAYERS] == 2 or F[_PLAYS] > 1 else _NODES) - facts[_USED])
        facts[_USED] += F[_NODES_NOW]
        if val is None:
            return False
        score[_PLACED + i] = val
        a = max(a, val)
    for i in range(facts[_MOVES]):
        score[i] += score[_PLACED + i]
    facts[_DONE] += 1
    return True


def setup(v, since, t0, budget, cap):
    """Read the view; True if the rest of the deal is to be solved: at most one drawing round
    left and at most `cap` lines of play (False too when the view does not add up)."""
    r = v.rules
    n, me, face, top = v.n, v.seat, v.trump_card, v.stock_top
    for s in range(n):
        KHL[s] = 0
        SIDE[s] = r.side_of(s)
    np = 0
    for c in v.deck_cards:
        h = v.holder[c]
        if v.played_by[c]:
            continue
        if h:
            KH[(h - 1) * _SLOTS + KHL[h - 1]] = c
            KHL[h - 1] += 1
        elif c != face and c != top:
            POOL[np] = c
            np += 1
    need = 0
    for s in range(n):
        if KHL[s] > v.hand_sizes[s]:
            return 0
        NEED[s] = v.hand_sizes[s] - KHL[s]
        need += NEED[s]
    hs = v.stock_left - (face != _NO) - (top != _NO)
    if hs < 0 or need + hs != np or KHL[me] != v.hand_len:
        return 0
    k = 0
    if top != _NO:
        ST[0] = top
        k = 1
    if face != _NO:
        ST[v.stock_left - 1] = face
    tl = v.trick_len
    for i in range(tl):
        T[i] = v.trick[i]
    # The trick's order: every seat with the most cards (counting this trick's), from the leader.
    most = 0
    for s in range(n):
        c = v.hand_sizes[s]
        for i in range(tl):
            c += v.trick_seats[i] == s
        NEED[s] |= c << 4  # borrowed: cards at the trick's start, high nibble
        most = max(most, c)
    p = 0
    for _ in range(r.plays):
        for i in range(n):
            s = (v.leader + i) % n
            if NEED[s] >> 4 == most:
                SEAT[p] = s
                p += 1
    for s in range(n):
        NEED[s] &= 15
    TZ[0] = p
    if tl >= p or SEAT[tl] != me:
        return 0
    # Lines of play: the choices left in this trick, then every hand's orders (after the draw).
    if v.stock_left > n * r.plays:
        return 0
    x = 1
    for s in range(n):
        HL[s] = v.hand_sizes[s]
    for i in range(tl, p):
        x *= HL[SEAT[i]]
        HL[SEAT[i]] -= 1
    for s in range(n):
        for i in range(1, HL[s] + (r.plays if v.stock_left else 0) + 1):
            x *= i
    if x > cap:
        return 0
    SP[2] = 0
    for s in range(r.sides):
        SP[s] = v.side_points(s)
    F[_PLAYERS] = n
    F[_PLAYS] = r.plays
    F[_TRUMP] = v.trump_suit
    F[_MUST] = r.flags & _F_FOLLOW
    F[_MINE] = SIDE[me]
    F[_SIDES] = r.sides
    F[_STOCK] = v.stock_left
    F[_T0] = t0
    F[_TIME] = budget
    F[_POOL] = np
    F[_HIDDEN] = hs
    F[_SLOT] = k
    F[_TL] = tl
    F[_NODES_NOW] = 0
    global _since
    _since = since
    return True


def sample(rng, voids):
    """Place the unseen cards: a random order of the pool dealt to the hidden hand slots, the rest
    to the hidden stock; a few tries to respect the suits seats showed they lack."""
    n, np = F[_PLAYERS], F[_POOL]
    for _ in range(8):
        rng.shuffle(POOL, 0, np)
        j = ok = 0
        for s in range(n):
            for i in range(NEED[s]):
                if voids >> (s * 4 + POOL[j] // 10) & 1:
                    ok += 1
                j += 1
        if not ok:
            break
    j = 0
    for s in range(n):
        b = s * _SLOTS
        HL[s] = KHL[s]
        for i in range(KHL[s]):
            H[b + i] = KH[b + i]
        for i in range(NEED[s]):
            H[b + HL[s]] = POOL[j]
            HL[s] += 1
            j += 1
    for i in range(F[_HIDDEN]):
        ST[F[_SLOT] + i] = POOL[j]
        j += 1
    # Each hand weakest card first (trumps last): alpha-beta then cuts about 10% more nodes.
    trump = F[_TRUMP]
    for s in range(n):
        b = s * _SLOTS
        for i in range(1, HL[s]):
            c = H[b + i]
            kc = (c // 10 == trump) * 100 + STRENGTH[c % 10] * 3 + POINTS[c % 10]
            j = i
            while j and (H[b + j - 1] // 10 == trump) * 100 + STRENGTH[H[b + j - 1] % 10] * 3 \
                    + POINTS[H[b + j - 1] % 10] > kc:
                H[b + j] = H[b + j - 1]
                j -= 1
            H[b + j] = c


def value(move, alpha, limit):
    """Search this placement with `move` played by this seat: its value (x4 points; a lower
    value than `alpha` is only an upper bound), or None once `limit` nodes are spent."""
    F[_NODES_NOW], F[_LIMIT] = 0, limit
    val = _g(F[_TL], 0, 0, alpha, _BIG, move)
    return None if F[_NODES_NOW] > F[_LIMIT] else val


def _end():
    """The deal's value for my side at its end: points, +200 a win, +100 a draw (x4)."""
    mine = SP[F[_MINE]]
    top = _HALF
    if F[_SIDES] == 3:
        top = 0
        for s in range(3):
            if s != F[_MINE]:
                top = max(top, SP[s])
    return (mine + (_WIN if mine > top else _DRAW if mine == top else 0)) * 4


def _last(d):
    """The deal's value (as _end() gives it) once its last trick d, one card a hand, is played
    out. (Not through _end(): a call deeper would take pystack.)"""
    b = d * _TRICK
    bs = SEAT[b]
    bc = H[bs * _SLOTS]
    pts = 0
    for p in range(TZ[d]):
        s = SEAT[b + p]
        c = H[s * _SLOTS]
        pts += POINTS[c % 10]
        # core.beats(c, bc, trump) written out, for speed and pystack: see brisca.endgame._last()
        if c // 10 == bc // 10 and STRENGTH[c % 10] > STRENGTH[bc % 10] or c // 10 == F[_TRUMP] != bc // 10:
            bc = c
            bs = s
    SP[SIDE[bs]] += pts
    c = SP[F[_MINE]]  # (mine, and the best other side's points: _end()'s)
    bc = _HALF
    if F[_SIDES] == 3:
        bc = 0
        for s in range(3):
            if s != F[_MINE]:
                bc = max(bc, SP[s])
    SP[SIDE[bs]] -= pts
    return (c + (_WIN if c > bc else _DRAW if c == bc else 0)) * 4


def _close(d, si, nodes, limit):
    """Trick d is whole in T: its winner's side takes its points, everyone draws from stock index
    si (the winner first) and trick d + 1 is seated from the winner (what to undo goes to _TR, for
    _open()). The stock index after the draws; or, the trick undone, _NO at the deal's end and
    _LAST when the last trick, one card a hand, is next: it is searched here, as _g() would enter
    its node (`nodes` and `limit`: _g()'s), _LATE if the clock then says the time ran out. Their
    value in F[_CLOSED]."""
    b = d * _TRICK
    bc = T[b]
    w = SEAT[b]
    p = 0
    for j in range(TZ[d]):
        c = T[b + j]
        p += POINTS[c % 10]
        # (core.beats written out, as in _last())
        if c // 10 == bc // 10 and STRENGTH[c % 10] > STRENGTH[bc % 10] or c // 10 == F[_TRUMP] != bc // 10:
            bc = c
            w = SEAT[b + j]
    SP[SIDE[w]] += p
    x = si
    if si < F[_STOCK]:
        x = _draw(w, si, 0)
    b = d * 4
    _TR[b] = w
    _TR[b + 1] = p
    _TR[b + 2] = si
    _TR[b + 3] = x
    if not HL[w]:
        F[_CLOSED] = _end()
        SP[SIDE[w]] -= p
        return _NO
    # trick d + 1's seats, from the winner: everyone with the most cards, `plays` times round
    c = 0
    for j in range(F[_PLAYERS]):
        c = max(c, HL[j])
    b = d * _TRICK + _TRICK
    j = 0
    for bc in range(F[_PLAYS]):
        for i in range(F[_PLAYERS]):
            s = (w + i) % F[_PLAYERS]
            if HL[s] == c:
                SEAT[b + j] = s
                j += 1
    TZ[d + 1] = j
    if x < F[_STOCK] or F[_PLAYS] > 1 or HL[SEAT[b]] != 1:
        return x
    j = _LAST
    if not (nodes + 1) & 31 and _since(F[_T0]) >= F[_TIME]:
        j = _LATE
        limit = 0
    F[_CLOSED] = 0 if nodes + 1 > limit else _last(d + 1)
    if x > si:
        _draw(w, si, x)
    SP[SIDE[w]] -= p
    return j


def _open(d):
    """Undo trick d's _close(): its draws and points; the stock index before them."""
    o = d * 4
    si = _TR[o + 2]
    if _TR[o + 3] > si:
        _draw(_TR[o], si, _TR[o + 3])
    SP[SIDE[_TR[o]]] -= _TR[o + 1]
    return si


def _draw(w, si, back):
    """Everyone draws from stock index si, the winner w first; the stock index after. `back`: the
    stock index the draws went to, to take them back instead."""
    n = F[_PLAYERS]
    x = si
    for j in range(n * F[_PLAYS]):
        if x < (back if back else F[_STOCK]):
            s = (w + j) % n
            if back:
                HL[s] -= 1
            else:
                H[s * _SLOTS + HL[s]] = ST[x]
                HL[s] += 1
            x += 1
    return x


def _g(tl, si, d, alpha, beta, only):
    """Alpha-beta from position tl of searched trick d (stock index si), the root playing `only`:
    my side maximizes. A loop, not recursion (a board gives Python frames a small fixed stack):
    one level per card played, each keeping on _LI, _LB and _LA its move index, best value so far
    and the bound it raises (alpha) or lowers (beta) as it came; the rest is read back from the
    hands and the trick. A trick's end and the last trick are _close()'s and _last()'s, one call
    deep at most (the pystack again)."""
    h = H
    hl = HL
    t = T
    seat = SEAT
    side = SIDE
    li = _LI
    lb = _LB
    la = _LA
    mine = F[_MINE]
    nst = F[_STOCK]
    must = F[_MUST]
    nodes = F[_NODES_NOW]
    limit = F[_LIMIT]
    lev = 0  # the level: cards played below the root
    while True:
        nodes += 1  # enter the node
        if not nodes & 31 and _since(F[_T0]) >= F[_TIME]:
            limit = 0  # out of time: abandon this placement
        b = d * _TRICK
        turn = seat[b + tl]
        hb = turn * _SLOTS
        k = hl[turn]
        go = 0  # 0: return val to the level above; 1: take the value of move i; 2: try move i
        if nodes > limit:
            val = 0
        elif not tl and k == 1 and si >= nst and F[_PLAYS] == 1:  # the last trick, one line
            val = _last(d)
        else:
            follow = _NO
            if tl and must:
                x = t[b] // 10
                for i in range(k):
                    if h[hb + i] // 10 == x:
                        follow = x
            maxi = side[turn] == mine
            if maxi:
                la[lev] = alpha
                best = -_BIG
            else:
                la[lev] = beta
                best = _BIG
            end = tl + 1 >= TZ[d]
            i = 0
            go = 2
        while True:
            if not go:
                if not lev:
                    F[_NODES_NOW] = nodes
                    F[_LIMIT] = limit
                    return val
                lev -= 1  # the level above: its state back
                end = not tl
                if tl:
                    tl -= 1
                else:  # it ended a trick
                    d -= 1
                    tl = TZ[d] - 1
                    si = _open(d)
                b = d * _TRICK
                turn = seat[b + tl]
                hb = turn * _SLOTS
                k = hl[turn] + 1
                i = li[lev]
                best = lb[lev]
                maxi = side[turn] == mine
                c = t[b + tl]
                follow = _NO
                if tl and must and c // 10 == t[b] // 10:
                    follow = c // 10  # (it played the suit led: it had to)
                go = 1
            if go == 1:
                hl[turn] = k
                h[hb + k - 1] = h[hb + i] if i < k - 1 else c
                h[hb + i] = c
                if maxi:
                    if val > best:
                        best = val
                        if val > alpha:
                            alpha = val
                elif val < best:
                    best = val
                    if val < beta:
                        beta = val
                i += 1
                go = 2
                if alpha >= beta:
                    i = k
            while i < k:
                c = h[hb + i]
                if (lev or c == only) and (follow == _NO or c // 10 == follow):
                    break
                i += 1
            else:  # this node is done: its bound back as it came, its value up
                if maxi:
                    alpha = la[lev]
                else:
                    beta = la[lev]
                val = best
                go = 0
                continue
            h[hb + i] = h[hb + k - 1]
            hl[turn] = k - 1
            t[b + tl] = c
            if not end:
                tl += 1
            else:  # the trick's end
                x = _close(d, si, nodes, limit)
                if x >= _LATE:  # the deal's end, or its last trick (a node) done: no level
                    val = F[_CLOSED]
                    if x < _NO:
                        nodes += 1
                        if x == _LATE:  # (out of time)
                            limit = 0
                    go = 1
                    continue
                tl = 0
                si = x
                d += 1
            li[lev] = i
            lb[lev] = best
            lev += 1
            break
