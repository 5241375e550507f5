"""MicroPython side of tools/soak.py: AI-vs-AI games in a small heap, saving after every trick.

Each game is one deal on the next table in TABLES, with new AI players, as a board starts a game.
After every trick the game goes to a GameSlot (two-slot records over a stand-in for
microcontroller.nvm). Once per game, at a trick chosen at random, the power "fails": the game,
its view and its players are dropped and rebuilt from the slot, which must give back the very
bytes saved.

The work comes in steps (a deal's start, or one move) so that a driver may collect the heap
between them: tools/mp32/soak.mjs runs it on MicroPython's 32-bit WebAssembly port, which collects
only between calls from JavaScript. On the unix port, run() drives it:

    micropython -X heapsize=52K -c "import soak_mp; soak_mp.run(GAMES, SEED)"   (in a folder of .mpy)

printing "G <game> <free bytes> <probe>" after each game (probe 1: a 4 KB block could still be
allocated, no fragmentation failure), then "DONE ..." with the counts of games, moves, saves and
resumes.
"""
import gc

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
    (4, 0, "hard", "medium"),  # hard on 3+ players loads brisca.search (start(search=False): medium)
    (2, core.F_NO_TRUMP | core.F_FOLLOW, "hard", "easy"),
)
# step()'s answers
MOVE = 0
CUT = 1  # the power failed: the game, its view and players are gone; collect before the next step
GAME_OVER = 2
DONE = 3

# Counts: 0 games done, 1 games wanted, 2 seed, 3 power-cut trick, 4 tricks seen, 5 saves,
# 6 resumes, 7 moves, 8 resuming?
COUNT = [0] * 9
# Objects: 0 slot, 1 the soak's random generator, 2 game, 3 view, 4 players, 5 the bytes saved
# last, 6 the tables played
HELD = [None] * 7


def start(games, seed, nvm=None, search=True):
    """Soak `games` games from `seed`, saving into `nvm` (a bytearray-like of LAYOUT_SIZE bytes,
    erased; a new bytearray if None). search=False: medium plays for hard on 3+ players, so
    brisca.search is never loaded."""
    COUNT[:] = [0, games, seed, 0, 0, 0, 0, 0, 0]
    HELD[:] = [GameSlot(nvm if nvm is not None else bytearray(LAYOUT_SIZE)), core.Random(seed), None, None, None, None,
            TABLES if search else [t if t[0] == 2 else t[:2] + tuple("medium" if x == "hard" else x for x in t[2:])
                                   for t in TABLES]]


def step():
    """One step of the soak: a deal's players, its game (new, or resumed from the slot), its view,
    or one move. MOVE, CUT, GAME_OVER or DONE."""
    if COUNT[0] >= COUNT[1]:
        return DONE
    table = HELD[6][COUNT[0] % len(TABLES)]
    if HELD[4] is None:
        # Players first: a hard one on 3+ players loads brisca.search before the game's buffers.
        rules = core.Rules(table[0], 39 if table[0] == 3 else 40, table[1])
        seed = COUNT[2] * 7919 + COUNT[0]
        HELD[4] = [ai.Player(rules, table[2 + s % 2], seed + s) for s in range(rules.players)]
        return MOVE
    g = HELD[2]
    if g is None:
        if COUNT[8]:
            back = HELD[0].load_game()
            if back != HELD[5]:
                raise RuntimeError("game %d: the slot gave back other bytes" % COUNT[0])
            g = core.Game.from_bytes(back)
            if g.to_bytes() != back:
                raise RuntimeError("game %d: the resumed game is not the saved one" % COUNT[0])
            COUNT[3] = -1
            COUNT[6] += 1
        else:
            g = core.Game(HELD[4][0].rules, COUNT[2] * 7919 + COUNT[0])
            COUNT[3] = 1 + HELD[1].below(40 // table[0] - 1)
        HELD[2] = g
        COUNT[4] = g.trick_no
        return MOVE
    if HELD[3] is None:
        HELD[3] = core.View(g.rules)
        return MOVE
    g.apply(HELD[4][g.turn].choose(g.view(g.turn, HELD[3])))
    COUNT[7] += 1
    if g.phase >= core.DEAL_OVER:
        HELD[0].save_game(None)  # the deal is over: nothing to resume
        HELD[2] = HELD[3] = HELD[4] = HELD[5] = None
        COUNT[0] += 1
        COUNT[8] = 0
        return GAME_OVER
    if g.trick_len == 0 and g.trick_no != COUNT[4]:  # a trick was just taken
        COUNT[4] = g.trick_no
        HELD[5] = g.to_bytes()
        if not HELD[0].save_game(HELD[5]):
            raise RuntimeError("save failed: %s" % HELD[0].notice)
        COUNT[5] += 1
        if COUNT[4] == COUNT[3]:
            HELD[2] = HELD[3] = HELD[4] = None
            COUNT[8] = 1
            return CUT
    return MOVE


def probe():
    """1 if a 4 KB block can still be allocated, else 0."""
    try:
        return len(bytearray(4096)) // 4096
    except MemoryError:
        return 0


def done_line():
    return "DONE %d games, %d moves, %d saves, %d resumes" % (COUNT[0], COUNT[7], COUNT[5], COUNT[6])


def run(games=1000, seed=1, search=True):
    """The unix port's driver: every game to its end, the heap measured after each."""
    start(games, seed, None, search)
    while True:
        r = step()
        if r == CUT:
            gc.collect()
        elif r == GAME_OVER:
            gc.collect()
            free = gc.mem_free()
            p = probe()
            gc.collect()
            print("G %d %d %d" % (COUNT[0], free, p))
        elif r == DONE:
            break
    print(done_line())
