"""Menus: the model (Menu) and the menu screens: resume question, title, settings, names, pause.

Menus are data: an item is [key, label, choices or None, index]; a choice item changes with
Left/Right (and A), an action item runs with A. Each menu screen remembers where its cursor was
(App.cursors) and offers only what does something where it is shown.
"""

from brisca.save.settings import DECKS
from brisca.ui import board as B
from brisca.ui.text import GOLD

DECK_KEYS = ("ds_es", "ds_it", "ds_fr")
LANG_CODES = ("en", "es", "it", "hr", "de", "pl")
LANG_NAMES = ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")
# help lines: what the keys do in a list of actions, and in a list of options
MENU_KEYS = ("ud:move a:ok b:back", "r:next a:ok b:back")
OPTION_KEYS = ("lr:change a:ok b:back", "r:next a:change b:back")
# settings screen: (key, label key, settings attribute) of the on/off options
ON_OFF = (("sound", "sound", "sound"), ("leds", "leds", "leds"), ("points", "o_points", "show_points"),
          ("out", "o_out", "show_cards_out"))


def _index(seq, value, default=0):
    for i in range(len(seq)):
        if seq[i] == value:
            return i
    return default


class Menu:
    """A scrolling list of items; an item is [key, label, choices or None, index].

    handle(btn) -> (event, key): ("change", key), ("select", key), ("back", None) or (None, None).
    """

    def __init__(self, title, items, footer=""):
        self.title = title
        self.items = items
        self.footer = footer
        self.sel = 0
        self.top = 0
        self.message = ""
        self.short = {}  # key -> a shorter label, for a row too long with its value

    def key(self):
        return self.items[self.sel][0]

    def value(self, key):
        for it in self.items:
            if it[0] == key:
                return it[3]
        return None

    def find(self, key):
        for i in range(len(self.items)):
            if self.items[i][0] == key:
                return i
        return -1

    def handle(self, btn):
        n = len(self.items)
        it = self.items[self.sel]
        if btn == B.BTN_UP:
            self.sel = (self.sel - 1) % n
        elif btn == B.BTN_DOWN:
            self.sel = (self.sel + 1) % n
        elif btn in (B.BTN_LEFT, B.BTN_RIGHT) and it[2]:
            it[3] = (it[3] + (1 if btn == B.BTN_RIGHT else -1)) % len(it[2])
            self.message = ""
            return "change", it[0]
        elif btn == B.BTN_A:
            if it[2]:
                it[3] = (it[3] + 1) % len(it[2])
                self.message = ""
                return "change", it[0]
            return "select", it[0]
        elif btn == B.BTN_B:
            return "back", None
        return None, None

    def draw(self, view):
        rows = view.rows
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + rows:
            self.top = self.sel - rows + 1
        # A row too long for the screen with its value takes its label's shorter form.
        texts = []
        for i in range(self.top, min(len(self.items), self.top + rows)):
            key, label, choices, idx = self.items[i]
            value = ": " + choices[idx] if choices else ""
            if len(label) + len(value) > view.chars and key in self.short:
                label = self.short[key]
            texts.append(label + value)
        footer = self.message or self.footer
        view.show(self.title, texts, self.sel - self.top, footer, footer_color=GOLD if self.message else None)


class MenuScreen:
    """What every menu screen shares: showing a Menu, reading its events, its remembered cursor."""

    def __init__(self, app):
        self.app = app
        self.view = app.list_view()
        self.labels = {}  # menu key -> its label's text key, where they differ

    def close(self):
        pass

    def draw(self):
        pass

    def step(self, btn):
        getattr(self, "on_" + self.app.screen)(btn)
        return False

    def show(self, menu, start=None):
        """Put `menu` on screen with its cursor where it was last (else on item `start`)."""
        app = self.app
        if app.board.two_buttons and menu.find("back") < 0 and app.screen != "title":
            menu.items.append(["back", app.t("back"), None, 0])
        sel = menu.find(app.cursors.get(app.screen, start))
        menu.sel = sel if sel >= 0 else 0
        for it in menu.items:  # shorter labels, where this language has them
            short = app.T.find(self.labels.get(it[0], it[0]) + "_s") if app.T is not None else None
            if short:
                menu.short[it[0]] = short
        app.menu = menu
        menu.draw(self.view)
        app.dirty = True

    def event(self, btn):
        """The menu's event for `btn`: (event, key), as Menu.handle, the screen redrawn."""
        app = self.app
        if not btn:
            return None, None
        if btn == B.BTN_RIGHT and app.board.two_buttons:
            btn = B.BTN_DOWN  # few-button boards: "next" walks the list, confirm cycles a value
        ev, key = app.menu.handle(btn)
        if ev == "select" and key == "back":
            ev = "back"
        app.cursors[app.screen] = app.menu.key()
        app.menu.draw(self.view)
        app.dirty = True
        return ev, key

    def item(self, key, label_key=None, choices=None, index=0):
        if label_key:
            self.labels[key] = label_key
        return [key, self.app.t(label_key or key), choices, index]

    def on_off(self):
        return [self.app.t("off"), self.app.t("on")]


class Screen(MenuScreen):
    """Resume question, title, settings, player names and the pause menu."""

    def enter(self, name, *args):
        getattr(self, "go_" + name)(*args)

    # ------------------------------------------------------------------ resume question
    def go_resume_q(self):
        t = self.app.t
        self.show(Menu(t("resume_q"), [self.item("yes"), self.item("no")], self.app.help(*MENU_KEYS)))

    def on_resume_q(self, btn):
        ev, key = self.event(btn)
        if ev == "select" and key == "yes":
            self.resume()
        elif ev in ("select", "back"):
            self.app.go("title")

    def resume(self):
        self.app.go("table", "resume")

    # ------------------------------------------------------------------ title
    def go_title(self):
        app = self.app
        notice = app.say(app.notice) if app.notice else ""
        if len(notice) > self.view.chars:  # too long for the footer: a screen of its own first
            app.screen = "note"
            self.go_note(notice)
            return
        items = [self.item("continue")] if app.saved else []
        items += [self.item("new", "new_game"), self.item("replay", "replay_deal"), self.item("settings"),
                  self.item("rules"), self.item("stats"), self.item("about")]
        name = "/".join([app.t(k) for k in ("p_brisca", "p_briscola", "p_briskula")])
        self.show(Menu(name, items, notice or app.help(*MENU_KEYS)))
        app.notice = ""
        if app.leds_on():
            app.board.pixels(0)

    def on_title(self, btn):
        ev, key = self.event(btn)
        if ev != "select":
            return
        if key == "continue":
            self.resume()
        elif key == "new":
            self.app.go("setup")
        elif key == "replay":
            self.app.go("picker", "code")
        elif key in ("settings", "rules"):
            self.app.go(key, "title")
        elif key in ("stats", "about"):
            self.app.go(key)

    # ------------------------------------------------------------------ settings
    def go_settings(self, back=None):
        app = self.app
        if back is not None:
            app.settings_back = back
        s = app.settings
        oo = self.on_off()
        items = [self.item("lang", "language", list(LANG_NAMES), _index(LANG_CODES, s.language)),
                 self.item("deck", "deck", [app.t(k) for k in DECK_KEYS], _index(DECKS, s.deck))]
        for key, label, attr in ON_OFF:
            items.append(self.item(key, label, oo, 1 if getattr(s, attr) else 0))
        items += [self.item("names"), self.item("back")]
        self.show(Menu(app.t("settings"), items, app.help(*OPTION_KEYS)))

    def on_settings(self, btn):
        app = self.app
        ev, key = self.event(btn)
        s = app.settings
        if ev == "back":
            if app.settings_back == "pause":
                app.cue_trump()
                app.go("pause")
            else:
                app.go("title")
        elif ev == "change":
            val = app.menu.value(key)
            if key == "lang":
                app.set_language(LANG_CODES[val])
                self.go_settings()  # every text again, in the new language
                return
            if key == "deck":
                s.deck = DECKS[val]
            for k, _label, attr in ON_OFF:
                if k == key:
                    setattr(s, attr, bool(val))
            if key == "leds" and not val and app.board.has_pixels:
                app.board.pixels(0)
            app.save_settings()
        elif ev == "select" and key == "names":
            app.go("names", "settings")

    # ------------------------------------------------------------------ names
    def go_names(self, back=None):
        app = self.app
        if back is not None:
            app.names_back = back
        items = [["n%d" % i, app.t("player_n", i + 1) + ": " + app.human_name(i), None, 0] for i in range(2)]
        items.append(self.item("back"))
        self.show(Menu(app.t("names"), items, app.help(*MENU_KEYS)))

    def on_names(self, btn):
        app = self.app
        ev, key = self.event(btn)
        if ev == "back":
            if app.names_back == "setup":
                app.go("setup")
            else:
                app.go("settings")
        elif ev == "select" and key[0] == "n":
            app.go("picker", "name", int(key[1:]))

    # ------------------------------------------------------------------ a note (a long notice)
    def go_note(self, text):
        app = self.app
        app.notice = ""
        app.menu = None
        self.view.show(app.t("note"), self.view.lines([text]), -1, app.help("a:ok"))
        app.dirty = True

    def on_note(self, btn):
        if btn:
            self.app.go("title")

    # ------------------------------------------------------------------ out of memory
    def go_oom(self, where, free):
        """What code.py shows after a MemoryError it recovered from: where, how much was free."""
        app = self.app
        rows = [app.t("oom_on", where), app.t("oom_free", free) if free >= 0 else "", "",
                app.t("oom_saved") if app.saved else ""]
        self.view.show(app.t("oom"), rows, -1, app.help("a:ok"))
        app.menu = None
        app.dirty = True

    def on_oom(self, btn):
        if btn in (B.BTN_A, B.BTN_B, B.BTN_START):
            self.app.go("title")

    # ------------------------------------------------------------------ pause
    def go_pause(self):
        from brisca import core

        app = self.app
        g = app.game
        app.thinking = -1  # the AI restarts its (cheap) decision afterwards
        mine = g.phase == core.PLAY and g.turn in app.humans and not app.masked and (
            g.turn == app.holder or not app.multi)
        items = [self.item("resume")]
        if mine and not app.in_trick_pause:
            items.append(self.item("hint"))
        items.append(self.item("score"))
        if g.last_len:
            items.append(self.item("last", "last_trick"))
        items += [self.item("rules"), self.item("settings"), self.item("quit")]
        self.show(Menu(app.t("pause"), items, app.help(*MENU_KEYS)))

    def on_pause(self, btn):
        from brisca.ui import match

        app = self.app
        ev, key = self.event(btn)
        if ev == "back" or ev == "select" and key == "resume" or btn == B.BTN_START:
            match.back_to_game(app)
        elif ev == "select" and key == "hint":
            app.go("table", "hint")
        elif ev == "select" and key == "score":
            app.go("score")
        elif ev == "select" and key == "last":
            app.go("lasttrick", "pause")
        elif ev == "select" and key in ("rules", "settings"):
            app.go(key, "pause")
        elif ev == "select" and key == "quit":
            app.go("quit_q")

    def go_quit_q(self):
        t = self.app.t
        self.show(Menu(t("quit_q"), [self.item("yes"), self.item("no")], self.app.help(*MENU_KEYS)), "no")

    def on_quit_q(self, btn):
        from brisca import core

        app = self.app
        ev, key = self.event(btn)
        if ev == "select" and key == "yes":
            app.save_game()
            app.saved = app.game.to_bytes() if app.game.phase != core.MATCH_OVER else None
            app.go("title")
        elif ev is not None:
            app.go("pause")
