"""Device AI: three levels that decide from a seat's `View` only, within a time budget.

- easy: the medium evaluation, but forgetful (does not count played cards) and it sometimes picks
  a near-best move (never one more than a few points worse).
- medium: hand-written play with card counting: for each legal card it estimates the trick's
  outcome (who can still beat it, from the unseen cards and the hidden hand sizes of the seats
  still to play), the points won or lost, the cost of spending trumps, the 61 line, the
  penultimate-trick draw of the face-up trump, partners (load on a partner's trick, never
  over-trump it).
- hard: medium, plus, with 2 players, determinized alpha-beta once the stock is down to its last
  drawing trick: every hidden-card placement consistent with what the seat saw (voids from
  must-follow) is enumerated or sampled, each solved exactly; with an empty stock it is one exact
  solve (`endgame_exact`).
The search keeps its state in preallocated bytearrays, recursion depth is at most 2 per trick
(under 14 frames), and work is bounded by a node count (same decisions on every runtime) and by
the time budget (ticks helper below)."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from brisca.core import (EXCHANGE, EXCHANGE_PHASE, F_DOUBLE, F_FOLLOW, NEXT_DEAL, NO_CARD, PLAY,
                         POINTS, STRENGTH, Random, beats)

# -- ticks: milliseconds that never allocate a float on the board -------------------------------
try:
    from supervisor import ticks_ms as _tms  # CircuitPython: wraps at 2**29

    def ticks():
        return _tms()

    def elapsed(t0):
        return (_tms() - t0) & 0x1FFFFFFF

except ImportError:
    try:
        from time import ticks_diff, ticks_ms  # MicroPython

        def ticks():
            return ticks_ms()

        def elapsed(t0):
            return ticks_diff(ticks_ms(), t0)

    except ImportError:  # CPython
        from time import monotonic_ns

        def ticks():
            return monotonic_ns() // 1000000

        def elapsed(t0):
            return monotonic_ns() // 1000000 - t0


LEVELS = ("easy", "medium", "hard")
REASONS = ("lead_cheap", "lead_franco", "follow_win_high", "take_carico_trump", "dump_low", "save_trump",
           "load_partner", "dont_overtrump_partner", "secure_61", "exchange", "lose_for_trump",
           "endgame_exact", "must_follow")
BUDGET_MS = {"easy": 200, "medium": 200, "hard": 900}  # default caps per move
NODES = const(2200)  # hard: search nodes per move (runtime-independent work bound)
SAMPLES = const(8)  # hard: most determinizations searched per move
BIG = const(30000)

# Scratch shared by all players (one decision runs at a time): no allocation per move.
_UN = bytearray(40)  # 1 if the card may be in a hidden hand or the face-down stock
_SEEN = bytearray(8)  # per seat: 1 if it still plays in this trick after the deciding seat
_U = bytearray(40)  # the unseen cards, for sampling
_H = bytearray(10)  # search: hands of seats 0 and 1, 5 slots each
_HL = bytearray(2)
_ST = bytearray(2)  # search: the stock's remaining cards, in drawing order
_S = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]  # search globals: see _ab


def _keep(c, trump, stock):
    """What spending card `c` costs besides its points: trumps are worth keeping while the stock
    lasts (the more so the stronger); everything else is cheap to spend."""
    if c // 10 != trump:
        return 0
    r = c % 10
    return (8 + STRENGTH[r] + POINTS[r]) * min(stock + 2, 14) // 14


def _p_beat(v, best, mask, nun):
    """Percent chance that a seat in `mask` holds a card beating `best`, and the average points of
    such cards: exact hypergeometric odds over the unseen cards and those seats' hidden cards."""
    trump = v.trump_suit
    nbeat = pts = 0
    for u in v.deck_cards:
        if beats(u, best, trump):
            h = v.holder[u]
            if h and mask >> (h - 1) & 1:
                return 100, POINTS[u % 10]
            if _UN[u]:
                nbeat += 1
                pts += POINTS[u % 10]
    if not nbeat:
        return 0, 0
    hidden = 0
    for s in range(v.n):
        if mask >> s & 1:
            hidden += v.hand_sizes[s]
            for c in v.deck_cards:
                if v.holder[c] == s + 1:
                    hidden -= 1
    q = 1000
    for i in range(nbeat):
        if nun - i <= 0 or nun - hidden - i <= 0:
            q = 0
            break
        q = q * (nun - hidden - i) // (nun - i)
    return (1000 - q) // 10, pts // nbeat


class Player:
    """An AI seat. `choose(view)` blocks; `start`/`step`/`progress`/`result` do the same work in
    slices so the UI stays responsive. `reason` is the last decision's hint code."""

    def __init__(self, rules, level="medium", seed=0):
        if level not in LEVELS:
            raise ValueError("AI level %r: use easy, medium or hard" % (level,))
        self.rules = rules
        self.level = level
        self.rng = Random(seed)
        self.voids = bytearray(8)  # per seat: bitmask of suits it showed it lacks (must-follow)
        self.deal = -1
        self.tricks = 0
        self.score = [0, 0, 0, 0, 0]
        self.moves = bytearray(5)
        self.nmoves = 0
        self.action = NEXT_DEAL
        self.reason = "dump_low"
        self.todo = self.done = self.samples = self.nodes = 0
        self.exact = False
        self.t0 = self.budget = 0
        self.known = bytearray(5)  # the opponent's cards this seat has seen (search)
        self.nknown = 0
        self.mine = bytearray(5)
        self.nmine = 0

    def choose(self, view, budget_ms=None):
        """The action for `view` (always one of view.legal[:view.nlegal])."""
        self.start(view, budget_ms)
        while not self.step(1000):
            pass
        return self.result()

    def progress(self):
        return 100 if self.done >= self.todo else 100 * self.done // self.todo

    def result(self):
        return self.action

    # -- the decision
    def start(self, v, budget_ms=None):
        """Begin deciding for `v`: the heuristic move is ready at once; a search may refine it."""
        self.t0 = ticks()
        self.budget = BUDGET_MS[self.level] if budget_ms is None else budget_ms
        self.todo = self.done = 0
        n = v.nlegal
        if n == 0:
            raise ValueError("not this seat's turn")
        self.action = v.legal[0]
        self.samples = 0
        if v.phase != PLAY:
            self.reason = "exchange"
            if v.phase == EXCHANGE_PHASE:
                self.action = EXCHANGE  # swapping 7/2 for a better trump is almost always right
            return
        self._track(v)
        easy = self.level == "easy"
        nun = self._unseen(v, easy)
        best = -BIG * 16
        for i in range(n):
            s = self._value(v, v.legal[i], nun)
            self.score[i] = s
            if s > best:
                best = s
                self.action = v.legal[i]
        if easy and self.rng.below(2):
            k = 0
            for i in range(n):
                if self.score[i] >= best - 500 * 16:
                    k += 1
            k = self.rng.below(k)
            for i in range(n):
                if self.score[i] >= best - 500 * 16:
                    if k == 0:
                        self.action = v.legal[i]
                        break
                    k -= 1
        self.reason = self._why(v, self.action, nun)
        if v.rules.flags & F_FOLLOW and n < v.hand_len:
            self.reason = "must_follow"
        if self.level == "hard" and n > 1:
            self._prepare(v, nun)

    def step(self, max_ms):
        """Work up to about `max_ms`; True once the result is final."""
        t1 = ticks()
        while self.done < self.todo:
            if elapsed(self.t0) >= self.budget:
                self.todo = self.done  # out of time: keep what is decided
                break
            if elapsed(t1) >= max_ms:
                return False
            self._search_one()
            self.done += 1
        if self.todo and self.samples:
            best = -BIG
            for i in range(self.nmoves):
                if self.score[i] > best:
                    best = self.score[i]
                    self.action = self.moves[i]
            self.todo = 0
            if self.exact:
                self.reason = "endgame_exact"
        return True

    def _track(self, v):
        """Remember suits a seat could not follow (must-follow rule): sampling respects them."""
        if v.deal_no != self.deal or v.trick_no < self.tricks:
            self.deal = v.deal_no
            for s in range(8):
                self.voids[s] = 0
        self.tricks = v.trick_no
        if not v.rules.flags & F_FOLLOW:
            return
        for cards, seats, k in ((v.last_trick, v.last_seats, v.last_len), (v.trick, v.trick_seats, v.trick_len)):
            for i in range(1, k):
                if cards[i] // 10 != cards[0] // 10:
                    self.voids[seats[i]] |= 1 << (cards[0] // 10)

    def _unseen(self, v, easy):
        """Mark the cards that may be hidden in others' hands or the stock; count them. The easy
        level does not count: every card not in sight is 'out there' for it."""
        nun = 0
        for c in range(40):
            _UN[c] = 0
        for c in v.deck_cards:
            pb = v.played_by[c]
            if easy and pb:
                on_table = False
                for i in range(v.trick_len):
                    if v.trick[i] == c:
                        on_table = True
                if not on_table:
                    pb = 0
            if not (pb or v.holder[c] or c == v.trump_card or c == v.stock_top):
                _UN[c] = 1
                nun += 1
        return nun

    def _after(self, v):
        """Bitmasks (opponents, partners) of the seats still to play in this trick after this one."""
        r, n, me = v.rules, v.n, v.seat
        plays = 2 if r.flags & F_DOUBLE else 1
        for s in range(n):
            _SEEN[s] = v.hand_sizes[s]
        for i in range(v.trick_len):
            _SEEN[v.trick_seats[i]] += 1
        most = 0
        for s in range(n):
            most = max(most, _SEEN[s])
        active = 0
        for s in range(n):
            if _SEEN[s] == most:
                active += 1
        left = active * plays - v.trick_len - 1
        opp = mate = 0
        s = me
        while left > 0:
            s = (s + 1) % n
            if _SEEN[s] == most:
                left -= 1
                if r.side_of(s) == r.side_of(me):
                    mate |= 1 << s
                else:
                    opp |= 1 << s
        return opp, mate

    def _value(self, v, c, nun):
        """Expected worth of playing `c` now, in 1/100 points x 16 (ties go to weaker cards)."""
        r, me, trump = v.rules, v.seat, v.trump_suit
        side = r.side_of(me)
        table = POINTS[c % 10]
        best, bseat = c, me
        for i in range(v.trick_len):
            t = v.trick[i]
            table += POINTS[t % 10]
            if i == 0 or beats(t, best, trump):
                best, bseat = t, v.trick_seats[i]
        if v.trick_len and beats(c, best, trump):
            best, bseat = c, me
        opp, mate = self._after(v)
        mine = r.side_of(bseat) == side
        if mine:
            p, avg = _p_beat(v, best, opp, nun) if opp else (0, 0)
            val = (100 - p) * table - p * (table + avg)
        else:
            q = _p_beat(v, best, mate, nun)[0] if mate else 0
            val = (q - 100) * table
            p = 100
        val -= 100 * _keep(c, trump, v.stock_left)
        have = v.side_points(side)
        if mine and p == 0 and have < 61 <= have + table and r.sides == 2:
            val += 4000
        face = v.trump_card
        if v.n == 2 and v.stock_left == 2 and face != NO_CARD:
            val += p * (STRENGTH[face % 10] + POINTS[face % 10])  # the loser draws the face-up trump
        return val * 16 - STRENGTH[c % 10]

    def _why(self, v, c, nun):
        """The hint code for playing `c` here."""
        r, me, trump = v.rules, v.seat, v.trump_suit
        side = r.side_of(me)
        if v.trick_len == 0:
            opp = self._after(v)[0]
            if POINTS[c % 10] and _p_beat(v, c, opp, nun)[0] == 0:
                return "lead_franco"
            return "lead_cheap"
        best, bseat, table = v.trick[0], v.trick_seats[0], 0
        for i in range(v.trick_len):
            t = v.trick[i]
            table += POINTS[t % 10]
            if beats(t, best, trump):
                best, bseat = t, v.trick_seats[i]
        wins = beats(c, best, trump)
        have = v.side_points(side)
        if wins and have < 61 <= have + table + POINTS[c % 10] and r.sides == 2:
            return "secure_61"
        if r.side_of(bseat) == side:
            if POINTS[c % 10] and not wins:
                return "load_partner"
            for i in range(v.nlegal):
                if beats(v.legal[i], best, trump) and v.legal[i] // 10 == trump:
                    return "dont_overtrump_partner"
            return "dump_low"
        if wins:
            if c // 10 == trump and best // 10 != trump:
                return "take_carico_trump"
            return "follow_win_high"
        if v.n == 2 and v.stock_left == 2 and v.trump_card != NO_CARD and POINTS[v.trump_card % 10]:
            return "lose_for_trump"
        for i in range(v.nlegal):
            if v.legal[i] // 10 == trump and beats(v.legal[i], best, trump):
                return "save_trump"
        return "dump_low"

    # -- hard: determinized exact search (2 players, one card each per trick)
    def _prepare(self, v, nun):
        """Set up the search when the rest of the deal is small enough to solve exactly."""
        r, me = v.rules, v.seat
        self.exact = False
        self.samples = 0
        if v.n != 2 or r.flags & F_DOUBLE or v.stock_left > 2:
            return
        opp = 1 - me
        known = 0
        for c in v.deck_cards:
            if v.holder[c] == opp + 1:
                known += 1
        hidden = v.hand_sizes[opp] - known
        nst = v.stock_left - (1 if v.trump_card != NO_CARD else 0) - (1 if v.stock_top != NO_CARD else 0)
        k = 0
        for c in v.deck_cards:
            if _UN[c]:
                _U[k] = c
                k += 1
        if k != hidden + nst:
            return  # the view does not add up: stay with the heuristic move
        self.nun = k
        self.nst = nst
        if nst == 0:
            total = 1
        elif nst == 1:
            total = k
        else:
            total = k * (k - 1)
        self.enum = total <= SAMPLES
        self.total = total
        self.todo = total if self.enum else SAMPLES
        self.exact = v.stock_left == 0
        self.nodes = 0
        self.nmoves = v.nlegal
        for i in range(v.nlegal):
            self.moves[i] = v.legal[i]
            self.score[i] = 0
        # Fixed facts for the search.
        _S[0] = me
        _S[1] = v.trump_suit
        _S[2] = 1 if r.flags & F_FOLLOW else 0
        _S[5] = v.seat_points[me]
        _S[6] = v.trick[0] if v.trick_len else NO_CARD
        j = 0
        for c in v.deck_cards:
            if v.holder[c] == opp + 1:
                self.known[j] = c
                j += 1
        self.nknown = j
        self.nmine = v.hand_len
        self.mine[:v.hand_len] = v.hand[:v.hand_len]
        self.top = v.stock_top
        self.face = v.trump_card

    def _search_one(self):
        """Solve one determinization exactly; add its value for each legal move."""
        me, k = _S[0], self.nun
        opp = 1 - me
        d = self.done if self.enum else self.rng.below(self.total)
        # Stock in drawing order: visible top / hidden cards, then the face-up card.
        pick1 = pick2 = 255
        if self.nst == 1:
            pick1 = d
        elif self.nst == 2:
            pick1 = d // (k - 1)
            pick2 = d % (k - 1)
            if pick2 >= pick1:
                pick2 += 1
        ns = 0
        if self.top != NO_CARD:
            _ST[ns] = self.top
            ns += 1
        if pick1 != 255:
            _ST[ns] = _U[pick1]
            ns += 1
        if pick2 != 255:
            _ST[ns] = _U[pick2]
            ns += 1
        if self.face != NO_CARD:
            _ST[ns] = self.face
            ns += 1
        _S[3] = ns
        b = opp * 5
        h = 0
        void = self.voids[opp]
        for i in range(k):
            if i != pick1 and i != pick2:
                c = _U[i]
                if void >> (c // 10) & 1:
                    return  # inconsistent with what the opponent showed
                _H[b + h] = c
                h += 1
        for i in range(self.nknown):
            _H[b + h] = self.known[i]
            h += 1
        _HL[opp] = h
        m = self.nmine
        for i in range(m):
            _H[me * 5 + i] = self.mine[i]
        _HL[me] = m
        _S[4] = 0
        _S[7] = NODES - self.nodes
        for i in range(self.nmoves):
            val = _ab(me, _S[6], _S[5], -BIG, BIG, 0, self.moves[i])
            if _S[4] > _S[7]:
                self.todo = self.done  # node budget spent: this sample does not count
                return
            self.score[i] += val
        self.nodes += _S[4]
        self.samples += 1


def _final(p):
    return p + (200 if p >= 61 else 100 if p == 60 else 0)


def _ab(turn, led, pts, alpha, beta, si, only):
    """Alpha-beta over the rest of a 2-player deal with every card placed. `pts` are the searching
    seat's points; `si` indexes the stock (_ST, _S[3] cards). Value: points, +200 for a win."""
    _S[4] += 1
    if _S[4] > _S[7]:
        return 0
    me, trump = _S[0], _S[1]
    b = turn * 5
    k = _HL[turn]
    h = _H
    follow = NO_CARD
    if led != NO_CARD and _S[2]:
        for i in range(k):
            if h[b + i] // 10 == led // 10:
                follow = led // 10
    maxi = turn == me
    best = -BIG if maxi else BIG
    for i in range(k):
        c = h[b + i]
        if only != NO_CARD and c != only or follow != NO_CARD and c // 10 != follow:
            continue
        last = h[b + k - 1]
        h[b + i] = last
        _HL[turn] = k - 1
        if led == NO_CARD:
            val = _ab(1 - turn, c, pts, alpha, beta, si, NO_CARD)
        else:
            w = turn if beats(c, led, trump) else 1 - turn
            p = pts + (POINTS[c % 10] + POINTS[led % 10] if w == me else 0)
            if si < _S[3]:
                lo = 1 - w
                h[w * 5 + _HL[w]] = _ST[si]
                _HL[w] += 1
                h[lo * 5 + _HL[lo]] = _ST[si + 1]
                _HL[lo] += 1
                val = _ab(w, NO_CARD, p, alpha, beta, si + 2, NO_CARD)
                _HL[w] -= 1
                _HL[lo] -= 1
            elif _HL[0] + _HL[1] == 0:
                val = _final(p)
            else:
                val = _ab(w, NO_CARD, p, alpha, beta, si, NO_CARD)
        _HL[turn] = k
        h[b + k - 1] = last
        h[b + i] = c
        if maxi:
            if val > best:
                best = val
                if val > alpha:
                    alpha = val
        elif val < best:
            best = val
            if val < beta:
                beta = val
        if alpha >= beta:
            break
    return best


_HINT = []


def hint(view, budget_ms=150):
    """(action, reason code) suggested for the human's seat: the hard level's choice, briefly."""
    if not _HINT or _HINT[0].rules != view.rules:
        _HINT[:] = [Player(view.rules, "hard", 1)]
    p = _HINT[0]
    a = p.choose(view, budget_ms)
    return a, p.reason
