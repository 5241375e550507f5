"""The game's screen: turns, the AI thinking, hints, the trump exchange, the trick-winner moment,
the last trick and the handover between two humans (drawn by brisca.ui.tableview)."""

from brisca import core
from brisca.ui import board as B
from brisca.ui import match
from brisca.ui.text import GOLD, TEXT, TITLE


def sheet_style(app):
    """The card sheet for the deck setting (Croatian cards have the Italian pips; the French 32-card
    pack has sheets of its own)."""
    deck = {"italian": "italian", "croatian": "italian", "french": "french"}.get(app.settings.deck, "spanish")
    if deck == "french" and app.game is not None and app.game.rules.deck == 32:
        return "french32"
    return deck


class Screen:
    """"table" (what to do next: a human's turn, an AI thinking, the trick-winner moment),
    "handover" (seat: the board goes to that human) and "lasttrick" (back: "table" or "pause")."""

    def __init__(self, app):
        self.app = app
        self.view = None  # made for the game's table on entry
        self.think_t0 = 0
        self.back = "table"
        self.unseen = bytearray(40)

    def close(self):
        if self.view is not None:
            self.app.root.remove(self.view.group)
            self.view.close()
            self.view = None

    def enter(self, name, arg=None):
        """arg: "start" (sit down at app.game), "resume" (the saved game), "hint" (show one); the
        handover's seat; the last trick's way back."""
        app = self.app
        if arg in ("start", "resume"):  # (brisca.ui.seating: loaded for this, let go after)
            from brisca.ui import seating
            from brisca.ui.app import unload

            sat = seating.seat(app) if arg == "start" else seating.resume(app)
            unload("brisca.ui.seating")
            if not sat:
                app.go("title")
                return
            app.cue_trump()
        if self.view is None:
            from brisca.ui.tableview import TableView  # (loaded: the app imports it after this module)

            self.view = TableView(app.W, app.H, sheet_style(app), app.font, app.assets, app.game.rules)
            app.table = self.view
            app.root.append(self.view.group)
        self.view.uncover()
        if name == "handover":
            app.handover_to = arg
            app.masked = True
            self.view.cover(app.t("pass_to", app.names[arg]), app.help(width=self.view.info.cols))
        elif name == "lasttrick":
            self.back = arg or "table"
        elif arg == "hint" and not match.hint(app):
            app.status = app.t("hint") + ": -"
            app.status_color = None

    def step(self, btn):
        return getattr(self, "on_" + self.app.screen)(btn)

    # ------------------------------------------------------------------ the table
    def on_table(self, btn):
        app = self.app
        g = app.game
        now = app.board.ticks_ms()
        if app.in_trick_pause:
            if btn or app.board.ticks_diff(now, app.pause_t0) >= app.trick_ms:
                app.in_trick_pause = False
                app.status = ""
                app.dirty = True
                if btn == B.BTN_START:
                    app.go("pause")
                elif g.phase >= core.DEAL_OVER:
                    app.go("deal_over")
                return False
            return True
        if g.phase == core.DEAL_OVER or g.phase == core.MATCH_OVER:
            app.go("deal_over")
            return False
        seat = g.turn
        if seat in app.humans:
            if app.multi and seat != app.holder:
                app.go("handover", seat)
                return False
            return match.human(app, btn, seat)
        return self.ai_turn(btn, seat, now)

    def turn_text(self, seat):
        app = self.app
        if not app.multi and seat == app.humans[0]:
            return app.t("your_turn")
        return app.t("turn_of", app.names[seat])

    def ai_turn(self, btn, seat, now):
        app = self.app
        g = app.game
        if btn == B.BTN_START:
            app.go("pause")
            return False
        p = app.players[seat]
        progress = self.view.progress
        if app.thinking != seat:
            p.start(g.view(seat, into=app.seat_view), app.ai_budget_ms)  # None: the level's own cap
            app.thinking = seat
            self.think_t0 = now
            if app.status_color != TITLE:  # (seating's notice of a failed AI stays over the trick)
                app.status = self.turn_text(seat)
                app.status_color = None
            progress.set(0)
            app.dirty = True
            return True
        done = p.step(app.ai_step_ms)
        pr = p.progress()
        if app.ai_min_ms:
            waited = 100 * app.board.ticks_diff(now, self.think_t0) // app.ai_min_ms
            pr = min(pr, waited) if waited < 100 else pr
            done = done and waited >= 100
        if progress.set(pr):
            app.dirty = True
        if not done:
            return True
        app.thinking = -1
        progress.hide()
        action = p.result()
        if action not in g.legal_actions():  # never trust a move blindly
            action = g.legal_actions()[0]
        match.act(app, action)
        if action == core.EXCHANGE:  # the face-up card changed hands: say so, and give time to see it
            app.status = app.t("exchanged", app.names[seat])
            app.status_color = GOLD
            app.in_trick_pause = True
            app.pause_t0 = now
        return True

    def draw(self):
        app = self.app
        if app.screen == "handover" or self.view is None:
            return
        g = app.game
        t = self.view
        if app.holder is None:
            viewer = app.humans[0]
            faces = 0
        else:
            viewer = app.holder
            faces = 0 if app.masked else g.visible_hands(viewer)
        tally, points = match.tally_texts(app)
        seat = g.turn
        mine = seat == app.holder and not app.masked and seat in app.humans
        status, color, info = self._status(g, t, seat, mine)
        if len(info) > t.info.cols:
            info = info.replace("  ", " ")
        t.set_status(status, color if color is not None else TEXT)
        sel = app.sel if mine and g.phase == core.PLAY and app.screen == "table" else -1
        last = app.screen == "lasttrick" or app.in_trick_pause and not g.trick_len
        tally, points = match.corner(app, g.rules.match == core.MATCH_POINTS, tally, points, t.tally.cols)
        t.show(g, viewer, faces, sel, 1 if last else 0, app.hint_card, tally, points, info, app.t("trump"))
        if app.thinking < 0:
            t.progress.hide()

    def _status(self, g, t, seat, mine):
        """The status line (its text and colour; None: the text colour) and the info line (draw()'s
        part: a board that compiles this module from source holds one part at a time)."""
        app = self.app
        info = ""
        status, color = app.status, app.status_color
        if app.screen == "lasttrick":
            status, color = app.t("last_trick"), None
            if g.last_len:
                status = status + ": " + app.names[g.last_winner]
            info = app.help(width=t.info.cols)
        elif app.in_trick_pause:
            pass
        elif g.phase == core.EXCHANGE_PHASE and mine and g.exchange_card(seat) != core.NO_CARD:
            # The card by its name on the art: rank 6, the Seven, is the French 32-card pack's 9.
            ex = g.exchange_card(seat) % 10
            status = app.t("exch_q2" if ex != 6 else "exch_q9" if t.style == "french32" else "exch_q7")
            color = GOLD
            info = app.help("exchange", t.info.cols)
        elif not status and g.phase <= core.EXCHANGE_PHASE and seat < g.n:
            status, color = self.turn_text(seat), None
        if not info and mine and g.phase == core.PLAY:
            if app.settings.show_cards_out:
                v = g.view(seat, into=app.seat_view)
                buf = self.unseen
                n = v.unseen_into(buf)
                trumps = 0
                for i in range(n):
                    if buf[i] // 10 == g.trump_suit:
                        trumps += 1
                info = "%s %d  %s" % (app.t("cards_out"), n, app.t("trumps_out", trumps))
            elif g.deal_no == 0 and g.trick_no < 2:
                info = app.help(width=t.info.cols)
        return status, color, info

    # ------------------------------------------------------------------ handover, last trick
    def on_handover(self, btn):
        app = self.app
        if btn == B.BTN_A:
            app.holder = app.handover_to
            app.masked = False
            app.status = ""
            app.turn_token = -1
            app.go("table")
        elif btn == B.BTN_START:
            app.go("pause")
        return False

    def on_lasttrick(self, btn):
        if btn:
            self.app.go("pause" if self.back == "pause" else "table")
        return False
