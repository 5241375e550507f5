"""Stand-in for CircuitPython's audioio (tests only, never shipped): AudioOut on a DAC pin (the
SAMD51's A0 and A1); `plays` counts play() calls, `played` keeps each AudioOut's first (sample
rate, loop) pairs, for tests."""
import audiocore
import microcontroller

plays = 0


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if not left_channel._dac:
            raise ValueError("Invalid pin: %r is not a DAC pin" % left_channel)
        microcontroller.claim(left_channel)
        self._pin = left_channel
        self.playing = False
        self.paused = False
        self.played = []

    def play(self, sample, *, loop=False):
        global plays
        if not isinstance(sample, audiocore.RawSample):
            raise TypeError("sample must be an audio sample")
        plays += 1
        self.playing = True
        if len(self.played) < 8:
            self.played.append((sample.sample_rate, loop))

    def stop(self):
        self.playing = False

    def pause(self):
        self.paused = True

    def resume(self):
        self.paused = False

    def deinit(self):
        if self._pin is not None:
            microcontroller.release(self._pin)
            self._pin = None
