"""tools/pystone_ref.py: pystone is fetched once, only if it is the pinned file, and runs with a
clock both runtimes have. (Offline: a stand-in package served from a file: URL.)"""
import hashlib
import io
import pathlib
import sys
import tarfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))

import pystone_ref  # noqa: E402 (after the sys.path set-up on purpose)

FAKE = ("LOOPS = 10\n"
        "from utime import clock\n"
        "def pystones(loops=LOOPS):\n"
        "    t0 = clock()\n"
        "    for _ in range(loops * 1000):\n"
        "        pass\n"
        "    t = max(clock() - t0, 1e-9)\n"
        "    return t, loops / t\n")


def package(tmp_path, text=FAKE):
    """A tar.gz laid out as the PyPI sdist is; (file: URL, its SHA-256)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        data = text.encode()
        info = tarfile.TarInfo("micropython-pystone-3.4.2-2/pystone.py")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    path = tmp_path / "pkg.tar.gz"
    path.write_bytes(buf.getvalue())
    return path.as_uri(), hashlib.sha256(buf.getvalue()).hexdigest()


def test_fetched_once_checked_and_given_a_portable_clock(tmp_path, monkeypatch):
    url, digest = package(tmp_path)
    monkeypatch.setattr(pystone_ref, "SHA256", digest)
    cache = tmp_path / "cache" / "pystone.py"
    text = pystone_ref.source(cache, url)
    assert cache.read_text() == FAKE  # kept as published
    assert "utime" not in text and "perf_counter" in text
    namespace = {}
    exec(text, namespace)
    assert namespace["pystones"](2)[1] > 0
    (tmp_path / "pkg.tar.gz").unlink()
    assert pystone_ref.source(cache, url) == text  # the second time from the cache


def test_a_package_that_is_not_the_pinned_one_is_refused(tmp_path):
    url, _ = package(tmp_path)
    cache = tmp_path / "cache" / "pystone.py"
    with pytest.raises(pystone_ref.Unavailable, match="SHA-256"):
        pystone_ref.source(cache, url)
    assert not cache.exists()


def test_no_network_is_a_clear_error(tmp_path):
    with pytest.raises(pystone_ref.Unavailable, match="could not be fetched"):
        pystone_ref.source(tmp_path / "pystone.py", (tmp_path / "missing.tar.gz").as_uri())
