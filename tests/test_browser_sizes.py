"""Every game page at a classroom projector's size (1280x720) and a phone's
(390x844): the controls a student needs are on screen, nothing pushes the page
sideways, and the tabs work.  Screenshots go to test-artifacts/ (look at them).

Uses the ``voila``, ``browser`` and ``artifacts`` fixtures of tests/conftest.py.
Marked ``browser``.
"""

from __future__ import annotations

import pytest

from tutor import games

pytestmark = pytest.mark.browser

SIZES = {"projector": (1280, 720), "phone": (390, 844)}


def overflow(pg) -> int:
    """How many pixels the page is wider than the screen (0: no sideways scrolling)."""
    return pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def on_screen(pg, selector: str) -> bool:
    """The first element matching ``selector`` lies within the screen's width."""
    box = pg.locator(selector).first.bounding_box()
    width = pg.evaluate("window.innerWidth")
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1


def clipped_controls(pg, scope: str) -> list[str]:
    """Buttons, choosers and fields under ``scope`` that reach past the screen's right edge."""
    return pg.evaluate("""(scope) => {
        const out = [];
        for (const el of document.querySelectorAll(scope + ' button, ' + scope + ' select, ' + scope + ' input')) {
            if (el.offsetParent === null) continue;  // not shown
            const r = el.getBoundingClientRect();
            if (r.width > 0 && r.right > window.innerWidth + 1) out.push(el.className + ' ' + el.innerText);
        }
        return out;
    }""", scope)


def walk_page(pg, url: str, artifacts, name: str, size: str) -> None:
    """The checks for one page at one size (also used on other pages than Fire Bulls')."""
    width, height = SIZES[size]
    pg.set_viewport_size({"width": width, "height": height})
    pg.goto(url)
    pg.wait_for_selector(".rt-page .rt-next")
    pg.wait_for_timeout(500)  # let the layout settle
    pg.screenshot(path=str(artifacts / f"{name}-{size}-examples.png"))
    for sel in (".rt-page .rt-next", ".rt-page .rt-previous", ".lm-TabBar-tab >> nth=2", ".rt-lang"):
        assert on_screen(pg, sel), f"{sel} is off screen at {size}"
    assert overflow(pg) <= 1, f"the page scrolls sideways by {overflow(pg)}px at {size}"
    cut = clipped_controls(pg, ".rt-stepper")
    assert cut == [], f"stepper controls cut off at {size}: {cut}"
    count = pg.locator(".rt-step-count").inner_text()
    pg.click(".rt-page .rt-next")
    pg.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                         arg=[".rt-step-count", count])
    pg.click(".lm-TabBar-tab >> nth=1")
    pg.wait_for_selector(".rt-game .rt-new-game")
    pg.wait_for_selector(".rt-game .rt-to-move, .rt-game .rt-over")
    pg.wait_for_timeout(500)
    pg.screenshot(path=str(artifacts / f"{name}-{size}-play.png"), full_page=True)
    for sel in (".rt-game .rt-new-game", ".rt-game .rt-status", ".rt-game .rt-board", ".rt-game .rt-undo"):
        assert on_screen(pg, sel), f"{sel} is off screen at {size}"
    assert overflow(pg) <= 1, f"the play tab scrolls sideways by {overflow(pg)}px at {size}"
    cut = clipped_controls(pg, ".rt-game")
    assert cut == [], f"controls cut off at {size}: {cut}"
    pg.click(".lm-TabBar-tab >> nth=2")
    pg.wait_for_selector(".rt-rule-search input")
    assert on_screen(pg, ".rt-rule-search input")
    pg.screenshot(path=str(artifacts / f"{name}-{size}-rules.png"))


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", games.names())
def test_every_game_page_on_a_projector_and_a_phone(browser, voila, artifacts, name, size):
    context = browser.new_context()
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    try:
        walk_page(pg, voila.url(games.entry(name).notebook), artifacts, name, size)
    finally:
        context.close()
