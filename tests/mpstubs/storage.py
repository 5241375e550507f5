"""Stand-in for CircuitPython's storage (tests only, never shipped): remount() records its calls;
getmount("/").readonly says whether CircuitPython code may write the drive (after boot.py's
remount with readonly=False it may; otherwise the computer owns the drive)."""

remounts = []


class _Mount:
    readonly = True


def getmount(mount_path):
    if mount_path != "/":
        raise OSError(2)  # ENOENT: only the drive is mounted
    _Mount.readonly = not remounts or remounts[-1][1]
    return _Mount


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    remounts.append((mount_path, readonly))
