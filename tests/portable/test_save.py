"""Saved records round trip (records: test_save_records.py; damage: test_save_damage.py, _torn.py)."""
from brisca.save.store import SaveData  # noqa: I001  (largest first, for the 32K heap)
from brisca.save.settings import Settings
from brisca.save.stats import Stats
from brisca.save.slots import LAYOUT_SIZE, crc16


def test_crc16_known_value():
    assert crc16(b"123456789", 0, 9) == 0x29B1


def test_erased_storage_gives_defaults_without_notice():
    d = SaveData(bytearray(b"\xff" * LAYOUT_SIZE))
    assert d.load_settings().__dict__ == Settings().__dict__
    assert d.load_stats().__dict__ == Stats().__dict__
    assert d.load_game() is None and d.notice is None


def test_round_trip_every_record():
    d = SaveData(bytearray(LAYOUT_SIZE))
    s = Settings()
    s.language, s.deck, s.level, s.mode = "hr", "italian", "hard", "teams_humans"
    s.sound, s.leds, s.show_points, s.show_cards_out, s.hint = False, True, True, False, False
    s.rules = b"\x01\x00\x07"
    s.names = ["ANA", "IVO 2"]
    st = Stats()
    st.record("three_players", "easy", "win")
    st.record_cesalj()
    assert d.save_settings(s) and d.save_stats(st) and d.save_game(b"\x00\x01game")
    again = SaveData(d.data)
    assert again.load_settings().__dict__ == s.__dict__
    assert again.load_stats().__dict__ == st.__dict__
    assert again.load_game() == b"\x00\x01game" and again.notice is None


def test_game_limits_and_clearing():
    d = SaveData(bytearray(LAYOUT_SIZE))
    assert d.save_game(bytes(range(128)))
    assert not d.save_game(bytes(129)) and d.notice == "sn_big|129"
    assert SaveData(d.data).load_game() == bytes(range(128))
    assert d.save_game(None) and SaveData(d.data).load_game() is None
