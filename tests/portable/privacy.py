"""View privacy, shared by tests/test_view_privacy.py (hypothesis) and test_core_privacy.py (here,
MicroPython too): a world that differs from the real one only in what a seat cannot know (the
other seats' hidden cards, the face-down stock's order, and so who could swap the face-up trump)
but has the same public history must give that seat the very same view, buffers and all."""
from brisca import core


def deal_order(g):
    """The order core.Game.deal_from() takes for `g`'s current deal, read at its start: the cards
    in dealing order, the turned card, then the stock from the top."""
    order = bytearray(g.deck[: g.top])
    if g.trump_card != core.NO_CARD:
        order.append(g.deck[g.end - 1])
        order.extend(g.deck[g.top: g.end - 1])
    else:
        order.extend(g.deck[g.top: g.end])
    return bytes(order)


def hidden(g, seat):
    """The cards `seat` cannot place in `g` now: other seats' hands it does not see (less a card
    everyone saw taken) and the face-down stock (less the face-up trump and, in Scoperta, the
    stock's top card). None of them has been seen by `seat` before either."""
    out = bytearray()
    visible = g.visible_hands(seat)
    for s in range(g.n):
        if not visible >> s & 1:
            for c in g.hand(s):
                if not g.exposed[c]:
                    out.append(c)
    end = g.end - (0 if g.trump_card == core.NO_CARD else 1)
    top = g.top + (1 if g.rules.flags & core.F_OPEN and g.top < end else 0)
    out.extend(g.deck[top:end])
    return bytes(out)


def permuted(order, cards, into):
    """`order` with the cards of `cards` put where `into` (the same cards, permuted) says."""
    out = bytearray(order)
    k = 0
    for i in range(len(out)):
        if out[i] in cards:
            out[i] = into[k]
            k += 1
    return bytes(out)


def difference(v1, v2):
    """The first field in which two views differ (whole buffers, beyond their lengths too), or None."""
    d1, d2 = v1.__dict__, v2.__dict__
    for name in sorted(d1):
        if name not in d2:
            return name + " (missing)"
        a, b = d1[name], d2[name]
        if isinstance(a, (bytes, bytearray)):
            a, b = bytes(a), bytes(b)
        if a != b:
            return "%s: %r != %r" % (name, a, b)
    if len(d1) != len(d2):
        return "fields: %r != %r" % (sorted(d1), sorted(d2))
    r1, r2 = repr(v1), repr(v2)
    if r1.split(" at ")[0] != r2.split(" at ")[0]:  # (the default repr differs by address only)
        return "repr: %s != %s" % (r1, r2)
    return None


def compare(start, order, other, moves, seat):
    """Replay `moves` from the saved deal start `start`, dealt as `order` and as `other`, in
    lockstep; before each move and after the last, fill one reused View per world for the seat to
    move (as a view shared between seats is) and then for `seat`, and require the same view.
    Stops where a move is illegal in the other world (that world does not fit the public history);
    returns how many positions were compared."""
    g1 = core.Game.from_bytes(start)
    g1.deal_from(order)
    g2 = core.Game.from_bytes(start)
    g2.deal_from(other)
    v1, v2 = core.View(g1.rules), core.View(g2.rules)
    i = 0
    while True:
        if g1.turn < g1.n:
            g1.view(g1.turn, v1)
        if g2.turn < g2.n:
            g2.view(g2.turn, v2)
        g1.view(seat, v1)
        g2.view(seat, v2)
        why = difference(v1, v2)
        if why:
            raise AssertionError("seat %d's view differs after %d moves (%s): %s" % (
                seat, i, " ".join(str(m) for m in moves[:i]), why))
        if i == len(moves):
            return i + 1
        g1.apply(moves[i])
        try:
            g2.apply(moves[i])
        except ValueError:
            return i + 1
        i += 1


def position(rules, seed, dealer, steps, rng):
    """Play `steps` random legal moves (NEXT_DEAL included) of a new match; return the game, the
    save of its current deal's start and that deal's moves."""
    g = core.Game(rules, seed, dealer)
    start = g.to_bytes()
    buf = bytearray(core.HAND_MAX)
    for _ in range(steps):
        if g.is_over():
            break
        a = buf[rng(g.legal_into(buf))]
        g.apply(a)
        if a == core.NEXT_DEAL:
            start = g.to_bytes()
    return g, start, bytes(g.moves[: g.nmoves])
