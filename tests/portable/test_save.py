"""Saved records: round trips, settings and statistics behave (damage: test_save_damage.py)."""
from brisca.save import SaveData, Settings, Stats
from brisca.save.slots import crc16


def test_crc16_known_value():
    assert crc16(b"123456789", 0, 9) == 0x29B1


def test_erased_storage_gives_defaults_without_notice():
    d = SaveData(bytearray(b"\xff" * 1024))
    assert d.load_settings().__dict__ == Settings().__dict__
    assert d.load_stats().__dict__ == Stats().__dict__
    assert d.load_game() is None and d.notice is None


def test_round_trip_every_record():
    d = SaveData(bytearray(1024))
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
    d = SaveData(bytearray(1024))
    assert d.save_game(bytes(range(128)))
    assert not d.save_game(bytes(129)) and "too big" in d.notice
    assert SaveData(d.data).load_game() == bytes(range(128))
    assert d.save_game(None) and SaveData(d.data).load_game() is None


def test_names_cleaned_and_bad_values_stored_as_defaults():
    s = Settings()
    s.set_name(0, "ana-maria j.")
    s.set_name(2, "zoe 42")
    s.set_name(9, "ignored")
    assert s.names == ["ANAMARIA", "P2", "ZOE 42"]
    s.names.append("D")
    s.names.append("E")
    s.deck, s.level, s.mode, s.language, s.rules = "tarot", 7, None, "EN", b"123456789abc"
    d = SaveData(bytearray(1024))
    d.save_settings(s)
    got = SaveData(d.data).load_settings()
    assert got.names == ["ANAMARIA", "P2", "ZOE 42", "D"]
    assert (got.deck, got.level, got.mode, got.language) == ("spanish", "medium", "vs_ai", "en")
    assert got.rules == b"12345678"


def test_stats_streaks_and_lines():
    st = Stats()
    for r in ("win", "win", "win", "loss", "win", "draw"):
        assert st.record("vs_ai", "easy", r)
    assert not st.record("chess", "easy", "win") and not st.record(0, 0, "resign")
    st.record(3, 2, "win")
    st.record_cesalj()
    assert st.get("vs_ai", "easy") == (6, 4, 1, 1, 0, 3)
    assert st.get("teams_ai", "hard") == (1, 1, 0, 0, 1, 1)
    lines = st.as_lines()
    assert lines[0] == "vs_ai easy: 6 played, 4 won, 1 lost, 1 drawn, streak 0 (best 3)"
    assert lines[-1] == "4-0 cesalj matches: 1"
    assert Stats().as_lines()[0] == "No games played yet"
