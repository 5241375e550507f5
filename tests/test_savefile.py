"""CPython-only: the simulator's save file (atomic, missing or damaged file), open_store's choices,
and brisca.export (records and stats on a writable or read-only drive). Named apart from
tests/portable/test_save.py: two test_save modules in one pytest run collide."""
import errno
import os
import sys
import types

import pytest

from brisca import export
from brisca.save import open_store
from brisca.save.settings import Settings
from brisca.save.stats import Stats
from brisca.save.store import SaveData
from brisca.save.filestore import SaveFile
from brisca.save.opener import SIM_SAVE_FILE
from brisca.save.slots import LAYOUT_SIZE


def test_file_store_round_trip_and_atomic_replace(tmp_path):
    path = tmp_path / "sim-save.bin"
    saves = open_store(str(path))
    assert saves.notice is None and saves.load_game() is None  # missing file: erased, no notice
    s = saves.load_settings()
    s.set_name(0, "ana")
    assert saves.save_settings(s) and saves.save_game(b"deal 7")
    assert path.stat().st_size == 1024
    assert not list(tmp_path.glob("*.tmp"))
    again = open_store(str(path))
    assert again.load_settings().names == ["ana"] and again.load_game() == b"deal 7"


def test_failed_file_write_keeps_old_file_and_says_so(tmp_path, monkeypatch):
    path = tmp_path / "sim-save.bin"
    saves = open_store(str(path))
    saves.save_game(b"first")
    before = path.read_bytes()

    def broken(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    assert not saves.save_game(b"second")
    assert saves.notice.startswith("sn_failed|")
    assert path.read_bytes() == before and not list(tmp_path.glob("*.tmp"))
    monkeypatch.undo()
    assert open_store(str(path)).load_game() == b"first"


def test_truncated_and_garbage_files_fall_back(tmp_path):
    path = tmp_path / "sim-save.bin"
    saves = open_store(str(path))
    saves.save_game(b"one")
    saves.save_game(b"two")
    data = path.read_bytes()
    path.write_bytes(data[: 576 + 144 + 10])  # cut inside the second game slot
    assert open_store(str(path)).load_game() == b"one"
    path.write_bytes(os.urandom(300) + b"\x00" * 700)
    damaged = open_store(str(path))
    assert damaged.load_settings().__dict__ == Settings().__dict__
    assert damaged.notice.startswith("sn_damaged|")
    path.write_bytes(b"")
    assert open_store(str(path)).load_stats().__dict__ == Stats().__dict__


def test_unreadable_file_gives_notice_not_crash(tmp_path):
    folder = tmp_path / "sim-save.bin"
    folder.mkdir()  # a folder where the file should be
    saves = open_store(str(folder))
    assert saves.notice.startswith("sn_read|")
    assert saves.load_game() is None
    assert not saves.save_game(b"x") and saves.notice.startswith("sn_failed|")


def test_open_store_on_circuitpython_uses_nvm(monkeypatch):
    nvm = bytearray(b"\xff" * 8192)
    monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(name="circuitpython"))
    monkeypatch.setitem(sys.modules, "microcontroller", types.SimpleNamespace(nvm=nvm))
    saves = open_store()
    assert saves.data is nvm and saves.notice is None
    saves.save_game(b"on the board")
    assert nvm[LAYOUT_SIZE:] == b"\xff" * (8192 - LAYOUT_SIZE)
    monkeypatch.setitem(sys.modules, "microcontroller", types.SimpleNamespace(nvm=None))
    fallback = open_store()
    assert fallback.notice == "sn_nomem" and fallback.save_game(b"ram") and fallback.load_game() == b"ram"


def test_open_store_never_raises(monkeypatch):
    monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(name="circuitpython"))
    monkeypatch.setitem(sys.modules, "microcontroller", None)  # import fails
    saves = open_store()
    assert saves.notice.startswith("sn_unavailable|") and saves.save_game(b"x")


def test_desktop_default_is_sim_save_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    saves = open_store()
    saves.save_game(b"sim")
    assert (tmp_path / SIM_SAVE_FILE).exists()


def test_small_storage_falls_back_to_ram_with_notice():
    saves = SaveData(bytearray(100))
    assert saves.notice == "sn_small"
    assert saves.save_game(b"ok") and saves.load_game() == b"ok"


def test_unchanged_records_are_not_rewritten(tmp_path, monkeypatch):
    path = tmp_path / "sim-save.bin"
    saves = open_store(str(path))
    writes = []
    real = SaveFile.__setitem__
    monkeypatch.setattr(SaveFile, "__setitem__", lambda self, i, v: (writes.append(i), real(self, i, v)))
    s = Settings()
    saves.save_settings(s)
    assert len(writes) == 2  # settings and names
    saves.save_settings(s)
    saves.save_game(b"abc")
    saves.save_game(b"abc")
    assert len(writes) == 3
    fresh = open_store(str(path))  # a new session knows what is stored
    fresh.save_settings(Settings())
    assert len(writes) == 3


def test_other_format_version_reads_as_absent_with_notice(monkeypatch):
    from brisca.save import slots

    saves = SaveData(bytearray(LAYOUT_SIZE))
    current = list(slots.VERSIONS)
    slots.VERSIONS[:] = [0, 0, 0, 0]  # records written by an older release
    try:
        saves.save_game(b"old format")
    finally:
        slots.VERSIONS[:] = current
    again = SaveData(saves.data)
    assert again.load_game() is None
    assert again.notice == "sn_version|3"
    again.save_game(b"new")
    assert SaveData(saves.data).load_game() == b"new"


def test_sequence_numbers_wrap_around():
    saves = SaveData(bytearray(LAYOUT_SIZE))
    saves.load_game()
    saves.seq[3] = 0xFFFE
    saves.save_game(b"old")  # sequence 0xFFFF
    saves.save_game(b"new")  # sequence 0: still the newest
    assert SaveData(saves.data).load_game() == b"new"


@pytest.mark.parametrize("seed", range(20))
def test_random_storage_never_raises(seed):
    import random

    rng = random.Random(seed)
    data = bytearray(rng.getrandbits(8) for _ in range(LAYOUT_SIZE))
    if seed % 2:  # plausible headers with random payloads
        for off, size in zip((0, 64, 192, 576), (32, 64, 192, 144)):
            for slot in (0, 1):
                data[off + slot * size : off + slot * size + 3] = bytes((0xB5, (0, 64, 192, 576).index(off), 1))
    saves = SaveData(data)
    assert saves.load_settings().__dict__ == Settings().__dict__
    assert saves.load_stats().__dict__ == Stats().__dict__
    assert saves.load_game() is None
    assert saves.notice.startswith("sn_damaged|")
    assert saves.save_game(b"fine") and SaveData(data).load_game() == b"fine"


# ------------------------------------------------------------------------------------------ export


def test_export_writes_numbered_records_and_stats(tmp_path):
    assert export.drive_writable(str(tmp_path))
    assert export.write_record(["Brisca, 2 players", "ANA 61 - IVO 59"], str(tmp_path)) == (
        True, "Saved records/game-001.txt")
    ok, msg = export.write_record(["second"], str(tmp_path))
    assert ok and msg.endswith("game-002.txt")
    assert (tmp_path / "records" / "game-001.txt").read_text() == "Brisca, 2 players\nANA 61 - IVO 59\n"
    st = Stats()
    st.record("vs_ai", "hard", "win")
    assert export.write_stats(st.as_lines(), str(tmp_path)) == (True, "Saved stats.txt")
    assert "vs_ai hard: 1 played, 1 won" in (tmp_path / "stats.txt").read_text()
    assert export.write_stats(["again"], str(tmp_path))[0]
    assert (tmp_path / "stats.txt").read_text() == "again\n" and not list(tmp_path.glob("*.tmp"))


def test_export_read_only_and_full_give_one_line(tmp_path, monkeypatch):
    def refuse(code):
        def fake_open(*a, **k):
            raise OSError(code, os.strerror(code))
        return fake_open

    monkeypatch.setattr("builtins.open", refuse(errno.EROFS))
    ok, msg = export.write_record(["x"], str(tmp_path))
    assert not ok and "read-only" in msg and "SELECT" in msg and "\n" not in msg
    assert not export.drive_writable(str(tmp_path))
    monkeypatch.setattr("builtins.open", refuse(errno.ENOSPC))
    ok, msg = export.write_stats(["x"], str(tmp_path))
    assert not ok and "full" in msg


def test_drive_writable_uses_storage_on_the_board(monkeypatch):
    for readonly in (True, False):
        mount = types.SimpleNamespace(readonly=readonly)
        monkeypatch.setitem(sys.modules, "storage", types.SimpleNamespace(getmount=lambda path, m=mount: m))
        assert export.drive_writable() is (not readonly)
    monkeypatch.setitem(sys.modules, "storage", None)
    assert export.drive_writable() is False  # desktop without a folder: never raises
