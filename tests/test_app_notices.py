"""Failures the shell catches broadly still reach the player as a notice (brisca/ui/app.py)."""

from tests.test_app import make_app, make_store


def test_a_store_that_cannot_load_the_game_is_told_on_the_title():
    """(brisca/ui/app.py, start(): a store failing outright used to be printed on the console only.)"""
    store = make_store()

    def fail():
        raise OSError("storage gone")

    store.load_game = fail
    board, app = make_app("pybadge", store=store, render=False)
    assert app.screen == "title" and app.menu.footer == app.t("save_bad")
