"""detect(): the Board for the board this runs on, with its profile, display, keys, speaker and
pixels. Used once at start-up (code.py lets it go after).

Its `except Exception`s are broad on purpose: each part's driver raises what it likes (ImportError
without keypad or analogio, ValueError for a pin in use or missing, RuntimeError, OSError, TypeError
for a None pin) and a game with one part missing still plays. Each failure is printed on the serial
console for the maker (_report); the player sees the part missing (no sound, no lights)."""

from brisca.ui.board import Board
from brisca.ui.boards import profile, profile_for


def _report(what, err):
    try:
        print("board:", what, "unavailable:", repr(err))
    except Exception:  # noqa: BLE001, S110 - a console that cannot print must not stop the start
        pass


def detect(board_mod=None):
    """The Board for the running board (board.board_id). Never raises: a part that fails to start
    (keys, speaker, pixels) is left out and reported on the serial console; an unknown board gets
    the generic profile with board.DISPLAY if it has one."""
    try:
        if board_mod is None:
            import board as board_mod
        prof = profile_for(getattr(board_mod, "board_id", ""))
    except Exception as err:  # noqa: BLE001 - no board module at all
        _report("board", err)
        return Board(profile("generic"))
    display = None
    try:
        display = getattr(board_mod, "DISPLAY", None)
        if display is not None:
            display.auto_refresh = False
    except Exception as err:  # noqa: BLE001
        _report("display", err)
        display = None
    groups = ()
    event = None
    try:
        groups = prof.key_groups(board_mod)
        if groups:
            import keypad

            event = keypad.Event()
    except Exception as err:  # noqa: BLE001
        _report("keys", err)
        groups = ()
    joystick = None
    if prof.joystick:
        try:
            import analogio

            joystick = (analogio.AnalogIn(getattr(board_mod, "JOYSTICK_X", None)),
                        analogio.AnalogIn(getattr(board_mod, "JOYSTICK_Y", None)))
        except Exception as err:  # noqa: BLE001
            _report("joystick", err)
    speaker = pixels = None
    if prof.has_speaker or prof.pixel_count:
        try:
            from brisca.ui import hw
        except Exception as err:  # noqa: BLE001
            _report("speaker and pixels", err)
            hw = None
        if hw is not None and prof.has_speaker:
            try:
                pin = getattr(board_mod, "SPEAKER", None) or getattr(board_mod, "AUDIO", None)
                speaker = hw.Speaker(pin, getattr(board_mod, "SPEAKER_ENABLE", None))
            except Exception as err:  # noqa: BLE001
                _report("speaker", err)
        if hw is not None and prof.pixel_count:
            try:
                pixels = hw.Pixels(getattr(board_mod, "NEOPIXEL", None), prof.pixel_count,
                                   getattr(board_mod, "NEOPIXEL_POWER", None))
            except Exception as err:  # noqa: BLE001
                _report("pixels", err)
    try:
        return Board(prof, display, groups, event, joystick, speaker, pixels)
    except Exception as err:  # noqa: BLE001
        _report("board", err)
        return Board(profile("generic"))
