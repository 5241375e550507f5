"""Device entry point (CircuitPython runs this file): detect the board, run the game.

Any exception ends on a readable one-screen message (and the full traceback on the serial
console), never a bare traceback on the display. Press reset to start again.
"""

import gc


def _show_error(err):
    """One screen: what happened, in words, on the board's display."""
    try:
        import board
        import displayio
        import terminalio
        from adafruit_display_text import bitmap_label

        display = getattr(board, "DISPLAY", None)
        if display is None:
            return
        # The display still holds the game's screen, and through it most of the game's heap. Let it
        # go first: after a MemoryError the message's own bitmap would not fit beside it.
        display.root_group = None
        gc.collect()
        width = display.width // 6 - 1
        text = "%s: %s" % (type(err).__name__, err)
        lines = ["Brisca stopped", ""]
        while text and len(lines) < display.height // 12 - 3:
            lines.append(text[:width])
            text = text[width:]
        lines += ["", "Details: serial console", "Press reset to restart"]
        group = displayio.Group()
        group.append(bitmap_label.Label(terminalio.FONT, text="\n".join(lines), color=0xFFFFFF,
                                        x=2, y=6, line_spacing=1.0))
        display.root_group = group
        try:
            display.refresh()
        except Exception:
            pass
    except Exception as e:  # the error screen itself failed: the console still has the details
        print("error screen:", e)


def main():
    # The app first, while the heap is emptiest: a board without .mpy files compiles each module from
    # source, and app.py's compile is the largest passing peak; importing it compiles its own
    # imports next (core, the board layer, the screens), each while little else is resident.
    from brisca.ui.app import run

    gc.collect()
    from brisca.ui.board import detect

    brd = detect()
    gc.collect()
    from brisca.save import open_store

    store = open_store()
    gc.collect()
    free = getattr(gc, "mem_free", None)
    if free is not None:  # RAM report on the serial console (figures for the README)
        gc.collect()
        m0 = free()
        from adafruit_display_text import bitmap_label  # noqa: F401

        gc.collect()
        m1 = free()
        try:
            from adafruit_displayio_layout.layouts.grid_layout import GridLayout  # noqa: F401
        except ImportError:
            pass
        gc.collect()
        print("RAM: bitmap_label %d B, GridLayout %d B, free %d B" % (m0 - m1, m1 - free(), free()))
    gc.collect()
    if free is not None:
        print("RAM free after loading the app: %d B" % free())
    run(brd, store)


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
