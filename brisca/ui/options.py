"""The settings menu and the players' names."""

from brisca.save.settings import DECKS, index_of
from brisca.ui.menu import DECK_KEYS, LANG_CODES, LANG_NAMES, ON_OFF, Menu, MenuScreen


class Screen(MenuScreen):
    """Settings and player names."""

    # ------------------------------------------------------------------ settings
    def go_settings(self, back=None):
        app = self.app
        if back is not None:
            app.settings_back = back
        s = app.settings
        oo = self.on_off()
        items = [self.item("lang", "language", list(LANG_NAMES), index_of(s.language, LANG_CODES, 0)),
                 self.item("deck", "deck", [app.t(k) for k in DECK_KEYS], index_of(s.deck, DECKS, 0))]
        for key, label, attr in ON_OFF:
            items.append(self.item(key, label, oo, 1 if getattr(s, attr) else 0))
        items += [self.item("names"), self.item("back")]
        self.show(Menu(app.t("settings"), items, app.help()))

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
            app.release(app.needs("options"))  # the settings' codecs, loaded to save them
            app.go("names", "settings")

    # ------------------------------------------------------------------ names
    def go_names(self, back=None):
        app = self.app
        if back is not None:
            app.names_back = back
        items = [["n%d" % i, app.t("player_n", i + 1) + ": " + app.human_name(i), None, 0] for i in range(2)]
        items.append(self.item("back"))
        self.show(Menu(app.t("names"), items, app.help()))

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
