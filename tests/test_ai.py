"""The device AI (brisca/ai.py): legal everywhere, fair (decides from the view only), bounded in
time, sensible in hand-made positions, exact in 2-player endgames, hints with known codes."""
import time

import pytest

from brisca import ai, core
from brisca.notation import parse_rules

VARIANTS = ["p2", "p2 exchange", "p2 notrump follow", "p2 open", "p2 double", "p2 d32 follow exchange",
            "p3 d39", "p3 d36", "p4", "p4 double partners", "p4 follow", "p6 d36", "p6 d32 partners"]
LEVELS = ai.LEVELS.split()
CODES = ai.REASONS.split()


def copy(g):
    return core.Game.from_bytes(g.to_bytes())


def legal(v):
    return bytes(v.legal[: v.nlegal])


@pytest.mark.parametrize("spec", VARIANTS)
def test_every_level_plays_legal_moves_in_every_variant(spec):
    rules = parse_rules(spec)
    v = core.View(rules)
    for seed in range(12):
        g = core.Game(rules, seed)
        players = [ai.Player(rules, LEVELS[(s + seed) % 3], seed) for s in range(rules.players)]
        while g.phase < core.DEAL_OVER:
            g.view(g.turn, v)
            p = players[g.turn]
            a = p.choose(v)
            assert a in legal(v), (spec, seed, a)
            assert p.reason in CODES
            if seed % 4 == 0:
                h, why = ai.hint(v)
                assert h in legal(v) and why in CODES
            g.apply(a)
        assert sum(g.side_points(s) for s in range(rules.sides)) == 120


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ValueError, match="easy, medium or hard"):
        ai.Player(core.Rules(2), "expert")


def test_not_my_turn_is_a_clear_error():
    g = core.Game(core.Rules(2), 1)
    with pytest.raises(ValueError):
        ai.Player(g.rules).choose(g.view(1 - g.turn))


# -- fairness: permuting what the seat cannot see never changes its choice ------------------------
def hidden_slots(g, seat):
    """(array, index) of every card `seat` cannot see: others' hidden hands, the face-down stock."""
    slots = []
    seen = g.visible_hands(seat)
    for s in range(g.n):
        if not seen >> s & 1:
            for i in range(g.hand_len[s]):
                if not g.exposed[g.hands[s * core.HAND_MAX + i]]:
                    slots.append((g.hands, s * core.HAND_MAX + i))
    end = g.end - (1 if g.trump_card != core.NO_CARD else 0)
    start = g.top + (1 if g.rules.flags & core.F_OPEN and g.top < end else 0)
    slots += [(g.deck, i) for i in range(start, end)]
    return slots


def permuted(g, seat, seed):
    """A copy of `g` with the same public history and the cards `seat` cannot see shuffled."""
    g2 = copy(g)
    slots = hidden_slots(g2, seat)
    cards = bytearray(a[i] for a, i in slots)
    core.Random(seed).shuffle(cards, 0, len(cards))
    for (a, i), c in zip(slots, cards):
        a[i] = c
    return g2


def same_view(a, b):
    names = [k for k in vars(a) if k != "rules"]
    return all(getattr(a, k) == getattr(b, k) for k in names)


def positions(spec, count, seed=0):
    """Games stopped at varied points (random play), the seat to move being an AI's turn."""
    rules = parse_rules(spec)
    rng = core.Random(seed)
    out = []
    while len(out) < count:
        g = core.Game(rules, rng.below(30000))
        stop = rng.below(rules.deck - 1)
        for _ in range(stop):
            if g.phase >= core.DEAL_OVER:
                break
            g.apply(g.legal_actions()[rng.below(len(g.legal_actions()))])
        if g.phase < core.DEAL_OVER:
            out.append(g)
    return out


def unfair_positions(decide, specs, per_spec=25):
    """How many positions whose decision changed when only hidden cards were permuted."""
    bad = 0
    for spec in specs:
        for k, g in enumerate(positions(spec, per_spec, seed=len(spec))):
            seat = g.turn
            g2 = permuted(g, seat, 1000 + k)
            assert same_view(g.view(seat), g2.view(seat))
            if decide(g, seat) != decide(g2, seat):
                bad += 1
    return bad


FAIR_SPECS = ["p2", "p2 exchange", "p2 notrump follow", "p2 open", "p4 partners", "p3 d39", "p2 double"]


def test_permuting_hidden_cards_never_changes_any_level():
    for level in LEVELS:
        def decide(g, seat, level=level):
            return ai.Player(g.rules, level, 7).choose(g.view(seat))
        assert unfair_positions(decide, FAIR_SPECS) == 0, level


def test_late_positions_fairness_for_the_search():
    """Positions with at most the last drawing trick left, where hard searches placements."""
    def decide(g, seat):
        return ai.Player(g.rules, "hard", 3).choose(g.view(seat))
    rules = core.Rules(2)
    bad = 0
    for seed in range(40):
        g = core.Game(rules, seed)
        while g.stock_left > 2 or g.phase != core.PLAY:
            g.apply(g.legal_actions()[0])
        g2 = permuted(g, g.turn, seed)
        assert same_view(g.view(g.turn), g2.view(g.turn))
        bad += decide(g, g.turn) != decide(g2, g.turn)
    assert bad == 0


def test_fairness_check_catches_a_player_that_peeks():
    def peeking(g, seat):
        """Plays its lowest card unless the next seat holds a trump: a cheat the test must see."""
        other = g.hand((seat + 1) % g.n)
        has_trump = any(c // 10 == g.trump_suit for c in other)
        acts = g.legal_actions()
        return acts[-1] if has_trump else acts[0]
    assert unfair_positions(peeking, ["p2", "p4"]) > 0


# -- budget and the incremental form --------------------------------------------------------------
def late_view(seed=4):
    g = core.Game(core.Rules(2), seed)
    while g.stock_left > 2 or g.phase != core.PLAY:
        g.apply(g.legal_actions()[0])
    return g.view(g.turn)


def test_budget_is_honoured_even_with_unbounded_search(monkeypatch):
    monkeypatch.setattr(ai, "_NODES", 10 ** 9)  # only the clock can stop it now
    slow = ai._ab

    def crawl(*args):
        time.sleep(0.0001)
        return slow(*args)

    monkeypatch.setattr(ai, "_ab", crawl)
    v = late_view()
    for budget in (5, 30):
        t0 = time.perf_counter()
        a = ai.Player(v.rules, "hard", 1).choose(v, budget_ms=budget)
        assert (time.perf_counter() - t0) * 1000 < budget + 25
        assert a in legal(v)


def test_incremental_form_reports_progress_and_the_same_move():
    v = late_view(9)
    p = ai.Player(v.rules, "hard", 2)
    p.start(v, 10000)
    seen = [p.progress()]
    while not p.step(0):
        seen.append(p.progress())
    seen.append(p.progress())
    assert seen == sorted(seen) and seen[-1] == 100 and 0 <= seen[0] < 100
    assert p.result() == ai.Player(v.rules, "hard", 2).choose(v)


# -- hand-made positions (views filled by hand: the AI reads nothing else) -------------------------
def card(text):
    from brisca.notation import parse_card
    return parse_card(text)


def make_view(players, seat, hand, trick=(), trump="4c", stock=20, flags=0, played=(), points=None):
    """A View of `seat` to play `hand` (card texts) on `trick` ((seat, card text) in play order)."""
    rules = core.Rules(players, 40 if players != 6 else 36, flags)
    v = core.View(rules)
    for name in ("trick", "trick_seats", "last_trick", "last_seats"):
        setattr(v, name, bytearray(8))
    v.played_by, v.hand_sizes, v.tally = bytearray(40), bytearray(players), bytearray(10)
    v.seat_points, v.seat_tricks = bytearray(players), bytearray(players)
    v.seat, v.phase, v.turn, v.deal_no, v.dealer, v.trick_no = seat, core.PLAY, seat, 0, 0, 5
    v.trump_card = card(trump)
    v.trump_suit = v.trump_card // 10
    v.stock_left, v.stock_top, v.last_len, v.last_winner = stock, core.NO_CARD, 0, core.NO_CARD
    v.match_winners, v.visible, v.exchange_card = 0, 1 << seat, core.NO_CARD
    v.trick_len = len(trick)
    for i, (s, c) in enumerate(trick):
        v.trick[i], v.trick_seats[i] = card(c), s
        v.played_by[card(c)] = s + 1
    v.leader = trick[0][0] if trick else seat
    for c in played:
        v.played_by[card(c)] = 1
    v.hand_len = len(hand)
    for i, c in enumerate(hand):
        v.hand[i] = card(c)
        v.holder[card(c)] = seat + 1
        v.legal[i] = card(c)
    v.nlegal = len(hand)
    for s in range(players):
        v.hand_sizes[s] = len(hand) - (1 if any(t[0] == s for t in trick) else 0)
    for s, p in enumerate(points or ()):
        v.seat_points[s] = p
    return v


def test_takes_a_carico_with_the_cheapest_winning_trump():
    v = make_view(2, 1, ["2c", "Kc", "4s"], trick=[(0, "Au")])  # trump: coins (the 4 turned)
    for level in ("medium", "hard"):
        p = ai.Player(v.rules, level)
        assert p.choose(v) == card("2c")
        assert p.reason == "take_carico_trump"


def test_follows_suit_high_to_win_points():
    v = make_view(2, 1, ["Au", "4s", "2c"], trick=[(0, "5u")])
    p = ai.Player(v.rules, "medium")
    assert p.choose(v) == card("Au") and p.reason == "follow_win_high"


def test_loads_points_on_a_partners_sure_trick():
    # Seat 3 plays last; partner seat 1 wins with the trump Ace.
    v = make_view(4, 3, ["Au", "4s", "5b"], trick=[(0, "3s"), (1, "Ac"), (2, "6s")])
    p = ai.Player(v.rules, "medium")
    assert p.choose(v) == card("Au") and p.reason == "load_partner"


def test_does_not_overtrump_a_partner():
    v = make_view(4, 3, ["Ac", "4u", "7s"], trick=[(0, "2s"), (1, "Kc"), (2, "6s")])
    p = ai.Player(v.rules, "medium")
    assert p.choose(v) in (card("4u"), card("7s")) and p.reason == "dont_overtrump_partner"


def test_leads_a_cheap_card_and_keeps_trumps():
    v = make_view(2, 0, ["Ks", "5u", "3c"])
    p = ai.Player(v.rules, "medium")
    assert p.choose(v) == card("5u") and p.reason == "lead_cheap"


def test_swaps_the_trump_seven_for_a_face_up_ace():
    rules = core.Rules(2, flags=core.F_EXCHANGE)
    for seed in range(3000):
        g = core.Game(rules, seed)
        if g.trump_card % 10 == 0:  # an Ace turned
            break
    seven = g.trump_suit * 10 + 6
    # Play until a seat holding the 7 wins a trick while the exchange is open.
    while g.phase != core.EXCHANGE_PHASE and g.phase < core.DEAL_OVER:
        g.apply(g.legal_actions()[0])
    if g.phase == core.EXCHANGE_PHASE:
        v = g.view(g.turn)
        assert v.exchange_card == seven
        p = ai.Player(rules, "medium")
        assert p.choose(v) == core.EXCHANGE and p.reason == "exchange"
        assert ai.hint(v) == (core.EXCHANGE, "exchange")
    else:
        pytest.skip("no exchange found")


def test_easy_slips_but_never_throws_an_ace_away():
    v = make_view(2, 1, ["2c", "Kc", "Ab"], trick=[(0, "3u")])
    seen = {ai.Player(v.rules, "easy", s).choose(v) for s in range(40)}
    assert card("Ab") not in seen and card("2c") in seen
    v = make_view(2, 0, ["4s", "5u", "6b"])
    assert len({ai.Player(v.rules, "easy", s).choose(v) for s in range(40)}) > 1


# -- exact endgame ---------------------------------------------------------------------------------
def minimax(g, seat):
    """Brute force over real Game copies: the searching seat's final value (as the AI scores)."""
    if g.phase >= core.DEAL_OVER:
        p = g.seat_points[seat]
        return p + (200 if p > 60 else 100 if p == 60 else 0)
    vals = []
    for a in g.legal_actions():
        g2 = copy(g)
        g2.apply(a)
        vals.append(minimax(g2, seat))
    return max(vals) if g.turn == seat else min(vals)


@pytest.mark.parametrize("spec", ["p2", "p2 notrump follow"])
def test_hard_is_exact_once_the_stock_is_empty(spec):
    rules = parse_rules(spec)
    checked = 0
    for seed in range(12):
        g = core.Game(rules, seed)
        while g.stock_left or g.phase != core.PLAY or g.hand_len[g.turn] > 3:
            g.apply(g.legal_actions()[0])
        seat = g.turn
        v = g.view(seat)
        p = ai.Player(rules, "hard", 1)
        a = p.choose(v)
        g2 = copy(g)
        g2.apply(a)
        best = max(minimax(_after(g, b), seat) for b in g.legal_actions())
        assert minimax(g2, seat) == best
        if v.nlegal > 1:
            assert p.reason == "endgame_exact"
            checked += 1
    assert checked > 5


def _after(g, a):
    g2 = copy(g)
    g2.apply(a)
    return g2


# -- strength sanity (the benchmark measures it properly) -----------------------------------------
def duel(a, b, deals, rules=None):
    rules = rules or core.Rules(2)
    v = core.View(rules)
    score = 0.0
    for d in range(deals):
        for swap in (0, 1):
            g = core.Game(rules, 500 + d)
            seats = [ai.Player(rules, (a, b)[(s + swap) % 2], d) for s in range(rules.players)]
            while g.phase < core.DEAL_OVER:
                g.view(g.turn, v)
                g.apply(seats[g.turn].choose(v))
            won = g.deal_winners()
            score += 0.5 if won == 0 else 1.0 if won >> swap & 1 else 0.0
    return score / (2 * deals)


def test_medium_beats_easy_and_hard_holds_medium():
    assert duel("medium", "easy", 60) > 0.58
    assert duel("hard", "medium", 40) >= 0.5
