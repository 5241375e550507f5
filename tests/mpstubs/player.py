"""The scripted player of tests/test_device_boot.py: runs the game's real start-up (code.py) under
MicroPython with the stand-in modules beside it and plays it with the PyBadge's buttons.

Test code only (never shipped). It is MicroPython code: it reads the screen the way a player
does, from the display tree (the text of the labels, which row is highlighted), and presses
physical keys through the stand-in keypad (keypad.on_scan: one key change per poll, a press held
for one poll). Every step waits for what should appear and stops with Stuck if it does not; the
lines it prints ("SCREEN ...") are what the test checks.

    micropython -c "import player; player.game()"          # code.main(), then the error screen
    micropython -c "import player; player.game('resume')"  # again, on the game the first run saved
    micropython -c "import player; player.game('boot')"    # up to the title screen only
    micropython -c "import player; player.game('hard4')"   # a 4-player deal, three hard AIs
    micropython -c "import player; player.boot(True)"      # boot.py with SELECT held
(from the folder tools/device_boot.py builds, MICROPYPATH=firmware:lib)
"""
import gc
import sys

import keypad
import supervisor

# PyBadge shift-register key numbers (brisca.ui.board._BADGE_KEYS)
B, A, START, SELECT, RIGHT, DOWN, UP, LEFT = 0, 1, 2, 3, 4, 5, 6, 7
TITLE = "Brisca/Briscola/Briškula"  # the title line
MAX_WAIT = 3000  # polls one step may wait (the longest, an AI move or a trick pause, takes a few hundred)


class Done(BaseException):
    """The script is over (a BaseException, so the game's `except Exception` cannot swallow it)."""


class Stuck(BaseException):
    """What the script waited for did not come."""


_cache = [-1, None]  # display refresh count, screen read then
_held = [-1]
_plan = [None]
stats = {"polls": 0, "presses": 0}


def _char(tile):
    """The character a glyph-sheet tile draws (brisca.ui.font: ASCII, then its accented letters)."""
    if tile < 95:
        return chr(32 + tile)
    return _CHARS[tile - 95]


# brisca.ui.letters.CHARS (tests/test_device_boot.py holds them equal): imported as the screen is
# read, that module would be loaded (on a .py tree, compiled) in the game's poll, which a board
# never does, and a copy made at run time would count as the game's heap
_CHARS = ("\u00e1\u00e9\u00ed\u00f3\u00fa\u00fd\u00c1\u00c9\u00cd\u00d3\u00da\u00dd\u0107\u0144\u015b\u017a"
          "\u0106\u0143\u015a\u0179\u00e0\u00e8\u00ec\u00f2\u00f9\u00c0\u00c8\u00cc\u00d2\u00d9\u00e2\u00ea"
          "\u00ee\u00f4\u00fb\u00c2\u00ca\u00ce\u00d4\u00db\u00f1\u00d1\u00e4\u00eb\u00ef\u00f6\u00fc\u00c4"
          "\u00cb\u00cf\u00d6\u00dc\u010d\u0161\u017e\u011b\u0159\u010c\u0160\u017d\u011a\u0158\u017c\u017b"
          "\u0105\u0119\u0104\u0118\u00e7\u00c7\u0142\u0141\u0111\u0110\u00bf\u00a1\u00df")


class Shown:
    """One text on screen, read back from its tiles: `rows` (str each), `hidden`, `bg` (its
    background colour or None), `x`, `y` (screen pixels)."""

    def __init__(self, grid, x, y, hidden):
        self.rows = ["".join([_char(grid[c, r]) for c in range(grid.width)]).rstrip()
                     for r in range(grid.height)]
        self.text = "\n".join(self.rows)
        self.hidden = hidden or not self.text.strip()
        pal = grid.pixel_shader
        self.bg = None if pal.is_transparent(0) else pal[0]
        self.x = x + grid.x
        self.y = y + grid.y


def _collect(group, out, x=0, y=0, hidden=False):
    """Every text (a TileGrid of 6-pixel glyph cells) under `group`, in drawing order."""
    for item in group:
        h = hidden or item.hidden
        if hasattr(item, "_layers"):  # a Group (GridLayout included)
            _collect(item, out, x + item.x, y + item.y, h)
        elif item.tile_width == 6 and item.tile_height == 13:
            out.append(Shown(item, x, y, h))


def _is_table(group):
    """The table's group holds its card sprites (24 pixels wide) in a group of their own, in a group
    second in line."""
    if not hasattr(group, "_layers") or len(group) < 2 or not hasattr(group[1], "_layers") or not len(group[1]):
        return False
    deck = group[1][0]
    return hasattr(deck, "_layers") and len(deck) > 8 and getattr(deck[0], "tile_width", 0) == 24


def _list_rows(group):
    """(title, rows, selected row) of a ListView's group: the rows are one multi-row text with
    the selected row's line blank, that row a text of its own on a bar over it."""
    texts = []
    _collect(group, texts)
    title, body, sel, _footer = texts[:4]
    rows = [] if body.hidden else [line.strip() for line in body.rows]
    while rows and not rows[-1]:
        rows.pop()
    chosen = ""
    if not sel.hidden:
        at = (sel.y - body.y) // 13
        chosen = sel.text.strip()
        while len(rows) <= at:
            rows.append("")
        rows[at] = chosen
    return title.text.strip(), rows, chosen


def screen():
    """("list", title, rows, selected row or "") or ("table", status, info, ""), as displayed."""
    import board

    display = board.DISPLAY
    if _cache[0] == display.refreshes:
        return _cache[1]
    root = display.root_group
    s = None
    for group in root:
        if _is_table(group):
            texts = []
            _collect(group, texts)
            shown = [("" if t.hidden else t.text.strip()) for t in texts]
            s = ("table", shown[0], shown[4], "")
            break
    if s is None and len(root):
        title, rows, chosen = _list_rows(root[0])
        s = ("list", title, rows, chosen)
    if s is None:  # nothing on screen yet (its modules are loading)
        s = ("list", "", [], "")
    _cache[0] = display.refreshes
    _cache[1] = s
    return s


_mem = [False]


def note(what):
    if _mem[0]:  # diagnostics: the heap in use (after a collection) at each step
        gc.collect()
        what = "%s  [heap in use %d]" % (what, gc.mem_alloc())
    print("SCREEN", what)


def wait(pred, what):
    n = 0
    while not pred(screen()):
        n += 1
        if n > MAX_WAIT:
            raise Stuck("waited %d polls for %s; the screen shows %r" % (n, what, screen()))
        yield None


def wait_title(title):
    return wait(lambda s: s[0] == "list" and s[1].startswith(title), "the %r screen" % title)


def wait_table(status=""):
    return wait(lambda s: s[0] == "table" and s[1].startswith(status), "the table (status %r)" % status)


def choose(prefix, key=DOWN):
    """Move the menu highlight to the row starting with `prefix` (pressing `key`)."""
    for _ in range(24):
        if screen()[3].startswith(prefix):
            return
        yield key
        yield None
    raise Stuck("no menu row %r on %r" % (prefix, screen()))


def play_vs_ai(extras):
    """Play the deal at the table to the deal-over screen: card after card with A, waiting while
    the AI thinks and the trick is shown. extras: on the first turns also the hint (SELECT), the
    last trick (B), the pause menu's score sheet and last trick, and a trick pause cut short."""
    turn = 0
    cut = False
    while True:
        s = screen()
        if s[0] == "list" and s[1].startswith("Deal over"):
            return
        if s[0] != "table":
            raise Stuck("left the table during the deal: %r" % (s,))
        status = s[1]
        if status.endswith("took the trick"):
            if extras and not cut:  # any key ends the trick-winner moment early
                cut = True
                yield A
                yield from wait(lambda s: s[1] != status, "the trick pause to end")
                note("trick pause cut short")
                continue
            yield None
            continue
        if status.startswith("Swap your"):
            yield B  # keep the card
            yield from wait(lambda s: s[1] != status, "the exchange answer")
            continue
        if status == "You must follow suit":
            yield RIGHT
            yield None
            yield A
            yield None
            continue
        if status != "Your turn":  # the AI's turn, its exchange, ...: wait
            yield None
            continue
        turn += 1
        if extras and turn == 1:
            yield SELECT
            yield from wait(lambda s: s[0] == "table" and s[1] != status, "a hint")
            note("hint: " + screen()[1])
        elif extras and turn == 2:
            yield B
            yield from wait_table("Last trick")
            note("last trick: " + screen()[1])
            yield A
            yield from wait(lambda s: s[0] == "table" and not s[1].startswith("Last trick"), "the table again")
        elif extras and turn == 3:
            yield START
            yield from wait_title("Pause")
            note("pause")
            yield from choose("Score")
            yield A
            yield from wait_title("Score")
            note("score: " + " | ".join(screen()[2][:3]))
            yield B
            yield from wait_title("Pause")
            yield from choose("Last trick")
            yield A
            yield from wait_table("Last trick")
            note("pause, last trick")
            yield B
            yield from wait_title("Pause")
            yield from choose("Resume", UP)
            yield A
            yield from wait(lambda s: s[0] == "table", "the table after the pause menu")
        before = screen()
        yield A
        yield from wait(lambda s: s is not before, "the card to be played")


def choose_value(prefix):
    """Change the highlighted menu row's value (RIGHT) until the row starts with `prefix`."""
    for _ in range(12):
        if screen()[3].startswith(prefix):
            return
        yield RIGHT
        yield None
    raise Stuck("no value %r on %r" % (prefix, screen()))


def menus_tour():
    """From the title: two rules pages, the statistics, the settings (the language switched to
    Spanish and back, player 1 named AB on the letter picker), back to the title."""
    yield from choose("Rules")
    yield A
    yield from wait(lambda s: s[0] == "list" and " 1/" in s[1], "rules page 1")
    first = screen()[1]
    yield A
    yield from wait(lambda s: s[0] == "list" and " 2/" in s[1], "rules page 2")
    note("rules: %s, %s" % (first, screen()[1]))
    yield B
    yield from wait_title(TITLE)
    yield from choose("Statistics")
    yield A
    yield from wait_title("Statistics")
    note("statistics: " + screen()[2][0])
    yield B
    yield from wait_title(TITLE)
    yield from choose("Settings")
    yield A
    yield from wait_title("Settings")
    yield from choose("Language")
    yield RIGHT
    yield from wait_title("Ajustes")
    note("settings in Spanish: " + screen()[3])
    yield LEFT
    yield from wait_title("Settings")
    yield from choose("Player names")
    yield A
    yield from wait_title("Player names")
    yield A  # player 1
    yield from wait_title("Enter name")
    for key in (A, RIGHT, A, START):  # A, then the letter right of it (B), then done
        yield key
        yield None
    yield from wait_title("Player names")
    note("names: " + screen()[3])
    yield from choose("Back")
    yield A
    yield from wait_title("Settings")
    yield B
    yield from wait_title(TITLE)


def vs_ai_one_deal():
    """New game against the AI, a one-deal match, played to the match result; Exit to the title."""
    yield from choose("New game")
    yield A
    yield from wait_title("New game")
    yield from choose("Match")
    yield from choose_value("Match: One deal")
    note("setup: " + screen()[3])
    yield from choose("Start")
    yield A
    yield from wait(lambda s: s[0] == "table", "the table")
    note("table: " + screen()[1])
    yield from play_vs_ai(True)
    note("deal over: " + " | ".join(screen()[2]))
    yield A
    yield from wait_title("Match")
    note("match: " + " | ".join([r for r in screen()[2] if r]))
    yield from choose("Exit")
    yield A
    yield from wait_title(TITLE)


def pass_and_play(handovers):
    """From the title: a 2-player pass-and-play game until `handovers` handover screens were
    confirmed; then the pause menu's Quit, back to the title (the game is saved)."""
    yield from choose("New game")
    yield A
    yield from wait_title("New game")
    yield from choose("Mode")
    yield RIGHT
    yield from wait(lambda s: s[3].startswith("Mode: 2, pass and play"), "mode 2 players")
    note("setup: " + screen()[3])
    yield from choose("Start")
    yield A
    done = 0
    while done < handovers:
        s = screen()
        if s[0] == "table" and s[1].startswith("Pass to"):
            note("handover: " + s[1])
            done += 1
            yield A
            yield from wait(lambda s: s[0] == "table" and not s[1].startswith("Pass to"),
                            "the table after the handover")
            continue
        if s[0] == "table" and not s[1].endswith("took the trick"):
            before = s
            yield A
            yield from wait(lambda s: s is not before, "the card to be played")
            continue
        if s[0] == "list" and s[1].startswith("Deal over"):
            raise Stuck("the deal ended before %d handovers" % handovers)
        yield None
    yield START
    yield from wait_title("Pause")
    yield from choose("Quit")
    yield A
    yield from wait_title("Quit this game?")
    yield from choose("Yes", UP)
    yield A
    yield from wait_title(TITLE)
    note("title again: " + " / ".join(screen()[2][:2]))


def boot_script():
    yield from wait_title(TITLE)
    note("title: " + " / ".join(screen()[2][:2]))


def drive_script():
    """Up to the title screen; its footer says where records go (boot.py gave the drive or not)."""
    yield from boot_script()
    import board

    labels = []
    _collect(board.DISPLAY.root_group[0], labels)
    note("title footer: " + labels[3].text.strip())


def full_script():
    yield from boot_script()
    if screen()[3] != "New game":
        raise Stuck("the title menu does not start on New game: %r" % (screen(),))
    yield from menus_tour()
    yield from vs_ai_one_deal()
    yield from pass_and_play(4)


def hard_four_players(mode="Mode: 4, AI partner"):
    """A one-deal 4-player match (you and an AI partner against two AIs) at the hard level: three
    AIs searching (brisca.search, loaded on the first move that needs it), to the deal's end."""
    yield from boot_script()
    yield from choose("New game")
    yield A
    yield from wait_title("New game")
    yield from choose("Mode")
    yield from choose_value(mode)
    yield from choose("AI level")
    yield from choose_value("AI level: Hard")
    yield from choose("Match")
    yield from choose_value("Match: One deal")
    note("setup: " + screen()[3])
    yield from choose("Start")
    yield A
    yield from wait(lambda s: s[0] == "table", "the table")
    yield from play_vs_ai(False)
    note("deal over: " + " | ".join(screen()[2][:3]))


def hard_six_players():
    """The same with 6 players, teams of three: you and two AI partners against three AIs."""
    yield from hard_four_players("Mode: 6: 3 v 3 with AI")


# The searches' recursion: the deepest C stack (micropython.stack_use(), bytes) seen on entering
# brisca.endgame._ab or brisca.search._g, wrapped once their modules are loaded (the wrapper's own frame
# included, so a little over the real figure).
_stack = [0, False, False]


def _deepest(mod, name, seen):
    import micropython

    f = getattr(mod, name)

    def wrapper(*args):
        used = micropython.stack_use()
        if used > _stack[0]:
            _stack[0] = used
        return f(*args)

    setattr(mod, name, wrapper)
    _stack[seen] = True


def _watch_stack():
    if sys.platform == "webassembly":  # (tools/mp32 measures the heap: no wrappers in it, no C stack there)
        return
    if not _stack[1] and "brisca.endgame" in sys.modules:
        _deepest(sys.modules["brisca.endgame"], "_ab", 1)
    # (at 3 and 4 players brisca.ai loads brisca.search again at each deal's last drawing round)
    search = sys.modules.get("brisca.search")
    if search is not None and search._g.__name__ != "wrapper":
        _deepest(search, "_g", 2)


def resume_script():
    """A board switched on again with a game saved: Resume? Yes, back at that game."""
    yield from wait_title("Resume?")
    note("resume: " + screen()[3])
    yield A
    yield from wait(lambda s: s[0] == "table", "the game")
    note("resumed: " + screen()[1])


def on_scan(scanner):
    """keypad hook: release the key pressed last poll, else take the script's next step."""
    stats["polls"] += 1
    _watch_stack()
    if _held[0] >= 0:
        scanner.release(_held[0])
        _held[0] = -1
        return
    try:
        key = next(_plan[0])
    except StopIteration:
        raise Done()
    if key is not None:
        scanner.press(key)
        _held[0] = key
        stats["presses"] += 1


def begin(script="full", mem=False):
    """Put the script on the keypad hook ("full"; "boot": up to the title screen; "resume": a saved
    game resumed; "hard4": a 4-player deal with three hard AIs; "hard6": a 6-player deal with five; "drive": the
    title's footer).
    mem: print the heap in use at each step (a collection each time: diagnostics only)."""
    _mem[0] = mem
    _plan[0] = {"full": full_script, "boot": boot_script, "resume": resume_script, "hard4": hard_four_players,
                "hard6": hard_six_players, "drive": drive_script}[script]()
    keypad.on_scan = on_scan


def finish():
    """After the script: the counts, then the error screen code.py shows on a crash."""
    keypad.on_scan = None
    gc.collect()
    import audioio
    import code
    import neopixel_write

    print("PLAYER done: %d polls, %d presses, %d refreshes, %d sounds, %d LED writes, heap used %d free %d" % (
        stats["polls"], stats["presses"], __import__("board").DISPLAY.refreshes, audioio.plays,
        neopixel_write.writes, gc.mem_alloc(), gc.mem_free()))
    print("STACK deepest search call %d B (brisca.search %s)" % (_stack[0], "loaded" if _stack[2] else "not loaded"))
    code._show_error(ValueError("stand-in failure"))
    import board

    texts = []
    _collect(board.DISPLAY.root_group, texts)
    text = texts[0].text if texts else ""
    print("ERROR SCREEN", " | ".join(text.split("\n")[:3]))


def game(script="full", mem=False):
    """code.py's start-up and a script (see begin()), then the error screen code.py shows on a
    crash."""
    begin(script, mem)
    import code  # the game's code.py, compiled from source as the board does

    try:
        code.main()
    except Done:
        pass
    except Stuck as e:
        print("PLAYER STUCK:", e)
        sys.exit(3)
    finish()


def boot(select_held):
    """boot.py, with or without SELECT held at power-up; prints the remounts it asked for."""
    keypad.held_at_start = (SELECT,) if select_held else ()
    import boot as _boot  # noqa: F401 - runs boot.py
    import storage

    print("BOOT remounts", storage.remounts)


def clock(step=None, start=None):
    """Set the virtual clock (before the game reads it)."""
    if step is not None:
        supervisor.step = step
    if start is not None:
        supervisor.start = start
