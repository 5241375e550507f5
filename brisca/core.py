"""Brisca / Briscola / Briskula rules engine (RULES.md sections 1-7).

Portable (CPython, MicroPython, CircuitPython) and lean: cards are ints 0..39 (suit * 10 + rank),
every pile is a preallocated `bytearray`, ranks, strength and points come from `bytes` tables.
The API has OpenSpiel's shape: a `Game` tells whose turn it is and its legal actions, applies one,
and gives each seat a `View` of exactly what that seat may know. The core knows cards, rules,
moves and bytes and imports nothing of the game's own: the text (card names, rules words, presets,
records, replay codes: brisca.notation) lives above it and imports it, never the reverse. Reading
a saved game (Game.from_bytes) is loaded on its first use from brisca/_saved.py, which imports
nothing either.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# -- cards: rank index = card % 10 (0 Ace, 1 Two, 2 Three, 3..6 Four..Seven, 7 Jack, 8 Knight,
# 9 King), suit = card // 10 (coins, cups, swords, clubs). Underscore consts cost no heap. -------
_ACE = const(0)
_TWO = const(1)
_THREE = const(2)
_FOUR = const(3)
_FIVE = const(4)
_SIX = const(5)
_SEVEN = const(6)
NO_CARD = const(255)

#: Card points by rank index: Ace 11, Three 10, King 4, Knight 3, Jack 2, the rest 0.
POINTS = b"\x0b\x00\x0a\x00\x00\x00\x00\x02\x03\x04"
#: Strength by rank index: A > 3 > K > Knight > J > 7 > 6 > 5 > 4 > 2.
STRENGTH = b"\x09\x00\x08\x01\x02\x03\x04\x05\x06\x07"


def beats(card, best, trump_suit):
    """True if `card` takes the trick from `best`, the card winning it so far."""
    if card // 10 == best // 10:
        return STRENGTH[card % 10] > STRENGTH[best % 10]
    return card // 10 == trump_suit


# -- actions: 0..39 play that card ---------------------------------------------------------------
EXCHANGE = const(40)  # swap the trump 7 (or 2) in hand for the face-up trump card
PASS = const(41)  # keep it: go on drawing
NEXT_DEAL = const(42)  # after a deal's score, deal the next one

# -- rules ---------------------------------------------------------------------------------------
STYLE_SPANISH = const(0)
STYLE_ITALIAN = const(1)
STYLE_CROATIAN = const(2)
STYLE_FRENCH = const(3)

TIE_DRAW = const(0)  # 60-60 is a drawn deal (a one-deal match ends drawn)
TIE_ANNUL = const(1)  # 60-60 annuls the deal (a one-deal match is dealt again)
TIE_SAME_DEALER = const(2)  # as annulled, and the same dealer deals again

MATCH_ONE = const(0)  # one deal
MATCH_WINS = const(1)  # first to `target` deals won; a tie at the target plays on
MATCH_BEST_OF = const(2)  # best of `target` (3 or 5): first to target // 2 + 1 deals won
MATCH_POINTS = const(3)  # first to `target` (120, 121, 151) cumulative card points

DECKS = (40, 39, 36, 32)  # full; one 2 removed; all 2s removed; French 32 (no 2s, no 4s)
PLAYERS = (2, 3, 4, 6)

F_NO_TRUMP = const(1)  # Briscolone: 5 cards, no trump
F_DOUBLE = const(2)  # double Briskula: 4 cards, everyone plays twice per trick, draws two
F_OPEN = const(4)  # Briscola Scoperta: hands and the stock's top card face up
F_EXCHANGE = const(8)  # Spanish 7/2 trump exchange
F_REDEAL = const(16)  # a turned Ace or Three goes back into the stock
F_FOLLOW = const(32)  # must follow suit when able
F_PARTNERS_SEE = const(64)  # partners see each other's hands once the stock is gone


class Rules:
    """A table's rules, never changed once made. The constructor rejects what cannot be played
    with a ValueError and sets the derived fields `hand`, `sides` and `plays`."""

    def __init__(self, players=2, deck=40, flags=0, tie=TIE_DRAW, match=MATCH_ONE, target=1,
                 style=STYLE_ITALIAN):
        self.players = players
        self.deck = deck
        self.flags = flags
        self.tie = tie
        self.match = match
        self.target = target
        self.style = style
        n, f, t, m = players, flags, target, match
        for v in (n, deck, f, tie, m, t, style):
            if type(v) is not int:  # (True is no number of players, 2.0 none either)
                raise TypeError("rules: whole numbers expected, not %r" % (v,))
        why = None
        if n not in PLAYERS:
            why = "players: 2, 3, 4 or 6"
        elif deck not in ((40, 32), (39, 36, 32), (40, 32), (), (36,))[n - 2]:
            # (32 cards with 3: each for himself, as in Bosnia (seeds/002); 6 play in teams, and the
            # 32-card game has teams of two only, so 6 take the 36 cards of RULES.md section 3)
            why = "deck: 40/32 cards for 2 or 4 players, 39/36/32 for 3, 36 for 6"
        elif f & ~127:
            why = "unknown flags"
        elif f & F_NO_TRUMP and (n != 2 or f & (F_EXCHANGE | F_REDEAL | F_DOUBLE)):
            why = "Briscolone: 2 players, no trump, exchange, redeal or double"
        elif f & F_OPEN and n != 2:
            why = "Scoperta: 2 players"
        elif f & F_DOUBLE and n not in (2, 4):
            why = "double: 2 or 4 players"
        elif f & F_PARTNERS_SEE and n < 4:
            why = "partners: 4 or 6 players"
        elif tie not in (0, 1, 2) or style not in (0, 1, 2, 3) or m not in (0, 1, 2, 3):
            why = "unknown tie, match or style"
        elif not (t == 1 if m == MATCH_ONE else 1 <= t <= 15 if m == MATCH_WINS
                  else t in (3, 5) if m == MATCH_BEST_OF else t in (120, 121, 151)):
            why = "match target: one 1, wins 1-15, best 3/5, points 120/121/151"
        if why:
            raise ValueError("rules: " + why)
        self.hand = 5 if f & F_NO_TRUMP else 4 if f & F_DOUBLE else 3
        self.sides = 3 if n == 3 else 2
        self.plays = 2 if f & F_DOUBLE else 1

    def side_of(self, seat):
        """Seats 0..n-1 in playing order; with 4 or 6 players even seats play odd ones."""
        return seat if self.players < 4 else seat % 2

    def deck_cards(self, into=None):
        """This deck's cards, ascending: written into `into` (returns how many) or returned as a
        new bytearray. (With 39 cards the 2 of coins is the one left out.)"""
        out = bytearray(40) if into is None else into
        k = 0
        for c in range(40):
            r = c % 10
            if not (self.deck == 39 and c == _TWO or self.deck <= 36 and r == _TWO or self.deck == 32 and r == _FOUR):
                out[k] = c
                k += 1
        return out[:k] if into is None else k

    def to_bytes(self):
        return bytes((PLAYERS.index(self.players) | DECKS.index(self.deck) << 2 | self.style << 6,
                      self.flags, self.tie | self.match << 2, self.target))

    @classmethod
    def from_bytes(cls, b):
        if len(b) != 4 or b[0] & 0x30 or b[2] >> 4:
            raise ValueError("corrupt rules bytes")
        return cls(PLAYERS[b[0] & 3], DECKS[b[0] >> 2 & 3], b[1], b[2] & 3, b[2] >> 2, b[3], b[0] >> 6)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.to_bytes() == other.to_bytes()


# -- randomness ----------------------------------------------------------------------------------
SEED_MAX = const(0x3FFFFFFF)  # a deal's seed: 30 bits, a small int on every board
SEED_BITS = const(60)  # a match's seed, its secret: 0 .. 2**60 - 1


class Random:
    """Deterministic generator (three combined Wichmann-Hill LCGs): the same numbers on every
    runtime, small-int arithmetic only, so it never allocates."""

    def __init__(self, seed=0):
        seed &= SEED_MAX
        self.x = seed % 30268 + 1
        self.y = seed // 30268 % 30306 + 1
        self.z = seed // 917302008 + 1
        for _ in range(8):
            self.below(30269)  # (below(30269) is the generator's next value itself)

    def below(self, n):
        """Uniform int in 0..n-1 for 1 <= n <= 30269."""
        limit = 30269 - 30269 % n
        while True:
            self.x = 171 * self.x % 30269
            self.y = 172 * self.y % 30307
            self.z = 170 * self.z % 30323
            r = (self.x + self.y + self.z) % 30269
            if r < limit:
                return r % n

    def shuffle(self, buf, start, end):
        """Fisher-Yates shuffle of buf[start:end] in place."""
        i = end - 1
        while i > start:
            j = start + self.below(i - start + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1


def _speck(x, y, k, a, b, c):
    # Speck32/64 (Beaulieu et al., 2013: 16-bit words, 22 rounds): the block (x, y) enciphered
    # under the key (c, b, a, k), folded to 30 bits. Small ints only: no allocation, the same on
    # every runtime.
    for i in range(22):
        x = ((x >> 7 | x << 9) & 0xFFFF) + y & 0xFFFF ^ k
        y = (y << 2 | y >> 14) & 0xFFFF ^ x
        d = (k + ((a >> 7 | a << 9) & 0xFFFF) & 0xFFFF) ^ i
        k = (k << 2 | k >> 14) & 0xFFFF ^ d
        a, b, c = b, c, d
    return (x & 0x3FFF) << 16 | y


def deal_seed(seed, deal_no):
    """The seed of deal `deal_no` (0-based) of a match started with `seed` (its secret, 0 ..
    2**60 - 1): the deal's number enciphered with the secret as the key, so a deal's seed (which
    its replay code shows) leads neither to the secret nor to another deal's seed."""
    return _speck(deal_no, 0x4272, seed & 0xFFFF, seed >> 16 & 0xFFFF, seed >> 32 & 0xFFFF, seed >> 48 & 0xFFF)


def side_points(self, side):
    """A side's card points this deal: a method of both Game and View (one function, less heap)."""
    total = 0
    for s in range(self.rules.players):
        if self.rules.side_of(s) == side:
            total += self.seat_points[s]
    return total


# -- game ----------------------------------------------------------------------------------------
PLAY = const(0)  # `turn` plays a card
EXCHANGE_PHASE = const(1)  # the trick's winner may swap its trump 7/2 before drawing
DEAL_OVER = const(2)  # the deal is scored; NEXT_DEAL deals the next one
MATCH_OVER = const(3)

HAND_MAX = const(5)
_TRICK_MAX = const(8)  # 6 players x 1, or 4 players x 2 (double)
_MOVES_MAX = const(80)
_FORMAT_VERSION = const(3)  # 2: the exchange step whenever it is publicly possible; 3: 60-bit secrets
_MAGIC = const(0xB7)


_LEGAL = bytearray(HAND_MAX)  # apply()'s scratch: checking a move allocates nothing


class Game:
    """A match in progress: the current deal's cards and the match tally.

    `seed` is the match's secret (0 .. 2**60 - 1): every deal's seed follows from it one way
    (deal_seed), and nothing a seat sees or a replay code shows leads back to it. A game dealt
    from one deal's own seed (`Game.dealt`: a replay code, a record of a match not over) has no
    secret: its later deals follow from that deal's seed, so whoever knows it can foresee them.

    Seats are numbered in playing order; seat dealer + 1 leads the first trick. Attributes are
    read-only for callers: `phase`, `turn`, `leader`, `dealer`, `trump_suit`, `trump_card` (the
    face-up card, NO_CARD once drawn), `trick`/`trick_seats`/`trick_len`, `last_*` (the trick
    before), `seat_points`, `deal_no`, `match_winners` (bitmask of sides, set at the end).
    """

    def __init__(self, rules, seed=0, dealer=0):
        if not isinstance(rules, Rules):
            raise TypeError("a Game's rules are a Rules, not %s" % type(rules).__name__)
        n = rules.players
        if type(dealer) is not int or not 0 <= dealer < n:  # (True is no seat)
            raise ValueError("no seat %r at this table" % (dealer,))
        if type(seed) is not int or seed < 0 or seed >> SEED_BITS:
            raise ValueError("seed %r: a whole number 0 .. 2**60 - 1" % (seed,))
        self.rules = rules
        self.n = n
        # The secret in two small-int halves (sh = -1: none, a game dealt from `key` itself).
        self.sh = seed >> 30
        self.sl = seed & SEED_MAX
        self.key = 0  # this deal's seed
        self.deck = bytearray(40)  # this deal's order; the stock is deck[top:end], face-up card last
        self.hands = bytearray(n * HAND_MAX)
        self.hand_len = bytearray(n)
        self.trick = bytearray(_TRICK_MAX)
        self.trick_seats = bytearray(_TRICK_MAX)
        self.last_trick = bytearray(_TRICK_MAX)
        self.last_seats = bytearray(_TRICK_MAX)
        self.played_by = bytearray(40)  # seat + 1 that played the card, 0 if not played yet
        self.exposed = bytearray(40)  # seat + 1 that everyone saw take the card (face-up trump)
        self.seat_points = bytearray(n)
        self.seat_tricks = bytearray(n)
        self.moves = bytearray(_MOVES_MAX)
        # Match tally: deals won per side (3), points per side (3 x 2 bytes), drawn deals.
        self.tally = bytearray(10)
        self.tally0 = bytearray(10)  # the tally when this deal began: what to_bytes keeps
        self.deal_no = 0
        self.dealer = dealer
        self.match_winners = 0
        self._rekey()
        self._deal()

    @classmethod
    def dealt(cls, rules, key, dealer=0):
        """A game whose first deal is shuffled from `key` itself (a deal's seed, 0..SEED_MAX, as a
        replay code carries it): the same cards as that deal, with no secret behind it."""
        if type(key) is not int or not 0 <= key <= SEED_MAX:
            raise ValueError("deal seed %r: a whole number 0 .. 2**30 - 1" % (key,))
        g = cls(rules, 0, dealer)
        g.sh, g.key = -1, key
        g._deal()
        return g

    def _rekey(self):
        # This deal's seed: from the secret, or, with none, from the deal before's seed.
        hi, lo = self.sh, self.sl
        if hi < 0:
            hi, lo = 0, self.key
        self.key = _speck(self.deal_no, 0x4272, lo & 0xFFFF, lo >> 16 | (hi & 3) << 14, hi >> 2 & 0xFFFF, hi >> 18)

    # -- dealing and tricks
    def deal_from(self, order):
        """Deal the current deal again from a prearranged `order` instead of the shuffle (for
        tutorials and tests): the cards in dealing order, then the card to turn, then the stock
        from the top. Such a deal is not what to_bytes()/from_bytes() restore."""
        try:
            ok = bytes(sorted(order)) == self.rules.deck_cards()
        except (TypeError, ValueError):  # not a sequence of cards at all
            ok = False
        if not ok:
            raise ValueError("the order must hold each card of this deck once, not %r" % (order,))
        self._deal(order)

    def _deal(self, order=None):
        r, n, deck = self.rules, self.n, self.deck
        self.tally0[:] = self.tally
        self.deal_dealer = self.dealer
        if order:
            end = len(order)
            deck[:end] = order
        else:
            end = r.deck_cards(deck)
            Random(self.key).shuffle(deck, 0, end)
        for i in range(40):
            self.played_by[i] = self.exposed[i] = 0
        for s in range(n):
            self.hand_len[s] = self.seat_points[s] = self.seat_tricks[s] = 0
        self.leader = (self.dealer + 1) % n
        pos = 0
        for _ in range(r.hand):  # one card at a time, starting at the dealer's right
            for i in range(n):
                s = (self.leader + i) % n
                self.hands[s * HAND_MAX + self.hand_len[s]] = deck[pos]
                self.hand_len[s] += 1
                pos += 1
        self.trump_card = self.trump_suit = NO_CARD
        if r.flags & F_NO_TRUMP == 0:
            # Redeal option: a turned Ace or Three goes back into the middle of the stock and the
            # next card is turned. Each card from here to the middle is turned once at most: on
            # every table Rules allows, one of them is neither (tests/test_core_bounds.py).
            mid = pos + (end - pos) // 2
            for _ in range(mid - pos + 1 if r.flags & F_REDEAL else 0):
                if deck[pos] % 10 not in (_ACE, _THREE):
                    break
                card = deck[pos]
                deck[pos:mid] = deck[pos + 1: mid + 1]
                deck[mid] = card
            card = self.trump_card = deck[pos]
            self.trump_suit = card // 10
            deck[pos: end - 1] = deck[pos + 1: end]  # the face-up card is drawn last
            deck[end - 1] = card
        self.top = pos
        self.end = end
        self.last_len = self.trick_no = self.nmoves = 0
        self.last_winner = NO_CARD
        self.phase = PLAY
        self._begin_trick()

    def _begin_trick(self):
        # Everyone with the most cards plays. Fewer only happens when a 32-card stock runs out
        # mid-round: then just those who drew play the next trick (RULES.md section 6).
        most = max(self.hand_len)
        self.active = 0
        count = 0
        for s in range(self.n):
            if self.hand_len[s] == most:
                self.active |= 1 << s
                count += 1
        self.trick_size = count * self.rules.plays
        self.trick_len = 0
        self.turn = self.leader

    @property
    def stock_left(self):
        """Cards still to draw, the face-up trump included."""
        return self.end - self.top

    def hand(self, seat):
        """A copy of `seat`'s hand (for the UI and tests; the AI reads views)."""
        b = seat * HAND_MAX
        return bytes(self.hands[b: b + self.hand_len[seat]])

    side_points = side_points

    def match_points(self, side):
        return self.tally[3 + 2 * side] << 8 | self.tally[4 + 2 * side]

    def is_over(self):
        return self.phase == MATCH_OVER

    def deal_winners(self):
        """Bitmask of the sides ahead on points in this deal (0 for 60-60 between two sides)."""
        best = mask = 0
        for side in range(self.rules.sides):
            p = self.side_points(side)
            if p > best or not mask:
                best, mask = p, 1 << side
            elif p == best:
                mask |= 1 << side
        return 0 if mask == 3 and self.rules.sides == 2 else mask

    def exchange_card(self, seat):
        """The card `seat` could now swap for the face-up trump (RULES.md section 4), or NO_CARD.

        Only the winner of the trick just played, before drawing, and never once the stock is down
        to its last two drawing rounds ("not after the penultimate trick with drawing")."""
        # With seat NO_CARD: the card that could be swapped as far as everyone knows (it is in this
        # deck and not played), whoever holds it. The exchange step is taken whenever there is one:
        # the step itself tells nobody who holds the card, only the swap is public (issue 15).
        face = self.trump_card
        r = self.rules
        if self.phase != EXCHANGE_PHASE or r.flags & F_EXCHANGE == 0 \
                or face == NO_CARD or self.stock_left <= 2 * self.n * r.plays:
            return NO_CARD
        fr = face % 10
        want = self.trump_suit * 10 + (_SEVEN if POINTS[fr] else _TWO if fr in (_FOUR, _FIVE, _SIX, _SEVEN)
                                       and r.deck > 36 else 99)  # (no 2s in 36 or 32 cards)
        if want > 39 or self.played_by[want] or want == _TWO and r.deck == 39:  # (nor the 2 of coins in 39)
            return NO_CARD
        if seat == NO_CARD:
            return want
        b = seat * HAND_MAX
        for i in range(self.hand_len[seat]):
            if self.hands[b + i] == want:
                return want
        return NO_CARD

    def legal_into(self, buf):
        """Write the legal actions into `buf` (5 long or more); return how many. No allocation."""
        ph = self.phase
        if ph == PLAY:
            b = self.turn * HAND_MAX
            k = self.hand_len[self.turn]
            follow = NO_CARD
            if self.rules.flags & F_FOLLOW and self.trick_len:
                led = self.trick[0] // 10
                for i in range(k):
                    if self.hands[b + i] // 10 == led:
                        follow = led
            count = 0
            for i in range(k):
                c = self.hands[b + i]
                if follow == NO_CARD or c // 10 == follow:
                    buf[count] = c
                    count += 1
            return count
        if ph == EXCHANGE_PHASE:  # PASS alone when the winner holds no card to swap
            k = self.exchange_card(self.turn) != NO_CARD
            buf[0] = EXCHANGE
            buf[k] = PASS
            return k + 1
        if ph == DEAL_OVER:
            buf[0] = NEXT_DEAL
            return 1
        return 0

    def legal_actions(self):
        buf = bytearray(HAND_MAX)
        return bytes(buf[: self.legal_into(buf)])

    def apply(self, action):
        """Apply a legal action; a ValueError, with the state unchanged, for anything else."""
        n = self.legal_into(_LEGAL)
        i = 0
        while i < n and not (type(action) is int and _LEGAL[i] == action):  # (True is no card)
            i += 1
        if i == n:
            raise ValueError("action %r is not legal now (turn: seat %r, legal: %s)" % (
                action, self.turn, " ".join(str(a) for a in _LEGAL[:n]) or "none, the match is over"))
        if action == NEXT_DEAL:
            self.deal_no += 1
            self._rekey()
            self._deal()
            return
        self.moves[self.nmoves] = action
        self.nmoves += 1
        seat = self.turn
        if action == EXCHANGE:
            mine = self.exchange_card(seat)
            b = seat * HAND_MAX
            for i in range(self.hand_len[seat]):
                if self.hands[b + i] == mine:
                    self.hands[b + i] = self.trump_card
            self.exposed[self.trump_card] = seat + 1  # everyone saw who took it
            self.trump_card = self.deck[self.end - 1] = mine
            if self.exchange_card(NO_CARD) != NO_CARD:
                return  # the 2 may now go for the 7 just put down (if anyone could hold it)
            self._draw(seat)
        elif action == PASS:
            self._draw(seat)
        else:
            self._play(seat, action)

    def _play(self, seat, card):
        b = seat * HAND_MAX
        k = self.hand_len[seat] - 1
        i = b
        while self.hands[i] != card:
            i += 1
        while i < b + k:
            self.hands[i] = self.hands[i + 1]
            i += 1
        self.hand_len[seat] = k
        self.trick[self.trick_len] = card
        self.trick_seats[self.trick_len] = seat
        self.trick_len += 1
        self.played_by[card] = seat + 1
        self.exposed[card] = 0
        if self.trick_len < self.trick_size:
            s = (seat + 1) % self.n
            while not self.active >> s & 1:
                s = (s + 1) % self.n
            self.turn = s
            return
        best = 0
        pts = 0
        for i in range(self.trick_len):
            if beats(self.trick[i], self.trick[best], self.trump_suit):
                best = i
            pts += POINTS[self.trick[i] % 10]
        winner = self.trick_seats[best]
        self.last_trick[:] = self.trick
        self.last_seats[:] = self.trick_seats
        self.last_len = self.trick_len
        self.last_winner = self.leader = self.turn = winner
        self.seat_points[winner] += pts
        self.seat_tricks[winner] += 1
        self.trick_no += 1
        self.trick_len = 0
        self.phase = EXCHANGE_PHASE
        if self.exchange_card(NO_CARD) == NO_CARD:
            self._draw(winner)

    def _draw(self, winner):
        """The winner draws first, then the others in playing order (twice round in double)."""
        n = self.n
        for i in range(n * self.rules.plays):
            if self.top < self.end:
                s = (winner + i) % n
                card = self.deck[self.top]
                self.top += 1
                self.hands[s * HAND_MAX + self.hand_len[s]] = card
                self.hand_len[s] += 1
                if self.top == self.end and self.trump_card != NO_CARD:
                    self.exposed[card] = s + 1  # everyone sees who takes the face-up card
                    self.trump_card = NO_CARD
        self.phase = PLAY
        if max(self.hand_len):
            self._begin_trick()
        else:
            self._score_deal()

    def _score_deal(self):
        r, t = self.rules, self.tally
        won = self.deal_winners()
        if not won:
            t[9] = min(255, t[9] + 1)  # drawn deals count for nobody
        for side in range(r.sides):
            if won >> side & 1:
                t[side] = min(255, t[side] + 1)
            if won and r.match == MATCH_POINTS:
                p = self.match_points(side) + self.side_points(side)
                t[3 + 2 * side], t[4 + 2 * side] = p >> 8, p & 255
        # A save keeps the deal count in one byte: the 256th deal ends any match, the sides ahead
        # sharing it (only endless 60-60s or ties at the target get there).
        last = self.deal_no >= 255
        if r.match == MATCH_ONE:
            # 60-60 in a one-deal match: a draw ends it shared; annulled, it is dealt again.
            self.match_winners = won or ((1 << r.sides) - 1 if r.tie == TIE_DRAW or last else 0)
        else:
            self.match_winners = self._leaders(last)
        self.turn = NO_CARD
        self.phase = MATCH_OVER if self.match_winners else DEAL_OVER
        if self.phase == DEAL_OVER and (won or r.tie != TIE_SAME_DEALER):
            self.dealer = (self.dealer + 1) % self.n

    def _leaders(self, last=False):
        """Bitmask of the side that has reached the match target alone, or 0 (ties play on)."""
        # After the `last` deal: of every side ahead.
        r = self.rules
        goal = r.target // 2 + 1 if r.match == MATCH_BEST_OF else r.target
        best = mask = 0
        for side in range(r.sides):
            v = self.match_points(side) if r.match == MATCH_POINTS else self.tally[side]
            if v > best:
                best, mask = v, 1 << side
            elif v == best:
                mask |= 1 << side
        return mask if last or best >= goal and mask & (mask - 1) == 0 else 0

    # -- what a seat may know
    def visible_hands(self, seat):
        """Bitmask of seats whose hands `seat` sees: its own, all with open hands, partners' once
        the stock is gone (partners-see option)."""
        r = self.rules
        if r.flags & F_OPEN:
            return (1 << self.n) - 1
        mask = 1 << seat
        if r.flags & F_PARTNERS_SEE and self.top == self.end:
            for s in range(self.n):
                if r.side_of(s) == r.side_of(seat):
                    mask |= 1 << s
        return mask

    def view(self, seat, into=None):
        """What `seat` may know now, written into `into` (a View to reuse) or a new View."""
        v = into or View(self.rules)
        v.fill(self, seat)
        return v

    # -- saving
    def to_bytes(self):
        """The whole game in at most 128 bytes: rules, secret (or this deal's seed, where there is
        none), match tally and this deal's moves. Version 3: brisca/_saved.py says the layout."""
        h, lo, top = self.sh, self.sl, self.sh >> 24
        if h < 0:
            h, lo, top = 0, self.key, 0x80  # the top bit: no secret, this deal's seed instead
        return bytes((_MAGIC, _FORMAT_VERSION)) + self.rules.to_bytes() + bytes(
            (top, h >> 16 & 255, h >> 8 & 255, h & 255, lo >> 24, lo >> 16 & 255, lo >> 8 & 255, lo & 255,
             self.deal_no, self.deal_dealer)) + bytes(self.tally0) + bytes((self.nmoves,)) + bytes(
            self.moves[: self.nmoves])

    @classmethod
    def from_bytes(cls, data):
        """Restore a game from to_bytes() (or an earlier version's); a ValueError if `data` is not
        one, or not a state a match can reach, a TypeError if not bytes."""
        from brisca._saved import from_bytes  # (loaded on first use: a resume, a record read)

        return from_bytes(cls, Rules, data)


class View:
    """What one seat may know: its hand, the cards it sees in other hands (`holder`), its legal
    actions, and the table's public facts: the face-up trump, the stock size, the trick, the last
    trick, every card played and by whom (`played_by`), hand sizes, points and the match tally.
    The AI and the UI decide from views only. The public arrays are the game's own, shared
    read-only (no copies: heap is scarce); refill the view after every move."""

    def __init__(self, rules):
        self.rules = rules
        self.n = rules.players
        self.hand = bytearray(HAND_MAX)
        self.holder = bytearray(40)  # seat + 1 this seat knows holds the card now, else 0
        self.legal = bytearray(HAND_MAX)
        self.deck_cards = rules.deck_cards()

    def fill(self, g, seat):
        if type(seat) is not int or not 0 <= seat < g.n:
            raise ValueError("no seat %r at this table" % (seat,))
        self.seat = seat
        for name in ("phase", "turn", "leader", "dealer", "trick_no", "deal_no", "trump_suit", "trump_card",
                     "stock_left", "trick", "trick_seats", "trick_len", "last_trick", "last_seats", "last_len",
                     "last_winner", "played_by", "seat_points", "seat_tricks", "tally", "match_winners"):
            setattr(self, name, getattr(g, name))
        self.hand_sizes = g.hand_len
        # Scoperta: the top card of the stock lies face up too.
        self.stock_top = NO_CARD
        if g.rules.flags & F_OPEN and g.top < g.end - (0 if g.trump_card == NO_CARD else 1):
            self.stock_top = g.deck[g.top]
        self.holder[:] = g.exposed
        self.visible = g.visible_hands(seat)
        for s in range(self.n):
            if self.visible >> s & 1:
                for i in range(g.hand_len[s]):
                    self.holder[g.hands[s * HAND_MAX + i]] = s + 1
        # Past their lengths the buffers hold NO_CARD: a view reused for another seat keeps none
        # of that seat's cards.
        k = self.hand_len = g.hand_len[seat]
        for i in range(HAND_MAX):  # (a slice of g.hands would allocate)
            self.hand[i] = g.hands[seat * HAND_MAX + i] if i < k else NO_CARD
        k = self.nlegal = g.legal_into(self.legal) if g.turn == seat else 0
        for i in range(k, HAND_MAX):
            self.legal[i] = NO_CARD
        self.exchange_card = g.exchange_card(seat) if g.turn == seat else NO_CARD

    side_points = side_points

    def unseen_into(self, buf):
        """Write the cards this seat cannot place (others' hidden cards, the face-down stock) into
        `buf`; return how many."""
        count = 0
        for c in self.deck_cards:
            if not (self.played_by[c] or self.holder[c] or c == self.trump_card  # type: ignore[attr-defined]
                    or c == self.stock_top):
                buf[count] = c
                count += 1
        return count

