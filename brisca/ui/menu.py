"""Menus: the model (Menu) and what every menu screen shares (MenuScreen); the screens are
brisca.ui.title, brisca.ui.options and brisca.ui.pause, each loaded only while it is shown.

Menus are data: an item is [key, label, choices or None, index]; a choice item changes with
Left/Right (and A), an action item runs with A; SELECT shows an option's explanation (its label's
text key + "_d") on a page of its own until the next key. Each menu screen remembers where its
cursor was (App.cursors) and offers only what does something where it is shown.
"""

from brisca.ui import board as B
from brisca.ui.listview import ListScreen
from brisca.ui.text import GOLD

DECK_KEYS = ("ds_es", "ds_it", "ds_hr", "ds_fr")  # brisca.save.settings.DECKS
LANG_CODES = ("en", "es", "it", "hr", "de", "pl")
LANG_NAMES = ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")
# settings screen: (key, label key, settings attribute) of the on/off options
ON_OFF = (("sound", "sound", "sound"), ("leds", "leds", "leds"), ("points", "o_points", "show_points"),
          ("out", "o_out", "show_cards_out"))


class Menu:
    """A scrolling list of items; an item is [key, label, choices or None, index].

    handle(btn) -> (event, key): ("change", key), ("select", key), ("back", None) or (None, None).
    `note`: a line of text shown under the list, over the help line (at 2x where it fits, else in
    up to two lines at 1x; the list gives up its rows for it while it is not None, even when it is
    ""). MenuScreen.note(text) sets it and redraws; note(None) gives the rows back.
    """

    def __init__(self, title, items, footer=""):
        self.title = title
        self.items = items
        self.footer = footer
        self.sel = 0
        self.top = 0
        self.message = ""
        self.short = {}  # key -> a shorter label, for a row too long with its value
        self.note = None

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
        # Every row at 2x where each label (or its shorter form) fits with its longest value, else 1x;
        # a row too long for the screen with its value takes its label's shorter form.
        need = 0
        for key, label, choices, _i in self.items:
            most = 0
            for c in choices or ():
                most = max(most, len(c) + 2)
            need = max(need, len(self.short.get(key, label)) + most)
        chars = view.chars // view.scale  # (a row at 2x, where the view draws so)
        if need > chars:
            chars = view.chars
        texts = []
        for key, label, choices, idx in self.items:
            value = ": " + choices[idx] if choices else ""
            if len(label) + len(value) > chars and key in self.short:
                label = self.short[key]
            texts.append(label + value)
        footer = self.message or self.footer
        self.top = view.show(self.title, texts, self.sel, footer, footer_color=GOLD if self.message else None,
                             top=self.top, note=self.note, width=need)


class MenuScreen(ListScreen):
    """What every menu screen shares: showing a Menu, reading its events, its remembered cursor."""

    def __init__(self, app):
        super().__init__(app)
        self.labels = {}  # menu key -> its label's text key, where they differ
        self.paged = False  # a page (an explanation, a reason) is over the menu until the next key

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
        if self.paged:  # any key takes a page away
            self.paged = False
            app.menu.draw(self.view)
            app.dirty = True
            return None, None
        if btn == B.BTN_SELECT:
            self.explain(app.menu.key())
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

    def note(self, text):
        """Show `text` under the menu on screen, over its help line (None: no note)."""
        self.app.menu.note = text
        self.app.menu.draw(self.view)
        self.app.dirty = True

    def explain(self, key):
        """The explanation of option `key` on a page (nothing for an action: it has none)."""
        label = self.labels.get(key, key)
        text = self.app.T.get(label + "_d") if self.app.T is not None else None
        if text and text != label + "_d":
            self.page(self.app.t(label), text)

    def page(self, title, text):
        """`text` under `title` on a page over the menu, until the next key."""
        self.view.show(title, self.view.lines([text]), -1, self.app.help("note"))
        self.paged = True
        self.app.dirty = True

    def item(self, key, label_key=None, choices=None, index=0):
        if label_key:
            self.labels[key] = label_key
        return [key, self.app.t(label_key or key), choices, index]

    def on_off(self):
        return [self.app.t("off"), self.app.t("on")]
