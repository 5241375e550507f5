"""The pause menu and the question before quitting a game."""

from brisca.ui import board as B
from brisca.ui.menu import Menu, MenuScreen


class Screen(MenuScreen):
    """The pause menu and the quit question."""

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
        self.show(Menu(app.t("pause"), items, app.help()))

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
        self.show(Menu(t("quit_q"), [self.item("yes"), self.item("no")], self.app.help()), "no")

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
