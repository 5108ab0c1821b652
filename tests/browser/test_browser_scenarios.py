"""The Scenarios tab in a real browser, every game, with screenshots (desktop and phone)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import shot
from tests.browser.test_browser_sizes import overflow, top_on_screen
from tutor import games

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 720), "phone": (390, 844)}


@pytest.mark.parametrize("name", games.names())
def test_play_a_scenario_and_ask_a_hint(new_page, voila, artifacts, name):
    for size, (width, height) in SIZES.items():
        page = new_page((width, height), timeout=120_000)
        page.goto(voila.url(games.entry(name).notebook))
        page.wait_for_selector(".rt-chooser select")
        page.click(".lm-TabBar-tab >> nth=4")  # Scenarios
        page.wait_for_selector(".rt-scn-move-0")
        expect(page.locator(".rt-scn-goal")).to_contain_text("Goal:")
        if size == "desktop":  # at a projector's size the goal and the first moves are seen without scrolling
            for sel in (".rt-scn-goal", ".rt-scn-move-0", ".rt-scn-hint"):
                assert top_on_screen(page, sel), f"{sel} below the fold of {name} at 1280x720"
        assert overflow(page) <= 1, f"the Scenarios tab of {name} scrolls sideways at {size}"
        page.click(".rt-scn-hint")  # a click scrolls its target into view first
        page.wait_for_selector(".rt-scn-hint-text .rt-narration")
        shot(page, ".rt-scn-goal", artifacts / f"scenarios-{name}-{size}.png")
        page.click(".rt-scn-move-0")
        page.wait_for_selector(".rt-scn-verdict .rt-narration")
        shot(page, ".rt-scn-verdict", artifacts / f"scenarios-played-{name}-{size}.png")
        expect(page.locator(".rt-scn-progress")).to_contain_text("attempts 1")
        if name == "tir-nan-og":  # the teacher saves the Play tab's position with a game's own goal
            page.click(".lm-TabBar-tab >> nth=1")
            page.click("text=Scenario file (JSON)")
            page.wait_for_selector(".rt-save-as-scenario")
            goal = "Take a magic fountain within … of your moves."  # the engine's sentence names the kind
            page.locator(".rt-goal-kind select").select_option(label=goal)
            page.click(".rt-save-as-scenario")
            page.wait_for_selector(".rt-save-scenario-message .rt-msg-ok")
            expect(page.locator(".rt-scenario textarea")).to_have_value(re.compile('"kind": "fountain"'))
            shot(page, ".rt-save-scenario", artifacts / f"scenarios-save-as-{name}-{size}.png")
            page.click(".lm-TabBar-tab >> nth=3")  # an answered quiz question offers to play on from it
            page.click(".rt-quiz-choice-0")
            # answered at once (one answer), or picked and the Check button to press (several)
            page.wait_for_selector(".rt-quiz-feedback .rt-msg, .rt-quiz-check:visible")
            if page.locator(".rt-quiz-check").is_visible():
                page.click(".rt-quiz-check")
            page.wait_for_selector(".rt-quiz-feedback .rt-msg")
            if page.locator(".rt-quiz-reveal").is_visible():  # a wrong answer: the answer shown settles it
                page.click(".rt-quiz-reveal")
            page.wait_for_selector(".rt-quiz .rt-play-here:visible")
            shot(page, ".rt-quiz-feedback", artifacts / f"quiz-play-here-{name}-{size}.png")
            page.click(".rt-quiz .rt-play-here")
            page.wait_for_selector(".rt-new-game:visible")
        page.context.close()  # the next size in a fresh context
