"""Stand-in for CircuitPython's board module on a PyBadge (tests only, never shipped): the pin
names of circuitpython-stubs' pybadge definition (aliases share one Pin, as on the board: SPEAKER
is A0, a DAC pin without PWM; the display's own pins are in use) and DISPLAY, a 160 x 128
busdisplay.BusDisplay."""
import busdisplay
from microcontroller import Pin

board_id = "pybadge"

A0 = SPEAKER = Pin("A0", pwm=False, dac=True)  # PA02
A1 = Pin("A1", dac=True)  # PA05
A2 = Pin("A2")
A3 = Pin("A3")
A4 = Pin("A4")
A5 = Pin("A5")
A6 = Pin("A6")
A7 = LIGHT = Pin("A7")
A8 = D2 = Pin("A8")
A9 = D3 = Pin("A9")
D0 = RX = Pin("D0")
D1 = TX = Pin("D1")
D4 = Pin("D4")
D5 = Pin("D5")
D6 = Pin("D6")
D7 = ACCELEROMETER_INTERRUPT = Pin("D7")
D8 = NEOPIXEL = Pin("D8")
D9 = Pin("D9")
D10 = Pin("D10")
D11 = Pin("D11")
D12 = Pin("D12")
D13 = LED = Pin("D13")
SDA = Pin("SDA")
SCL = Pin("SCL")
SCK = Pin("SCK")
MISO = Pin("MISO")
MOSI = Pin("MOSI")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
BUTTON_LATCH = Pin("BUTTON_LATCH")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_CLOCK = Pin("BUTTON_CLOCK")
TFT_LITE = Pin("TFT_LITE")
TFT_MOSI = Pin("TFT_MOSI")
TFT_SCK = Pin("TFT_SCK")
TFT_RST = Pin("TFT_RST")
TFT_CS = Pin("TFT_CS")
TFT_DC = Pin("TFT_DC")
for _p in (TFT_LITE, TFT_MOSI, TFT_SCK, TFT_RST, TFT_CS, TFT_DC):  # the display drives these
    _p._claimed = True
del _p

DISPLAY = busdisplay.BusDisplay(width=160, height=128, auto_refresh=True)
