"""Settings and statistics records: names cleaned, bad values stored as defaults, streaks counted."""
from brisca.save.store import SaveData  # noqa: I001  (largest first, for the 32K heap)
from brisca.save.settings import Settings
from brisca.save.stats import Stats
from brisca.save.slots import LAYOUT_SIZE


def test_names_cleaned_and_bad_values_stored_as_defaults():
    s = Settings()
    s.set_name(0, "ana-maria j.")
    s.set_name(2, "zoe 42")
    s.set_name(9, "ignored")
    assert s.names == ["ana-mari", "P2", "zoe 42"]  # (what a name may not hold is left out)
    s.set_name(1, "Ivo_#2")
    assert s.names[1] == "Ivo2"
    s.names.append("D")
    s.names.append("E")
    s.deck, s.level, s.mode, s.language, s.rules = "tarot", 7, None, "EN", b"123456789abc"
    d = SaveData(bytearray(LAYOUT_SIZE))
    d.save_settings(s)
    got = SaveData(d.data).load_settings()
    assert got.names == ["ana-mari", "Ivo2", "zoe 42", "D"]
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
