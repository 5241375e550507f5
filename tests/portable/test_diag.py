"""brisca.diag, what the About screen reports (runs under pytest and MicroPython)."""
import sys

from brisca import core, diag  # (core first: the speed check plays with it)


def test_runtime_names_the_implementation_and_its_version():
    text = diag.runtime()
    name = sys.implementation.name
    names = {"micropython": "MicroPython", "circuitpython": "CircuitPython", "cpython": "CPython"}
    assert text.split()[0] == names.get(name, name), text
    assert text.split()[1].count(".") == 2 and core.PLAY == 0


def test_the_heap_figures_are_real_where_the_runtime_has_them():
    free = diag.free()
    if sys.implementation.name == "cpython":
        assert free == -1 and diag.largest_block(10000) == -1
        return
    if sys.platform == "webassembly":  # its mem_free counts the heap it could still add (128 MiB)
        return
    assert free > 4096
    block = diag.largest_block(free)
    assert 0 < block <= free and block % 256 == 0
    data = bytearray(block)  # the block it reports can really be made
    assert len(data) == block


def test_the_speed_check_counts_moves_on_a_given_clock():
    now = [0]

    def ticks():
        now[0] += 1  # a millisecond each read, one read a move: 1,000 moves a second
        return now[0]

    moves = diag.speed(1000, ticks, lambda a, b: a - b)
    assert 990 <= moves <= 1000


def test_the_ai_time_scales_with_the_board_and_is_bounded():
    assert diag.time_scale(diag.PYBADGE) == 100
    assert diag.time_scale(diag.PYBADGE // 2) == 200
    assert diag.time_scale(diag.PYBADGE * 10) == 50
    assert diag.time_scale(1) == 400
    assert diag.time_scale(0) == 100


def test_the_save_slots_are_listed():
    from brisca.save.store import SaveData

    store = SaveData(bytearray(1024))
    assert [n for _seq, n in diag.slots(store)] == [-1, -1, -1, -1]
    store.save_game(b"\x01\x02\x03")
    assert diag.slots(store)[3] == (1, 3)
    assert diag.slots(None) == []
