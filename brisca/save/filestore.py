# The simulator's save file (sim-save.bin): bytes like the board's nvm, the file replaced
# atomically (temporary file + rename) on each write. A missing file reads as erased, a short one
# as far as it goes. Loaded only where a file is used.
import os


class SaveFile:
    def __init__(self, path, size=1024):
        self.path = path
        self.image = bytearray(b"\xff" * size)
        self.problem = None
        try:
            with open(path, "rb") as f:
                got = f.read(size)
            self.image[0 : len(got)] = got
        except OSError as e:
            if e.args[0] != 2:  # ENOENT: nothing saved yet
                self.problem = "sn_read|%s" % e

    def __len__(self):
        return len(self.image)

    def __getitem__(self, index):
        return self.image[index]

    def __setitem__(self, index, value):
        # Change the bytes and rewrite the file atomically; OSError if that fails (file unchanged).
        new = bytearray(self.image)
        new[index] = value
        tmp = self.path + ".tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(new)
                if hasattr(os, "fsync"):
                    f.flush()
                    os.fsync(f.fileno())
            getattr(os, "replace", os.rename)(tmp, self.path)  # MicroPython's rename replaces
        except OSError:
            try:
                os.remove(tmp)
            except OSError:
                pass
            raise
        self.image = new
