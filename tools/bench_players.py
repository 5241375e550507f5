"""Baseline players for tools/bench.py (portable: the MicroPython bench runner imports it too).

Each has `choose(view, budget_ms=None)` like brisca.ai.Player."""
from brisca.core import EXCHANGE, EXCHANGE_PHASE, NO_CARD, PASS, POINTS, STRENGTH, Random, beats


class RandomPlayer:
    """Uniformly random legal action."""

    def __init__(self, rules, seed=0):
        self.rng = Random(seed)

    def choose(self, v, budget_ms=None):
        return v.legal[self.rng.below(v.nlegal)]


def _cost(c, trump):
    return POINTS[c % 10] + (12 + STRENGTH[c % 10] if c // 10 == trump else 0)


class GreedyPlayer:
    """Simple greedy baseline: lead the cheapest card; following, win with the best-scoring
    same-suit card, trump only a trick with 10+ points (cheapest trump), else throw the cheapest."""

    def __init__(self, rules, seed=0):
        self.rules = rules

    def choose(self, v, budget_ms=None):
        if v.phase == EXCHANGE_PHASE:  # (the step comes whoever holds the card: PASS without one)
            return EXCHANGE if v.exchange_card != NO_CARD else PASS
        t = v.trump_suit
        cheap = v.legal[0]
        for i in range(v.nlegal):
            if _cost(v.legal[i], t) < _cost(cheap, t):
                cheap = v.legal[i]
        if not v.trick_len:
            return cheap
        best, bseat, table = v.trick[0], v.trick_seats[0], 0
        for i in range(v.trick_len):
            c = v.trick[i]
            table += POINTS[c % 10]
            if beats(c, best, t):
                best, bseat = c, v.trick_seats[i]
        if self.rules.side_of(bseat) == self.rules.side_of(v.seat):
            return cheap
        suit = trump = None
        for i in range(v.nlegal):
            c = v.legal[i]
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
