"""Pimoroni PicoSystem: 240x240, A B X Y and a d-pad (X pause, Y hint), a piezo speaker."""
from brisca.ui.board import BTN_A, BTN_B, BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_SELECT, BTN_START, BTN_UP

name = "picosystem"
title = "PicoSystem"
width = 240
height = 240
board_ids = ("pimoroni_picosystem",)
keys = (("A", BTN_A, 0), ("B", BTN_B, 0), ("X", BTN_START, 0), ("Y", BTN_SELECT, 0), ("UP", BTN_UP, 0),
        ("DOWN", BTN_DOWN, 0), ("LEFT", BTN_LEFT, 0), ("RIGHT", BTN_RIGHT, 0))
pixel_count = 0
has_speaker = True
drive_key = "A"  # the key boot.py reads to give the drive to the game
two_buttons = False
joystick = False


def key_groups(board_mod):
    import keypad

    pins = [getattr(board_mod, "SW_" + label, None) for label, _s, _l in keys]
    return (keypad.Keys(tuple(pins), value_when_pressed=False, pull=True),)
