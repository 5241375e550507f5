"""CLUE: 240x240, two buttons (A next, hold A hint; B confirm, hold B pause), one NeoPixel, a
speaker."""
from brisca.ui.board import BTN_A, BTN_RIGHT, BTN_SELECT, BTN_START

name = "clue"
title = "CLUE"
width = 240
height = 240
board_ids = ("clue_nrf52840_express",)
keys = (("A", BTN_RIGHT, BTN_SELECT), ("B", BTN_A, BTN_START))
pixel_count = 1
has_speaker = True
drive_key = "A"  # the key boot.py reads to give the drive to the game
two_buttons = True
joystick = False


def key_groups(board_mod):
    import keypad

    return (keypad.Keys((getattr(board_mod, "BUTTON_A", None), getattr(board_mod, "BUTTON_B", None)),
                        value_when_pressed=False, pull=True),)
