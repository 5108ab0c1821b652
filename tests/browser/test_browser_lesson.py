"""The first lesson in a real browser, every game, at a projector's and a phone's size.

Screenshots go to test-artifacts/lesson-<game>-<size>-<step>.png.  Marked ``browser``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor import games

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 720), "phone": (390, 844)}


@pytest.mark.parametrize("name", games.names())
def test_the_page_opens_on_the_first_lesson_and_steps_through_it(new_page, voila, artifacts, name):
    game = games.get(name)
    lesson = game.lesson()
    n = len(lesson.steps)
    for size, (width, height) in SIZES.items():
        page = new_page((width, height), timeout=90_000)
        page.goto(voila.url(games.entry(name).notebook))
        page.wait_for_selector(".rt-next")
        title = game.example_text(lesson, "en")["title"]
        expect(page.locator(".rt-step-title")).to_have_text(title)
        expect(page.locator(".rt-step-count")).to_contain_text(f"0 of {n}")
        # step 0: the rulebook's quote, and its English beside it
        expect(page.locator(".rt-step-narration .rt-translation")).to_have_count(1)
        expect(page.locator(".rt-step-narration")).not_to_contain_text("$")
        page.wait_for_timeout(300)
        page.screenshot(path=str(artifacts / f"lesson-{name}-{size}-0.png"))
        for i in range(1, n + 1):
            page.click(".rt-next")
            expect(page.locator(".rt-step-count")).to_contain_text(f"{i} of {n}")
            card = game.example_text(lesson, "en")["steps"][i - 1]
            page.wait_for_function(  # the card's words above the board, the rule it cites below
                "([t]) => document.querySelector('.rt-step-header .rt-lesson-card').innerText.includes(t)",
                arg=[card[:30]])
            cited = game.lesson_data()["cards"][i - 1]["rule"]
            page.wait_for_selector(f".rt-step-narration .rt-cite[data-rule='{cited}']")
            if i == 1:
                page.screenshot(path=str(artifacts / f"lesson-{name}-{size}-1.png"))
        expect(page.locator(".rt-outcome")).to_have_text(re.compile(r"\S"))  # a later update than the count
        # the next entry is the simplest example
        options = page.locator(".rt-chooser select option")
        # ipywidgets writes the options' spaces as no-break spaces
        shown = [options.nth(k).inner_text().replace("\xa0", " ") for k in (0, 1)]
        assert shown == [title, game.example_text(game.course()[1], "en")["title"]]
        # in Italian, the lesson speaks Italian
        page.click(".rt-lang button:has-text('Italiano')")
        it_title = game.example_text(lesson, "it")["title"]
        page.wait_for_function("([t]) => document.querySelector('.rt-step-title').innerText === t",
                               arg=[it_title])
        page.screenshot(path=str(artifacts / f"lesson-{name}-{size}-it.png"))
        page.context.close()
