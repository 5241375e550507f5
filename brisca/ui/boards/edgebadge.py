"""EdgeBadge: a PyBadge with a microphone, the same keys, screen, pixels and speaker."""
from brisca.ui.boards.pybadge import (  # noqa: F401 - re-exported as this profile's
    has_speaker,
    height,
    joystick,
    key_groups,
    keys,
    pixel_count,
    two_buttons,
    width,
)

name = "edgebadge"
title = "EdgeBadge"
board_ids = ("edgebadge",)
