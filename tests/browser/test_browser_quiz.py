"""The Quiz tab and the Hint button in a real browser, every game, with screenshots (desktop and phone)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor import games

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 720), "phone": (390, 844)}


@pytest.mark.parametrize("name", games.names())
def test_answer_a_question_and_ask_a_hint(new_page, voila, artifacts, name):
    for size, (width, height) in SIZES.items():
        page = new_page((width, height), timeout=90_000)
        page.goto(voila.url(games.entry(name).notebook))
        page.wait_for_selector(".rt-chooser select")
        # past the guided first game, the simplest example
        page.select_option(".rt-chooser select", index=1)
        page.wait_for_selector(".rt-next")
        # Your turn: predict the next step of the example before it is shown
        page.click(".rt-your-turn-switch")
        page.wait_for_selector(".rt-your-turn-switch.mod-active")
        example = 1
        for _ in range(12):  # a step with nothing to predict is shown at once; at an example's end, the next one
            # at the example's end (its count says "Step n of n": read from the count, which the kernel
            # updates before it disables Next), the next example
            at = re.search(r"(\d+) of (\d+)", page.locator(".rt-step-count").inner_text())
            if at and at.group(1) == at.group(2):
                example += 1
                page.select_option(".rt-chooser select", index=example)
                page.wait_for_function("!document.querySelector('.rt-next').disabled")
                page.wait_for_function("/ 0 of /.test(document.querySelector('.rt-step-count').innerText)")
            before = page.locator(".rt-step-count").inner_text()
            page.click(".rt-next")
            page.wait_for_function("([text]) => document.querySelector('.rt-your-turn-choice-0') !== null"
                                   " || document.querySelector('.rt-step-count').innerText !== text", arg=[before])
            if page.locator(".rt-your-turn-choice-0").count():
                break
        page.click(".rt-your-turn-choice-0")
        page.wait_for_selector(".rt-your-turn-feedback .rt-msg")
        page.wait_for_selector(".rt-your-turn-feedback .rt-cite")
        page.locator(".rt-your-turn").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"your-turn-{name}-{size}.png"))
        page.click(".lm-TabBar-tab >> nth=3")  # Quiz
        page.wait_for_selector(".rt-quiz-choice-0")
        expect(page.locator(".rt-quiz-progress")).to_contain_text("Question 1 of 10")
        # a one-answer question: choices tried in order until the right one (a wrong one says why
        # at once and the question stays open); several answers: one pick, checked, then the answer shown
        for k in range(8):
            page.click(f".rt-quiz-choice-{k}")
            # the kernel redraws the choices: a one-answer pick is checked at once (the choice comes back
            # disabled, right or wrong); a pick among several comes back marked, to be checked
            choice = f"document.querySelector('.rt-quiz-choice-{k}')"
            page.wait_for_function(f"{choice}.disabled || {choice}.classList.contains('mod-info')")
            several = page.locator(".rt-quiz-check").is_visible()
            if several:  # the first check of the question: its verdict is the first message in the feedback
                page.click(".rt-quiz-check")
            # the choices are redrawn before the feedback: wait for the feedback that gives this pick's reason
            # (a wrong pick's, a right one's or a kept pick's), not for the last try's message still shown
            page.wait_for_selector(f".rt-quiz-feedback .rt-quiz-reason[data-choice='{k}']")
            page.wait_for_selector(".rt-quiz-feedback .rt-msg")
            if page.locator(".rt-quiz-feedback .rt-msg-ok").count():
                break
            page.screenshot(path=str(artifacts / f"quiz-wrong-{name}-{size}.png"))
            if several:  # wrong or short of the right ones: the answer shown
                page.click(".rt-quiz-reveal")
                break
            expect(page.locator(f".rt-quiz-choice-{k}")).to_be_disabled()
        page.wait_for_selector(".rt-quiz-feedback .rt-cite")
        expect(page.locator(".rt-quiz-score")).to_contain_text("of 1")  # the first try counted
        page.screenshot(path=str(artifacts / f"quiz-{name}-{size}.png"))
        page.click(".rt-quiz-next")
        page.wait_for_function("document.querySelector('.rt-quiz-progress').innerText.includes('2 of 10')")
        page.click(".lm-TabBar-tab >> nth=1")  # Play
        page.wait_for_selector(".rt-hint")
        page.locator(".rt-hint").first.scroll_into_view_if_needed()
        page.click(".rt-hint")
        page.wait_for_selector(".rt-hint-text .rt-msg")
        page.wait_for_selector(".rt-hint-text .rt-cite")
        page.locator(".rt-hint").first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"hint-{name}-{size}.png"))
        page.context.close()  # the next size in a fresh context
