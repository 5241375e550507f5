"""Run the portable tests under a real MicroPython binary with a device-sized heap.

The modules are precompiled with MicroPython's mpy-cross first, as a board gets them precompiled:
the 32K heap then measures what runs (objects, buffers, allocation), not the compiler's parse
tree. What compiling from source costs is checked separately below. The binary is 64-bit, so every
object is about twice its size on a SAMD51: a conservative stand-in for a board.
"""
import ast
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PORTABLE = ROOT / "tests" / "portable"
BIN = pathlib.Path(sys.executable).parent
# Every module that must run on MicroPython: all of brisca/ but the UI, which needs displayio, as
# dotted names under brisca ("core", "save.slots"; a package by its own name).
def device_modules():
    out = []
    for path in sorted((ROOT / "brisca").rglob("*.py")):
        parts = path.relative_to(ROOT / "brisca").with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts and parts[0] != "ui":
            out.append(".".join(parts))
    return out


DEVICE_MODULES = device_modules()


def tool(name):
    found = BIN / name if (BIN / name).exists() else shutil.which(name)
    if not found:
        pytest.fail("no %s binary: `make venv` installs it (requirements-dev.txt)" % name)
    return str(found)


@pytest.fixture(scope="session")
def mpy_tree(tmp_path_factory):
    """brisca/ and tests/portable compiled to .mpy in a fresh directory (no .py beside them)."""
    out = tmp_path_factory.mktemp("mpy")
    for src in sorted((ROOT / "brisca").rglob("*.py")) + sorted(PORTABLE.glob("*.py")):
        if "ui" in src.relative_to(ROOT).parts:
            continue
        rel = src.relative_to(PORTABLE if src.is_relative_to(PORTABLE) else ROOT)
        dest = (out / rel).with_suffix(".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([tool("mpy-cross"), "-o", str(dest), str(src)], check=True)
    return out


def run_mp(args, cwd, heap="32K"):
    env = dict(os.environ, MICROPYPATH=str(cwd))
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap] + args, cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)


def portable_tests():
    """(module, function) for every test function of tests/portable, read without importing."""
    for path in sorted(PORTABLE.glob("test_*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                yield path.stem, node.name


# Each test runs in a fresh 32K heap, as a board runs one scenario from boot: heap fragmentation
# left by earlier tests in the same process is not what a player's board would see.
def top_level_imports(path):
    """Module names imported at module level (lazy imports inside functions do not count)."""
    stack = list(ast.parse(path.read_text()).body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "brisca":
                yield from ("brisca." + a.name for a in node.names)
            else:
                yield node.module
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, (ast.Try, ast.If)):
            stack[:0] = node.body + [h for t in getattr(node, "handlers", []) for h in t.body] + node.orelse


def preload(module, seen=None):
    """The modules `module` imports, deepest first (brisca.core before what uses it): imported one
    by one with a collection in between, they leave one free block instead of scattered holes,
    as a board's code.py does by importing its engine first."""
    seen = [] if seen is None else seen
    path = PORTABLE / (module + ".py")
    if not path.exists():
        path = ROOT / (module.replace(".", "/") + ".py")
    for name in top_level_imports(path) if path.exists() else ():
        if name not in seen and (name.startswith("brisca.") or (PORTABLE / (name + ".py")).exists()):
            preload(name, seen)
            seen.append(name)
    return sorted(seen, key=lambda m: not m.startswith("brisca."))  # the engine first


# Every portable test runs in 32K, with two exceptions: replaying a text record or a replay code holds the notation
# module, the record's text and its parse beside the engine and a fresh game, a few hundred bytes
# past 32K on this 64-bit stand-in. On a board, records are read and written between games only.
HEAP = {"test_core_record": "40K", "test_core_replay": "40K"}


@pytest.mark.parametrize("module,function", list(portable_tests()))
def test_portable_under_micropython(module, function, mpy_tree):
    steps = "".join("import %s; gc.collect(); " % m for m in preload(module) if m != "mprun")
    run = run_mp(["-c", "import gc; " + steps + "import mprun", module, function], mpy_tree,
                 heap=HEAP.get(module, "32K"))
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert " passed, 0 failed" in out, out


# The heap each module needs to compile from source with what it imports (a board without .mpy
# files compiles them on its heap), on the 64-bit stand-in, whose objects are about twice a
# board's: 32K unless listed, measured figures rounded up. brisca.core compiles in one piece
# (101K measured): split into parts that each compile within 32K, the parts' own modules, dicts
# and names cost about 3K more heap in play, which the 32K portable tests above cannot spare.
# ai and search import core first, which sets their figures (116K and 112K measured).
SOURCE_HEAP = {"core": "104K", "ai": "120K", "search": "116K"}


@pytest.mark.parametrize("module", DEVICE_MODULES)
def test_module_compiles_from_source_on_a_small_heap(module, tmp_path):
    """Importing the .py itself (what a board without .mpy does) fits the heap SOURCE_HEAP gives
    (32K unless listed) on the 64-bit stand-in."""
    run = run_mp(["-c", "import brisca.%s" % module], ROOT, heap=SOURCE_HEAP.get(module, "32K"))
    assert run.returncode == 0, run.stdout + run.stderr
