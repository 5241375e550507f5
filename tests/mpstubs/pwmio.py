"""Stand-in for CircuitPython's pwmio (tests only, never shipped): PWMOut on pins that have PWM
(a pin without it, like the PyBadge's speaker pin A0, is a ValueError, as on the board)."""
import microcontroller


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        if not pin._pwm:
            raise ValueError("Invalid pin: %r has no PWM" % pin)
        microcontroller.claim(pin)
        self._pin = pin
        self.duty_cycle = duty_cycle
        self.frequency = frequency
        self.variable_frequency = variable_frequency

    def deinit(self):
        if self._pin is not None:
            microcontroller.release(self._pin)
            self._pin = None
