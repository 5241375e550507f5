"""mypy over the code that runs on the board (code.py, boot.py, brisca/) against the CircuitPython API.

circuitpython-stubs ships one generic `board` stub plus one per board; `circuitpython_setboard pybadge`
would copy the PyBadge one over the installed generic stub (editing the venv). Instead this test
writes the PyBadge stub to a temporary MYPYPATH directory, which mypy searches before installed
packages, so it works on a fresh machine and leaves the venv alone. Two fixes go with it:
  - the 10.3.1 board stubs declare `DISPLAY: displayio.Display`, a class CircuitPython 9 moved to
    busdisplay.BusDisplay (the displayio stub no longer has it): rewritten to busdisplay.BusDisplay;
  - a `micropython` shim whose untyped `const(x)` matches the project's CPython fallback
    `def const(x): return x` (the real stub's generic signature makes every such fallback an error).
Configuration: mypy.ini (check_untyped_defs, since our code has no annotations).
"""

import os
import re
import subprocess
import sys
from importlib import resources

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MYPY_INI = os.path.join(ROOT, "mypy.ini")
BOARD = "pybadge"
MICROPYTHON_SHIM = '"""Type-check shim: CircuitPython micropython.const, untyped like our fallback."""\n' \
                   "def const(x): ...\n"


def board_stub_text(name):
    text = resources.files("board_definitions").joinpath(name).joinpath("__init__.pyi").read_text()
    text = re.sub(r"\bdisplayio\.Display\b", "busdisplay.BusDisplay", text)
    if "import busdisplay" not in text:
        text = text.replace("import displayio", "import busdisplay\nimport displayio", 1)
    return text


@pytest.fixture(scope="module")
def stubs(tmp_path_factory):
    d = tmp_path_factory.mktemp("cp_stubs")
    (d / "board.pyi").write_text(board_stub_text(BOARD))
    (d / "micropython.pyi").write_text(MICROPYTHON_SHIM)
    return d


def run_mypy(stubs, targets, cwd=ROOT):
    env = dict(os.environ, MYPYPATH=str(stubs))
    cmd = [sys.executable, "-m", "mypy", "--config-file", MYPY_INI, "--cache-dir",
           str(stubs / ".mypy_cache"), "--no-color-output", *targets]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


def device_targets():
    """brisca/ and the board's entry scripts that exist (code.py, boot.py)."""
    return [f for f in ("code.py", "boot.py") if os.path.exists(os.path.join(ROOT, f))] + ["brisca"]


def test_board_stub_is_the_pybadge_one(stubs):
    text = (stubs / "board.pyi").read_text()
    assert "board_id: pybadge" in text
    assert "BUTTON_CLOCK: microcontroller.Pin" in text
    assert "DISPLAY: busdisplay.BusDisplay" in text
    assert "JOYSTICK_X" not in text


def test_mypy_catches_real_type_errors(stubs, tmp_path):
    bad = tmp_path / "bad_device_code.py"
    bad.write_text(
        "import board\n"
        "import keypad\n"
        "\n"
        "\n"
        "def setup():\n"  # unannotated: only checked thanks to check_untyped_defs
        "    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,\n"
        "                                    latch=board.BUTTON_LATCH, key_count='8',\n"
        "                                    value_when_pressed=True)\n"
        "    stick = board.JOYSTICK_X\n"  # a PyGamer pin, not on the PyBadge
        "    n = keys.key_count\n"
        "    n.append(1)\n"
        "    board.DISPLAY.auto_refresh = False\n"
        "    return stick\n"
    )
    out = run_mypy(stubs, [str(bad)], cwd=str(tmp_path))
    text = out.stdout + out.stderr
    assert out.returncode == 1, text
    assert 'Module has no attribute "JOYSTICK_X"' in text, text
    assert "key_count" in text and "arg-type" in text, text
    assert '"int" has no attribute "append"' in text, text
    assert "DISPLAY" not in text, text  # the fixed stub knows board.DISPLAY


def test_device_code_typechecks(stubs):
    out = run_mypy(stubs, device_targets())
    text = out.stdout + out.stderr
    if out.returncode != 0:
        per_file = {}
        for line in text.splitlines():
            m = re.match(r"^([^:\s]+\.pyi?):\d+: error:", line)
            if m:
                per_file[m.group(1)] = per_file.get(m.group(1), 0) + 1
        summary = ", ".join(f"{name} ({count})" for name, count in sorted(per_file.items()))
        pytest.fail("mypy (CircuitPython stubs, board {}) found errors in: {}\n\n{}".format(BOARD, summary or "?", text))
    assert "Success" in text, text
