"""The board's start-up under the real MicroPython binary: code.py, boot.py and brisca/ as the board
gets them, played through a whole deal, on a heap of fixed size.

The tree is tools/install.py's (brisca/ as .py source, which a board without CircuitPython's mpy-cross
compiles at boot; the libraries found by its import scan, as .mpy like circup installs them), built
by tools/device_boot.py. The CircuitPython modules MicroPython lacks (displayio, terminalio, fontio,
bitmaptools, vectorio, busdisplay, board for a PyBadge, keypad, digitalio, pwmio, audioio,
audiocore, neopixel_write, analogio, storage, microcontroller, supervisor with a virtual clock that
wraps 5 s into the game) are the stand-ins in tests/mpstubs: small, stateful and as strict as the
board where it matters (int positions, one group per layer, packed bitmaps on the heap, pins in use).
The real Adafruit libraries run on them. tests/mpstubs/player.py runs code.main() and plays on the
PyBadge's keys, reading the screen from the display tree: the title; two rules pages, the
statistics, the settings (language to Spanish and back, player 1 named on the letter picker); a
one-deal match against the AI with a hint, the last trick, the pause menu's score sheet and last
trick, a trick pause cut short, the deal-over screen with its replay code, the match result; a
pass-and-play game through four handovers, quit from the pause menu; then the error screen code.py
shows when the game stops. A second start-up resumes the saved game.
"""
import pathlib
import re
import shutil
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import device_boot  # noqa: E402 (after the sys.path set-up on purpose)
import install  # noqa: E402

# The heap each run gets on this 64-bit binary (objects about twice a board's), a regression guard.
# `python tools/device_boot.py --min-heap` measures the edge; the heap's layout shifts with the tree's
# path length, so near the edge passes and failures interleave. Measured: boot and play from .py
# passed at every heap from 340-350K up (three path lengths; failures up to 348K, the first pass at
# 332K), 354K with the libraries as .py too, 354K from .mpy; boot to the title from .py from 266-270K
# up (failures up to 268K), 282K with the libraries as .py. 60K of that are the stand-ins and the
# player, which a board has in firmware. The figures below leave 30K or more over every edge seen:
# growth past that is worth a look before it reaches a board.
HEAP = "384K"
BOOT_HEAP = "304K"

SCREENS = ("title: New game / Replay a deal", "rules: ", "statistics: No games yet",
           "settings in Spanish: Idioma: Español", "names: Player 1: AB", "setup: Match: One deal", "table: ",
           "hint: ", "trick pause cut short", "last trick: Last trick", "pause", "score: Tricks | AB: ",
           "pause, last trick", "deal over: AB: ", "match: You ", "setup: Mode: 2, pass and play",
           "handover: Pass to ", "handover: Pass to ", "handover: Pass to ", "handover: Pass to ",
           "title again: Continue / New game")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """The board's tree, libraries as .mpy (as circup installs them)."""
    return device_boot.build(tmp_path_factory.mktemp("device") / "t", mpy=False)


@pytest.fixture(scope="module")
def tree_mpy(tmp_path_factory):
    """brisca/ as .mpy too, as CircuitPython's own mpy-cross would ship it."""
    return device_boot.build(tmp_path_factory.mktemp("device") / "t", mpy=True)


@pytest.fixture(scope="module")
def tree_as_installed(tmp_path_factory):
    """Exactly install.py's tree without circup: the libraries' .py sources, compiled at boot too."""
    return device_boot.build(tmp_path_factory.mktemp("device") / "t", mpy=False, lib_mpy=False)


def check_game(proc, via_code_py=True):
    """The full script's run: every screen in order, sounds and lights, the error screen.
    via_code_py: the run started from code.main() (tools/mp32/game.mjs takes its steps itself)."""
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "Traceback" not in out, out
    assert "unavailable" not in out, out  # detect() reports a part (keys, speaker, pixels) it could not start
    screens = [line[len("SCREEN "):] for line in proc.stdout.splitlines() if line.startswith("SCREEN ")]
    assert len(screens) == len(SCREENS), out
    for got, want in zip(screens, SCREENS):
        assert got.startswith(want), out
    deal_over = screens[SCREENS.index("deal over: AB: ")]
    assert "AI 1: " in deal_over and "Code " in deal_over, out  # the replay code: brisca.replay, loaded then
    handovers = [s for s in screens if s.startswith("handover: ")]
    assert any("AB" in s for s in handovers) and any("Player 2" in s for s in handovers), out
    assert "RAM free after loading the app" in out or not via_code_py, out
    done = [line.split() for line in out.splitlines() if line.startswith("PLAYER done: ")][0]
    assert int(done[done.index("sounds,") - 1]) > 0, out  # the turn beeps: audioio on the speaker pin
    assert int(done[done.index("LED") - 1]) > 0, out  # the trump colour: neopixel_write
    assert "ERROR SCREEN Brisca stopped |  | ValueError: stand-in fail" in out, out


def test_boots_and_plays_from_source(tree):
    check_game(device_boot.run(tree, device_boot.GAME, HEAP))
    # switched on again: the pass-and-play game the run quit from is offered and resumed
    proc = device_boot.run(tree, device_boot.RESUME, HEAP, keep_save=True)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "Traceback" not in out, out
    assert "SCREEN resume: Yes" in out and "SCREEN resumed: Pass to " in out, out


def test_boots_and_plays_as_installed(tree_as_installed):
    check_game(device_boot.run(tree_as_installed, device_boot.GAME, HEAP))


def test_four_players_with_three_hard_ais_from_source(tree):
    """The heaviest table: three AIs searching (brisca.search compiled from source mid-game, at the
    first move that needs it), a whole deal on the same heap. The search recurses: its deepest C
    stack on this binary was 17K (a SAMD51 has far less stack than the unix port's 80K; 32-bit
    frames are smaller); 32K flags a deeper recursion before a board's stack does."""
    proc = device_boot.run(tree, device_boot.HARD4, HEAP)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "Traceback" not in out, out
    assert "SCREEN deal over: Player 1 & Partner: " in out and "ERROR SCREEN Brisca stopped" in out, out
    found = re.search(r"STACK deepest search call (\d+) B \(brisca.search loaded\)", out)
    assert found and 0 < int(found.group(1)) < 32 * 1024, out


def test_the_scripted_game_plays_on_a_boards_object_sizes(tree_mpy, mp32):
    """The whole script on MicroPython's 32-bit port (tools/mp32/game.mjs): the RAM it holds is
    tests/test_fit.py's."""
    check_game(device_boot.mp32_run(tree_mpy, "full"), via_code_py=False)


def test_boot_to_the_title_from_source(tree):
    proc = device_boot.run(tree, device_boot.BOOT, BOOT_HEAP)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "SCREEN title: New game" in out and "ERROR SCREEN Brisca stopped" in out, out
    screens = [line for line in out.splitlines() if line.startswith("SCREEN ")]
    assert screens == ["SCREEN title: New game / Replay a deal"], out


def test_what_code_py_imports_compiles_without_line_numbers(tree):
    # (about 3 KB less heap at the table; a traceback still names the module and the function)
    code = ("import code, micropython, sys\nprint('level', micropython.opt_level())\nimport brisca.replay\n"
            "try:\n    brisca.replay.from_replay_code('0')\nexcept Exception as e:\n    sys.print_exception(e)")
    proc = device_boot.run(tree, code, BOOT_HEAP)
    out = proc.stdout + proc.stderr
    assert "level 3" in out, out
    assert 'File "brisca/replay.py", line 1, in from_replay_code' in out, out


@pytest.mark.parametrize("held", (True, False))
def test_boot_py_gives_the_drive_to_the_game_only_with_select_held(tree, held):
    # boot.py runs alone in a fresh VM on a board, with the whole heap. Here it is compiled from
    # source beside the stand-ins: it passes from about 64K, an edge that moves with the length of
    # the test folder's path (the module search path is on the heap); 80K keeps clear of it.
    proc = device_boot.run(tree, "import player; player.boot(%s)" % held, "80K")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "buttons not read" not in out and "could not" not in out, out
    assert ("BOOT remounts [('/', False)]" if held else "BOOT remounts []") in out, out


@pytest.mark.parametrize("held", (True, False))
def test_the_title_says_whether_records_go_to_the_drive(tree, held):
    """boot.py, then code.py in the same run: the drive's mount state carries over, as on a board
    (where boot.py's own objects are gone by then: hence the larger heap)."""
    proc = device_boot.run(tree, "import player; player.boot(%s); player.game('drive')" % held, HEAP)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    footer = [line for line in out.splitlines() if line.startswith("SCREEN title footer: ")]
    want = "Records: saved on drive" if held else "^v move  A ok"
    assert footer == ["SCREEN title footer: " + want], out


def test_a_cpython_only_call_in_the_ui_fails_the_run(tree, tmp_path):
    """The harness can fail: str.removeprefix (CPython 3.9, not MicroPython) in the list view."""
    bad = tmp_path / "t"
    shutil.copytree(tree, bad)
    text = install.game_files(ROOT)["brisca/ui/listview.py"]  # (as installed)
    assert b"self.title.set(title)" in text
    (bad / "brisca" / "ui" / "listview.py").write_bytes(
        text.replace(b"self.title.set(title)", b"self.title.set(title.removeprefix(''))"))
    proc = device_boot.run(bad, device_boot.GAME, HEAP)
    assert proc.returncode != 0
    assert "AttributeError" in proc.stdout + proc.stderr


def test_stand_ins_are_never_installed():
    """tools/install.py ships none of tests/ (the stand-ins would shadow the board's own modules)."""
    files, _names = install.build_tree(ROOT)
    stand_ins = {p.stem for p in (ROOT / "tests" / "mpstubs").glob("*.py")}
    for rel in files:
        assert not rel.startswith("tests/"), rel
        top = rel.split("/")[1] if rel.startswith("lib/") else rel
        assert top.rsplit(".", 1)[0] not in stand_ins, rel


def test_the_player_reads_our_letters_as_the_font_draws_them():
    """The player reads accented letters from its own copy of brisca.ui.letters.CHARS (importing the
    module as it reads the screen would load it in the game's poll, which a board never does)."""
    import ast

    from brisca.ui.letters import CHARS

    tree = ast.parse((ROOT / "tests" / "mpstubs" / "player.py").read_text(encoding="utf-8"))
    copies = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
              and getattr(n.targets[0], "id", "") == "_CHARS"]
    assert copies == [CHARS]
