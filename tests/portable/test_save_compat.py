"""Records of the releases before the 6-player mode, the Croatian deck and names beyond upper-case
ASCII still read as they were; the new values round trip (runs under pytest and MicroPython)."""
from brisca.save.store import SaveData  # noqa: I001  (largest first, for the 32K heap)
from brisca.save.settings import Settings
from brisca.save.slots import LAYOUT_SIZE
from brisca.save.namecodec import NAME_CHARS, NAME_MORE


def _stored(kind, payload):
    """Storage holding one record of `kind` with `payload`, written as an older release did."""
    d = SaveData(bytearray(LAYOUT_SIZE))
    buf = d.ready(kind)
    buf[8 : 8 + len(payload)] = payload
    assert d.write(kind, len(payload))
    return d.data


def test_an_old_settings_record_reads_its_deck_and_mode():
    # language "it", deck 2 (French, in the old numbering), flags, level, mode 4, 4 rules bytes, speed
    old = bytes((ord("i"), ord("t"), 2, 3, 2, 4, 4, 1, 2, 3, 4, 0, 0, 0, 0, 25))
    s = SaveData(_stored(0, old)).load_settings()
    assert (s.language, s.deck, s.level, s.mode, s.rules, s.speed) == ("it", "french", "hard", "teams_humans",
                                                                         b"\x01\x02\x03\x04", 100)
    for deck, byte in (("spanish", 0), ("italian", 1), ("french", 2), ("croatian", 3)):
        s = Settings()
        s.deck, s.mode = deck, "teams6"
        d = SaveData(bytearray(LAYOUT_SIZE))
        assert d.save_settings(s)
        assert d.data[10] == byte  # (kind 0, slot 0, payload byte 2: the old numbers kept, Croatian next)
        got = SaveData(d.data).load_settings()
        assert (got.deck, got.mode) == (deck, "teams6")


def test_old_upper_case_names_still_read():
    payload = bytearray(37)
    payload[0] = 2
    for i, name in enumerate((b"ANA", b"IVO 2")):
        payload[1 + 9 * i] = len(name)
        payload[2 + 9 * i : 10 + 9 * i] = (name + b"        ")[:8]
    d = SaveData(_stored(1, bytes(payload)))
    assert d.load_settings().names == ["ANA", "IVO 2"] and d.notice is None


def test_names_in_every_language_round_trip():
    s = Settings()
    s.set_name(0, "Łukasz")
    s.set_name(1, "Žana-Ćić")
    s.set_name(2, "Begoña")
    s.set_name(3, "Jörg ß.")
    assert s.names == ["Łukasz", "Žana-Ćić", "Begoña", "Jörg ß."]
    d = SaveData(bytearray(LAYOUT_SIZE))
    assert d.save_settings(s)
    assert SaveData(d.data).load_settings().names == s.names
    for k in range(0, len(NAME_MORE), 8):  # every letter a name may hold, eight at a time
        s.names = [NAME_MORE[k : k + 8], NAME_CHARS[k : k + 8].strip()]
        assert d.save_settings(s)
        assert SaveData(d.data).load_settings().names == s.names, s.names


def test_a_name_byte_beyond_the_letters_is_damage():
    payload = bytearray(37)
    payload[0] = 1
    payload[1] = 1
    payload[2] = 0x80 + len(NAME_MORE)  # no letter has that number
    d = SaveData(_stored(1, bytes(payload)))
    assert d.load_settings().names == [] and d.notice == "sn_damaged|1"


def test_old_statistics_read_with_the_six_player_mode_at_nothing():
    # 75 counters (five modes x three levels x games, wins, draws, streak, best), then cesalj
    old = bytearray(152)
    old[0:10] = bytes((3, 0, 2, 0, 1, 0, 1, 0, 2, 0))  # vs_ai easy: 3 games, 2 wins, 1 draw, streak 1, best 2
    old[4 * 30 : 4 * 30 + 2] = bytes((1, 0))  # teams_humans easy: 1 game (cell 60)
    old[150] = 7  # 4-0 matches
    st = SaveData(_stored(2, bytes(old))).load_stats()
    assert st.get("vs_ai", "easy") == (3, 2, 1, 0, 1, 2)
    assert st.get("teams_humans", "easy")[0] == 1
    assert st.cesalj == 7
    assert st.get("teams6", "hard") == (0, 0, 0, 0, 0, 0)
    st.record("teams6", "hard", "win")
    st.record("teams6", "easy", "loss")
    d = SaveData(bytearray(LAYOUT_SIZE))
    assert d.save_stats(st)
    again = SaveData(d.data).load_stats()
    assert again.__dict__ == st.__dict__ and again.get("teams6", "hard") == (1, 1, 0, 0, 1, 1)
    assert again.get("vs_ai", "easy") == (3, 2, 1, 0, 1, 2) and again.cesalj == 7
    assert "teams6 hard: 1 played, 1 won, 0 lost, 0 drawn, streak 1 (best 1)" in again.as_lines()
