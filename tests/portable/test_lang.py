"""Every language is complete and consistent with English (runs under pytest and MicroPython).

Kept lean: under MicroPython's 32K heap this module, English's index and one language's must fit
together. More checks (required keys, card names, screen widths) are in tests/test_font.py.
"""
import gc
import sys

from brisca import lang

ON_MICROPYTHON = sys.implementation.name == "micropython"

WIDTH = 26  # characters on one line of the 160 px screen in the 6 px font
PAGE_LINES = 8


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


def _key_at(texts, f, i):
    f.seek(texts.starts[2 * i] | texts.starts[2 * i + 1] << 8)
    line = f.readline()
    return line[:line.find(b"=")]


def repeated_keys(texts):
    """Keys that stand in two separate places of a language (a copy-paste slip): a line whose key
    an earlier line had, though the line just before had another (a run of one key is its pages)."""
    out = []
    h = texts.hashes
    with open(texts.path, "rb") as f:
        for i in range(1, len(h)):
            key = None
            for j in range(i - 1):
                if h[j] == h[i]:
                    key = key or _key_at(texts, f, i)
                    if _key_at(texts, f, j) == key and _key_at(texts, f, i - 1) != key and key not in out:
                        out.append(key)
    return out


def check_language(code):
    en = lang.load("en")
    texts = lang.load(code)
    assert texts.code == code
    assert repeated_keys(texts) == [], code
    for key in en.keys():
        if ON_MICROPYTHON:
            gc.collect()
        mine = texts.find(key, 0)
        ref = en.find(key, 0)
        if key[-2:] == "_s":  # a shorter form of a label: only the languages that need one have it
            continue
        assert mine is not None, code + " lacks " + key
        assert type(mine) is type(ref), code + ": " + key + " should be a " + type(ref).__name__
        if key == "help":
            assert texts.pages() == en.count("help"), code + ": help pages"
            for n in range(texts.pages()):
                page = texts.page(n)
                assert 2 <= len(page) <= PAGE_LINES, code + ": help page too long: " + page[0]
                for line in page:
                    assert len(line) <= WIDTH, code + ": help line too wide: " + line
                page = None
        elif isinstance(ref, str):
            assert mine, code + ": empty " + key
            assert same_specs(specs(mine), specs(ref)), code + ": formats of " + key + " differ: " + mine
        else:
            assert len(mine) == len(ref), code + ": " + key + " needs " + str(len(ref)) + " items"
            for item in mine:
                assert item, code + ": empty item in " + key
    texts = en = mine = ref = None
    gc.collect()


def test_a_short_form_is_shorter_than_its_label():
    for code in lang.LANGS:
        texts = lang.load(code)
        for key in texts.keys():
            if key[-2:] == "_s":
                label = texts.find(key[:-2])
                assert label is not None and len(texts.find(key)) < len(label), code + " " + key
        texts = None
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
    texts = lang.load("es")
    assert texts("new_game") == "Nueva partida"
    assert texts.find("no_such_key") is None
    assert texts("no_such_key") == "no_such_key"
    texts.hashes[:] = bytes(len(texts.hashes))  # as if every line were another key
    assert texts("quit") == "Quit"  # English


def test_help_pages_whole_and_one_by_one():
    import os

    name = "test-lang-help.txt"
    with open(name, "w") as f:
        f.write("x=1\nhelp=T1|a|b\nhelp=T2|c\ny=2\nsuits_es=a|b\n")
    try:
        texts = lang.Texts("en", name)
        check_help(texts)
        texts.open()  # a step's lookups: all through one open file
        f = texts.file
        check_help(texts)
        assert texts.file is f
        texts.close()
        assert texts.file is None
        try:
            f.read(1)
        except (OSError, ValueError):  # closed
            f = None
        assert f is None, "close() left the file open"
        check_help(texts)  # (and each lookup opens and closes it again)
    finally:
        os.remove(name)


def test_lines_longer_than_the_buffer_last_line_and_crlf():
    import os

    name = "test-lang-lines.txt"
    long_value = "x" * (2 * lang.LINE) + "|\u00e9" * 3  # (UTF-8 across the buffer's end)
    with open(name, "wb") as f:
        f.write(("ab=1\r\nabc=" + long_value + "\r\nk=" + "y" * (lang.LINE - 3) + "\nlast=\u0161").encode())
    try:
        texts = lang.Texts("en", name)
        assert texts.find("ab") == "1"  # a key that starts another's: its own line
        assert texts.find("abc") == tuple(long_value.split("|"))
        assert texts.find("k") == "y" * (lang.LINE - 3)  # its newline just past the buffer
        assert texts.find("last") == "\u0161"  # no newline after it
    finally:
        os.remove(name)


def test_every_value_is_its_line():
    for code in lang.LANGS:
        texts = lang.load(code)
        pages = 0  # (every other key is on one line)
        with open(texts.path, "rb") as f:
            for line in f:
                key, _, value = line.rstrip(b"\r\n").decode().partition("=")
                want = tuple(value.split("|")) if "|" in value else value
                assert texts.find(key, pages if key == "help" else -1) == want, (code, key)
                pages += key == "help"
        texts = None
        gc.collect()


def check_help(texts):
    assert texts.find("help") == ("T1", "a", "b")  # a key on several lines: its first, whole
    assert texts.find("help", 1) == ("T2", "c")
    assert texts.find("help", 2) is None
    assert texts.count("help") == 2
    assert texts.pages() == 2
    assert texts.page(0) == ("T1", "a", "b")
    assert texts.find("y") == "2"
    assert texts.find("x") == "1"
    assert texts.find("z") is None
    assert texts.find("suits_es") == ("a", "b")
    assert list(texts.keys()) == ["x", "help", "y", "suits_es"]


def test_a_language_costs_a_few_bytes_a_line():
    gc.collect()
    texts = lang.load("de")
    lines = 0
    with open(texts.path, "rb") as f:
        for _line in f:
            lines += 1
    assert len(texts.hashes) == lines
    assert len(texts.starts) == 2 * lines
