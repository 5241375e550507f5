"""brisca.ai's search facts (_S) are filled by brisca.endgame and brisca.search, each naming the
slots with its own underscore consts (inlined by MicroPython: no heap on a board, but private to
the module). A name must mean the same slot in every module that has it, and the slots named by
brisca.ai must be the only ones the others use, so no module reads a slot another fills with
something else."""
import ast

from tests.conftest import ROOT, consts

SLOTS = ["_SEAT", "_TRUMP", "_MUST", "_STOCK", "_NODES_NOW", "_POINTS", "_LED", "_LIMIT", "_UNSEEN", "_HIDDEN",
         "_ENUM", "_PLACEMENTS", "_USED", "_DONE", "_EXACT", "_KNOWN", "_HAND", "_MOVES", "_BEATER", "_FIRST",
         "_T0", "_TIME", "_TRIED"]


def used(path, buffer):
    """The names indexing `buffer` (a name, e.g. "facts") anywhere in a source file."""
    out = set()
    for node in ast.walk(ast.parse((ROOT / path).read_text())):
        if isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == buffer:
            assert isinstance(node.slice, ast.Name), "%s: %s[%s] by a bare number" % (
                path, buffer, ast.unparse(node.slice))
            out.add(node.slice.id)
    return out


def test_brisca_ai_names_every_slot_once():
    ai = consts("brisca/ai.py")
    assert sorted(ai[n] for n in SLOTS) == list(range(len(SLOTS)))


def test_the_searches_use_brisca_ais_slots_by_its_numbers():
    ai = consts("brisca/ai.py")
    checked = 0
    for path, buffers in (("brisca/ai.py", ["_S"]), ("brisca/endgame.py", ["_S", "s", "facts"]),
                          ("brisca/search.py", ["facts"])):
        mine = consts(path)
        for b in buffers:
            for name in used(path, b):
                assert name in SLOTS, "%s: %s[%s] is not one of brisca.ai's slots" % (path, b, name)
                assert mine[name] == ai[name], (path, name)
                checked += 1
    assert checked > 30  # (else the search above found nothing)

