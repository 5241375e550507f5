"""No code of ours points past its own block, and nothing a screen left stays held (docs/memory.md,
Will it fit?): the device test's full script on the 32-bit port, from .mpy as tools/install.py ships it,
the heap read after the pause menu (the table's modules let go) by tools/heapref.py."""

import os
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
import device_boot  # noqa: E402
import heapref  # noqa: E402
import install  # noqa: E402
import mpytree  # noqa: E402


def heap_after_pause(tmp_path):
    """tools/heapref.py's report on the heap as the pause menu first shows."""
    tree = device_boot.build(tmp_path / "tree", True, True)
    env = dict(os.environ, MP32_DUMP="pause:1:%s" % (tmp_path / "heap"))
    run = subprocess.run(["node", str(mpytree.MP32 / "game.mjs"), str(tree), "full"], env=env,
                         capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0 and (tmp_path / "heap.bin").exists(), run.stdout[-2000:]
    return heapref.report(str(tmp_path / "heap"))


def test_nothing_points_past_its_block_and_the_table_is_let_go(tmp_path, mp32):
    got = heap_after_pause(tmp_path)
    assert got == {"past": [], "kept": []}, got


def test_without_the_anchor_code_points_past_its_block(tmp_path, mp32, monkeypatch):
    # what install.ANCHOR prevents: code with no constant object keeps the address just past its
    # names' table, the start of whatever was allocated next (9 places after the pause menu, one
    # of them holding brisca.ui.table's 3.5 KB, in the run that found it)
    monkeypatch.setattr(install, "ANCHOR", b"")
    got = heap_after_pause(tmp_path)
    assert len(got["past"]) >= 2, got


def test_the_names_are_read_in_the_order_they_were_made():
    text = "qstr pool: n_pool=2, n_qstr=23\n" + "".join("Q(new%d)\n" % i for i in range(3)) + \
        "".join("Q(old%d)\n" % i for i in range(20))
    assert heapref._dynamic_names(text) == ["old%d" % i for i in range(20)] + ["new0", "new1", "new2"]


def test_without_a_dump_it_says_how(capsys):
    assert heapref.main([]) == 2
    assert "MP32_DUMP" in capsys.readouterr().out
