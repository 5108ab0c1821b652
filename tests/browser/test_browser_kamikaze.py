"""The Kamikaze Attack page in a real browser (Voilà + Debian's Chromium): walk one duel.

Uses the ``voila``, ``page`` and ``artifacts`` fixtures of tests/conftest.py.
Screenshots are kept in test-artifacts/.  Marked ``browser``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import choose_seats, load_scenario, open_play, shot, wait_text_changes

pytestmark = pytest.mark.browser

READY = ".ka-page .rt-chooser select"  # the Examples tab's chooser: the page is interactive


def open_kamikaze(page, voila):
    page.goto(voila.url("kamikaze_attack.ipynb"))
    page.wait_for_selector(READY)
    return page


def test_landing_page_links_the_kamikaze_page(page, voila):
    page.goto(voila.url("index.ipynb"))
    page.click(".rt-game-link[data-notebook='kamikaze_attack.ipynb']")
    page.wait_for_selector(READY)
    assert "/voila/render/kamikaze_attack.ipynb?lang=en" in page.url


def test_step_through_a_duel_example(page, voila, artifacts):
    open_kamikaze(page, voila)
    count = ".ka-page .rt-step-count"
    expect(page.locator(".ka-page .rt-guide")).to_be_visible()  # the page opens on the guided first game
    page.select_option(".ka-page .rt-chooser select", index=1)  # then the simplest duel
    # the count comes onto the page with the stepping, once the example is chosen
    page.wait_for_function("([sel]) => { const e = document.querySelector(sel);"
                           " return e !== null && e.innerText.includes('0 of 2'); }", arg=[count])
    for _ in range(2):
        old = page.locator(count).inner_text()
        page.click(".ka-page .rt-next")
        wait_text_changes(page, count, old)
    expect(page.locator(count)).to_contain_text("2 of 2")
    expect(page.locator(".ka-page .rt-stepper .rt-board")).to_contain_text("wins the duel")
    expect(page.locator(".rt-stepper .ka-grave[data-player='0']")).to_have_attribute("data-score", "1")
    page.locator(".rt-stepper").screenshot(path=str(artifacts / "kamikaze-stepper.png"))


def test_walk_one_hotseat_duel_by_clicks(page, voila, artifacts):
    open_kamikaze(page, voila)
    page.click(".lm-TabBar-tab >> nth=1")
    page.wait_for_selector(".rt-game .rt-new-game")
    choose_seats(page, "human", "human")  # two people at the same screen
    page.wait_for_selector(".rt-show-hand")
    expect(page.locator(".ka-buttons button")).to_have_count(0)  # hand hidden: nothing to click
    # player 1 looks, commits the Archer face down
    page.click(".rt-show-hand")
    page.click(".ka-play-archer")
    page.wait_for_selector(".rt-to-move:has-text('Player 2')")
    field = page.locator(".rt-game .ka-field")
    expect(field.locator(".ka-back")).to_have_count(1)
    expect(field).not_to_contain_text("Archer")
    page.locator(".rt-game").screenshot(path=str(artifacts / "kamikaze-face-down.png"))
    # player 2 looks, commits the Shieldbearer: both are revealed
    page.click(".rt-show-hand")
    page.click(".ka-play-shieldbearer")
    page.wait_for_selector(".rt-game .ka-last[data-outcome='win']")
    last = expect(page.locator(".rt-game .ka-last"))
    last.to_contain_text("Archer")
    last.to_contain_text("Shieldbearer")
    last.to_contain_text("Player 1 wins the duel")
    expect(page.locator(".rt-game .ka-grave[data-player='0']")).to_have_attribute("data-score", "1")
    page.locator(".rt-game").screenshot(path=str(artifacts / "kamikaze-duel.png"))


def test_coach_hint_and_language(page, voila, artifacts):
    open_kamikaze(page, voila)
    page.click(".lm-TabBar-tab >> nth=1")
    page.wait_for_selector(".rt-game .rt-hint")
    expect(page.locator(".rt-game button:has-text('hint')")).to_have_count(1)  # one Hint per page
    page.click(".rt-game .rt-hint")  # the page's one Hint button: the exact coach behind it
    page.wait_for_selector(".rt-hint-text:has-text('%')")
    page.click("text=Italiano")
    page.click(".rt-game .rt-hint")
    page.wait_for_selector(".rt-hint-text:has-text('giocando al meglio')")  # the coach's outlook, in Italian
    page.wait_for_selector(".ka-play-swordsman:has-text('Spadaccino')")
    page.screenshot(path=str(artifacts / "kamikaze-italiano.png"), full_page=True)


def _repeat_position_json() -> str:
    """Player 1 has played the Shieldbearer twice against Swordsmen, and player 2 holds nothing that beats it."""
    from tutor.games import kamikaze as K

    s = K.scenario([["swordsman", "swordsman", "shieldbearer", "shieldbearer"]] * 2,
                   [["kamikaze", "archer"], ["kamikaze", "archer"]], last_winners=[0, 1])
    for card in ("shieldbearer", "swordsman", "shieldbearer", "swordsman"):
        s = K.GAME.apply(s, K.Play(card))
    return K.GAME.to_json(s)


@pytest.mark.parametrize("size", ["phone", "projector"])
def test_a_repeated_card_offers_its_player_two_buttons(new_page, voila, artifacts, size):
    pg = new_page(size)
    open_play(pg, voila.url("kamikaze_attack.ipynb"))
    choose_seats(pg, "human", "human", new_game=False)
    load_scenario(pg, _repeat_position_json())
    stop, play_on = pg.locator(".rt-game .ka-stop"), pg.locator(".rt-game .ka-play-on")
    expect(stop).to_have_text("end the game in stalemate")
    expect(play_on).to_have_text("play on with another card")
    expect(pg.locator(".rt-game .ka-prompt")).to_contain_text("Shieldbearer twice")
    for button in (stop, play_on):  # both on screen, whole, on a phone too
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SIZES_W[size] and box["height"] >= 24
    shot(pg, ".rt-game .ka-prompt", artifacts / f"kamikaze-repeat-{size}.png")
    pg.click("text=Italiano")
    expect(stop).to_have_text("termina la partita in stallo")
    expect(play_on).to_have_text("continua con un'altra carta")
    expect(pg.locator(".rt-game .ka-prompt")).to_contain_text("Scudiero")
    shot(pg, ".rt-game .ka-prompt", artifacts / f"kamikaze-repeat-{size}-it.png")
    stop.click()
    expect(pg.locator(".rt-game .ka-info")).to_contain_text("Partita finita")


SIZES_W = {"phone": 390, "projector": 1280}
