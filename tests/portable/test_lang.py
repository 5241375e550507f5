"""Every language is complete and consistent with English (runs under pytest and MicroPython)."""
import gc

from brisca import lang

WIDTH = 26  # characters on one line of the 160 px screen in the 6 px font
PAGE_LINES = 8
TUPLE_LENGTHS = {"ranks": 10, "ranks_fr": 13, "suits_es": 4, "suits_it": 4, "suits_hr": 4, "suits_fr": 4}
REQUIRED = (
    "new_game", "continue", "resume", "settings", "stats", "rules", "quit", "back", "on", "off", "yes",
    "no", "ok", "p_brisca", "p_briscola", "p_briskula", "mode", "m_1ai", "m_2hot", "m_3p", "m_4team",
    "m_4mix", "ai_level", "easy", "medium", "hard", "match", "mt_one", "mt_first", "mt_best", "mt_points",
    "o_exch", "o_redeal", "o_deck3", "d3_one2", "d3_all2", "o_open", "o_bone", "o_follow", "o_double",
    "o_show", "o_6060", "t_draw", "t_annul", "t_redeal", "o_fr32", "deck", "ds_es", "ds_it", "ds_fr",
    "language", "sound", "leds", "o_points", "o_out", "names", "lp_title", "lp_del", "lp_done",
    "your_turn", "turn_of", "pass_to", "thinking", "trump", "stock", "last_trick", "took", "exch_q",
    "exch_q7", "exch_q2", "exchanged", "deal_over", "points", "won_deal", "draw6060", "won_match",
    "play_again", "exit", "deal_n", "resume_q", "pause", "hint", "c_play",
    "h_lead_cheap", "h_lead_franco", "h_follow_win_high", "h_take_carico_trump", "h_dump_low",
    "h_save_trump", "h_load_partner", "h_dont_overtrump_partner", "h_secure_61", "h_exchange",
    "h_lose_for_trump", "h_endgame_exact", "h_must_follow",
    "st_games", "st_wins", "st_pct", "st_streak", "st_best", "st_cesalj", "st_cesalj_d",
    "help", "card", "ranks", "ranks_fr", "suits_es", "suits_it", "suits_hr", "suits_fr",
)


def specs(text):
    """The % conversions of a format string in order ("s", "d", "(r)s"); %% and a final % are text."""
    out = []
    i = text.find("%")
    while 0 <= i < len(text) - 1:
        c = text[i + 1]
        if c == "%":
            i = text.find("%", i + 2)
            continue
        if c == "(":
            close = text.find(")", i)
            assert close > 0, "unclosed %( in " + repr(text)
            out.append(text[i + 1:close + 2])
            i = close + 2
        else:
            out.append(c)
            i += 2
        assert out[-1][-1] in "sd", "bad conversion in " + repr(text)
        i = text.find("%", i)
    return out


def same_specs(mine, ref):
    """Positional conversions must match in order; named ones (%(r)s) in any order."""
    if any(s[0] == "(" for s in ref):
        return sorted(mine) == sorted(ref)
    return mine == ref


def english():
    return lang.load("en")


def test_specs_parser():
    assert specs("Pass to %s - press A") == ["s"]
    assert specs("Win %") == []
    assert specs("%d%% %s") == ["d", "s"]
    assert specs("%(r)s of %(s)s") == ["(r)s", "(s)s"]
    assert same_specs(["(s)s", "(r)s"], ["(r)s", "(s)s"])
    assert not same_specs(["d", "s"], ["s", "d"])
    assert not same_specs(["s"], ["s", "s"])


def test_langs_and_names():
    assert lang.LANGS == ("en", "es", "it", "hr", "de", "pl")
    assert len(lang.NAMES) == len(lang.LANGS)
    assert lang.name("es") == "Español"
    assert lang.name("xx") == "xx"


def test_english_has_required_keys():
    en_keys = lang.keys(english().text)
    for key in REQUIRED:
        assert key in en_keys, key
    assert len(en_keys) == len(set(en_keys)), "a key appears twice in en.py"


def check_language(code):
    en_text = english().text
    en_keys = lang.keys(en_text)
    texts = lang.load(code)
    assert texts.code == code
    keys = lang.keys(texts.text)
    assert len(keys) == len(set(keys)), code + ": a key appears twice"
    for key in en_keys:
        assert key in texts, code + " lacks " + key
        mine = lang.find(texts.text, key)
        ref = lang.find(en_text, key)
        assert type(mine) is type(ref), code + ": " + key + " should be a " + type(ref).__name__
        if isinstance(ref, str):
            assert mine, code + ": empty " + key
            assert same_specs(specs(mine), specs(ref)), code + ": formats of " + key + " differ: " + mine
        elif key == "help":
            for page in mine:
                assert 2 <= len(page) <= PAGE_LINES, code + ": help page too long: " + page[0]
                for line in page:
                    assert len(line) <= WIDTH, code + ": help line too wide: " + line
        else:
            want = TUPLE_LENGTHS.get(key, len(ref))
            assert len(mine) == want, code + ": " + key + " needs " + str(want) + " items"
            for item in mine:
                assert item, code + ": empty item in " + key
    gc.collect()


def test_english():
    check_language("en")


def test_spanish():
    check_language("es")


def test_italian():
    check_language("it")


def test_croatian():
    check_language("hr")


def test_german():
    check_language("de")


def test_polish():
    check_language("pl")


def test_unknown_code_falls_back_to_english():
    texts = lang.load("xx")
    assert texts.code == "en"
    assert texts("new_game") == "New game"
    assert lang.load(None).code == "en"


def test_missing_key_falls_back_to_english():
    texts = lang.Texts("es", "\nnew_game=Nueva partida\n")
    assert texts("new_game") == "Nueva partida"
    assert texts("quit") == "Quit"
    assert texts("no_such_key") == "no_such_key"


def test_formatting_and_tuples():
    texts = lang.load("es")
    assert texts("turn_of", "Ana") == "Turno de Ana"
    assert texts("stock", 7) == "Quedan 7"
    assert texts.card(0, 0, "es") == "As de oros"
    assert texts.card(12, 1, "fr") == "Rey de corazones"
    pages = texts("help")
    assert isinstance(pages, tuple) and isinstance(pages[0], tuple) and len(pages) >= 8
    assert lang.load("hr").card(0, 0, "hr") == "Aš od dinara"
    assert lang.load("de").card(12, 1, "fr") == "Herz-König"


def test_card_names_every_language_and_style():
    for code in lang.LANGS:
        texts = lang.load(code)
        for style in lang.STYLES:
            n = 13 if style == "fr" else 10
            seen = []
            for rank in range(n):
                for suit in range(4):
                    name = texts.card(rank, suit, style)
                    assert 0 < len(name) <= WIDTH, code + " card name too long: " + name
                    seen.append(name)
            assert len(set(seen)) == n * 4, code + " " + style + ": card names repeat"
        gc.collect()


def test_only_one_language_stays_imported():
    import sys

    lang.load("it")
    lang.load("pl")
    loaded = [m for m in sys.modules if m.startswith("brisca.lang.")]
    assert loaded == [], loaded


def test_ascii_fallback():
    from brisca.ui.font import ascii_fallback

    assert ascii_fallback("Briškula") == "Briskula"
    assert ascii_fallback("Łódź ćma żółw") == "Lodz cma zolw"
    assert ascii_fallback("¿Señor?") == "Senor?"
    assert ascii_fallback("Größe", "de") == "Groesse"
    assert ascii_fallback("pingüino") == "pinguino"
    assert ascii_fallback("đak") == "dak"
    assert ascii_fallback("plain") == "plain"
