"""A fixed reference workload timed on every runtime by tools/bench.py (portable).

It mixes what the AI does (small-int arithmetic, bytearray indexing, attribute access, calls,
loops) in fixed proportions. tools/bench_mp.py times a tenth of it next to each move, so the
move's share of it measures the move free of the host's other load; pystone then scales that to
a PyBadge (see tools/bench.py)."""


class _Box:
    def __init__(self):
        self.x = 0


def _mix(a, b):
    return (a * 31 + b) % 30269


def workload(rounds=300):
    """The reference unit: `rounds` fixed rounds; returns a checksum (so nothing is skipped)."""
    buf = bytearray(64)
    box = _Box()
    acc = 7
    for i in range(rounds):
        for j in range(32):
            buf[j] = (i * 7 + j * 13) & 255
            acc = _mix(acc, buf[j])
            if acc & 1:
                box.x += buf[j >> 1]
        box.x &= 0xFFFF
        acc ^= box.x
    return acc
