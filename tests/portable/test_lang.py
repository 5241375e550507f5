"""Every language is complete and consistent with English (runs under pytest and MicroPython).

Kept lean: under MicroPython's 32K heap this module, English and one language must fit together.
More checks (required keys, card names, screen widths) are in tests/test_font.py.
"""
import gc
import sys

from brisca import lang

ON_MICROPYTHON = sys.implementation.name == "micropython"

WIDTH = 26  # characters on one line of the 160 px screen in the 6 px font
PAGE_LINES = 8
CHUNK = 1000  # characters per text chunk of a language module
def specs(text):
    """The % conversions of a format string in order ("s", "d", "(r)s"); %% and a final % are text."""
    out = []
    i = text.find("%")
    while 0 <= i < len(text) - 1:
        c = text[i + 1]
        if c == "%":
            i = text.find("%", i + 2)
            continue
        if c == "(":
            close = text.find(")", i)
            assert close > 0, "unclosed %( in " + repr(text)
            out.append(text[i + 1:close + 2])
            i = close + 2
        else:
            out.append(c)
            i += 2
        assert out[-1][-1] in "sd", "bad conversion in " + repr(text)
        i = text.find("%", i)
    return out


def same_specs(mine, ref):
    """Positional conversions must match in order; named ones (%(r)s) in any order."""
    if any(s[0] == "(" for s in ref):
        return sorted(mine) == sorted(ref)
    return mine == ref


def repeated_keys(chunks):
    """Keys that appear in two separate places of a language (a copy-paste slip)."""
    out = []
    for key in lang.keys(chunks):
        tag = "\n" + key + "="
        lines = 0
        for chunk in chunks:
            at = chunk.find(tag)
            while at >= 0:
                lines += 1
                at = chunk.find(tag, at + 1)
        if lines > lang.count(chunks, key) and key not in out:
            out.append(key)
    return out


def english():
    return lang.load("en")


def check_language(code):
    en_text = english().text
    texts = lang.load(code)
    assert texts.code == code
    for chunk in texts.text:
        assert chunk[:1] == "\n" and chunk[-1:] != "\n", code + ": chunk must be newline + lines"
        assert len(chunk) <= CHUNK, code + ": chunk too big: " + chunk[:20]
    assert repeated_keys(texts.text) == [], code
    for key in lang.keys(en_text):
        assert key in texts, code + " lacks " + key
        mine = ref = None
        if ON_MICROPYTHON:
            gc.collect()
        mine = lang.find(texts.text, key, 0)
        ref = lang.find(en_text, key, 0)
        assert type(mine) is type(ref), code + ": " + key + " should be a " + type(ref).__name__
        if isinstance(ref, str):
            assert mine, code + ": empty " + key
            assert same_specs(specs(mine), specs(ref)), code + ": formats of " + key + " differ: " + mine
        elif key == "help":
            assert texts.pages() == lang.count(en_text, "help"), code + ": help pages"
            for n in range(texts.pages()):
                page = texts.page(n)
                assert 2 <= len(page) <= PAGE_LINES, code + ": help page too long: " + page[0]
                for line in page:
                    assert len(line) <= WIDTH, code + ": help line too wide: " + line
                page = None
                if ON_MICROPYTHON:
                    gc.collect()
        else:
            assert len(mine) == len(ref), code + ": " + key + " needs " + str(len(ref)) + " items"
            for item in mine:
                assert item, code + ": empty item in " + key
    texts = en_text = mine = ref = None
    gc.collect()


def test_english():
    check_language("en")


def test_spanish():
    check_language("es")


def test_italian():
    check_language("it")


def test_croatian():
    check_language("hr")


def test_german():
    check_language("de")


def test_polish():
    check_language("pl")


def test_unknown_code_falls_back_to_english():
    texts = lang.load("xx")
    assert texts.code == "en"
    assert texts("new_game") == "New game"
    assert lang.load(None).code == "en"


def test_missing_key_falls_back_to_english():
    texts = lang.Texts("es", "\nnew_game=Nueva partida\n")
    assert texts("new_game") == "Nueva partida"
    assert texts("quit") == "Quit"
    assert texts("no_such_key") == "no_such_key"


def test_help_pages_whole_and_one_by_one():
    for text in (("\nx=1\nhelp=T1|a|b\nhelp=T2|c\ny=2",),
                 ("\nx=1\nhelp=T1|a|b", "\nhelp=T2|c\ny=2"),
                 ("\nx=1\nhelp=T1|a|b", "\nhelp=T2|c", "\ny=2")):
        assert lang.find(text, "help") == (("T1", "a", "b"), ("T2", "c")), text
        assert lang.find(text, "help", 1) == ("T2", "c")
        assert lang.find(text, "help", 2) is None
        assert lang.count(text, "help") == 2, text
        assert lang.find(text, "y") == "2"
        assert lang.find(text, "x") == "1"
        assert lang.find(text, "z") is None
        assert list(lang.keys(text)) == ["x", "help", "y"]
        texts = lang.Texts("xx", text)
        assert texts.pages() == 2
        assert texts.page(0) == ("T1", "a", "b")
    assert lang.count(("\nhelp=1", "\nx=2\nhelp=3"), "help") == 1
