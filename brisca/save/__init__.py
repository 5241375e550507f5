# Saved records that survive power-off: settings, player names, statistics, the game in progress.
#
# saves = open_store(); settings = saves.load_settings(); saves.save_game(core_bytes) after every move;
# show saves.notice (one line, or None) when set, then saves.clear_notice(). Split into small modules
# so that each compiles within a 32K MicroPython heap, and imported from them: SaveData in store,
# Settings in settings, Stats in stats; slots.GameSlot keeps only the game in progress, for loops
# that cannot spare the heap for the rest. Nothing is imported here, so that importing one of them
# does not load them all.


def open_store(path=None):
    # The records on the best storage here; never raises. `path`: that file. Else the board's
    # microcontroller.nvm; on a desktop, sim-save.bin in the current directory; else RAM + notice.
    # (Tests: SaveData(bytearray(1024)) keeps the records in RAM.)
    from brisca.save.opener import open_store as pick  # loaded only when called

    return pick(path)
