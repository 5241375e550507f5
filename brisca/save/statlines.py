# Statistics as text lines (the stats screen, the exported stats.txt).
from brisca.save.settings import LEVELS, MODES


def stat_lines(stats):
    # One line per mode and level played, then the count of 4-0 "cesalj" matches. Pass and play
    # has no "you": its first player's wins are counted as wins, the second's as losses.
    lines = []
    for i in range(len(MODES) * 3):
        g, w, d, lost, cur, best = stats.get(i // 3, i % 3)
        if g and MODES[i // 3] == "two_humans":
            lines.append("%s %s: %d played, player 1 won %d, player 2 won %d, %d drawn"
                         % (MODES[i // 3], LEVELS[i % 3], g, w, lost, d))
        elif g:
            lines.append("%s %s: %d played, %d won, %d lost, %d drawn, streak %d (best %d)"
                         % (MODES[i // 3], LEVELS[i % 3], g, w, lost, d, cur, best))
    return (lines or ["No games played yet"]) + ["4-0 cesalj matches: %d" % stats.cesalj]
