# Choose where saves live: the board's nvm, the simulator's file, or RAM with a notice.
from brisca.save.store import SaveData

SIM_SAVE_FILE = "sim-save.bin"


def open_store(path=None):
    try:
        import sys

        if path is None and sys.implementation.name == "circuitpython":
            import microcontroller

            if getattr(microcontroller, "nvm", None) is not None:
                return SaveData(microcontroller.nvm)
        elif path is not None or sys.platform in ("linux", "darwin", "win32"):
            from brisca.save.filestore import SaveFile

            return SaveData(SaveFile(path or SIM_SAVE_FILE))
        notice = "sn_nomem"
    except Exception as e:  # the game must start whatever happens here
        notice = "sn_unavailable|%s" % e
    return SaveData(bytearray(b"\xff" * 1024), notice)
