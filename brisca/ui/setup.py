"""The new-game screen: preset, mode, AI level, match, every rule option, deck, language, sound,
names, start. It opens on the preset the first time, then where its cursor was.

A preset sets every rule option to its region's; a new mode keeps them all, but for those its
player count cannot have: each such is turned off, its row goes, and the footer says so. START
starts from any row; a refused combination says why on a page of its own."""

from brisca import core
from brisca.save.settings import DECKS, LEVELS, MODE_KEYS, MODES, index_of
from brisca.ui import board as B
from brisca.ui.seating import MODE_SEATS
from brisca.ui.menu import DECK_KEYS, LANG_CODES, LANG_NAMES, Menu, MenuScreen

PRESETS = ("brisca", "briscola", "briskula")
PRESET_KEYS = ("p_brisca", "p_briscola", "p_briskula")
MATCHES = ((core.MATCH_ONE, 1), (core.MATCH_WINS, 2), (core.MATCH_WINS, 3), (core.MATCH_WINS, 4),
           (core.MATCH_WINS, 5), (core.MATCH_BEST_OF, 3), (core.MATCH_BEST_OF, 5), (core.MATCH_POINTS, 120),
           (core.MATCH_POINTS, 151))
TIE_KEYS = ("t_draw", "t_annul", "t_redeal")
# Optional rule flags offered as on/off items: (menu key, flag, label key).
FLAG_ITEMS = (("exch", core.F_EXCHANGE, "o_exch"), ("redeal", core.F_REDEAL, "o_redeal"),
              ("open", core.F_OPEN, "o_open"), ("bone", core.F_NO_TRUMP, "o_bone"),
              ("follow", core.F_FOLLOW, "o_follow"), ("double", core.F_DOUBLE, "o_double"),
              ("show", core.F_PARTNERS_SEE, "o_show"))
# Options only some player counts can have (the core refuses them on with the others): (menu key,
# those counts as bits 1 << players). Their label is "o_" + key, their notice "off_" + key.
LIMITED = (("open", 4), ("bone", 4), ("double", 20), ("show", 80), ("fr32", 28))


def preset_values(v, name):
    """Apply regional preset `name` to the option values `v` (every option stays changeable)."""
    from brisca import words

    r = words.preset(name, MODE_SEATS[v["mode"]][0])
    v["preset"] = index_of(name, PRESETS, 0)
    for key, flag, _label in FLAG_ITEMS:
        v[key] = 1 if r.flags & flag else 0
    v["tie"] = r.tie
    v["deck3"] = 1 if name == "brisca" else 0
    v["match"] = index_of((r.match, r.target), MATCHES, 0)
    v["deck"] = r.style
    v["fr32"] = 0


def values_from_rules(v, data):
    """The option values of saved rules bytes (last game's), over `v`."""
    try:
        r = core.Rules.from_bytes(data)
    except (ValueError, IndexError):
        return
    for key, flag, _label in FLAG_ITEMS:
        v[key] = 1 if r.flags & flag else 0
    v["tie"] = r.tie
    v["match"] = index_of((r.match, r.target), MATCHES, v["match"])
    v["deck3"] = 1 if r.deck == 36 else 0
    v["fr32"] = 1 if r.deck == 32 else 0
    v["preset"] = (0, 1, 2, 0)[r.style] if r.style < 3 else v["preset"]


def offered(key, players):
    """False if `players` cannot have option `key` on (see LIMITED)."""
    for k, counts in LIMITED:
        if k == key:
            return counts >> players & 1
    return key != "deck3" or players == 3  # (the 3-player deck is offered with 3 only)


def keep_for_mode(v, notice=None):
    """After a change of mode: turn off each option its player count cannot have. The text key of
    the footer's notice: the first of those, else `notice` (the one before) while it still holds."""
    players = MODE_SEATS[v["mode"]][0]
    if notice and offered(notice[4:], players):
        notice = None
    first = None
    for key, _counts in LIMITED:
        if v[key] and not offered(key, players):
            v[key] = 0
            first = first or "off_" + key
    return first or notice


def fields(v):
    """The core.Rules arguments of the option values `v`."""
    players = MODE_SEATS[v["mode"]][0]
    flags = 0
    for key, flag, _label in FLAG_ITEMS:
        if v[key]:
            flags |= flag
    deck = 40
    if v["fr32"]:
        deck = 32
    elif players == 3:
        deck = 36 if v["deck3"] else 39
    elif players == 6:
        deck = 36
    kind, target = MATCHES[v["match"]]
    return players, deck, flags, v["tie"], kind, target, v["deck"]


def refusal(n, deck, f, tie, m, t, style):
    """The text key of the first reason core.Rules(n, deck, f, tie, m, t, style) refuses to be
    made, checked in the core's order (the core says it in English, for the console), or None."""
    if n not in core.PLAYERS:
        return "why_players"
    if deck not in ((40, 32), (39, 36, 32), (40, 32), (), (36,))[n - 2]:
        return "why_deck"
    if f & ~127:
        return "why_flags"
    if f & core.F_NO_TRUMP and (n != 2 or f & (core.F_EXCHANGE | core.F_REDEAL | core.F_DOUBLE)):
        return "why_bone"
    if f & core.F_OPEN and n != 2:
        return "why_open"
    if f & core.F_DOUBLE and n not in (2, 4):
        return "why_double"
    if f & core.F_PARTNERS_SEE and n < 4:
        return "why_show"
    if tie not in (0, 1, 2) or style not in (0, 1, 2, 3) or m not in (0, 1, 2, 3):
        return "why_kind"
    if not (t == 1 if m == core.MATCH_ONE else 1 <= t <= 15 if m == core.MATCH_WINS
            else t in (3, 5) if m == core.MATCH_BEST_OF else t in (120, 121, 151)):
        return "why_target"
    return None


def rules_of(v):
    """Rules from the option values; ValueError with the core's message if they do not fit."""
    return core.Rules(*fields(v))


class Screen(MenuScreen):
    """The new-game menu."""

    notice = None  # the text key of what a change of mode turned off, while it holds

    def enter(self, name):
        app = self.app
        s = app.settings
        v = getattr(app, "setup_values", None)
        if v is None:
            v = {"mode": index_of(s.mode, MODES, 0), "level": index_of(s.level, LEVELS, 1)}
            preset_values(v, "brisca")
            v["deck"] = index_of(s.deck, DECKS, 0)
            if s.rules:
                values_from_rules(v, s.rules)
                keep_for_mode(v)  # (rules saved with another mode, by a replay code)
            app.setup_values = v
        v["lang"] = index_of(s.language, LANG_CODES, 0)  # (the settings screen may have changed them)
        v["sound"] = 1 if s.sound else 0
        self.redo(v, "preset")

    def redo(self, v, start=None, notice=None):
        """The menu (again) from the option values `v`, with `notice` (a text key) in its footer."""
        app = self.app
        menu = Menu(app.t("new_game"), self.items(v), app.help())
        if notice:
            menu.message = app.t(notice)
        self.show(menu, start)

    def items(self, v):
        app = self.app
        t = app.t
        oo = self.on_off()
        players, humans = MODE_SEATS[v["mode"]]
        match_names = []
        for kind, target in MATCHES:
            key = ("mt_one", "mt_first", "mt_best", "mt_points")[kind]
            match_names.append(t(key) if kind == core.MATCH_ONE else t(key, target))
        items = [self.item("preset", "preset", [t(k) for k in PRESET_KEYS], v["preset"]),
                 self.item("mode", "mode", [t(k) for k in MODE_KEYS], v["mode"])]
        if players > len(humans):  # an AI at the table
            items.append(self.item("level", "ai_level", [t(k) for k in LEVELS], v["level"]))
        items.append(self.item("match", "match", match_names, v["match"]))
        for key, _flag, label in FLAG_ITEMS:
            if offered(key, players):
                items.append(self.item(key, label, oo, v[key]))
        if players == 3:
            items.append(self.item("deck3", "o_deck3", [t("d3_one2"), t("d3_all2")], v["deck3"]))
        items.append(self.item("tie", "o_6060", [t(k) for k in TIE_KEYS], v["tie"]))
        if offered("fr32", players):
            items.append(self.item("fr32", "o_fr32", oo, v["fr32"]))
        items += [self.item("deck", "deck", [t(k) for k in DECK_KEYS], v["deck"]),
                  self.item("lang", "language", list(LANG_NAMES), v["lang"]),
                  self.item("sound", "sound", oo, v["sound"]),
                  self.item("names"), self.item("start")]
        return items

    def on_setup(self, btn):
        app = self.app
        if btn == B.BTN_START and not self.paged:  # from any row
            self.start()
            return
        ev, key = self.event(btn)
        m = app.menu
        v = app.setup_values
        if ev == "back":
            app.go("title")
        elif ev == "change":
            v[key] = m.value(key)
            self.notice = keep_for_mode(v, self.notice) if key == "mode" else None
            if key == "preset":
                preset_values(v, PRESETS[v["preset"]])
            elif key == "lang":
                app.set_language(LANG_CODES[v["lang"]])
            elif key == "sound":
                app.settings.sound = bool(v["sound"])
                app.save_settings()
            if key in ("preset", "mode", "lang"):  # labels or the items offered change
                self.redo(v, None, self.notice)
                return
            m.draw(self.view)
        elif ev == "select" and key == "names":
            app.go("names", "setup")
        elif ev == "select" and key == "start":
            self.start()

    def start(self):
        """Start the game the options make; if they cannot make one, a page says why."""
        app = self.app
        v = app.setup_values
        why = refusal(*fields(v))
        rules = None
        try:
            rules = None if why else rules_of(v)
        except ValueError as e:  # a reason this screen does not know yet: the core's, in English
            print(e)
        if rules is None:
            self.page(app.t("bad_opts"), app.t(why) if why else "")
            return
        s = app.settings
        s.mode = MODES[v["mode"]]
        s.level = LEVELS[v["level"]]
        s.deck = DECKS[v["deck"]]
        s.rules = rules.to_bytes()
        app.save_settings()
        from brisca.ui import seating

        seating.new_game(app, rules)
