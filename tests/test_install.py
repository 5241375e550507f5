"""tools/install.py against temporary folders that look like CIRCUITPY drives (and boot.py with fakes)."""
import errno
import os
import pathlib
import re
import runpy
import shutil
import stat
import subprocess
import sys
import types
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import boards  # noqa: E402  (tools/ is not a package)
import install  # noqa: E402
import mpytree  # noqa: E402

CP9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\r\nBoard ID:pybadge\r\nUID:1\r\n"
CP10 = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19\r\nBoard ID:pybadge\r\n"
CP11 = "Adafruit CircuitPython 11.0.0 on 2027-01-01; Adafruit PyBadge with samd51j19\r\nBoard ID:pybadge\r\n"
CP8 = "Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19\r\nBoard ID:pybadge\r\n"
ODD = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\r\nBoard ID:raspberry_pi_pico\r\n"

GAME = b"""import board
import displayio
from adafruit_display_text import label
from adafruit_displayio_layout.layouts.grid_layout import GridLayout
from . import util
try:
    import pygame
except ImportError:
    pygame = None
"""


@pytest.fixture(autouse=True)
def no_tools(monkeypatch, tmp_path):
    """No circup or mpy-cross unless a test puts one there (none fetched before, either: the cache
    is an empty folder); no real fsync (slow, and not under test)."""
    monkeypatch.setattr(install, "which", lambda name: None)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "no-cache"))
    monkeypatch.setattr(install.os, "fsync", lambda fd: None)


@pytest.fixture
def source(tmp_path):
    src = tmp_path / "src"
    (src / "brisca" / "ui").mkdir(parents=True)
    (src / "brisca" / "__pycache__").mkdir()
    (src / "assets").mkdir()
    (src / "code.py").write_bytes(b"import brisca.game\n")
    (src / "boot.py").write_bytes(b"print('boot')\n")
    (src / "brisca" / "__init__.py").write_bytes(b"")
    (src / "brisca" / "game.py").write_bytes(GAME)
    (src / "brisca" / "util.py").write_bytes(b"X = 1\n")
    (src / "brisca" / "ui" / "__init__.py").write_bytes(b"")
    (src / "brisca" / "__pycache__" / "game.cpython-311.pyc").write_bytes(b"junk")
    (src / "assets" / "cards.bmp").write_bytes(b"BM" + bytes(100))
    (src / "assets" / ".DS_Store").write_bytes(b"junk")
    return src


def make_drive(tmp_path, boot_out=CP9, name="CIRCUITPY"):
    drive = tmp_path / name
    drive.mkdir()
    if boot_out is not None:
        (drive / "boot_out.txt").write_text(boot_out)
    return drive


def files_on(drive):
    return sorted(p.relative_to(drive).as_posix() for p in drive.rglob("*") if p.is_file())


def run(source, drive, *extra):
    return install.main(["--source", str(source), "--to", str(drive)] + list(extra))


def no_temp_files(drive):
    return not [p for p in drive.rglob("*") if install.TMP_SUFFIX in p.name]


@pytest.mark.parametrize("boot_out", [CP9, CP10])
def test_installs_the_tree_on_a_pybadge(tmp_path, source, boot_out, capsys):
    drive = make_drive(tmp_path, boot_out)
    assert run(source, drive) == 0
    got = files_on(drive)
    for rel in ("code.py", "boot.py", "brisca/__init__.mpy", "brisca/game.mpy", "brisca/util.mpy",
                "brisca/ui/__init__.mpy", "assets/cards.bmp", "lib/adafruit_display_text/__init__.py",
                "lib/adafruit_display_text/label.py", "lib/adafruit_displayio_layout/layouts/grid_layout.py"):
        assert rel in got
    assert not [r for r in got if "__pycache__" in r or ".DS_Store" in r or r.endswith(".pyc")]
    # every module of ours as .mpy that CircuitPython 9 and 10 read, with no compiler but the pinned one
    ours = [r for r in got if r.startswith("brisca/")]
    assert ours and all(r.endswith(".mpy") and (drive / r).read_bytes()[:4] == install.MPY_HEADER for r in ours)
    tops = {r.split("/")[1].replace(".py", "") for r in got if r.startswith("lib/")}
    assert {"adafruit_display_text", "adafruit_displayio_layout"} <= tops
    assert all(t.startswith("adafruit_") for t in tops)  # no pygame, board, displayio...
    assert "lib/adafruit_displayio_layout/widgets/cartesian.py" not in got  # not reached by imports
    assert (drive / "code.py").read_bytes() == install.anchor(b"import brisca.game\n")
    assert no_temp_files(drive)
    out = capsys.readouterr().out
    assert "CircuitPython %s" % boot_out.split()[2] in out and "of the board's 2 MB flash" in out


def test_the_real_tree_ships_the_game_its_texts_and_no_library():
    files, names = install.build_tree(install.ROOT)
    for rel in ("code.py", "boot.py", "brisca/core.py", "brisca/ui/app.py", "brisca/ui/boards/pybadge.py",
                "assets/lang/en.txt", "assets/lang/pl.txt", "assets/hard.net"):
        assert rel in files, rel
    # every asset the game opens by name goes to the board (hard's weights once did not)
    assert files["assets/hard.net"] == (install.ROOT / "assets" / "hard.net").read_bytes()
    assert names == [] and not [r for r in files if r.startswith("lib/")]  # the board's own modules suffice
    assert not [r for r in files if r.startswith("tests/") or r.startswith("tools/") or "mpstubs" in r]


def test_second_run_copies_nothing_and_a_change_copies_one_file(tmp_path, source, monkeypatch, capsys):
    drive = make_drive(tmp_path)
    assert run(source, drive) == 0
    written = []
    real = install.write_atomic
    monkeypatch.setattr(install, "write_atomic", lambda path, data: (written.append(path), real(path, data)))
    assert run(source, drive) == 0
    assert written == []
    assert "Copied 0 files" in capsys.readouterr().out
    (source / "brisca" / "util.py").write_bytes(b"X = 2\n")
    assert run(source, drive) == 0
    assert written == [drive / "brisca" / "util.mpy"]


def test_stale_game_files_go_user_files_stay(tmp_path, source):
    drive = make_drive(tmp_path)
    for rel in ("brisca/old.py", "records/game-001.txt", "stats.txt", "settings.toml", "lib/neopixel.mpy",
                "brisca/game.py", "brisca/core.src", "brisca/pieces.py"):
        (drive / rel).parent.mkdir(parents=True, exist_ok=True)
        (drive / rel).write_bytes(b"x")
    assert run(source, drive) == 0
    got = files_on(drive)
    assert "brisca/old.py" not in got and "brisca/game.py" not in got  # the .py would shadow the .mpy
    assert "brisca/core.src" not in got and "brisca/pieces.py" not in got  # (what the .py path once shipped)
    for rel in ("records/game-001.txt", "stats.txt", "settings.toml", "lib/neopixel.mpy"):
        assert rel in got


def test_dry_run_lists_and_changes_nothing(tmp_path, source, capsys):
    drive = make_drive(tmp_path)
    assert run(source, drive, "--dry-run") == 0
    assert files_on(drive) == ["boot_out.txt"]
    out = capsys.readouterr().out
    assert "copy code.py" in out and "copy lib/adafruit_display_text/label.py" in out
    assert "nothing changed" in out


def test_old_circuitpython_is_refused_with_firmware_help(tmp_path, source, capsys):
    drive = make_drive(tmp_path, CP8)
    assert run(source, drive) == 2
    err = capsys.readouterr().err
    assert "8.2.10" in err and "9 or newer" in err and "double-tap" in err
    assert "circuitpython.org/board/pybadge/" in err and "PYBADGEBOOT" in err
    assert "then run this again" in err  # (make flash's user has it to run; a zip's user has not)
    assert "Traceback" not in err
    assert files_on(drive) == ["boot_out.txt"]


def test_unknown_board_is_refused_unless_asked(tmp_path, source, capsys):
    drive = make_drive(tmp_path, ODD)
    assert run(source, drive) == 2
    err = capsys.readouterr().err
    assert "raspberry_pi_pico" in err and "not one the game supports" in err and "circuitpython.org" in err
    assert files_on(drive) == ["boot_out.txt"]
    assert run(source, drive, "--any-board") == 0
    assert "code.py" in files_on(drive)


def test_no_drive_found(tmp_path, source, monkeypatch, capsys):
    monkeypatch.setattr(install, "candidate_paths", lambda: [str(tmp_path / "nowhere")])
    assert install.main(["--source", str(source)]) == 2
    err = capsys.readouterr().err
    assert "No CIRCUITPY drive found" in err and "--to PATH" in err


def test_drive_found_by_candidates(tmp_path, source, monkeypatch):
    drive = make_drive(tmp_path)
    monkeypatch.setattr(install, "candidate_paths", lambda: [str(tmp_path / "nowhere"), str(drive)])
    assert install.main(["--source", str(source)]) == 0
    assert "code.py" in files_on(drive)
    other = make_drive(tmp_path, name="CIRCUITPY1")
    monkeypatch.setattr(install, "candidate_paths", lambda: [str(drive), str(other)])
    assert install.main(["--source", str(source)]) == 2


def test_linux_candidates_include_user_media(monkeypatch):
    monkeypatch.setenv("USER", "ana")
    paths = install._linux_candidates()
    assert "/media/ana/CIRCUITPY" in paths and "/run/media/ana/CIRCUITPY" in paths
    assert "/media/CIRCUITPY" in paths


def test_missing_boot_out_is_refused(tmp_path, source, capsys):
    drive = make_drive(tmp_path, None)
    assert run(source, drive) == 2
    assert "boot_out.txt" in capsys.readouterr().err


def test_full_drive_is_refused_before_writing(tmp_path, source, monkeypatch, capsys):
    drive = make_drive(tmp_path)
    usage = types.SimpleNamespace(total=2 * 1024 * 1024, used=2 * 1024 * 1024 - 4096, free=4096)
    monkeypatch.setattr(install.shutil, "disk_usage", lambda path: usage)
    assert run(source, drive) == 2
    assert "Not enough room" in capsys.readouterr().err
    assert files_on(drive) == ["boot_out.txt"]


def test_enospc_mid_copy_keeps_old_file_and_leaves_no_temp(tmp_path, source, monkeypatch, capsys):
    drive = make_drive(tmp_path)
    assert run(source, drive) == 0
    old = (drive / "brisca" / "util.mpy").read_bytes()
    (source / "brisca" / "util.py").write_bytes(b"X = 3\n")
    (source / "code.py").write_bytes(b"import brisca.game  # new\n")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(install.os, "fsync", full)
    assert run(source, drive) == 2
    assert "filled up" in capsys.readouterr().err
    assert (drive / "brisca" / "util.mpy").read_bytes() == old
    assert (drive / "code.py").read_bytes() == install.anchor(b"import brisca.game\n")
    assert no_temp_files(drive)


def test_read_only_drive_chmod(tmp_path, source, capsys):
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root ignores file permissions: see test_read_only_drive_simulated")
    drive = make_drive(tmp_path)
    drive.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert run(source, drive) == 2
    finally:
        drive.chmod(stat.S_IRWXU)
    assert "read-only" in capsys.readouterr().err
    assert files_on(drive) == ["boot_out.txt"]


def test_read_only_drive_simulated(tmp_path, source, monkeypatch, capsys):
    drive = make_drive(tmp_path)
    real_open = open

    def ro_open(path, mode="r", *args, **kwargs):
        if "w" in mode and str(path).startswith(str(drive)):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr(install, "open", ro_open, raising=False)
    assert run(source, drive) == 2
    err = capsys.readouterr().err
    assert "read-only" in err and "SELECT" in err and "Traceback" not in err
    assert files_on(drive) == ["boot_out.txt"]


def test_locked_file_keeps_old_one(tmp_path, source, monkeypatch, capsys):
    drive = make_drive(tmp_path)
    assert run(source, drive) == 0
    (source / "code.py").write_bytes(b"import brisca.game  # v2\n")
    real = install.os.replace

    def locked(src, dst):
        if str(dst).endswith("code.py"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(src, dst)

    monkeypatch.setattr(install.os, "replace", locked)
    assert run(source, drive) == 2
    assert "locked" in capsys.readouterr().err
    assert (drive / "code.py").read_bytes() == install.anchor(b"import brisca.game\n")
    assert no_temp_files(drive)


def test_zip_holds_a_circuitpy_tree(tmp_path, source, capsys):
    out = tmp_path / "dist" / "brisca-circuitpy.zip"
    assert install.main(["--source", str(source), "--zip", str(out)]) == 0
    names = zipfile.ZipFile(out).namelist()
    assert "INSTALL.txt" in names
    for rel in ("code.py", "boot.py", "brisca/game.mpy", "assets/cards.bmp", "lib/adafruit_display_text/label.py"):
        assert "CIRCUITPY/" + rel in names
    assert not [n for n in names if n.startswith("CIRCUITPY/brisca/") and not n.endswith(".mpy")]
    assert all(n.startswith("CIRCUITPY/") or n == "INSTALL.txt" for n in names)
    assert not [n for n in names if "__pycache__" in n]
    first = out.read_bytes()
    assert install.main(["--source", str(source), "--zip", str(out)]) == 0
    assert out.read_bytes() == first  # reproducible
    assert not list(out.parent.glob("*" + install.TMP_SUFFIX))


def test_the_zips_install_text_asks_its_user_to_run_nothing(tmp_path, source):
    out = tmp_path / "brisca-circuitpy.zip"
    assert install.main(["--source", str(source), "--zip", str(out)]) == 0
    text = zipfile.ZipFile(out).read("INSTALL.txt").decode()
    for word in (r"\brun\b", r"\bmake\b", r"install\.py", r"\bpython\b", r"\bterminal\b", r"\bcommand"):
        assert not re.search(word, text, re.IGNORECASE), word  # a zip's user has the zip and a board, nothing to run
    for board_id, (name, _flash, drive) in boards.BOARDS.items():
        assert name in text and "circuitpython.org/board/%s/" % board_id in text and drive in text
    assert "Hold X and switch the PicoSystem off and on: a drive named RPI-RP2" in text  # no reset button
    assert "not the folder itself" in text and "boot_out.txt" in text
    assert "settings.toml" not in text  # the game needs no CircuitPython setting: its AI fits the default pystack


def test_firmware_help_says_each_boards_way_to_its_boot_drive():
    assert "double-tap" in boards.firmware_help("pygamer") and "PYGAMERBOOT" in boards.firmware_help("pygamer")
    pico = boards.firmware_help("pimoroni_picosystem")
    assert "hold X" in pico and "RPI-RP2" in pico and "double-tap" not in pico
    unknown = boards.firmware_help("")
    assert "circuitpython.org/downloads" in unknown and "RPI-RP2" in unknown
    assert boards.firmware_help("pybadge", "then copy the game").endswith("then copy the game.")


def fake_tool(tmp_path, name, body):
    path = tmp_path / "bin" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text("#!%s\n%s" % (sys.executable, body))
    path.chmod(0o755)
    return str(path)


def test_circup_installs_the_libraries_when_present(tmp_path, source, monkeypatch):
    log = tmp_path / "circup.log"
    circup = fake_tool(tmp_path, "circup", "import sys\nopen(%r, 'w').write(' '.join(sys.argv[1:]))\n" % str(log))
    monkeypatch.setattr(install, "which", lambda name: circup if name == "circup" else None)
    drive = make_drive(tmp_path)
    assert run(source, drive) == 0
    args = log.read_text().split()
    assert args[:3] == ["--path", str(drive), "install"]
    assert {"adafruit_display_text", "adafruit_displayio_layout"} <= set(args[3:])
    assert not [r for r in files_on(drive) if r.startswith("lib/")]  # circup's job, not ours


def test_failing_circup_falls_back_to_copying(tmp_path, source, monkeypatch):
    circup = fake_tool(tmp_path, "circup", "import sys\nsys.exit(1)\n")
    monkeypatch.setattr(install, "which", lambda name: circup if name == "circup" else None)
    drive = make_drive(tmp_path)
    assert run(source, drive) == 0
    assert "lib/adafruit_display_text/label.py" in files_on(drive)


def test_micropythons_mpy_cross_on_path_is_passed_over_for_the_pinned_one(tmp_path, source, monkeypatch):
    tool = fake_tool(tmp_path, "mpy-cross", "print('MicroPython v1.24.0 on 2024-10-25; mpy-cross emitting mpy v6.3')\n")
    monkeypatch.setattr(install, "which", lambda name: tool if name == "mpy-cross" else None)
    drive = make_drive(tmp_path)
    assert run(source, drive) == 0
    assert (drive / "brisca" / "game.mpy").read_bytes()[:4] == install.MPY_HEADER  # (the fake writes none)


@pytest.mark.parametrize("boot_out", [CP9, CP10])
def test_without_circuitpythons_mpy_cross_the_pinned_one_compiles_offline(tmp_path, source, boot_out, capsys,
                                                                          monkeypatch):
    def offline(*args, **kwargs):
        raise AssertionError("no download without --fetch-mpy-cross")

    monkeypatch.setattr(install.urllib.request, "urlopen", offline)
    drive = make_drive(tmp_path, boot_out)
    assert run(source, drive, "--dry-run") == 0
    out = capsys.readouterr().out
    assert "copy brisca/game.mpy" in out and "copy brisca/util.mpy" in out and ".py files" not in out
    assert not [line for line in out.splitlines() if line.startswith("copy brisca/") and ".mpy " not in line]
    assert files_on(drive) == ["boot_out.txt"]


def test_the_real_tree_goes_to_circuitpython_10_as_mpy_offline(tmp_path, capsys, monkeypatch):
    """Issue 31's bar: a dry run onto a CircuitPython 10 drive lists every module of brisca/ as .mpy,
    with no download."""
    monkeypatch.setattr(install.urllib.request, "urlopen", lambda *a, **k: pytest.fail("a download"))
    drive = make_drive(tmp_path, CP10)
    assert install.main(["--to", str(drive), "--dry-run"]) == 0
    copied = [line.split()[1] for line in capsys.readouterr().out.splitlines() if line.startswith("copy brisca/")]
    modules = sorted(p.relative_to(ROOT).with_suffix(".mpy").as_posix() for p in (ROOT / "brisca").rglob("*.py")
                     if "__pycache__" not in p.parts)
    assert sorted(copied) == modules


def test_a_circuitpython_this_tool_does_not_know_gets_py_files_and_says_so(tmp_path, source, capsys):
    drive = make_drive(tmp_path, CP11)
    assert run(source, drive) == 0
    out = capsys.readouterr().out
    assert "CircuitPython 11 is not one this tool knows" in out and "shipping .py" in out
    assert "may not have the RAM" in out and "bin/mpy-cross/" in out
    got = files_on(drive)
    assert "brisca/game.py" in got and "brisca/game.mpy" not in got
    assert (drive / "brisca" / "util.py").read_bytes() == install.anchor(b"X = 1\n")


def test_a_compiler_whose_header_circuitpython_does_not_read_stops_the_install(tmp_path, source, monkeypatch,
                                                                                capsys):
    body = ("import sys\nout = sys.argv[sys.argv.index('-o') + 1]\n"
            "open(out, 'wb').write(bytes([77, 7, 0, 31]) + b'code')\n")  # mpy version 7
    monkeypatch.setattr(install, "binary", lambda name: fake_tool(tmp_path, "mpy-cross", body))
    drive = make_drive(tmp_path)
    assert run(source, drive) == 2
    err = capsys.readouterr().err
    assert "4d 07 00 1f" in err and "06 00 1f" in err and "Nothing was changed" in err and "Traceback" not in err
    assert files_on(drive) == ["boot_out.txt"]


def circuitpython_mpy_cross_on_path(tmp_path, monkeypatch):
    """A fake CircuitPython 9 mpy-cross on PATH: its .mpy is "M", the source's name (-s), its
    optimisation options, a newline and the source."""
    body = ("import sys\n"
            "if '--version' in sys.argv:\n"
            "    print('CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6')\n"
            "else:\n"
            "    out = sys.argv[sys.argv.index('-o') + 1]\n"
            "    name = sys.argv[sys.argv.index('-s') + 1].encode()\n"
            "    opts = ' '.join(a for a in sys.argv if a.startswith('-O')).encode()\n"
            "    open(out, 'wb').write(b'M' + name + b' ' + opts + b'\\n' + open(sys.argv[-1], 'rb').read())\n")
    tool = fake_tool(tmp_path, "mpy-cross", body)
    monkeypatch.setattr(install, "which", lambda name: tool if name == "mpy-cross" else None)


def test_circuitpython_mpy_cross_compiles_our_modules(tmp_path, source, monkeypatch):
    circuitpython_mpy_cross_on_path(tmp_path, monkeypatch)
    drive = make_drive(tmp_path)
    (drive / "brisca").mkdir()
    (drive / "brisca" / "game.py").write_bytes(b"stale")
    assert install.main(["--source", str(source), "--to", str(drive)]) == 0
    got = files_on(drive)
    assert "brisca/game.mpy" in got and "brisca/game.py" not in got
    assert "code.py" in got and "boot.py" in got and "code.mpy" not in got
    # named in tracebacks by its module's name, a name its import makes anyway (not one more), and
    # without line numbers (-O3: about 3 KB less heap at the table)
    assert (drive / "brisca" / "game.mpy").read_bytes().startswith(b"Mbrisca.game -O3\n")


def test_a_compiled_module_names_its_source_by_its_module():
    assert mpytree.source_name("brisca/ui/app.py") == "brisca.ui.app"
    assert mpytree.source_name("brisca/save/__init__.py") == "brisca.save"
    assert mpytree.source_name("displayio.py") == "displayio"
    # (the test trees compile as install.py does; a library keeps its lines, as in Adafruit's bundle)
    assert mpytree.cross_options("brisca/ui/app.py") == ["-O3", "-s", "brisca.ui.app"]
    assert mpytree.cross_options("adafruit_display_text/label.py", lines=True) == ["-s", "adafruit_display_text.label"]


def test_parse_boot_out_variants():
    info = boards.parse_boot_out(CP9)
    assert (info.version, info.board_id, info.board_name) == ((9, 2, 1), "pybadge", "Adafruit PyBadge")
    old = boards.parse_boot_out("Adafruit CircuitPython 9.0.0-beta.2 on 2024-01-01; Adafruit PyGamer with samd51j20\n")
    assert old.board_id == "pygamer" and old.version_text == "9.0.0-beta.2"
    assert boards.parse_boot_out("hello") is None
    assert boards.check_board(info) is None
    assert "id 'raspberry_pi_pico'" in boards.check_board(boards.parse_boot_out(ODD))


def test_imports_skip_optional_and_resolve_relative():
    src = b"from . import a\nfrom .b import c\nimport x.y\ntry:\n    import opt\nexcept ImportError:\n    pass\n"
    got = install.imports(src, "pkg.mod", False)
    assert "pkg.a" in got and "pkg.b" in got and "pkg.b.c" in got and "x.y" in got
    assert "opt" not in got


def test_real_repo_tree_is_installable_or_says_why(tmp_path):
    """Against the real checkout: tolerant of what exists yet (the UI is being written)."""
    if not (ROOT / "code.py").exists():
        with pytest.raises(install.InstallError, match="code.py"):
            install.game_files(ROOT)
        files = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "brisca").rglob("*.py")
                 if "__pycache__" not in p.parts}
    else:
        files = install.game_files(ROOT)
        assert "code.py" in files
    libs, names = install.find_libraries(files)
    assert all(n.startswith("adafruit_") for n in names)
    assert all(rel.startswith("lib/") and rel.endswith(".py") for rel in libs)
    assert not [r for r in files if "__pycache__" in r]


# ---------------------------------------------------------------------------------------- boot.py


class FakeEvents:
    def __init__(self, pressed):
        self.pressed = pressed

    def get(self):
        if self.pressed:
            key = self.pressed.pop()
            return types.SimpleNamespace(key_number=key, pressed=True)
        return None


def run_boot(monkeypatch, board_attrs, held_keys=(), pin_value=True, remount_error=None):
    """Run boot.py with fake CircuitPython modules; return (remount calls, printed text)."""
    calls = []

    def remount(path, readonly=False, **kw):
        if remount_error:
            raise remount_error
        calls.append((path, readonly))

    class Keys:
        def __init__(self, **kw):
            assert kw["key_count"] == 8 and kw["value_when_pressed"] is True
            self.events = FakeEvents(list(held_keys))

        def deinit(self):
            pass

    class Pin:
        def __init__(self, pin):
            READ_PINS.append(pin)
            self.value = pin_value
            self.pull = None
            self.direction = None

        def deinit(self):
            pass

    fakes = {
        "board": types.SimpleNamespace(board_id=board_attrs.pop("board_id", "x"), **board_attrs),
        "storage": types.SimpleNamespace(remount=remount),
        "keypad": types.SimpleNamespace(ShiftRegisterKeys=Keys),
        "digitalio": types.SimpleNamespace(DigitalInOut=Pin, Pull=types.SimpleNamespace(UP=1, DOWN=2),
                                           Direction=types.SimpleNamespace(INPUT=0)),
    }
    for name, mod in fakes.items():
        monkeypatch.setitem(sys.modules, name, mod)
    printed = []
    monkeypatch.setattr("builtins.print", lambda *a, **k: printed.append(" ".join(map(str, a))))
    runpy.run_path(str(ROOT / "boot.py"), run_name="__main__")
    return calls, " ".join(printed)


READ_PINS = []
PYBADGE = {"board_id": "pybadge", "BUTTON_CLOCK": 1, "BUTTON_OUT": 2, "BUTTON_LATCH": 3}


def test_boot_select_held_makes_drive_writable_for_the_game(monkeypatch):
    calls, out = run_boot(monkeypatch, dict(PYBADGE), held_keys=[3])
    assert calls == [("/", False)]
    assert "writable" in out


def test_boot_no_button_leaves_drive_to_the_computer(monkeypatch):
    calls, out = run_boot(monkeypatch, dict(PYBADGE), held_keys=[1])  # A, not SELECT
    assert calls == []
    assert "computer" in out


def test_boot_plain_button_board(monkeypatch):
    calls, _ = run_boot(monkeypatch, {"board_id": "clue_nrf52840_express", "BUTTON_A": 5}, pin_value=False)
    assert calls == [("/", False)]
    calls, _ = run_boot(monkeypatch, {"board_id": "clue_nrf52840_express", "BUTTON_A": 5}, pin_value=True)
    assert calls == []
    for board_id in ("adafruit_feather_esp32s3_reverse_tft", "adafruit_feather_esp32s2_reverse_tft"):
        reverse_tft = {"board_id": board_id, "D0": 7, "D1": 9, "BUTTON_A": 8}
        READ_PINS.clear()
        calls, _ = run_boot(monkeypatch, dict(reverse_tft), pin_value=True)  # D1 reads high when held
        assert calls == [("/", False)] and READ_PINS == [9]  # D1: not D0 (BOOT0 there), nor BUTTON_A
        calls, _ = run_boot(monkeypatch, dict(reverse_tft), pin_value=False)
        assert calls == []


def test_boot_never_crashes(monkeypatch):
    calls, out = run_boot(monkeypatch, {"board_id": "mystery"})  # no buttons known
    assert calls == [] and out
    calls, out = run_boot(monkeypatch, dict(PYBADGE), held_keys=[3], remount_error=RuntimeError("in use"))
    assert "in use" in out


# -------------------------------------------------------------------- fetching CircuitPython's mpy-cross
CP_MPY_CROSS = ("import sys\n"
                "if '--version' in sys.argv:\n"
                "    print('CircuitPython %s on 2025-01-01; mpy-cross emitting mpy v6.3')\n"
                "else:\n"
                "    out = sys.argv[sys.argv.index('-o') + 1]\n"
                "    open(out, 'wb').write(b'C' + open(sys.argv[-1], 'rb').read())\n")


@pytest.fixture
def downloads(tmp_path, monkeypatch):
    """A local stand-in for Adafruit's download server (the files put in the folder it yields) and
    an empty cache folder."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    root = tmp_path / "s3"
    root.mkdir()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    for var in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(install, "MPY_CROSS_URL", "http://127.0.0.1:%d/bin/mpy-cross" % httpd.server_port)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    yield root
    httpd.shutdown()
    httpd.server_close()


def serve(root, major, body):
    asset = install.mpy_cross_asset(install.MPY_CROSS_TAGS[major])
    if asset is None:
        pytest.skip("Adafruit builds no mpy-cross for this computer")
    path = root / "bin" / "mpy-cross" / asset
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!%s\n%s" % (sys.executable, body))  # (served without its execute bit)
    return path


def test_fetched_mpy_cross_compiles_our_modules_and_stays_for_the_next_install(tmp_path, source, downloads, capsys):
    served = serve(downloads, 9, CP_MPY_CROSS % "9.2.9")
    drive = make_drive(tmp_path)
    assert run(source, drive, "--fetch-mpy-cross") == 0
    out = capsys.readouterr().out
    assert "Downloading http://127.0.0.1:" in out and "marked for CircuitPython" not in out
    got = files_on(drive)
    assert "brisca/game.mpy" in got and "brisca/game.py" not in got and "code.py" in got
    game = (source / "brisca" / "game.py").read_bytes()
    assert (drive / "brisca" / "game.mpy").read_bytes() == b"C" + install.anchor(game)
    kept = install.mpy_cross_cache(9)
    assert kept.is_file() and os.access(str(kept), os.X_OK)
    assert [p.name for p in kept.parent.iterdir()] == [kept.name]  # no temporary file left
    served.unlink()  # the next install needs no download, even without the option
    other = make_drive(tmp_path, name="OTHER")
    assert run(source, other) == 0
    assert "Downloading" not in capsys.readouterr().out and "brisca/game.mpy" in files_on(other)


def test_a_failed_download_falls_back_on_the_pinned_compiler_and_says_why(tmp_path, source, downloads, capsys):
    drive = make_drive(tmp_path)  # (nothing served: 404)
    assert run(source, drive, "--fetch-mpy-cross") == 0
    out = capsys.readouterr().out
    assert "could not download http://127.0.0.1:" in out and "marked for CircuitPython" in out
    assert (drive / "brisca" / "game.mpy").read_bytes()[:4] == install.MPY_HEADER
    assert not (tmp_path / "cache" / "brisca").exists() or not list((tmp_path / "cache" / "brisca").iterdir())


@pytest.mark.parametrize("says", ["MicroPython v1.24.0 on 2024-10-25; mpy-cross emitting mpy v6.3",
                                  "CircuitPython 10.2.1 on 2025-01-01; mpy-cross emitting mpy v6.3"])
def test_a_download_that_is_not_that_compiler_is_not_kept(tmp_path, source, downloads, capsys, says):
    serve(downloads, 9, "print(%r)\n" % says)
    drive = make_drive(tmp_path)
    assert run(source, drive, "--fetch-mpy-cross") == 0
    out = capsys.readouterr().out
    assert "is not CircuitPython 9's mpy-cross" in out and "marked for CircuitPython" in out
    assert (drive / "brisca" / "game.mpy").read_bytes()[:4] == install.MPY_HEADER
    assert not list((tmp_path / "cache" / "brisca").iterdir())


def test_a_dry_run_fetches_nothing(tmp_path, source, downloads, capsys):
    serve(downloads, 10, CP_MPY_CROSS % "10.2.1")
    drive = make_drive(tmp_path, CP10)
    assert run(source, drive, "--fetch-mpy-cross", "--dry-run") == 0
    assert "Would download http://127.0.0.1:" in capsys.readouterr().out
    assert not install.mpy_cross_cache(10).exists() and files_on(drive) == ["boot_out.txt"]


def test_mpy_cross_builds_are_found_for_the_computers_adafruit_builds_for():
    assert install.mpy_cross_asset("9.2.9", "Linux", "x86_64") == "linux-amd64/mpy-cross-linux-amd64-9.2.9.static"
    assert install.mpy_cross_asset("9.2.9", "Darwin", "arm64") == "macos/mpy-cross-macos-9.2.9-universal"
    assert install.mpy_cross_asset("10.2.1", "Windows", "AMD64") == "windows/mpy-cross-windows-10.2.1.static.exe"
    assert install.mpy_cross_asset("9.2.9", "Linux", "aarch64") is None
    assert install.mpy_cross_url(8) is None  # (CircuitPython 8 is refused before this)


# ------------------------------------------------------------------ .mpy files CircuitPython reads
# Facts from CircuitPython's py/persistentcode.c and py/persistentcode.h, the same from 9.0.0 to
# 10.3 (tags 9.0.0, 9.2.9, 10.2.1 and main at cd3da4a5d8): a .mpy loads if its header's byte 0 is
# "C" (10 names "M" "MicroPython .mpy file"), byte 1 is MPY_VERSION, 6, byte 2, the feature byte,
# names no native architecture (bits 2..7, masked 0x2F: then its sub-version, bits 0..1, is not
# checked) nor the arch-flags bit 0x40, and byte 3, the small ints' bits, is at most the board's
# MP_SMALL_INT_BITS: 31 on a 32-bit board (object representation A or C).
CP_MAGIC, CP_MPY_VERSION, CP_FEATURE_ARCH_FLAGS, CP_SMALL_INT_BITS = b"C", 6, 0x40, 31


def circuitpython_reads(header):
    """True if CircuitPython 9 or 10's loader takes a bytecode .mpy with this 4-byte header."""
    arch = (header[2] >> 2) & 0x2F
    return (header[:1] == CP_MAGIC and header[1] == CP_MPY_VERSION and arch == 0
            and not header[2] & CP_FEATURE_ARCH_FLAGS and header[3] <= CP_SMALL_INT_BITS)


def shipped_mpy(out, first=install.MPY_HEADER[:1], only=None):
    """brisca/ (or the modules named in `only`) as tools/install.py ships it to a CircuitPython 9 or
    10 board with no compiler but the pinned one: {path: .mpy bytes}."""
    cross = mpytree.binary("mpy-cross")
    assert cross, "no mpy-cross: `make venv` installs the pinned one (requirements-dev.txt)"
    files = {rel: data for rel, data in install.game_files(ROOT).items()
             if rel.startswith("brisca/") and (only is None or rel in only)}
    return install.compile_mpy(cross, files, out, first)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """brisca/ as shipped, once for this file's tests (57 runs of mpy-cross take about 30 s)."""
    return shipped_mpy(tmp_path_factory.mktemp("mpy"))


def test_the_pinned_compiler_writes_what_circuitpython_9_and_10_read(shipped):
    assert circuitpython_reads(install.MPY_HEADER)
    assert install.MPY_MAJORS == (9, 10)  # (a new major: read its persistentcode.c, then add it)
    assert len(shipped) > 50 and all(rel.endswith(".mpy") for rel in shipped)
    # what the compiler writes, but for byte 0, which compile_mpy() sets (checking the rest first)
    headers = {data[:4] for data in shipped.values()}
    assert headers == {install.MPY_HEADER}, headers
    assert all(circuitpython_reads(h) for h in headers)


def test_what_ships_is_the_compilers_own_bytes_but_the_first(tmp_path):
    only = ("brisca/__init__.py", "brisca/core.py")
    marked, plain = shipped_mpy(tmp_path / "c", only=only), shipped_mpy(tmp_path / "m", None, only)
    assert sorted(marked) == sorted(plain) == ["brisca/__init__.mpy", "brisca/core.mpy"]
    assert all(plain[rel][:1] == b"M" and marked[rel] == b"C" + plain[rel][1:] for rel in marked)
    assert install.game_files(ROOT)["brisca/core.py"].endswith(install.ANCHOR)  # (compiled with it)


def circuitpythons_own_mpy_cross():
    """(major, path) of CircuitPython's own mpy-cross for a major in MPY_MAJORS, on PATH or fetched
    before into install.py's cache (read before the tests point the cache elsewhere), or None."""
    found = [shutil.which("mpy-cross")] + [str(install.mpy_cross_cache(m)) for m in install.MPY_MAJORS]
    for exe in found:
        if exe and os.path.isfile(exe):
            major, _out = install.mpy_cross_major(exe)
            if major in install.MPY_MAJORS:
                return major, exe
    return None


CP_OWN = circuitpythons_own_mpy_cross()


@pytest.mark.skipif(CP_OWN is None, reason="CircuitPython's own mpy-cross (9 or 10) is neither on PATH nor in "
                    "install.py's cache: `python tools/install.py --fetch-mpy-cross --to <a CIRCUITPY drive>` "
                    "fetches it, or build it (`make` in adafruit/circuitpython's mpy-cross/) and put it on PATH")
def test_circuitpythons_own_compiler_writes_the_same_bytes(tmp_path, shipped):
    ours = shipped
    theirs = install.compile_mpy(CP_OWN[1], install.game_files(ROOT), tmp_path / "theirs")
    differ = [rel for rel in ours if theirs.get(rel) != ours[rel]]
    assert differ == [], "CircuitPython %d's mpy-cross (%s) writes other bytes for %s" % (CP_OWN[0], CP_OWN[1],
                                                                                        differ)


CP_VM = ROOT.parent / "shared" / "circuitpython" / "circuitpython-unix32"
CP_VM_MISSING = ("CircuitPython's unix port is not at %s: build it 32-bit as ../shared/circuitpython/README.md "
                 "says (adafruit/circuitpython, ports/unix: make VARIANT=standard MICROPY_FORCE_32BIT=1 "
                 "MICROPY_PY_FFI=0 ...)" % CP_VM)
IMPORT_EACH = """import sys
for name in sys.argv[1:]:
    try:
        __import__(name)
    except Exception as e:
        print("FAILED", name, repr(e))
print("IMPORTED", len(sys.argv) - 1)
"""


def cp_vm_imports(tree, modules):
    """What CircuitPython's VM prints importing each module from `tree` (the game's tree, the
    firmware's stand-ins after it on the path: its own os, not the stand-in for MicroPython's)."""
    stubs = tree.parent / "firmware"
    stubs.mkdir(exist_ok=True)
    for path in (ROOT / "tests" / "mpstubs").glob("*.py"):
        if path.name != "os.py":
            shutil.copy(path, stubs / path.name)
    (tree / "import_each.py").write_text(IMPORT_EACH)
    env = dict(os.environ, MICROPYPATH=".:%s" % stubs)
    run = subprocess.run([str(CP_VM), "-X", "heapsize=512K", "import_each.py"] + modules, cwd=str(tree), env=env,
                         capture_output=True, text=True, timeout=300, check=False)
    return run.stdout + run.stderr


def test_every_shipped_mpy_loads_on_circuitpythons_vm(tmp_path, shipped):
    """The brisca/ tree tools/install.py lays on a CircuitPython 10 drive, imported module by module
    by CircuitPython 10.3's own VM; a file marked "M" is refused there (the check can fail)."""
    if not CP_VM.is_file():
        if os.environ.get("BRISCA_REQUIRE_MP32"):  # (CI: .ci/run sets it, and ../shared is there)
            pytest.fail(CP_VM_MISSING)
        pytest.skip(CP_VM_MISSING)
    tree = tmp_path / "CIRCUITPY"
    for rel, data in shipped.items():
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_bytes(data)
    modules = sorted(mpytree.source_name(rel) for rel in shipped)
    assert "brisca.core" in modules and "brisca.ui.app" in modules
    out = cp_vm_imports(tree, modules)
    assert "IMPORTED %d" % len(modules) in out and "FAILED" not in out, out
    core = tree / "brisca" / "core.mpy"
    core.write_bytes(b"M" + core.read_bytes()[1:])
    assert "FAILED brisca.core ValueError('MicroPython .mpy file" in cp_vm_imports(tree, ["brisca.core"])
