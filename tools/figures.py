"""The figures the README and docs/ cite that a command prints in seconds, printed by one command,
and with --check each line of the docs whose figure differs from what is measured now.

    .venv/bin/python tools/figures.py           # every quick figure, with the command behind it
    .venv/bin/python tools/figures.py --check   # and each doc line that says otherwise (exit 1)
    .venv/bin/python tools/figures.py --write   # and write the figures measured into those lines
    .venv/bin/python tools/figures.py --fit /tmp/fit.json --check   # and memory.md's Will it fit?
                                                  # (/tmp/fit.json: tools/fit.py --json > /tmp/fit.json)

About half a minute: the release zip (tools/install.py), hard's weights file, the heaps the
portable tests get (tests/test_micropython.py), and what each module, a Game and its View hold on
both MicroPythons (tools/mp32/resident.mjs and the same imports on the 64-bit binary). The figures
that take minutes are not run here: SLOW names each with its command, and docs/testing.md lists
them (tests/test_docs.py checks the docs against this module's figures).
"""
import argparse
import ast
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import mpytree  # noqa: E402

# The module orders of docs/memory.md's table: each import's heap is what it adds over the ones
# before it (the table of names grows in steps, so a module's share depends on the order).
ORDERS = (("brisca.core", "brisca.ai", "brisca.search"),
          ("brisca.core", "brisca.ai", "brisca.endgame", "brisca.net"),
          ("brisca.core", "brisca.save.slots"),
          ("brisca.core", "brisca.notation", "brisca._records", "brisca.replay"))

# A Game, its View and the network's buffers (brisca.net.load), each step's heap over the last.
OBJECTS = ("from brisca import core\nimport brisca.net", "g = core.Game(core.Rules(2), 12345, 0)",
           "v = g.view(0)", "brisca.net.load('assets/hard.net')")

BUDGET, BLOCK_HEAP = 96000, 146500  # the bars the spare room is counted to (docs/memory.md)

# The figures that take minutes, with the command that prints each (docs/testing.md's table).
SLOW = (("the heap bars (title, peaks, block end, screens; then --fit FILE here)",
         ".venv/bin/python tools/fit.py --json > FILE"),
        ("the soak, 32-bit", ".venv/bin/python tools/soak.py"),
        ("the soak, 64-bit", ".venv/bin/python tools/soak.py --runtime unix"),
        ("each portable test's smallest heap", ".venv/bin/python tools/heap_margins.py"),
        ("strength, speed and heap per move (the heap: --deals 20 is enough)",
         'make bench ARGS="--a hard --b medium --deals 2000 --jobs 2"'),
        ("the pystack", 'node tools/mp32/pystack.mjs 936 4 p2 "p2 notrump open" "p3 d32" "p4 double" "p6 d36"'))


def n(x):
    """A figure as the docs write it: 12,345."""
    return "{:,}".format(x)


def release_zip():
    """What `tools/install.py --zip` prints, and the bytes of assets/ in that zip."""
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "b.zip"
        run = subprocess.run([sys.executable, str(ROOT / "tools" / "install.py"), "--zip", str(out)],
                             capture_output=True, text=True, check=True)
        line = run.stdout.strip().splitlines()[-1].replace(str(out), "/tmp/b.zip")
        with zipfile.ZipFile(out) as z:
            assets = sum(i.file_size for i in z.infolist() if i.filename.startswith("CIRCUITPY/assets/"))
    return {"zip_line": line, "zip_assets": n(assets)}


def weights():
    """hard.net's size, in bytes and in KB as tools/install.py counts them (rounded up), and the
    card art's files and bytes (assets/README.md writes 156 144)."""
    size = (ROOT / "assets" / "hard.net").stat().st_size
    bmps = sorted((ROOT / "assets").glob("*.bmp"))
    return {"net_bytes": n(size), "net_kb": str(-(-size // 1024)), "bmp_files": str(len(bmps)),
            "bmp_bytes": "{:,}".format(sum(p.stat().st_size for p in bmps)).replace(",", " ")}


def constants():
    """The constants the README cites by name: a long press (brisca/ui/board.py), in seconds."""
    source = (ROOT / "brisca" / "ui" / "board.py").read_text(encoding="utf-8")
    ms = re.search(r"^LONG_PRESS_MS = const\((\d+)\)", source, re.MULTILINE)
    return {"long_press_s": "%g" % (int(ms.group(1)) / 1000)}


def test_heaps():
    """The heap each portable test module gets (tests/test_micropython.py's HEAP; 32K else)."""
    tree = ast.parse((ROOT / "tests" / "test_micropython.py").read_text(encoding="utf-8"))
    heap = next(ast.literal_eval(s.value) for s in tree.body
                if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "HEAP")
    kbs = [32] + [int(v[:-1]) for v in heap.values()]
    out = {"heaps": "%dK to %dK" % (min(kbs), max(kbs))}
    out.update(("heap_" + k, v) for k, v in heap.items())
    return out


_UNIX = """import gc, sys
def used():
    gc.collect()
    return gc.mem_alloc()
before = used()
for step in sys.argv[1:]:
    exec(step, globals())
    now = used()
    print(now - before)
    before = now
"""

_MP32 = """import {{ boot }} from {mp32};
const vm = await boot({tree}, 1 << 20, ["firmware", "lib"], {{ quiet: true }});
let before = vm.used();
for (const step of {steps}) {{
  vm.run(step);
  console.log("STEP %d", vm.used() - before);
  before = vm.used();
}}
"""


def heaps_unix(tree, steps):
    """The heap each Python step adds on the 64-bit MicroPython binary (collected around each)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(_UNIX)
    try:
        run = subprocess.run([mpytree.binary("micropython"), "-X", "heapsize=1M", f.name] + list(steps),
                             cwd=str(tree), env={"MICROPYPATH": str(tree)}, capture_output=True, text=True,
                             check=True)
    finally:
        pathlib.Path(f.name).unlink()
    return [int(x) for x in run.stdout.split()]


def heaps_mp32(tree, steps):
    """The heap each Python step adds on the 32-bit WebAssembly port (tools/mp32/mp32.mjs)."""
    code = _MP32.format(mp32=json.dumps((mpytree.MP32 / "mp32.mjs").as_uri()), tree=json.dumps(str(tree)),
                        steps=json.dumps(list(steps)))
    run = subprocess.run(["node", "--input-type=module", "-e", code], cwd=str(mpytree.MP32), capture_output=True,
                         text=True, check=True)
    return [int(line.split()[1]) for line in run.stdout.splitlines() if line.startswith("STEP ")]


def resident_mp32(tree, order):
    """What `node tools/mp32/resident.mjs TREE MODULE...` prints: each import's heap, in order."""
    run = subprocess.run(["node", str(mpytree.MP32 / "resident.mjs"), str(tree)] + list(order), capture_output=True,
                         text=True, check=True)
    return [int(line.split()[1]) for line in run.stdout.splitlines() if line.startswith("brisca")]


def resident():
    """docs/memory.md's modules table: each import's heap in ORDERS, then a Game, its View and the
    network's buffers (OBJECTS), on both MicroPythons, from .mpy files as tools/mpytree.py makes them."""
    out = {}
    with tempfile.TemporaryDirectory() as tree:
        mpytree.compile_tree(tree)
        for bits, imports, measure in (("64", lambda t, o: heaps_unix(t, ["import " + m for m in o]), heaps_unix),
                                       ("32", resident_mp32, heaps_mp32)):
            for order in ORDERS:
                for module, size in zip(order, imports(tree, order)):
                    out.setdefault("res%s_%s" % (bits, module), n(size))  # (core and ai: the first order's)
            for module, size in zip(("game", "view", "buffers"), measure(tree, OBJECTS)[1:]):
                out["res%s_%s" % (bits, module)] = n(size)
    return out


def fit_figures(path):
    """docs/memory.md's *Will it fit?* figures from `tools/fit.py --json`'s output (a file: the run
    takes minutes, so it is given, not made here)."""
    fig = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    out = {"fit_" + k: n(fig[k]) for k in ("title", "peak_full", "peak_hard4", "revisit", "block_end",
                                           "our_names_most")}
    out.update(("fit_held_" + k, n(v)) for k, v in fig["as_held_here"].items())
    for name, screen in fig["screens_full"].items():
        out.update(("fit_screen_%s_%s" % (name, k), n(screen[k])) for k in ("first", "max", "names"))
    out["fit_block_spare"] = n(BLOCK_HEAP - fig["block_end"])  # (the bars: tests/test_fit.py's)
    out["fit_held_hard4_spare"] = n(BUDGET - fig["as_held_here"]["peak_hard4"])
    return out


def figures(micropython=True):
    """Every quick figure, by name (CLAIMS says where the docs cite each)."""
    out = {}
    out.update(release_zip())
    out.update(weights())
    out.update(test_heaps())
    out.update(constants())
    if micropython:
        out.update(resident())
    return out


# Where the docs cite each figure: (page, a pattern whose groups are the figures, their names).
CLAIMS = (
    ("README.md", r"prints\s+`(Wrote /tmp/b\.zip: [^`]*)`", ("zip_line",)),
    ("docs/memory.md", r"prints\s+`(Wrote /tmp/b\.zip: [^`]*)`", ("zip_line",)),
    ("docs/memory.md", r"hard's weights, are ([\d,]+) B of it", ("zip_assets",)),
    ("docs/ai.md", r"`assets/hard\.net` \((\d+) KB of flash, ([\d,]+) B\)", ("net_kb", "net_bytes")),
    ("assets/README.md", r"Total: (\d+) files, ([\d ]+) bytes", ("bmp_files", "bmp_bytes")),
    ("README.md", r"\"Hold\" is longer than ([\d.]+) s \(`LONG_PRESS_MS`", ("long_press_s",)),
    ("README.md", r"MicroPython \(64- and 32-bit\) in heaps of (\d+K to \d+K)", ("heaps",)),
    ("docs/memory.md", r"records (\d+K), replay codes (\d+K), the\s+strict checks (\d+K), the view-privacy test, "
                       r"which holds two games side by side, (\d+K), matches (\d+K),\s+the AI's tests (\d+K)\)",
     ("heap_test_core_record", "heap_test_core_replay", "heap_test_core_strict", "heap_test_core_privacy",
      "heap_test_core_match", "heap_test_ai")),
    ("docs/memory.md", r"\| `brisca\.core` \| ([\d,]+) B \| ([\d,]+) B \|", ("res64_brisca.core", "res32_brisca.core")),
    ("docs/memory.md", r"\| and `brisca\.ai` \| ([\d,]+) B more \| ([\d,]+) B more \|",
     ("res64_brisca.ai", "res32_brisca.ai")),
    ("docs/memory.md", r"\| and `brisca\.endgame` [^|]*\| ([\d,]+) B more \| ([\d,]+) B more \|",
     ("res64_brisca.endgame", "res32_brisca.endgame")),
    ("docs/memory.md", r"\| and `brisca\.net` [^|]*\| ([\d,]+) B \+ ([\d,]+) B more \| "
                       r"([\d,]+) B \+ ([\d,]+) B more \|",
     ("res64_brisca.net", "res64_buffers", "res32_brisca.net", "res32_buffers")),
    ("docs/memory.md", r"\| or `brisca\.search` [^|]*\| ([\d,]+) B more \| ([\d,]+) B more \|",
     ("res64_brisca.search", "res32_brisca.search")),
    ("docs/memory.md", r"\| and the saves' game slot [^|]*\| ([\d,]+) B more \| ([\d,]+) B more \|",
     ("res64_brisca.save.slots", "res32_brisca.save.slots")),
    ("docs/memory.md", r"\| and `brisca\.notation` [^|]*\| ([\d,]+) B more \| ([\d,]+) B more \|",
     ("res64_brisca.notation", "res32_brisca.notation")),
    ("docs/memory.md", r"\| and records [^|]*\| ([\d,]+) B more \| ([\d,]+) B more \|",
     ("res64_brisca._records", "res32_brisca._records")),
    ("docs/memory.md", r"\| and replay codes [^|]*\| ([\d,]+) B more \| ([\d,]+) B more \|",
     ("res64_brisca.replay", "res32_brisca.replay")),
    ("docs/memory.md", r"\| one 2-player `Game` / its `View` \| ([\d,]+) B / ([\d,]+) B \| ([\d,]+) B / ([\d,]+) B \|",
     ("res64_game", "res64_view", "res32_game", "res32_view")),
    ("docs/ai-comparison.md", r"`brisca/net\.py` is ([\d,]+) B resident on\s+the 32-bit port \(loaded after "
                              r"`brisca\.core` and `brisca\.ai`, `node [^`]*`\) plus\s+([\d,]+) B of",
     ("res32_brisca.net", "res32_buffers")),
    ("docs/memory.md", r"\| the title, at start-up \| ([\d,]+) B \|", ("fit_title",)),
    ("docs/memory.md", r"\| the full script's largest moment [^|]*\| ([\d,]+) B \|", ("fit_peak_full",)),
    ("docs/memory.md", r"\| the 4-player deal with three hard AIs, its largest moment [^|]*\| ([\d,]+) B \|",
     ("fit_peak_hard4",)),
    ("docs/memory.md", r"\| a screen shown again, over its first time [^|]*\| ([\d,]+) B \|", ("fit_revisit",)),
    ("docs/memory.md", r"\| a 16 KB block after every screen change: where its end lies \| ([\d,]+) B \| [\d,]+ B \| "
                       r"yes, by ([\d,]+) B \|", ("fit_block_end", "fit_block_spare")),
    ("docs/memory.md", r"Room to spare:\s+the block's end ([\d,]+) B and, the tightest, "
                       r"the 4-player hard peak as held here ([\d,]+) B",
     ("fit_block_spare", "fit_held_hard4_spare")),
    ("docs/memory.md", r"the title and the two peaks\s+are ([\d,]+), ([\d,]+) and ([\d,]+) B",
     ("fit_held_title", "fit_held_peak_full", "fit_held_peak_hard4")),
    ("docs/memory.md", r"our names reach ([\d,]+) \(`--json`'s `our_names_most`", ("fit_our_names_most",)),
) + tuple(("docs/memory.md", r"\| %s \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|" % screen,
           tuple("fit_screen_%s_%s" % (screen, k) for k in ("first", "max", "names")))
          for screen in ("rules", "names", "settings", "stats", "title", "picker", "setup", "score", "quit_q",
                         "deal_over", "pause", "result", "handover", "table", "lasttrick")) + (
    ("docs/ai.md", r"`brisca/net\.py`: ([\d,]+) B of heap on the 32-bit port and ([\d,]+) B of\s+buffers",
     ("res32_brisca.net", "res32_buffers")),
)


def check(figs, root=ROOT, write=False):
    """Each place the docs cite a figure of `figs` that differs: (page, line, said, measured); a
    claim whose pattern no longer matches its page is one too (said None). With `write`, each
    figure that differs is written over with the one measured."""
    bad = []
    for page, pattern, names in CLAIMS:
        if not all(name in figs for name in names):
            continue
        text = (root / page).read_text(encoding="utf-8")
        found = list(re.finditer(pattern, text))
        if not found:
            bad.append((page, 0, None, " ".join(figs[name] for name in names)))
        spans = []
        for m in found:
            for i, name in enumerate(names, 1):
                if re.sub(r"\s+", " ", m.group(i)) != figs[name]:
                    bad.append((page, text.count("\n", 0, m.start(i)) + 1, m.group(i), figs[name]))
                    spans.append((m.start(i), m.end(i), figs[name]))
        if write and spans:
            for start, end, figure in sorted(spans, reverse=True):
                text = text[:start] + figure + text[end:]
            (root / page).write_text(text, encoding="utf-8")
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="list each doc line whose figure differs; exit 1 if any")
    ap.add_argument("--write", action="store_true", help="write each figure that differs into its page")
    ap.add_argument("--fit", metavar="JSON", help="also the Will-it-fit figures, from tools/fit.py --json's output")
    o = ap.parse_args(argv)
    figs = figures(micropython=not mpytree.mp32_missing())
    if o.fit:
        figs.update(fit_figures(o.fit))
    for name in sorted(figs):
        print("%-34s %s" % (name, figs[name]))
    print("\nNot run here (minutes each):")
    for what, command in SLOW:
        print("  %s: %s" % (what, command))
    if o.check or o.write:
        bad = check(figs, write=o.write)
        for page, line, said, now in bad:
            print("%s:%d: %s" % (page, line, "no longer found; measured %s" % now if said is None
                                 else "says %s, measured %s" % (said, now)))
        return 1 if bad and not o.write else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
