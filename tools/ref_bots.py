"""Host-only reference bots: strong, fair stand-ins for the best open-source Briscola players.

They measure the device AI (brisca/ai.py) against the two search families the open-source bots
use (docs/ai-comparison.md says which bots and why these stand in for them):

- `pimc`: determinized search (perfect-information Monte Carlo). Each decision samples placements
  of the hidden cards consistent with the seat's View (cards it knows someone holds, hidden hand
  sizes, suits a seat showed it lacks under must-follow), solves each placement with alpha-beta
  to a fixed depth (20 samples x 6 plies by default, extended to the end of the trick) with a
  points-and-61-line leaf evaluation, and plays the card with the best total. Exact once the stock
  is empty: the search runs to the end of the deal (with 2 players one placement is the truth).
- `ismcts`: single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse
  2012): one tree over this seat's information set, a fresh determinization per iteration, UCB with
  availability counts, heuristic rollouts to the end of the deal, a win/draw/loss reward with a
  small points share, a fixed iteration count. Plays the most visited card.

Fair: they read only `game.view(seat)` (and earlier views of the same deal, for voids), never the
Game. Deterministic for a seed (Python's random.Random, seeded). CPython only, no device limits.
Rules: 2, 3, 4 or 6 players (teams with 4 and 6), any flag but double; the stock must run out at
the end of a round (every deck but 32 cards with 3 or 6 players). A trump exchange is always taken.
Each class: `__init__(rules, seed=0)`, `choose(view, budget_ms=None) -> action`.
"""
import math
import random

from brisca.core import (EXCHANGE, EXCHANGE_PHASE, F_DOUBLE, F_FOLLOW, F_NO_TRUMP, NO_CARD, PLAY, POINTS, STRENGTH,
                         beats)

SUIT = [c // 10 for c in range(40)]
STR = [STRENGTH[c % 10] for c in range(40)]
PTS = [POINTS[c % 10] for c in range(40)]
WIN = 1000  # the value of winning the deal, in card points: outcome first, margin second
NAMES = ("pimc", "ismcts")


def supported(rules):
    """None if the reference bots play these rules, else why not."""
    if rules.flags & F_DOUBLE:
        return "double (two cards a trick) is not supported"
    if (rules.deck - rules.players * rules.hand) % rules.players:
        return "the stock must run out at the end of a round"
    return None


class Deal:
    """One determinized deal: every card placed. Plays and undoes cards fast (plain lists)."""

    def __init__(self, rules, me):
        n = self.n = rules.players
        self.side_of = [rules.side_of(s) for s in range(n)]
        self.sides = rules.sides
        self.me = rules.side_of(me)
        self.follow = bool(rules.flags & F_FOLLOW)
        self.nxt = [(s + 1) % n for s in range(n)]

    def reset(self, v, hands, stock):
        t = v.trump_suit
        if t != getattr(self, "trump", None):
            self.trump = t
            self.cost = [PTS[c] + (12 + STR[c] if SUIT[c] == t else 0) for c in range(40)]
        self.hands = hands
        self.stock = stock
        self.top = 0
        self.trick = list(v.trick[: v.trick_len])
        self.tseats = list(v.trick_seats[: v.trick_len])
        self.turn = v.turn
        self.pts = [0, 0, 0]
        for s in range(self.n):
            self.pts[self.side_of[s]] += v.seat_points[s]

    # -- rules
    def legal(self, hand):
        if self.follow and self.trick:
            led = self.trick[0] // 10
            same = [c for c in hand if c // 10 == led]
            if same:
                return same
        return hand[:]

    def winner(self):
        """(index in the trick of the card winning it, the trick's points)."""
        trick, trump = self.trick, self.trump
        best = trick[0]
        bi, pts = 0, PTS[best]
        for i in range(1, len(trick)):
            c = trick[i]
            pts += PTS[c]
            if SUIT[c] == SUIT[best]:
                if STR[c] > STR[best]:
                    best, bi = c, i
            elif SUIT[c] == trump:
                best, bi = c, i
        return bi, pts

    def play(self, c):
        """Play card c for the seat to move (no undo: for rollouts)."""
        seat = self.turn
        self.hands[seat].remove(c)
        self.trick.append(c)
        self.tseats.append(seat)
        if len(self.trick) < self.n:
            self.turn = self.nxt[seat]
            return
        bi, p = self.winner()
        w = self.tseats[bi]
        self.pts[self.side_of[w]] += p
        if self.top < len(self.stock):
            for k in range(self.n):
                self.hands[(w + k) % self.n].append(self.stock[self.top + k])
            self.top += self.n
        self.trick, self.tseats, self.turn = [], [], w

    def over(self):
        return not self.trick and not self.hands[self.turn]

    def outcome(self, side):
        """1 won, 0.5 drawn, 0 lost for `side` at the end of the deal."""
        pts = self.pts
        mine = pts[side]
        best = max(pts[s] for s in range(self.sides) if s != side)
        return 1.0 if mine > best else 0.5 if mine == best else 0.0

    # -- evaluation from this seat's side
    def margin(self):
        pts, me = self.pts, self.me
        if self.sides == 2:
            return pts[me] - pts[1 - me]
        return pts[me] - max(pts[s] for s in range(3) if s != me)

    def final(self):
        m = self.margin()
        return m + (WIN if m > 0 else -WIN if m < 0 else 0)

    def leaf(self, trump_w):
        """Points margin, a deal already decided (past 60 of 120 points: only two sides), and
        trumps still in hand (they take points later)."""
        m = self.margin()
        if self.sides == 2:
            if self.pts[self.me] > 60:
                m += WIN
            elif self.pts[1 - self.me] > 60:
                m -= WIN
        if trump_w:
            t = self.trump
            for s in range(self.n):
                k = 0
                for c in self.hands[s]:
                    if c // 10 == t:
                        k += 2 + STRENGTH[c % 10]
                m += trump_w * k if self.side_of[s] == self.me else -trump_w * k
        return m

    # -- alpha-beta (values from this seat's side), evaluated at trick boundaries only
    def ab(self, depth, alpha, beta, trump_w):
        turn = self.turn
        hand = self.hands[turn]
        trick = self.trick
        if not trick:
            if not hand:
                return self.final()
            if depth <= 0:
                return self.leaf(trump_w)
        moves = self.legal(hand)
        maxing = self.side_of[turn] == self.me
        best = -10 * WIN if maxing else 10 * WIN
        for c in moves:
            v = self.child(c, depth - 1, alpha, beta, trump_w)
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def child(self, c, depth, alpha, beta, trump_w):
        """Value after the seat to move plays c (then undone)."""
        turn = self.turn
        hand = self.hands[turn]
        i = hand.index(c)
        del hand[i]
        trick, tseats = self.trick, self.tseats
        trick.append(c)
        tseats.append(turn)
        if len(trick) < self.n:
            self.turn = self.nxt[turn]
            v = self.ab(depth, alpha, beta, trump_w)
        else:
            bi, p = self.winner()
            w = tseats[bi]
            side = self.side_of[w]
            self.pts[side] += p
            top, n, hands = self.top, self.n, self.hands
            drew = top < len(self.stock)
            if drew:
                for k in range(n):
                    hands[(w + k) % n].append(self.stock[top + k])
                self.top = top + n
            self.trick, self.tseats, self.turn = [], [], w
            v = self.ab(depth, alpha, beta, trump_w)
            if drew:
                for k in range(n):
                    hands[(w + k) % n].pop()
                self.top = top
            self.pts[side] -= p
            self.trick, self.tseats = trick, tseats
        self.turn = turn
        trick.pop()
        tseats.pop()
        hand.insert(i, c)
        return v


def heuristic_move(d, moves, rng, eps):
    """Rollout policy: cheapest lead; following, let a partner's trick be (loading points on
    it), win with the best-scoring card of the suit, trump a trick worth 10+, else throw the
    cheapest. eps: the chance of a uniformly random move instead."""
    if eps and rng.random() < eps:
        return moves[int(rng.random() * len(moves))]
    if len(moves) == 1:
        return moves[0]
    t = d.trump
    cheap = min(moves, key=d.cost.__getitem__)
    if not d.trick:
        return cheap
    bi, table = d.winner()
    best = d.trick[bi]
    if d.side_of[d.tseats[bi]] == d.side_of[d.turn]:
        loads = [c for c in moves if c // 10 != t and POINTS[c % 10] and not beats(c, best, t)]
        return max(loads, key=lambda c: POINTS[c % 10]) if loads else cheap
    suit = trump = None
    for c in moves:
        if beats(c, best, t):
            if c // 10 == t and best // 10 != t:
                if trump is None or STRENGTH[c % 10] < STRENGTH[trump % 10]:
                    trump = c
            elif suit is None or POINTS[c % 10] > POINTS[suit % 10]:
                suit = c
    if suit is not None and (POINTS[suit % 10] or table):
        return suit
    if trump is not None and table >= 10:
        return trump
    return cheap


class _Base:
    """View bookkeeping and the sampler of hidden-card placements shared by both bots."""

    def __init__(self, rules, seed=0):
        why = supported(rules)
        if why:
            raise ValueError("reference bots: " + why)
        self.rules = rules
        self.rng = random.Random(seed)
        self.deal_key = None
        self.voids = [0] * rules.players  # bitmask of suits each seat showed it lacks

    def note_voids(self, v):
        """Under must-follow, a seat that did not follow the led suit holds none of it. Every
        trick since this seat's last decision is the last trick or the current one."""
        key = (v.deal_no, v.dealer)
        if key != self.deal_key or v.trick_no < self.trick_no:
            self.deal_key = key
            self.voids = [0] * v.n
        self.trick_no = v.trick_no
        if not self.rules.flags & F_FOLLOW:
            return
        for cards, seats, k in ((v.last_trick, v.last_seats, v.last_len), (v.trick, v.trick_seats, v.trick_len)):
            for i in range(1, k):
                if cards[i] // 10 != cards[0] // 10:
                    self.voids[seats[i]] |= 1 << (cards[0] // 10)

    def prepare(self, v):
        """What a sample needs: the unseen cards (ascending: independent of the hidden order),
        per seat its known cards and hidden slots, the stock's known ends."""
        n, me = v.n, v.seat
        buf = bytearray(40)
        self.unseen = list(buf[: v.unseen_into(buf)])
        known = [[] for _ in range(n)]
        for c in range(40):
            h = v.holder[c]
            if h and h - 1 != me and not v.played_by[c]:
                known[h - 1].append(c)
        self.known = known
        self.slots = [0 if s == me else v.hand_sizes[s] - len(known[s]) for s in range(n)]
        self.head = [] if v.stock_top == NO_CARD else [v.stock_top]
        self.tail = [] if v.trump_card == NO_CARD else [v.trump_card]
        self.nstock = v.stock_left - len(self.head) - len(self.tail)
        if sum(self.slots) + self.nstock != len(self.unseen):
            raise AssertionError("view accounting: %d slots + %d stock != %d unseen" % (
                sum(self.slots), self.nstock, len(self.unseen)))
        # Seats to fill, the most constrained first (voids), then by seat number.
        self.order = sorted((s for s in range(n) if self.slots[s]), key=lambda s: (-bin(self.voids[s]).count("1"), s))
        self.hand = list(v.hand[: v.hand_len])
        # Only one placement when the unseen cards all go to one seat (2 players, empty stock).
        self.single = self.nstock == 0 and len(self.order) <= 1

    def sample(self, v):
        """Hands (list per seat) and the stock in drawing order for one random placement."""
        rng, n = self.rng, v.n
        rnd = rng.random
        if not any(self.voids):  # the common case, fast: a random order, hands first
            cards = sorted(self.unseen, key=lambda c: rnd())
            hands = [None] * n
            k = 0
            for s in range(n):
                if s == v.seat:
                    hands[s] = self.hand[:]
                else:
                    hands[s] = self.known[s] + cards[k: k + self.slots[s]]
                    k += self.slots[s]
            return hands, self.head + cards[k:] + self.tail
        for attempt in range(20):
            cards = sorted(self.unseen, key=lambda c: rnd())
            hands = [None] * n
            ok = True
            for s in self.order:
                void = self.voids[s] if attempt < 19 else 0
                take, rest = [], []
                for c in cards:
                    if len(take) < self.slots[s] and not void >> (c // 10) & 1:
                        take.append(c)
                    else:
                        rest.append(c)
                if len(take) < self.slots[s]:
                    ok = False
                    break
                hands[s] = self.known[s] + take
                cards = rest
            if ok:
                break
        for s in range(n):
            if hands[s] is None:
                hands[s] = self.hand[:] if s == v.seat else self.known[s][:]
        return hands, self.head + cards + self.tail

    def special(self, v):
        """The action for a non-card decision, or None."""
        if not v.nlegal:
            raise ValueError("not this seat's turn")
        if v.phase == EXCHANGE_PHASE:
            return EXCHANGE if v.exchange_card != NO_CARD else v.legal[v.nlegal - 1]
        if v.phase != PLAY:
            return v.legal[0]
        if v.nlegal == 1:
            return v.legal[0]
        return None


class PimcPlayer(_Base):
    """Determinized alpha-beta: `samples` placements x `depth` plies; exact with an empty stock."""

    def __init__(self, rules, seed=0, samples=20, depth=6, trump_w=0.0):
        _Base.__init__(self, rules, seed)
        self.samples, self.depth, self.trump_w = samples, depth, trump_w
        self.deal = Deal(rules, 0)

    def choose(self, v, budget_ms=None):
        self.note_voids(v)
        act = self.special(v)
        if act is not None:
            return act
        self.prepare(v)
        d = self.deal
        d.me = self.rules.side_of(v.seat)
        moves = list(v.legal[: v.nlegal])
        exact = v.stock_left == 0
        depth = 99 if exact else self.depth
        total = [0.0] * len(moves)
        for _ in range(1 if self.single else self.samples):
            hands, stock = self.sample(v)
            d.reset(v, hands, stock)
            for i, c in enumerate(moves):
                total[i] += d.child(c, depth - 1, -10 * WIN, 10 * WIN, self.trump_w)
        best = 0
        for i in range(1, len(moves)):
            if total[i] > total[best]:
                best = i
        return moves[best]


class _Node:
    __slots__ = ("kids", "visits", "reward", "avail")

    def __init__(self):
        self.kids = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


class IsmctsPlayer(_Base):
    """Single-observer ISMCTS with `iterations` per decision, UCB constant `c`, heuristic
    rollouts (a random move with chance `eps`) and reward result x (1 - pw) + points share x pw."""

    def __init__(self, rules, seed=0, iterations=1000, c=0.4, eps=0.0, pw=0.2):
        _Base.__init__(self, rules, seed)
        self.iterations, self.c, self.eps, self.pw = iterations, c, eps, pw
        self.deal = Deal(rules, 0)

    def choose(self, v, budget_ms=None):
        self.note_voids(v)
        act = self.special(v)
        if act is not None:
            return act
        self.prepare(v)
        d, rng, side_of, cx = self.deal, self.rng, self.deal.side_of, self.c
        d.me = self.rules.side_of(v.seat)
        total_pts = sum(POINTS[c % 10] for c in v.deck_cards)
        root = _Node()
        for _ in range(self.iterations):
            hands, stock = self.sample(v)
            d.reset(v, hands, stock)
            node, path = root, []
            # Selection and expansion: children compatible with this determinization.
            while not d.over():
                moves = d.legal(d.hands[d.turn])
                untried = [c for c in moves if c not in node.kids]
                mover = side_of[d.turn]
                if untried:
                    c = untried[int(rng.random() * len(untried))]
                    kid = node.kids[c] = _Node()
                    for m in moves:
                        if m in node.kids:
                            node.kids[m].avail += 1
                    d.play(c)
                    path.append((kid, mover))
                    node = kid
                    break
                best, bv = None, -1.0
                for m in moves:
                    k = node.kids[m]
                    u = k.reward / k.visits + cx * math.sqrt(math.log(k.avail) / k.visits)
                    if u > bv:
                        best, bv = m, u
                for m in moves:
                    node.kids[m].avail += 1
                node = node.kids[best]
                d.play(best)
                path.append((node, mover))
            # Rollout to the end of the deal.
            while not d.over():
                d.play(heuristic_move(d, d.legal(d.hands[d.turn]), rng, self.eps))
            res = {}
            for kid, mover in path:
                r = res.get(mover)
                if r is None:
                    r = res[mover] = (1 - self.pw) * d.outcome(mover) + self.pw * d.pts[mover] / total_pts
                kid.visits += 1
                kid.reward += r
        moves = list(v.legal[: v.nlegal])
        return max(moves, key=lambda m: (root.kids[m].visits if m in root.kids else -1, -moves.index(m)))


class GymGreedyPlayer:
    """Adapter to the only agent the PyPI package briscola-gym 0.1.0 ships (EpsGreedyPlayer, run
    with epsilon 0: lead the card with the fewest points, else the card maximizing the signed
    points of the trick). Needs that package (pip install --no-deps briscola-gym==0.1.0 numpy<2,
    in a separate venv: its gym 0.21 dependency no longer builds); 2 players."""

    def __init__(self, rules, seed=0):
        if rules.players != 2 or rules.flags & F_NO_TRUMP:
            raise ValueError("gymgreedy: 2 players with a trump only")
        try:
            from briscola_gym.card import Card
            from briscola_gym.player.epsgreedy_player import EpsGreedyPlayer
        except ImportError as e:
            raise ValueError("gymgreedy needs briscola-gym==0.1.0 installed (%s)" % (e,))
        self.card = lambda c: Card(c % 10 + 1, c // 10 + 1)  # its values 1..10, suits 1..4
        self.player = EpsGreedyPlayer(0.0)
        self.state = None
        self.player.set_observable_public_state(lambda: self.state)

    def choose(self, v, budget_ms=None):
        if v.phase == EXCHANGE_PHASE:
            return EXCHANGE if v.exchange_card != NO_CARD else v.legal[v.nlegal - 1]
        if v.phase != PLAY:
            return v.legal[0]
        hand = list(v.legal[: v.nlegal])
        self.player.hand = [self.card(c) for c in hand]
        table = [self.card(v.trick[i]) for i in range(v.trick_len)]
        first = self.player.name if not table else "other"
        trump = v.trump_card if v.trump_card != NO_CARD else v.trump_suit * 10 + 1
        self.state = _GymState([first], table, self.card(trump))
        return hand[self.player.greedy_action()]


class _GymState:
    """The fields of briscola-gym's public state its greedy player reads."""

    def __init__(self, order, table, briscola):
        self.order, self.table, self.briscola = order, table, briscola


def make(name, rules, seed=0):
    """A reference bot by name: pimc, ismcts, or a variant with parameters, e.g.
    "pimc:samples=6,depth=4" or "ismcts:iterations=1000"."""
    base, _, params = name.partition(":")
    kw = {}
    for item in filter(None, params.split(",")):
        k, _, val = item.partition("=")
        kw[k] = float(val) if "." in val else int(val)
    if base == "pimc":
        return PimcPlayer(rules, seed, **kw)
    if base == "ismcts":
        return IsmctsPlayer(rules, seed, **kw)
    if base == "gymgreedy":
        return GymGreedyPlayer(rules, seed)
    raise ValueError("unknown reference bot %r (use %s)" % (name, ", ".join(NAMES)))
