"""Everyone can use it: every tab of every game page, and the landing
page, audited with axe-core at a projector's size (1280x720) and a phone's
(390x844): no critical and no serious WCAG 2.1 violation.  And the keyboard
reaches the controls in the order they are shown and works them.

axe-core is the npm package; ``make test`` installs it into .axe/ (the way it
installs Chromium).  Without it the audit is skipped, saying so.  Marked ``browser``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_helpers import wait_text_changes
from tests.conftest import SIZES
from tutor import games

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
# What each tab shows once it is ready to use.
READY = {0: ".rt-page .rt-next", 1: ".rt-game .rt-to-move, .rt-game .rt-over", 2: ".rt-rule-search input",
         3: ".rt-quiz-choice-0"}
RUN_AXE = """async () => {
    const r = await axe.run(document, {resultTypes: ['violations']});
    return r.violations.filter(v => v.impact === 'critical' || v.impact === 'serious').map(v => ({
        id: v.id, impact: v.impact,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
}"""


def audit(pg, where: str) -> list[str]:
    """The critical and serious axe violations on the page as it is now, each as one line."""
    if not pg.evaluate("typeof window.axe !== 'undefined'"):
        pg.add_script_tag(path=str(AXE))
    return [f"{where}: {v['impact']} {v['id']} at {v['nodes']}" for v in pg.evaluate(RUN_AXE)]


@pytest.mark.parametrize("size", list(SIZES))
def test_no_critical_or_serious_accessibility_violation_on_any_page(new_page, voila, artifacts, size):
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed ({AXE}): `make test` installs it with npm")
    pg = new_page(size)
    found: list[str] = []
    pg.goto(voila.url("index.ipynb"))
    pg.wait_for_selector(".rt-game-link")
    found += audit(pg, f"landing page at {size}")
    for name in games.names():
        pg.goto(voila.url(games.entry(name).notebook))
        pg.wait_for_selector(".rt-page .rt-guide-suggested")  # the guided first game the page opens on
        pg.wait_for_timeout(400)
        found += audit(pg, f"{name} guided first game at {size}")
        pg.select_option(".rt-chooser select", index=1)  # then the simplest example
        pg.wait_for_selector(READY[0])
        count = pg.locator(".rt-step-count").inner_text()
        pg.click(".rt-page .rt-next")  # a step: its narration and citations are audited too
        wait_text_changes(pg, ".rt-step-count", count)
        for tab in READY:
            pg.click(f".lm-TabBar-tab >> nth={tab}")
            pg.wait_for_selector(READY[tab])
            pg.wait_for_timeout(400)  # the page's own names are given after each change
            found += audit(pg, f"{name} tab {tab} at {size}")
        pg.screenshot(path=str(artifacts / f"a11y-{name}-{size}-last-tab.png"))
    assert found == [], "\n".join(found)


def test_the_keyboard_reaches_the_controls_in_reading_order_and_works_them(new_page, voila, artifacts):
    """From the top: the way back, the language, the link, the tabs, then the guided first game's
    moves; Enter on the suggested move plays it, and the arrow keys and Enter open the Play tab."""
    page = new_page("projector")
    page.goto(voila.url("fire_bulls.ipynb"))
    page.wait_for_selector(".rt-guide-suggested")
    page.wait_for_timeout(500)
    order = []
    for _ in range(12):
        page.keyboard.press("Tab")
        order.append(page.evaluate("""() => {
            for (let e = document.activeElement; e; e = e.parentElement) {
                const c = [...e.classList].find(c => c.startsWith('rt-') && !/^rt-(panel|page)/.test(c));
                if (c) return c;
            }
            return document.activeElement.tagName.toLowerCase(); }"""))
    expected = ["rt-back-link", "rt-lang", "rt-place-link", "rt-tabs", "rt-chooser", "rt-guide-move"]
    reached = [c for c in dict.fromkeys(order) if c in expected]
    assert reached == expected, order
    # Enter on the focused suggested move of the guided first game: its step 2
    page.focus(".rt-guide-suggested")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.rt-guide-count').innerText.includes('step 2 of')")
    # the tabs: focus the current one, the arrow key moves to "Play", Enter opens it
    page.focus(".lm-TabBar-tab.lm-mod-current")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector(".rt-game .rt-new-game")
    page.screenshot(path=str(artifacts / "keyboard-play.png"))
