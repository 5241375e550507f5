"""Board profiles, one small module per board: only the running board's is ever imported.

A profile module has `name`, `title`, `width`, `height`, `board_ids`, `keys` (physical keys in
keypad key-number order: (label, short-press BTN bit, long-press BTN bit or 0)), `pixel_count`,
`has_speaker`, `two_buttons`, `joystick`, and `key_groups(board_mod)`, which builds its keypad
objects. `generic` is the fallback for an unknown board.
"""

NAMES = ("pybadge", "edgebadge", "pygamer", "clue", "s3_reverse_tft", "picosystem", "generic")
# board.board_id -> profile module, as "id=module" words (a string costs less heap than a dict)
_IDS = ("pybadge=pybadge edgebadge=edgebadge pygamer=pygamer pygamer_advance=pygamer "
        "clue_nrf52840_express=clue adafruit_feather_esp32s3_reverse_tft=s3_reverse_tft "
        "adafruit_feather_esp32s2_reverse_tft=s3_reverse_tft pimoroni_picosystem=picosystem")


def module_for(board_id):
    """The profile module name for a board_id ("generic" when unknown)."""
    for pair in _IDS.split():
        bid, _, name = pair.partition("=")
        if bid == board_id:
            return name
    return "generic"


def profile(name):
    """Import and return the profile module `name` (one of NAMES)."""
    return __import__("brisca.ui.boards." + name, None, None, ("name",), 0)


def profile_for(board_id):
    """The profile module of a board_id."""
    return profile(module_for(board_id))
