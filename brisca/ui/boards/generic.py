"""Any other CircuitPython board: its display if it has one, no keys."""
name = "generic"
title = "CircuitPython board"
width = 0
height = 0
board_ids = ()
keys = ()
pixel_count = 0
has_speaker = False
two_buttons = False
joystick = False


def key_groups(board_mod):
    return ()
