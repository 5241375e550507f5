"""The README and docs/: every relative link leads to a file that exists, every #anchor into a
Markdown file to one of its headings (as GitHub names them), and the README says near its top that
nothing has run on a real board yet."""
import pathlib
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
