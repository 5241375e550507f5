"""The new-game screen: preset, mode, AI level, match, every rule option, deck, language, sound,
names, start. It opens on the preset the first time, then where its cursor was."""

from brisca import core
from brisca.save.settings import DECKS, LEVELS, MODE_KEYS, MODES, index_of
from brisca.ui.match import MODE_SEATS
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


def preset_values(v, name):
    """Apply regional preset `name` to the option values `v` (every option stays changeable)."""
    from brisca import notation

    r = notation.preset(name, MODE_SEATS[v["mode"]][0])
    v["preset"] = index_of(name, PRESETS, 0)
    for key, flag, _label in FLAG_ITEMS:
        v[key] = 1 if r.flags & flag else 0
    v["tie"] = r.tie
    v["deck3"] = 1 if name == "brisca" else 0
    v["match"] = index_of((r.match, r.target), MATCHES, 0)
    v["deck"] = 0 if name == "brisca" else 1
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


def rules_of(v):
    """Rules from the option values; ValueError with the core's message if they do not fit."""
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
    if DECKS[v["deck"]] == "french":
        style = core.STYLE_FRENCH
    elif v["preset"] == 2:
        style = core.STYLE_CROATIAN
    else:
        style = core.STYLE_SPANISH if DECKS[v["deck"]] == "spanish" else core.STYLE_ITALIAN
    return core.Rules(players, deck, flags, v["tie"], kind, target, style)


class Screen(MenuScreen):
    """The new-game menu."""

    def enter(self, name):
        app = self.app
        s = app.settings
        v = getattr(app, "setup_values", None)
        if v is None:
            v = {"mode": index_of(s.mode, MODES, 0), "level": index_of(s.level, LEVELS, 1),
                 "lang": index_of(s.language, LANG_CODES, 0), "sound": 1 if s.sound else 0}
            preset_values(v, "brisca")
            v["deck"] = index_of(s.deck, DECKS, 0)
            if s.rules:
                values_from_rules(v, s.rules)
            app.setup_values = v
        self.show(Menu(app.t("new_game"), self.items(v), app.help()), "preset")

    def items(self, v):
        app = self.app
        t = app.t
        oo = self.on_off()
        match_names = []
        for kind, target in MATCHES:
            key = ("mt_one", "mt_first", "mt_best", "mt_points")[kind]
            match_names.append(t(key) if kind == core.MATCH_ONE else t(key, target))
        items = [self.item("preset", "preset", [t(k) for k in PRESET_KEYS], v["preset"]),
                 self.item("mode", "mode", [t(k) for k in MODE_KEYS], v["mode"])]
        if MODE_SEATS[v["mode"]][0] > len(MODE_SEATS[v["mode"]][1]):  # an AI at the table
            items.append(self.item("level", "ai_level", [t(k) for k in LEVELS], v["level"]))
        items.append(self.item("match", "match", match_names, v["match"]))
        for key, _flag, label in FLAG_ITEMS:
            items.append(self.item(key, label, oo, v[key]))
        items += [self.item("deck3", "o_deck3", [t("d3_one2"), t("d3_all2")], v["deck3"]),
                  self.item("tie", "o_6060", [t(k) for k in TIE_KEYS], v["tie"]),
                  self.item("fr32", "o_fr32", oo, v["fr32"]),
                  self.item("deck", "deck", [t(k) for k in DECK_KEYS], v["deck"]),
                  self.item("lang", "language", list(LANG_NAMES), v["lang"]),
                  self.item("sound", "sound", oo, v["sound"]),
                  self.item("names"), self.item("start")]
        return items

    def on_setup(self, btn):
        app = self.app
        ev, key = self.event(btn)
        m = app.menu
        v = app.setup_values
        if ev == "back":
            app.go("title")
        elif ev == "change":
            v[key] = m.value(key)
            if key in ("preset", "mode"):
                preset_values(v, PRESETS[v["preset"]])
            elif key == "lang":
                app.set_language(LANG_CODES[v["lang"]])
            elif key == "sound":
                app.settings.sound = bool(v["sound"])
                app.save_settings()
            if key in ("preset", "mode", "lang"):  # labels or the items offered change
                self.show(Menu(app.t("new_game"), self.items(v), app.help()))
                return
            m.draw(self.view)
        elif ev == "select" and key == "names":
            app.go("names", "setup")
        elif ev == "select" and key == "start":
            try:
                rules = rules_of(v)
            except ValueError as e:  # (the core says why, in English: the console has it)
                print(e)
                m.message = app.t("bad_opts")
                m.draw(self.view)
                return
            s = app.settings
            s.mode = MODES[v["mode"]]
            s.level = LEVELS[v["level"]]
            s.deck = DECKS[v["deck"]]
            s.rules = rules.to_bytes()
            app.save_settings()
            from brisca.ui import match

            match.new_game(app, rules)
