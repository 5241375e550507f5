"""Menus: the model (Menu) and what every menu screen shares (MenuScreen); the screens are
brisca.ui.title, brisca.ui.options and brisca.ui.pause, each loaded only while it is shown.

Menus are data: an item is [key, label, choices or None, index]; a choice item changes with
Left/Right (and A), an action item runs with A. Each menu screen remembers where its cursor was
(App.cursors) and offers only what does something where it is shown.
"""

from brisca.ui import board as B
from brisca.ui.listview import ListScreen
from brisca.ui.text import GOLD

DECK_KEYS = ("ds_es", "ds_it", "ds_fr")
LANG_CODES = ("en", "es", "it", "hr", "de", "pl")
LANG_NAMES = ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")
# settings screen: (key, label key, settings attribute) of the on/off options
ON_OFF = (("sound", "sound", "sound"), ("leds", "leds", "leds"), ("points", "o_points", "show_points"),
          ("out", "o_out", "show_cards_out"))


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


class MenuScreen(ListScreen):
    """What every menu screen shares: showing a Menu, reading its events, its remembered cursor."""

    def __init__(self, app):
        super().__init__(app)
        self.labels = {}  # menu key -> its label's text key, where they differ

    def show(self, menu, start=None):
        """Put `menu` on screen with its cursor where it was last (else on item `start`)."""
        app = self.app
        if app.board.two_buttons and menu.find("back") < 0 and menu.find("no") < 0 and app.screen != "title":
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
