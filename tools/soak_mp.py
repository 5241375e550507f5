"""MicroPython side of tools/soak.py: AI-vs-AI games in a small heap, saving after every trick.

Each game is one deal on the next table in TABLES, with new AI players, as a board starts a game.
After every trick (unless saves=False) the game goes to a GameSlot (two-slot records over a stand-in for
microcontroller.nvm). Once per game, at a trick chosen at random, the power "fails": the game,
its view and its players are dropped and rebuilt from the slot, which must give back the very
bytes saved.

The work comes in steps (a deal's players, game, view, or one move) so that a driver may collect the heap
between them: tools/mp32/soak.mjs runs it on MicroPython's 32-bit WebAssembly port, which collects
only between calls from JavaScript. On the unix port, run() drives it:

    micropython -X heapsize=58K -c "import soak_mp; soak_mp.run(GAMES, SEED)"   (in a folder of .mpy)

printing "G <game> <free bytes> <probe>" after each game (probe 1: a 4 KB block could still be
allocated, no fragmentation failure), then "DONE ..." with the counts of games, moves, saves and
resumes.
"""
import gc
import sys

gc.collect()
from brisca import core  # noqa: E402  (engine first, then collect: one free block, as code.py does)

gc.collect()
from brisca import ai  # noqa: E402

gc.collect()

# (players, flags, level of seats 0 and 2.., level of seats 1 and 3..): the shapes a board plays.
TABLES = (
    (2, 0, "hard", "medium"),
    (2, core.F_EXCHANGE, "medium", "hard"),
    (3, 0, "medium", "easy"),
    (4, 0, "hard", "medium"),  # hard on 3+ players loads brisca.search (start(search=False): medium)
    (2, core.F_NO_TRUMP | core.F_FOLLOW, "hard", "easy"),
)
# Soak.step()'s answers
MOVE = 0
CUT = 1  # the power failed: the game, its view and players are gone; collect before the next step
GAME_OVER = 2
DONE = 3


class Soak:
    """`games` games from `seed`, saving into `nvm` (a bytearray-like of LAYOUT_SIZE bytes, erased;
    a new bytearray if None). search=False: medium plays for hard on 3+ players, so brisca.search is
    never loaded. saves=False: whole games with no saving and no power cut (the AI's heap alone)."""

    def __init__(self, games, seed, nvm=None, search=True, saves=True):
        self.games = games
        self.seed = seed
        self.slot = None
        if saves:
            gc.collect()
            from brisca.save.slots import LAYOUT_SIZE, GameSlot

            self.slot = GameSlot(nvm if nvm is not None else bytearray(LAYOUT_SIZE))
        self.rng = core.Random(seed)
        self.tables = TABLES if search else [
            t if t[0] == 2 else t[:2] + tuple("medium" if x == "hard" else x for x in t[2:]) for t in TABLES]
        self.done = self.moves = self.saves = self.resumes = 0
        self.players = self.game = self.view = self.saved = None
        self.resuming = False
        self.cut_at = self.tricks = 0  # the trick after which the power fails; tricks taken so far

    def step(self):
        """A deal's players, its game (new, or resumed from the slot), its view, or one move: MOVE,
        CUT, GAME_OVER or DONE."""
        if self.done >= self.games:
            return DONE
        table = self.tables[self.done % len(TABLES)]
        seed = self.seed * 7919 + self.done
        if self.players is None:
            # Players first: a hard one on 3+ players loads brisca.search before the game's buffers.
            rules = core.Rules(table[0], 39 if table[0] == 3 else 40, table[1])
            self.players = [ai.Player(rules, table[2 + s % 2], seed + s) for s in range(rules.players)]
            return MOVE
        g = self.game
        if g is None:
            if self.resuming:
                if "brisca._saved" not in sys.modules:  # Game.from_bytes' module, in a step of its own:
                    gc.collect()  # the app's shell collects before it imports, as code.py does
                    import brisca._saved  # noqa: F401
                    return MOVE
                back = self.slot.load_game()
                if back != self.saved:
                    raise RuntimeError("game %d: the slot gave back other bytes" % self.done)
                g = core.Game.from_bytes(back)
                if g.to_bytes() != back:
                    raise RuntimeError("game %d: the resumed game is not the saved one" % self.done)
                self.cut_at = -1
                self.resumes += 1
                release("brisca._saved")  # as the app's shell does at the next screen change
            else:
                g = core.Game(self.players[0].rules, seed)
                self.cut_at = 1 + self.rng.below(40 // table[0] - 1)
            self.game = g
            self.tricks = g.trick_no
            return MOVE
        if self.view is None:
            self.view = core.View(g.rules)
            return MOVE
        g.apply(self.players[g.turn].choose(g.view(g.turn, self.view)))
        self.moves += 1
        if g.phase >= core.DEAL_OVER:
            if self.slot is not None:
                self.slot.save_game(None)  # the deal is over: nothing to resume
            self.players = self.game = self.view = self.saved = None
            self.done += 1
            self.resuming = False
            return GAME_OVER
        if self.slot is not None and g.trick_len == 0 and g.trick_no != self.tricks:  # a trick was just taken
            self.tricks = g.trick_no
            self.saved = g.to_bytes()
            if not self.slot.save_game(self.saved):
                raise RuntimeError("save failed: %s" % self.slot.notice)
            self.saves += 1
            if self.tricks == self.cut_at:
                self.players = self.game = self.view = None
                self.resuming = True
                return CUT
        return MOVE

    def done_line(self):
        return "DONE %d games, %d moves, %d saves, %d resumes" % (self.done, self.moves, self.saves, self.resumes)


def release(name):
    """Forget module `name` (brisca.ui.app's unload, which this soak leaves out with the UI)."""
    sys.modules.pop(name, None)
    try:
        delattr(sys.modules["brisca"], name.split(".")[-1])
    except (AttributeError, KeyError):
        pass


def probe():
    """1 if a 4 KB block can still be allocated, else 0."""
    try:
        return len(bytearray(4096)) // 4096
    except MemoryError:
        return 0


def run(games=1000, seed=1, search=True, saves=True):
    """The unix port's driver: every game to its end, the heap measured after each."""
    soak = Soak(games, seed, None, search, saves)
    while True:
        r = soak.step()
        if r == CUT:
            gc.collect()
        elif r == GAME_OVER:
            gc.collect()
            free = gc.mem_free()
            p = probe()
            gc.collect()
            print("G %d %d %d" % (soak.done, free, p))
        elif r == DONE:
            break
    print(soak.done_line())
