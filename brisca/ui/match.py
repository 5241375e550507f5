"""The game in progress, between its screens: a human's keys, hints, the AI's turns, and what the
table, pause, score and end-of-deal screens say about it. Functions of the App (`app`), which holds
the state (game, players, names, humans, holder, ...); this module, brisca.core and brisca.ai stay
loaded while a game is on (App.GAME_MODULES). Sitting down at a game: brisca.ui.seating."""

from brisca import core
from brisca.ui import board as B
from brisca.ui.text import GOLD


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


def side_name(app, side):
    """A side's name: the player's, or its team's: "NAME & NAME", "NAME, NAME & NAME" (6 players)."""
    r = app.game.rules
    names = app.names
    if r.players < 4:
        return names[side]
    if r.players == 6:
        return app.t("team_of3", names[side], names[side + 2], names[side + 4])
    return app.t("team_of", names[side], names[side + 2])


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
