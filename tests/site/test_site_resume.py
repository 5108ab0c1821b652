"""The static site remembers where the student was: a reload or a return visit to a game's page opens
the game in progress (kept in the browser's storage, per game), and "New game" forgets it.

``site/`` is served by a plain static file server on loopback (built here if needed, as in
``test_site_browser.py``).  Marked ``site``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.site, pytest.mark.browser]

START = 600_000  # ms: Pyodide starts and installs the wheels in the page; slow on a loaded machine
STEP = 120_000  # ms: a widget update from the kernel in the page


def test_two_moves_survive_a_reload_and_a_return_visit_and_new_game_forgets_them(new_page, site_url, artifacts):
    page = new_page((1280, 900), timeout=STEP, service_workers="block")
    bare = site_url + "/voici/render/fire_bulls.html?lang=en"  # the landing page's link: no place, no game
    page.goto(bare + "&tab=play")
    page.wait_for_selector(".rt-game .fb-attack-3-green", timeout=START)
    # two moves: attack the 3 paying green, then stop; the bot (green) answers
    page.click(".fb-attack-3-green")
    page.wait_for_selector(".fb-stop")
    page.click(".fb-stop")
    log = page.locator(".rt-game .rt-log")
    expect(log).to_contain_text("It is player 1 (yellow)'s turn", timeout=STEP)  # the bot has played its turn
    played = log.text_content()
    assert "Player 1 (yellow): attack from direction 3" in played and "Player 2 (green)" in played
    board = page.locator(".rt-game .rt-board").text_content()

    def same_game_shown() -> None:
        # the page opens on the Play tab (the examples' chooser stays hidden)
        expect(page.locator(".rt-game .rt-log")).to_have_text(played, timeout=START)
        assert page.locator(".rt-game .rt-board").text_content() == board
        expect(page.locator(".lm-TabBar-tab.lm-mod-current")).to_contain_text("Play")

    page.reload()
    same_game_shown()
    page.goto(bare)  # a return visit from the landing page: the Play tab and the same game
    same_game_shown()
    page.screenshot(path=str(artifacts / "site-resumed-game.png"))
    page.click(".rt-game .rt-new-game")
    fresh = page.locator(".rt-game .rt-log")
    expect(fresh).not_to_contain_text("Player 1 (yellow):", timeout=STEP)  # no move of the student's yet
    # the log redraws just before the page's link, whose drawing writes that the game is forgotten
    page.wait_for_function("() => { try { return JSON.parse(localStorage.getItem('rules-tutor:fire-bulls'))"
                           ".table === null; } catch (e) { return false; } }", timeout=STEP)
    for again in (page.reload, lambda: page.goto(bare)):  # a reload, then a return visit: a fresh game
        again()
        page.wait_for_selector(".rt-game .rt-new-game", timeout=START)  # the Play tab
        expect(page.locator(".rt-game .rt-board")).not_to_have_text(board)  # another deal
        expect(fresh).not_to_contain_text("Player 1 (yellow):")
