"""Our .py files as a board compiles them: every docstring gone, every line where it was.

A board without CircuitPython's mpy-cross compiles each module from source as it is imported, and
the compiler holds the module's whole parse tree, docstrings included, while it works: they cost
heap at the worst moment and are of no use on the board (nothing there reads `__doc__`). Each
docstring becomes a bare `0` (a constant statement, which the compiler drops) and the lines it
spanned stay as blank lines, so a traceback on the serial console names the same line numbers as
the repository's source. Host-only (tools/install.py).
"""
import ast


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
    """`source` (bytes of a .py file) without its docstrings, line numbers kept."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    for l1, c1, l2, c2 in sorted(_docstrings(tree), reverse=True):
        first, last = lines[l1 - 1], lines[l2 - 1]
        lines[l1 - 1] = first[:c1] + b"0" + last[c2:]
        for i in range(l1, l2):
            lines[i] = b"\n"
    out = b"".join(lines)
    ast.parse(out)  # still Python (raises if not: better here than on a board)
    return out
