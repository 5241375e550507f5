"""Damaged saves: every single-byte corruption of a record falls back to the other slot."""
from savecases import OFFSETS, get, two, want


def test_every_byte_flip_of_newest_falls_back_to_previous():
    for kind in (0, 2, 3):
        data, off, used = two(kind)
        for i in range(used):
            for flip in (1, 0xFF):
                data[off + i] ^= flip
                assert get(data, kind) == (want(kind, 1), "sn_older|%d" % kind), (kind, i)  # issue 30: said
                data[off + i] ^= flip


def test_every_byte_flip_of_older_keeps_newest():
    for kind in (0, 2, 3):
        data, _, used = two(kind)
        for i in range(used):
            data[OFFSETS[kind] + i] ^= 0x80
            assert get(data, kind)[0] == want(kind, 2), (kind, i)
            data[OFFSETS[kind] + i] ^= 0x80
