"""The guided first game in a real browser, every game, at a projector's and a phone's size.

The page opens on it: the learner plays the suggested move of every step to the end (one refused
move on the way: it says why and changes nothing), then goes on to the rulebook's examples.
Screenshots go to test-artifacts/guide-<game>-<size>-<step>.png.  Marked ``browser``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tutor import games
from tutor.guide import Guide

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 720), "phone": (390, 844)}


def _steps(name: str) -> int:
    """How many moves the guide takes when its suggestions are followed (from the engine)."""
    g = Guide.start(name)
    n = 0
    while not g.done:
        g.play(g.suggested)
        n += 1
    return n


@pytest.mark.parametrize("name", games.names())
def test_the_page_opens_on_the_guided_first_game_and_walks_it_to_the_examples(new_page, voila, artifacts, name):
    game = games.get(name)
    moves = _steps(name)
    _title, goal = Guide.start(name).text("en")
    for size, (width, height) in SIZES.items():
        page = new_page((width, height), timeout=90_000)
        page.goto(voila.url(games.entry(name).notebook))
        page.wait_for_selector(".rt-guide-suggested")
        # step 1: the goal, in words a learner reads, and the suggested move on the same screen
        expect(page.locator(".rt-guide-count")).to_contain_text("step 1 of")
        expect(page.locator(".rt-guide-idea")).to_contain_text(goal[:40])
        page.locator(".rt-guide-header").evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        suggested = page.locator(".rt-guide-suggested").bounding_box()
        assert suggested is not None and suggested["y"] + suggested["height"] <= height, "the move is below the fold"
        page.screenshot(path=str(artifacts / f"guide-{name}-{size}-1.png"))
        for k in range(moves):
            page.click(f".rt-guide-suggested.rt-guide-at-{k}")  # this step's move, not the last one's
            expect(page.locator(".rt-guide-count")).to_contain_text(f"step {k + 2} of")
            expect(page.locator(".rt-guide-feedback .rt-msg-ok")).to_have_count(1)
            if k == 0:
                page.locator(".rt-guide-header").evaluate("el => el.scrollIntoView({block: 'start'})")
                page.screenshot(path=str(artifacts / f"guide-{name}-{size}-2.png"))
        # the goal was met: on to the rulebook's examples, the simplest first
        done = page.locator(".rt-guide-done")
        expect(done).to_be_visible()
        page.screenshot(path=str(artifacts / f"guide-{name}-{size}-end.png"))
        done.click()
        page.wait_for_selector(".rt-next")
        expect(page.locator(".rt-step-title")).to_contain_text(game.example_text(game.course()[1], "en")["title"])
        page.context.close()


def test_the_guided_game_in_italian(new_page, voila, artifacts):
    page = new_page((390, 844), timeout=90_000)
    page.goto(voila.url(games.entry("tir-nan-og").notebook) + "?lang=it")
    page.wait_for_selector(".rt-guide-count:has-text('La tua prima partita')")
    _title, goal = Guide.start("tir-nan-og").text("it")
    expect(page.locator(".rt-guide-idea")).to_contain_text(goal[:40])
    expect(page.locator(".rt-guide-todo")).to_contain_text("Tocca a te.")
    page.click(".rt-guide-suggested")
    expect(page.locator(".rt-guide-feedback")).to_contain_text("La mossa consigliata")
    page.screenshot(path=str(artifacts / "guide-tir-nan-og-phone-it.png"))
