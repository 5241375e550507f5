"""ESP32-S3 (or -S2) Reverse TFT Feather: 240x135, three buttons from top to bottom: D0 back (hold:
pause), D1 next (hold: hint), D2 confirm; one NeoPixel, no speaker."""
from brisca.ui.board import BTN_A, BTN_B, BTN_RIGHT, BTN_SELECT, BTN_START

name = "s3_reverse_tft"
title = "ESP32-S3 Reverse TFT Feather"
width = 240
height = 135
board_ids = ("adafruit_feather_esp32s3_reverse_tft", "adafruit_feather_esp32s2_reverse_tft")
keys = (("D0", BTN_B, BTN_START), ("D1", BTN_RIGHT, BTN_SELECT), ("D2", BTN_A, 0))
pixel_count = 1
has_speaker = False
drive_key = "D1"  # the key boot.py reads to give the drive to the game (D0 is BOOT0: held at
# power-up, it starts the ROM bootloader, not CircuitPython)
two_buttons = True
joystick = False


def key_groups(board_mod):
    import keypad

    # D0 is pulled up and reads low when pressed; D1 and D2 read high when pressed.
    return (keypad.Keys((getattr(board_mod, "D0", None),), value_when_pressed=False, pull=True),
            keypad.Keys((getattr(board_mod, "D1", None), getattr(board_mod, "D2", None)),
                        value_when_pressed=True, pull=True))
