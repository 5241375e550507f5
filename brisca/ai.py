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
  drawing trick (brisca/endgame.py): each placement of the hidden cards consistent with what the
  seat saw (voids shown under must-follow) is enumerated or sampled and solved exactly; with an
  empty stock that is one exact solve (reason `endgame_exact`). On every other table (3 players, 4
  and 6 in teams, double) brisca/search.py does the same from the last drawing round once the
  deal's lines are few: side minimax (partners cooperate; 3 players: paranoid). Either is loaded
  only for hard, and only the one the table needs.
Search state lives in preallocated module buffers (one decision runs at a time), the searches are
loops over their own stacks (a board's Python frames share a small fixed stack), and the work is
bounded by a node count (the same decision on every runtime) and by the time budget."""

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
_NO_NET = const(37)  # F_NO_TRUMP | F_OPEN | F_FOLLOW: tables where neither learned evaluation plays


# Milliseconds without floats: CircuitPython's supervisor.ticks_ms wraps at 2**29, MicroPython's
# ticks_ms at a multiple of it, so a difference masked to 29 bits is right on every runtime. (The
# UI's clock, brisca/ui/board.py, picks the same source: one shared module for both measured 3.9 KB
# worse for the 16 KB block after a screen change, over its bar, and the clock in brisca/__init__.py
# broke search.py's compile from source in 48K: tools/fit.py, tests/test_micropython.py.)
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
           "dont_overtrump_partner secure_61 exchange lose_for_trump endgame_exact must_follow take_points "
           "win_cheap no_swap keep_low")
_BUDGET = const(200)  # default time cap per move (ms)
_BUDGET_HARD = const(900)  # hard's (a search node costs about 1 ms on a PyBadge)
_BIG = const(30000)
_WIN_LINE = const(61)  # points that win a deal (of 120)
# Hard's card play (1/100 points)
_TRUMP_PTS = const(100)  # each point of a trump spent costs that point, the whole deal long
_TEAM_TRUMP_PTS = const(250)  # in teams, 2.5 times that
_TEAM_FADE = const(24)  # in teams, a trump's strength is kept dear until this many stock cards
_TEAM_FACE = const(2)  # in teams, the face-up card the losing side draws: twice medium's worth
_TEAM_BEATER = const(60)  # in teams, 60% of the points a beating opponent card is expected to add
_TEAM_OVER = const(150)  # in teams, partner's chance to take is cut by 1.5 x the opponents' after

_UN = bytearray(40)  # 1 if the card may be in a hidden hand or the face-down stock
_U = bytearray(40)  # per seat: cards in hand + played this trick; then (brisca.endgame) the unseen cards
_M = bytearray(5)  # the moves (search)
_W = bytearray(40)  # per card: the reason number of playing it (what the hint says of the card)
_SC = [0] * 10  # the moves' scores (5..9: one placement's values)
# The search facts, _S (brisca.endgame and brisca.search fill them, naming the slots by these numbers:
# tests/test_ai_slots.py holds them equal):
_SEAT = const(0)  # the deciding seat
_TRUMP = const(1)  # the trump suit
_MUST = const(2)  # must-follow (its flag bit, or 0)
_STOCK = const(3)  # stock cards left
_NODES_NOW = const(4)  # nodes of the placement being solved
_POINTS = const(5)  # the seat's points
_LED = const(6)  # the card led (_NO: the seat leads)
_LIMIT = const(7)  # the placement's node limit
_UNSEEN = const(8)  # unseen cards
_HIDDEN = const(9)  # hidden stock cards
_ENUM = const(10)  # enumerate the placements (else sample)
_PLACEMENTS = const(11)  # placements in all
_USED = const(12)  # nodes searched by the decision
_DONE = const(13)  # placements solved
_EXACT = const(14)  # one exact solve (the hint says endgame_exact)
_KNOWN = const(15)  # the opponent's cards this seat knows
_HAND = const(16)  # this seat's hand size
_MOVES = const(17)  # the moves searched
_BEATER = const(18)  # _p_beat(): the beating cards' average points
_FIRST = const(19)  # the first placement enumerated
_T0 = const(20)  # the decision's start (ticks_ms)
_TIME = const(21)  # its time budget (ms)
_TRIED = const(22)  # placements tried
_S = [0] * 23


def _code(k):
    """Reason number k as its hint code (a short string: the only allocation of a decision)."""
    a = 0
    for _ in range(k):
        a = REASONS.index(" ", a) + 1
    b = REASONS.find(" ", a)
    return REASONS[a:] if b < 0 else REASONS[a:b]


def _p_beat(v, best, mask, nun):
    """Percent chance that a seat in `mask` holds a card beating `best` (hypergeometric odds over
    the unseen cards and those seats' hidden cards); _S[_BEATER] = such cards' average points."""
    trump = v.trump_suit
    nbeat = pts = hidden = 0
    for u in v.deck_cards:
        h = v.holder[u]
        if h and mask >> (h - 1) & 1:
            hidden -= 1
            if beats(u, best, trump):
                _S[_BEATER] = POINTS[u % 10]
                return 100
        if _UN[u] and beats(u, best, trump):
            nbeat += 1
            pts += POINTS[u % 10]
    _S[_BEATER] = pts // nbeat if nbeat else 0
    for s in range(v.n):
        if mask >> s & 1:
            hidden += v.hand_sizes[s]
    q = 1000
    for i in range(nbeat):
        if nun - hidden - i <= 0:
            return 100
        q = q * (nun - hidden - i) // (nun - i)
    return (1000 - q) // 10


def _reasons(v, best0, mate, table0):
    """Why to play each legal card, into _W (what the hint says): only what is true of the card
    here, before what its worth adds (lead_franco, secure_61, lose_for_trump). `best0`: the card
    that holds the trick, `mate`: a partner's; `table0`: the trick's points. (Apart from
    Player._value: a board compiling this module from source holds one function at a time.)"""
    n, trump, tl = v.nlegal, v.trump_suit, v.trick_len
    # whether a trump in hand could take the trick, a trump is in hand; the fewest points of a
    # card in hand, the most and fewest of one that takes the trick
    trumpwin = trumps = False
    lo, whi, wlo = 99, -1, 99
    for i in range(n):
        t, pc = v.legal[i], POINTS[v.legal[i] % 10]
        lo = min(lo, pc)
        trumps = trumps or t // 10 == trump
        if tl and beats(t, best0, trump):
            trumpwin = trumpwin or t // 10 == trump
            whi, wlo = max(whi, pc), min(wlo, pc)
    for i in range(n):
        c = v.legal[i]
        pc = POINTS[c % 10]
        why = 0 if pc == lo else 5 if c // 10 != trump and trumps else 16  # lead_cheap, save_trump, keep_low
        if tl:
            if beats(c, best0, trump):  # take_carico_trump, follow_win_high, win_cheap, take_points
                why = 3 if c // 10 == trump and v.trick[0] // 10 != trump and table0 >= 10 else (
                    2 if pc == whi and pc else 14 if pc == wlo else 13)
            elif mate:  # load_partner, dont_overtrump_partner
                why = 6 if pc else 7 if trumpwin else 4
            elif trumpwin and c // 10 != trump:
                why = 5  # save_trump
            elif pc == lo:
                why = 4  # dump_low (else save_trump or keep_low, as leading)
        _W[c] = why


def _after(v, side):
    """The seats still to play in this trick after v's seat, as bits: opponents' in the low byte,
    partners' (of `side`) in the next. (Apart from Player._value: a board compiling this module
    from source holds one function at a time.)"""
    r, n, tl = v.rules, v.n, v.trick_len
    most = bits = 0
    for s in range(n):
        _U[s] = v.hand_sizes[s]
    for i in range(tl):
        _U[v.trick_seats[i]] += 1
    for s in range(n):
        most = max(most, _U[s])
    left = -tl - 1
    for s in range(n):
        left += r.plays if _U[s] == most else 0
    s = v.seat
    while left > 0:
        s = (s + 1) % n
        if _U[s] == most:
            left -= 1
            bits |= 1 << s + (8 if r.side_of(s) == side else 0)
    return bits


class Player:
    """An AI seat. `choose(view)` blocks; `start`/`step`/`progress`/`result` do the same work in
    slices so the UI stays responsive. `reason` is the last decision's hint code."""

    sr = None  # hard's search: brisca.endgame with 2 players, brisca.search on every other table
    net = None  # hard's learned evaluation: brisca.net at 2 players, brisca.tablenet at 3 and 4
    half = False  # a board, at 3 and 4 players where the tables' net plays: _half()

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
        if self.level == 2:  # hard's search, loaded only for hard, and only the one its table needs
            import gc

            if hasattr(gc, "mem_free"):  # a board: free blocks together first, so the module fits
                gc.collect()
            # hard's learned evaluations (brisca.net at 2 players, brisca.tablenet at 3 and 4) play
            # with one play a trick, a trump, no must-follow, hands not open: trained with 40 cards
            # (and 39 at 3 players), measured better than without them with 36 and 32 cards and
            # the exchange too (docs/ai-comparison.md)
            learned = rules.players < 6 and rules.plays == 1 and not rules.flags & _NO_NET
            if rules.players > 2 or rules.plays > 1:
                self.half = learned and hasattr(gc, "mem_free")
                if not self.half:  # (CPython: both halves held; a board swaps them, _half())
                    from brisca import search

                    self.sr = search
                    if learned:
                        from brisca import tablenet

                        self.net = tablenet
            else:
                from brisca import endgame, net

                self.sr = endgame
                if learned and net.load():  # (if its weights file is there and whole)
                    self.net = net

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
        (Few functions on purpose: every function costs heap on the board.)"""
        self.t0 = ticks_ms()
        self.budget = (_BUDGET_HARD if self.level == 2 else _BUDGET) if budget_ms is None else budget_ms
        self.todo = self.done = _S[_USED] = _S[_DONE] = 0
        n, r, face, tl = v.nlegal, v.rules, v.trump_card, v.trick_len
        if not n:
            raise ValueError("not this seat's turn")
        self.action = v.legal[0]
        if v.phase != _PLAY:
            self.reason = _code(15)  # no_swap
            if v.exchange_card != _NO:
                self.action = _EXCHANGE  # a better trump for the 7 (or 2): almost always right
                self.reason = _code(9)
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
        k = self._value(v, nun)
        if self.level == 0 and self.rng.below(4):  # easy, 3 times in 4: any move <= 10 points worse
            j, top = 0, _SC[k]
            for i in range(n):
                if _SC[i] >= top - 1000 * 16:
                    j += 1
                    if self.rng.below(j) == 0:
                        k = i
        if self.half:  # the tables' net before the stock's last drawing round, the search from it
            self.sr, self.net = _half(v.stock_left <= v.n)
        if self.net and v.stock_left > v.n and n > 1 and self.net.scores(v, _SC):
            k = 0  # before the stock's last drawing round, the learned evaluation picks the card
            for i in range(1, n):
                if _SC[i] > _SC[k]:
                    k = i
        self.action = v.legal[k]
        if r.flags & _F_FOLLOW and n < v.hand_len:  # whichever card: the rule decides first
            for i in range(n):
                _W[v.legal[i]] = 12  # must_follow
        self.reason = _code(_W[self.action])
        if self.level < 2 or n < 2 or not self.sr:
            return
        self.todo = self.sr.prepare(v, k, self.t0, self.budget, since, _M, _SC, _S, self.rng)
        # exact: with 2 players and no stock (the other hand is every card unseen); brisca.search
        # solves placements of hidden hands, sampled, at every other table
        _S[_EXACT] = _S[_EXACT] and not v.stock_left and v.n == 2

    def _value(self, v, nun):
        """Each legal card's worth for this seat into _SC (and why, into _W); the best one's index.
        (start()'s largest part: a board that compiles this module from source holds one part at
        a time.)"""
        n, r, me, trump, face, tl = v.nlegal, v.rules, v.seat, v.trump_suit, v.trump_card, v.trick_len
        side = r.side_of(me)
        om = _after(v, side)  # opponents (om) and partners (mm) still to play in this trick
        mm = om >> 8
        om &= 255
        # The trick so far.
        best0, bseat0, table0 = v.trick[0], v.trick_seats[0], 0
        for i in range(tl):
            t = v.trick[i]
            table0 += POINTS[t % 10]
            if beats(t, best0, trump):
                best0, bseat0 = t, v.trick_seats[i]
        _reasons(v, best0, bseat0 != me and r.side_of(bseat0) == side, table0)
        have = v.side_points(side)
        team = self.level == 2 and v.n > 2 and r.sides == 2
        # Each card's expected worth in 1/100 points x 16 (ties go to the weaker card), and why.
        top = -_BIG * 16
        k = 0
        for i in range(n):
            c = v.legal[i]
            pc = POINTS[c % 10]
            best, bseat, why = c, me, _W[c]
            if tl and not beats(c, best0, trump):
                best, bseat = best0, bseat0
            table = table0 + pc
            p = 100
            if r.side_of(bseat) == side:
                p = _p_beat(v, best, om, nun) if om else 0
                val = (100 - p) * table - p * (table + (_S[_BEATER] * _TEAM_BEATER // 100 if team else _S[_BEATER]))
                if p == 0:
                    h1, h3 = v.holder[c - c % 10], v.holder[c - c % 10 + 2]  # its suit's A and 3: in no
                    if not tl and pc and (not h1 or h1 == me + 1) and (not h3 or h3 == me + 1):  # other hand
                        why = 1  # lead_franco
                    if have < _WIN_LINE <= have + table and r.sides == 2:
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
            _W[c] = why
            if val > top:
                top, k = val, i
        return k

    def step(self, max_ms):
        """Work up to about `max_ms`; True once the result is final."""
        t1 = ticks_ms()
        while self.done < self.todo:
            if since(self.t0) >= self.budget:
                self.todo = self.done  # out of time: keep what is decided
                break
            if not self.sr.one(self.rng, self.voids, _M, _SC, _S):
                self.todo = self.done  # node budget or time spent: drop this placement
            self.done += 1
            if self.done < self.todo and since(t1) >= max_ms:
                return False
        if self.todo and _S[_DONE]:
            best = -_BIG
            for i in range(_S[_MOVES]):
                if _SC[i] > best:
                    best = _SC[i]
                    self.action = _M[i]
            self.reason = _code(11 if _S[_EXACT] else _W[self.action])
        self.todo = self.done = 0  # final: later calls change nothing (the scratch is shared)
        if self.half:
            self.sr = self.net = None  # (held only while deciding, else _half() would free nothing)
        return True


def hint(view, budget_ms=150):
    """(action, reason code) suggested for the human's seat: the hard level's move. The player is
    made for the question and let go after, the network's buffers too unless an AI seat holds
    them: a table with a hint shown holds no more than before it."""
    import sys

    net = sys.modules.get("brisca.net")
    held = net is not None and net.loaded()
    p = Player(view.rules, "hard", 1)
    action = p.choose(view, budget_ms)
    net = sys.modules.get("brisca.net")
    if net is not None and not held:
        net.release()
    return action, p.reason


def _half(late):
    """(search, net): the halves of hard at 3 and 4 players on a board, where the tables' net
    plays: brisca.tablenet (and brisca.net) before the stock's last drawing round, brisca.search
    from it (late). The other half goes first (its sys.modules entry, then the package's name; the
    values cleared first: see brisca.ui.app.unload()): held together they took the 4-player table
    4.4 KB past its bar (tools/fit.py). Module-wide, so the AI seats and a hint share one copy."""
    import gc
    import sys

    import brisca

    gone = False
    for name in ("net", "tablenet") if late else ("search",):
        if "brisca." + name in sys.modules:
            sys.modules["brisca." + name] = None
            del sys.modules["brisca." + name]
            setattr(brisca, name, None)
            delattr(brisca, name)
            gone = True
    if gone:  # (one collection for both of the net's modules)
        gc.collect()
    if late:
        from brisca import search

        return search, None
    from brisca import tablenet

    return None, tablenet
