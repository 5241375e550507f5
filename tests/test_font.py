"""The glyph sheet draws every character of every language, and the texts fit the 160 px screen.

CPython with Blinka's displayio. Also holds the CPython-only language checks (a tests/test_lang.py
would clash with tests/portable/test_lang.py: pytest needs unique test module basenames).
"""
import pytest
import terminalio  # Blinka's; tests/conftest.py keeps pygame headless
from test_lang import same_specs, specs  # tests/portable is on the path

from brisca import lang
from brisca.ui import letters
from brisca.ui.font import ASCII, OURS, Glyphs
from brisca.ui.letters import ascii_fallback, displayable, known

SCREEN_W = 160
WIDTH = 26
REQUIRED = (
    "new_game", "continue", "resume", "settings", "stats", "rules", "quit", "back", "on", "off", "yes",
    "no", "ok", "p_brisca", "p_briscola", "p_briskula", "mode", "m_1ai", "m_2hot", "m_3p", "m_4team",
    "m_4mix", "ai_level", "easy", "medium", "hard", "match", "mt_one", "mt_first", "mt_best",
    "mt_points", "o_exch", "o_redeal", "o_deck3", "d3_one2", "d3_all2", "o_open", "o_bone", "o_follow",
    "o_double", "o_show", "o_6060", "t_draw", "t_annul", "t_redeal", "o_fr32", "deck", "ds_es", "ds_it",
    "ds_fr", "language", "sound", "leds", "o_points", "o_out", "names", "lp_title", "lp_del", "lp_done",
    "your_turn", "turn_of", "pass_to", "thinking", "trump", "stock", "last_trick", "took", "exch_q",
    "exch_q7", "exch_q2", "exch_q9", "exchanged", "deal_over", "points", "won_deal", "draw6060", "won_match",
    "play_again", "exit", "deal_n", "resume_q", "pause", "hint", "hk_play", "h_lead_cheap",
    "h_lead_franco", "h_follow_win_high", "h_take_carico_trump", "h_dump_low", "h_save_trump",
    "h_load_partner", "h_dont_overtrump_partner", "h_secure_61", "h_exchange", "h_lose_for_trump",
    "h_endgame_exact", "h_must_follow", "st_games", "st_wins", "st_pct", "st_streak", "st_best",
    "st_cesalj", "st_cesalj_d", "help", "card", "ranks", "ranks_fr", "suits_es", "suits_it", "suits_hr",
    "suits_fr",
)
# Texts shown on one screen line: they must fit 160 px (26 characters) once formatted.
ONE_LINE_PREFIXES = ("m_", "mt_", "d3_", "t_", "ds_", "h_", "c_", "st_", "lp_", "p_", "r_")
ONE_LINE_KEYS = (
    "new_game", "continue", "resume", "settings", "stats", "rules", "quit", "back", "on", "off", "yes",
    "no", "ok", "cancel", "start", "preset", "custom", "mode", "ai_level", "easy", "medium", "hard",
    "match", "rule_opts", "o_exch", "o_redeal", "o_deck3", "o_open", "o_bone", "o_follow", "o_double",
    "o_show", "o_6060", "o_fr32", "deck", "language", "sound", "leds", "o_points", "o_out", "names",
    "player_n", "you", "ai_n", "partner", "team", "your_turn", "turn_of", "pass_to", "thinking",
    "trump", "stock", "last_trick", "took", "took_by", "exch_q", "exch_q7", "exch_q2", "exch_q9", "exchanged",
    "deal_over", "points", "won_deal", "draw6060", "annulled", "redeal", "won_match", "you_won",
    "you_lost", "play_again", "exit", "deal_n", "deals_won", "resume_q", "pause", "hint", "score",
    "tricks", "cards_out", "trumps_out", "redeal_ace3", "partner_hand", "save_bad", "save_fail",
    "replay",
)
# Longer descriptions that the UI wraps onto two lines.
TWO_LINE = ("o_exch_d", "o_redeal_d", "o_open_d", "o_bone_d", "o_double_d", "o_show_d", "st_cesalj_d")
SAMPLE_NAME = "Ana"  # placeholder for %s when measuring; longer names need the UI to clip
SAMPLE_NUMBER = 120


@pytest.fixture(scope="module")
def font():
    return Glyphs()


def all_texts(code):
    """(key, text) for every string of a language, tuples and help pages flattened."""
    texts = lang.load(code)
    for key in texts.keys():
        if key == "help":
            for n in range(texts.pages()):
                for line in texts.page(n):
                    yield key, line
            continue
        value = texts.get(key)
        for item in (value,) if isinstance(value, str) else value:
            yield key, item
    for style in lang.STYLES:
        for rank in range(13 if style == "fr" else 10):
            for suit in range(4):
                yield "card", texts.card(rank, suit, style)


def cell(font, tile):
    """The pixels of sheet cell `tile`, a tuple of rows (drawn as the shell draws them, before a refresh)."""
    font.draw_pending()
    x0 = tile * font.w
    return tuple(tuple(font.sheet[x0 + x, y] for x in range(font.w)) for y in range(font.h))


def base(ch):
    """The board font's pixels for ASCII `ch`, in a cell one row taller (the line gap)."""
    g = terminalio.FONT.get_glyph(ord(ch))
    x0 = g.tile_index * g.width
    rows = [tuple(g.bitmap[x0 + x, y] for x in range(g.width)) for y in range(g.height)]
    return tuple(rows + [(0,) * g.width])


def is_box(rows):
    """A hollow rectangle: the missing-glyph look."""
    ink = [(x, y) for y, row in enumerate(rows) for x, v in enumerate(row) if v]
    if not ink:
        return False
    xs = [p[0] for p in ink]
    ys = [p[1] for p in ink]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    border = {(x, y) for x in range(left, right + 1) for y in (top, bottom)}
    border |= {(x, y) for y in range(top, bottom + 1) for x in (left, right)}
    return set(ink) == border


def fill(text):
    """A format string filled with sample values (named card fields left alone)."""
    args = tuple(SAMPLE_NAME if s == "s" else SAMPLE_NUMBER for s in specs(text) if s[0] != "(")
    return text % args if args else text


# -- the glyph sheet ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", lang.LANGS)
def test_every_character_of_every_language_has_a_real_glyph(font, code):
    for key, text in all_texts(code):
        for ch in text:
            assert known(ch), f"{code} {key}: no glyph for {ch!r} in {text!r}"
            tile = font.tile(ch)
            if ord(ch) > 126:
                assert tile >= ASCII, (ch, "not one of our drawn glyphs")
                assert not is_box(cell(font, tile)), (ch, "looks like a missing-glyph box")
                assert any(any(row) for row in cell(font, tile)), (ch, "blank glyph")


def test_accented_glyphs_differ_from_their_base_letter_and_each_other(font):
    seen = {}
    for ch in letters.CHARS:
        rows = cell(font, font.tile(ch))
        assert rows != base(letters._lookup(ch)[0]), ch
        assert rows not in seen, (ch, seen.get(rows))
        seen[rows] = ch
    assert len(letters.CHARS) == OURS


def test_ascii_comes_from_the_base_font(font):
    for ch in "Aa9?~ g":
        assert cell(font, font.tile(ch)) == base(ch), ch
    assert font.get_bounding_box() == (6, 13)  # the board font's cell and a line gap


class DeviceLikeFont:
    """terminalio.FONT as CircuitPython has it: every glyph a tile of one shared bitmap, dy 0."""

    def __init__(self):
        import displayio
        import fontio

        self._glyph = fontio.Glyph
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)
        for i in range(95):
            g = terminalio.FONT.get_glyph(32 + i)
            for y in range(12):
                for x in range(6):
                    self.bitmap[6 * i + x, y] = g.bitmap[g.tile_index * g.width + x, y]

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        if not 32 <= codepoint < 127:
            return None
        return self._glyph(self.bitmap, codepoint - 32, 6, 12, 0, 0, 6, 0)


def test_works_over_a_device_like_base_font(font):
    device = Glyphs(DeviceLikeFont())
    for ch in "AzéÉčŁß¿ñÑżĐ":
        assert cell(device, device.tile(ch)) == cell(font, font.tile(ch)), ch


def drawn(glyphs):
    """How many accented glyphs `glyphs` has drawn (its per-letter state: 1 drawn)."""
    return sum(b == 1 for b in glyphs._built)


def test_glyphs_are_drawn_on_first_use_only():
    fresh = Glyphs()
    assert drawn(fresh) == 0
    fresh.tile("é")
    fresh.tile("é")
    assert drawn(fresh) == 0  # drawn before the next refresh, from the shell's short call chain
    fresh.draw_pending()
    assert drawn(fresh) == 1
    for ch in "ñÑ":
        fresh.tile(ch)
    fresh.draw_pending()
    assert drawn(fresh) == 3
    fresh.draw_pending()  # nothing new: nothing drawn again
    assert drawn(fresh) == 3


def test_unknown_characters_fall_back_to_ascii_not_a_box(font):
    question = font.tile("?")
    assert font.tile("€") == question  # nothing we know: a question mark
    assert font.tile("ŕ") == question
    assert font.tile("…") == font.tile(".")
    assert font.tile("„") == font.tile('"')
    assert displayable("Año… ŕ") == "Año... ?"
    assert displayable("plain") == "plain"


def test_the_sheet_is_small(font):
    words = (font.sheet.width + 31) // 32
    assert words * 4 * font.sheet.height <= 2048  # 1 bit a pixel, rows in 32-bit words, as on a board


def test_text_reaches_the_simulator_screen(font):
    """End to end on the desktop simulator's display: accents change the pixels on screen."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import displayio
    from blinka_displayio_pygamedisplay import PyGameDisplay

    from brisca.ui.text import Text

    displayio.release_displays()  # earlier tests in this process may hold Blinka's one display
    display = PyGameDisplay(width=160, height=128, auto_refresh=False)
    try:
        shots = []
        for text in ("Briskula Lodz", "Briškula Łódź"):
            group = displayio.Group()
            line = Text(font, 20, 1, 2, 2)
            line.set(text)
            group.append(line.group)
            display.root_group = group
            display.refresh()
            screen = display._pygame_screen
            shots.append({(x, y) for x in range(100) for y in range(16) if screen.get_at((x, y))[0]})
        plain, accented = shots
        assert plain and accented
        assert plain < accented  # same letters plus the marks
    finally:
        display.root_group = None


# -- ascii_fallback -------------------------------------------------------------------------------


def test_ascii_fallback():
    assert ascii_fallback("Briškula") == "Briskula"
    assert ascii_fallback("Łódź ćma żółw") == "Lodz cma zolw"
    assert ascii_fallback("¿Señor?") == "Senor?"
    assert ascii_fallback("Größe", "de") == "Groesse"
    assert ascii_fallback("Größe") == "Grosse"
    assert ascii_fallback("pingüino") == "pinguino"
    assert ascii_fallback("đak Đ") == "dak D"
    assert ascii_fallback("plain") == "plain"
    assert ascii_fallback("a…b") == "a...b"


@pytest.mark.parametrize("code", lang.LANGS)
def test_ascii_fallback_of_every_text_is_ascii(code):
    for _, text in all_texts(code):
        out = ascii_fallback(text, code)
        assert out.isascii(), out
        assert len(out) >= len(text) - text.count("¿") - text.count("¡")


# -- language checks that need CPython (or too much RAM for the portable test) --------------------


def test_languages_and_their_names():
    assert lang.LANGS == ("en", "es", "it", "hr", "de", "pl")
    assert lang.NAMES == ("English", "Español", "Italiano", "Hrvatski", "Deutsch", "Polski")
    assert lang.name("xx") == "xx"


def test_english_has_every_key_the_brief_asks_for():
    en = lang.load("en")
    missing = [k for k in REQUIRED if k not in en]
    assert missing == []


def test_specs_parser():
    assert specs("Pass to %s") == ["s"]
    assert specs("Win %") == []
    assert specs("%d%% %s") == ["d", "s"]
    assert specs("%(r)s of %(s)s") == ["(r)s", "(s)s"]
    assert same_specs(["(s)s", "(r)s"], ["(r)s", "(s)s"])
    assert not same_specs(["d", "s"], ["s", "d"])
    assert not same_specs(["s"], ["s", "s"])


def test_formatting_cards_and_help():
    es = lang.load("es")
    assert es("turn_of", "Ana") == "Turno de Ana"
    assert es("stock", 7) == "Quedan 7"
    assert es("mt_points", 120) == "A 120 puntos"
    assert es.card(0, 0, "es") == "As de oros"
    assert es.card(12, 1, "fr") == "Rey de corazones"
    assert es.pages() == es.count("help") >= 8
    assert es.page(0)[0] == "Las cartas"
    assert lang.load("hr").card(0, 0, "hr") == "Aš od dinara"
    assert lang.load("de").card(12, 1, "fr") == "Herz-König"
    assert lang.load("de").card(0, 1, "es") == "Kelch-Ass"
    assert lang.load("pl").card(12, 1, "fr") == "Król kier"
    assert lang.load("it").card(7, 3, "it") == "Fante di bastoni"
    assert lang.load("hr")("p_briskula") == "Briškula"


def test_bad_format_arguments_do_not_crash():
    en = lang.load("en")
    assert en("turn_of") == "%s's turn"
    assert en("stock", "x") == "Stock %d"  # wrong type: the raw text, no exception


@pytest.mark.parametrize("code", lang.LANGS)
def test_card_names_are_distinct_and_fit_a_line(code):
    texts = lang.load(code)
    for style in lang.STYLES:
        n = 13 if style == "fr" else 10
        names = [texts.card(rank, suit, style) for rank in range(n) for suit in range(4)]
        assert len(set(names)) == n * 4, (code, style)
        assert max(len(name) for name in names) <= WIDTH


@pytest.mark.parametrize("code", lang.LANGS)
def test_one_line_texts_fit_the_screen(code):
    texts = lang.load(code)
    too_wide = []
    for key in texts.keys():
        if key in TWO_LINE or not (key in ONE_LINE_KEYS or key.startswith(ONE_LINE_PREFIXES)):
            continue
        text = fill(texts.get(key))
        if len(text) * 6 > SCREEN_W:
            too_wide.append(f"{key}={text} ({len(text) * 6} px)")
    assert too_wide == []


def wrap(text):
    """Greedy word wrap at WIDTH characters."""
    lines = [""]
    for word in text.split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > WIDTH:
            lines.append(word)
        else:
            lines[-1] = (lines[-1] + " " + word) if lines[-1] else word
    return lines


def test_wrap():
    assert wrap("a b") == ["a b"]
    assert wrap("x" * 20 + " " + "y" * 10) == ["x" * 20, "y" * 10]


@pytest.mark.parametrize("code", lang.LANGS)
def test_two_line_texts_wrap_into_two_lines(code):
    texts = lang.load(code)
    for key in TWO_LINE:
        lines = wrap(texts.get(key))
        assert len(lines) <= 2 and max(len(line) for line in lines) <= WIDTH, (code, key, lines)


@pytest.mark.parametrize("code", lang.LANGS)
def test_help_lines_fit_the_screen(code):
    texts = lang.load(code)
    for n in range(texts.pages()):
        for line in texts.page(n):
            assert len(line) * 6 <= SCREEN_W, line


def test_every_ai_hint_code_has_a_text_in_every_language():
    from brisca import ai

    for code in lang.LANGS:
        texts = lang.load(code)
        for reason in ai.REASONS.split():
            assert "h_" + reason in texts, (code, reason)
