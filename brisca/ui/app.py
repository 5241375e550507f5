"""The game's screens and flow: a state machine driven by one button event per loop step.

Screens: resume question, title, new game (preset, mode, AI level, match, every rule option, deck,
language, sound, names), letter picker, settings, rules pages, statistics, the table (with the
handover screen for pass-and-play, the exchange prompt, the trick-winner moment, the last-trick
view, hints and AI "thinking"), pause menu, end-of-deal score and match result.

Privacy (pass-and-play): `holder` is the human who has the device. Hands are drawn face up only for
the holder and only while `masked` is False; when another human must act, the handover screen
("Pass to NAME - press A") hides everything until that player presses A.

run(board, store=None, max_steps=None) is the main loop. The screen is redrawn and refreshed only
when something changed (one board.refresh() per change).
"""

import gc

import displayio

from brisca import core
from brisca.ui import board as B
from brisca.ui.menu import LetterPicker, ListView, Menu
from brisca.ui.table import TableView, fit

try:
    from brisca import ai as _ai
except ImportError:  # the AI module is optional: a stub plays the first legal action
    _ai = None

MODES = ("vs_ai", "two_humans", "three_players", "teams_ai", "teams_humans")
MODE_KEYS = ("m_1ai", "m_2hot", "m_3p", "m_4team", "m_4mix")
MODE_SEATS = ((2, (0,)), (2, (0, 1)), (3, (0,)), (4, (0,)), (4, (0, 2)))  # players, human seats
LEVELS = ("easy", "medium", "hard")
DECKS = ("spanish", "italian", "french")
DECK_KEYS = ("ds_es", "ds_it", "ds_fr")
PRESETS = ("brisca", "briscola", "briskula")
PRESET_KEYS = ("p_brisca", "p_briscola", "p_briskula")
MATCHES = ((core.MATCH_ONE, 1), (core.MATCH_WINS, 2), (core.MATCH_WINS, 3), (core.MATCH_WINS, 4),
           (core.MATCH_WINS, 5), (core.MATCH_BEST_OF, 3), (core.MATCH_BEST_OF, 5), (core.MATCH_POINTS, 120),
           (core.MATCH_POINTS, 151))
TIE_KEYS = ("t_draw", "t_annul", "t_redeal")
# Optional rule flags offered as on/off items: (menu key, flag, label key).
FLAG_ITEMS = (("exch", core.F_EXCHANGE, "o_exch"), ("redeal", core.F_REDEAL, "o_redeal"),
              ("open", core.F_OPEN, "o_open"), ("bone", core.F_NO_TRUMP, "o_bone"),
              ("follow", core.F_FOLLOW, "o_follow"), ("double", core.F_DOUBLE, "o_double"),
              ("show", core.F_PARTNERS_SEE, "o_show"))
SUIT_COLOURS = (0xFFB000, 0xFF2020, 0x2060FF, 0x20C040)  # trump suit as a colour on the NeoPixels
LANG_CODES = ("en", "es", "it", "hr", "de", "pl")
LANG_NAMES = ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")
AI_BUDGET = {"easy": 120, "medium": 250, "hard": 900}


class _StubPlayer:
    """Stand-in AI when brisca.ai is missing: a random legal action."""

    def __init__(self, rules, level="medium", seed=0):
        self.rng = core.Random(seed)
        self.action = 0

    def start(self, v, budget_ms=None):
        self.action = v.legal[self.rng.below(v.nlegal)] if v.nlegal else core.PASS

    def step(self, max_ms):
        return True

    def progress(self):
        return 100

    def result(self):
        return self.action


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


def _index(seq, value, default=0):
    for i in range(len(seq)):
        if seq[i] == value:
            return i
    return default


def _load_font():
    try:
        from brisca.ui.font import LatinFont

        return LatinFont()
    except Exception:  # fall back to the board's ASCII font
        import terminalio

        return terminalio.FONT


class App:
    """All screens and the game flow. step(btn) handles one poll; draw happens when `dirty`."""

    def __init__(self, board, store=None, seed=None, trick_ms=600, ai_budget_ms=None, ai_step_ms=30,
                 ai_min_ms=350, assets="assets"):
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
        self.settings = _Defaults()
        if store is not None:
            try:
                self.settings = store.load_settings()
            except Exception as e:  # a broken store must not stop the game
                print("settings:", e)
        self.T = self._lang(self.settings.language)
        self.font = _load_font()
        self.root = displayio.Group()
        self.list = ListView(self.W, self.H, self.font)
        self.root.append(self.list.group)
        self.table = None
        board.display.root_group = self.root
        self.screen = ""
        self.dirty = True
        self.menu = None
        self.game = None
        self.picker = None
        self.page = 0
        self.notice = ""
        self.return_to = "title"
        self.setup_values = None
        self.missing = []
        self.saved = None
        self.result_sel = 0
        self.handover_to = -1
        self.masked = False
        self.holder = None
        self.last_view = False
        self.hint_card = 255
        self.thinking = -1
        self.think_t0 = 0
        self.pause_t0 = 0
        self.in_trick_pause = False
        self.turn_token = -1
        self.blink_until = -1
        self.status = ""
        self.status_color = None
        self.sel = 0
        self.log = []  # (screen, detail) per refresh, for tests and debugging; kept short

    # ------------------------------------------------------------------ texts
    def _lang(self, code):
        try:
            from brisca import lang

            return lang.load(code)
        except Exception:
            return None

    def t(self, key, *args):
        """UI text for `key` in the current language (English built-ins if the key is missing)."""
        text = None
        if self.T is not None:
            text = self.T(key, *args) if args else self.T(key)
            if text == key:
                text = None
        if text is None:
            if key not in self.missing:
                self.missing.append(key)
            text = _FALLBACK.get(key, key)
            if args:
                try:
                    text = text % args
                except (TypeError, ValueError):
                    pass
        return text

    # ------------------------------------------------------------------ loop
    def start(self):
        """First screen: 'Resume?' if a game in progress is saved, else the title."""
        self.saved = None
        if self.store is not None:
            try:
                data = self.store.load_game()
                if data:
                    core.Game.from_bytes(data)
                    self.saved = data
            except ValueError:
                self.notice = self.t("save_bad")
                self._store_call("save_game", None)
            except Exception as e:
                print("load game:", e)
        if self.saved:
            self.goto_resume_q()
        else:
            self.goto_title()
        self.render()

    def step(self, btn):
        """Handle one poll result (0 = no key). Returns True while busy (AI thinking, animation)."""
        handler = getattr(self, "on_" + self.screen)
        busy = handler(btn)
        self._tick_leds()
        if self.dirty:
            self.render()
        return busy

    def render(self):
        self.dirty = False
        on_table = self.screen in ("table", "lasttrick")
        if on_table:
            self.draw_table()
        self.list.group.hidden = on_table
        if self.table is not None:
            self.table.group.hidden = not on_table
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
    def _store_call(self, name, *args):
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
        self._store_call("save_settings", self.settings)

    def save_game(self):
        if self.game is not None:
            self._store_call("save_game", self.game.to_bytes())

    # ------------------------------------------------------------------ cues
    def _leds_on(self):
        return self.settings.leds and getattr(self.board, "has_pixels", False)

    def cue_trump(self):
        if self._leds_on() and self.game is not None:
            ts = self.game.trump_suit
            self.board.pixels(SUIT_COLOURS[ts] if ts < 4 else 0x404040)

    def cue_turn(self):
        if self.settings.sound:
            self.board.tone(880, 40)
        if self._leds_on():
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

    # ------------------------------------------------------------------ generic list screens
    def show_menu(self, menu, screen):
        self.menu = menu
        self.screen = screen
        if getattr(self.board, "two_buttons", False) and menu.find("back") < 0 and screen != "title":
            menu.items.append(["back", self.t("back"), None, 0])
        menu.draw(self.list)
        self.dirty = True

    def _menu_event(self, btn):
        if not btn:
            return None, None
        ev, key = self.menu.handle(btn)
        if ev == "select" and key == "back":
            ev = "back"
        self.menu.draw(self.list)
        self.dirty = True
        return ev, key

    def _on_off(self):
        return [self.t("off"), self.t("on")]

    # ------------------------------------------------------------------ resume question
    def goto_resume_q(self):
        m = Menu(self.t("resume_q"), [["yes", self.t("yes"), None, 0], ["no", self.t("no"), None, 0]],
                 self.t("c_menu"))
        self.show_menu(m, "resume_q")

    def on_resume_q(self, btn):
        ev, key = self._menu_event(btn)
        if ev == "select" and key == "yes":
            self.resume_saved()
        elif ev in ("select", "back"):
            self.goto_title()
        return False

    # ------------------------------------------------------------------ title
    def goto_title(self):
        items = []
        if self.saved:
            items.append(["continue", self.t("continue"), None, 0])
        items += [["new", self.t("new_game"), None, 0], ["settings", self.t("settings"), None, 0],
                  ["rules", self.t("rules"), None, 0], ["stats", self.t("stats"), None, 0]]
        m = Menu("Brisca - Briscola - Briskula", items, self.notice or self.t("c_menu"))
        self.notice = ""
        self.game = None
        self.board.pixels(0) if self._leds_on() else None
        self.show_menu(m, "title")

    def on_title(self, btn):
        ev, key = self._menu_event(btn)
        if ev != "select":
            return False
        if key == "continue":
            self.resume_saved()
        elif key == "new":
            self.goto_setup()
        elif key == "settings":
            self.goto_settings("title")
        elif key == "rules":
            self.goto_rules("title")
        elif key == "stats":
            self.goto_stats()
        return False

    # ------------------------------------------------------------------ new game setup
    def _setup_items(self, v):
        t = self.t
        match_names = []
        for kind, target in MATCHES:
            key = ("mt_one", "mt_first", "mt_best", "mt_points")[kind]
            match_names.append(t(key) if kind == core.MATCH_ONE else t(key, target))
        items = [
            ["preset", t("preset"), [t(k) for k in PRESET_KEYS], v["preset"]],
            ["mode", t("mode"), [t(k) for k in MODE_KEYS], v["mode"]],
            ["level", t("ai_level"), [t(k) for k in LEVELS], v["level"]],
            ["match", t("match"), match_names, v["match"]],
        ]
        for key, _flag, label in FLAG_ITEMS:
            items.append([key, t(label), self._on_off(), v[key]])
        items += [
            ["deck3", t("o_deck3"), [t("d3_one2"), t("d3_all2")], v["deck3"]],
            ["tie", t("o_6060"), [t(k) for k in TIE_KEYS], v["tie"]],
            ["fr32", t("o_fr32"), self._on_off(), v["fr32"]],
            ["deck", t("deck"), [t(k) for k in DECK_KEYS], v["deck"]],
            ["lang", t("language"), list(LANG_NAMES), v["lang"]],
            ["sound", t("sound"), self._on_off(), v["sound"]],
            ["names", t("names"), None, 0],
            ["start", t("start"), None, 0],
        ]
        return items

    def _preset_values(self, v, name):
        """Apply regional preset `name` to the option values `v` (every option stays changeable)."""
        from brisca import notation

        players = MODE_SEATS[v["mode"]][0]
        r = notation.preset(name, players)
        v["preset"] = _index(PRESETS, name)
        for key, flag, _label in FLAG_ITEMS:
            v[key] = 1 if r.flags & flag else 0
        v["tie"] = r.tie
        v["deck3"] = 1 if name == "brisca" else 0
        v["match"] = _index(MATCHES, (r.match, r.target), 0)
        v["deck"] = 0 if name == "brisca" else 1
        v["fr32"] = 0

    def goto_setup(self):
        s = self.settings
        v = self.setup_values
        if v is None:
            v = {"mode": _index(MODES, s.mode), "level": _index(LEVELS, s.level, 1),
                 "lang": _index(LANG_CODES, s.language), "sound": 1 if s.sound else 0}
            self._preset_values(v, "brisca")
            v["deck"] = _index(DECKS, s.deck)
            if s.rules:
                self._values_from_rules(v, s.rules)
            self.setup_values = v
        m = Menu(self.t("new_game"), self._setup_items(v), self.t("c_opt"))
        m.sel = m.find("start")
        self.show_menu(m, "setup")

    def _values_from_rules(self, v, data):
        try:
            r = core.Rules.from_bytes(data)
        except (ValueError, IndexError):
            return
        for key, flag, _label in FLAG_ITEMS:
            v[key] = 1 if r.flags & flag else 0
        v["tie"] = r.tie
        v["match"] = _index(MATCHES, (r.match, r.target), v["match"])
        v["deck3"] = 1 if r.deck == 36 else 0
        v["fr32"] = 1 if r.deck == 32 else 0
        v["preset"] = (0, 1, 2, 0)[r.style] if r.style < 3 else v["preset"]

    def setup_rules(self):
        """Rules from the setup values; ValueError with the core's message if they do not fit."""
        v = self.setup_values
        players = MODE_SEATS[v["mode"]][0]
        flags = 0
        for key, flag, _label in FLAG_ITEMS:
            if v[key]:
                flags |= flag
        deck = 40
        if v["fr32"]:
            deck = 32
        elif players == 3:
            deck = 36 if v["deck3"] else 39
        elif players == 6:
            deck = 36
        kind, target = MATCHES[v["match"]]
        if DECKS[v["deck"]] == "french":
            style = core.STYLE_FRENCH
        elif v["preset"] == 2:
            style = core.STYLE_CROATIAN
        else:
            style = core.STYLE_SPANISH if DECKS[v["deck"]] == "spanish" else core.STYLE_ITALIAN
        return core.Rules(players, deck, flags, v["tie"], kind, target, style)

    def on_setup(self, btn):
        ev, key = self._menu_event(btn)
        m = self.menu
        v = self.setup_values
        if ev == "back":
            self.goto_title()
        elif ev == "change":
            v[key] = m.value(key)
            if key == "preset":
                self._preset_values(v, PRESETS[v["preset"]])
            elif key == "mode":
                self._preset_values(v, PRESETS[v["preset"]])
            elif key == "lang":
                self.set_language(LANG_CODES[v["lang"]])
            elif key == "sound":
                self.settings.sound = bool(v["sound"])
                self.save_settings()
            if key in ("preset", "mode", "lang"):
                sel = m.sel
                m.items = self._setup_items(v)
                m.title = self.t("new_game")
                m.footer = self.t("c_opt")
                m.sel = sel
            m.draw(self.list)
        elif ev == "select" and key == "names":
            self.goto_names("setup")
        elif ev == "select" and key == "start":
            try:
                rules = self.setup_rules()
            except ValueError as e:
                m.message = str(e)
                m.draw(self.list)
                return False
            s = self.settings
            s.mode = MODES[v["mode"]]
            s.level = LEVELS[v["level"]]
            s.deck = DECKS[v["deck"]]
            s.rules = rules.to_bytes()
            self.save_settings()
            self.new_game(rules)
        return False

    def set_language(self, code):
        self.settings.language = code
        self.T = self._lang(code)
        self.save_settings()

    # ------------------------------------------------------------------ names and letter picker
    def goto_names(self, back):
        self.names_back = back
        items = []
        for i in range(2):
            items.append(["n%d" % i, self.t("player_n", i + 1) + ": " + self.human_name(i), None, 0])
        items.append(["back", self.t("back"), None, 0])
        self.show_menu(Menu(self.t("names"), items, self.t("c_menu")), "names")

    def human_name(self, i):
        names = self.settings.names
        if i < len(names) and names[i].strip():
            return names[i]
        return self.t("player_n", i + 1)

    def on_names(self, btn):
        ev, key = self._menu_event(btn)
        if ev == "back":
            if self.names_back == "setup":
                self.goto_setup()
            else:
                self.goto_settings(self.settings_back)
        elif ev == "select" and key[0] == "n":
            self.picker_index = int(key[1:])
            names = self.settings.names
            current = names[self.picker_index] if self.picker_index < len(names) else ""
            per_row = max(4, (self.list.chars - 1) // 3)
            self.picker = LetterPicker(current, per_row, (self.t("lp_space"), self.t("lp_del"),
                                                          self.t("lp_done")))
            self.screen = "picker"
            self.draw_picker()
        return False

    def draw_picker(self):
        p = self.picker
        lines = p.lines()
        colors = None
        if p.message:
            lines = lines[: self.list.rows - 1] + [self.t("lp_empty")]
            colors = [None] * (len(lines) - 1) + [0xFFC020]
        self.list.show(self.t("lp_title"), lines, -1, self.t("lp_hint"), colors=colors)
        self.dirty = True

    def on_picker(self, btn):
        if not btn:
            return False
        r = self.picker.handle(btn)
        if r == "done":
            self.settings.set_name(self.picker_index, self.picker.name)
            self.save_settings()
            self.goto_names(self.names_back)
        elif r == "cancel":
            self.goto_names(self.names_back)
        else:
            self.draw_picker()
        return False

    # ------------------------------------------------------------------ settings
    def goto_settings(self, back):
        self.settings_back = back
        s = self.settings
        oo = self._on_off()
        items = [
            ["lang", self.t("language"), list(LANG_NAMES), _index(LANG_CODES, s.language)],
            ["deck", self.t("deck"), [self.t(k) for k in DECK_KEYS], _index(DECKS, s.deck)],
            ["sound", self.t("sound"), oo, 1 if s.sound else 0],
            ["leds", self.t("leds"), oo, 1 if s.leds else 0],
            ["points", self.t("o_points"), oo, 1 if s.show_points else 0],
            ["out", self.t("o_out"), oo, 1 if s.show_cards_out else 0],
            ["names", self.t("names"), None, 0],
            ["back", self.t("back"), None, 0],
        ]
        self.show_menu(Menu(self.t("settings"), items, self.t("c_opt")), "settings")

    def on_settings(self, btn):
        ev, key = self._menu_event(btn)
        s = self.settings
        if ev == "back":
            self._settings_leave()
        elif ev == "change":
            val = self.menu.value(key)
            if key == "lang":
                self.set_language(LANG_CODES[val])
                sel = self.menu.sel
                self.goto_settings(self.settings_back)
                self.menu.sel = sel
                self.menu.draw(self.list)
                return False
            if key == "deck":
                s.deck = DECKS[val]
            elif key == "sound":
                s.sound = bool(val)
            elif key == "leds":
                s.leds = bool(val)
                if not val and getattr(self.board, "has_pixels", False):
                    self.board.pixels(0)
            elif key == "points":
                s.show_points = bool(val)
            elif key == "out":
                s.show_cards_out = bool(val)
            self.save_settings()
        elif ev == "select" and key == "names":
            self.goto_names("settings")
        return False

    def _settings_leave(self):
        if self.settings_back == "pause":
            if self.game is not None and self.table is not None and self.table.style != self.sheet_style():
                self.make_table()
            self.cue_trump()
            self.goto_pause()
        else:
            self.goto_title()

    # ------------------------------------------------------------------ rules pages, stats
    def goto_rules(self, back):
        self.rules_back = back
        self.page = 0
        self.screen = "rules"
        self.draw_rules()

    def _pages(self):
        pages = self.t("help")
        if not isinstance(pages, tuple) or not pages or not isinstance(pages[0], tuple):
            return (("Rules", "See RULES.md"),)
        return pages

    def draw_rules(self):
        pages = self._pages()
        p = pages[self.page % len(pages)]
        title = "%s %d/%d" % (p[0], self.page % len(pages) + 1, len(pages))
        self.list.show(title, list(p[1:]), -1, self.t("c_help"))
        self.dirty = True

    def on_rules(self, btn):
        n = len(self._pages())
        if btn in (B.BTN_RIGHT, B.BTN_DOWN, B.BTN_A):
            if btn == B.BTN_A and getattr(self.board, "two_buttons", False) and self.page == n - 1:
                btn = B.BTN_B
            else:
                self.page = (self.page + 1) % n
                self.draw_rules()
        if btn in (B.BTN_LEFT, B.BTN_UP):
            self.page = (self.page - 1) % n
            self.draw_rules()
        elif btn in (B.BTN_B, B.BTN_START):
            if self.rules_back == "pause":
                self.goto_pause()
            else:
                self.goto_title()
        return False

    def goto_stats(self):
        lines = []
        if self.store is not None:
            try:
                lines = self.store.load_stats().as_lines()
            except Exception as e:
                print("stats:", e)
        if not lines:
            lines = [self.t("st_none")]
        self.stats_lines = lines
        self.page = 0
        self.screen = "stats"
        self.draw_stats()

    def draw_stats(self):
        rows = self.list.rows
        self.list.show(self.t("stats"), self.stats_lines[self.page: self.page + rows], -1, self.t("c_menu"))
        self.dirty = True

    def on_stats(self, btn):
        if btn in (B.BTN_DOWN, B.BTN_RIGHT) and self.page + self.list.rows < len(self.stats_lines):
            self.page += 1
            self.draw_stats()
        elif btn in (B.BTN_UP, B.BTN_LEFT) and self.page:
            self.page -= 1
            self.draw_stats()
        elif btn in (B.BTN_A, B.BTN_B, B.BTN_START):
            self.goto_title()
        return False

    # ------------------------------------------------------------------ starting a game
    def sheet_style(self):
        deck = self.settings.deck if self.settings.deck in DECKS else "spanish"
        if deck == "french" and self.game is not None and self.game.rules.deck == 32:
            return "french32"
        return deck

    def make_table(self):
        style = self.sheet_style()
        if self.table is not None:
            if self.table.style == style:
                return
            self.root.remove(self.table.group)
            self.table = None
            gc.collect()
        self.table = TableView(self.W, self.H, style, self.font, self.assets)
        self.root.append(self.table.group)

    def _setup_seats(self):
        mode = _index(MODES, self.settings.mode)
        players, humans = MODE_SEATS[mode]
        if self.game.n != players:  # a saved game from another mode: seat by its player count
            mode = {2: 0, 3: 2, 4: 3}.get(self.game.n, 0)
            players, humans = MODE_SEATS[mode]
            self.settings.mode = MODES[mode]
        self.mode = mode
        self.humans = humans
        self.multi = len(humans) > 1
        self.holder = humans[0] if not self.multi else None
        self.masked = False
        level = self.settings.level if self.settings.level in LEVELS else "medium"
        self.level = level
        self.players = {}
        self.views = {}
        self.names = []
        ai_no = 0
        for s in range(self.game.n):
            if s in humans:
                self.names.append(self.human_name(_index(humans, s)))
            else:
                self.players[s] = self._make_ai(self.game.rules, level, self.seed + 101 * s)
                self.views[s] = core.View(self.game.rules)
                if mode == 3 and s == 2:
                    self.names.append(self.t("partner"))
                else:
                    ai_no += 1
                    self.names.append(self.t("ai_n", ai_no))
        self.hview = core.View(self.game.rules)
        self.sel = 0
        self.thinking = -1
        self.in_trick_pause = False
        self.turn_token = -1
        self.hint_card = 255
        self.status = ""

    def _make_ai(self, rules, level, seed):
        if _ai is not None:
            try:
                return _ai.Player(rules, level, seed & 0x3FFFFFFF)
            except Exception as e:  # an AI that cannot start must not stop the game
                print("ai:", e)
        return _StubPlayer(rules, level, seed)

    def new_game(self, rules, dealer=0):
        self.seed = (self.seed * 1103515245 + 12345) & 0x3FFFFFFF
        self.game = core.Game(rules, self.seed, dealer % rules.players)
        self.last_rules = rules
        self.last_dealer = dealer
        self._enter_game()
        self.save_game()

    def play_game(self, game):
        """Sit down at `game` (a core.Game in progress) with the current mode's seats."""
        self.game = game
        self.last_rules = game.rules
        self.last_dealer = game.dealer
        self._enter_game()

    def resume_saved(self):
        try:
            self.game = core.Game.from_bytes(self.saved)
        except ValueError:
            self.notice = self.t("save_bad")
            self.saved = None
            self._store_call("save_game", None)
            self.goto_title()
            return
        self.last_rules = self.game.rules
        self.last_dealer = self.game.dealer
        self._enter_game()

    def _enter_game(self):
        self.saved = None
        self._setup_seats()
        self.menu = None
        gc.collect()
        self.make_table()
        self.cue_trump()
        self.goto_table()

    # ------------------------------------------------------------------ table
    def goto_table(self):
        self.screen = "table"
        self.dirty = True

    def side_name(self, side):
        g = self.game
        if g.rules.players < 4:
            return self.names[side]
        return self.t("team_of", self.names[side], self.names[side + 2])

    def _single_human_side(self):
        return None if self.multi else self.game.rules.side_of(self.humans[0])

    def _turn_text(self, seat):
        if not self.multi and seat == self.humans[0]:
            return self.t("your_turn")
        return self.t("turn_of", self.names[seat])

    def on_table(self, btn):
        g = self.game
        now = self.board.ticks_ms()
        if self.in_trick_pause:
            if btn or self.board.ticks_diff(now, self.pause_t0) >= self.trick_ms:
                self.in_trick_pause = False
                self.status = ""
                self.dirty = True
                if btn == B.BTN_START:
                    self.goto_pause()
                return False
            return True
        if g.phase == core.DEAL_OVER or g.phase == core.MATCH_OVER:
            self.goto_deal_over()
            return False
        seat = g.turn
        if seat in self.humans:
            if self.multi and seat != self.holder:
                self.goto_handover(seat)
                return False
            return self._human(btn, seat)
        return self._ai_turn(btn, seat, now)

    def _ai_turn(self, btn, seat, now):
        g = self.game
        if btn == B.BTN_START:
            self.goto_pause()
            return False
        p = self.players[seat]
        t = self.table
        if self.thinking != seat:
            v = g.view(seat, into=self.views[seat])
            budget = self.ai_budget_ms if self.ai_budget_ms is not None else AI_BUDGET.get(self.level, 300)
            p.start(v, budget)
            self.thinking = seat
            self.think_t0 = now
            self.status = self._turn_text(seat)
            self.status_color = None
            t.progress.set(0)
            self.dirty = True
            return True
        done = p.step(self.ai_step_ms)
        pr = p.progress()
        if self.ai_min_ms:
            waited = 100 * self.board.ticks_diff(now, self.think_t0) // self.ai_min_ms
            pr = min(pr, waited) if waited < 100 else pr
            done = done and waited >= 100
        if t.progress.set(pr):
            self.dirty = True
        if not done:
            return True
        self.thinking = -1
        t.progress.hide()
        action = p.result()
        if action not in g.legal_actions():  # never trust a move blindly
            action = g.legal_actions()[0]
        if action == core.EXCHANGE:
            self.status = self.t("exchanged", self.names[seat])
        self.act(action)
        return True

    def _human(self, btn, seat):
        g = self.game
        token = (g.deal_no * 64 + g.trick_no) * 16 + g.trick_len + (8 if g.phase == core.EXCHANGE_PHASE else 0)
        if token != self.turn_token:
            self.turn_token = token
            self.hint_card = 255
            self.cue_turn()
            self.dirty = True
            if not self.status or self.status_color is None:
                self.status = ""
        k = g.hand_len[seat]
        if self.sel >= k:
            self.sel = max(0, k - 1)
        if not btn:
            return False
        self.dirty = True
        if btn == B.BTN_START:
            self.goto_pause()
            return False
        if g.phase == core.EXCHANGE_PHASE:
            if btn == B.BTN_A:
                self.act(core.EXCHANGE)
                self.status = self.t("exchanged", self.names[seat])
            elif btn == B.BTN_B:
                self.act(core.PASS)
            return False
        if btn == B.BTN_LEFT and k:
            self.sel = (self.sel - 1) % k
            self.status = ""
        elif btn == B.BTN_RIGHT and k:
            self.sel = (self.sel + 1) % k
            self.status = ""
        elif btn == B.BTN_A and k:
            card = g.hands[seat * core.HAND_MAX + self.sel]
            if card in g.legal_actions():
                self.status = ""
                self.act(card)
            else:
                self.status = self.t("h_must_follow")
                self.status_color = 0xFFC020
        elif btn == B.BTN_B:
            self.goto_lasttrick("table")
        elif btn == B.BTN_SELECT:
            self.show_hint()
        return False

    def show_hint(self):
        """Select the suggested card and show the reason (only for the holder on their turn)."""
        g = self.game
        seat = g.turn
        if seat not in self.humans or seat != self.holder or self.masked or g.phase != core.PLAY:
            return False
        v = g.view(seat, into=self.hview)
        try:
            action, reason = _ai.hint(v) if _ai is not None else (v.legal[0], "dump_low")
        except Exception as e:
            print("hint:", e)
            return False
        base = seat * core.HAND_MAX
        for i in range(g.hand_len[seat]):
            if g.hands[base + i] == action:
                self.sel = i
        self.hint_card = action
        self.status = self.t("h_" + reason) if isinstance(reason, str) else str(reason)
        self.status_color = 0xFFC020
        self.dirty = True
        return True

    def act(self, action):
        """Apply one action; start the trick-winner moment when a trick completes; save."""
        g = self.game
        before = g.trick_no
        g.apply(action)
        self.dirty = True
        self.hint_card = 255
        if action < 40 and g.trick_no != before:
            self.in_trick_pause = True
            self.pause_t0 = self.board.ticks_ms()
            w = g.last_winner
            if not self.multi and w == self.humans[0]:
                self.status = self.t("took_by", self.t("you"))
            else:
                self.status = self.t("took_by", self.names[w])
            self.status_color = 0xFFC020
            side = self._single_human_side()
            if side is None and w in self.humans or side is not None and g.rules.side_of(w) == side:
                self.cue_take()
            self.save_game()
        elif action == core.EXCHANGE or action == core.PASS:
            self.save_game()

    def table_texts(self):
        """(tally, running points, info line) for the table's corner labels."""
        g = self.game
        r = g.rules
        sides = r.sides
        tally = ""
        if r.match == core.MATCH_POINTS:
            tally = ":".join([str(g.match_points(s)) for s in range(sides)])
        elif r.match != core.MATCH_ONE:
            tally = ":".join([str(g.tally[s]) for s in range(sides)])
        points = ""
        if self.settings.show_points:
            points = ":".join([str(g.side_points(s)) for s in range(sides)])
        return tally, points

    def draw_table(self):
        g = self.game
        t = self.table
        if self.holder is None:
            viewer = self.humans[0]
            faces = 0
        else:
            viewer = self.holder
            faces = 0 if self.masked else g.visible_hands(viewer)
        tally, points = self.table_texts()
        info = ""
        seat = g.turn
        mine = seat == self.holder and not self.masked and seat in self.humans
        status, color = self.status, self.status_color
        if self.screen == "lasttrick":
            status, color = self.t("last_trick"), None
            if g.last_len:
                status = status + ": " + self.names[g.last_winner]
            info = self.t("c_next")
        elif self.in_trick_pause:
            pass
        elif g.phase == core.EXCHANGE_PHASE and mine:
            ex = g.exchange_card(seat)
            status = self.t("exch_q7" if ex % 10 == 6 else "exch_q2")  # rank 6 = Seven
            color = 0xFFC020
            info = self.t("c_exch")
        elif not status and g.phase <= core.EXCHANGE_PHASE and seat < g.n:
            status, color = self._turn_text(seat), None
        if not info and mine and g.phase == core.PLAY:
            if self.settings.show_cards_out:
                v = g.view(seat, into=self.hview)
                buf = bytearray(40)
                n = v.unseen_into(buf)
                trumps = 0
                for i in range(n):
                    if buf[i] // 10 == g.trump_suit:
                        trumps += 1
                info = "%s %d  %s" % (self.t("cards_out"), n, self.t("trumps_out", trumps))
            elif g.deal_no == 0 and g.trick_no < 2:
                info = self.t("c_play")
        if len(info) > t.info.max_chars:
            info = info.replace("  ", " ")
        t.set_status(status, color if color is not None else 0xFFFFFF)
        sel = self.sel if mine and g.phase == core.PLAY and self.screen == "table" else -1
        t.show(g, viewer, faces, sel, 1 if (self.in_trick_pause or self.screen == "lasttrick") else 0,
               self.hint_card, tally, points, info)
        if self.thinking < 0:
            t.progress.hide()

    # ------------------------------------------------------------------ handover, last trick
    def goto_handover(self, seat):
        self.handover_to = seat
        self.masked = True
        self.screen = "handover"
        self.list.show("", ["", "", self.t("pass_to", self.names[seat])], -1, self.t("c_pass"), center=True)
        self.dirty = True

    def on_handover(self, btn):
        if btn == B.BTN_A:
            self.holder = self.handover_to
            self.masked = False
            self.status = ""
            self.turn_token = -1
            self.goto_table()
        elif btn == B.BTN_START:
            self.goto_pause()
        return False

    def goto_lasttrick(self, back):
        self.lasttrick_back = back
        self.screen = "lasttrick"
        self.dirty = True

    def on_lasttrick(self, btn):
        if btn:
            if self.lasttrick_back == "pause":
                self.goto_pause()
            else:
                self.goto_table()
        return False

    # ------------------------------------------------------------------ pause menu
    def goto_pause(self):
        items = [["resume", self.t("resume"), None, 0], ["hint", self.t("hint"), None, 0],
                 ["last", self.t("last_trick"), None, 0], ["rules", self.t("rules"), None, 0],
                 ["settings", self.t("settings"), None, 0], ["quit", self.t("quit"), None, 0]]
        self.thinking = -1  # the AI restarts its (cheap) decision afterwards
        self.show_menu(Menu(self.t("pause"), items, self.t("c_menu")), "pause")

    def _back_to_game(self):
        g = self.game
        if self.masked and g.turn in self.humans and g.phase <= core.EXCHANGE_PHASE:
            self.goto_handover(self.handover_to)
        elif g.phase >= core.DEAL_OVER and not self.in_trick_pause:
            self.goto_deal_over()
        else:
            self.goto_table()

    def on_pause(self, btn):
        ev, key = self._menu_event(btn)
        if ev == "back" or ev == "select" and key == "resume" or btn == B.BTN_START:
            self._back_to_game()
        elif ev == "select" and key == "hint":
            self._back_to_game()
            if self.screen == "table" and not self.show_hint():
                self.status = self.t("hint") + ": -"
                self.status_color = None
        elif ev == "select" and key == "last":
            self.goto_lasttrick("pause")
        elif ev == "select" and key == "rules":
            self.goto_rules("pause")
        elif ev == "select" and key == "settings":
            self.goto_settings("pause")
        elif ev == "select" and key == "quit":
            self.save_game()
            self.saved = self.game.to_bytes() if self.game.phase != core.MATCH_OVER else None
            self.goto_title()
        return False

    # ------------------------------------------------------------------ deal over, match result
    def goto_deal_over(self):
        g = self.game
        r = g.rules
        self.screen = "deal_over"
        rows = []
        for s in range(r.sides):
            rows.append("%s: %d" % (self.side_name(s), g.side_points(s)))
        won = g.deal_winners()
        if won == 0:
            rows.append(self.t("draw6060") if r.tie == core.TIE_DRAW else self.t("annulled"))
        else:
            for s in range(r.sides):
                if won >> s & 1:
                    rows.append(self.t("won_deal", self.side_name(s)))
        tally, _p = self.table_texts()
        if tally:
            rows.append("")
            rows.append(self.t("deals_won" if r.match != core.MATCH_POINTS else "points") + " " + tally)
        title = self.t("deal_over") + " - " + self.t("deal_n", g.deal_no + 1)
        self.list.show(title, rows, -1, self.t("c_next"))
        self.dirty = True

    def on_deal_over(self, btn):
        g = self.game
        if btn == B.BTN_A:
            if g.phase == core.MATCH_OVER:
                self.finish_match()
                self.goto_result()
            else:
                g.apply(core.NEXT_DEAL)
                self.save_game()
                self.cue_trump()
                self.status = ""
                self.turn_token = -1
                self.goto_table()
        elif btn in (B.BTN_B, B.BTN_START):
            self.goto_pause()
        return False

    def _human_result(self):
        g = self.game
        side = g.rules.side_of(self.humans[0])
        w = g.match_winners
        if w == 0 or w & (w - 1):
            return "draw"
        return "win" if w >> side & 1 else "loss"

    def finish_match(self):
        g = self.game
        self._store_call("save_game", None)
        if self.store is None:
            return
        try:
            st = self.store.load_stats()
            result = self._human_result()
            st.record(MODES[self.mode], self.level, result)
            if result == "win" and g.rules.match == core.MATCH_WINS and g.rules.target == 4:
                side = g.rules.side_of(self.humans[0])
                if g.tally[1 - side] == 0 and g.tally[side] == 4:
                    st.record_cesalj()
            self._store_call("save_stats", st)
        except Exception as e:
            print("stats:", e)

    def goto_result(self):
        self.screen = "result"
        self.result_sel = 0
        self.draw_result()

    def draw_result(self):
        g = self.game
        w = g.match_winners
        if w == 0 or w & (w - 1):
            line = self.t("draw6060") if g.rules.sides == 2 and g.rules.match == core.MATCH_ONE else "="
            names = [self.side_name(s) for s in range(g.rules.sides) if w >> s & 1]
            if names and line == "=":
                line = " / ".join(names)
        elif not self.multi:
            line = self.t("you_won") if self._human_result() == "win" else self.t("you_lost")
        else:
            side = 0
            while not w >> side & 1:
                side += 1
            line = self.t("won_match", self.side_name(side))
        rows = [line]
        if w and not self.multi and self._human_result() == "loss":
            side = 0
            while not w >> side & 1:
                side += 1
            rows.append(self.t("won_match", self.side_name(side)))
        tally, _p = self.table_texts()
        rows.append(tally)
        rows.append("")
        first = len(rows)
        rows.append(self.t("play_again"))
        rows.append(self.t("exit"))
        self.list.show(self.t("match"), rows, first + self.result_sel, self.t("c_menu"), center=True)
        self.dirty = True

    def on_result(self, btn):
        if btn in (B.BTN_UP, B.BTN_DOWN, B.BTN_LEFT, B.BTN_RIGHT):
            self.result_sel = 1 - self.result_sel
            self.draw_result()
        elif btn == B.BTN_A:
            if self.result_sel == 0:
                self.new_game(self.last_rules, self.last_dealer + 1)
            else:
                self.goto_title()
        elif btn == B.BTN_B:
            self.goto_title()
        return False


# English texts for keys a language file may lack (the app never shows a raw key).
_FALLBACK = {
    "pass_to": "Pass to %s - press A",
    "c_exch": "A swap  B keep",
    "exch_q7": "Exchange 7 for the trump?",
    "exch_q2": "Exchange 2 for the trump?",
    "took_by": "%s took the trick",
}


def run(board, store=None, max_steps=None, **options):
    """Main loop: build the app on `board` and handle button presses until max_steps polls (tests)
    or forever (device). `store`: a brisca.save store (opened here when None and available)."""
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
    return None
