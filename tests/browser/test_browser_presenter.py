"""Presenter mode in the browser: a projector at 1280x720 and at
150% zoom, the example stepped from the keyboard, the link as text and QR code.

Uses the ``voila`` and ``browser`` fixtures of tests/conftest.py; screenshots go
to test-artifacts/presenter-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import wait_text_changes
from tutor import games

pytestmark = pytest.mark.browser

WAIT = 90_000  # generous: two cores shared with other work


def step_count(pg) -> str:
    return pg.locator(".rt-step-count").inner_text()


def wait_step(pg, before: str) -> str:
    return wait_text_changes(pg, ".rt-step-count", before)


@pytest.mark.parametrize("zoom", [1, 1.5])
def test_presenter_mode_keyboard_and_qr(new_page, voila, artifacts, zoom):
    # 150% zoom of a 1280x720 screen: CSS pixels shrink by 1.5, device pixels stay.
    pg = new_page((round(1280 / zoom), round(720 / zoom)), timeout=WAIT, device_scale_factor=zoom)
    first = games.get("fire-bulls").course()[1].id  # the simplest example (the page opens on the guided game)
    pg.goto(voila.url(games.entry("fire-bulls").notebook) + f"?example={first}")
    pg.locator(".rt-step-count").wait_for()
    pg.click(".rt-presenter-toggle")
    pg.locator(".rt-page.rt-presenter").wait_for()
    qr = pg.locator(".rt-presenter-qr svg")
    qr.wait_for()
    expect(pg.locator(".rt-presenter-url a")).to_have_text(re.compile(r"^http://.*fire_bulls"))
    expect(pg.locator(".rt-presenter-keys")).to_contain_text("Home")
    # large type: the narration is set at 26px, readable from the back of a room
    size = pg.eval_on_selector(".rt-step-narration .widget-html-content",
                               "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 24
    # the cards' names too; and the hands, beside the rows at a desk, come under them, not past the
    # board's edge under the side column (where they were hidden)
    name = pg.eval_on_selector(".rt-stepper .fb-card .fb-name", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert name >= 20
    inside = pg.eval_on_selector(".rt-stepper .rt-board", """b => {
        const edge = b.getBoundingClientRect().right;
        return [...b.querySelectorAll('.rt-sec-hands, .rt-sec-reserve, .rt-sec-won')]
            .every(s => s.getBoundingClientRect().right <= edge + 1); }""")
    assert inside, "the hands run past the board's edge"
    # ... and the example chooser's label is whole at that size (it was cut to "Exa...")
    label = pg.locator(".rt-page.rt-presenter .rt-chooser > .widget-label").first
    expect(label).to_have_text("Example")
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), "the chooser's label is cut off"
    first = step_count(pg)
    # the keys are watched from presenter mode on (no pointer move needed: see the test below)
    pg.keyboard.press("ArrowRight")
    second = wait_step(pg, first)
    pg.keyboard.press("End")
    last = wait_step(pg, second)
    pg.keyboard.press("Home")
    assert wait_step(pg, last) == first
    pg.keyboard.press(" ")
    assert wait_step(pg, first) == second
    pg.keyboard.press("PageDown")  # a presentation clicker
    third = wait_step(pg, second)
    pg.keyboard.press("PageUp")
    assert wait_step(pg, third) == second
    pg.screenshot(path=str(artifacts / f"presenter-1280x720-zoom{int(zoom * 100)}.png"))


def test_presenter_mode_scales_tir_nan_og_small_chips(new_page, voila, artifacts):
    """presenter mode set the page's words at 26px but left Tir Nan Og's small creature chips and
    muted words (a pile's value, its count) at 14-15px: they are read from the back of the room too."""
    pg = new_page("projector", timeout=WAIT)
    pg.goto(voila.url(games.entry("tir-nan-og").notebook) + "?presenter=1&example=lesson&step=1")
    pg.locator(".rt-page.rt-presenter .rt-stepper .tn-sym").first.wait_for()
    sizes = pg.eval_on_selector_all(
        ".rt-stepper .tn-sym, .rt-stepper .tn-muted",
        "els => els.filter(e => e.offsetParent).map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 20, sizes
    pg.screenshot(path=str(artifacts / "presenter-tir-nan-og-1280x720.png"))


def test_presenter_keys_and_a_clickers_page_down_work_without_moving_the_pointer(new_page, voila, artifacts):
    """Opened in presenter mode by its link, the page answers the keys at once: no pointer ever moved
    (ipyevents listened only once the pointer had come onto the page), and PageDown, which a
    presentation clicker sends, steps the example; the explanation grows with the board."""
    pg = new_page("projector", timeout=WAIT)
    pg.goto(voila.url(games.entry("fire-bulls").notebook) + "?presenter=1&example=fr-1&lang=it")
    pg.locator(".rt-page.rt-presenter .rt-step-count").wait_for()
    expect(pg.locator(".rt-presenter-local")).to_contain_text("funziona solo su questo computer")
    expect(pg.locator(".rt-presenter-local")).to_contain_text("make class")
    first = step_count(pg)
    pg.keyboard.press("PageDown")
    second = wait_step(pg, first)
    pg.keyboard.press("PageDown")
    third = wait_step(pg, second)
    pg.keyboard.press("PageUp")
    assert wait_step(pg, third) == second
    sizes = pg.eval_on_selector_all(
        ".rt-stepper .rt-narration, .rt-stepper .rt-step-header h3, .rt-stepper .rt-src",
        "els => els.filter(e => e.offsetParent).map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 20, sizes
    # the link the class gets leaves presenter mode out; the teacher may ask for it
    link = pg.locator(".rt-presenter-url a").get_attribute("href")
    assert "presenter" not in link and "step=1" in link
    pg.screenshot(path=str(artifacts / "presenter-pagedown-1280x720.png"))
