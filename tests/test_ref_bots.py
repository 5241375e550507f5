"""The host-only reference bots (tools/ref_bots.py): legal, fair (decide from the view only),
deterministic for a seed. Small search settings keep this fast."""
import pathlib
import random
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))

import ref_bots  # noqa: E402

from brisca import core  # noqa: E402
from brisca.notation import parse_rules, rules_text  # noqa: E402

FAST = ("pimc:samples=3,depth=4", "ismcts:iterations=40")


def legal(v):
    return bytes(v.legal[: v.nlegal])


def play_deal(rules, names, seed):
    """Play one deal with the named bots in turn round the table; return the actions."""
    v = core.View(rules)
    g = core.Game(rules, seed)
    players = [ref_bots.make(names[s % len(names)], rules, seed * 10 + s) for s in range(rules.players)]
    actions = []
    while g.phase < core.DEAL_OVER:
        g.view(g.turn, v)
        a = players[g.turn].choose(v)
        assert a in legal(v), (rules_text(rules), seed, a, legal(v))
        actions.append(a)
        g.apply(a)
    return actions


@pytest.mark.parametrize("spec", ["p2", "p2 follow exchange", "p4", "p4 follow partners"])
def test_moves_are_legal_over_whole_deals(spec):
    rules = parse_rules(spec)
    for seed in range(2):
        actions = play_deal(rules, FAST, seed)
        assert len([a for a in actions if a < 40]) == 40


def test_same_seed_same_decisions():
    rules = parse_rules("p2")
    for name in FAST:
        assert play_deal(rules, (name,), 5) == play_deal(rules, (name,), 5)


def hidden_positions(g, seat):
    """(array, index) of every card `seat` cannot see: other hands' cards and the face-down stock."""
    v = g.view(seat)
    out = []
    for s in range(g.n):
        if s != seat:
            for i in range(g.hand_len[s]):
                if not v.holder[g.hands[s * core.HAND_MAX + i]]:
                    out.append((g.hands, s * core.HAND_MAX + i))
    face = 1 if g.trump_card != core.NO_CARD else 0
    for i in range(g.top, g.end - face):
        out.append((g.deck, i))
    return out


def view_facts(v):
    return (bytes(v.hand[: v.hand_len]), bytes(v.holder), bytes(v.played_by), bytes(v.hand_sizes),
            bytes(v.trick[: v.trick_len]), v.stock_left, v.trump_card, v.turn, bytes(v.seat_points), legal(v))


@pytest.mark.parametrize("spec", ["p2", "p4"])
@pytest.mark.parametrize("name", ref_bots.NAMES)
def test_choice_depends_on_the_view_only(spec, name):
    """Shuffling the cards this seat cannot see leaves its view, and so its choice, unchanged,
    while the hidden deal really differs (a bot reading the Game could tell)."""
    rules = parse_rules(spec)
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        g = core.Game(rules, seed)
        for _ in range(4 + 2 * seed):  # a few opening cards, so the view has history
            g.apply(g.legal_actions()[0])
        seat = g.turn
        g2 = core.Game.from_bytes(g.to_bytes())
        spots = hidden_positions(g2, seat)
        cards = [arr[i] for arr, i in spots]
        while True:
            rng.shuffle(cards)
            if cards != [arr[i] for arr, i in spots]:
                break
        for (arr, i), c in zip(spots, cards):
            arr[i] = c
        assert bytes(g2.hands) != bytes(g.hands) or bytes(g2.deck) != bytes(g.deck)
        assert view_facts(g.view(seat)) == view_facts(g2.view(seat))
        a1 = ref_bots.make(name, rules, 11).choose(g.view(seat))
        a2 = ref_bots.make(name, rules, 11).choose(g2.view(seat))
        assert a1 == a2
        checked += 1
    assert checked == 3


def test_exchange_is_taken_and_unsupported_rules_refused():
    rules = parse_rules("p2 exchange")
    v = core.View(rules)
    for seed in range(40):
        g = core.Game(rules, seed)
        while g.phase < core.DEAL_OVER and (g.phase != core.EXCHANGE_PHASE or g.exchange_card(g.turn) == core.NO_CARD):
            g.apply(g.legal_actions()[-1] if g.phase == core.EXCHANGE_PHASE else g.legal_actions()[0])
        if g.phase == core.EXCHANGE_PHASE:
            g.view(g.turn, v)
            assert ref_bots.make("pimc", rules).choose(v) == core.EXCHANGE
            break
    else:
        pytest.fail("no exchange chance in 40 deals")
    with pytest.raises(ValueError, match="double"):
        ref_bots.make("pimc", parse_rules("p2 double"))
    with pytest.raises(ValueError, match="unknown reference bot"):
        ref_bots.make("alphazero", parse_rules("p2"))


def test_gymgreedy_adapter_plays_legal_moves_or_says_what_it_needs():
    """The briscola-gym adapter runs where that package is installed, and elsewhere refuses with
    a message naming it (it is not in the project's venv: its gym 0.21 no longer builds)."""
    import importlib.util

    rules = parse_rules("p2")
    if importlib.util.find_spec("briscola_gym") is None:
        with pytest.raises(ValueError, match="briscola-gym"):
            ref_bots.make("gymgreedy", rules)
        return
    assert len([a for a in play_deal(rules, ("gymgreedy",), 1) if a < 40]) == 40
