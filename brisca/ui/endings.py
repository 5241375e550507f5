"""The end of a deal (its points, who won it, the match so far, its replay code, its record on the
drive) and the end of the match (the result, statistics, play again or exit)."""

from brisca import core
from brisca.ui import board as B
from brisca.ui import match
from brisca.ui.listview import ListScreen


def of_side(app, key, *args):
    """Text `key` said of a side (won_deal, won_match, you_won, you_lost): its plural form, key +
    "_p", where the sides are teams (4 or 6 players): "IA 1 y IA 2 ganan", not "gana"."""
    return app.t(key + "_p" if app.game.rules.players > 3 else key, *args)


class Screen(ListScreen):
    """"deal_over" and "result"."""

    def __init__(self, app):
        super().__init__(app)
        self.sel = 0

    # ------------------------------------------------------------------ deal over
    def go_deal_over(self):
        app = self.app
        g = app.game
        r = g.rules
        rows = []
        for s in range(r.sides):
            rows.append("%s: %d" % (match.side_name(app, s), g.side_points(s)))
        won = g.deal_winners()
        if won == 0:
            rows.append(app.t("draw6060") if r.tie == core.TIE_DRAW else app.t("annulled"))
        else:
            for s in range(r.sides):
                if won >> s & 1:
                    rows.append(of_side(app, "won_deal", match.side_name(app, s)))
        tally, _p = match.tally_texts(app)
        if tally:
            rows.append("")
            rows.append(app.t("deals_won" if r.match != core.MATCH_POINTS else "points") + " " + tally)
        from brisca.replay import replay_code  # this deal on another board: title menu, Replay

        code, word = replay_code(g), app.t("code_word")
        rows += [word + " " + code] if len(word) + 1 + len(code) <= self.view.chars - 1 else [word, code]
        if app.drive:
            rows.append(self.export_deal())
        title = app.t("deal_over") + " - " + app.t("deal_n", g.deal_no + 1)
        self.view.show(title, rows, -1, app.help())
        app.dirty = True

    def export_deal(self):
        """Write the deal just finished to the drive (once) as its record; the row that says so."""
        app = self.app
        g = app.game
        if app.exported is None or app.exported[0] is not g or app.exported[1] != g.deal_no:
            from brisca import export
            from brisca._records import record

            r = g.rules
            lines = ["Brisca deal %d: %s" % (g.deal_no + 1, ", ".join(app.names[:g.n])),
                     record(g),
                     " - ".join(["%s %d" % (match.side_name(app, s), g.side_points(s)) for s in range(r.sides)])]
            ok, message = export.write_record(lines, app.drive)
            print(message)
            row = app.t("rec_saved", message.split("/")[-1]) if ok else app.t("rec_failed")
            app.exported = (g, g.deal_no, row)
        return app.exported[2]

    def on_deal_over(self, btn):
        app = self.app
        g = app.game
        if btn == B.BTN_A:
            if g.phase == core.MATCH_OVER:
                self.finish_match()
                app.go("result")
            else:
                g.apply(core.NEXT_DEAL)
                app.save_game()
                app.cue_trump()
                app.status = ""
                app.turn_token = -1
                app.go("table")
        elif btn in (B.BTN_B, B.BTN_START):
            app.go("pause")

    def finish_match(self):
        app = self.app
        g = app.game
        app.store_call("save_game", None)
        if app.store is None:
            return
        try:
            from brisca.save.settings import MODES

            st = app.store.load_stats()
            result = match.human_result(app)
            st.record(MODES[app.mode], app.level, result)
            if result == "win" and g.rules.match == core.MATCH_WINS and g.rules.target == 4:
                side = g.rules.side_of(app.humans[0])
                others = 0  # deals every other side won (3 players: two others)
                for s in range(g.rules.sides):
                    if s != side:
                        others += g.tally[s]
                if others == 0 and g.tally[side] == 4:
                    st.record_cesalj()
            app.store_call("save_stats", st)
            if app.drive:
                from brisca import export

                print(export.write_stats(st.as_lines(), app.drive)[1])
        except Exception as e:
            print("stats:", e)

    # ------------------------------------------------------------------ match result
    def go_result(self):
        self.sel = 0
        self.draw_result()

    def draw_result(self):
        app = self.app
        g = app.game
        w = g.match_winners
        if w == 0 or w & (w - 1):  # shared: a 60-60 one-deal match, or sides level at the end
            if g.rules.sides == 2 and g.rules.match == core.MATCH_ONE:
                line = app.t("draw6060")
            else:
                names = [match.side_name(app, s) for s in range(g.rules.sides) if w >> s & 1]
                line = app.t("t_draw") + (": " + " / ".join(names) if names else "")
        elif not app.multi:
            line = of_side(app, "you_won" if match.human_result(app) == "win" else "you_lost")
        else:
            side = 0
            while not w >> side & 1:
                side += 1
            line = of_side(app, "won_match", match.side_name(app, side))
        rows = [line]
        if w and not app.multi and match.human_result(app) == "loss":
            side = 0
            while not w >> side & 1:
                side += 1
            rows.append(of_side(app, "won_match", match.side_name(app, side)))
        tally, _p = match.tally_texts(app)
        rows.append(tally and app.t("deals_won" if g.rules.match != core.MATCH_POINTS else "points") + " " + tally)
        rows = self.view.lines(rows)  # (a team's names may need two rows)
        rows.append("")
        first = len(rows)
        rows.append(app.t("play_again"))
        rows.append(app.t("exit"))
        self.view.show(app.t("match"), rows, first + self.sel, app.help(), center=True)
        app.dirty = True

    def on_result(self, btn):
        app = self.app
        if btn in (B.BTN_UP, B.BTN_DOWN, B.BTN_LEFT, B.BTN_RIGHT):
            self.sel = 1 - self.sel
            self.draw_result()
        elif btn == B.BTN_A:
            if self.sel == 0:
                from brisca.ui import seating

                seating.new_game(app, app.last_rules, app.last_dealer + 1)
            else:
                app.go("title")
        elif btn == B.BTN_B:
            app.go("title")
