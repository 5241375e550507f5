"""Runs a module shipped in pieces: a board that compiles our .py files then holds the parse tree
of one piece at a time, not of the whole module (tools/slim.py cuts them).

The module's .py is a stub that calls run(); its pieces lie beside it, one after the other, in
its .src. Each piece starts with the module's const() lines it uses (a piece cannot see another's)
and blank lines down to its first line, so a traceback names the module's own lines. A piece that
goes on with a class's methods defines them in a class of its own, whose methods then join it.
"""
import gc

# tools/mp32 sets a list here: run() then leaves the pieces to it, to run one a step (that port
# collects only between steps, a board whenever it needs to)
LATER = None


def _compile(text, path):
    """A piece's code, named after its module's file; its text itself on a build without compile()
    (exec compiles it then)."""
    try:
        return compile(text, path, "exec")
    except NameError:
        return text


def pieces(g, path, marks):
    """Run module `path` (its stub's __file__) into its globals `g` from its .src, as `marks` cuts
    it (each piece's length, after "NAME:" for one that goes on with class NAME): a generator, a
    piece a step."""
    with open(path[:-3] + ".src", "rb") as f:
        for mark in marks.split():
            name, _, size = mark.rpartition(":")
            text = f.read(int(size))
            gc.collect()
            code = _compile(text, path)
            del text  # (the compiled piece no longer needs it)
            exec(code, g)
            del code
            if name:
                cls = g[name]
                part = g["_piece_"]
                g["_piece_"] = None  # (a deleted entry's value stays in the table: not this class)
                del g["_piece_"]
                for key in dir(part):  # (plain methods only: tools/slim.py)
                    if key[:2] != "__":
                        setattr(cls, key, getattr(part, key))
                cls = part = None
            yield
    # a generator that has ended keeps its locals: a word the collector still finds pointing at it
    # would keep the whole module alive through them after the module is let go
    g = None


def run(g, path, marks):
    """Run module `path` into its globals `g`, all its pieces (see pieces())."""
    steps = pieces(g, path, marks)
    if LATER is not None:
        LATER.append(steps)
        return
    for _ in steps:
        pass
