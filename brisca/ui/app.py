"""The game's shell: settings, texts, saves, cues, and one screen at a time.

Each screen lives in a module of its own (SCREENS), loaded when the game enters it and released
when it leaves for another module's screen: the shell drops the screen, removes from sys.modules
every module loaded since start-up that the next screen does not need (the running game's stay
while there is one), collects, then imports what the next needs (NEEDS), one module at a time
with a collection before each, the largest first. So the menus, the table and the end-of-deal
screens are never in RAM together, and a board without .mpy files compiles each module while
the heap holds little else.

A screen object has enter(name, *args), step(btn) -> busy, draw() and close(). Its handlers move
on with app.go(name, *args): inside a step the switch waits until the handler has returned (so the
old screen is gone before the next is built), outside one (start-up, tests) it happens at once.

Privacy (pass-and-play): `holder` is the human who has the device. Hands are drawn face up only
for the holder and only while `masked` is False; when another human must act, the handover screen
("Pass to NAME", then A) hides everything until that player presses A.
"""

import gc
import sys

import displayio

from brisca.ui import board as B


# screen -> module (brisca.ui.<module>), as "screen:module" words
SCREENS = ("resume_q:title title:title settings:options names:options pause:pause quit_q:pause setup:setup "
           "picker:picker rules:pages stats:pages score:pages table:table handover:table lasttrick:table "
           "deal_over:endings result:endings about:about oom:title note:title")
# module -> the modules (under brisca.) it needs loaded, in the order to load them: the largest
# to compile from source first, while the heap holds least
# (at the table: what a module imports before it, then by what it costs to compile less what it
# leaves loaded, the most first; brisca.net before brisca.endgame, see needs())
NEEDS = ("title:ui.listview,ui.menu,ui.title options:ui.listview,ui.menu,ui.options "
         "pause:ui.listview,ui.menu,ui.pause setup:core,words,ui.seating,ui.listview,ui.menu,ui.setup "
         "picker:ui.listview,ui.picker pages:ui.listview,ui.pages "
         "table:core,ui.match,ai,ui.table,ui.tablebase,ui.tableview "
         "endings:ui.listview,ui.endings,replay about:core,ui.listview,ui.about")
# What a game in progress keeps loaded between its screens (its objects' classes live there; an
# AI keeps brisca.net itself, so a copy imported again at the table would be held twice).
GAME_MODULES = ("brisca.core", "brisca.ai", "brisca.endgame", "brisca.net", "brisca.tablenet", "brisca.search",
                "brisca.ui.match")
SUIT_COLOURS = (0xFFB000, 0xFF2020, 0x2060FF, 0x20C040)  # trump suit as a colour on the NeoPixels
KEY_TOKENS = {"a": B.BTN_A, "b": B.BTN_B, "st": B.BTN_START, "se": B.BTN_SELECT, "r": B.BTN_RIGHT}  # help()


# A board's heap needs a collection before each large allocation to leave one free block; CPython
# frees by reference counting, and its full collections (the simulator, the tests) only cost time.
collect = (lambda: None) if sys.implementation.name == "cpython" else gc.collect


def _lookup(table, key):
    """The value of `key` in a "key:value key:value" table."""
    words = " " + table
    at = words.find(" " + key + ":")
    if at < 0:
        raise ValueError("no " + key)
    start = at + len(key) + 2
    end = words.find(" ", start)
    return words[start:] if end < 0 else words[start:end]


def module_of(screen):
    """The module (under brisca.ui) that draws `screen`."""
    return _lookup(SCREENS, screen)


class _Defaults:
    """Settings when brisca.save is missing (same fields as brisca.save.Settings)."""

    def __init__(self):
        self.language = "en"
        self.deck = "spanish"
        self.sound = True
        self.leds = True
        self.level = "medium"
        self.mode = "vs_ai"
        self.show_points = False
        self.show_cards_out = False
        self.hint = True
        self.rules = b""
        self.names = []
        self.speed = 0

    def set_name(self, index, text):
        while len(self.names) <= index:
            self.names.append("P%d" % (len(self.names) + 1))
        self.names[index] = text


def unload(name):
    """Forget module `name` (and its attribute on its package), so its memory can be collected.
    (MicroPython leaves a deleted entry's value in its dict's table until the slot is used again,
    where the collector still sees it: each entry is set to None first.)"""
    if name in sys.modules:
        sys.modules[name] = None
        del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot]) if dot > 0 else None
    if parent is not None:
        try:
            setattr(parent, name[dot + 1:], None)
            delattr(parent, name[dot + 1:])
        except (AttributeError, KeyError, TypeError):
            pass


class App:
    """The shell. step(btn) handles one poll; the screen is refreshed when `dirty`."""

    def __init__(self, board, store=None, seed=None, trick_ms=600, ai_budget_ms=None, ai_step_ms=30,
                 ai_min_ms=350, assets="assets", drive=None, stepwise=False):
        """`drive`: a folder for exported records (the simulator, tests); on a board, None: its own
        drive, which the game may write only when boot.py gave it over (SELECT held at power-up).
        `stepwise`: import a screen's modules one a poll (tools/mp32 measures each import alone;
        a board imports them all at once, with a collection before each)."""
        self.board = board
        self.W = board.width
        self.H = board.height
        self.store = store
        self.assets = assets
        self.trick_ms = trick_ms
        self.ai_budget_ms = ai_budget_ms
        self.ai_step_ms = ai_step_ms
        self.ai_min_ms = ai_min_ms
        self.fixed = seed is not None  # a fixed series of secrets (tests): brisca.ui.seating.bits()
        self.seed = seed or 0
        import brisca.lang  # noqa: F401 - the shell: texts, fonts, what screens draw with,
        import brisca.ui.font  # noqa: F401 - the settings' class; the rest (the saves' codecs,
        import brisca.ui.text  # noqa: F401 - the exports) goes at the first screen change
        try:
            import brisca.save.settings  # noqa: F401
        except ImportError:
            pass
        self.keep = set(sys.modules)  # the shell's modules: never released
        self.settings = _Defaults()
        if store is not None:
            try:
                self.settings = store.load_settings()
            except Exception as e:  # broad on purpose: damaged records the store reports itself (its
                print("settings:", e)  # notice); this is a store failing outright: defaults play on
        self.texts = {}  # key -> text: the current screen's, read once
        self.T = self._lang(self.settings.language)
        from brisca.ui.font import Glyphs

        self.font = Glyphs()
        self.drive = None  # where finished deals' records and stats.txt go; None: not exported
        try:
            from brisca import export

            if export.drive_writable(drive):
                self.drive = drive or "/"
        except Exception as e:  # broad: exports are an extra, never stop the game over them (without
            print("drive:", e)  # them there is no "drive_on" notice: the player sees none are saved)
        unload("brisca.export")
        self._bare(board, stepwise)

    def _bare(self, board, stepwise):
        """The shell's state before its first screen (__init__'s part: a board that compiles this
        module from source holds one part at a time)."""
        self.root = displayio.Group()
        board.display.root_group = self.root
        self.scr = None  # the current screen object
        self.scr_module = ""
        self.screen = ""
        self.pending = None  # (screen, args) a handler asked for, entered once it has returned
        self.stepping = False
        self.loading = []  # modules still to import for the arriving screen
        self.arriving = None  # (screen, args, module) being loaded
        self.loaded = ""  # the module imported (compiled, from .py) last, and how many so far
        self.imports = 0
        self.stepwise = stepwise
        self.dirty = True
        self.list = None  # the ListView every list screen shares (None at the table, and made
        # again after the engine is loaded)
        self.menu = None  # the Menu on screen, if any (tests read it)
        self.cursors = {}  # menu screen -> the key of the item its cursor was on
        self.table = None  # the TableView, at the table
        self.picker = None
        self.game = None  # the core.Game in progress; its screens keep brisca.ui.match loaded
        self.saved = None  # a saved game's bytes, offered for resuming
        self.notice = ""
        self.missing = []  # text keys no language had (tests)
        self.blink_until = -1
        self.least_free = -1  # bytes free after the emptiest screen change so far (-1: unknown)

    # ------------------------------------------------------------------ texts
    def _lang(self, code):
        try:
            from brisca import lang

            return lang.load(code, self.assets + "/lang")
        except Exception as e:  # broad: without texts the keys themselves show (the player sees it)
            print("texts:", e)
            return None

    def t(self, key, *args):
        """UI text for `key` in the current language (English if the language lacks it), formatted
        with `args`. The texts are read from flash: the current screen's stay in `texts`."""
        text = self.texts.get(key)
        if text is None:
            text = key if self.T is None else self.T.get(key)
            if text == key and key not in self.missing:
                self.missing.append(key)
            if len(self.texts) >= 32:
                self.texts.clear()
            self.texts[key] = text
        if args:
            try:
                return text % args
            except (TypeError, ValueError):
                return text
        return text

    def say(self, notice):
        """A notice in the current language: the saves' codes ("sn_damaged|0,2": see
        brisca.save.slots) translated, anything else as it is."""
        if not notice.startswith("sn_"):
            return notice
        key, _, arg = notice.partition("|")
        if key in ("sn_damaged", "sn_version", "sn_older"):
            arg = ", ".join([self.t("sk_" + k) for k in arg.split(",")])
        return self.t(key, arg) if arg else self.t(key)

    def help(self, screen=None, width=0):
        """The help line of `screen` (help_spec(); None: the screen shown) naming this board's keys,
        every one the screen answers to: "^v move  A ok  B back", keys that do the same joined
        ("A/B/START back"). Within `width` characters (the screen's): with the actions' words,
        else their shorter forms (hk_*_s, where a language has them), else the words of the
        arrows (and of "next") left out, then the last keys' words, one at a time; never a key."""
        b = self.board
        labels = []  # type: list[str]
        words = []  # type: list[str]
        drop = []  # type: list[int]  # the words left out first (the arrows', "next"), then...
        kept = []  # type: list[int]  # ...and last: those marked "!" in the table
        for item in self.help_spec(screen or self.screen).split():
            token, _, action = item.partition(":")
            mark = action[:1] == "!"  # (its word kept to the last)
            action = action[1:] if mark else action
            if token == "*":
                label = self.t("hk_any")
            elif token in ("lr", "ud"):
                pair = (B.BTN_LEFT, B.BTN_RIGHT) if token == "lr" else (B.BTN_UP, B.BTN_DOWN)
                label = ("<>" if token == "lr" else "^v") if b.key_for(pair[0]) and b.key_for(pair[1]) else None
            else:
                key = b.key_for(KEY_TOKENS[token])
                label = key and (self.t("hk_hold", key[0]) if key[1] else key[0])
            if label and words and words[-1] == action:
                labels[-1] += "/" + label
            elif label:
                if mark:
                    kept.append(len(words))
                elif token in ("lr", "ud", "r"):
                    drop.append(len(words))
                labels.append(label)
                words.append(action)
        n = len(words)
        texts = [self.t("hk_" + w) for w in words]
        drop += [i for i in range(n - 1, -1, -1) if i not in drop and i not in kept] + kept  # then from the last
        width = width or b.width // self.font.w
        line = ""
        for step in range(n + 2):
            if step == 1 and self.T is not None:  # the shorter words
                for i in range(n):
                    texts[i] = self.T.find("hk_" + words[i] + "_s") or texts[i]
            elif step > 1:
                texts[drop[step - 2]] = ""
            parts = [labels[i] + " " + texts[i] if texts[i] else labels[i] for i in range(n)]
            for sep in ("  ", " "):
                line = sep.join(parts)
                if len(line) <= width:
                    return line
        return line

    def help_spec(self, screen):
        """What each key does on `screen` on this board: "ud:move a:ok b:back" (tokens a, b, st
        START, se SELECT, r RIGHT, lr LEFT/RIGHT, ud UP/DOWN, * any key; then the action's text
        key after "hk_"). "" when the table cannot be read.

        One table holds every screen's, assets/lang/keys.txt, on flash (3 bytes of heap a line):
        "screen=spec|its form on boards with two or three buttons" (where RIGHT is "next" on every
        screen but the exchange). tests/test_help.py presses every key on every screen to hold
        the table to the screens' handlers."""
        try:
            from brisca.lang import Texts

            spec = Texts("keys", self.assets + "/lang/keys.txt").find(screen) or ""
        except (OSError, ValueError, MemoryError) as e:
            print("keys:", e)
            return ""
        return spec[1 if self.board.two_buttons else 0] if isinstance(spec, tuple) else spec  # ("a|b")

    def set_language(self, code):
        self.settings.language = code
        self.T = None
        self.texts.clear()
        collect()
        self.T = self._lang(code)
        self.save_settings()
        if self.game is not None:  # the seats' names ("AI 1", "Player 2") in the new language
            from brisca.ui import seating

            seating.name_seats(self)
            unload("brisca.ui.seating")

    # ------------------------------------------------------------------ screens
    def go(self, screen, *args):
        """Show `screen` (see SCREENS), loading its module; from inside a step, once it ends."""
        if self.stepping:
            self.pending = (screen, args)
        else:
            self._enter(screen, args)

    def needs(self, module, args=()):
        """The modules (full names) screen module `module` needs, in the order to load them."""
        names = ["brisca." + n for n in _lookup(NEEDS, module).split(",")]
        if module == "picker" and args and args[0] == "code":  # a replay code: dealt by the core
            names[:0] = ("brisca.core", "brisca.replay", "brisca.ui.seating")
        g = self.game  # (None when resuming: not read yet)
        if module == "table":  # hard's search (brisca.ai loads it): a hint searches as hard does
            if g is not None and g.n == 2 and g.rules.plays == 1:
                # brisca.net (hard's learned evaluation) before brisca.endgame: loaded after it, a
                # game left 15 KB held at the title on the 32-bit port (tools/fit.py). Both after
                # brisca.ai, which endgame imports: else that compiles inside its import, over
                # endgame's own code, without a collection before it. Right after it: endgame's
                # compile (14 KB, its search one function) is the table's costliest for what it
                # leaves loaded; after the table's modules it was the cold start's worst moment
                at = names.index("brisca.ai") + 1
                names[at:at] = ("brisca.net", "brisca.endgame")
            elif self.settings.level == "hard":
                names.insert(names.index("brisca.ai"), "brisca.search")
        return names

    def _enter(self, screen, args):
        module = module_of(screen)
        ended = screen == "title" and self.game is not None
        if ended:  # the title ends any game: its objects and modules go with it
            self.game = self.players = self.seat_view = self.last_rules = self.exported = None
        if module != self.scr_module:
            self.texts.clear()
            if self.scr is not None:
                self.scr.close()
            self.scr = self.menu = self.table = self.picker = None
            self.scr_module = ""
            needs = self.needs(module, args)
            # the engine to compile (a new game): the list view and its modules go too, to be
            # imported again after it, so that it compiles on the emptiest heap the menus allow
            fresh = "brisca.core" in needs and "brisca.core" not in sys.modules
            if fresh or "brisca.ui.listview" not in needs:
                self.drop_list()
            self.release(() if fresh else needs)
            self.loading = needs
            self.arriving = (screen, args, module)
            while self.loading and not self.stepwise:
                self._load()
            return
        if ended:
            self.release(())
        self._show(screen, args)

    def _load(self):
        """Import the next module the arriving screen needs; once all are in, show the screen."""
        name = self.loading.pop(0)
        if name not in sys.modules:
            collect()
            self.loaded = name
            self.imports += 1
            __import__(name)
        if not self.loading:
            screen, args, module = self.arriving
            self.arriving = None
            self.scr = sys.modules["brisca.ui." + module].Screen(self)
            self.scr_module = module
            self._show(screen, args)

    def _show(self, screen, args):
        self.screen = screen
        self.dirty = True
        self.scr.enter(screen, *args)

    def release(self, needs):
        """Forget every module loaded since start-up but the current screen's, the game's (while
        one is on), the list view's (while it is kept) and those in `needs`, then collect."""
        keep = self.keep
        pins = GAME_MODULES if self.game is not None else ()
        current = "brisca.ui." + self.scr_module
        for name in list(sys.modules):
            if name in keep or name in pins or name in needs or name == current or (
                    name == "brisca.ui.listview" and self.list is not None):
                continue
            if name.startswith("brisca"):
                unload(name)
        collect()
        free = getattr(gc, "mem_free", None)
        if free is not None:  # the least free after a screen change, for About
            f = free()
            if self.least_free < 0 or f < self.least_free:
                self.least_free = f

    def list_view(self):
        """The ListView of the list screens (made on first use, kept until the table)."""
        if self.list is None:
            collect()
            from brisca.ui.listview import ListView

            self.list = ListView(self.W, self.H, self.font)
        if self.list.group not in self.root:
            self.root.append(self.list.group)
        return self.list

    def drop_list(self):
        """Let the list view go (the table draws its own text)."""
        if self.list is not None:
            if self.list.group in self.root:
                self.root.remove(self.list.group)
            self.list = None

    def human_name(self, i):
        """Human player i's name as set, else "Player N" in the current language."""
        names = self.settings.names
        if i < len(names) and names[i].strip():
            return names[i]
        return self.t("player_n", i + 1)

    # ------------------------------------------------------------------ loop
    def start(self):
        """First screen: 'Resume?' if a game in progress is saved, else the title."""
        self.saved = None
        if self.store is not None:
            try:
                data = self.store.load_game()
                if data:
                    self.saved = data  # checked when resumed: a bad save then says so
            except Exception as e:  # broad: whatever a failing store raises, the title comes up
                print("load game:", e)
                self.notice = self.t("save_bad")
        if self.drive and not self.notice:
            self.notice = self.t("drive_on")  # boot.py gave the drive to the game: say so once
        self.go("resume_q" if self.saved else "title")
        if not self.loading:
            self.render()

    def step(self, btn):
        """Handle one poll result (0 = no key). Returns True while busy (AI thinking, animation)."""
        if self.loading:  # (stepwise: a module a poll)
            self._load()
            if self.dirty and not self.loading:
                self.render()
            return True
        self.stepping = True
        T = self.T
        if T is not None:  # one open file for the texts this step looks up (see brisca.lang.Texts)
            T.open()
        try:
            try:
                busy = self.scr.step(btn)
            finally:
                self.stepping = False
            while self.pending is not None:
                screen, args = self.pending
                self.pending = None
                self._enter(screen, args)
            self._tick_leds()
            if self.dirty and not self.loading:
                self.render()
        finally:
            if T is not None:
                T.close()
        return busy

    def render(self):
        self.dirty = False
        self.scr.draw()
        self.font.draw_pending()
        self.board.refresh()

    def close(self):
        """Let the screen go (the table closes its sheets' files): the app is done."""
        if self.scr is not None:
            self.scr.close()
            self.scr = None
            self.scr_module = ""

    def recover(self):
        """After a MemoryError: let the screen and the game go (the game was saved after its last
        move: the title offers to continue it) and show where it happened and how much was free.
        The screen it went to, or raises MemoryError (saying where) if even that does not fit."""
        where = self.screen or self.arriving and self.arriving[0] or "start-up"
        try:
            if self.scr is not None:
                self.scr.close()
        except Exception as e:  # noqa: BLE001 - half-built screens may fail to close (the oom screen follows)
            print("close:", e)
        self.scr = self.menu = self.table = self.picker = self.arriving = self.pending = None
        self.scr_module = ""
        self.loading = []
        self.game = self.players = self.seat_view = self.last_rules = self.exported = None
        self.drop_list()
        self.release(())
        free = getattr(gc, "mem_free", None)
        free = free() if free is not None else -1
        print("out of memory on %s, %d B free" % (where, free))
        try:
            self.saved = self.store.load_game() if self.store is not None else None
            self.stepping = False
            self.go("oom", where, free)
            if not self.loading:
                self.render()
        except MemoryError:
            raise MemoryError("on %s, %d B free" % (where, free)) from None
        return self.screen

    def loop(self, max_steps=None):
        n = 0
        while max_steps is None or n < max_steps:
            n += 1
            btn = self.board.poll()
            busy = self.step(btn)
            if not btn and not busy:
                self.board.sleep_ms(10)

    # ------------------------------------------------------------------ storage
    def store_call(self, name, *args):
        """Call the store's method `name`; a failure becomes a notice, never an exception."""
        if self.store is None:
            return None
        try:
            result = getattr(self.store, name)(*args)
            notice = getattr(self.store, "notice", None)
            if notice:
                self.notice = notice
                self.store.clear_notice()
            return result
        except Exception as e:  # saving must never stop the game
            print("save:", name, e)
            self.notice = self.t("save_fail")
            return None

    def save_settings(self):
        self.store_call("save_settings", self.settings)

    def save_game(self):
        if self.game is not None:
            self.store_call("save_game", self.game.to_bytes())

    # ------------------------------------------------------------------ cues
    def leds_on(self):
        return self.settings.leds and getattr(self.board, "has_pixels", False)

    def cue_trump(self):
        if self.leds_on() and self.game is not None:
            ts = self.game.trump_suit
            self.board.pixels(SUIT_COLOURS[ts] if ts < 4 else 0x404040)

    def cue_turn(self):
        if self.settings.sound:
            self.board.tone(880, 40)
        if self.leds_on():
            self.board.pixels(0xFFFFFF)
            self.blink_until = self.board.ticks_ms() + 150

    def cue_take(self):
        if self.settings.sound:
            self.board.tone(1320, 40)
            self.board.tone(1760, 60)

    def _tick_leds(self):
        if self.blink_until >= 0 and self.board.ticks_diff(self.board.ticks_ms(), self.blink_until) >= 0:
            self.blink_until = -1
            self.cue_trump()


def run(board, store=None, max_steps=None, **options):
    """Main loop: build the app on `board` and handle button presses until max_steps polls (tests)
    or forever (device). `store`: a brisca.save store (opened here when None and available).
    Returns the app, which app.loop(n) goes on with (tests)."""
    if store is None:
        try:
            from brisca.save import open_store

            store = open_store()
        except ImportError:
            store = None
    app = App(board, store, **options)
    app.start()
    collect()
    app.loop(max_steps)
    return app
