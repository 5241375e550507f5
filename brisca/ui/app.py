"""The game's screens and flow: a state machine driven by one button event per loop step.

Screens: resume question, title, new game (preset, mode, AI level, match, every rule option, deck,
language, sound, names), letter picker, settings, rules pages, statistics, the table (with the
handover screen for pass-and-play, the exchange prompt, the trick-winner moment, the last-trick
view, hints and AI "thinking"), pause menu, end-of-deal score and match result.

Privacy (pass-and-play): `holder` is the human who has the device. Hands are drawn face up only for
the holder and only while `masked` is False; when another human must act, the handover screen
("Pass to NAME", then A) hides everything until that player presses A.

run(board, store=None, max_steps=None) is the main loop. The screen is redrawn and refreshed only
when something changed (one board.refresh() per change).
"""

import gc

import displayio

from brisca import core
from brisca.ui import board as B
from brisca.ui.menu import ListView, Menu
from brisca.ui.screens_menus import DECKS, LEVELS, MODE_SEATS, MODES, MenuScreens, _index
from brisca.ui.table import TableView

try:
    from brisca import ai as _ai
except ImportError:  # the AI module is optional: a stub plays the first legal action
    _ai = None

SUIT_COLOURS = (0xFFB000, 0xFF2020, 0x2060FF, 0x20C040)  # trump suit as a colour on the NeoPixels


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


class _Defaults:
    """Settings when brisca.save is missing (same fields as brisca.save.Settings)."""

    def __init__(self):
        self.language = "en"
        self.deck = "spanish"
        self.sound = True
        self.leds = True
        self.level = "medium"
        self.mode = "vs_ai"
        self.show_points = False
        self.show_cards_out = False
        self.hint = True
        self.rules = b""
        self.names = []

    def set_name(self, index, text):
        while len(self.names) <= index:
            self.names.append("P%d" % (len(self.names) + 1))
        self.names[index] = text


def _load_font():
    try:
        from brisca.ui.font import LatinFont

        return LatinFont()
    except Exception:  # fall back to the board's ASCII font
        import terminalio

        return terminalio.FONT


class App(MenuScreens):
    """All screens and the game flow. step(btn) handles one poll; draw happens when `dirty`."""

    def __init__(self, board, store=None, seed=None, trick_ms=600, ai_budget_ms=None, ai_step_ms=30,
                 ai_min_ms=350, assets="assets", drive=None):
        """`drive`: a folder for exported records (the simulator, tests); on a board, None: its own
        drive, which the game may write only when boot.py gave it over (SELECT held at power-up)."""
        self.board = board
        self.drive = None  # where finished deals' records and stats.txt go; None: not exported
        try:
            from brisca import export

            if export.drive_writable(drive):
                self.drive = drive or "/"
        except Exception as e:  # exports are an extra: never stop the game over them
            print("drive:", e)
        self.W = board.width
        self.H = board.height
        self.store = store
        self.assets = assets
        self.trick_ms = trick_ms
        self.ai_budget_ms = ai_budget_ms
        self.ai_step_ms = ai_step_ms
        self.ai_min_ms = ai_min_ms
        self.seed = seed if seed is not None else (board.ticks_ms() * 7919 + 12345)
        self.settings = _Defaults()
        if store is not None:
            try:
                self.settings = store.load_settings()
            except Exception as e:  # a broken store must not stop the game
                print("settings:", e)
        self.T = self._lang(self.settings.language)
        self.font = _load_font()
        self.root = displayio.Group()
        self.list = ListView(self.W, self.H, self.font)
        self.root.append(self.list.group)
        self.table = None
        board.display.root_group = self.root
        self.screen = ""
        self.dirty = True
        self.menu = None
        self.game = None
        self.picker = None
        self.picker_for = "name"  # what the letter picker enters: "name" or "code"
        self.page = 0
        self.notice = ""
        self.return_to = "title"
        self.setup_values = None
        self.missing = []
        self.saved = None
        self.result_sel = 0
        self.handover_to = -1
        self.exported = None  # (game, deal number, row shown) of the last deal written to the drive
        self.masked = False
        self.holder = None
        self.last_view = False
        self.hint_card = 255
        self.thinking = -1
        self.think_t0 = 0
        self.pause_t0 = 0
        self.in_trick_pause = False
        self.turn_token = -1
        self.blink_until = -1
        self.status = ""
        self.status_color = None
        self.sel = 0
        self.unseen_buf = bytearray(40)
        self._handler = None
        self._handler_screen = None
        self.log = []  # (screen, detail) per refresh, for tests and debugging; kept short

    # ------------------------------------------------------------------ texts
    def _lang(self, code):
        try:
            from brisca import lang

            return lang.load(code)
        except Exception:
            return None

    def t(self, key, *args):
        """UI text for `key` in the current language (English built-ins if the key is missing)."""
        text = None
        if self.T is not None:
            text = self.T(key, *args) if args else self.T(key)
            if text == key:
                text = None
        if text is None:
            if key not in self.missing:
                self.missing.append(key)
            text = _FALLBACK.get(key, key)
            if args:
                try:
                    text = text % args
                except (TypeError, ValueError):
                    pass
        return text

    # ------------------------------------------------------------------ loop
    def start(self):
        """First screen: 'Resume?' if a game in progress is saved, else the title."""
        self.saved = None
        if self.store is not None:
            try:
                data = self.store.load_game()
                if data:
                    core.Game.from_bytes(data)
                    self.saved = data
            except ValueError:
                self.notice = self.t("save_bad")
                self._store_call("save_game", None)
            except Exception as e:
                print("load game:", e)
        if self.drive and not self.notice:
            self.notice = self.t("drive_on")  # boot.py gave the drive to the game: say so once
        if self.saved:
            self.goto_resume_q()
        else:
            self.goto_title()
        self.render()

    def step(self, btn):
        """Handle one poll result (0 = no key). Returns True while busy (AI thinking, animation)."""
        if self.screen is not self._handler_screen:  # look the handler up once per screen, not per poll
            self._handler = getattr(self, "on_" + self.screen)
            self._handler_screen = self.screen
        busy = self._handler(btn)
        self._tick_leds()
        if self.dirty:
            self.render()
        return busy

    def render(self):
        self.dirty = False
        on_table = self.screen in ("table", "lasttrick")
        if on_table:
            self.draw_table()
        self.list.group.hidden = on_table
        if self.table is not None:
            self.table.group.hidden = not on_table
        self.board.refresh()
        if len(self.log) > 64:
            del self.log[:32]
        self.log.append(self.screen)

    def loop(self, max_steps=None):
        n = 0
        while max_steps is None or n < max_steps:
            n += 1
            btn = self.board.poll()
            busy = self.step(btn)
            if not btn and not busy:
                self.board.sleep_ms(10)

    # ------------------------------------------------------------------ storage
    def _store_call(self, name, *args):
        if self.store is None:
            return None
        try:
            result = getattr(self.store, name)(*args)
            notice = getattr(self.store, "notice", None)
            if notice:
                self.notice = notice
                self.store.clear_notice()
            return result
        except Exception as e:  # saving must never stop the game
            print("save:", name, e)
            self.notice = self.t("save_fail")
            return None

    def save_settings(self):
        self._store_call("save_settings", self.settings)

    def save_game(self):
        if self.game is not None:
            self._store_call("save_game", self.game.to_bytes())

    # ------------------------------------------------------------------ cues
    def _leds_on(self):
        return self.settings.leds and getattr(self.board, "has_pixels", False)

    def cue_trump(self):
        if self._leds_on() and self.game is not None:
            ts = self.game.trump_suit
            self.board.pixels(SUIT_COLOURS[ts] if ts < 4 else 0x404040)

    def cue_turn(self):
        if self.settings.sound:
            self.board.tone(880, 40)
        if self._leds_on():
            self.board.pixels(0xFFFFFF)
            self.blink_until = self.board.ticks_ms() + 150

    def cue_take(self):
        if self.settings.sound:
            self.board.tone(1320, 40)
            self.board.tone(1760, 60)

    def _tick_leds(self):
        if self.blink_until >= 0 and self.board.ticks_diff(self.board.ticks_ms(), self.blink_until) >= 0:
            self.blink_until = -1
            self.cue_trump()

    # ------------------------------------------------------------------ starting a game
    def sheet_style(self):
        deck = self.settings.deck if self.settings.deck in DECKS else "spanish"
        if deck == "french" and self.game is not None and self.game.rules.deck == 32:
            return "french32"
        return deck

    def make_table(self):
        style = self.sheet_style()
        if self.table is not None:
            if self.table.style == style:
                return
            self.root.remove(self.table.group)
            self.table = None
            gc.collect()
        self.table = TableView(self.W, self.H, style, self.font, self.assets)
        self.root.append(self.table.group)

    def _setup_seats(self):
        mode = _index(MODES, self.settings.mode)
        players, humans = MODE_SEATS[mode]
        if self.game.n != players:  # a saved game from another mode: seat by its player count
            mode = {2: 0, 3: 2, 4: 3}.get(self.game.n, 0)
            players, humans = MODE_SEATS[mode]
            self.settings.mode = MODES[mode]
        self.mode = mode
        self.humans = humans
        self.multi = len(humans) > 1
        self.holder = humans[0] if not self.multi else None
        self.masked = False
        level = self.settings.level if self.settings.level in LEVELS else "medium"
        self.level = level
        self.players = {}
        self.views = {}
        self.names = []
        ai_no = 0
        for s in range(self.game.n):
            if s in humans:
                self.names.append(self.human_name(_index(humans, s)))
            else:
                self.players[s] = self._make_ai(self.game.rules, level, self.seed + 101 * s)
                self.views[s] = core.View(self.game.rules)
                if mode == 3 and s == 2:
                    self.names.append(self.t("partner"))
                else:
                    ai_no += 1
                    self.names.append(self.t("ai_n", ai_no))
        self.hview = core.View(self.game.rules)
        self.sel = 0
        self.thinking = -1
        self.in_trick_pause = False
        self.turn_token = -1
        self.hint_card = 255
        self.status = ""

    def _make_ai(self, rules, level, seed):
        if _ai is not None:
            try:
                return _ai.Player(rules, level, seed & 0x3FFFFFFF)
            except Exception as e:  # an AI that cannot start must not stop the game
                print("ai:", e)
        return _StubPlayer(rules, level, seed)

    def new_game(self, rules, dealer=0):
        self.seed = (self.seed * 1103515245 + 12345) & 0x3FFFFFFF
        self.game = core.Game(rules, self.seed, dealer % rules.players)
        self.last_rules = rules
        self.last_dealer = dealer
        self._enter_game()
        self.save_game()

    def play_game(self, game):
        """Sit down at `game` (a core.Game in progress) with the current mode's seats."""
        self.game = game
        self.last_rules = game.rules
        self.last_dealer = game.dealer
        self._enter_game()

    def resume_saved(self):
        try:
            self.game = core.Game.from_bytes(self.saved)
        except ValueError:
            self.notice = self.t("save_bad")
            self.saved = None
            self._store_call("save_game", None)
            self.goto_title()
            return
        self.last_rules = self.game.rules
        self.last_dealer = self.game.dealer
        self._enter_game()

    def _enter_game(self):
        self.saved = None
        self._setup_seats()
        self.menu = None
        gc.collect()
        self.make_table()
        self.cue_trump()
        self.goto_table()

    # ------------------------------------------------------------------ table
    def goto_table(self):
        self.screen = "table"
        self.dirty = True

    def side_name(self, side):
        g = self.game
        if g.rules.players < 4:
            return self.names[side]
        return self.t("team_of", self.names[side], self.names[side + 2])

    def _single_human_side(self):
        return None if self.multi else self.game.rules.side_of(self.humans[0])

    def _turn_text(self, seat):
        if not self.multi and seat == self.humans[0]:
            return self.t("your_turn")
        return self.t("turn_of", self.names[seat])

    def on_table(self, btn):
        g = self.game
        now = self.board.ticks_ms()
        if self.in_trick_pause:
            if btn or self.board.ticks_diff(now, self.pause_t0) >= self.trick_ms:
                self.in_trick_pause = False
                self.status = ""
                self.dirty = True
                if btn == B.BTN_START:
                    self.goto_pause()
                elif g.phase >= core.DEAL_OVER:
                    self.goto_deal_over()
                return False
            return True
        if g.phase == core.DEAL_OVER or g.phase == core.MATCH_OVER:
            self.goto_deal_over()
            return False
        seat = g.turn
        if seat in self.humans:
            if self.multi and seat != self.holder:
                self.goto_handover(seat)
                return False
            return self._human(btn, seat)
        return self._ai_turn(btn, seat, now)

    def _ai_turn(self, btn, seat, now):
        g = self.game
        if btn == B.BTN_START:
            self.goto_pause()
            return False
        p = self.players[seat]
        t = self.table
        if self.thinking != seat:
            v = g.view(seat, into=self.views[seat])
            budget = self.ai_budget_ms  # None: the AI's own cap for its level
            p.start(v, budget)
            self.thinking = seat
            self.think_t0 = now
            self.status = self._turn_text(seat)
            self.status_color = None
            t.progress.set(0)
            self.dirty = True
            return True
        done = p.step(self.ai_step_ms)
        pr = p.progress()
        if self.ai_min_ms:
            waited = 100 * self.board.ticks_diff(now, self.think_t0) // self.ai_min_ms
            pr = min(pr, waited) if waited < 100 else pr
            done = done and waited >= 100
        if t.progress.set(pr):
            self.dirty = True
        if not done:
            return True
        self.thinking = -1
        t.progress.hide()
        action = p.result()
        if action not in g.legal_actions():  # never trust a move blindly
            action = g.legal_actions()[0]
        if action == core.EXCHANGE:
            self.status = self.t("exchanged", self.names[seat])
        self.act(action)
        return True

    def _human(self, btn, seat):
        g = self.game
        token = (g.deal_no * 64 + g.trick_no) * 16 + g.trick_len + (8 if g.phase == core.EXCHANGE_PHASE else 0)
        if token != self.turn_token:
            self.turn_token = token
            self.hint_card = 255
            self.cue_turn()
            self.dirty = True
            if not self.status or self.status_color is None:
                self.status = ""
        k = g.hand_len[seat]
        if self.sel >= k:
            self.sel = max(0, k - 1)
        if not btn:
            return False
        self.dirty = True
        if btn == B.BTN_START:
            self.goto_pause()
            return False
        if g.phase == core.EXCHANGE_PHASE:
            if btn == B.BTN_A:
                self.act(core.EXCHANGE)
                self.status = self.t("exchanged", self.names[seat])
            elif btn == B.BTN_B:
                self.act(core.PASS)
            return False
        if btn == B.BTN_LEFT and k:
            self.sel = (self.sel - 1) % k
            self.status = ""
        elif btn == B.BTN_RIGHT and k:
            self.sel = (self.sel + 1) % k
            self.status = ""
        elif btn == B.BTN_A and k:
            card = g.hands[seat * core.HAND_MAX + self.sel]
            if card in g.legal_actions():
                self.status = ""
                self.act(card)
            else:
                self.status = self.t("h_must_follow")
                self.status_color = 0xFFC020
        elif btn == B.BTN_B:
            self.goto_lasttrick("table")
        elif btn == B.BTN_SELECT:
            self.show_hint()
        return False

    def show_hint(self):
        """Select the suggested card and show the reason (only for the holder on their turn)."""
        g = self.game
        seat = g.turn
        if seat not in self.humans or seat != self.holder or self.masked or g.phase != core.PLAY:
            return False
        v = g.view(seat, into=self.hview)
        try:
            action, reason = _ai.hint(v) if _ai is not None else (v.legal[0], "dump_low")
        except Exception as e:
            print("hint:", e)
            return False
        base = seat * core.HAND_MAX
        for i in range(g.hand_len[seat]):
            if g.hands[base + i] == action:
                self.sel = i
        self.hint_card = action
        self.status = self.t("h_" + reason) if isinstance(reason, str) else str(reason)
        self.status_color = 0xFFC020
        self.dirty = True
        return True

    def act(self, action):
        """Apply one action; start the trick-winner moment when a trick completes; save."""
        g = self.game
        before = g.trick_no
        g.apply(action)
        self.dirty = True
        self.hint_card = 255
        if action < 40 and g.trick_no != before:
            self.in_trick_pause = True
            self.pause_t0 = self.board.ticks_ms()
            w = g.last_winner
            if not self.multi and w == self.humans[0]:
                self.status = self.t("took_by", self.t("you"))
            else:
                self.status = self.t("took_by", self.names[w])
            self.status_color = 0xFFC020
            side = self._single_human_side()
            if side is None and w in self.humans or side is not None and g.rules.side_of(w) == side:
                self.cue_take()
            self.save_game()
        elif action == core.EXCHANGE or action == core.PASS:
            self.save_game()

    def table_texts(self):
        """(tally, running points, info line) for the table's corner labels."""
        g = self.game
        r = g.rules
        sides = r.sides
        tally = ""
        if r.match == core.MATCH_POINTS:
            tally = ":".join([str(g.match_points(s)) for s in range(sides)])
        elif r.match != core.MATCH_ONE:
            tally = ":".join([str(g.tally[s]) for s in range(sides)])
        points = ""
        if self.settings.show_points:
            points = ":".join([str(g.side_points(s)) for s in range(sides)])
        return tally, points

    def draw_table(self):
        g = self.game
        t = self.table
        if self.holder is None:
            viewer = self.humans[0]
            faces = 0
        else:
            viewer = self.holder
            faces = 0 if self.masked else g.visible_hands(viewer)
        tally, points = self.table_texts()
        info = ""
        seat = g.turn
        mine = seat == self.holder and not self.masked and seat in self.humans
        status, color = self.status, self.status_color
        if self.screen == "lasttrick":
            status, color = self.t("last_trick"), None
            if g.last_len:
                status = status + ": " + self.names[g.last_winner]
            info = self.t("c_next")
        elif self.in_trick_pause:
            pass
        elif g.phase == core.EXCHANGE_PHASE and mine:
            ex = g.exchange_card(seat)
            status = self.t("exch_q7" if ex % 10 == 6 else "exch_q2")  # rank 6 = Seven
            color = 0xFFC020
            info = self.t("c_exch")
        elif not status and g.phase <= core.EXCHANGE_PHASE and seat < g.n:
            status, color = self._turn_text(seat), None
        if not info and mine and g.phase == core.PLAY:
            if self.settings.show_cards_out:
                v = g.view(seat, into=self.hview)
                buf = self.unseen_buf
                n = v.unseen_into(buf)
                trumps = 0
                for i in range(n):
                    if buf[i] // 10 == g.trump_suit:
                        trumps += 1
                info = "%s %d  %s" % (self.t("cards_out"), n, self.t("trumps_out", trumps))
            elif g.deal_no == 0 and g.trick_no < 2:
                info = self.t("c_play")
        if len(info) > t.info.max_chars:
            info = info.replace("  ", " ")
        t.set_status(status, color if color is not None else 0xFFFFFF)
        sel = self.sel if mine and g.phase == core.PLAY and self.screen == "table" else -1
        t.show(g, viewer, faces, sel, 1 if (self.in_trick_pause or self.screen == "lasttrick") else 0,
               self.hint_card, tally, points, info)
        if self.thinking < 0:
            t.progress.hide()

    # ------------------------------------------------------------------ handover, last trick
    def goto_handover(self, seat):
        self.handover_to = seat
        self.masked = True
        self.screen = "handover"
        self.list.show("", ["", "", self.t("pass_to", self.names[seat])], -1, self.t("c_pass"), center=True)
        self.dirty = True

    def on_handover(self, btn):
        if btn == B.BTN_A:
            self.holder = self.handover_to
            self.masked = False
            self.status = ""
            self.turn_token = -1
            self.goto_table()
        elif btn == B.BTN_START:
            self.goto_pause()
        return False

    def goto_lasttrick(self, back):
        self.lasttrick_back = back
        self.screen = "lasttrick"
        self.dirty = True

    def on_lasttrick(self, btn):
        if btn:
            if self.lasttrick_back == "pause":
                self.goto_pause()
            else:
                self.goto_table()
        return False

    # ------------------------------------------------------------------ pause menu
    def goto_pause(self):
        items = [["resume", self.t("resume"), None, 0], ["hint", self.t("hint"), None, 0],
                 ["score", self.t("score"), None, 0], ["last", self.t("last_trick"), None, 0],
                 ["rules", self.t("rules"), None, 0],
                 ["settings", self.t("settings"), None, 0], ["quit", self.t("quit"), None, 0]]
        self.thinking = -1  # the AI restarts its (cheap) decision afterwards
        self.show_menu(Menu(self.t("pause"), items, self.t("c_menu")), "pause")

    def _back_to_game(self):
        g = self.game
        if self.masked and g.turn in self.humans and g.phase <= core.EXCHANGE_PHASE:
            self.goto_handover(self.handover_to)
        elif g.phase >= core.DEAL_OVER and not self.in_trick_pause:
            self.goto_deal_over()
        else:
            self.goto_table()

    def on_pause(self, btn):
        ev, key = self._menu_event(btn)
        if ev == "back" or ev == "select" and key == "resume" or btn == B.BTN_START:
            self._back_to_game()
        elif ev == "select" and key == "hint":
            self._back_to_game()
            if self.screen == "table" and not self.show_hint():
                self.status = self.t("hint") + ": -"
                self.status_color = None
        elif ev == "select" and key == "score":
            self.goto_score()
        elif ev == "select" and key == "last":
            self.goto_lasttrick("pause")
        elif ev == "select" and key == "rules":
            self.goto_rules("pause")
        elif ev == "select" and key == "settings":
            self.goto_settings("pause")
        elif ev == "select" and key == "quit":
            self.save_game()
            self.saved = self.game.to_bytes() if self.game.phase != core.MATCH_OVER else None
            self.goto_title()
        return False

    def goto_score(self):
        """Score sheet: tricks each side has taken (their points too when the player shows points),
        and the match so far."""
        g = self.game
        r = g.rules
        self.screen = "score"
        tally, points = self.table_texts()
        rows = [self.t("tricks") + (" / " + self.t("points") if points else "")]
        for side in range(r.sides):
            tricks = 0
            for seat in range(g.n):
                tricks += g.seat_tricks[seat] if r.side_of(seat) == side else 0
            extra = " / %d" % g.side_points(side) if points else ""
            rows.append("%s: %d%s" % (self.side_name(side), tricks, extra))
        rows += ["", self.t("stock", g.stock_left)]
        if tally:
            rows.append(self.t("deals_won" if r.match != core.MATCH_POINTS else "points") + " " + tally)
        self.list.show(self.t("score") + " - " + self.t("deal_n", g.deal_no + 1), rows, -1, "B " + self.t("back"))
        self.dirty = True

    def on_score(self, btn):
        if btn:
            self.goto_pause()
        return False

    # ------------------------------------------------------------------ deal over, match result
    def goto_deal_over(self):
        g = self.game
        r = g.rules
        self.screen = "deal_over"
        rows = []
        for s in range(r.sides):
            rows.append("%s: %d" % (self.side_name(s), g.side_points(s)))
        won = g.deal_winners()
        if won == 0:
            rows.append(self.t("draw6060") if r.tie == core.TIE_DRAW else self.t("annulled"))
        else:
            for s in range(r.sides):
                if won >> s & 1:
                    rows.append(self.t("won_deal", self.side_name(s)))
        tally, _p = self.table_texts()
        if tally:
            rows.append("")
            rows.append(self.t("deals_won" if r.match != core.MATCH_POINTS else "points") + " " + tally)
        from brisca.notation import replay_code  # this deal on another board: title menu, Replay

        code, word = replay_code(g), self.t("code_word")
        rows += [word + " " + code] if len(word) + 1 + len(code) <= self.list.chars else [word, code]
        if self.drive:
            rows.append(self.export_deal())
        title = self.t("deal_over") + " - " + self.t("deal_n", g.deal_no + 1)
        self.list.show(title, rows, -1, self.t("c_next"))
        self.dirty = True

    def export_deal(self):
        """Write the deal just finished to the drive (once) as its record; the row that says so."""
        g = self.game
        if self.exported is None or self.exported[0] is not g or self.exported[1] != g.deal_no:
            from brisca import export
            from brisca.notation import record

            r = g.rules
            lines = ["Brisca deal %d: %s" % (g.deal_no + 1, ", ".join(self.names[:g.n])),
                     record(g),
                     " - ".join("%s %d" % (self.side_name(s), g.side_points(s)) for s in range(r.sides))]
            ok, message = export.write_record(lines, self.drive)
            print(message)
            row = self.t("rec_saved", message.split("/")[-1]) if ok else self.t("rec_failed")
            self.exported = (g, g.deal_no, row)
        return self.exported[2]

    def on_deal_over(self, btn):
        g = self.game
        if btn == B.BTN_A:
            if g.phase == core.MATCH_OVER:
                self.finish_match()
                self.goto_result()
            else:
                g.apply(core.NEXT_DEAL)
                self.save_game()
                self.cue_trump()
                self.status = ""
                self.turn_token = -1
                self.goto_table()
        elif btn in (B.BTN_B, B.BTN_START):
            self.goto_pause()
        return False

    def _human_result(self):
        g = self.game
        side = g.rules.side_of(self.humans[0])
        w = g.match_winners
        if w == 0 or w & (w - 1):
            return "draw"
        return "win" if w >> side & 1 else "loss"

    def finish_match(self):
        g = self.game
        self._store_call("save_game", None)
        if self.store is None:
            return
        try:
            st = self.store.load_stats()
            result = self._human_result()
            st.record(MODES[self.mode], self.level, result)
            if result == "win" and g.rules.match == core.MATCH_WINS and g.rules.target == 4:
                side = g.rules.side_of(self.humans[0])
                if g.tally[1 - side] == 0 and g.tally[side] == 4:
                    st.record_cesalj()
            self._store_call("save_stats", st)
            if self.drive:
                from brisca import export

                print(export.write_stats(st.as_lines(), self.drive)[1])
        except Exception as e:
            print("stats:", e)

    def goto_result(self):
        self.screen = "result"
        self.result_sel = 0
        self.draw_result()

    def draw_result(self):
        g = self.game
        w = g.match_winners
        if w == 0 or w & (w - 1):
            line = self.t("draw6060") if g.rules.sides == 2 and g.rules.match == core.MATCH_ONE else "="
            names = [self.side_name(s) for s in range(g.rules.sides) if w >> s & 1]
            if names and line == "=":
                line = " / ".join(names)
        elif not self.multi:
            line = self.t("you_won") if self._human_result() == "win" else self.t("you_lost")
        else:
            side = 0
            while not w >> side & 1:
                side += 1
            line = self.t("won_match", self.side_name(side))
        rows = [line]
        if w and not self.multi and self._human_result() == "loss":
            side = 0
            while not w >> side & 1:
                side += 1
            rows.append(self.t("won_match", self.side_name(side)))
        tally, _p = self.table_texts()
        rows.append(tally)
        rows.append("")
        first = len(rows)
        rows.append(self.t("play_again"))
        rows.append(self.t("exit"))
        self.list.show(self.t("match"), rows, first + self.result_sel, self.t("c_menu"), center=True)
        self.dirty = True

    def on_result(self, btn):
        if btn in (B.BTN_UP, B.BTN_DOWN, B.BTN_LEFT, B.BTN_RIGHT):
            self.result_sel = 1 - self.result_sel
            self.draw_result()
        elif btn == B.BTN_A:
            if self.result_sel == 0:
                self.new_game(self.last_rules, self.last_dealer + 1)
            else:
                self.goto_title()
        elif btn == B.BTN_B:
            self.goto_title()
        return False


# English texts for keys a language file may lack (the app never shows a raw key).
_FALLBACK = {
    "pass_to": "Pass to %s",
    "c_exch": "A swap  B keep",
    "exch_q7": "Exchange 7 for the trump?",
    "exch_q2": "Exchange 2 for the trump?",
    "took_by": "%s took the trick",
}


def run(board, store=None, max_steps=None, **options):
    """Main loop: build the app on `board` and handle button presses until max_steps polls (tests)
    or forever (device). `store`: a brisca.save store (opened here when None and available).
    Returns the app, which app.loop(n) goes on with (tests)."""
    if store is None:
        try:
            from brisca.save import open_store

            store = open_store()
        except ImportError:
            store = None
    app = App(board, store, **options)
    app.start()
    gc.collect()
    app.loop(max_steps)
    return app
