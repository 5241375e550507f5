"""The device AI (brisca/ai.py): legal everywhere, fair (decides from the view only), bounded in
time, sensible in hand-made positions, exact in 2-player endgames, hints with known codes."""
import time

import pytest

from brisca import ai, core
from brisca.notation import parse_rules

VARIANTS = ["p2", "p2 exchange", "p2 notrump follow", "p2 open", "p2 double", "p2 d32 follow exchange",
            "p3 d39", "p3 d36", "p4", "p4 double partners", "p4 follow", "p6 d36", "p6 d36 partners", "p3 d32"]
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


FAIR_SPECS = ["p2", "p2 exchange", "p2 notrump follow", "p2 open", "p4 partners", "p3 d39", "p2 double", "p2 d32",
              "p3 d36 exchange"]


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
    from brisca import endgame

    monkeypatch.setattr(endgame, "_NODES", 10 ** 9)  # only the clock can stop it now
    slow = endgame._ab

    def crawl(*args):
        time.sleep(0.0001)
        return slow(*args)

    monkeypatch.setattr(endgame, "_ab", crawl)
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
    p = ai.Player(v.rules, "medium")
    assert p.choose(v) == card("2c")
    assert p.reason == "take_carico_trump"
    # hard's learned evaluation takes it too, and may judge the King's 4 points worth the trump
    p = ai.Player(v.rules, "hard")
    assert p.choose(v) in (card("2c"), card("Kc")) and p.reason == "take_carico_trump"


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
    for seed in range(3000):  # (a deal with an Ace turned where the exchange comes: it skipped before)
        g = core.Game(rules, seed)
        if g.trump_card % 10 != 0:  # an Ace turned
            continue
        # Play until a seat holding the 7 wins a trick while the exchange is open (the exchange step
        # comes whoever holds it: pass it otherwise).
        while g.phase < core.DEAL_OVER and (g.phase != core.EXCHANGE_PHASE
                                            or g.exchange_card(g.turn) == core.NO_CARD):
            g.apply(g.legal_actions()[-1] if g.phase == core.EXCHANGE_PHASE else g.legal_actions()[0])
        if g.phase == core.EXCHANGE_PHASE:
            break
    assert g.phase == core.EXCHANGE_PHASE, "no deal of 3000 comes to the exchange"
    v = g.view(g.turn)
    assert v.exchange_card == g.trump_suit * 10 + 6
    p = ai.Player(rules, "medium")
    assert p.choose(v) == core.EXCHANGE and p.reason == "exchange"
    assert ai.hint(v) == (core.EXCHANGE, "exchange")


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


# -- hard on every other table: determinized search (brisca/search.py) ------------------------------
MP_SPECS = ["p3 d39", "p4", "p4 follow", "p6 d36", "p2 double", "p4 double partners", "p3 d36 exchange", "p4 d32",
            "p3 d32"]


def late_positions(spec, count, seed=0, stock=0):
    """Games played at random until at most `stock` cards are left to draw, at a card to play."""
    rules = parse_rules(spec)
    rng = core.Random(seed)
    out = []
    while len(out) < count:
        g = core.Game(rules, rng.below(30000))
        while g.phase < core.DEAL_OVER and (g.stock_left > stock or g.phase != core.PLAY):
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])
        skip = rng.below(2 * rules.players * rules.plays)  # into the last tricks, where hard solves
        while skip and g.phase == core.PLAY:
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])
            skip -= 1
        if g.phase == core.PLAY and len(g.legal_actions()) > 1:
            out.append(g)
    return out


@pytest.mark.parametrize("spec", MP_SPECS)
def test_hard_search_is_fair_on_every_table(spec):
    """Mid-deal and empty-stock positions: permuting the hidden cards never changes hard's move."""
    bad = searched = 0
    for k, g in enumerate(positions(spec, 6, seed=3) + late_positions(spec, 8, seed=4)):
        seat = g.turn
        g2 = permuted(g, seat, 77 + k)
        assert same_view(g.view(seat), g2.view(seat))
        p = ai.Player(g.rules, "hard", 11)
        a = p.choose(g.view(seat))
        searched += ai._S[13] > 0
        bad += a != ai.Player(g.rules, "hard", 11).choose(g2.view(seat))
    assert bad == 0 and searched > 3


@pytest.mark.parametrize("spec", ["p3 d39", "p4", "p2 double", "p6 d36"])
def test_hard_search_is_deterministic_for_a_seed(spec):
    for g in positions(spec, 6, seed=5) + late_positions(spec, 4, seed=6):
        v = g.view(g.turn)
        assert ai.Player(g.rules, "hard", 4).choose(v) == ai.Player(g.rules, "hard", 4).choose(v)


def paranoid(g, seat):
    """Brute force over Game copies: the searching side's final value, x4, as brisca.search scores
    it (+200 a win, +100 a draw); the other sides minimize it."""
    if g.phase >= core.DEAL_OVER:
        r = g.rules
        me = r.side_of(seat)
        mine = g.side_points(me)
        top = max(g.side_points(s) for s in range(r.sides) if s != me)
        bonus = 200 if mine > top else 100 if mine == top else 0
        return (mine + bonus) * 4
    vals = [paranoid(_clone_after(g, a), seat) for a in g.legal_actions()]
    return max(vals) if g.rules.side_of(g.turn) == g.rules.side_of(seat) else min(vals)


def _clone_after(g, a):
    """`g` after action `a`, keeping hands set by hand (a record replay would deal them anew)."""
    from copy import deepcopy
    g2 = deepcopy(g)
    g2.apply(a)
    return g2


@pytest.mark.parametrize("spec", ["p3 d39", "p4", "p2 double", "p4 follow"])
def test_search_solves_each_placement_exactly_once_the_stock_is_empty(spec):
    """Each sampled placement's value per move equals brute-force minimax on that deal."""
    from brisca import search
    checked = 0
    for k, g in enumerate(late_positions(spec, 4, seed=8)):
        v = g.view(g.turn)
        if not search.setup(v, ai.since, ai.ticks_ms(), 10 ** 6, search._EXACT_LINES):
            continue
        search.sample(core.Random(k), 0)
        g2 = copy(g)
        for s in range(g.n):
            b = s * core.HAND_MAX
            g2.hands[b: b + search.HL[s]] = search.H[b: b + search.HL[s]]
        for a in g.legal_actions():
            assert search.value(a, -ai._BIG, 10 ** 6) == paranoid(_clone_after(g2, a), g.turn), (spec, k, a)
        checked += 1
    assert checked >= 2


def test_search_placements_respect_hand_sizes_and_known_cards():
    from brisca import search
    checked = 0
    for g in late_positions("p4 partners", 6, seed=9, stock=4) + late_positions("p3 d39", 4, seed=9, stock=3):
        v = g.view(g.turn)
        if not search.setup(v, ai.since, ai.ticks_ms(), 10 ** 6, 10 ** 9):
            continue
        checked += 1
        search.sample(core.Random(1), 0)
        placed = []
        for s in range(g.n):
            assert search.HL[s] == g.hand_len[s]
            hand = bytes(search.H[s * 5: s * 5 + search.HL[s]])
            placed += hand
            for c in range(40):
                if v.holder[c] == s + 1:
                    assert c in hand
        placed += search.ST[: g.stock_left]
        assert sorted(placed) == sorted(set(placed))
        if g.trump_card != core.NO_CARD:
            assert search.ST[g.stock_left - 1] == g.trump_card
        unseen = bytearray(40)
        assert sorted(placed) == sorted(list(g.hand(g.turn)) + list(unseen[: v.unseen_into(unseen)])
                                        + ([g.trump_card] if g.trump_card != core.NO_CARD else [])
                                        + [c for c in range(40) if v.holder[c] and v.holder[c] != g.turn + 1])
    assert checked >= 6


def test_search_budget_is_honoured_on_every_table(monkeypatch):
    from brisca import search
    monkeypatch.setattr(search, "_NODES", 10 ** 9)  # only the clock can stop it now
    monkeypatch.setattr(search, "_NODES_2P", 10 ** 9)
    slow = search._g

    def crawl(*args):
        time.sleep(0.0001)
        return slow(*args)

    monkeypatch.setattr(search, "_g", crawl)
    for spec in ("p4", "p3 d39", "p2 double"):
        for g in late_positions(spec, 2, seed=2):
            v = g.view(g.turn)
            p = ai.Player(v.rules, "hard", 1)
            t0 = time.perf_counter()
            a = p.choose(v, budget_ms=20)
            assert (time.perf_counter() - t0) * 1000 < 20 + 25
            assert a in legal(v)


def test_search_work_is_bounded_by_nodes():
    from brisca import search
    for spec in MP_SPECS:
        for g in positions(spec, 4, seed=12) + late_positions(spec, 3, seed=12):
            ai.Player(g.rules, "hard", 1).choose(g.view(g.turn), budget_ms=10 ** 6)
            assert ai._S[12] <= search._NODES + 64


def test_hard_other_tables_under_micropython(tmp_path):
    """tests/portable/ai_tables.py under MicroPython: a 3-player and a double game with hard, in a
    42K heap (core, ai and search loaded first, as a board's code.py would). 40K until hard at 3
    players read the tables' net: its modules beside brisca.search needed 44K to 48K; one half at a
    time (brisca.ai's _half(), which loads brisca.search again mid-deal), 42K (41.75K failed)."""
    import os
    import pathlib
    import subprocess
    import sys
    root = pathlib.Path(__file__).resolve().parent.parent
    binary = pathlib.Path(sys.executable).parent
    srcs = [p for p in (root / "brisca").rglob("*.py") if "ui" not in p.relative_to(root).parts]
    for src in srcs + [root / "tests" / "portable" / n for n in ("mprun.py", "ai_tables.py")]:
        rel = src.relative_to(root) if src.is_relative_to(root / "brisca") else pathlib.Path(src.name)
        dest = (tmp_path / rel).with_suffix(".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(binary / "mpy-cross"), "-o", str(dest), str(src)], check=True)
    steps = "import gc; import brisca.core; gc.collect(); import brisca.ai; gc.collect(); " \
            "import brisca.search; gc.collect(); import mprun"
    run = subprocess.run([str(binary / "micropython"), "-X", "heapsize=42K", "-c", steps, "ai_tables"],
                         cwd=str(tmp_path), env=dict(os.environ, MICROPYPATH=str(tmp_path)),
                         capture_output=True, text=True, timeout=300, check=False)
    out = run.stdout + run.stderr
    assert run.returncode == 0 and "2 passed, 0 failed" in out, out
