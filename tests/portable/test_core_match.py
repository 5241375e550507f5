"""Deal scoring and match play: 60-60, 3-player ties, first to N, best of, points (MicroPython too)."""
import gc

from deals import scored

from brisca import core


def test_sixty_one_wins_and_sixty_all_is_a_draw():
    g = scored(core.Rules(2), (61, 59))
    assert g.deal_winners() == 1 and g.phase == core.MATCH_OVER and g.match_winners == 1
    g = scored(core.Rules(2), (60, 60))
    assert g.deal_winners() == 0 and g.match_winners == 3 and g.tally[9] == 1


def test_annulled_sixty_all_deals_again_and_the_deal_passes_on():
    g = scored(core.Rules(2, 40, 0, core.TIE_ANNUL), (60, 60), dealer=0)
    assert g.phase == core.DEAL_OVER and g.tally[0] == g.tally[1] == 0 and g.dealer == 1
    g.apply(core.NEXT_DEAL)
    assert g.deal_no == 1 and g.phase == core.PLAY and g.leader == 0


def test_same_dealer_redeals_after_sixty_all():
    g = scored(core.Rules(2, 40, 0, core.TIE_SAME_DEALER, core.MATCH_WINS, 4), (60, 60), dealer=1)
    assert g.phase == core.DEAL_OVER and g.dealer == 1
    g = scored(core.Rules(2, 40, 0, core.TIE_SAME_DEALER, core.MATCH_WINS, 4), (70, 50), dealer=1)
    assert g.dealer == 0 and g.tally[0] == 1


def test_teams_add_their_points():
    g = scored(core.Rules(4), (30, 20, 31, 39))
    assert g.side_points(0) == 61 and g.side_points(1) == 59 and g.match_winners == 1


def test_three_players_tied_for_highest_both_win():
    r = core.Rules(3, 39, 0, core.TIE_DRAW, core.MATCH_WINS, 3)
    g = scored(r, (50, 50, 20))
    assert g.deal_winners() == 3 and g.tally[0] == 1 and g.tally[1] == 1 and g.tally[2] == 0


def test_first_to_n_wins_and_ties_at_the_target_play_on():
    r = core.Rules(3, 39, 0, core.TIE_DRAW, core.MATCH_WINS, 2)
    g = scored(r, (50, 50, 20), tally=(1, 1, 0))
    assert g.tally[0] == 2 and g.tally[1] == 2 and g.phase == core.DEAL_OVER  # tied at 2: play on
    g = scored(r, (20, 60, 40), tally=(2, 2, 0))
    assert g.phase == core.MATCH_OVER and g.match_winners == 2
    g = scored(core.Rules(2, 40, 0, 0, core.MATCH_WINS, 4), (80, 40), tally=(3, 0))
    assert g.match_winners == 1 and g.tally[0] == 4 and g.tally[1] == 0  # a 4-0 "cesalj"


def test_best_of_three_and_five():
    r3 = core.Rules(2, 40, 0, 0, core.MATCH_BEST_OF, 3)
    assert scored(r3, (70, 50)).phase == core.DEAL_OVER
    assert scored(r3, (70, 50), tally=(1, 1)).match_winners == 1
    assert scored(r3, (60, 60), tally=(1, 1)).phase == core.DEAL_OVER  # draws count for nobody
    r5 = core.Rules(2, 40, 0, 0, core.MATCH_BEST_OF, 5)
    assert scored(r5, (40, 80), tally=(2, 2)).match_winners == 2
    assert scored(r5, (40, 80), tally=(2, 1)).phase == core.DEAL_OVER


def test_the_256th_deal_ends_any_match_shared_by_the_sides_ahead():
    """A save keeps the deal count in one byte (issue 15): rather than lose count, deal 256 is the
    last, won by whoever is ahead, shared when tied. Only endless 60-60s get there."""
    # (tallies a match can reach by deal 255: 254 drawn deals; ties at the goal played on)
    for rules, tally, draws, points, winners in (
            (core.Rules(2, 40, 0, core.TIE_ANNUL), (0, 0), 254, (60, 60), 3),
            (core.Rules(3, 39, 0, 0, core.MATCH_WINS, 3), (128, 128, 127), 0, (60, 60, 0), 3),
            (core.Rules(2, 40, 0, 0, core.MATCH_WINS, 3), (2, 1), 251, (60, 60), 1)):
        g = data = None  # one game at a time
        gc.collect()
        g = core.Game(rules, 1)
        g.tally[: len(tally)] = bytes(tally)
        g.tally[9] = draws
        g.deal_no = 254
        for s in range(rules.players):
            g.seat_points[s] = points[s]
        g._score_deal()
        assert g.phase == core.DEAL_OVER
        g.apply(core.NEXT_DEAL)
        data = g.to_bytes()
        g = None
        g = core.Game.from_bytes(data)
        assert g.deal_no == 255 and g.to_bytes() == data  # the count survives a save
        for s in range(rules.players):
            g.seat_points[s] = points[s]
        g._score_deal()
        assert g.phase == core.MATCH_OVER and g.match_winners == winners, (tally, g.match_winners)
