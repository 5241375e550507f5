"""The yardstick for PyBadge estimates: pystone, timed on this host's runtimes in the same run.

CircuitPython on a SAMD51 at 120 MHz (the PyBadge) runs about 1,522 pystones per second. Timing the
same benchmark under this host's MicroPython gives the factor that turns a move's MicroPython time
into a PyBadge estimate: t_pybadge = t_micropython x pystones_per_s(host MicroPython) / 1,522. Both
are the same bytecode VM, so the ratio holds much better than one taken from CPython.

pystone itself (Python Software Foundation licence) is micropython-lib's port, published on PyPI as
micropython-pystone 3.4.2-2. It is a dependency, not part of this repository: fetched once from PyPI,
checked against its pinned SHA-256, and kept in .venv/share/pystone/. Its only change at load time
is the clock it imports (utime.clock, which today's MicroPython no longer has).

    .venv/bin/python tools/pystone_ref.py          pystones/s on CPython and on MicroPython here
    .venv/bin/python tools/pystone_ref.py --speed  and the About screen's speed check (brisca.diag)
                                                   under MicroPython here, scaled to a PyBadge
"""
import hashlib
import io
import os
import pathlib
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

PYBADGE_PYSTONES = 1522.0  # CircuitPython's pystone on a SAMD51 at 120 MHz
URL = ("https://files.pythonhosted.org/packages/13/00/8f7c7ab316e8850ea3273956e1370d008cfd36697dec2492388d3b000335/"
       "micropython-pystone-3.4.2-2.tar.gz")
SHA256 = "06e202f422f2dec2521e72913aee672db6bf030fc4f748351ac50129e9906898"
ROOT = pathlib.Path(__file__).resolve().parent.parent
CACHE = ROOT / ".venv" / "share" / "pystone" / "pystone.py"
CLOCK = ("import time\n"
         "clock = getattr(time, 'perf_counter', None) or (lambda: time.time_ns() / 1000000000)\n")


class Unavailable(Exception):
    """pystone could not be fetched or checked: the caller falls back or says so."""


def source(cache=CACHE, url=URL):
    """pystone.py's text, ready for CPython and MicroPython (fetched and checked on first use)."""
    if not cache.exists():
        try:
            data = urllib.request.urlopen(url, timeout=60).read()
        except OSError as e:
            raise Unavailable("pystone could not be fetched from PyPI (%s)" % e) from e
        if hashlib.sha256(data).hexdigest() != SHA256:
            raise Unavailable("the pystone package from PyPI is not the pinned one (SHA-256 differs)")
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            text = tar.extractfile("micropython-pystone-3.4.2-2/pystone.py").read().decode()
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(text)
    text = cache.read_text()
    if "from utime import clock\n" not in text:
        raise Unavailable("%s is not the pinned pystone: delete it to fetch it again" % cache)
    return text.replace("from utime import clock\n", CLOCK)


def write_module(folder, name="pystone"):
    """pystone as `name`.py in `folder` (for a MicroPython run)."""
    path = pathlib.Path(folder) / (name + ".py")
    path.write_text(source())
    return path


def cpython_pystones(loops=50000, runs=5):
    """Pystones per second on this CPython: the best of `runs` (other load only slows it)."""
    namespace = {"__name__": "pystone"}
    exec(compile(source(), "pystone.py", "exec"), namespace)
    return max(namespace["pystones"](loops)[1] for _ in range(runs))


MP_SNIPPET = "import pystone\nprint('PYSTONES', max(pystone.pystones(%d)[1] for _ in range(%d)))\n"


def micropython_pystones(micropython, loops=50000, runs=5):
    """Pystones per second under the MicroPython binary `micropython`: the best of `runs`."""
    with tempfile.TemporaryDirectory(prefix="pystone-") as tmp:
        write_module(tmp)
        run = subprocess.run([micropython, "-c", MP_SNIPPET % (loops, runs)], cwd=tmp, capture_output=True,
                             text=True, env=dict(os.environ, MICROPYPATH=tmp), timeout=600, check=False)
    for line in run.stdout.splitlines():
        if line.startswith("PYSTONES "):
            return float(line.split()[1])
    raise Unavailable("pystone failed under MicroPython: " + (run.stdout + run.stderr)[-300:])


SPEED_SNIPPET = "from brisca import diag\nprint('SPEED', max(diag.speed(2000) for _ in range(3)))\n"


def micropython_speed(micropython):
    """The About screen's speed check (brisca.diag.speed, moves/s) under `micropython`, best of 3."""
    run = subprocess.run([micropython, "-c", SPEED_SNIPPET], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, MICROPYPATH=str(ROOT)), timeout=600, check=False)
    for line in run.stdout.splitlines():
        if line.startswith("SPEED "):
            return float(line.split()[1])
    raise Unavailable("the speed check failed under MicroPython: " + (run.stdout + run.stderr)[-300:])


def main(argv=None):
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    import mpytree

    argv = sys.argv[1:] if argv is None else argv
    cpy = cpython_pystones()
    mp = micropython_pystones(mpytree.binary("micropython"))
    print("CPython %s: %.0f pystones/s (%.0fx a PyBadge)" % (sys.version.split()[0], cpy, cpy / PYBADGE_PYSTONES))
    print("MicroPython here: %.0f pystones/s (%.0fx a PyBadge's %.0f)" % (mp, mp / PYBADGE_PYSTONES,
                                                                        PYBADGE_PYSTONES))
    if "--speed" in argv:
        moves = micropython_speed(mpytree.binary("micropython"))
        print("speed check under MicroPython here: %.0f moves/s; on a PyBadge about %.0f (brisca.diag.PYBADGE)"
              % (moves, moves * PYBADGE_PYSTONES / mp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
