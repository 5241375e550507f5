"""Issue 5's soak: 1,000 AI-vs-AI games under real MicroPython, saving after every trick and
resuming once per game from the saved record, with the free heap flat from game to game: in a
36K heap on MicroPython's 32-bit WebAssembly port (a board's object sizes), and on the 64-bit unix
binary with hard's brisca.search loaded too."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))

import soak  # noqa: E402

# The 64-bit MicroPython stand-in: brisca.search, loaded by the first 4-player hard game, must fit
# between what the 2-player hard games left (brisca.net and its buffers among them). Since hard's
# searches are loops on stacks of their own (brisca.search 4,960 B and brisca.endgame 2,784 B
# loaded on the 32-bit port, from 4,032 and 1,952 B) 62K is the least all 1,000 games pass in:
# the edge is uneven (100 games pass in 60K, 1,000 fail in 61K after 18), as where search lands
# decides it. A leak still shows: 1,000 games at even 16 bytes lost each would exhaust it, and
# the verdict wants the free heap identical after every game. `tools/soak.py --runtime unix
# --heap 61K` showed the edge. 64K since hard at 4 players holds one half at a time (brisca.ai's
# _half(): brisca.tablenet and brisca.net, or brisca.search, loaded again each deal): in 63K the
# 4 KB probe failed after 5 of the 1,000 games, the free heap flat; 64K passes at seeds 1 to 3.
# (The board's figures are the 32-bit port's, below.)
UNIX_HEAP = "64K"


def check_thousand(result):
    ok, line = soak.verdict(result)
    assert ok, line
    assert len(result["free"]) == 1000
    assert result["done"].startswith("DONE 1000 games"), result["done"]
    assert " 1000 resumes" in result["done"]  # every game came back from its saved record


# 36K on the 32-bit port (35K until hard's searches became loops, which hold 1.8 KB more loaded):
# hard with 2 players holds its learned evaluation (brisca.net, 2.5 KB), a
# resume the save's reader, and the port collects only between steps; tools/soak.py's DEFAULTS say more.
def test_a_thousand_games_in_a_36k_heap_with_a_boards_object_sizes(mp32):
    check_thousand(soak.soak(games=1000, heap="36K", runtime="mp32", search=False))


# Issue 13's bar: whole hard games (with its learned evaluation, 2 players) in 32K on the 32-bit
# port. The save slot and its power cuts above take 2K more; here the AI's games alone.
def test_whole_hard_games_without_saves_in_a_32k_heap_with_a_boards_object_sizes(mp32):
    result = soak.soak(games=100, heap="32K", runtime="mp32", search=False, saves=False)
    ok, line = soak.verdict(result)
    assert ok, line
    assert result["done"].startswith("DONE 100 games") and " 0 saves" in result["done"], result["done"]


def test_a_thousand_games_on_the_64_bit_binary_with_brisca_search():
    check_thousand(soak.soak(games=1000, heap=UNIX_HEAP, runtime="unix", search=True))


def test_the_32_bit_run_catches_a_heap_too_small(mp32):
    # 28K holds the modules but not a game beside them: the port would grow its heap there, and the
    # driver must report that as the MemoryError a fixed heap gives.
    result = soak.soak(games=5, heap="28K", runtime="mp32", search=False)
    assert result["error"] and "MemoryError: the " in result["error"], result
    assert not soak.verdict(result)[0]


def test_the_verdict_catches_growth_and_fragmentation():
    flat = {"free": [9000] * 10, "probes": [1] * 10, "error": None}
    assert soak.verdict(flat)[0]
    leak = dict(flat, free=[9000] * 6 + [8968, 8968, 8936, 8936])
    assert not soak.verdict(leak)[0]
    fragmented = dict(flat, probes=[1] * 9 + [0])
    assert not soak.verdict(fragmented)[0]
    crashed = dict(flat, error="MemoryError: memory allocation failed")
    assert not soak.verdict(crashed)[0]
