"""Hard AI's determinized search for every table shape but 2 players single (brisca/ai.py has its
own exact 2-player endgame): 3 players each for himself, 4 and 6 in teams, double Briskula.

From the last drawing round on, when the deal's lines of play are few enough, each placement of
the hidden cards consistent with the seat's View (the cards it sees in hands: its own, open or
partners' hands, a face-up trump someone took; hand sizes; the suits a seat showed it lacks under
must-follow) is solved exactly by alpha-beta over the sides: my side maximizes its points (+200 a
win, +100 a draw); in 3 players the two others minimize them (paranoid search). One frame per
card played; every buffer is preallocated here; a node count bounds the work (the same move on
every runtime) and a clock the time. (Searching only the rest of the trick with a heuristic leaf
measured no better than medium, so mid-deal moves stay medium's.)"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca.core import POINTS, STRENGTH

_NO = const(255)
_BIG = const(30000)
# Search nodes per move: the same work, so the same move, on every runtime. A node costs about
# 1 ms on a PyBadge (tools/bench.py's estimate): 900 keep a move under 1 s, 600 under 0.6 s.
_NODES = const(900)
_NODES_2P = const(600)  # 2 players, or double (its nodes cost more: 8-card tricks)
_SAMPLES = const(12)  # most placements per move
_EXACT_LINES = const(1300)  # solve when the rest of the deal has at most this many lines of play

H = bytearray(30)  # hands: seat * 5 + i
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
# Facts: 0 players, 1 plays, 2 trump, 3 must-follow, 4 my side, 5 sides, 6 stock cards, 8 nodes,
# 9 node limit, 10 start ticks, 11 budget ms, 12 pool size, 13 hidden stock cards, 14 first hidden
# stock slot, 17 trick length at the root
F = [0] * 18


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
    facts[12] = facts[13] = 0
    facts[14], facts[17] = 1, n
    return _SAMPLES


def one(rng, voids, moves, score, facts):
    """Search one placement of the hidden cards for every move and add the values to `score`
    (5.. holds this placement's); False once the node budget or the time is spent."""
    sample(rng, voids)
    a = -_BIG
    for i in range(facts[17]):
        val = value(moves[i], a, (_NODES_2P if F[0] == 2 or F[1] > 1 else _NODES) - facts[12])
        facts[12] += F[8]
        if val is None:
            return False
        score[5 + i] = val
        a = max(a, val)
    for i in range(facts[17]):
        score[i] += score[5 + i]
    facts[13] += 1
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
            KH[(h - 1) * 5 + KHL[h - 1]] = c
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
    (F[0], F[1], F[2], F[3], F[4], F[5], F[6], F[10], F[11], F[12], F[13], F[14], F[17]) = (
        n, r.plays, v.trump_suit, r.flags & 32, SIDE[me], r.sides, v.stock_left, t0, budget, np, hs, k, tl)
    F[8] = 0
    global _since
    _since = since
    return True


def _since(t0):
    return 0


def sample(rng, voids):
    """Place the unseen cards: a random order of the pool dealt to the hidden hand slots, the rest
    to the hidden stock; a few tries to respect the suits seats showed they lack."""
    n, np = F[0], F[12]
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
        b = s * 5
        HL[s] = KHL[s]
        for i in range(KHL[s]):
            H[b + i] = KH[b + i]
        for i in range(NEED[s]):
            H[b + HL[s]] = POOL[j]
            HL[s] += 1
            j += 1
    for i in range(F[13]):
        ST[F[14] + i] = POOL[j]
        j += 1
    # Each hand weakest card first (trumps last): alpha-beta then cuts about 10% more nodes.
    trump = F[2]
    for s in range(n):
        b = s * 5
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
    F[8], F[9] = 0, limit
    val = _g(F[17], 0, 0, alpha, _BIG, move)
    return None if F[8] > F[9] else val


def _end():
    """The deal's value for my side at its end: points, +200 a win, +100 a draw (x4)."""
    mine = SP[F[4]]
    top = 60
    if F[5] == 3:
        top = 0
        for s in range(3):
            if s != F[4]:
                top = max(top, SP[s])
    return (mine + (200 if mine > top else 100 if mine == top else 0)) * 4


def _order(d, leader):
    """The seats of trick d, from its leader: everyone with the most cards, `plays` times round."""
    most = 0
    n = F[0]
    for s in range(n):
        most = max(most, HL[s])
    p = 0
    b = d * 8
    for _ in range(F[1]):
        for i in range(n):
            s = (leader + i) % n
            if HL[s] == most:
                SEAT[b + p] = s
                p += 1
    TZ[d] = p


def _g(tl, si, d, alpha, beta, only):
    """Alpha-beta from position tl of searched trick d (stock index si): my side maximizes. The
    trick's end (winner, points, draws, the deal's end) is handled inline: a call costs more than
    anything else on a board."""
    F[8] += 1
    if not F[8] & 31 and _since(F[10]) >= F[11]:
        F[9] = 0  # out of time: abandon this placement
    if F[8] > F[9]:
        return 0
    b = d * 8
    turn = SEAT[b + tl]
    hb = turn * 5
    k = HL[turn]
    trump = F[2]
    if not tl and k == 1 and si >= F[6] and F[1] == 1:  # the last trick, one line: inline
        bc = H[hb]
        bs = turn
        pts = 0
        for p in range(TZ[d]):
            s = SEAT[b + p]
            c = H[s * 5]
            pts += POINTS[c % 10]
            if c // 10 == bc // 10 and STRENGTH[c % 10] > STRENGTH[bc % 10] or c // 10 == trump != bc // 10:
                bc = c
                bs = s
        SP[SIDE[bs]] += pts
        val = _end()
        SP[SIDE[bs]] -= pts
        return val
    follow = _NO
    if tl and F[3]:
        led = T[b] // 10
        for i in range(k):
            if H[hb + i] // 10 == led:
                follow = led
    maxi = SIDE[turn] == F[4]
    best = -_BIG if maxi else _BIG
    end = tl + 1 >= TZ[d]
    if end:  # the trick so far: its best card and seat, its points
        bc = T[b]
        bs = SEAT[b]
        pts = 0
        for p in range(tl):
            c = T[b + p]
            pts += POINTS[c % 10]
            if c // 10 == bc // 10 and STRENGTH[c % 10] > STRENGTH[bc % 10] or c // 10 == trump != bc // 10:
                bc = c
                bs = SEAT[b + p]
    for i in range(k):
        c = H[hb + i]
        if only != _NO and c != only or follow != _NO and c // 10 != follow:
            continue
        last = H[hb + k - 1]
        H[hb + i] = last
        HL[turn] = k - 1
        T[b + tl] = c
        if not end:
            val = _g(tl + 1, si, d, alpha, beta, _NO)
        else:
            w = bs
            if c // 10 == bc // 10 and STRENGTH[c % 10] > STRENGTH[bc % 10] or c // 10 == trump != bc // 10:
                w = turn
            p = pts + POINTS[c % 10]
            sw = SIDE[w]
            SP[sw] += p
            s1 = si
            if si < F[6]:  # everyone draws, the winner first
                n = F[0]
                for j in range(n * F[1]):
                    if s1 < F[6]:
                        s = (w + j) % n
                        H[s * 5 + HL[s]] = ST[s1]
                        HL[s] += 1
                        s1 += 1
            if not HL[w]:  # the deal's end
                val = _end()
            else:
                _order(d + 1, w)
                val = _g(0, s1, d + 1, alpha, beta, _NO)
            for j in range(s1 - si):
                HL[(w + j) % F[0]] -= 1
            SP[sw] -= p
        HL[turn] = k
        H[hb + k - 1] = last
        H[hb + i] = c
        if maxi:
            if val > best:
                best = val
                alpha = max(alpha, val)
        elif val < best:
            best = val
            beta = min(beta, val)
        if alpha >= beta:
            break
    return best
