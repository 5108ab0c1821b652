"""A Scenarios-tab link after moves were played opens at the same board in a fresh page.

At a projector's size (1280x720) a French teacher opens Kamikaze Attack's third scenario ("survive
the Kamikaze", three moves), plays two duels by clicking the first move offered each time, and
takes the page's link, which now carries the moves (``played=``).  A fresh page at a phone's size
(390x844), another device sharing nothing but the link, shows the same scenario, the same board's
words and the same moves used.  Screenshots go to test-artifacts/.  Marked ``browser``.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.test_browser_sizes import overflow
from tutor import games, scenarios

pytestmark = pytest.mark.browser


def link_now(pg, part: str) -> str:
    """The link box's address once it carries ``part``."""
    pg.wait_for_function("p => (document.querySelector('.rt-place-url')?.value || '').includes(p)", arg=part)
    return pg.locator(".rt-place-url").input_value()


def scenario_words(pg) -> dict:
    """What the learner sees of the scenario: its goal and moves used, the board's words."""
    return {"goal": " ".join(pg.locator(".rt-scenarios .rt-scn-goal").inner_text().split()),
            "board": " ".join(pg.locator(".rt-scenarios .rt-board").inner_text().split())}


def test_a_scenario_link_after_two_moves_opens_at_the_same_board(new_page, voila, artifacts):
    chosen = scenarios.library("kamikaze-attack")[2]
    title = chosen.title(games.get("kamikaze-attack"), "fr")
    pg = new_page("projector")
    pg.goto(voila.url("kamikaze_attack.ipynb") + "?lang=fr&tab=scenarios")
    pg.wait_for_selector(".rt-scn-pick select")
    pg.select_option(".rt-scn-pick select", label=title)
    link_now(pg, f"scenario={chosen.id}")
    goal = pg.locator(".rt-scenarios .rt-scn-goal")
    for used in (1, 2):
        pg.locator(".rt-scenarios .rt-scn-move-0").click()
        expect(goal).to_contain_text(f"{used} sur 3")
    link = link_now(pg, "played=")
    query = {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}
    assert query["scenario"] == chosen.id and query["tab"] == "scenarios" and query["lang"] == "fr"
    teacher = scenario_words(pg)
    pg.screenshot(path=str(artifacts / "scenario-link-projector.png"))
    pg.context.close()

    phone = new_page("phone")  # another device: nothing shared but the link
    phone.goto(link)
    phone.wait_for_selector(".rt-scn-pick select")
    expect(phone.locator(".lm-TabBar-tab.lm-mod-current")).to_contain_text("Scénarios")
    expect(phone.locator(".rt-scenarios .rt-scn-goal")).to_contain_text("2 sur 3")
    expect(phone.locator(".rt-link-notice")).to_have_text("")
    assert scenario_words(phone) == teacher
    phone.screenshot(path=str(artifacts / "scenario-link-phone.png"))
    assert overflow(phone) <= 1, "the scenario scrolls sideways at 390x844"
