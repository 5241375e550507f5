# Results over time: per mode and AI level games, wins, draws, current and best win streak,
# plus the count of 4-0 "cesalj" (comb) matches. Counters stop at 65535.
from array import array

from brisca.save.settings import LEVELS, MODES, index_of

RESULTS = ("win", "loss", "draw")


class Stats:
    def __init__(self):
        self.cells = array("H", bytes(180))  # 6 modes x 3 levels x (games, wins, draws, streak, best)
        self.cesalj = 0

    def _cell(self, mode, level):
        m = index_of(mode, MODES, -1)
        lv = index_of(level, LEVELS, -1)
        return -1 if m < 0 or lv < 0 else (m * 3 + lv) * 5

    def record(self, mode, level, result):
        # Count a finished match; result: "win", "loss" or "draw". Unknown values: ignored, False.
        c = self._cell(mode, level)
        r = index_of(result, RESULTS, -1)
        if c < 0 or r < 0:
            return False
        n = self.cells
        streak = min(n[c + 3] + 1, 0xFFFF) if r == 0 else 0
        n[c] = min(n[c] + 1, 0xFFFF)
        if r != 1:
            n[c + r // 2 + 1] = min(n[c + r // 2 + 1] + 1, 0xFFFF)  # wins (r=0) or draws (r=2)
        n[c + 3] = streak
        n[c + 4] = max(n[c + 4], streak)
        return True

    def record_cesalj(self):
        self.cesalj = min(self.cesalj + 1, 0xFFFF)

    def get(self, mode, level):
        # (games, wins, draws, losses, current streak, best streak).
        c = self._cell(mode, level)
        if c < 0:
            return (0, 0, 0, 0, 0, 0)
        g, w, d, cur, best = self.cells[c : c + 5]
        return (g, w, d, max(g - w - d, 0), cur, best)

    def as_lines(self):
        # Text lines for the statistics screen and the exported stats.txt.
        from brisca.save.statlines import stat_lines  # loaded only when shown

        return stat_lines(self)
