"""The board's speaker and NeoPixels, for brisca.ui.board.Board (imported by brisca.ui.detect only on
a board that has them)."""

from brisca.ui.board import PIXEL_LEVEL


class Speaker:
    """Square-wave tones on board.SPEAKER: pwmio where the pin has PWM, else audioio/audiopwmio
    looping a one-cycle sample (SAMD51 A0 on the PyBadge is a DAC pin without PWM)."""

    def __init__(self, pin, enable_pin=None):
        import digitalio

        self._enable = None
        if enable_pin is not None:
            self._enable = digitalio.DigitalInOut(enable_pin)
            self._enable.switch_to_output(value=False)
        self._pwm = None
        self._audio = None
        self._samples = {}
        try:
            import pwmio

            self._pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
        except Exception:  # noqa: BLE001
            self._pwm = None
        if self._pwm is None:
            self._audio = _audio_out(pin)
            import array

            # one cycle: 8 samples high, 8 low, quiet-ish around the 16-bit midpoint
            self._wave = array.array("H", [0x9800] * 8 + [0x6800] * 8)

    def start(self, freq):
        if self._enable is not None:
            self._enable.value = True
        if self._pwm is not None:
            self._pwm.frequency = freq
            self._pwm.duty_cycle = 0x8000
            return
        import audiocore

        sample = self._samples.get(freq)
        if sample is None:
            if len(self._samples) > 8:
                self._samples.clear()
            sample = audiocore.RawSample(self._wave, sample_rate=freq * 16)
            self._samples[freq] = sample
        self._audio.play(sample, loop=True)

    def stop(self):
        if self._pwm is not None:
            self._pwm.duty_cycle = 0
        elif self._audio is not None:
            self._audio.stop()
        if self._enable is not None:
            self._enable.value = False


def _audio_out(pin):
    """AudioOut on a DAC pin (SAMD51), else PWMAudioOut (nRF52, RP2040)."""
    try:
        import audioio

        return audioio.AudioOut(pin)
    except ImportError:
        import audiopwmio

        return audiopwmio.PWMAudioOut(pin)


class Pixels:
    """NeoPixels through the core neopixel_write module (no library needed), dimmed to PIXEL_LEVEL."""

    def __init__(self, pin, count, power_pin=None):
        import digitalio
        import neopixel_write

        self._write = neopixel_write.neopixel_write
        if power_pin is not None:
            self._power = digitalio.DigitalInOut(power_pin)
            self._power.switch_to_output(value=True)
        self._pin = digitalio.DigitalInOut(pin)
        self._pin.switch_to_output(value=False)
        self.count = count
        self._buf = bytearray(3 * count)
        self._color = -1
        self.fill(0)

    def fill(self, color):
        if color == self._color:
            return
        self._color = color
        r = ((color >> 16) & 0xFF) * PIXEL_LEVEL // 255
        g = ((color >> 8) & 0xFF) * PIXEL_LEVEL // 255
        b = (color & 0xFF) * PIXEL_LEVEL // 255
        buf = self._buf
        for i in range(0, len(buf), 3):  # GRB order
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
        self._write(self._pin, buf)
