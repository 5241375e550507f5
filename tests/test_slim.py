"""tools/slim.py: what a board compiles is our source without docstrings, every statement on its line."""

import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import mpytree  # noqa: E402
import slim  # noqa: E402

DEVICE_SOURCES = sorted([ROOT / "code.py", ROOT / "boot.py"] + list((ROOT / "brisca").rglob("*.py")))


def statements(source):
    """(line, kind) of every statement that is not a docstring, nor the `0` that replaces one."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt) and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            out.append((node.lineno, type(node).__name__))
    return sorted(out)


@pytest.mark.parametrize("path", DEVICE_SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_docstrings_go_and_every_statement_keeps_its_line(path):
    source = path.read_bytes()
    slimmed = slim.strip_docstrings(source)
    assert slimmed.count(b"\n") == source.count(b"\n")
    assert statements(slimmed) == statements(source)
    assert list(slim._docstrings(ast.parse(slimmed))) == []


def test_a_docstring_with_accents_on_the_def_line_and_a_lone_body():
    source = 'def f():  # x\n    """Briškula…\n    two"""\n\n\nclass C:\n    "Češalj"\n'.encode()
    out = slim.strip_docstrings(source)
    assert out == b"def f():  # x\n    0\n\n\n\nclass C:\n    0\n"
    assert out.count(b"\n") == source.count(b"\n")


def test_the_installed_tree_is_slimmed():
    import install

    files = install.game_files(ROOT)
    assert b'"""' not in files["brisca/core.py"] and b'"""' in (ROOT / "brisca/core.py").read_bytes()


def test_everything_a_board_compiles_ends_with_one_constant_object():
    # compiled code's names' table and objects' table are one block, the objects' last: with no
    # constant object the code keeps the address just past its block, and the collector keeps
    # whatever lies there alive (docs/memory.md, Will it fit?); slim.ANCHOR gives every unit one
    import install

    files = install.game_files(ROOT)
    shipped = slim.ship_in_pieces(files)
    py = [rel for rel in shipped if rel.endswith(".py")]
    assert "code.py" in py and "brisca/core.py" in py and "brisca/ui/app.py" in py
    assert [rel for rel in py if not shipped[rel].endswith(slim.ANCHOR)] == []
    pieces = 0
    for rel in [r for r in shipped if r.endswith(".src")]:
        marks = shipped[rel[:-4] + ".py"].split(b'"')[-2].decode()  # the stub's last string
        text, at = shipped[rel], 0
        for mark in marks.split():
            size = int(mark.rpartition(":")[2])
            assert text[at:at + size].endswith(slim.ANCHOR), (rel, mark)
            at += size
            pieces += 1
        assert at == len(text), rel
    assert pieces > 30
    # (and it changes nothing: Ellipsis is not None, on every runtime)
    assert slim.ANCHOR.startswith(b"if ... is None: pass")


# ------------------------------------------------------------------------------------------ consts
CONSTS = b'''try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_A = const(3)  # a comment goes with its line
_B = const(_A << 2)
_N = const(-(_A + 1))
_F = const(5)
PUBLIC = const(_B | 1)


def f(x):
    return x * _A + _N


class K:
    SIZE = _B

    def g(self):
        return (_N, _B.__class__.__name__, f"{_F}", _F, PUBLIC)


print(f(2), K.SIZE, K().g())
'''


def test_private_consts_go_in_by_value_every_line_where_it_was():
    out = slim.inline_consts(CONSTS)
    assert out.count(b"\n") == CONSTS.count(b"\n")
    names = {n.id for n in ast.walk(ast.parse(out)) if isinstance(n, ast.Name)}
    assert not {"_A", "_B", "_N"} & names  # (a board's lexer would have made each a name)
    assert b"_F = const(5)" in out and "_F" in names  # read inside an f-string: kept
    assert b"PUBLIC = const(12 | 1)" in out  # a public one is a global: kept, its value put in
    assert b"return x * 3 + (-4)" in out and b"(12).__class__" in out
    assert statements(out) == [s for s in statements(CONSTS) if s[0] not in (7, 8, 9)]


@pytest.mark.parametrize("path", DEVICE_SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_module_shipped_as_py_reads_no_private_const_by_name(path):
    source = path.read_bytes()
    rel = path.relative_to(ROOT).as_posix()
    shipped = slim.ship_in_pieces({rel: slim.strip_docstrings(source)})
    if rel[:-3] + ".src" in shipped:  # in pieces: the stub, then every line where it was
        assert shipped[rel].startswith(slim.STUB[:20])
        assert shipped[rel[:-3] + ".src"].count(b"\n") >= source.count(b"\n")
    elif rel.startswith("brisca/"):  # every line where it was, then slim.ANCHOR
        assert shipped[rel].count(b"\n") == source.count(b"\n") + 1 and shipped[rel].endswith(slim.ANCHOR)
    else:  # (code.py and boot.py get theirs from install.game_files)
        assert shipped[rel].count(b"\n") == source.count(b"\n")
    consts = {
        n.targets[0].id for n in ast.parse(source).body if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call) and getattr(n.value.func, "id", "") == "const"
        and n.targets[0].id.startswith("_")}
    for data in shipped.values():
        assert not consts & {n.id for n in ast.walk(ast.parse(data)) if isinstance(n, ast.Name)}


def outputs(tmp_path, source, changed):
    """What `source` and `changed` (bytes of a script) print, on CPython then on MicroPython."""
    exe = mpytree.binary("micropython")
    if not exe:
        pytest.fail("no micropython binary: `make venv` installs it")
    (tmp_path / "whole.py").write_bytes(source)
    (tmp_path / "changed.py").write_bytes(changed)
    return [subprocess.run([exe_, name], cwd=tmp_path, capture_output=True, text=True, timeout=60).stdout
            for exe_ in (sys.executable, exe) for name in ("whole.py", "changed.py")]


def test_consts_put_in_behave_the_same_on_micropython(tmp_path):
    runs = outputs(tmp_path, CONSTS, slim.inline_consts(CONSTS))
    assert runs[0] == "2 12 (-4, 'int', '5', 5, 13)\n", runs
    assert runs == [runs[0]] * 4, runs


# ------------------------------------------------------------------------------------------ locals
LOCALS = b'''import sys

total = 100


def outer(items, scale=2):
    counted = 0
    shared = 5

    def inner(v):
        return v + shared

    class Box:
        size = shared * 2

    for item in items:
        counted += inner(item) * scale
    doubled = [value * 2 for value in items]
    if (found := len(doubled)) > 1:
        counted += found
    label = f"{counted}"
    try:
        raise ValueError(label)
    except ValueError as error:
        message = str(error)
    import math as maths
    return counted, Box.size, doubled, message, maths.floor(2.5), inner.__name__, total


def counts_locals():
    mine = 3
    return sorted(locals())


def uses_global():
    global total
    total = total + 1
    spare = total
    return spare


print(outer([1, 2, 3]), uses_global())
'''


def test_plain_locals_take_short_names_and_nothing_else_does():
    out = slim.rename_locals(LOCALS)
    assert out.count(b"\n") == LOCALS.count(b"\n")
    names = {n.id for n in ast.walk(ast.parse(out)) if isinstance(n, ast.Name)}
    assert not {"item", "doubled", "label", "message", "spare"} & names  # plain locals: renamed
    # kept: a parameter, a name a nested scope reads, a nested def and class, a comprehension's
    # own, a := target, an except name, an import, what locals() reads, a global, what an
    # f-string reads
    assert {"items", "scale", "shared", "inner", "Box", "value", "found", "error", "maths", "mine", "total",
            "counted"} <= names


def test_renamed_locals_behave_the_same_on_cpython_and_micropython(tmp_path):
    runs = outputs(tmp_path, LOCALS, slim.rename_locals(LOCALS))
    assert runs[0] == runs[1] and runs[2] == runs[3], runs
    assert runs[0] == runs[2] == "(45, 10, [2, 4, 6], '45', 2, 'inner', 100) 101\n", runs


# ------------------------------------------------------------------------------------------ pieces
# A module a board compiles in pieces (brisca/pieces.py): every name, every line number and every
# behaviour of the whole module, however it is cut.
SAMPLE = b'''try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_A = const(3)
_B = const(_A * 2)
PUBLIC = const(7)
_UNUSED = const(1)


class Base:
    def __init__(self, x):
        self.x = x

    def hello(self):
        return "base %d" % self.x


class Thing(Base):
    KIND = "thing"

    def __init__(self, x):
        super().__init__(x + _A)

    def hello(self):
        return "thing " + super().hello()

    def double(self):
        return self.x * 2 + _B

    @staticmethod
    def fixed():
        return PUBLIC

    def boom(self):
        raise ValueError("at line %d" % 38)

    def last(self):
        return helper(self.x)


def helper(n):
    return n + _B + PUBLIC


TABLE = [helper(i) for i in range(3)]
'''


def _run_sample(tmp_path, size, runner):
    """The sample shipped in pieces of `size` bytes, imported by `runner` (a command) from
    tmp_path; its printed lines."""
    files = slim.ship_in_pieces({"brisca/sample.py": SAMPLE, "brisca/__init__.py": b""}, size)
    assert files["brisca/sample.py"].startswith(b'__import__("brisca.pieces")')
    for rel, data in list(files.items()) + [("brisca/pieces.py", (ROOT / "brisca/pieces.py").read_bytes())]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    script = ("import sys\nsys.path.insert(0, '.')\nfrom brisca import sample as s\nt = s.Thing(1)\n"
              "print(t.hello(), t.double(), t.fixed(), s.Thing.fixed(), t.last(), s.TABLE, s.PUBLIC, t.KIND)\n"
              "print(sorted(k for k in dir(s.Thing) if not k.startswith('__')))\n"
              "print(sorted(k for k in dir(s) if not k.startswith('__')))\n"
              "try:\n    t.boom()\nexcept ValueError as e:\n    print(e)\n")
    run = subprocess.run(runner + ["-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout.splitlines()


@pytest.mark.parametrize("size", [60, 200, 400])
def test_a_module_in_pieces_has_every_name_and_behaves_the_same(tmp_path, size):
    marks = slim.pieces(SAMPLE, size)[0].split()
    assert len(marks) >= 3  # cut at all
    whole = tmp_path / "whole"
    whole.mkdir()
    (whole / "sample.py").write_bytes(SAMPLE)
    expected = subprocess.run([sys.executable, "-c", "import sample as s\nt = s.Thing(1)\nprint(t.hello(), t.double(), "
                               "t.fixed(), s.Thing.fixed(), t.last(), s.TABLE, s.PUBLIC, t.KIND)"],
                              cwd=whole, capture_output=True, text=True, check=True).stdout.splitlines()
    got = _run_sample(tmp_path, size, [sys.executable])
    assert got[0] == expected[0] == "thing base 4 14 7 7 17 [13, 14, 15] 7 thing"
    assert got[1] == "['KIND', 'boom', 'double', 'fixed', 'hello', 'last']"
    assert "helper" in got[2] and "_piece_" not in got[2] and "Thing" in got[2]


def test_a_later_piece_sees_the_consts_and_names_its_own_lines_on_micropython(tmp_path):
    exe = mpytree.binary("micropython")
    if not exe:
        pytest.fail("no micropython binary: `make venv` installs it")
    marks = slim.pieces(SAMPLE, 60)[0]
    assert "Thing:" in marks  # the class goes on in a later piece
    got = _run_sample(tmp_path, 60, [exe])
    assert got[0] == "thing base 4 14 7 7 17 [13, 14, 15] 7 thing"
    assert got[3] == "at line 38"
    script = ("import sys\nsys.path.insert(0, '.')\nfrom brisca import sample as s\ntry:\n    s.Thing(1).boom()\n"
              "except ValueError as e:\n    sys.print_exception(e)\n")
    run = subprocess.run([exe, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert 'brisca/sample.py", line 38, in boom' in run.stdout, run.stdout


def test_what_cannot_join_a_class_later_stays_in_its_first_piece():
    marks, text = slim.pieces(SAMPLE, 60)
    starts = [m for m in marks.split()]
    # Base.__init__, Thing.__init__ and hello (super()), fixed (a decorator) stay with their class
    pieces_text = []
    at = 0
    for m in starts:
        n = int(m.rpartition(":")[2])
        pieces_text.append(text[at:at + n])
        at += n
    assert at == len(text)
    for piece in pieces_text:
        if b"class _piece_:" in piece:
            assert b"super()" not in piece.split(b"class _piece_:")[-1]
            assert b"@staticmethod" not in piece.split(b"class _piece_:")[-1]
    # every piece is as many lines from the file's top as in the module
    lines = SAMPLE.splitlines()
    for piece in pieces_text:
        for i, line in enumerate(piece.splitlines()):
            if line.strip() and b"= const(" not in line and line not in (b"class _piece_:", slim.ANCHOR[:-1]):
                assert line == lines[i]


def test_a_const_defined_inside_a_block_keeps_the_module_whole():
    source = b"if True:\n    _X = const(1)\n" + b"def f():\n    return _X\n" * 200
    assert slim.pieces(source, 100) is None
    assert slim.pieces(b"x = 1\n", 100) is None  # small: one piece
