"""Issue 11 §1 and §4 in a real browser (Voilà + Debian's Chromium), at a projector's and a
phone's size: refused moves greyed out with their reason, the hand's cards that play
themselves, the bots' speed control with pause, one name per seat.  Screenshots are kept in
test-artifacts/ (looked at by hand).  Marked ``browser``.
"""

from __future__ import annotations

import pytest

from tutor import games

pytestmark = pytest.mark.browser

SIZES = {"projector": (1280, 720), "phone": (390, 844)}
WAIT = 90_000  # a shared machine: generous waits


def _open_play(browser, voila, notebook: str, size: str):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(voila.url(notebook))
    page.wait_for_selector(".rt-next")
    page.click(".lm-TabBar-tab >> nth=1")
    page.wait_for_selector(".rt-game .rt-new-game")
    return context, page


@pytest.mark.parametrize("size", SIZES)
def test_fire_bulls_refused_moves_are_greyed_with_their_reason(browser, voila, artifacts, size):
    context, page = _open_play(browser, voila, "fire_bulls.ipynb", size)
    try:
        page.wait_for_selector("button.fb-attack-3-green")
        far = page.locator("button.fb-move-1")
        assert far.is_disabled() and "one step only" in far.get_attribute("title")  # aria-disabled counts
        assert page.locator("button.fb-move-3").count() == 0  # the pawn's own direction
        assert page.locator("button.fb-attack-3-green").inner_text().strip() == "green"  # in the line "from 3:"
        # the reasons as text too, for a keyboard: a "why not?" list that opens
        page.click(".rt-game .rt-refusals summary")
        assert "one step only" in page.locator(".rt-game .rt-refusals").inner_text()
        # the status names the seat as the narration will
        assert "Player 1 (yellow) to move" in page.locator(".rt-game .rt-status").inner_text()
        # pol: a refused move stays in the keyboard's path (aria-disabled, the reason its description);
        # pressed, the engine's reason and its rule show above the moves, read out (aria-live)
        page.wait_for_selector("button.fb-move-1[aria-disabled=true]")
        page.focus("button.fb-move-1")
        assert page.evaluate("document.activeElement.classList.contains('fb-move-1')")
        page.keyboard.press("Enter")
        msg = page.wait_for_selector(".rt-game .rt-message[aria-live] .rt-msg-error")
        assert "one step only" in msg.inner_text()
        assert page.locator(".rt-game .rt-message .rt-cite").count() == 1
        if size == "projector":  # next to the moves clicked: just above them, on screen
            moves = page.locator(".rt-game .rt-controls").bounding_box()
            shown = page.locator(".rt-game .rt-message").bounding_box()
            assert shown["y"] + shown["height"] <= moves["y"] + 2 and shown["y"] >= 0
            assert shown["y"] + shown["height"] <= 720
        page.locator("button.fb-attack-3-green").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"legal-fire-bulls-{size}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_kamikaze_a_card_of_the_hand_plays_itself(browser, voila, artifacts, size):
    context, page = _open_play(browser, voila, "kamikaze_attack.ipynb", size)
    try:
        card = page.locator(".rt-game button.rt-card-button.ka-play-archer")
        card.wait_for()
        assert "play the Archer" in card.get_attribute("title")
        page.screenshot(path=str(artifacts / f"legal-kamikaze-hand-{size}.png"))
        card.click()
        page.wait_for_selector(".rt-game .rt-log:has-text('Player 1')")
        assert "sets a card aside, face down" in page.locator(".rt-game .rt-log").inner_text()  # still secret
    finally:
        context.close()


def test_all_bots_to_the_end_then_undo_pause_resume(browser, voila, artifacts):
    context, page = _open_play(browser, voila, "fire_bulls.ipynb", "projector")
    try:
        page.select_option(".rt-seat-0 select", "bot: random")
        page.click(".rt-bot-speed button:has-text('step by step')")
        page.click(".rt-new-game")
        page.wait_for_selector(".rt-bot-move:not([disabled])")
        entries = page.locator(".rt-game .rt-log-entry")
        assert entries.count() == 0
        page.click(".rt-bot-move")  # step by step: one move per press
        page.wait_for_function("document.querySelectorAll('.rt-game .rt-log-entry').length === 1")
        page.click(".rt-bot-speed button:has-text('to the end')")
        page.wait_for_selector(".rt-game .rt-over", timeout=300_000)
        page.screenshot(path=str(artifacts / "legal-bots-to-the-end.png"))
        # undo stops the bots and goes back one move at a time; resume plays on
        status = page.locator(".rt-game .rt-status").inner_text()
        page.click(".rt-undo")
        page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                               arg=[".rt-game .rt-status", status])
        pause = page.locator(".rt-bot-pause")
        assert "Resume" in pause.inner_text()
        pause.click()
        page.wait_for_selector(".rt-game .rt-over", timeout=300_000)
    finally:
        context.close()


@pytest.mark.parametrize("name", ["tir-nan-og", "formula-e"])
def test_every_page_has_the_speed_control_and_one_name(browser, voila, artifacts, name):
    context, page = _open_play(browser, voila, games.entry(name).notebook, "projector")
    try:
        page.wait_for_selector(".rt-bot-speed")
        assert "Bot " not in page.locator(".rt-game .rt-status").inner_text()
        page.screenshot(path=str(artifacts / f"legal-{name}.png"))
    finally:
        context.close()
