"""The game's shell: settings, texts, saves, cues, and one screen at a time.

Each screen lives in a module of its own (SCREENS), loaded when the game enters it and released
when it leaves for another module's screen: the shell drops the screen, removes every module
loaded since start-up from sys.modules (but the running game's, while there is one), collects,
and imports the next. So the menus, the table and the end-of-deal screens are never in RAM
together, and a board without .mpy files compiles one small module at a time.

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

# screen -> module (brisca.ui.<module>), as "screen:module" words
SCREENS = ("resume_q:menu title:menu settings:menu names:menu pause:menu quit_q:menu setup:setup picker:picker "
           "rules:pages stats:pages score:pages table:table handover:table lasttrick:table "
           "deal_over:endings result:endings")
# What a game in progress keeps loaded between its screens (its objects' classes live there).
GAME_MODULES = ("brisca.core", "brisca.ai", "brisca.search", "brisca.ui.match")
SUIT_COLOURS = (0xFFB000, 0xFF2020, 0x2060FF, 0x20C040)  # trump suit as a colour on the NeoPixels


def module_of(screen):
    """The module (under brisca.ui) that draws `screen`."""
    words = " " + SCREENS
    at = words.find(" " + screen + ":")
    if at < 0:
        raise ValueError("no screen " + screen)
    start = at + len(screen) + 2
    end = words.find(" ", start)
    return words[start:] if end < 0 else words[start:end]


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

    def set_name(self, index, text):
        while len(self.names) <= index:
            self.names.append("P%d" % (len(self.names) + 1))
        self.names[index] = text


def unload(name):
    """Forget module `name` (and its attribute on its package), so its memory can be collected."""
    sys.modules.pop(name, None)
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot]) if dot > 0 else None
    if parent is not None:
        try:
            delattr(parent, name[dot + 1:])
        except (AttributeError, KeyError, TypeError):
            pass


class App:
    """The shell. step(btn) handles one poll; the screen is refreshed when `dirty`."""

    def __init__(self, board, store=None, seed=None, trick_ms=600, ai_budget_ms=None, ai_step_ms=30,
                 ai_min_ms=350, assets="assets", drive=None):
        """`drive`: a folder for exported records (the simulator, tests); on a board, None: its own
        drive, which the game may write only when boot.py gave it over (SELECT held at power-up)."""
        self.board = board
        self.W = board.width
        self.H = board.height
        self.store = store
        self.assets = assets
        self.trick_ms = trick_ms
        self.ai_budget_ms = ai_budget_ms
        self.ai_step_ms = ai_step_ms
        self.ai_min_ms = ai_min_ms
        self.seed = seed if seed is not None else (board.ticks_ms() * 7919 + 12345)
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
            except Exception as e:  # a broken store must not stop the game
                print("settings:", e)
        self.texts = {}  # key -> text: the current screen's, read once
        self.T = self._lang(self.settings.language)
        from brisca.ui.font import Glyphs

        self.font = Glyphs()
        self.drive = None  # where finished deals' records and stats.txt go; None: not exported
        try:
            from brisca import export

            if export.drive_writable(drive):
                self.drive = drive or "/"
        except Exception as e:  # exports are an extra: never stop the game over them
            print("drive:", e)
        unload("brisca.export")
        self.root = displayio.Group()
        board.display.root_group = self.root
        self.scr = None  # the current screen object
        self.scr_module = ""
        self.screen = ""
        self.pending = None  # (screen, args) a handler asked for, entered once it has returned
        self.stepping = False
        self.dirty = True
        self.list = None  # the ListView every list screen shares (None at the table)
        self.menu = None  # the Menu on screen, if any (tests read it)
        self.cursors = {}  # menu screen -> the key of the item its cursor was on
        self.table = None  # the TableView, at the table
        self.picker = None
        self.game = None  # the core.Game in progress; its screens keep brisca.ui.match loaded
        self.saved = None  # a saved game's bytes, offered for resuming
        self.notice = ""
        self.missing = []  # text keys no language had (tests)
        self.blink_until = -1
        self.log = []  # screens refreshed, newest last, kept short (tests and debugging)

    # ------------------------------------------------------------------ texts
    def _lang(self, code):
        try:
            from brisca import lang

            return lang.load(code, self.assets + "/lang")
        except Exception as e:  # no texts: the keys themselves show, the game goes on
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

    def set_language(self, code):
        self.settings.language = code
        self.T = None
        self.texts.clear()
        gc.collect()
        self.T = self._lang(code)
        self.save_settings()

    # ------------------------------------------------------------------ screens
    def go(self, screen, *args):
        """Show `screen` (see SCREENS), loading its module; from inside a step, once it ends."""
        if self.stepping:
            self.pending = (screen, args)
        else:
            self._enter(screen, args)

    def _enter(self, screen, args):
        module = module_of(screen)
        ended = screen == "title" and self.game is not None
        if ended:  # the title ends any game: its objects and modules go with it
            self.game = self.players = self.views = self.hview = self.last_rules = self.exported = None
        if module != self.scr_module:
            self.texts.clear()
            if self.scr is not None:
                self.scr.close()
            self.scr = self.menu = self.table = self.picker = None
            self.scr_module = ""
            self.release()
            mod = __import__("brisca.ui." + module, None, None, ("Screen",), 0)
            self.scr = mod.Screen(self)
            self.scr_module = module
        elif ended:
            self.release()
        self.screen = screen
        self.dirty = True
        self.scr.enter(screen, *args)

    def release(self):
        """Forget every module loaded since start-up but the current screen's, the game's (while
        one is on) and the list view's (while it is kept), then collect."""
        keep = self.keep
        pins = GAME_MODULES if self.game is not None else ()
        current = "brisca.ui." + self.scr_module
        for name in list(sys.modules):
            if name in keep or name in pins or name == current or (
                    name == "brisca.ui.listview" and self.list is not None):
                continue
            if name.startswith("brisca"):
                unload(name)
        gc.collect()

    def list_view(self):
        """The ListView of the list screens (made on first use, kept until the table)."""
        if self.list is None:
            gc.collect()
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
            except Exception as e:
                print("load game:", e)
        if self.drive and not self.notice:
            self.notice = self.t("drive_on")  # boot.py gave the drive to the game: say so once
        self.go("resume_q" if self.saved else "title")
        self.render()

    def step(self, btn):
        """Handle one poll result (0 = no key). Returns True while busy (AI thinking, animation)."""
        self.stepping = True
        try:
            busy = self.scr.step(btn)
        finally:
            self.stepping = False
        while self.pending is not None:
            screen, args = self.pending
            self.pending = None
            self._enter(screen, args)
        self._tick_leds()
        if self.dirty:
            self.render()
        return busy

    def render(self):
        self.dirty = False
        self.scr.draw()
        self.board.refresh()
        if len(self.log) > 64:
            del self.log[:32]
        self.log.append(self.screen)

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
    gc.collect()
    app.loop(max_steps)
    return app
