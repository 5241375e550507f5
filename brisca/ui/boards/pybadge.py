"""PyBadge / PyBadge LC: 160x128, eight keys on a shift register, five NeoPixels, a speaker."""
from brisca.ui.board import BTN_A, BTN_B, BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_SELECT, BTN_START, BTN_UP

name = "pybadge"
title = "PyBadge / PyBadge LC"
width = 160
height = 128
board_ids = ("pybadge",)
keys = (("B", BTN_B, 0), ("A", BTN_A, 0), ("START", BTN_START, 0), ("SELECT", BTN_SELECT, 0),
        ("RIGHT", BTN_RIGHT, 0), ("DOWN", BTN_DOWN, 0), ("UP", BTN_UP, 0), ("LEFT", BTN_LEFT, 0))
pixel_count = 5
has_speaker = True
two_buttons = False
joystick = False


def key_groups(board_mod, count=8):
    """The shift register's first `count` keys (pressed = high)."""
    import keypad

    return (keypad.ShiftRegisterKeys(clock=getattr(board_mod, "BUTTON_CLOCK", None),
                                     data=getattr(board_mod, "BUTTON_OUT", None),
                                     latch=getattr(board_mod, "BUTTON_LATCH", None), key_count=count,
                                     value_when_pressed=True),)
