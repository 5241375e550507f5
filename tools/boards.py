"""Boards the game supports, and reading a CIRCUITPY drive's boot_out.txt (host-only).

Board ids are CircuitPython's (lowercase, underscores), as printed on the "Board ID:" line of
boot_out.txt and used in circuitpython.org/board/<id>/ addresses. The PyBadge LC has no build of its
own: it runs the `pybadge` firmware.
"""

import re

MIN_MAJOR = 9  # the game needs CircuitPython 9 or newer

# id -> (name, flash chip bytes, name of the drive that appears after a double-tap of reset)
BOARDS = {
    "pybadge": ("Adafruit PyBadge / PyBadge LC", 2 * 1024 * 1024, "PYBADGEBOOT"),
    "edgebadge": ("Adafruit EdgeBadge", 2 * 1024 * 1024, "EDGEBADGEBOOT"),
    "pygamer": ("Adafruit PyGamer", 8 * 1024 * 1024, "PYGAMERBOOT"),
    "clue_nrf52840_express": ("Adafruit CLUE", 2 * 1024 * 1024, "CLUEBOOT"),
    "adafruit_feather_esp32s3_reverse_tft": ("Adafruit Feather ESP32-S3 Reverse TFT", 4 * 1024 * 1024,
                                             "FTHRS3BOOT"),
    "pimoroni_picosystem": ("Pimoroni PicoSystem", 16 * 1024 * 1024, "RPI-RP2"),
}

# Board names as printed on the first line of boot_out.txt, for firmware old enough to lack "Board ID:".
_NAMES = {
    "Adafruit PyBadge": "pybadge",
    "Adafruit EdgeBadge": "edgebadge",
    "Adafruit PyGamer": "pygamer",
    "Adafruit CLUE nRF52840 Express": "clue_nrf52840_express",
    "Adafruit Feather ESP32-S3 Reverse TFT": "adafruit_feather_esp32s3_reverse_tft",
    "Pimoroni PicoSystem": "pimoroni_picosystem",
}

_FIRST = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)(\S*) on (\S+); (.+?) with (\S+)")
_BOARD_ID = re.compile(r"^Board ID:\s*(\S+)", re.MULTILINE)


class BoardInfo:
    """What boot_out.txt says: version (major, minor, patch), version text, board id and name."""

    def __init__(self, version, version_text, board_id, board_name):
        self.version = version
        self.version_text = version_text
        self.board_id = board_id
        self.board_name = board_name


def parse_boot_out(text):
    """BoardInfo from boot_out.txt text, or None if it isn't CircuitPython's."""
    first = _FIRST.search(text)
    if not first:
        return None
    version = (int(first.group(1)), int(first.group(2)), int(first.group(3)))
    version_text = "%d.%d.%d%s" % (version + (first.group(4),))
    name = first.group(6).strip()
    found = _BOARD_ID.search(text)
    board_id = found.group(1).strip() if found else _NAMES.get(name, "")
    return BoardInfo(version, version_text, board_id, name)


# How a board shows its BOOT drive (its UF2 bootloader) where that is not a double-tap of reset:
# the PicoSystem has a power button and no reset button (Pimoroni's README, github.com/pimoroni/
# picosystem, "Booting PicoSystem into DFU mode": hold X and toggle the power).
BOOT_HOW = {"pimoroni_picosystem": "hold X and switch the PicoSystem off and on"}
DOUBLE_TAP = "double-tap the board's reset button"
RUN_AGAIN = "then run this again"


def boot_how(board_id):
    """What to press on `board_id` for its BOOT drive."""
    return BOOT_HOW.get(board_id, DOUBLE_TAP)


def firmware_help(board_id, then=RUN_AGAIN):
    """How to put CircuitPython on the board: the lines every refusal ends with. `then`: what to do
    once the board restarts as CIRCUITPY (for `make flash`: run it again)."""
    if board_id in BOARDS:
        where = "circuitpython.org/board/%s/" % board_id
        boot = "%s: a drive named %s appears" % (boot_how(board_id), BOARDS[board_id][2])
    else:
        where = "circuitpython.org/downloads (your board's page)"
        boot = ("%s: a drive whose name ends in BOOT appears\n(a PicoSystem: hold X and switch it off and on;"
                " its drive is RPI-RP2)" % DOUBLE_TAP)
    return ("To install CircuitPython %d or newer: download the .uf2 file from %s.\n"
            "Then %s. Copy the .uf2 onto it.\n"
            "The board restarts as CIRCUITPY; %s." % (MIN_MAJOR, where, boot, then))


def check_board(info):
    """None if the game can go on this board, else the message saying why not and what to do."""
    if info.version[0] < MIN_MAJOR:
        return "This board runs CircuitPython %s; the game needs %d or newer.\n%s" % (
            info.version_text, MIN_MAJOR, firmware_help(info.board_id))
    if info.board_id not in BOARDS:
        known = ", ".join(sorted(BOARDS))
        return ("This board (%s, id %r) is not one the game supports (%s).\n"
                "Supported boards: %s. See circuitpython.org/downloads for the firmware of each."
                % (info.board_name, info.board_id or "unknown", info.version_text, known))
    return None
