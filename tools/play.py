"""`make play`: the game on an attached board if there is one, else in the desktop simulator.

    make play                               board attached: install it (as .mpy files, with
                                            CircuitPython's mpy-cross fetched once); else the simulator
    make play ARGS="--board clue --scale 3" simulate another board (pybadge, pygamer, edgebadge,
                                            clue, s3_reverse_tft / s3tft, picosystem)
    make play ARGS="--lang es"              start in Spanish (saved in the simulator's settings)
    make play ARGS="--drive /tmp/drive"     export records and statistics there, as a board does
                                            when SELECT is held at power-up
    make play ARGS="--sim"                  simulator even when a board is attached
    make play ARGS="--headless --steps 3000 --shot shot.png"   no window: run N polls, save a PNG

Keys in the simulator: see tools/sim.py (arrows, Z/Enter = A, X/Backspace/Esc = B, S/Space = Start,
Tab/Q = Select). The simulator keeps its saves in sim-save.bin at the top of the repo.
"""

import argparse
import os
import subprocess
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
SAVE_FILE = os.path.join(ROOT, "sim-save.bin")


def find_board_drive():
    """(path of the one mounted CIRCUITPY drive or None, problem text or None): no drive is not a
    problem (the simulator starts), several drives are."""
    if HERE not in sys.path:
        sys.path.insert(0, HERE)
    import install

    try:
        return install.find_drive(), None
    except install.InstallError as err:
        text = str(err)
        return None, (None if text.startswith("No CIRCUITPY") else text)


def install_to_board(drive):
    print(f"CIRCUITPY drive found at {drive}: installing the game with tools/install.py ...")
    # (.mpy files: a board compiling .py at every start needs more RAM than a PyBadge leaves the game)
    rc = subprocess.call([sys.executable, os.path.join(HERE, "install.py"), "--to", drive, "--fetch-mpy-cross"],
                         cwd=ROOT)
    if rc == 0:
        print("Done. Press the board's reset button (or wait for it to restart) and enjoy!")
    else:
        print(f"tools/install.py failed (exit {rc}); see its messages above.")
    return rc


def open_sim_store(lang):
    """The simulator's save file (brisca.save) with the language set if asked."""
    from brisca.save import open_store

    store = open_store(SAVE_FILE)
    if lang:
        try:
            settings = store.load_settings()
            settings.language = lang
            store.save_settings(settings)
        except Exception as err:  # noqa: BLE001
            print(f"could not set the language: {err}")
    return store


NO_WINDOW = """The simulator could not open a window ({err}).
 - On a machine without a display, run it headless:
       make play ARGS="--headless --steps 3000 --shot shot.png"
   or make screenshots (PNG files in docs/screenshots/).
 - On a desktop, pygame needs SDL with a video driver: check that DISPLAY / WAYLAND_DISPLAY is set
   (or, on Linux, install libsdl2-2.0-0), and that SDL_VIDEODRIVER is not set to "dummy"."""


def run_sim(args):
    try:
        from tools.sim import SimBoard, SimUnavailable, resolve_profile
    except ImportError as err:
        print(f"The simulator needs the dev packages ({err}). Run `make venv` first.")
        return 2
    try:
        resolve_profile(args.board)
    except ValueError as err:
        print(err)
        return 2
    try:
        import pygame
    except ImportError as err:
        print(f"pygame is missing ({err}). Run `make venv` first.")
        return 2
    try:
        sim = SimBoard(args.board, scale=args.scale, headless=args.headless)
    except (SimUnavailable, pygame.error) as err:
        print(NO_WINDOW.format(err=err))
        return 2
    from brisca.ui import app

    store = open_sim_store(args.lang)
    if not args.headless:
        print(f"Brisca simulator ({sim.profile.title}). Keys: arrows, Z/Enter = A, X/Esc = B, S/Space = Start, "
              "Tab/Q = Select. Close the window to quit.")
    try:
        app.run(sim, store=store, max_steps=args.steps if args.headless else None, drive=args.drive)
    except (KeyboardInterrupt, SystemExit):
        pass
    if args.shot:
        sim.save_png(args.shot, scale=args.scale if args.headless else 1)
        print("saved", args.shot)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Play Brisca: on an attached board, else in the simulator.")
    ap.add_argument("--board", default="pybadge", help="simulated board profile (default pybadge)")
    ap.add_argument("--scale", type=int, default=4, help="window scale (default 4)")
    ap.add_argument("--lang", default=None, help="language code: en es it hr de pl")
    ap.add_argument("--sim", action="store_true", help="simulator even if a board is attached")
    ap.add_argument("--headless", action="store_true", help="no window (with --steps/--shot)")
    ap.add_argument("--steps", type=int, default=2000, help="polls to run headless")
    ap.add_argument("--shot", default=None, help="save the last frame as PNG")
    ap.add_argument("--drive", default=None, metavar="DIR",
                    help="a folder standing in for the board's drive given to the game (SELECT held at "
                         "power-up): finished deals' records and stats.txt go there")
    args = ap.parse_args(argv)
    if args.scale < 1 or args.scale > 10:
        ap.error("--scale must be 1..10")
    if args.lang:
        from brisca.lang import LANGS

        if args.lang not in LANGS:
            ap.error("--lang must be one of: " + " ".join(LANGS))
    if not args.sim and not args.headless:
        drive, problem = find_board_drive()
        if problem:
            print(problem)
            print('Or play in the simulator: make play ARGS="--sim"')
            return 2
        if drive:
            return install_to_board(drive)
        print("No CIRCUITPY drive found: starting the simulator.")
    return run_sim(args)


if __name__ == "__main__":
    sys.exit(main())
