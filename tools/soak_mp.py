"""MicroPython side of tools/soak.py: AI-vs-AI games in a small heap, saving after every trick.

Usage (from a folder of compiled .mpy modules): micropython -X heapsize=32K soak_mp.py GAMES SEED
Each game is one deal on the next table in TABLES, with new AI players, as a board starts a game.
After every trick the game goes to a GameSlot (two-slot records in a bytearray standing in for
microcontroller.nvm). Once per game, at a trick chosen at random, the power "fails": the game and
its players are dropped and rebuilt from the slot, which must give back the very bytes saved.
After each game, with the heap collected, it prints "G <game> <free bytes> <probe>" where probe is
1 when a 4 KB block could still be allocated (no fragmentation failure). Last line: "DONE ...",
with the counts of games, moves, saves and resumes.
"""
import gc
import sys

gc.collect()
from brisca import core  # noqa: E402  (engine first, then collect: one free block, as code.py does)

gc.collect()
from brisca import ai  # noqa: E402

gc.collect()
from brisca.save.slots import GameSlot  # noqa: E402

gc.collect()

# (players, flags, level of seats 0 and 2.., level of seats 1 and 3..): the shapes a board plays.
TABLES = (
    (2, 0, "hard", "medium"),
    (2, core.F_EXCHANGE, "medium", "hard"),
    (3, 0, "medium", "easy"),
    (4, 0, "hard", "medium"),
    (2, core.F_NO_TRUMP | core.F_FOLLOW, "hard", "easy"),
)


COUNTS = [0, 0, 0]  # saves, resumes, moves


def players_for(table, rules, seed):
    return [ai.Player(rules, table[2 + s % 2], seed + s) for s in range(rules.players)]


def play(game_no, seed, slot, rng):
    table = TABLES[game_no % len(TABLES)]
    rules = core.Rules(table[0], 39 if table[0] == 3 else 40, table[1])
    g = core.Game(rules, seed)
    view = core.View(rules)
    seats = players_for(table, rules, seed)
    fail_at = 1 + rng.below(40 // table[0] - 1)  # the trick after which the power fails
    tricks = 0
    while g.phase < core.DEAL_OVER:
        g.apply(seats[g.turn].choose(g.view(g.turn, view)))
        COUNTS[2] += 1
        if g.trick_len == 0 and g.trick_no != tricks:  # a trick was just taken
            tricks = g.trick_no
            saved = g.to_bytes()
            if not slot.save_game(saved):
                raise RuntimeError("save failed: %s" % slot.notice)
            COUNTS[0] += 1
            if tricks == fail_at:
                g = seats = None
                gc.collect()
                back = slot.load_game()
                if back != saved:
                    raise RuntimeError("game %d: the slot gave back other bytes" % game_no)
                g = core.Game.from_bytes(back)
                COUNTS[1] += 1
                seats = players_for(table, g.rules, seed)
    slot.save_game(None)  # the deal is over: nothing to resume
    return g.deal_winners()


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    slot = GameSlot(bytearray(b"\xff" * 1024))
    rng = core.Random(seed)
    for i in range(games):
        play(i, seed * 7919 + i, slot, rng)
        gc.collect()
        free = gc.mem_free()
        try:
            probe = len(bytearray(4096)) // 4096
        except MemoryError:
            probe = 0
        gc.collect()
        print("G %d %d %d" % (i + 1, free, probe))
    print("DONE %d games, %d moves, %d saves, %d resumes" % (games, COUNTS[2], COUNTS[0], COUNTS[1]))


main()
