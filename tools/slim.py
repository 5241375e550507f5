"""Our .py files as a board compiles them: every docstring gone, every line where it was; shipped
as .py, private consts put in by value and plain locals with short names.

A board without CircuitPython's mpy-cross compiles each module from source as it is imported, and
the compiler holds the module's whole parse tree, docstrings included, while it works: they cost
heap at the worst moment and are of no use on the board (nothing there reads `__doc__`). Each
docstring becomes a bare `0` (a constant statement, which the compiler drops) and the lines it
spanned stay as blank lines, so a traceback on the serial console names the same line numbers as
the repository's source. Host-only (tools/install.py).
"""
import ast
import builtins
import symtable


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


# ------------------------------------------------------------------------------------ consts
# MicroPython inlines a module's `_NAME = const(...)` (the name is no global), but compiling from
# source its lexer still makes each such name an entry in the interpreter's table of names, which is
# never freed: about 50 of them in the modules a game loads. Shipped as .py they are put in by value
# (ship_in_pieces()).
_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b, ast.Pow: lambda a, b: a ** b,
        ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b,
        ast.BitAnd: lambda a, b: a & b, ast.BitXor: lambda a, b: a ^ b}


def _value(node, known):
    """The int `node` (a const() argument) stands for, from ints, earlier consts and operators."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return known[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert, ast.UAdd)):
        v = _value(node.operand, known)
        return -v if isinstance(node.op, ast.USub) else ~v if isinstance(node.op, ast.Invert) else v
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_value(node.left, known), _value(node.right, known))
    raise KeyError(node)


def inline_consts(source):
    """`source` (bytes) with each module-level `_NAME = const(int)` line left blank and the name put
    in by value where it is read; every line where it was. A const that is assigned elsewhere too,
    or read inside an f-string, stays."""
    tree = ast.parse(source)
    known, lines_of = {}, {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const" \
                and len(node.value.args) == 1:
            try:
                known[node.targets[0].id] = _value(node.value.args[0], known)
            except (KeyError, ArithmeticError):
                continue
            if node.targets[0].id.startswith("_") and node.lineno == node.end_lineno:
                lines_of[node.targets[0].id] = node.lineno
    uses, kept = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            kept.update(n.id for n in ast.walk(node) if isinstance(n, ast.Name))
        elif isinstance(node, ast.Name) and node.id in lines_of:
            if isinstance(node.ctx, ast.Load):
                uses.append(node)
            elif node.lineno != lines_of[node.id]:
                kept.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal, ast.arg)):
            kept.update(getattr(node, "names", None) or [getattr(node, "arg", None)])
    lines = source.splitlines(keepends=True)
    for node in sorted(uses, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        if node.id in kept:
            continue
        line = lines[node.lineno - 1]
        value = known[node.id]
        text = str(value).encode()
        if value < 0 or line[node.end_col_offset:node.end_col_offset + 1] == b".":
            text = b"(" + text + b")"
        lines[node.lineno - 1] = line[:node.col_offset] + text + line[node.end_col_offset:]
    for name, n in lines_of.items():
        if name not in kept:
            lines[n - 1] = b"\n"
    out = b"".join(lines)
    ast.parse(out)  # still Python (raises if not: better here than on a board)
    return out


# ------------------------------------------------------------------------------------ locals
# Compiling from source also makes a name of every local variable (a .mpy file has none: locals are
# slots): about 120 in the modules a game loads, each kept for good. Shipped as .py, a function's
# plain locals take short names, the same few in every module. Kept: parameters (a caller may pass
# them by name), names a nested scope shares, names of nested functions and classes (tracebacks
# name them), imports, `except ... as` and `:=` names, names of one letter, names an f-string
# reads, and every name of a function that reads its locals (locals(), vars(), eval(), exec()).
SHORT = [chr(c) for c in range(ord("a"), ord("z") + 1)] + ["%s%d" % (chr(c), d) for c in range(
    ord("a"), ord("z") + 1) for d in range(10)]
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
           ast.GeneratorExp, ast.ClassDef)


def _scoped_names(node, scope, out):
    """Fill `out` {scope node: [its ast.Name nodes]} walking `node` in `scope`: what a def's
    decorators, defaults and annotations read, and a comprehension's first iterable, belong to the
    scope around it."""
    if isinstance(node, ast.Name):
        out.setdefault(scope, []).append(node)
        return
    if isinstance(node, _SCOPES):
        outer = list(getattr(node, "decorator_list", ()))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = node.args
            outer += a.defaults + [d for d in a.kw_defaults if d is not None]
            outer += [x.annotation for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]
                      if x is not None and x.annotation is not None]
            if getattr(node, "returns", None) is not None:
                outer.append(node.returns)
        elif isinstance(node, ast.ClassDef):
            outer += node.bases + [k.value for k in node.keywords]
        else:
            outer.append(node.generators[0].iter)
        for child in outer:
            _scoped_names(child, scope, out)
        skip = set(map(id, outer))
        for child in ast.iter_child_nodes(node):
            if id(child) not in skip:
                _scoped_names(child, node, out)
        return
    for child in ast.iter_child_nodes(node):
        _scoped_names(child, scope, out)


def _free_below(table):
    """The names the scopes inside symtable `table` take from around them."""
    out = set()
    for child in table.get_children():
        out.update(s.get_name() for s in child.get_symbols() if s.is_free())
        out |= _free_below(child)
    return out


def rename_locals(source):
    """`source` (bytes) with each function's plain local variables named from SHORT (see above),
    every line where it was."""
    text = source.decode()
    tree = ast.parse(source)
    names = {}
    _scoped_names(tree, tree, names)
    taken = {n.id for found in names.values() for n in found} | set(dir(builtins))
    taken |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments)
              for a in n.posonlyargs + n.args + n.kwonlyargs + [n.vararg, n.kwarg] if a is not None}
    tables = {}

    def index(table):
        for child in table.get_children():
            if child.get_type() == "function":
                tables[(child.get_name(), child.get_lineno())] = child
            index(child)

    index(symtable.symtable(text, "module", "exec"))
    edits = []
    for scope, found in names.items():
        if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        table = tables.get((scope.name, scope.lineno))
        if table is None:
            continue
        inner = list(ast.walk(scope))
        if any(isinstance(n, ast.Name) and n.id in ("locals", "vars", "eval", "exec") for n in inner):
            continue
        keep = _free_below(table)
        keep.update(n.id for f in inner if isinstance(f, ast.JoinedStr) for n in ast.walk(f) if isinstance(n, ast.Name))
        keep.update(h.name for h in inner if isinstance(h, ast.ExceptHandler) and h.name)
        keep.update(w.target.id for w in inner if isinstance(w, ast.NamedExpr))  # (may bind in a comprehension)
        plain = [s.get_name() for s in table.get_symbols() if s.is_local() and s.is_assigned() and not (
            s.is_parameter() or s.is_global() or s.is_declared_global() or s.is_nonlocal() or s.is_free()
            or s.is_imported() or s.is_namespace() or s.get_name() in keep)]
        short = iter([n for n in SHORT if n not in taken])
        new = {}
        for node in sorted(found, key=lambda n: (n.lineno, n.col_offset)):
            if node.id in plain and node.id not in new and len(node.id) > 1:
                new[node.id] = next(short)
        edits += [(n.lineno, n.col_offset, n.end_col_offset, new[n.id]) for n in found if n.id in new]
    lines = source.splitlines(keepends=True)
    for line_no, start, end, name in sorted(edits, reverse=True):
        line = lines[line_no - 1]
        lines[line_no - 1] = line[:start] + name.encode() + line[end:]
    out = b"".join(lines)
    ast.parse(out)  # still Python (raises if not: better here than on a board)
    return out


def short(source):
    """`source` (bytes, a module or a piece of one) with its private consts put in by value and its
    plain locals' short names: what a board compiles from .py makes fewer names."""
    return rename_locals(inline_consts(source))


# ------------------------------------------------------------------------------------ pieces
# Compiling a module from source holds its whole parse tree at once: several times the source's
# size, over what the heap already holds (tools/fit.py). A large module ships as a one-line stub
# (its .py) and its source beside it (.src), which brisca.pieces compiles and runs a piece at a
# time: the parse tree of one piece at a time, the module's names and behaviour unchanged.
PIECE = 1800  # bytes of source a piece aims at (a statement longer than that is a piece alone)
# Each piece keeps a table of the names it uses for as long as its module is loaded (about 70 B
# on the 32-bit port), so a module compiled only while the heap holds little goes in fewer pieces:
# the shell's, at start-up, whole, and brisca.ui.app's in three; brisca.core's, at the new-game
# menu, in pieces of 4 KB (it costs 27 KB to compile, 22 KB in pieces of 1.8 KB; held at the
# table, 11.3 KB, 12.2 KB); brisca.ui.tableview's, the table's last import, over all the rest, in
# pieces of 1 KB (9.6 KB to compile again instead of 11.3 KB, about 450 B more held). tools/fit.py
# measures every import against the budget.
WHOLE = 1 << 30
PIECE_SIZES = {"brisca/ui/app.py": 6000, "brisca/core.py": 4000, "brisca/ui/board.py": WHOLE, "brisca/lang.py": WHOLE,
               "brisca/ui/text.py": WHOLE, "brisca/ui/font.py": WHOLE, "brisca/ui/hw.py": WHOLE,
               "brisca/ui/detect.py": WHOLE, "brisca/save/settings.py": WHOLE, "brisca/save/slots.py": WHOLE,
               "brisca/save/store.py": WHOLE, "brisca/ui/tableview.py": 1000}
STUB = b'__import__("brisca.pieces").pieces.run(globals(), __file__, "%s")\n'


def _first_line(node):
    return min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", ())])


def _movable(node):
    """True if method `node` may be defined in a later piece than its class's first: only if the
    class needs nothing of it when it is made (no dunder), it is a plain function, and it needs
    nothing of the class body but its name (zero-argument super() would find the piece's class)."""
    if not isinstance(node, ast.FunctionDef) or node.name.startswith("__"):
        return False
    if node.decorator_list:  # (its piece's class hands it on as the plain function it is)
        return False
    return not any(isinstance(n, ast.Name) and n.id in ("super", "__class__") for n in ast.walk(node))


def _consts(tree):
    """Line numbers of the module-level `NAME = const(...)` statements, each on one line; None if a
    const() assignment is anywhere else (a later piece could not see it)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and getattr(
                node.value.func, "id", "") == "const":
            if node not in tree.body or node.lineno != node.end_lineno or len(node.targets) != 1:
                return None
            lines.append(node.lineno)
    return lines


def _names(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _units(tree, n_lines):
    """The module's statements as units a piece takes whole, in the order they run: (line ranges,
    class name or "", names they use, the class they end with or ""). A class is its header and
    every member that cannot join it later, then each member that can, one a unit."""
    starts = [_first_line(node) for node in tree.body] + [n_lines + 1]
    units = []
    for node, end in zip(tree.body, starts[1:]):
        if not isinstance(node, ast.ClassDef) or not node.body:
            units.append(([(_first_line(node), end)], "", _names(node), ""))
            continue
        bounds = [_first_line(m) for m in node.body] + [end]
        head = ([(_first_line(node), bounds[0])], "", set(), node.name)
        for part in node.bases + node.keywords + node.decorator_list:
            head[2].update(_names(part))
        later = []
        for m, first, last in zip(node.body, bounds, bounds[1:]):
            if _movable(m):
                later.append(([(first, last)], node.name, _names(m), node.name))
            else:
                head[0].append((first, last))
                head[2].update(_names(m))
        units += [head] + later
    return units


# One line at the end of everything we compile for a board, a module or a piece: it gives the code
# a constant object of its own, Ellipsis, which lives in the firmware (no heap, no name). Loading
# or compiling code, MicroPython allocates its names' table and its objects' table as one block,
# the objects' table last; with no constant object, the objects' table's address is that of the
# block just past it. The code's context keeps that address for good, and the collector takes it
# for a reference to whatever object was allocated next: a long-lived module (brisca.core,
# brisca.ai) kept a screen's module alive after the screen was gone, 3.5 KB, depending on where
# things happened to lie (tools/fit.py's figures moved by that much with a comment's length).
# (`if ...:` alone is folded away, Ellipsis and all; compared with None, it stays.)
ANCHOR = b"if ... is None: pass  # one constant object: docs/memory.md (Will it fit?)\n"


def anchor(source):
    """`source` (bytes) with ANCHOR as its last line (its other lines keep their numbers)."""
    return source + (b"\n" if source and not source.endswith(b"\n") else b"") + ANCHOR


def pieces(source, size=None, finish=None):
    """`source` (bytes, docstrings stripped) cut for brisca.pieces: (marks, text), or None when it
    is one piece anyway or cannot be cut. `text` is the pieces one after the other, each ready to
    compile: the const() lines before it that it uses, then the module's lines with every line
    not its own left blank, so that its statements keep their line numbers; a piece that goes on
    with class NAME's methods has a class line of its own just before its first. `marks` says,
    for each piece, its length in bytes, after "NAME:" for such a piece. `finish(piece)`, if given,
    is applied to each piece once cut (it must keep its lines); each piece ends with ANCHOR."""
    size = size or PIECE
    tree = ast.parse(source)
    consts = _consts(tree)
    if consts is None or len(source) <= size:
        return None
    lines = source.splitlines(keepends=True)
    cuts = []  # [line ranges, class name, names used, size, the class its last unit is of]
    for ranges, name, used, tail in _units(tree, len(lines)):
        span = sum(len(x) for a, b in ranges for x in lines[a - 1:b - 1])
        piece = cuts[-1] if cuts else None
        # (a class's later member joins only a piece that ends with that class)
        if piece is None or piece[3] + span > size or (name and piece[4] != name):
            piece = [[], name, set(), 0, ""]
            cuts.append(piece)
        piece[0] += ranges
        piece[2].update(used)
        piece[3] += span
        piece[4] = tail
    if len(cuts) < 2:
        return None
    const_names = {_const_name(lines[c - 1]): c for c in consts}
    marks, text = [], []
    for k, (ranges, name, used, _size, _tail) in enumerate(cuts):
        mine = [False] * (len(lines) + 1)
        for a, b in ranges:
            for n in range(a, b):
                mine[n] = True
        first = min(a for a, _ in ranges)
        last = max(b for _, b in ranges) - 1
        head = []
        if k:
            need = _closure(used, const_names, lines)
            head = [lines[c - 1] for c in consts if c < first and _const_name(lines[c - 1]) in need]
        top = head + [b"class _piece_:\n"] * bool(name)
        if len(top) > first - 1:
            return None  # (no room above its first line)
        out = top + [b"\n"] * (first - 1 - len(top))
        out += [lines[n - 1] if mine[n] else b"\n" for n in range(first, last + 1)]
        body = b"".join(out)
        if finish is not None:
            body = finish(body)
        body = anchor(body)
        marks.append("%s:%d" % (name, len(body)) if name else str(len(body)))
        text.append(body)
    return " ".join(marks), b"".join(text)


def _const_name(line):
    return line.split(b"=")[0].strip().decode()


def _closure(used, const_names, lines):
    """The const names `used` needs: those it names and those their values name."""
    need, todo = set(), [n for n in used if n in const_names]
    while todo:
        n = todo.pop()
        if n not in need:
            need.add(n)
            todo += [m for m in _names(ast.parse(lines[const_names[n] - 1])) if m in const_names]
    return need


def ship_in_pieces(files, size=None):
    """`files` ({path: bytes}, as tools/install.py ships them) as a board compiles them from .py:
    each module of brisca/ larger than `size` (else its PIECE_SIZES entry, else PIECE) as a stub
    (.py) and its pieces (.src), see brisca/pieces.py; consts put in and short local names (short());
    every module and piece ends with ANCHOR.
    (Cut first: what a piece costs to compile goes with its tokens, and short() would pack more of
    them in a piece's bytes.)"""
    out = dict(files)
    for rel, data in files.items():
        if rel.startswith("brisca/") and rel.endswith(".py"):
            cut = pieces(data, size or PIECE_SIZES.get(rel), short) if rel != "brisca/pieces.py" else None
            if cut:
                out[rel] = anchor(STUB % cut[0].encode())  # (its marks may be a name: no object)
                out[rel[:-3] + ".src"] = cut[1]
            else:
                out[rel] = anchor(short(data))
    return out
