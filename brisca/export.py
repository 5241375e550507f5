"""Write game records and statistics as text files on the board's drive, when the game may.

The drive is writable by the game only after boot.py remounted it (SELECT held at power-up);
`drive_writable()` tells the UI which mode it is in. Every write returns (ok, one-line message)
and never raises: a read-only or full drive gives a message to show, not a crash.
In the simulator pass `root` (a folder) to write there instead of "/".
"""

import os

RECORDS_DIR = "records"
STATS_FILE = "stats.txt"
DIAG_FILE = "diag.txt"
_MAX_RECORDS = 999


def drive_writable(root=None):
    """True if the game may write files: CircuitPython's "/" remounted writable by boot.py, or a
    host folder (the simulator) that accepts a file. False on any doubt; never raises."""
    try:
        import storage

        return not storage.getmount(root or "/").readonly
    except Exception:
        pass
    if root is None:
        return False
    probe = _join(root, ".write-test")
    try:
        with open(probe, "w") as f:
            f.write("ok")
        os.remove(probe)
        return True
    except Exception:
        return False


def _join(*parts):
    return "/".join(p.rstrip("/") for p in parts if p) or "/"


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _why(e):
    code = e.args[0] if getattr(e, "args", None) else None
    if code == 30 or code == 13 or code == 1:  # EROFS, EACCES, EPERM
        return "the drive is read-only: hold SELECT while switching on to let the game write"
    if code == 28:  # ENOSPC
        return "the drive is full: delete old records from it on a computer"
    return "could not write (%s)" % e


def _write_lines(path, lines):
    with open(path, "w") as f:
        for line in lines:
            f.write(str(line))
            f.write("\n")


def write_record(lines, root="/"):
    """Save one game's record (text lines from the caller) as records/game-NNN.txt; (ok, message)."""
    folder = _join(root, RECORDS_DIR)
    try:
        if not _exists(folder):
            os.mkdir(folder)
        for n in range(1, _MAX_RECORDS + 1):
            path = _join(folder, "game-%03d.txt" % n)
            if not _exists(path):
                _write_lines(path, lines)
                return True, "Saved %s/game-%03d.txt" % (RECORDS_DIR, n)
        return False, "Not saved: %d records already, delete some on a computer" % _MAX_RECORDS
    except Exception as e:  # OSError mostly; never crash the game over an export
        return False, "Not saved: %s" % _why(e)


def write_stats(lines, root="/"):
    """Write the statistics summary (e.g. Stats.as_lines()) to /stats.txt; (ok, message)."""
    return write_file(STATS_FILE, lines, root)


def write_file(name, lines, root="/"):
    """Write text `lines` to /`name` (replacing it whole, or not at all); (ok, message)."""
    path = _join(root, name)
    tmp = path + ".tmp"
    try:
        _write_lines(tmp, lines)
        try:
            os.remove(path)  # FAT on the board: rename does not replace
        except OSError:
            pass
        os.rename(tmp, path)
        return True, "Saved %s" % name
    except Exception as e:
        try:
            os.remove(tmp)
        except Exception:
            pass
        return False, "Not saved: %s" % _why(e)
