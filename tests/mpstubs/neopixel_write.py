"""Stand-in for CircuitPython's neopixel_write (tests only, never shipped): checks the arguments
and keeps the last bytes written (`last`)."""
import digitalio

last = None


def neopixel_write(digitalinout, buf):
    global last
    if not isinstance(digitalinout, digitalio.DigitalInOut):
        raise TypeError("digitalinout must be a DigitalInOut")
    last = bytes(memoryview(buf))
