"""Stand-in for a board's os (tests only, never shipped): MicroPython's own (uos), whose files are
the drive's, with urandom a fixed series instead of a hardware generator, so that a device run
deals the same matches every time and its heap figures repeat. (On the 32-bit WebAssembly port it
also stands for the port's os written in Python, 1.7 KB of heap that a board's os, in C, does not
take.)"""
from uos import *  # noqa: F401,F403

_drawn = bytearray(1)


def urandom(n):
    _drawn[0] = _drawn[0] + 1 & 255
    return bytes([(_drawn[0] * 97 + i * 31) & 255 for i in range(n)])

