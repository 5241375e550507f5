"""Runs once at power-up, before code.py: decides who may write the CIRCUITPY drive.

Normally the computer does (copying the game, `make flash`). Holding SELECT while switching on
(PyBadge, PyGamer, EdgeBadge: shift-register key 3; boards with plain buttons: button A, or the
Reverse TFT Feathers' middle button, D1) gives the drive to the game instead, so it can export
game records and statistics; the computer then sees it read-only until the next reset.
Whatever fails here, the board still boots: every step is guarded. The printed line ends up in
boot_out.txt; code.py shows the mode via brisca.export.drive_writable().
"""

SELECT_KEY = 3  # shift-register key numbers on PyBadge/PyGamer: B 0, A 1, START 2, SELECT 3
PLAIN_BUTTONS = ("BUTTON_SELECT", "BUTTON_A", "SW_A", "BUTTON")
# The Reverse TFT Feathers read D1 (pressed = high). Not D0: that is BOOT0 there, and held at
# power-up it starts the chip's ROM bootloader instead of CircuitPython.
REVERSE_TFT = ("adafruit_feather_esp32s3_reverse_tft", "adafruit_feather_esp32s2_reverse_tft")


def shift_register_select_held(board):
    """True if SELECT is held on a board whose buttons sit behind a shift register."""
    import time

    import keypad

    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
    try:
        time.sleep(0.05)  # a few scans: a key held since power-up shows up as a press event
        event = keys.events.get()
        while event:
            if event.pressed and event.key_number == SELECT_KEY:
                return True
            event = keys.events.get()
        return False
    finally:
        keys.deinit()  # free the pins for the game


def plain_button_held(board):
    """True if the board's export button is held: the Reverse TFT Feathers' D1 (pressed = high),
    else the first plain button (pressed = pulled low); False if it has none."""
    import digitalio

    high = getattr(board, "board_id", "") in REVERSE_TFT
    for name in ("D1",) if high else PLAIN_BUTTONS:
        pin = getattr(board, name, None)
        if pin is None:
            continue
        button = digitalio.DigitalInOut(pin)
        try:
            button.direction = digitalio.Direction.INPUT
            button.pull = digitalio.Pull.DOWN if high else digitalio.Pull.UP
            return button.value == high
        finally:
            button.deinit()
    return False


def game_wants_drive():
    """True if the player holds the export button at power-up; False on any doubt."""
    try:
        import board
    except ImportError:
        return False
    try:
        if hasattr(board, "BUTTON_CLOCK") and hasattr(board, "BUTTON_LATCH") and hasattr(board, "BUTTON_OUT"):
            return shift_register_select_held(board)
        return plain_button_held(board)
    except Exception as e:  # a missing module or a busy pin: boot normally
        print("brisca boot: buttons not read (%s)" % e)
        return False


def main():
    if game_wants_drive():
        try:
            import storage

            storage.remount("/", readonly=False)
            print("brisca boot: drive writable by the game (button held); the computer sees it read-only")
            return
        except Exception as e:
            print("brisca boot: could not make the drive writable: %s" % e)
    print("brisca boot: drive belongs to the computer (hold SELECT at power-up to let the game save records)")


try:
    main()
except Exception as e:  # never stop the board from starting
    try:
        print("brisca boot: %s" % e)
    except Exception:
        pass
