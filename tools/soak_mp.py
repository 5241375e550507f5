"""MicroPython side of tools/soak.py: AI-vs-AI games in a small heap, saving after every trick.

Usage (from a folder of compiled .mpy modules): micropython -X heapsize=32K soak_mp.py GAMES SEED
Each game is one deal on the next table in TABLES, with new AI players, as a board starts a game.
After every trick the game goes to a GameSlot (two-slot records in a bytearray standing in for
microcontroller.nvm). Once per game, at a trick chosen at random, the power "fails": the game,
its view and its players are dropped and rebuilt from the slot, which must give back the very
bytes saved.
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
from brisca.save.slots import LAYOUT_SIZE, GameSlot  # noqa: E402

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


def run_deal(table, rules, seed, slot, back, stop):
    """Play a new deal, or the one saved in `back`, with new players, saving after every trick,
    until trick `stop` is taken or the deal ends: (the bytes saved last, the deal's winners or
    None). Objects made here are gone once it returns, as a power cut loses them on a board."""
    seats = players_for(table, rules, seed)  # first: hard on 3+ players loads brisca.search
    g = core.Game.from_bytes(back) if back else core.Game(rules, seed)
    if back and g.to_bytes() != back:
        raise RuntimeError("the resumed game is not the saved one")
    view = core.View(rules)
    tricks = g.trick_no
    saved = back
    while g.phase < core.DEAL_OVER:
        g.apply(seats[g.turn].choose(g.view(g.turn, view)))
        COUNTS[2] += 1
        if g.trick_len == 0 and g.trick_no != tricks:  # a trick was just taken
            tricks = g.trick_no
            saved = g.to_bytes()
            if not slot.save_game(saved):
                raise RuntimeError("save failed: %s" % slot.notice)
            COUNTS[0] += 1
            if tricks == stop:
                return saved, None
    slot.save_game(None)  # the deal is over: nothing to resume
    return saved, g.deal_winners()


def play(game_no, seed, slot, rng):
    """One deal on the next table; the power fails after a trick chosen at random, and the deal
    goes on from what the slot gives back, which must be the very bytes saved."""
    table = TABLES[game_no % len(TABLES)]
    rules = core.Rules(table[0], 39 if table[0] == 3 else 40, table[1])
    saved, won = run_deal(table, rules, seed, slot, None, 1 + rng.below(40 // table[0] - 1))
    if won is not None:
        return won
    gc.collect()
    back = slot.load_game()
    if back != saved:
        raise RuntimeError("game %d: the slot gave back other bytes" % game_no)
    COUNTS[1] += 1
    return run_deal(table, rules, seed, slot, back, -1)[1]


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    slot = GameSlot(bytearray(LAYOUT_SIZE))  # microcontroller.nvm's stand-in (zeros: erased)
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
