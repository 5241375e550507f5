"""PyGamer: the PyBadge's screen, A, B, START and SELECT on its shift register, and a joystick for
the arrows."""
from brisca.ui.boards import pybadge

name = "pygamer"
title = "PyGamer"
width = 160
height = 128
board_ids = ("pygamer", "pygamer_advance")
keys = pybadge.keys[:4]
pixel_count = 5
has_speaker = True
two_buttons = False
joystick = True


def key_groups(board_mod):
    return pybadge.key_groups(board_mod, 4)
