"""`make screenshots`: drive the real app headless through every screen on each screen size.

Writes docs/screenshots/<board>/<screen>.png (scaled up for the README) and docs/game-strip.png (the
first tricks of a game vs the AI, side by side). The app (brisca.ui.app.App) runs on a headless
SimBoard with a RAM save store and a fixed seed; the driver reads app.screen and app.menu to decide
which logical button to press next (so menu reordering does not break it) and saves a frame the
first time each screen shows.

    make screenshots                                  all sizes
    make screenshots ARGS="--board clue --out /tmp/shots"
A screen that cannot be reached is reported (exit 1) and the others are still saved.
"""

import argparse
import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from brisca import core  # noqa: E402 - after the SDL settings and sys.path above
from brisca.ui import board as B  # noqa: E402
from tools.sim import SimBoard  # noqa: E402

# one board per screen size, with the scale used for the README
BOARDS = (("pybadge", 3), ("clue", 2), ("s3_reverse_tft", 2))
SCREENS = ("title", "settings", "rules", "rules_2", "stats", "setup", "names", "picker", "code", "table",
           "hint", "trick", "lasttrick", "pause", "score", "deal_over", "result", "resume_q", "handover")
STRIP_FRAMES = 6
SEED = 20241
MAX_STEPS = 20000


class Unreachable(Exception):
    """The driver could not get the app to the screen it wanted."""


class Driver:
    """One app on one headless SimBoard, with helpers that press buttons until something shows."""

    def __init__(self, board_name, out_dir, scale):
        from brisca.save.store import SaveData
        from brisca.ui import app as app_mod

        self.app_mod = app_mod
        self.sim = SimBoard(board_name, headless=True)
        self.store = SaveData(bytearray(b"\xff" * 1024))
        self.out_dir = out_dir
        self.scale = scale
        self.saved = []
        self.steps = 0
        self.app = None
        self.new_app()

    def new_app(self):
        self.app = self.app_mod.App(self.sim, self.store, seed=SEED, trick_ms=300, ai_budget_ms=60,
                                    ai_min_ms=0)
        self.app.start()

    # ------------------------------------------------------------ stepping
    def step(self, btn=0):
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Unreachable(f"step budget exhausted on screen {self.app.screen!r}")
        self.sim.poll()  # advances the virtual clock, like the real loop
        return self.app.step(btn)

    def until(self, pred, what, limit=3000, btn=0):
        for _ in range(limit):
            if pred():
                return
            self.step(btn)
        if not pred():
            raise Unreachable(f"{what} (stuck on {self.app.screen!r})")

    def screen(self):
        return self.app.screen

    def settle(self, n=2):
        """A couple of idle polls so the screen shows the new state's texts."""
        for _ in range(n):
            self.step(0)

    def shot(self, name):
        path = os.path.join(self.out_dir, name + ".png")
        self.sim.save_png(path, scale=self.scale)
        self.saved.append(name)

    # ------------------------------------------------------------ menus
    def menu_to(self, key):
        m = self.app.menu
        target = m.find(key)
        if target < 0:
            raise Unreachable(f"no {key!r} item on {self.app.screen!r}")
        for _ in range(len(m.items) + 2):
            if self.app.menu.sel == target:
                return
            self.step(B.BTN_DOWN if self.app.menu.sel < target else B.BTN_UP)
        raise Unreachable(f"cannot select {key!r}")

    def choose(self, key):
        self.menu_to(key)
        self.step(B.BTN_A)

    def set_option(self, key, index):
        self.menu_to(key)
        # two-button boards: RIGHT means "next item" there, A cycles the choices
        change = B.BTN_A if self.sim.two_buttons else B.BTN_RIGHT
        for _ in range(16):
            if self.app.menu.value(key) == index:
                return
            self.step(change)
        raise Unreachable(f"cannot set {key!r} to {index}")

    def back_to(self, screen, limit=8):
        for _ in range(limit):
            if self.app.screen == screen:
                return
            self.step(B.BTN_B)
        if self.app.screen != screen:
            raise Unreachable(f"B does not lead back to {screen!r}")

    # ------------------------------------------------------------ the game
    def human_turn(self):
        a = self.app
        g = a.game
        return (a.screen == "table" and g is not None and not a.in_trick_pause and a.thinking < 0
                and g.turn in a.humans and g.phase in (core.PLAY, core.EXCHANGE_PHASE))

    def play_a_card(self):
        """Play the first legal card of the human's hand (RIGHT until legal, then A)."""
        a = self.app
        g = a.game
        if g.phase == core.EXCHANGE_PHASE:  # exchange prompt: keep the trump (with no card to
            self.step(B.BTN_B if g.exchange_card(g.turn) != core.NO_CARD else 0)  # swap, it passes)
            return
        legal = g.legal_actions()
        seat = g.turn
        hands = getattr(g, "hands", None)
        for _ in range(g.hand_len[seat] + 1):
            if hands is None or hands[seat * core.HAND_MAX + a.sel] in legal:
                break
            self.step(B.BTN_RIGHT)
        self.step(B.BTN_A)


class ai_on_virtual_clock:  # noqa: N801 - used like a function: `with ai_on_virtual_clock(sim):`
    """Let brisca.ai time its thinking on the simulator's virtual clock, so the same seed gives the
    same game (and the same screenshots) on any machine, however busy."""

    def __init__(self, sim):
        self.sim = sim
        self.ai = None
        self.saved = None

    def __enter__(self):
        try:
            from brisca import ai
        except ImportError:
            return self
        if hasattr(ai, "ticks_ms"):
            self.ai = ai
            self.saved = ai.ticks_ms
            ai.ticks_ms = self.sim.ticks_ms
        return self

    def __exit__(self, *exc):
        if self.ai is not None:
            self.ai.ticks_ms = self.saved
        return False


def scene(drv, name, fn, problems):
    """Run one capture step; record (name, reason) when it fails and go back to the title."""
    try:
        fn()
    except Unreachable as err:
        problems.append((name, str(err)))
        try:
            drv.new_app()
        except Exception as err2:  # noqa: BLE001 - a broken app: nothing more to capture on this board
            problems.append((name, f"restart failed: {err2!r}"))


def capture_board(board_name, scale, out_root, strip=None):
    """Capture every screen on one board; returns (saved names, problems)."""
    out_dir = os.path.join(out_root, board_name)
    drv = Driver(board_name, out_dir, scale)
    problems = []

    def title():
        drv.until(lambda: drv.screen() == "title", "title")
        drv.shot("title")

    def settings():
        drv.choose("settings")
        drv.until(lambda: drv.screen() == "settings", "settings")
        drv.shot("settings")
        drv.back_to("title")

    def rules():
        drv.choose("rules")
        drv.until(lambda: drv.screen() == "rules", "rules")
        drv.shot("rules")
        drv.step(B.BTN_RIGHT)
        drv.shot("rules_2")
        drv.back_to("title")

    def stats():
        drv.choose("stats")
        drv.until(lambda: drv.screen() == "stats", "stats")
        drv.shot("stats")
        drv.back_to("title")

    def setup_and_names():
        drv.choose("new")
        drv.until(lambda: drv.screen() == "setup", "setup")
        drv.set_option("mode", 0)
        drv.set_option("match", 0)
        drv.menu_to("start")
        drv.shot("setup")
        drv.choose("names")
        drv.until(lambda: drv.screen() == "names", "names")
        drv.shot("names")
        drv.choose("n0")
        drv.until(lambda: drv.screen() == "picker", "picker")
        drv.step(B.BTN_RIGHT)
        drv.step(B.BTN_DOWN)
        drv.shot("picker")
        drv.back_to("names")
        drv.back_to("setup")

    def replay_code():
        drv.back_to("title")
        drv.choose("replay")
        drv.until(lambda: drv.screen() == "picker", "replay code entry")
        for btn in (B.BTN_A, B.BTN_RIGHT, B.BTN_A, B.BTN_DOWN, B.BTN_A, B.BTN_A, B.BTN_RIGHT, B.BTN_A):
            drv.step(btn)
        drv.shot("code")
        drv.back_to("title", limit=12)

    def game():
        if drv.screen() != "setup":
            drv.back_to("title")
            drv.choose("new")
            drv.until(lambda: drv.screen() == "setup", "setup")
            drv.set_option("mode", 0)
            drv.set_option("match", 0)
        drv.choose("start")
        drv.until(drv.human_turn, "the first human turn")
        drv.settle()
        drv.shot("table")
        if strip is not None:
            strip.append(drv.sim.surface().copy())
        drv.step(B.BTN_SELECT)
        drv.shot("hint")
        drv.play_a_card()
        drv.until(lambda: drv.app.in_trick_pause or drv.human_turn(), "a trick")
        if drv.app.in_trick_pause:
            drv.shot("trick")
        drv.until(drv.human_turn, "the next human turn", btn=0)
        drv.settle()
        drv.step(B.BTN_B)
        drv.until(lambda: drv.screen() == "lasttrick", "last trick")
        drv.shot("lasttrick")
        drv.step(B.BTN_B)
        drv.until(drv.human_turn, "back at the table")
        drv.step(B.BTN_START)
        drv.until(lambda: drv.screen() == "pause", "pause")
        drv.shot("pause")
        drv.choose("score")
        drv.until(lambda: drv.screen() == "score", "score sheet")
        drv.shot("score")
        drv.step(B.BTN_B)
        drv.until(lambda: drv.screen() == "pause", "pause again")
        drv.step(B.BTN_START)
        drv.until(drv.human_turn, "back from pause")
        # the rest of the match: play the first legal card, confirm deal results
        while drv.screen() != "result":
            s = drv.screen()
            if drv.human_turn():
                if strip is not None and len(strip) < STRIP_FRAMES:
                    drv.settle()
                    strip.append(drv.sim.surface().copy())
                drv.play_a_card()
            elif s == "deal_over":
                if "deal_over" not in drv.saved:
                    drv.shot("deal_over")
                drv.step(B.BTN_A)
            elif s in ("table", "lasttrick"):
                drv.step(0)
            else:
                raise Unreachable(f"unexpected screen {s!r} during the game")
        drv.shot("result")
        drv.step(B.BTN_B)

    def resume():
        drv.until(lambda: drv.screen() == "title", "title after the game")
        drv.choose("new")
        drv.until(lambda: drv.screen() == "setup", "setup")
        drv.choose("start")
        drv.until(drv.human_turn, "a human turn")
        drv.play_a_card()
        drv.until(drv.human_turn, "the next human turn")
        drv.new_app()  # as if the board restarted mid-game
        drv.until(lambda: drv.screen() == "resume_q", "the resume question")
        drv.shot("resume_q")
        drv.choose("no")

    def handover():
        drv.until(lambda: drv.screen() == "title", "title")
        drv.choose("new")
        drv.until(lambda: drv.screen() == "setup", "setup")
        drv.set_option("mode", 1)
        drv.choose("start")
        drv.until(lambda: drv.screen() == "handover", "handover", limit=200)
        drv.shot("handover")

    with ai_on_virtual_clock(drv.sim):
        for name, fn in (("title", title), ("settings", settings), ("rules", rules), ("stats", stats),
                         ("setup", setup_and_names), ("code", replay_code), ("game", game), ("resume_q", resume),
                         ("handover", handover)):
            scene(drv, name, fn, problems)
    missing = [s for s in SCREENS if s not in drv.saved]
    return drv.saved, missing, problems


def save_strip(frames, path, scale=2, gap=4):
    """Frames side by side on a dark background, scaled up."""
    import pygame

    w, h = frames[0].get_size()
    strip = pygame.Surface((len(frames) * (w * scale + gap) + gap, h * scale + 2 * gap))
    strip.fill((24, 24, 24))
    for i, f in enumerate(frames):
        strip.blit(pygame.transform.scale(f, (w * scale, h * scale)), (gap + i * (w * scale + gap), gap))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pygame.image.save(strip, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Screenshots of every screen, on each screen size.")
    ap.add_argument("--board", action="append", help="only this board (repeatable)")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    ap.add_argument("--strip", default=os.path.join(ROOT, "docs", "game-strip.png"))
    args = ap.parse_args(argv)
    try:
        import brisca.ui.app  # noqa: F401
    except ImportError as err:
        print(f"brisca.ui.app is not available yet ({err}): nothing to capture.")
        return 2
    boards = [(n, s) for n, s in BOARDS if not args.board or n in args.board]
    if args.board:
        known = [n for n, _ in BOARDS]
        boards += [(n, 2) for n in args.board if n not in known]
    failed = False
    for name, scale in boards:
        strip = [] if name == "pybadge" and args.strip else None
        saved, missing, problems = capture_board(name, scale, args.out, strip)
        print(f"{name}: {len(saved)} screens -> {os.path.join(args.out, name)}")
        for scene_name, why in problems:
            print(f"  could not capture {scene_name}: {why}")
        if missing:
            print("  missing: " + ", ".join(missing))
            failed = True
        if strip:
            save_strip(strip[:STRIP_FRAMES], args.strip)
            print(f"game strip ({min(len(strip), STRIP_FRAMES)} frames) -> {args.strip}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
