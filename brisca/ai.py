"""Device AI: three levels that decide from a seat's `View` only, within a time budget.

- easy: the medium evaluation, but forgetful (counts only the cards on the table), and 3 times in 4
  it picks at random among the moves at most 10 points worse than the best: beginner slips, never
  absurd ones (no Ace thrown on the opponent's trick).
- medium: hand-written play with card counting. For each legal card it estimates the trick's
  outcome (exact odds that a seat still to play holds a card beating it, from the unseen cards and
  those seats' hidden hand sizes), the points won or lost, the cost of spending a trump while the
  stock lasts, the 61 line, the penultimate trick's draw of the face-up trump, partners (load on a
  partner's trick, never over-trump it).
- hard: medium, plus, with 2 players, determinized alpha-beta once the stock is down to its last
  drawing trick: each placement of the hidden cards consistent with what the seat saw (voids shown
  under must-follow) is enumerated or sampled and solved exactly; with an empty stock that is one
  exact solve (reason `endgame_exact`). On every other table (3 players, 4 and 6 in teams, double)
  brisca/search.py does the same from the last drawing round once the deal's lines are few: side
  minimax (partners cooperate; 3 players: paranoid), loaded only for those tables.
Search state lives in preallocated module buffers (one decision runs at a time), the recursion is
two frames per trick (under 14 frames), and the work is bounded by a node count (the same decision
on every runtime) and by the time budget."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca.core import POINTS, STRENGTH, Random, beats

# core's action, card, phase and flag numbers (stable API), as underscore consts: no heap on a board
_EXCHANGE = const(40)
_NO = const(255)
_PLAY = const(0)
_F_FOLLOW = const(32)

# Milliseconds without floats: CircuitPython's supervisor.ticks_ms wraps at 2**29, MicroPython's
# ticks_ms at a multiple of it, so a difference masked to 29 bits is right on every runtime.
try:
    from supervisor import ticks_ms
except ImportError:
    try:
        from time import ticks_ms  # type: ignore[attr-defined, no-redef]
    except ImportError:  # CPython
        from time import monotonic_ns

        def ticks_ms():  # type: ignore[misc]
            return monotonic_ns() // 1000000 & 0x1FFFFFFF


def since(t0):
    """Milliseconds from ticks_ms() value t0 to now."""
    return ticks_ms() - t0 & 0x1FFFFFFF


LEVELS = "easy medium hard"  # space separated (a tuple of strings costs heap on the board)
# The hint codes, space separated, in the order of the reason numbers used below.
REASONS = ("lead_cheap lead_franco follow_win_high take_carico_trump dump_low save_trump load_partner "
           "dont_overtrump_partner secure_61 exchange lose_for_trump endgame_exact must_follow")
_BUDGET = const(200)  # default time cap per move (ms); hard: 900
_NODES = const(500)  # hard: search nodes per move: the same work, so the same move, everywhere
_SAMPLES = const(8)  # hard: most determinizations per move
_BIG = const(30000)
# Hard's card play (1/100 points)
_TRUMP_PTS = const(100)  # each point of a trump spent costs that point, the whole deal long
_TEAM_TRUMP_PTS = const(250)  # in teams, 2.5 times that
_TEAM_FADE = const(24)  # in teams, a trump's strength is kept dear until this many stock cards
_TEAM_FACE = const(2)  # in teams, the face-up card the losing side draws: twice medium's worth
_TEAM_BEATER = const(60)  # in teams, 60% of the points a beating opponent card is expected to add
_TEAM_OVER = const(150)  # in teams, partner's chance to take is cut by 1.5 x the opponents' after

_UN = bytearray(40)  # 1 if the card may be in a hidden hand or the face-down stock
_U = bytearray(40)  # the unseen cards (search); first, per seat: cards in hand + played this trick
_H = bytearray(10)  # search: hands of seats 0 and 1, 5 slots each
_HL = bytearray(2)
_ST = bytearray(4)  # search: the stock still to draw, in drawing order
_K = bytearray(10)  # search: the opponent's known cards, then this seat's hand
_M = bytearray(5)  # first the reason number of each legal move, then (search) the moves
_SC = [0] * 10  # the moves' scores (5..9: one placement's values)
# Search facts: 0 seat, 1 trump, 2 must-follow, 3 stock cards, 4 nodes, 5 points, 6 led card,
# 7 node limit, 8 unseen, 9 hidden stock cards, 10 enumerate?, 11 placements, 12 nodes used,
# 13 samples done, 14 exact?, 15 known opponent cards, 16 hand size, 17 moves, 18 average beater pts
# 19 first placement, 20 start ticks, 21 budget ms
_S = [0] * 22


def _code(k):
    """Reason number k as its hint code (a short string: the only allocation of a decision)."""
    a = 0
    for _ in range(k):
        a = REASONS.index(" ", a) + 1
    b = REASONS.find(" ", a)
    return REASONS[a:] if b < 0 else REASONS[a:b]


def _p_beat(v, best, mask, nun):
    """Percent chance that a seat in `mask` holds a card beating `best` (hypergeometric odds over
    the unseen cards and those seats' hidden cards); _S[18] = such cards' average points."""
    trump = v.trump_suit
    nbeat = pts = hidden = 0
    for u in v.deck_cards:
        h = v.holder[u]
        if h and mask >> (h - 1) & 1:
            hidden -= 1
            if beats(u, best, trump):
                _S[18] = POINTS[u % 10]
                return 100
        if _UN[u] and beats(u, best, trump):
            nbeat += 1
            pts += POINTS[u % 10]
    _S[18] = pts // nbeat if nbeat else 0
    for s in range(v.n):
        if mask >> s & 1:
            hidden += v.hand_sizes[s]
    q = 1000
    for i in range(nbeat):
        if nun - hidden - i <= 0:
            return 100
        q = q * (nun - hidden - i) // (nun - i)
    return (1000 - q) // 10


class Player:
    """An AI seat. `choose(view)` blocks; `start`/`step`/`progress`/`result` do the same work in
    slices so the UI stays responsive. `reason` is the last decision's hint code."""

    sr = None  # brisca.search on tables other than 2 players (an instance attribute only there)

    def __init__(self, rules, level="medium", seed=0):
        self.level = 0 if level == "easy" else 1 if level == "medium" else 2 if level == "hard" else -1
        if self.level < 0:
            raise ValueError("AI level " + repr(level) + ": use easy, medium or hard")
        self.rules = rules
        self.rng = Random(seed)
        self.voids = 0  # bit seat * 4 + suit: that seat showed it lacks the suit (must-follow)
        self.deal = -1
        self.action = self.tricks = self.todo = self.done = self.t0 = self.budget = 0
        self.reason = "dump_low"
        if self.level == 2 and (rules.players > 2 or rules.plays > 1):
            import gc

            if hasattr(gc, "mem_free"):  # a board: free blocks together first, so the module fits
                gc.collect()
            from brisca import search  # every other table shape's search: only loaded when needed

            self.sr = search

    def choose(self, view, budget_ms=None):
        """The action for `view`: always one of view.legal[:view.nlegal]."""
        self.start(view, budget_ms)
        while not self.step(1000):
            pass
        return self.action

    def progress(self):
        return 100 if self.done >= self.todo else 100 * self.done // self.todo

    def result(self):
        return self.action

    def start(self, v, budget_ms=None):
        """Begin deciding for `v`: the heuristic move is ready at once; a search may refine it.
        (One function on purpose: every function costs heap on the board.)"""
        self.t0 = ticks_ms()
        self.budget = (900 if self.level == 2 else _BUDGET) if budget_ms is None else budget_ms
        self.todo = self.done = _S[13] = 0
        n, r, me, trump, face, tl = v.nlegal, v.rules, v.seat, v.trump_suit, v.trump_card, v.trick_len
        if not n:
            raise ValueError("not this seat's turn")
        self.action = v.legal[0]
        if v.phase != _PLAY:
            self.reason = _code(9)
            if v.exchange_card != _NO:
                self.action = _EXCHANGE  # a better trump for the 7 (or 2): almost always right
            return
        # Suits a seat could not follow (must-follow): the search's placements respect them.
        if v.deal_no != self.deal or v.trick_no < self.tricks:
            self.deal, self.voids = v.deal_no, 0
        self.tricks = v.trick_no
        for i in range(1, v.last_len if r.flags & _F_FOLLOW else 0):
            if v.last_trick[i] // 10 != v.last_trick[0] // 10:
                self.voids |= 1 << (v.last_seats[i] * 4 + v.last_trick[0] // 10)
        # The cards that may be hidden. Easy does not count: all not in sight is still out.
        nun = 0
        for c in v.deck_cards:
            pb = v.played_by[c]
            if pb and self.level == 0:
                pb = 0
                for i in range(tl):
                    pb = pb or v.trick[i] == c
            _UN[c] = not (pb or v.holder[c] or c == face or c == v.stock_top)
            nun += _UN[c]
        # Opponents (om) and partners (mm) still to play in this trick after this seat.
        side = r.side_of(me)
        most = om = mm = 0
        for s in range(v.n):
            _U[s] = v.hand_sizes[s]
        for i in range(tl):
            _U[v.trick_seats[i]] += 1
        for s in range(v.n):
            most = max(most, _U[s])
        left = -tl - 1
        for s in range(v.n):
            left += r.plays if _U[s] == most else 0
        s = me
        while left > 0:
            s = (s + 1) % v.n
            if _U[s] == most:
                left -= 1
                if r.side_of(s) == side:
                    mm |= 1 << s
                else:
                    om |= 1 << s
        # The trick so far, and whether a trump in hand could take it.
        best0, bseat0, table0, trumpwin = v.trick[0], v.trick_seats[0], 0, False
        for i in range(tl):
            t = v.trick[i]
            table0 += POINTS[t % 10]
            if beats(t, best0, trump):
                best0, bseat0 = t, v.trick_seats[i]
        for i in range(n if tl else 0):
            t = v.legal[i]
            trumpwin = trumpwin or t // 10 == trump and beats(t, best0, trump)
        ours = r.side_of(bseat0) == side
        have = v.side_points(side)
        team = self.level == 2 and v.n > 2 and r.sides == 2
        # Each card's expected worth in 1/100 points x 16 (ties go to the weaker card), and why.
        top = -_BIG * 16
        k = 0
        for i in range(n):
            c = v.legal[i]
            pc = POINTS[c % 10]
            best, bseat, why = c, me, 0  # lead_cheap
            if tl:
                wins = beats(c, best0, trump)
                why = 4  # dump_low
                if ours:
                    why = 6 if pc and not wins else 7 if trumpwin and not wins else 4
                elif wins:
                    why = 3 if c // 10 == trump and best0 // 10 != trump else 2
                elif trumpwin:
                    why = 5  # save_trump
                if not wins:
                    best, bseat = best0, bseat0
            table = table0 + pc
            p = 100
            if r.side_of(bseat) == side:
                p = _p_beat(v, best, om, nun) if om else 0
                val = (100 - p) * table - p * (table + (_S[18] * _TEAM_BEATER // 100 if team else _S[18]))
                if p == 0:
                    if not tl and pc:
                        why = 1  # lead_franco
                    if have < 61 <= have + table and r.sides == 2:
                        val += 4000
                        why = 8  # secure_61
            else:
                pm = _p_beat(v, best, mm, nun) if mm else 0
                if team and om and mm:  # an opponent after the partner may take it back
                    pm = pm * (100 - _p_beat(v, best, om, nun) * _TEAM_OVER // 100) // 100
                val = (pm - 100) * table
                p = 100 - pm
            if c // 10 == trump:  # trumps are worth keeping while the stock lasts
                x, f = 4 + STRENGTH[c % 10], _TEAM_FADE if team else 14
                if self.level < 2:  # medium: its points fade with the stock like its strength
                    x, pc = x + pc, 0
                val -= x * min(v.stock_left + 2, f) * 100 // f + pc * (_TEAM_TRUMP_PTS if team else _TRUMP_PTS)
            if (v.n == 2 or team) and v.stock_left == v.n * r.plays and face != _NO:
                # the face-up card goes to the seat before the trick's winner: the losing side
                val += p * (STRENGTH[face % 10] + POINTS[face % 10]) * (_TEAM_FACE if team else 1)
                if p == 100 and POINTS[face % 10] and why == 4:
                    why = 10  # lose_for_trump
            val = _SC[i] = val * 16 - STRENGTH[c % 10]
            _M[i] = why
            if val > top:
                top, k = val, i
        if self.level == 0 and self.rng.below(4):  # easy, 3 times in 4: any move <= 10 points worse
            j = 0
            for i in range(n):
                if _SC[i] >= top - 1000 * 16:
                    j += 1
                    if self.rng.below(j) == 0:
                        k = i
        self.action = v.legal[k]
        self.reason = _code(12 if r.flags & _F_FOLLOW and n < v.hand_len else _M[k])
        if self.level < 2 or n < 2:
            return
        if self.sr:  # every other table: brisca.search
            self.todo = self.sr.prepare(v, k, self.t0, self.budget, since, _M, _SC, _S)
            return
        if v.stock_left > 2:
            return
        # Hard, 2 players, at most the last drawing trick left: exact search over the placements.
        o = 1 - me
        known = 0
        for c in v.deck_cards:
            if v.holder[c] == o + 1:
                _K[known] = c
                known += 1
        nst = v.stock_left - (face != _NO) - (v.stock_top != _NO)
        k = 0
        for c in v.deck_cards:
            if _UN[c]:
                _U[k] = c
                k += 1
        if nst > 1 or k != v.hand_sizes[o] - known + nst:
            return  # two hidden stock cards (Briscolone), or a view that does not add up
        total = k if nst else 1
        _ST[0], _ST[1] = v.stock_top, face
        for j in range(v.hand_len):
            _K[5 + j] = v.hand[j]
        for j in range(n):
            _M[j] = v.legal[j]
            _SC[j] = 0
            if _M[j] == self.action:
                _M[j], _M[0] = _M[0], _M[j]
        self.todo = min(total, _SAMPLES)
        _S[20], _S[21] = self.t0, self.budget
        _S[19] = self.rng.below(total)  # enumerate from a random placement: a cut-off search is unbiased
        (_S[0], _S[1], _S[2], _S[3], _S[5], _S[6], _S[8], _S[9], _S[10], _S[11], _S[12], _S[14], _S[15], _S[16],
         _S[17]) = (me, trump, r.flags & _F_FOLLOW, v.stock_left, v.seat_points[me],
                    v.trick[0] if tl else _NO, k, nst, total <= _SAMPLES, total, 0,
                    v.stock_left == 0, known, v.hand_len, n)

    def step(self, max_ms):
        """Work up to about `max_ms`; True once the result is final."""
        t1 = ticks_ms()
        while self.done < self.todo:
            if since(self.t0) >= self.budget:
                self.todo = self.done  # out of time: keep what is decided
                break
            if self.sr:
                if not self.sr.one(self.rng, self.voids, _M, _SC, _S):
                    self.todo = self.done  # node budget or time spent: drop this placement
            else:
                self._search_one()
            self.done += 1
            if self.done < self.todo and since(t1) >= max_ms:
                return False
        if self.todo and _S[13]:
            best = -_BIG
            for i in range(_S[17]):
                if _SC[i] > best:
                    best = _SC[i]
                    self.action = _M[i]
            if _S[14]:
                self.reason = _code(11)
        self.todo = self.done = 0  # final: later calls change nothing (the scratch is shared)
        return True

    def _search_one(self):
        """Solve one placement of the hidden cards exactly; add its value to each move's score."""
        me, k = _S[0], _S[8]
        opp = 1 - me
        d = (_S[19] + self.done) % _S[11] if _S[10] else self.rng.below(_S[11])
        if _S[9]:
            _ST[0] = _U[d]  # the hidden stock card (the winner of this trick draws it)
        else:
            d = 99
        h = 0
        for i in range(k):
            if i != d:
                c = _U[i]
                if self.voids >> (opp * 4 + c // 10) & 1:
                    return  # inconsistent with what the opponent showed
                _H[opp * 5 + h] = c
                h += 1
        for i in range(_S[15]):
            _H[opp * 5 + h] = _K[i]
            h += 1
        _HL[opp] = h
        for i in range(_S[16]):
            _H[me * 5 + i] = _K[5 + i]
        _HL[me] = _S[16]
        _S[4] = 0
        _S[7] = _NODES - _S[12]
        a = -_BIG
        for i in range(_S[17]):
            # The heuristic's move first; the others only need to be shown worse: a move that
            # is scores the bound found (an upper bound of its value), which is cheap and safe.
            val = _ab(me, _S[6], _S[5], a, _BIG, 0, _M[i])
            if _S[4] > _S[7]:
                self.todo = self.done  # node budget spent: drop this placement
                return
            _SC[5 + i] = val
            a = max(a, val)
        for i in range(_S[17]):
            _SC[i] += _SC[5 + i]
        _S[12] += _S[4]
        _S[13] += 1


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


_HINT = []  # type: list


def hint(view, budget_ms=150):
    """(action, reason code) suggested for the human's seat: the hard level's move."""
    if not _HINT or _HINT[0].rules != view.rules:
        _HINT[:] = [Player(view.rules, "hard", 1)]
    p = _HINT[0]
    return p.choose(view, budget_ms), p.reason
