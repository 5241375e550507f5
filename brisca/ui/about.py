"""About this board: what a maker reports (README, the issue template): the runtime and board, the
heap (free now, the least after a screen change this session, the largest block), a 2-second speed
check that calibrates the AI's time (not in the simulator, whose speed is its computer's), the
saved records; with the drive given to the game, the same lines in diag.txt."""

from brisca import diag
from brisca.ui.listview import ListScreen


class Screen(ListScreen):
    """"about": measured on the poll after it first shows (the speed check takes 2 seconds)."""

    def __init__(self, app):
        super().__init__(app)
        self.lines = []
        self.top = 0
        self.measured = False

    def enter(self, name):
        self.lines = [self.app.t("ab_wait")]
        self.show()

    def show(self):
        app = self.app
        self.top = self.view.show(app.t("about"), self.lines, -1, app.help(), top=self.top)
        app.dirty = True

    def step(self, btn):
        if not self.measured:
            self.measured = True
            self.lines = self.measure()
            self.show()
            return False
        top = self.scrolled(btn, self.top, self.view.count)
        if top is not None:
            self.top = top
            self.show()
        return False

    def measure(self):
        """The report's lines (and diag.txt on a drive the game may write)."""
        app = self.app
        t = app.t
        sim = getattr(app.board, "simulated", False)  # (tools/sim.py: no board's speed to measure)
        moves = 0 if sim else diag.speed(2000, app.board.ticks_ms, app.board.ticks_diff)
        pct = moves * 100 // diag.PYBADGE
        if pct != app.settings.speed and not sim:
            app.settings.speed = pct
            app.save_settings()
        free = diag.free()
        least = min(free, app.least_free) if app.least_free >= 0 else free
        lines = [diag.runtime(), app.board.profile.title]
        lines += [t("ab_free", free), t("ab_least", least), t("ab_block", diag.largest_block(free))] if (
            free >= 0) else [t("ab_free_na")]
        lines += [t("ab_sim")] if sim else [t("ab_speed", pct), t("ab_ai", diag.time_scale(moves))]
        lines.append(t("ab_saves"))
        kind = 0
        for seq, n in diag.slots(app.store):
            lines.append("  " + t("ab_slot", t("sk_%d" % kind), seq, n) if n >= 0 else "  %s: -" % t("sk_%d" % kind))
            kind += 1
        damaged = getattr(app.store, "damaged", None)
        if damaged:
            lines.append(app.say("sn_damaged|" + ",".join([str(k) for k in damaged])))
        if app.drive:
            from brisca import export

            ok, message = export.write_file(export.DIAG_FILE, lines, app.drive)
            lines += ["", t("rec_saved", export.DIAG_FILE) if ok else message]
        else:
            lines += ["", t("drive_off"), t("drive_how", app.board.drive_key)]
        return lines
