"""Playing allocates nothing: applying a move and refilling a view reuse the game's and the view's
buffers, so a long session neither churns nor fragments a board's heap. Measured under MicroPython
(tests/test_micropython.py runs this file there); CPython has no allocation counter."""
import gc

from brisca import core


def _counter():
    try:
        from gc import mem_alloc  # MicroPython, CircuitPython
    except ImportError:  # CPython: the MicroPython run checks this
        import pytest

        pytest.skip("allocation is counted under MicroPython")
    return mem_alloc


def test_moves_and_views_allocate_nothing():
    mem_alloc = _counter()
    buf = bytearray(core.HAND_MAX)
    for rules in (core.Rules(2), core.Rules(4, flags=core.F_EXCHANGE | core.F_PARTNERS_SEE), core.Rules(3, 39),
                  core.Rules(2, flags=core.F_DOUBLE | core.F_OPEN),
                  core.Rules(2, flags=core.F_NO_TRUMP | core.F_FOLLOW)):
        g = core.Game(rules, 7)
        v = g.view(0)  # a view's first fill makes its fields; later fills reuse them
        rng = core.Random(3)
        while g.phase < core.DEAL_OVER:
            action = buf[rng.below(g.legal_into(buf))]
            seat = g.turn
            gc.collect()
            gc.disable()
            before = mem_alloc()
            g.apply(action)
            g.view(seat, v)
            used = mem_alloc() - before
            gc.enable()
            assert used == 0, "move %d on %d players: %d bytes allocated" % (action, rules.players, used)


def test_deal_seeds_are_small_int_arithmetic():
    """A deal's seed is worked out in small ints: on a board (31-bit small ints) the sum of two
    30-bit numbers, or 2**30 itself, would be a long int on the heap, once per deal."""
    edges = ((0, 0), (1, 1), (core.SEED_MAX - 1000003, 1), (core.SEED_MAX - 1000002, 1), (core.SEED_MAX, 2),
             (core.SEED_MAX, 1073), (12345, 255))
    for seed, deal in edges:
        assert core.deal_seed(seed, deal) == (seed + deal * 1000003) % (core.SEED_MAX + 1)
    mem_alloc = _counter()
    gc.collect()
    gc.disable()
    before = mem_alloc()
    for seed, deal in edges:
        core.deal_seed(seed, deal)
    used = mem_alloc() - before
    gc.enable()
    assert used == 0, "%d bytes allocated" % used
