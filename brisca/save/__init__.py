# Saved records that survive power-off: settings, player names, statistics, the game in progress.
#
# saves = open_store(); settings = saves.load_settings(); saves.save_game(core_bytes) once per trick;
# show saves.notice (one line, or None) when set, then saves.clear_notice(). Split into small modules
# so that each compiles within a 32K MicroPython heap (largest first, while the heap is emptiest).
from brisca.save.store import GAME_MAX, SaveData  # noqa: F401, I001  (order: see above)
from brisca.save.settings import DECKS, LEVELS, MODES, Settings, clean_name  # noqa: F401
from brisca.save.stats import RESULTS, Stats  # noqa: F401


def open_store(path=None):
    # The records on the best storage here; never raises. `path`: that file. Else the board's
    # microcontroller.nvm; on a desktop, sim-save.bin in the current directory; else RAM + notice.
    # (Tests: SaveData(bytearray(1024)) keeps the records in RAM.)
    from brisca.save.opener import open_store as pick  # loaded only when called

    return pick(path)
