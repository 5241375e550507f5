"""The title menu, the resume question, a long notice and the out-of-memory screen."""

from brisca.ui import board as B
from brisca.ui.menu import Menu, MenuScreen


class Screen(MenuScreen):
    """Resume question, title, a long notice, out of memory."""

    # ------------------------------------------------------------------ resume question
    def go_resume_q(self):
        t = self.app.t
        self.show(Menu(t("resume_q"), [self.item("yes"), self.item("no")], self.app.help()))

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
        self.show(Menu(name, items, notice or app.help()))
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

    # ------------------------------------------------------------------ a note (a long notice)
    def go_note(self, text):
        app = self.app
        app.notice = ""
        app.menu = None
        self.view.show(app.t("note"), self.view.lines([text]), -1, app.help())
        app.dirty = True

    def on_note(self, btn):
        if btn:
            self.app.go("title")

    # ------------------------------------------------------------------ out of memory
    def go_oom(self, where, free):
        """What code.py shows after a MemoryError it recovered from: where, how much was free."""
        app = self.app
        # the screen in words: its own title's text, or "sc_" + its name's
        where = app.t(where if app.T is not None and where in app.T else "sc_" + where)
        rows = [app.t("oom_on", where), app.t("oom_free", free) if free >= 0 else "", "",
                app.t("oom_saved") if app.saved else ""]
        self.view.show(app.t("oom"), rows, -1, app.help())
        app.menu = None
        app.dirty = True

    def on_oom(self, btn):
        if btn in (B.BTN_A, B.BTN_B, B.BTN_START):
            self.app.go("title")
