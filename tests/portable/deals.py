"""Building prearranged deals for the portable tests."""
from brisca import core


def parse_card(word):
    """'As' -> 20 (rank A234567JNK, suit cusb), without loading brisca.notation: heap is scarce."""
    return "cusb".index(word[1]) * 10 + "A234567JNK".index(word[0])


def cards(text):
    """'As 7c' -> [20, 6]."""
    return [parse_card(w) for w in text.split()]


def arrange(rules, dealer, hands, turned=None, stock=""):
    """A dealing order giving seat s the cards `hands[s]` ('As 7c 2u'), turning `turned`, then
    putting `stock` on top of the stock; the deck's other cards follow in ascending order."""
    n = rules.players
    leader = (dealer + 1) % n
    held = [cards(h) for h in hands]
    order = bytearray()
    for k in range(rules.hand):
        for i in range(n):
            order.append(held[(leader + i) % n][k])
    if turned:
        order.append(parse_card(turned))
    for c in cards(stock):
        order.append(c)
    used = bytearray(40)
    for c in order:
        used[c] = 1
    for c in rules.deck_cards():
        if not used[c]:
            order.append(c)
    return bytes(order)


def game(rules, hands, turned=None, stock="", dealer=None):
    """A game whose first deal is prearranged (dealer defaults to the last seat, so seat 0 leads)."""
    if dealer is None:
        dealer = rules.players - 1
    g = core.Game(rules, 1, dealer)
    g.deal_from(arrange(rules, dealer, hands, turned, stock))
    return g


def play(g, text):
    for w in text.split():
        g.apply(parse_card(w))


def random_play(g, rng, limit=2000):
    buf = bytearray(5)
    steps = 0
    while not g.is_over() and steps < limit:
        g.apply(buf[rng.below(g.legal_into(buf))])
        steps += 1
    return steps


def scored(rules, points, dealer=0, tally=None):
    """Score a deal as if the seats had taken `points`."""
    g = core.Game(rules, 1, dealer)
    if tally:
        g.tally[: len(tally)] = bytes(tally)
    for s in range(rules.players):
        g.seat_points[s] = points[s]
    g._score_deal()
    return g
