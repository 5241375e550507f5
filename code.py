"""Device entry point (CircuitPython runs this file): detect the board, run the game.

Any exception ends on a readable one-screen message (and the full traceback on the serial
console), never a bare traceback on the display. Press reset to start again.
"""

import gc

# What the board compiles from here on keeps no line numbers (micropython.opt_level(3), as
# tools/install.py's mpy-cross -O3): about 3 KB less heap at the table. Tracebacks still name the
# module and the function. (CircuitPython has it on full builds, a PyBadge's among them, though its
# stubs leave it out; without it, the line numbers stay.)
try:
    from micropython import opt_level  # type: ignore[attr-defined]

    opt_level(3)
    del opt_level
except ImportError:
    pass


def _show_error(err):
    """One screen: what happened, in words, on the board's display."""
    try:
        import board
        import displayio

        display = getattr(board, "DISPLAY", None)
        if display is None:
            return
        # The display still holds the game's screen, and through it most of the game's heap. Let it
        # go first: after a MemoryError the message's own tiles would not fit beside it.
        display.root_group = None
        gc.collect()
        from brisca.ui.font import Glyphs
        from brisca.ui.text import Text

        font = Glyphs()
        cols = display.width // font.w - 1
        rows = display.height // font.h
        text = "%s: %s" % (type(err).__name__, err)
        lines = ["Brisca stopped", ""]
        while text and len(lines) < rows - 3:
            lines.append(text[:cols])
            text = text[cols:]
        lines += ["", "Details: serial console", "Press reset to restart"]
        message = Text(font, cols, rows, 2, 2)
        message.set("\n".join(lines))
        font.draw_pending()
        group = displayio.Group()
        group.append(message.group)
        display.root_group = group
        try:
            display.refresh()
        except Exception:
            pass
    except Exception as e:  # the error screen itself failed: the console still has the details
        print("error screen:", e)


# The shell's modules, imported one by one at start-up while the heap is emptiest, the largest to
# compile from source first (a board without .mpy files compiles each as it is imported).
SHELL = ("brisca.ui.app", "brisca.ui.board", "brisca.save.store", "brisca.ui.text", "brisca.lang",
         "brisca.ui.font", "brisca.save.settings")


def boot(store=None):
    """The start-up, one module or phase a step (the caller collects between them): yields each
    shell module's name as it is imported, None after the board is detected and the saves are
    opened, then (board, store) for run(). `store`: the saves (None: the board's own)."""
    for name in SHELL:
        __import__(name)
        yield name
    from brisca.ui.app import unload
    from brisca.ui.detect import detect

    brd = detect()
    del detect
    unload("brisca.ui.detect")  # used once, and the profiles' index: the board keeps its own
    unload("brisca.ui.boards")
    yield None
    if store is None:
        from brisca.save import open_store

        store = open_store()
        unload("brisca.save.opener")
    yield brd, store


def main():
    for parts in boot():
        gc.collect()
    free = getattr(gc, "mem_free", None)
    if free is not None:  # on the serial console, for makers' reports
        print("RAM free after loading the app: %d B" % free())
    from brisca.ui.app import run

    brd, store = parts  # (the generator's last value: the board and the saves)
    app = run(brd, store, 0)
    while True:
        try:
            app.loop()
        except MemoryError:  # not the end: back to the title with what happened, if that fits
            app.recover()


def start():
    """Run the game; on any exception: traceback to the console, a readable screen, then wait."""
    try:
        main()
    except Exception as err:  # noqa: BLE001 - the device must never show a bare traceback
        try:
            import traceback

            traceback.print_exception(err)
        except Exception:
            print("error:", err)
        gc.collect()
        _show_error(err)
        import time

        while True:
            time.sleep(1)


# CircuitPython runs this file as __main__. On a desktop, "import code" (pdb, pytest) must not
# start the game: this file shadows the standard library's `code` module from the repo root.
if __name__ == "__main__":
    start()
