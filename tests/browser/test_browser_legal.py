"""Issue 11 §1 and §4 in a real browser (Voilà + Debian's Chromium), at a projector's and a
phone's size: refused moves greyed out with their reason, the hand's cards that play
themselves, the bots' speed control with pause, one name per seat.  Screenshots are kept in
test-artifacts/ (looked at by hand).  Marked ``browser``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import choose_seats, open_play, wait_text_changes
from tests.conftest import SIZES
from tutor import games

pytestmark = pytest.mark.browser

WAIT = 90_000  # a shared machine: generous waits


def _open_play(new_page, voila, notebook: str, size: str):
    page = new_page(size, timeout=WAIT)
    open_play(page, voila.url(notebook))
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_fire_bulls_refused_moves_are_greyed_with_their_reason(new_page, voila, artifacts, size):
    page = _open_play(new_page, voila, "fire_bulls.ipynb", size)
    page.wait_for_selector("button.fb-attack-3-green")
    far = page.locator("button.fb-move-1")
    expect(far).to_be_disabled()  # aria-disabled counts
    expect(far).to_have_attribute("title", re.compile("one step only"))
    expect(page.locator("button.fb-move-3")).to_have_count(0)  # the pawn's own direction
    expect(page.locator("button.fb-attack-3-green")).to_have_text("green")  # in the line "from 3:"
    # the reasons as text too, for a keyboard: a "why not?" list that opens
    page.click(".rt-game .rt-refusals summary")
    expect(page.locator(".rt-game .rt-refusals")).to_contain_text("one step only")
    # the status names the seat as the narration will
    expect(page.locator(".rt-game .rt-status")).to_contain_text("Player 1 (yellow) to move")
    # a refused move stays in the keyboard's path (aria-disabled, the reason its description);
    # pressed, the engine's reason and its rule show above the moves, read out (aria-live)
    page.wait_for_selector("button.fb-move-1[aria-disabled=true]")
    page.focus("button.fb-move-1")
    assert page.evaluate("document.activeElement.classList.contains('fb-move-1')")
    page.keyboard.press("Enter")
    msg = page.locator(".rt-game .rt-message[aria-live] .rt-msg-error")
    expect(msg).to_contain_text("one step only")
    expect(page.locator(".rt-game .rt-message .rt-cite")).to_have_count(1)
    if size == "projector":  # next to the moves clicked: just above them, on screen
        moves = page.locator(".rt-game .rt-controls").bounding_box()
        shown = page.locator(".rt-game .rt-message").bounding_box()
        assert shown["y"] + shown["height"] <= moves["y"] + 2 and shown["y"] >= 0
        assert shown["y"] + shown["height"] <= 720
    page.locator("button.fb-attack-3-green").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"legal-fire-bulls-{size}.png"))


@pytest.mark.parametrize("size", list(SIZES))
def test_kamikaze_a_card_of_the_hand_plays_itself(new_page, voila, artifacts, size):
    page = _open_play(new_page, voila, "kamikaze_attack.ipynb", size)
    card = page.locator(".rt-game button.rt-card-button.ka-play-archer")
    card.wait_for()
    expect(card).to_have_attribute("title", re.compile("play the Archer"))
    page.screenshot(path=str(artifacts / f"legal-kamikaze-hand-{size}.png"))
    card.click()
    page.wait_for_selector(".rt-game .rt-log:has-text('Player 1')")
    expect(page.locator(".rt-game .rt-log")).to_contain_text("sets a card aside, face down")  # still secret


def test_all_bots_to_the_end_then_undo_pause_resume(new_page, voila, artifacts):
    page = _open_play(new_page, voila, "fire_bulls.ipynb", "projector")
    choose_seats(page, "bot: random", None, new_game=False)  # seat 2 stays the bot it is
    page.click(".rt-bot-speed button:has-text('step by step')")
    page.click(".rt-new-game")
    page.wait_for_selector(".rt-bot-move:not([disabled])")
    entries = page.locator(".rt-game .rt-log-entry")
    expect(entries).to_have_count(0)
    page.click(".rt-bot-move")  # step by step: one move per press
    expect(entries).to_have_count(1)
    page.click(".rt-bot-speed button:has-text('to the end')")
    page.wait_for_selector(".rt-game .rt-over", timeout=300_000)
    page.screenshot(path=str(artifacts / "legal-bots-to-the-end.png"))
    # undo stops the bots and goes back one move at a time; resume plays on
    status = page.locator(".rt-game .rt-status").inner_text()
    page.click(".rt-undo")
    wait_text_changes(page, ".rt-game .rt-status", status)
    pause = page.locator(".rt-bot-pause")
    expect(pause).to_contain_text("Resume")
    pause.click()
    page.wait_for_selector(".rt-game .rt-over", timeout=300_000)


@pytest.mark.parametrize("name", ["tir-nan-og", "formula-e"])
def test_every_page_has_the_speed_control_and_one_name(new_page, voila, artifacts, name):
    page = _open_play(new_page, voila, games.entry(name).notebook, "projector")
    page.wait_for_selector(".rt-bot-speed")
    status = page.locator(".rt-game .rt-status")
    expect(status).to_contain_text("Player")  # the seat's name, shown: then no other name beside it
    expect(status).not_to_contain_text("Bot ")
    page.screenshot(path=str(artifacts / f"legal-{name}.png"))
