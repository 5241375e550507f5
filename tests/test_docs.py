"""The README and docs/: every relative link leads to a file that exists, every #anchor into a
Markdown file to one of its headings (as GitHub names them), the README says near its top that
nothing has run on a real board yet, every record and replay code shown replays, and the figures
tools/figures.py measures in seconds are the ones the pages cite."""
import pathlib
import subprocess
import sys
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


# Every quick figure the docs cite equals what tools/figures.py measures now (its CLAIMS say where
# each stands): after a change that moves one, `.venv/bin/python tools/figures.py --check` lists
# the lines to write again.
def _figures():
    sys.path.insert(0, str(ROOT / "tools"))
    import figures

    return figures


def test_the_zip_the_weights_and_the_test_heaps_are_as_the_docs_say():
    figures = _figures()
    figs = figures.figures(micropython=False)
    assert {"zip_line", "zip_assets", "net_kb", "net_bytes", "heaps"} <= set(figs)
    assert not figures.check(figs), figures.check(figs)


def test_what_each_module_holds_is_as_the_docs_say(mp32):
    figures = _figures()
    figs = figures.resident()
    assert len(figs) == 24, sorted(figs)  # 9 modules, a Game, a View and the buffers, on 2 runtimes
    assert not figures.check(figs), figures.check(figs)


def test_every_claim_finds_its_figure():
    # a claim whose page was rewritten around its figure would check nothing: each still matches
    figures = _figures()
    for page, pattern, _ in figures.CLAIMS:
        assert re.search(pattern, (ROOT / page).read_text(encoding="utf-8")), (page, pattern)


# The help lines the docs quote, as the game shows them: (page, quote, board, screen).
HELP_QUOTES = (
    ("README.md", "<> A play START SELECT B", "pybadge", "table"),
    ("README.md", "A next  B play  hold B menu  hold A hint", "clue", "table"),
    ("docs/memory.md", "^v move  A ok", "pybadge", "title"),
    ("docs/memory.md", "A next  B ok", "clue", "title"),
    ("docs/memory.md", "<> A play START SELECT B", "pybadge", "table"),
    ("docs/memory.md", "START ^v <> SELECT A B", "pybadge", "setup"),
    ("docs/memory.md", "hold B play A next B change hold A info", "clue", "setup"),
)


@pytest.mark.parametrize("page,quote,board,scenario", HELP_QUOTES)
def test_the_help_lines_quoted_are_the_games(page, quote, board, scenario):
    from tests.test_app import make_app
    from tests.test_help import _enter, _shown_help

    def spaced(text):
        return re.sub(r"\s+", " ", text).strip()

    assert '"%s"' % spaced(quote) in spaced((ROOT / page).read_text(encoding="utf-8")), "not quoted on the page"
    _, app = make_app(board)
    _enter(app, scenario)
    assert spaced(_shown_help(app)) == spaced(quote)
