"""Stand-in for CircuitPython's audiocore (tests only, never shipped): RawSample over a buffer."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        memoryview(buffer)  # TypeError unless it is a buffer (array.array, bytearray, ...)
        if not isinstance(sample_rate, int) or sample_rate < 1:
            raise ValueError("sample_rate must be a positive int")
        self._buffer = buffer
        self.sample_rate = sample_rate
        self.channel_count = channel_count

    def deinit(self):
        self._buffer = None
