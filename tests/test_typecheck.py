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


def device_modules():
    """Every file mypy checks, as repo-relative paths (one test each)."""
    found = [f for f in ("code.py", "boot.py") if os.path.exists(os.path.join(ROOT, f))]
    for folder, _dirs, files in sorted(os.walk(os.path.join(ROOT, "brisca"))):
        for name in sorted(files):
            if name.endswith(".py"):
                found.append(os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/"))
    return found


@pytest.fixture(scope="module")
def device_check(stubs):
    """One mypy run over all device code: (exit code, output, {file: [error lines]})."""
    out = run_mypy(stubs, device_targets())
    text = out.stdout + out.stderr
    per_file = {}
    for line in text.splitlines():
        m = re.match(r"^([^:\s]+\.pyi?):\d+: error:", line)
        if m:
            per_file.setdefault(m.group(1), []).append(line)
    return out.returncode, text, per_file


def test_mypy_ran_cleanly_over_device_code(device_check):
    code, text, per_file = device_check
    assert code in (0, 1), text  # 2 = mypy itself failed (config, crash, missing file)
    assert code == 0 or per_file, text
    unknown = [f for f in per_file if f not in device_modules()]
    assert not unknown, "errors outside the device code (stubs?): {}\n{}".format(unknown, text)


@pytest.mark.parametrize("path", device_modules())
def test_module_typechecks(device_check, path):
    """Each device module on its own, so the report names exactly the files with errors."""
    errors = device_check[2].get(path, [])
    if errors:
        pytest.fail("mypy (CircuitPython stubs, board %s): %d error(s) in %s\n%s"
                    % (BOARD, len(errors), path, "\n".join(errors)))
