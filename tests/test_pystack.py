"""Hard fits CircuitPython's pystack: Python frames live on a fixed stack outside the heap (1,536 B
on CircuitPython 9), and the board's call chain from code.py down to Player.step holds about 600 B
of it, so the AI has 936 B. A search that needs more stops the game with "RuntimeError: pystack
exhausted" (a hint too: ai.hint() plays as hard). Checked on MicroPython's 32-bit WebAssembly port
(tools/mp32/pystack.mjs), a board's 4-byte words, on the tables whose searches go deepest: 2 players
from the last drawing trick (Briscolone with open hands: 12 cards), 3 players with 32 cards, double
with 4, and 6 players."""
import json
import os
import subprocess

import device_boot
import mpytree
import pytest

from tests.conftest import need_mp32

BYTES = 936
SHAPES = ["p2", "p2 notrump open", "p3 d32", "p4 double", "p6 d36"]
DEALS = 4  # of each shape: every deal's end is searched, and a search's depth in frames is its peak


def test_hard_and_its_hints_fit_the_pystack_a_board_leaves_them(mp32):
    run = subprocess.run(["node", str(mpytree.MP32 / "pystack.mjs"), str(BYTES), str(DEALS)] + SHAPES,
                         capture_output=True, text=True, timeout=300)
    out = run.stdout + run.stderr
    assert run.returncode == 0 and "RESULT 0 of %d deals" % (DEALS * len(SHAPES)) in out, out
    assert int(out.split("SEARCHED ")[1].split()[0]) >= 5 * DEALS * len(SHAPES), out  # (else nothing was measured)


def _chain(code_py):
    """mp32.mjs' boardChain() on `code_py`'s source: (the board's, the driver's) pystack bytes."""
    script = ("import { boardChain } from %s;\nconst c = await boardChain(process.argv[1], "
              "'def poll():\\n    app.loop(1)\\n    return 0');\nconsole.log('CHAIN', c.board, c.port, c.missing);"
              % json.dumps(str(mpytree.MP32 / "mp32.mjs")))
    run = subprocess.run(["node", "--input-type=module", "-e", script, code_py], capture_output=True, text=True,
                         timeout=60, cwd=str(mpytree.MP32))
    words = (run.stdout + run.stderr).split("CHAIN ")[-1].split()
    assert run.returncode == 0 and len(words) == 3, run.stdout + run.stderr
    return int(words[0]), int(words[1])


def test_the_boards_call_chain_above_the_loop_is_measured_on_code_py(mp32):
    # code.py's module, start() and main() against the drivers' poll() (tools/mp32/game.mjs takes the
    # difference from the pystack before a traced run): 280 B against 96 B
    source = (mpytree.ROOT / "code.py").read_text(encoding="utf-8")
    board, port = _chain(source)
    assert 0 < port < board < 600, (board, port)
    # one more frame between start() and main() shows
    deeper = source.replace("        main()\n", "        (lambda: main())()\n", 1)
    assert deeper != source
    assert _chain(deeper)[0] > board


# The game's own frames from code.py to the title, traced (tools/mp32/game.mjs with MP32_PYSTACK_TRACE:
# the stand-ins for displayio and terminalio, C on a board, apart): against CircuitPython 9's pystack
# less a reserve for the paths this English PyBadge run does not take (other boards, languages,
# options). The title's chain was 1,528 B while Glyphs.tile() drew accented letters under a screen's
# calls; drawn before the refresh, 1,336 B.
BOARD_PYSTACK = 1536
RESERVE = 128


@pytest.fixture(scope="module")
def board_tree(tmp_path_factory):
    need_mp32()
    return device_boot.build(tmp_path_factory.mktemp("pystack") / "tree", mpy=True)


def traced(tree, script):
    """(deepest bytes, its chain) of a traced run of `script` on the board's tree."""
    run = subprocess.run(["node", str(mpytree.MP32 / "game.mjs"), str(tree), script, "67108864"],
                         capture_output=True, text=True, timeout=600, env=dict(os.environ, MP32_PYSTACK_TRACE="1"))
    out = run.stdout + run.stderr
    assert "PYSTACK " in out and "PLAYER done" in out, out[-3000:]
    deepest = int(out.split("\nPYSTACK ")[1].split()[0])
    chain = out.split("PYSTACK-CHAIN ")[1].splitlines()[0]
    print("%s: the deepest pystack use %d B of %d: %s" % (script, deepest, BOARD_PYSTACK, chain))
    return deepest, chain


def test_start_up_to_the_title_fits_circuitpython_9s_pystack_with_room_to_spare(board_tree, mp32):
    deepest, chain = traced(board_tree, "boot")
    assert chain.count("<") >= 8 and "app.loop" in chain, chain  # (the real chain was traced)
    assert deepest <= BOARD_PYSTACK - RESERVE, (deepest, chain)


def test_the_device_script_and_four_player_hard_run_in_circuitpython_9s_pystack(board_tree, mp32):
    # the whole game, untraced, on 384 words with the board's chain above App.loop taken first
    # (MP32_BOARD_CHAIN): the stand-ins' Python frames count on top (C on a board), so this is
    # stricter than a board; a step that runs out ends the run with status 4
    env = dict(os.environ, MP32_BOARD_CHAIN="1", MP32_PYSTACK=str(BOARD_PYSTACK // 4))
    runs = {script: subprocess.Popen(["node", str(mpytree.MP32 / "game.mjs"), str(board_tree), script],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
            for script in ("full", "hard4")}
    for script, proc in runs.items():
        out = proc.communicate(timeout=600)[0]
        assert proc.returncode == 0 and "PLAYER done" in out, out[-3000:]
        high = int(out.split("PYSTACK-HIGH ")[1].split()[0])
        print("%s: the pystack written up to %d B of %d (stand-ins' frames included)" % (script, high, BOARD_PYSTACK))
        assert 600 < high <= BOARD_PYSTACK, (script, high)
