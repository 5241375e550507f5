"""The game's modules on CircuitPython's own VM (tools/cpvm.py: CircuitPython 10.3's unix port,
32-bit, with a pystack): the portable tests, a soak, whole deals of every table shape at every
level, and the tree tools/install.py lays on a CircuitPython 10 drive, its .mpy files loaded as a
board loads them. A board's pystack is 1,536 B on CircuitPython 9, of which the call chain from
code.py down to the AI holds about 600 B: the deals run with the 936 B left and a 96K heap. The VM
has no displayio: the UI runs on tools/mp32 (tests/test_device_boot.py, tests/test_fit.py)."""
import os
import pathlib
import shutil
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PORTABLE = ROOT / "tests" / "portable"
sys.path.insert(0, str(ROOT / "tools"))

import cpvm  # noqa: E402 (after the sys.path set-up on purpose)
import install  # noqa: E402
import mpytree  # noqa: E402
import soak  # noqa: E402

CP10 = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19\r\nBoard ID:pybadge\r\n"


@pytest.fixture(scope="session")
def vm():
    """Skip where the VM is not built (with how to build it); fail instead where
    BRISCA_REQUIRE_MP32 is set, as .ci/run does: CI has ../shared and must run these."""
    missing = cpvm.missing()
    if missing:
        if os.environ.get("BRISCA_REQUIRE_MP32"):
            pytest.fail(missing)
        pytest.skip(missing)


@pytest.fixture(scope="session")
def tree(vm, tmp_path_factory):
    """brisca/ (but its UI) as CircuitPython .mpy (-O3, as shipped), the portable tests as .py."""
    return cpvm.compile_tree(tmp_path_factory.mktemp("cpvm"), sorted(PORTABLE.glob("*.py")))


# Each test in a fresh VM, in a board's 96K heap, with CircuitPython 10's default pystack (2,048 B)
@pytest.mark.parametrize("module,function", list(mpytree.portable_tests()))
def test_portable_on_circuitpython(module, function, tree):
    run = cpvm.run(mpytree.portable_args(module, function), tree)
    out = run.stdout + run.stderr
    assert run.returncode == 0 and " passed, 0 failed" in out, out


def test_a_failing_assert_fails_there(tree, tmp_path):
    """The portable tests keep their asserts on the VM (put in the tree as they are, which
    mpy-cross -O would strip), so a wrong one fails: the canary, put in as they are."""
    canary = tmp_path / "test_canary.py"
    canary.write_text("def test_canary():\n    assert 1 == 2, 'the canary'\n")
    cpvm.add_sources(tree, [canary])
    try:
        run = cpvm.run(["-c", "import mprun", "test_canary"], tree)
    finally:
        for left in tree.glob("test_canary.*"):
            left.unlink()
    out = run.stdout + run.stderr
    assert run.returncode == 1 and "AssertionError the canary" in out and "0 passed, 1 failed" in out, out


def test_the_soak_on_circuitpython(vm):
    """tools/soak.py on the VM: 200 games, hard on 4 players too (brisca.search), a save after every
    trick and a power cut in each, the free heap flat, in the 936 B of pystack a board leaves (the
    soak's own frames on top). 48K: it fails in the third game (the first 4-player hard one) in
    42K and passes in 44K."""
    result = soak.soak(games=200, heap="48K", runtime="cpvm", search=True)
    ok, line = soak.verdict(result)
    assert ok, line
    assert result["done"].startswith("DONE 200 games") and " 200 resumes" in result["done"], result["done"]


DEALS = 4  # of each of cpvm.SHAPES' 10 table shapes: 40 deals a level


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_whole_deals_at_every_table_shape_fit_the_pystack_a_board_leaves(level, tree):
    """Every seat at `level` and seat 0 taking the hint's move (hard's search, the deepest chain),
    each decision from the script's top-level loop, 936 B of pystack, a 96K heap: no deal
    exhausts it. For hard, the least pystack the deals fit in is printed (a bisection)."""
    status, out = cpvm.deals(tree, cpvm.SHAPES, level, DEALS)
    assert status == 0 and "RESULT 0 of %d deals" % (DEALS * len(cpvm.SHAPES)) in out, out
    assert int(out.split("SEARCHED ")[1].split()[0]) >= DEALS * len(cpvm.SHAPES), out  # (the hints searched)
    if level == "hard":
        print("cpvm: %s; the least pystack 1 deal of each shape fits in: %s B"
              % (out.splitlines()[0], cpvm.least_pystack(tree, count=1)))


def test_the_vm_runs_in_the_pystack_it_is_given(tree):
    """A VM that ignored MICROPY_PYSTACK_BYTES (a build without the patch: 4 KB) would pass the
    deals above whatever they need: in 512 B the modules import (256 B do not hold that) and hard
    cannot decide."""
    status, out = cpvm.deals(tree, ["p2"], "hard", 1, pystack=512)
    assert status == 1 and "RESULT 1 of 1 deals exhausted the pystack" in out, out


@pytest.fixture(scope="session")
def drive(vm, tmp_path_factory):
    """What `tools/install.py --to DRIVE --no-circup` lays on a PyBadge's CircuitPython 10 drive."""
    drive = tmp_path_factory.mktemp("CIRCUITPY")
    (drive / "boot_out.txt").write_text(CP10)
    assert install.main(["--to", str(drive), "--no-circup"]) == 0
    return drive


def shipped_modules():
    """brisca's modules as dotted names ("brisca.ui.app"; a package by its own name)."""
    names = []
    for path in sorted((ROOT / "brisca").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_the_install_tool_ships_circuitpython_mpy_for_circuitpython_10(drive):
    got = sorted(p.relative_to(drive).as_posix() for p in (drive / "brisca").rglob("*") if p.is_file())
    want = sorted(m.replace(".", "/") + ("/__init__" if (ROOT / m.replace(".", "/")).is_dir() else "") + ".mpy"
                  for m in shipped_modules())
    assert not [r for r in got if r.endswith(".py")], "install.py shipped .py for CircuitPython 10, not .mpy"
    assert [r for r in got if r.endswith(".mpy")] == want
    assert not [r for r in want if (drive / r).read_bytes()[:1] != b"C"], "not CircuitPython's .mpy (byte 0 `C`)"


@pytest.fixture(scope="session")
def stubs(tmp_path_factory):
    """tests/mpstubs for the modules the VM lacks (displayio, board, ...): not os (it has its own,
    where the stand-in is MicroPython's) nor the device test's player."""
    out = tmp_path_factory.mktemp("stubs")
    for path in (ROOT / "tests" / "mpstubs").glob("*.py"):
        if path.stem not in ("os", "player"):
            shutil.copy(str(path), str(out / path.name))
    return out


def test_every_shipped_module_loads_on_circuitpython(drive, stubs):
    """Each .mpy imports on the VM (the UI's over tests/mpstubs, the VM having no displayio)."""
    failed = []
    for name in shipped_modules():
        run = cpvm.run(["-c", "import %s" % name], drive, path=[stubs])
        if run.returncode:
            failed.append("%s: %s" % (name, (run.stdout + run.stderr).strip().splitlines()[-1:]))
    assert not failed, "\n".join(failed)


def test_hard_plays_from_the_shipped_tree_in_the_pystack_a_board_leaves(drive):
    status, out = cpvm.deals(drive, cpvm.SHAPES, "hard", 2)
    assert status == 0 and "RESULT 0 of %d deals" % (2 * len(cpvm.SHAPES)) in out, out
