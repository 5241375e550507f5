"""Will it fit? The game's RAM with a board's object sizes against a PyBadge's budget (issue 12):
tools/fit.py plays the device scripts on MicroPython's 32-bit port and measures every figure
docs/memory.md's table shows, each held at its bar."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
import fit  # noqa: E402
from tests.conftest import need_mp32  # noqa: E402

# The bars, held here rather than read from the tool they check (a PyBadge's budget, issue 12):
TITLE_BUDGET = 64_000  # the title at start-up
BUDGET = 96_000  # every resident peak (from .mpy, as boards get them)
REVISIT = 2_048  # a screen shown again over its first time
BLOCK_HEAP = 146_500  # the end of a 16 KB block free after every screen change (a PyBadge's least heap)


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    need_mp32()  # (a module's fixture cannot use the mp32 fixture, which is one test's)
    return fit.measure(tmp_path_factory.mktemp("fit"))


def test_every_screen_and_the_peaks_fit_the_budget(figures, mp32):
    assert figures["title"] <= TITLE_BUDGET, figures["title"]
    assert figures["peak_full"] <= BUDGET, figures["peak_full"]
    assert figures["peak_hard4"] <= BUDGET, figures["peak_hard4"]
    assert len(figures["screens_full"]) >= 15  # every screen the script shows was measured
    # (with the names' pools as held here, the stand-ins' names among them, too)
    held_here = figures["as_held_here"]
    assert max(held_here["peak_full"], held_here["peak_hard4"]) <= BUDGET, held_here


def test_a_screen_shown_again_holds_no_more_than_the_first_time(figures, mp32):
    # (the table held 2,336 B more once a hint had made a hard player and the network's buffers,
    # and kept them; a hint lets both go now, and with no log of screens in the shell the most
    # is the title's 1,266 B, after a game)
    assert figures["revisit"] <= REVISIT, [(name, s) for name, s in figures["screens_full"].items()
                                               if s["max"] - s["first"] > REVISIT]


def test_a_16_kb_block_fits_after_every_screen_change(figures, mp32):
    # where its end lies, at the table: 113,200 B with no line numbers compiled; 118,000 B before
    # (117,904 B once a .mpy named its source by its module's name; 118,672 B since the end-of-deal
    # screen no longer loads the records; 120,400 B before; 127,200 B, after the new-game menu,
    # while each text looked up opened the language file again; 130,320 B while the shell kept a
    # log of the screens it drew; 140,864 B while a game imported brisca.net again at each return
    # to the table). A place in the heap: the names' pools lie there as held here.
    assert figures["block_end"] <= BLOCK_HEAP, figures["block_end"]


def test_the_names_pools_are_those_the_port_makes(figures, mp32):
    # fit.pool_bytes(), from the names' count, against the port's own table at every screen of the
    # two runs: the board's figures count the game's names in pools of their own by it
    assert figures["pools_unlike_port"] == [], figures["pools_unlike_port"]


def test_our_names_stay_in_six_pools(figures, mp32):
    # past 1,260 names of ours a board's table makes its 7th pool (1,280 names, 8,992 B on the
    # 32-bit port): every figure at the table would grow by that much (1,085 at most while the
    # .py full script was measured too; 1,238 before the shipped .py put private consts in and
    # renamed locals; a .mpy makes no names of its locals)
    assert figures["our_names_most"] <= 1260, figures["our_names_most"]


def test_the_tool_reports_against_the_same_bars():
    # (docs/memory.md's table comes from tools/fit.py: its bars must be these)
    assert (fit.TITLE_BUDGET, fit.BUDGET, fit.REVISIT, fit.BLOCK_HEAP) == (TITLE_BUDGET, BUDGET, REVISIT, BLOCK_HEAP)


def test_the_names_pools_are_charged_as_a_board_holds_them_either_way():
    # say 435 names of the stand-ins (firmware's on a board; 417 now) fill 5 pools (20 + 40 + ... + 320);
    # at the title the game's 648 more take the 6th (640) here, on a board the 6 first: 4,496 B more
    # there; at the table its 1,201 take the 6th and the 7th (1,280) here, the 6 first there
    assert fit.pool_bytes(20) == 176 and fit.pool_bytes(21) == 176 + 304
    assert fit.pool_bytes(1260) == fit.pool_bytes(1083) == 9008 and fit.pool_bytes(1261) == 18000
    assert fit.names_over(435 + 648, 435) == -4496
    assert fit.names_over(435 + 1201, 435) == 4496
    assert fit.names_over(435, 435) == 0


def test_a_16_kb_block_fits_a_pybadges_split_heap_after_every_screen_change(figures, mp32):
    # the same block in the areas CircuitPython 10 would have (fit.block_in_areas(): the heap's map
    # at each screen change of both scripts laid over them); held at the estimate, 149,500 B, its
    # low end (146,500 B) reported beside it
    held = figures["areas_block"]
    assert held["screens"] >= 20 and held["heap"] == fit.PYBADGE_HEAP, held
    assert held["least_room"] >= fit.BLOCK, (held, figures["areas_block_least"])


def test_a_pybadges_areas_grow_as_circuitpython_adds_them():
    # 8 KB first (CIRCUITPY_HEAP_START_SIZE: 496 blocks after its tables), then each area as large
    # as those before it together, the last one what is left
    areas = fit.split_areas(149_500)
    assert [a[0] for a in areas[:5]] == [8192, 8240, 16432, 32800, 65536], areas
    assert areas[0][1] == 496 and sum(a[0] for a in areas) <= 149_500 < sum(a[0] for a in areas) + 100
    assert fit.area_bytes(496) == 8240 and fit.area_pool_blocks(8240) == 496


def _areas_map(*parts):
    """A heap map over a PyBadge's areas: per area, a string of runs, "h" an object filling its
    run of that area's blocks, "." free; e.g. ("h", ".h") = area 0 full, area 1 half free."""
    kinds = ""
    for (_size, n), part in zip(fit.split_areas(), parts):
        runs = [n * (k + 1) // len(part) - n * k // len(part) for k in range(len(part))]
        kinds += "".join("h" + "=" * (r - 1) if c == "h" else "." * r for c, r in zip(part, runs))
    return kinds


def test_the_split_heap_model_finds_a_block_only_within_one_area():
    assert fit.block_in_areas("")[0] >= 60_000  # nothing held: the 64 KB area is there to take
    # the 32 KB area (3) half free: 16 KB and a little more
    assert fit.block_in_areas(_areas_map("h", "h", "h", "h.", "h", "h")) == (992 * 16, "in area 3")
    # the same free room, but half at the end of area 3 and half at the start of area 4: no object
    # straddles two areas
    assert fit.block_in_areas(_areas_map("h", "h", "h", "hhhh.", ".hhhhhhh", "h"))[0] < 16384
    # an object here lying across the end of area 3 goes, on a board, to the first room that holds
    # it: the start of area 4
    areas = fit.split_areas()
    start4 = sum(a[1] for a in areas[:4])
    straddling = _areas_map("h", "h", "h", "h")[:start4 - 590] + "h" + "=" * 599
    assert fit.block_in_areas(straddling) == ((areas[4][1] - 600) * 16, "in area 4")
    # live blocks spread over every area: no 16 KB anywhere (in the 64 KB area, 440 blocks at most)
    spread = ".h.h.h.h."
    assert fit.block_in_areas(_areas_map(*[spread] * 6)) == (441 * 16, "in area 4")
    # more held than the areas take: no room at all
    blocks = sum(a[1] for a in fit.split_areas())
    assert fit.block_in_areas("h" * (blocks + 1)) == (0, "the areas hold no more")
