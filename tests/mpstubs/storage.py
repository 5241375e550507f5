"""Stand-in for CircuitPython's storage (tests only, never shipped): remount() records its calls."""

remounts = []


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    remounts.append((mount_path, readonly))
