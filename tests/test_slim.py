"""tools/slim.py: what a board compiles is our source without docstrings, every statement on its line."""

import ast
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
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
