"""Fire Bulls' board in the columns it is given, as a teacher projecting (1280x720) and a learner on a
phone (390x844) meet it:

* projector: in each tab (the guided first game, a rulebook example, Play, Rules, Quiz, Scenarios)
  no element is wider than its box (``scrollWidth <= clientWidth``; a line cut on purpose with an
  ellipsis, ``overflow: hidden``, is not counted) and the board ends inside the tab: nothing scrolls
  sideways (the board, 800-880px, scrolled inside the 720-810px the lesson, the quiz and the
  scenarios give it beside their side column);
* phone: in the Scenarios tab the board starts within a screen and a half of the page's top (its
  ~20-40 legal moves, a button each, came first and pushed it 2,000px down), with the goal and the
  first move on the first screen still; no card's name runs into its slot's letter.

Formula E's example board: on a phone its track, drawn up, starts at its red finish line when no
elephant is past it (no empty band above the track); on a projector it is drawn across, whole in its column.

Screenshots go to test-artifacts/fit-*.png.  Marked ``browser``.
"""

from __future__ import annotations

import pytest

from tests.browser_helpers import first_example
from tutor import games

pytestmark = pytest.mark.browser

WAIT = 90_000
PHONE_HEIGHT = 844
# a first screen and a half of scrolling: the board is met right after the goal and the moves
BOARD_TOP_AT_MOST = int(PHONE_HEIGHT * 1.5)

WIDER = """(panel) => {
    const root = [...document.querySelectorAll(panel)].find(el => el.offsetParent !== null);
    if (!root) return null;
    const out = [], edge = root.getBoundingClientRect().right;
    for (const el of root.querySelectorAll('*')) {
        // the step slider's knob overhangs its track by design
        if (el.offsetParent === null || el.closest('.noUi-target')) continue;
        const st = getComputedStyle(el);
        if (/hidden|clip/.test(st.overflowX)) continue;  // cut on purpose (an ellipsis)
        const name = el.tagName + '.' + el.className.toString().split(' ').filter(c => c.startsWith('rt-')
            || c.startsWith('fb-') || c.startsWith('widget-')).slice(-2).join('.');
        if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
            out.push(`${name} holds ${el.scrollWidth}px in ${el.clientWidth}px`);
        else if (el.closest('.rt-board') && el.getBoundingClientRect().right > edge + 1)
            out.push(`${name} ends ${Math.round(el.getBoundingClientRect().right - edge)}px past the tab`);
    }
    return out;
}"""


def fits(pg, panel: str, where: str, artifacts) -> None:
    pg.wait_for_timeout(500)  # the layout settles
    found = pg.evaluate(WIDER, panel)
    assert found is not None, f"{where}: {panel} is not shown"
    pg.screenshot(path=str(artifacts / f"fit-fire-bulls-{where}.png"))
    assert found == [], f"{where}: wider than its column: {found[:6]}"
    assert pg.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1, f"{where}: the page scrolls sideways"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_fire_bulls_board_fits_each_tab_on_a_projector(new_page, voila, artifacts, lang):
    pg = new_page("projector", timeout=WAIT)
    pg.goto(voila.url(games.entry("fire-bulls").notebook) + f"?lang={lang}")
    pg.wait_for_selector(".rt-page .rt-guide-suggested")
    fits(pg, ".rt-guide", f"{lang}-lesson", artifacts)
    first_example(pg)
    pg.click(".rt-page .rt-next")
    pg.wait_for_selector(".rt-step-count")
    fits(pg, ".rt-stepper", f"{lang}-example", artifacts)
    pg.click(".lm-TabBar-tab >> nth=1")
    pg.wait_for_selector(".rt-game .rt-controls button")
    fits(pg, ".rt-game", f"{lang}-play", artifacts)
    pg.click(".lm-TabBar-tab >> nth=3")
    pg.wait_for_selector(".rt-quiz-choices button")
    fits(pg, ".rt-quiz", f"{lang}-quiz", artifacts)
    pg.click(".lm-TabBar-tab >> nth=4")
    pg.wait_for_selector(".rt-scn-moves button")
    fits(pg, ".rt-scenarios", f"{lang}-scenarios", artifacts)
    # a scenario further on: a long victory pile (its sum "6+6+6+6+3+..." ran past the hands' column)
    titles = pg.eval_on_selector(".rt-scn-pick select", "s => [...s.options].map(o => o.value)")
    pg.select_option(".rt-scn-pick select", titles[-1])
    pg.wait_for_timeout(1500)
    fits(pg, ".rt-scenarios", f"{lang}-scenario-last", artifacts)


def test_fire_bulls_scenario_board_near_the_top_on_a_phone(new_page, voila, artifacts):
    pg = new_page("phone", timeout=WAIT)
    pg.goto(voila.url(games.entry("fire-bulls").notebook) + "?lang=fr&tab=scenarios")
    pg.wait_for_selector(".rt-scn-moves button")
    pg.wait_for_timeout(800)
    where = pg.evaluate("""() => {
        const page = document.querySelector('#rendered_cells') || document.scrollingElement;
        page.scrollTop = 0; window.scrollTo(0, 0);
        const top = sel => { const el = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
            return el ? el.getBoundingClientRect().top : null; };
        const bottom = sel => { const el = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
            return el ? el.getBoundingClientRect().bottom : null; };
        return {board: top('.rt-scenarios > .rt-board'), goal: top('.rt-scn-goal'),
                move: bottom('.rt-scn-moves button')};
    }""")
    pg.screenshot(path=str(artifacts / "fit-fire-bulls-phone-scenarios.png"), full_page=True)
    assert where["board"] is not None and where["board"] <= BOARD_TOP_AT_MOST, \
        f"the board starts {where['board']:.0f}px down the page (at most {BOARD_TOP_AT_MOST})"
    assert where["goal"] < PHONE_HEIGHT and where["move"] <= PHONE_HEIGHT, f"the goal and the first move: {where}"
    # each card's name clear of its slot's letter (a third of the phone is ~115px: "Fortification" and
    # "Soldat (vert)" ran into the letter, read as "FortificationA")
    touching = pg.evaluate("""() => [...document.querySelectorAll('.rt-scenarios .fb-card[data-card]')].map(card => {
        const name = card.querySelector('.fb-name'), slot = card.querySelector('.fb-slot').getBoundingClientRect();
        const r = document.createRange(); r.selectNodeContents(name);
        const near = [...r.getClientRects()].filter(q => q.width > 0 && q.right > slot.left - 3
            && q.left < slot.right && q.bottom > slot.top && q.top < slot.bottom);
        return near.length ? name.innerText + card.dataset.slot : null; }).filter(x => x)""")
    assert touching == [], f"names running into their slot's letter: {touching}"


# Formula E's board on a phone is its track drawn up, the red finish line at the top.  Above the line is
# a row for the elephants past it; with none there it was an empty band across the board (75px of the
# first example's 505) between the step's words and the track
FINISH_BAND = """(panel) => {
    const svg = [...document.querySelectorAll(panel + ' svg.fe-track-v')].find(s => s.getBoundingClientRect().height);
    if (!svg) return null;
    const line = svg.querySelector('line.fe-finish').getBoundingClientRect();
    return {band: line.top - svg.getBoundingClientRect().top, height: svg.getBoundingClientRect().height,
            past: svg.querySelectorAll('g.fe-elephant[data-cell="finish"]').length,
            elephants: svg.querySelectorAll('g.fe-elephant').length};
}"""
BAND_AT_MOST = 20  # the line's own width and a margin above it


def test_formula_e_example_board_has_no_empty_band_on_a_phone(new_page, voila, artifacts):
    """The guided first game (its elephants not yet placed) and the first worked example ("A green 3
    moves three spaces": three elephants on the start grid): none past the finish, so the track starts
    at its finish line."""
    pg = new_page("phone", timeout=WAIT)
    pg.goto(voila.url(games.entry("formula-e").notebook) + "?lang=en")
    pg.wait_for_selector(".rt-page .rt-guide-suggested")
    for where, panel in (("lesson", ".rt-guide"), ("example", ".rt-stepper")):
        if where == "example":
            first_example(pg)
            pg.wait_for_selector(".rt-stepper .fe-track-v")
        pg.wait_for_timeout(500)
        pg.locator(f"{panel} .fe-track-wrap").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        pg.wait_for_timeout(300)
        pg.screenshot(path=str(artifacts / f"fit-formula-e-phone-{where}.png"))
        found = pg.evaluate(FINISH_BAND, panel)
        assert found is not None and found["past"] == 0, f"{where}: {found}"
        assert where == "lesson" or found["elephants"] == 3, f"{where}: {found}"  # the example's three
        assert found["band"] <= BAND_AT_MOST, f"{where}: {found['band']:.0f}px of empty track above the finish line"
        assert pg.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1, f"{where}: scrolls sideways"


def test_formula_e_example_board_fits_a_projector(new_page, voila, artifacts):
    """At 1280x720 the track is drawn across, whole in its column, the past-the-line column kept."""
    pg = new_page("projector", timeout=WAIT)
    pg.goto(voila.url(games.entry("formula-e").notebook) + "?lang=en")
    pg.wait_for_selector(".rt-page .rt-guide-suggested")
    first_example(pg)
    pg.wait_for_selector(".rt-stepper .fe-track-h")
    pg.wait_for_timeout(500)
    found = pg.evaluate(WIDER, ".rt-stepper")
    pg.screenshot(path=str(artifacts / "fit-formula-e-projector-example.png"))
    assert found == [], f"wider than its column: {found[:6]}"
    track = pg.locator(".rt-stepper svg.fe-track-h").bounding_box()
    assert track is not None and track["height"] > 100 and track["y"] + track["height"] <= 720
    assert pg.locator(".rt-stepper svg.fe-track-v").bounding_box() is None  # the phone's drawing hidden
