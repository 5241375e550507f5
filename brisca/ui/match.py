"""The game in progress, between its screens: who sits where, the AI players, and what the table,
pause, score and end-of-deal screens say about it. Functions of the App (`app`), which holds the
state (game, players, names, humans, holder, ...); this module, brisca.core and brisca.ai stay
loaded while a game is on (App.GAME_MODULES)."""

from brisca import core
from brisca.save.settings import LEVELS, MODES, index_of
from brisca.ui import board as B
from brisca.ui.text import GOLD

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
    seated by its player count)."""
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
            app.players[s] = _make_ai(g.rules, level, bits(app))
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
    app.status = ""
    app.status_color = None
    app.handover_to = -1
    app.exported = None


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


def corner(app, total, tally, points, cols):
    """The score line's two values, each with its label ("Deals 1:3", "Pts 45:30"; `total`: a
    points match's "Total"), together within `cols` characters: the long labels where they fit,
    else the short ones ("D. 1:3")."""
    key = "c_total" if total else "c_deals"
    for a, b in ((key, "c_pts"), (key, "c_pts_s"), (key + "_s", "c_pts"), (key + "_s", "c_pts_s")):
        left = app.t(a, tally) if tally else ""
        right = app.t(b, points) if points else ""
        if len(left) + len(right) < cols:
            break
    return left, right


def _make_ai(rules, level, seed):
    """An AI player (brisca.ai, loaded with the first one); the stub if it cannot start."""
    try:
        from brisca import ai

        return ai.Player(rules, level, seed & 0x3FFFFFFF)
    except Exception as e:  # an AI that cannot start (or is missing) must not stop the game
        print("ai:", e)
    return _StubPlayer(rules, level, seed)


def side_name(app, side):
    """A side's name: the player's, or "NAME & NAME" for a team."""
    if app.game.rules.players < 4:
        return app.names[side]
    return app.t("team_of", app.names[side], app.names[side + 2])


def tally_texts(app):
    """(match tally, running points): the table's corners and the score sheets."""
    g = app.game
    r = g.rules
    tally = ""
    if r.match == core.MATCH_POINTS:
        tally = ":".join([str(g.match_points(s)) for s in range(r.sides)])
    elif r.match != core.MATCH_ONE:
        tally = ":".join([str(g.tally[s]) for s in range(r.sides)])
    points = ""
    if app.settings.show_points:
        points = ":".join([str(g.side_points(s)) for s in range(r.sides)])
    return tally, points


def human_result(app):
    """'win', 'loss' or 'draw' for the first human's side."""
    side = app.game.rules.side_of(app.humans[0])
    w = app.game.match_winners
    if w == 0 or w & (w - 1):
        return "draw"
    return "win" if w >> side & 1 else "loss"


def back_to_game(app):
    """Leave a pause screen for where the game stands: the handover, the deal's score or the table."""
    g = app.game
    if app.masked and g.turn in app.humans and g.phase <= core.EXCHANGE_PHASE:
        app.go("handover", app.handover_to)
    elif g.phase >= core.DEAL_OVER and not app.in_trick_pause:
        app.go("deal_over")
    else:
        app.go("table")


# -- the table's moves (here rather than in brisca.ui.table, which the app loads over a fuller heap)
def human(app, btn, seat):
    """A human's turn at the table (the table screen's step): True while busy."""
    g = app.game
    if g.phase == core.EXCHANGE_PHASE and g.exchange_card(seat) == core.NO_CARD:
        act(app, core.PASS)  # the step comes whoever holds the card: nothing to ask without one
        if btn != B.BTN_START:  # (START pressed in that step still opens the pause menu)
            return True
    token = (g.deal_no * 64 + g.trick_no) * 16 + g.trick_len + (8 if g.phase == core.EXCHANGE_PHASE else 0)
    if token != app.turn_token:
        app.turn_token = token
        app.hint_card = 255
        app.cue_turn()
        app.dirty = True
        if not app.status or app.status_color is None:
            app.status = ""
    k = g.hand_len[seat]
    if app.sel >= k:
        app.sel = max(0, k - 1)
    if not btn:
        return False
    app.dirty = True
    if btn == B.BTN_START:
        app.go("pause")
        return False
    if g.phase == core.EXCHANGE_PHASE:
        if btn == B.BTN_A:
            act(app, core.EXCHANGE)
            app.status = app.t("exchanged", app.names[seat])
        elif btn == B.BTN_B or btn == B.BTN_RIGHT and app.board.two_buttons:  # (the CLUE has no B)
            act(app, core.PASS)
        return False
    if btn == B.BTN_LEFT and k:
        app.sel = (app.sel - 1) % k
        app.status = ""
    elif btn == B.BTN_RIGHT and k:
        app.sel = (app.sel + 1) % k
        app.status = ""
    elif btn == B.BTN_A and k:
        card = g.hands[seat * core.HAND_MAX + app.sel]
        if card in g.legal_actions():
            app.status = ""
            act(app, card)
        else:
            app.status = app.t("h_must_follow")
            app.status_color = GOLD
    elif btn == B.BTN_B:
        app.go("lasttrick", "table")
    elif btn == B.BTN_SELECT:
        hint(app)
    return False


def hint(app):
    """Select the suggested card and show the reason (only for the holder on their turn)."""
    g = app.game
    seat = g.turn
    if seat not in app.humans or seat != app.holder or app.masked or g.phase != core.PLAY:
        return False
    v = g.view(seat, into=app.seat_view)
    try:
        from brisca import ai

        action, reason = ai.hint(v)
    except Exception as e:
        print("hint:", e)
        return False
    base = seat * core.HAND_MAX
    for i in range(g.hand_len[seat]):
        if g.hands[base + i] == action:
            app.sel = i
    app.hint_card = action
    app.status = app.t("h_" + reason) if isinstance(reason, str) else str(reason)
    app.status_color = GOLD
    app.dirty = True
    return True


def act(app, action):
    """Apply one action and save the game (a power cut after any move resumes right there);
    start the trick-winner moment when a trick completes."""
    g = app.game
    before = g.trick_no
    g.apply(action)
    app.save_game()
    app.dirty = True
    app.hint_card = 255
    if action < 40 and g.trick_no != before:
        app.in_trick_pause = True
        app.pause_t0 = app.board.ticks_ms()
        w = g.last_winner
        if not app.multi and w == app.humans[0]:
            app.status = app.t("took")
        else:
            app.status = app.t("took_by", app.names[w])
        app.status_color = GOLD
        side = None if app.multi else g.rules.side_of(app.humans[0])
        if side is None and w in app.humans or side is not None and g.rules.side_of(w) == side:
            app.cue_take()
