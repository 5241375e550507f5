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
    """A deal's seed is worked out in small ints (Speck32/64 on 16-bit words): on a board (31-bit
    small ints) anything past 2**30 would be a long int on the heap, once per deal. Speck's
    published test vector (key 1918 1110 0908 0100, block 6574 694c -> a868 42f2) holds."""
    assert core._speck(0x6574, 0x694C, 0x0100, 0x0908, 0x1110, 0x1918) == (0xA868 & 0x3FFF) << 16 | 0x42F2
    g = core.Game(core.Rules(2), 1)
    edges = ((0, 0, 0), (0, 1, 1), (core.SEED_MAX, core.SEED_MAX, 2), (1, core.SEED_MAX, 255), (12345, 0, 255))
    for hi, lo, deal in edges:
        g.sh, g.sl, g.deal_no = hi, lo, deal
        g._rekey()
        assert g.key == core.deal_seed(hi << 30 | lo, deal) and 0 <= g.key <= core.SEED_MAX
    mem_alloc = _counter()
    gc.collect()
    gc.disable()
    before = mem_alloc()
    for hi, lo, deal in edges:
        g.sh, g.sl, g.deal_no = hi, lo, deal
        g._rekey()
    used = mem_alloc() - before
    gc.enable()
    assert used == 0, "%d bytes allocated" % used
