"""Modules that repeat brisca.core's numbers as underscore consts (inlined by MicroPython, no heap
on a board): brisca.words, brisca._records and brisca._saved, so that they compile without the
engine. Each must equal the public number it stands for."""
import pytest

from brisca import core
from tests.conftest import consts

MODULES = ["brisca/words.py", "brisca/_records.py", "brisca/_saved.py"]


# The engine's own underscore consts (rank indexes, sizes, the save format), which core does not export.
PRIVATE = consts("brisca/core.py")


def test_the_consts_are_found():
    assert consts("brisca/words.py")["_NEXT_DEAL"] == 42
    assert PRIVATE["_SEVEN"] == 6 and PRIVATE["_FORMAT_VERSION"] == consts("brisca/_records.py")["_FORMAT_VERSION"]


@pytest.mark.parametrize("path", MODULES)
def test_underscore_consts_equal_core_numbers(path):
    found = consts(path)
    for name, value in found.items():
        assert name.startswith("_"), "%s: public const %s belongs in brisca.core" % (path, name)
        if name in PRIVATE:
            assert value == PRIVATE[name], (path, name)
        else:
            assert hasattr(core, name[1:]), "%s: %s stands for no brisca.core number" % (path, name)
            assert value == getattr(core, name[1:]), (path, name, value)
