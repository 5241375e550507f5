"""Pages of text: the rules, the statistics, and the score sheet of the game in progress."""

from brisca.ui import board as B
from brisca.ui.listview import ListScreen


class Screen(ListScreen):
    """Rules pages ("rules", back to "title" or "pause"), statistics ("stats"), score sheet ("score")."""

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def enter(self, name, back=None):
        self.page = 0
        if back is not None:
            self.app.rules_back = back
        getattr(self, "go_" + name)()

    # ------------------------------------------------------------------ rules
    def pages(self):
        T = self.app.T
        return (T.pages() if T is not None else 0) or 1

    def go_rules(self):
        # One page built at a time (all of them at once is about 5 KB of strings on a board).
        app = self.app
        n = self.pages()
        p = app.T.page(self.page % n) if app.T is not None else None
        if not p or len(p) < 2:
            p = ("Rules", "See RULES.md")
        rows = []
        for line in p[1:]:
            line = self.keyed(line)
            if line is not None:
                rows.append(line)
        self.view.show("%s %d/%d" % (p[0], self.page % n + 1, n), rows, -1,
                       app.help())
        app.dirty = True

    def keyed(self, line):
        """A rules line with its key ("{a}", "{st}", "{lr}": app.help's tokens) named as on this
        board ("A", "hold B", "<>"); None if the board has no such key."""
        at = line.find("{")
        if at < 0:
            return line
        from brisca.ui.app import KEY_TOKENS

        app = self.app
        end = line.find("}", at)
        token = line[at + 1:end]
        if token == "lr" and app.board.key_for(B.BTN_LEFT):
            label = "<>"
        else:
            key = app.board.key_for(KEY_TOKENS["r" if token == "lr" else token])
            if key is None:
                return None
            label = app.t("hk_hold", key[0]) if key[1] else key[0]
        return line[:at] + label + line[end + 1:]

    def on_rules(self, btn):
        app = self.app
        n = self.pages()
        if btn in (B.BTN_RIGHT, B.BTN_DOWN, B.BTN_A):
            if btn == B.BTN_A and app.board.two_buttons and self.page == n - 1:
                btn = B.BTN_B
            else:
                self.page = (self.page + 1) % n
                self.go_rules()
        if btn in (B.BTN_LEFT, B.BTN_UP):
            self.page = (self.page - 1) % n
            self.go_rules()
        elif btn in (B.BTN_B, B.BTN_START):
            app.go("pause" if app.rules_back == "pause" else "title")

    # ------------------------------------------------------------------ statistics
    def go_stats(self):
        app = self.app
        lines = []
        if app.store is not None:
            try:
                lines = self.stat_lines(app.store.load_stats())
            except Exception as e:
                print("stats:", e)
        # Where the records go: boot.py gives the drive to the game only with a key held.
        lines += ["", app.t("drive_on")] if app.drive else [
            "", app.t("drive_off"), app.t("drive_how", app.board.drive_key)]
        self.lines = self.view.lines(lines)  # a row each: scrolling moves a row at a time
        self.draw_stats()

    def stat_lines(self, stats):
        """Each mode (and AI level) played, in the current language, then the 4-0 matches. Pass
        and play has no "you" to win: its games, draws and each player's wins (the first's
        count as the wins, the second's as the losses), whatever the AI level was."""
        from brisca.save.settings import LEVELS, MODE_KEYS, MODES

        t = self.app.t
        lines = []
        for m in range(len(MODES)):
            hot = [0, 0, 0, 0]  # pass and play: games, first player's wins, draws, second's wins
            for lv in range(len(LEVELS)):
                games, wins, draws, lost, streak, best = stats.get(m, lv)
                if games and MODES[m] == "two_humans":
                    hot = [hot[0] + games, hot[1] + wins, hot[2] + draws, hot[3] + lost]
                elif games:
                    lines.append(t(MODE_KEYS[m]) + ", " + t(LEVELS[lv]))
                    lines.append("%s %d, %s %d, %s %d" % (t("st_games"), games, t("st_wins"), wins,
                                                        t("st_pct"), wins * 100 // games))
                    lines.append("%s %d, %s %d" % (t("st_streak"), streak, t("st_best"), best))
            if hot[0]:
                lines.append(t(MODE_KEYS[m]))
                lines.append("%s %d, %s %d" % (t("st_games"), hot[0], t("st_draws"), hot[2]))
                for i in (0, 1):
                    lines.append("%s: %s %d" % (t("player_n", i + 1), t("st_wins"), hot[1 + 2 * i]))
        return (lines or [t("st_none")]) + ["%s: %d" % (t("st_cesalj"), stats.cesalj)]

    def draw_stats(self):
        app = self.app
        self.page = self.view.show(app.t("stats"), self.lines, -1, app.help(), top=self.page)
        app.dirty = True

    def on_stats(self, btn):
        page = self.scrolled(btn, self.page, self.view.count)
        if page is not None:
            self.page = page
            self.draw_stats()

    # ------------------------------------------------------------------ score sheet
    def go_score(self):
        """Tricks each side has taken (their points too when the player shows points), the stock,
        and the match so far."""
        from brisca import core
        from brisca.ui import match

        app = self.app
        g = app.game
        r = g.rules
        tally, points = match.tally_texts(app)
        rows = [app.t("tricks") + (" / " + app.t("points") if points else "")]
        for side in range(r.sides):
            tricks = 0
            for seat in range(g.n):
                tricks += g.seat_tricks[seat] if r.side_of(seat) == side else 0
            extra = " / %d" % g.side_points(side) if points else ""
            rows.append("%s: %d%s" % (match.side_name(app, side), tricks, extra))
        rows += ["", app.t("stock", g.stock_left)]
        if tally:
            rows.append(app.t("deals_won" if r.match != core.MATCH_POINTS else "points") + " " + tally)
        self.view.show(app.t("score") + " - " + app.t("deal_n", g.deal_no + 1), rows, -1, app.help())
        app.dirty = True

    def on_score(self, btn):
        if btn:
            self.app.go("pause")
