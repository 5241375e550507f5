"""The README and docs/: every relative link leads to a file that exists, every #anchor into a
Markdown file to one of its headings (as GitHub names them), and the README says near its top that
nothing has run on a real board yet."""
import pathlib
import subprocess
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", ROOT / "lib" / "README.md", ROOT / "assets" / "README.md"]
               + list((ROOT / "docs").glob("*.md")))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def unfenced(text):
    """The page without its fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)


def prose(text):
    """The page without its code, fenced or inline (a link there is no link)."""
    return re.sub(r"`[^`\n]*`", "", unfenced(text))


def anchors(page):
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to
    hyphens, a repeated one numbered."""
    seen, out = {}, set()
    for line in unfenced(page.read_text(encoding="utf-8")).splitlines():
        found = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not found:
            continue
        slug = re.sub(r"[^\w\- ]", "", found.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else "%s-%d" % (slug, n))
    return out


def links(page):
    """(target, anchor) of every relative link on the page."""
    out = []
    for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        out.append((path, anchor))
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(page):
    assert page.is_file()
    bad = []
    for path, anchor in links(page):
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            bad.append("%s: no such file" % path)
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            bad.append("%s#%s: no such heading" % (path, anchor))
    assert not bad, bad


def test_the_pages_link_to_each_other():
    # the README reaches every page of docs/, so nothing moved there is out of a reader's way
    targets = {(ROOT / path).resolve() for path, _ in links(ROOT / "README.md") if path}
    missing = [p.name for p in (ROOT / "docs").glob("*.md") if p.resolve() not in targets]
    assert not missing, missing


def test_the_readme_says_near_its_top_that_no_board_has_run_it():
    top = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:20])
    assert "nothing here has run on a real board yet" in top.lower()


def test_the_anchor_rule_is_githubs():
    page = ROOT / "docs" / "testing.md"
    assert {"what-make-test-runs", "the-tools", "make-flash-in-detail"} <= anchors(page)


# The records, replay codes and notation the docs show, replayed through the real parsers: an
# example that no longer replays (a card changed, a rule's word renamed, a code's check moved)
# fails here, not in a reader's hands.
CODE_PAGES = PAGES + [ROOT / "brisca" / "notation.py", ROOT / "brisca" / "replay.py", ROOT / "brisca" / "_records.py"]
REPLAY_CODE = re.compile(r"(?<![\w-])[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}(?![\w-])")
RECORD = re.compile(r"p\d[^/<>]* / [^/<>]+ / deal=[^/<>]* / [^/<>]*")


def code_spans(text):
    """Every piece of code on a page, inline or fenced (a fenced block's lines one by one)."""
    spans = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        spans += block.splitlines()
    return spans + [re.sub(r"\s+", " ", s) for s in re.findall(r"`([^`]+)`", unfenced(text))]


def shown(kind):
    """(page, text) of every record (kind RECORD) or replay code (REPLAY_CODE) the pages show: a
    record as a whole piece of code, a code anywhere (a docstring names one bare)."""
    out = []
    for page in CODE_PAGES:
        text = page.read_text(encoding="utf-8")
        name = page.relative_to(ROOT).as_posix()
        if kind is RECORD:
            out += [(name, s.strip()) for s in code_spans(text) if RECORD.fullmatch(s.strip())]
        else:
            out += [(name, c) for c in REPLAY_CODE.findall(re.sub(r"\s+", " ", text))]
    return out


def test_the_docs_show_records_and_codes():
    # the extraction finds what the pages show: engine.md's example and the README's code at least
    assert ("docs/engine.md", next(s for p, s in shown(RECORD) if p == "docs/engine.md")) in shown(RECORD)
    assert {"README.md", "docs/engine.md", "brisca/replay.py"} <= {p for p, _ in shown(REPLAY_CODE)}
    assert {"docs/engine.md", "brisca/notation.py"} <= {p for p, _ in shown(RECORD)}


@pytest.mark.parametrize("page,text", shown(RECORD))
def test_every_record_shown_replays(page, text):
    from brisca import notation

    game = notation.from_record(text)  # every move legal, the tally one a match reaches
    assert notation.record(game) == text, "%s: written back, the record reads otherwise" % page


@pytest.mark.parametrize("page,code", shown(REPLAY_CODE))
def test_every_replay_code_shown_deals(page, code):
    from brisca import notation

    game = notation.from_replay_code(code)  # its check character matches
    assert notation.replay_code(game) == code, "%s: written back, the code reads otherwise" % page


def test_the_engine_pages_example_is_what_its_command_prints():
    # docs/engine.md names the command that makes its record and code: each line it prints is on
    # the page as code, so the example comes from a real game, not from a hand
    page = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    found = re.search(r"this prints[^`]*`(\.venv/bin/python -c \"[^`]*\")`", page)
    assert found, "docs/engine.md no longer names the command behind its example"
    run = subprocess.run(found.group(1), shell=True, cwd=str(ROOT), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 2, lines  # a record, then its deal's replay code
    assert all(line in code_spans(page) for line in lines), lines


def test_the_refusals_the_docs_show_are_refused():
    from brisca import core, notation

    page = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for text in re.findall(r"`from_record\('([^']*)'\)`", page):
        with pytest.raises(ValueError):
            notation.from_record(text)
    assert "`Rules(2, 40, True)` is refused" in page
    with pytest.raises(TypeError):
        core.Rules(2, 40, True)
    numbers = re.search(r"\(`1_0`, `\+5`, `0x10` or `p٢` are refused", page)
    assert numbers, "docs/engine.md's refused numbers moved"
    for text in ("wins:1_0", "wins:+5", "wins:0x10", "p٢"):
        with pytest.raises(ValueError):
            notation.parse_rules(text)


def test_every_rules_word_in_the_engines_table_is_read():
    # each word of docs/engine.md's options table, alone or beside a player count or deck that allows it
    from brisca import notation

    page = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    table = page.split("| option | values | rules word |", 1)[1].split("\n\n", 1)[0]
    words = [w.replace(":N", ":3") for row in table.splitlines()[2:]
             for w in re.findall(r"`([^`]+)`", row.split("|")[-2])]
    assert len(words) >= 25, words
    unread = []
    for word in words:
        for rules in ("%s", "p3 %s", "p4 %s", "p6 %s", "%s d36"):
            try:
                notation.parse_rules(rules % word)
                break
            except ValueError:
                pass
        else:
            unread.append(word)
    assert not unread, unread
