# mypy: disable-error-code="attr-defined, has-type"
"""Menu screens of the app: resume question, title, new game setup, player names (letter picker),
settings, rules pages and statistics. A mixin of brisca.ui.app.App (kept apart so each module
compiles in little RAM on the board); it uses App's list view, texts and storage helpers."""

from brisca import core
from brisca.ui import board as B
from brisca.ui.menu import LetterPicker, Menu

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
LANG_CODES = ("en", "es", "it", "hr", "de", "pl")
LANG_NAMES = ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")


def _index(seq, value, default=0):
    for i in range(len(seq)):
        if seq[i] == value:
            return i
    return default



class MenuScreens:
    """Menu screens (mixed into App)."""

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
        if btn == B.BTN_RIGHT and getattr(self.board, "two_buttons", False):
            btn = B.BTN_DOWN  # few-button boards: "next" walks the list, confirm cycles a value
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
        items += [["new", self.t("new_game"), None, 0], ["replay", self.t("replay_deal"), None, 0],
                  ["settings", self.t("settings"), None, 0], ["rules", self.t("rules"), None, 0],
                  ["stats", self.t("stats"), None, 0]]
        m = Menu("Brisca/Briscola/Briskula", items, self.notice or self.t("c_menu"))
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
        elif key == "replay":
            self.goto_code()
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
            self.picker_for = "name"
            self.screen = "picker"
            self.draw_picker()
        return False

    def draw_picker(self):
        p = self.picker
        lines = p.lines()
        colors = None
        name = self.picker_for == "name"
        if p.message:
            lines = lines[: self.list.rows - 1] + [self.t("lp_empty" if name else "code_bad")]
            colors = [None] * (len(lines) - 1) + [0xFFC020]
        self.list.show(self.t("lp_title" if name else "replay"), lines, -1, self.t("lp_hint"), colors=colors)
        self.dirty = True

    def on_picker(self, btn):
        if not btn:
            return False
        if btn == B.BTN_RIGHT and getattr(self.board, "two_buttons", False):
            self.picker.next_cell()  # few-button boards: "next" walks every cell, row by row
            self.draw_picker()
            return False
        r = self.picker.handle(btn)
        if self.picker_for == "code":
            if r == "done":
                self.replay_code(self.picker.name)
            elif r == "cancel":
                self.goto_title()
            else:
                self.draw_picker()
        elif r == "done":
            self.settings.set_name(self.picker_index, self.picker.name)
            self.save_settings()
            self.goto_names(self.names_back)
        elif r == "cancel":
            self.goto_names(self.names_back)
        else:
            self.draw_picker()
        return False

    # ------------------------------------------------------------------ replay code entry
    def goto_code(self):
        """Type a replay code (shown at the end of each deal) to play that deal here."""
        from brisca.notation import CODE_ALPHABET

        per_row = max(4, (self.list.chars - 1) // 3)
        self.picker = LetterPicker("", per_row, (self.t("lp_del"), self.t("lp_done")), CODE_ALPHABET, 16, 4)
        self.picker_for = "code"
        self.screen = "picker"
        self.draw_picker()

    def replay_code(self, code):
        """Start the deal `code` names, with the current mode's seats; a mistyped code says so
        and keeps what was typed."""
        from brisca import notation

        try:
            game = notation.from_replay_code(code)
        except ValueError:
            self.picker.message = "!"
            self.draw_picker()
            return
        self.play_game(game)
        self.save_game()

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

    def _page_count(self):
        return (self.T.pages() if self.T is not None else 0) or 1

    def draw_rules(self):
        # One page built at a time (all of them at once is about 5 KB of strings on a board).
        n = self._page_count()
        p = self.T.page(self.page % n) if self.T is not None else None
        if not p or len(p) < 2:
            p = ("Rules", "See RULES.md")
        self.list.show("%s %d/%d" % (p[0], self.page % n + 1, n), list(p[1:]), -1, self.t("c_help"))
        self.dirty = True

    def on_rules(self, btn):
        n = self._page_count()
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
        # Where the records go: boot.py gives the drive to the game only with SELECT held.
        lines += ["", self.t("drive_on")] if self.drive else ["", self.t("drive_off"), self.t("drive_how")]
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
