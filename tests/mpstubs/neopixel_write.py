"""Stand-in for CircuitPython's neopixel_write (tests only, never shipped): checks the arguments,
counts the writes (`writes`) and keeps the last bytes written (`last`)."""
import digitalio

last = None
writes = 0


def neopixel_write(digitalinout, buf):
    global last, writes
    if not isinstance(digitalinout, digitalio.DigitalInOut):
        raise TypeError("digitalinout must be a DigitalInOut")
    last = bytes(memoryview(buf))
    writes += 1
