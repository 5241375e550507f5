"""Sitting down at a game: a new match and its secret, a saved game back, who sits where (the
mode's humans, an AI player per other seat) and the seats' names. Loaded for that and let go:
brisca.ui.match holds what the table needs while a game is on."""

from brisca import core
from brisca.save.settings import LEVELS, MODES, index_of
from brisca.ui.text import TITLE

# Modes of brisca.save.settings.MODES: (players, human seats); with 4 or 6 even seats play odd ones
MODE_SEATS = ((2, (0,)), (2, (0, 1)), (3, (0,)), (4, (0,)), (4, (0, 2)), (6, (0,)))

class _StubPlayer:
    """Stand-in AI when brisca.ai is missing: a random legal action."""

    def __init__(self, rules, level="medium", seed=0):
        self.rng = core.Random(seed)
        self.action = 0

    def start(self, v, budget_ms=None):
        self.action = v.legal[self.rng.below(v.nlegal)] if v.nlegal else core.PASS

    def step(self, max_ms):
        return True

    def progress(self):
        return 100

    def result(self):
        return self.action


def bits(app):
    """30 bits no one can foresee: the board's entropy (os.urandom: a hardware generator on a
    SAMD51, an nRF52840 or an ESP32-S3), else the random module, else the clock. An App made with
    a fixed seed (tests, screenshots) gets the same series every run."""
    if app.fixed:
        app.seed = (app.seed * 1103515245 + 12345) & 0x3FFFFFFF
        return app.seed
    try:
        from os import urandom

        b = urandom(4)
        return (b[0] & 63) << 24 | b[1] << 16 | b[2] << 8 | b[3]
    except Exception:  # (no urandom on this port)
        try:
            from random import getrandbits

            return getrandbits(30)
        except Exception:
            return app.board.ticks_ms() * 7919 & 0x3FFFFFFF


def new_game(app, rules, dealer=0):
    """Deal a new match of `rules` and sit down at it: its secret (60 bits) from bits(), so no
    deal of it follows from anything shown."""
    play(app, core.Game(rules, bits(app) << 30 | bits(app), dealer % rules.players))
    app.save_game()


def resume(app):
    """The saved game (app.saved) back in play; False (with a notice) if it cannot be read."""
    data, app.saved = app.saved, None
    try:
        game = core.Game.from_bytes(data)
    except (ValueError, TypeError):
        app.notice = app.t("save_bad")
        app.store_call("save_game", None)
        return False
    app.game = game
    app.last_rules = game.rules
    app.last_dealer = game.dealer
    seat(app)
    return True


def play(app, game):
    """Sit down at `game` (a core.Game in progress): the table seats the current mode's players."""
    app.game = game
    app.saved = None
    app.last_rules = game.rules
    app.last_dealer = game.dealer
    app.go("table", "start")


def seat(app):
    """Humans, AI players and names for the current mode (a saved game from another mode is
    seated by its player count); True."""
    g = app.game
    mode = index_of(app.settings.mode, MODES, 0)
    players, humans = MODE_SEATS[mode]
    if g.n != players:
        mode = {2: 0, 3: 2, 4: 3, 6: 5}.get(g.n, 0)
        players, humans = MODE_SEATS[mode]
        app.settings.mode = MODES[mode]
    app.mode = mode
    app.humans = humans
    app.multi = len(humans) > 1
    app.holder = humans[0] if not app.multi else None
    app.masked = False
    level = app.settings.level if app.settings.level in LEVELS else "medium"
    app.level = level
    # One AI per seat, each with its own generator: a shared one would move with the other seats'
    # decisions, which follow from their hidden cards, and so would this seat's.
    app.players = {}
    for s in range(g.n):
        if s not in humans:
            app.players[s] = _make_ai(app, g.rules, bits(app))
    name_seats(app)
    # One view serves whoever decides (an AI's search, a human's hint): one seat decides at a time,
    # and a fill leaves nothing of the seat before (core.View.fill).
    app.seat_view = core.View(g.rules)
    app.sel = 0
    app.thinking = -1
    app.in_trick_pause = False
    app.pause_t0 = 0
    app.turn_token = -1
    app.hint_card = 255
    if app.level != level:  # the player is told: the table's status line, over the first trick
        app.status = app.t("ai_down", app.t(level), app.t(app.level or "ai_stub"))
        app.status_color = TITLE
    else:
        app.status = ""
        app.status_color = None
    app.handover_to = -1
    app.exported = None
    return True


def name_seats(app):
    """Every seat's name in the current language: the humans' own (or "Player N"), "AI N", "Partner"
    (with 6, "Partner 1" and "Partner 2" at seats 2 and 4)."""
    names = app.names = []
    ai_no = 0
    for s in range(app.game.n):
        if s in app.humans:
            names.append(app.human_name(app.humans.index(s)))
        elif app.mode == 3 and s == 2:
            names.append(app.t("partner"))
        elif app.mode == 5 and s % 2 == 0:
            names.append(app.t("partner_n", s // 2))
        else:
            ai_no += 1
            names.append(app.t("ai_n", ai_no))


def _make_ai(app, rules, seed):
    """An AI player (brisca.ai, loaded with the first one) at app.level, else at the next level
    down that starts (app.level says which: seat() tells the player); the stub (app.level None)
    if none can start, so a broken AI never stops the game."""
    while app.level:
        try:
            from brisca import ai

            return ai.Player(rules, app.level, seed & 0x3FFFFFFF)
        except Exception as e:
            print("ai:", app.level, e)
        i = LEVELS.index(app.level)
        app.level = LEVELS[i - 1] if i else None
    return _StubPlayer(rules, "", seed)
