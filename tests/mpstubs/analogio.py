"""Stand-in for CircuitPython's analogio (tests only, never shipped): AnalogIn reads mid-scale."""
import microcontroller


class AnalogIn:
    def __init__(self, pin):
        microcontroller.claim(pin)
        self._pin = pin
        self.value = 32768
        self.reference_voltage = 3.3

    def deinit(self):
        microcontroller.release(self._pin)
