"""Every tab of every game on a phone (390x844), as a learner scrolling with a thumb meets it:

* nothing wider than the screen, and no box that scrolls inside the page (only Voila's own page
  scroller, ``#rendered_cells``, which is the page itself);
* no button whose words are cut (``scrollWidth > clientWidth``), no word of a button or a card's
  name broken across two lines ("Fortificat|ion");
* the instruction and the control that answers it on one screen: the step's words and Next (which
  stays at the top while the board is scrolled to), who is to move and the first move, the question
  and its first choice, the scenario's goal and its first move;
* Fire Bulls' end table (French) shows every player's total inside the screen.

Screenshots of each tab go to test-artifacts/phone-*.png (look at them).  Marked ``browser``.
"""

from __future__ import annotations

import pytest

from tests.browser_helpers import first_example
from tutor import games

pytestmark = pytest.mark.browser

WAIT = 90_000
PHONE_HEIGHT = 844

# the page's scroller (Voila scrolls the page inside #rendered_cells) is the one box meant to scroll
DELIBERATE = ("rendered_cells",)

GEOMETRY = """(deliberate) => {
    const out = {wide: document.documentElement.scrollWidth - innerWidth, scrollers: [], cut: [], broken: []};
    const shown = el => el.offsetParent !== null;
    for (const el of document.querySelectorAll('body *')) {
        if (!shown(el) || deliberate.includes(el.id)) continue;
        const st = getComputedStyle(el);
        const x = /auto|scroll/.test(st.overflowX) && el.scrollWidth > el.clientWidth + 1;
        const y = /auto|scroll/.test(st.overflowY) && el.scrollHeight > el.clientHeight + 1;
        if (x || y) out.scrollers.push(el.className.toString().slice(-60) + (x ? ' sideways' : ' down'));
    }
    const words = (el, where) => {
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n; (n = walk.nextNode());) {
            for (const m of n.data.matchAll(/\\S+/g)) {
                const r = document.createRange();
                r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
                const lines = new Set([...r.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top)));
                if (lines.size > 1) out.broken.push(where + ': ' + m[0]);
            }
        }
    };
    for (const b of document.querySelectorAll('.rt-page button, .rt-page .lm-TabBar-tabLabel')) {
        if (!shown(b)) continue;
        if (b.scrollWidth > b.clientWidth + 1) out.cut.push(b.innerText.slice(0, 40));
        words(b, 'button');
    }
    for (const c of document.querySelectorAll('.fb-name, .ka-card, .fe-card, .tn-chip')) if (shown(c)) words(c, 'card');
    return out;
}"""


def check_geometry(pg, where: str) -> None:
    found = pg.evaluate(GEOMETRY, list(DELIBERATE))
    assert found["wide"] <= 1, f"{where}: the page is {found['wide']}px wider than the phone"
    assert found["scrollers"] == [], f"{where}: boxes scroll inside the page: {found['scrollers']}"
    assert found["cut"] == [], f"{where}: button labels cut: {found['cut']}"
    assert found["broken"] == [], f"{where}: words broken across lines: {found['broken']}"


def top(pg, selector: str) -> None:
    """Scroll the page so that ``selector``'s first shown element is at the top of the screen."""
    pg.locator(selector).first.evaluate("el => el.scrollIntoView({block: 'start'})")
    pg.wait_for_timeout(300)


def rect(pg, selector: str) -> dict:
    found = pg.evaluate("""(sel) => { for (const el of document.querySelectorAll(sel)) {
        if (el.offsetParent === null) continue; const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom}; } return null; }""", selector)
    assert found is not None, f"{selector} is not shown"
    return found


def one_screen(pg, instruction: str, control: str, where: str) -> None:
    """With the instruction at the top of the screen, the control is inside the same screen."""
    top(pg, instruction)
    said, press = rect(pg, instruction), rect(pg, control)
    assert 0 <= said["top"] and press["bottom"] <= PHONE_HEIGHT, \
        f"{where}: {control} ends at {press['bottom']:.0f}px, below the screen that shows {instruction}"


FIRST_MOVE = """.rt-game .rt-controls button:not([disabled]):not([aria-disabled=true])"""


@pytest.mark.parametrize("name", games.names())
def test_every_tab_on_a_phone(new_page, voila, artifacts, name):
    pg = new_page("phone", timeout=WAIT)
    lang = "fr" if name == "fire-bulls" else "en"  # the French words are the longest
    pg.goto(voila.url(games.entry(name).notebook) + f"?lang={lang}")
    shot = lambda tab: pg.screenshot(path=str(artifacts / f"phone-{name}-{tab}.png"))  # noqa: E731
    # the lesson: the step's idea and what to do, with the suggested move
    pg.wait_for_selector(".rt-page .rt-guide-suggested")
    pg.wait_for_timeout(500)
    one_screen(pg, ".rt-guide-do", ".rt-guide-suggested", "lesson")
    check_geometry(pg, "lesson")
    shot("lesson")
    # an example: its words and Next on one screen, and Next still on screen at the board
    first_example(pg)
    pg.click(".rt-page .rt-next")
    pg.wait_for_selector(".rt-step-count")
    one_screen(pg, ".rt-step-narration", ".rt-page .rt-next", "example")
    top(pg, ".rt-stepper > .rt-board")
    next_at = rect(pg, ".rt-page .rt-next")
    assert 0 <= next_at["top"] and next_at["bottom"] <= PHONE_HEIGHT, "Next is off screen beside the example's board"
    check_geometry(pg, "example")
    shot("example")
    # Play: who is to move and the first move on one screen
    pg.click(".lm-TabBar-tab >> nth=1")
    pg.wait_for_function(f"() => document.querySelector('{FIRST_MOVE}') !== null", timeout=WAIT)
    pg.wait_for_timeout(500)
    one_screen(pg, ".rt-game .rt-status", FIRST_MOVE, "play")
    check_geometry(pg, "play")
    shot("play")
    # Rules: the search field under its label
    pg.click(".lm-TabBar-tab >> nth=2")
    pg.wait_for_selector(".rt-toc a")
    one_screen(pg, ".rt-rules", ".rt-rule-search input", "rules")
    check_geometry(pg, "rules")
    shot("rules")
    # Quiz: the question and its first choice
    pg.click(".lm-TabBar-tab >> nth=3")
    pg.wait_for_selector(".rt-quiz-choices button")
    pg.wait_for_timeout(300)
    one_screen(pg, ".rt-quiz-prompt", ".rt-quiz-choices button", "quiz")
    check_geometry(pg, "quiz")
    shot("quiz")
    # Scenarios: the goal and the first move
    pg.click(".lm-TabBar-tab >> nth=4")
    pg.wait_for_selector(".rt-scn-moves button")
    pg.wait_for_timeout(300)
    one_screen(pg, ".rt-scn-goal", ".rt-scn-moves button", "scenarios")
    check_geometry(pg, "scenarios")
    shot("scenarios")


def test_fire_bulls_end_table_fits_a_phone(new_page, voila, artifacts):
    """Two bots to the end of a French game: each player's total ("Total") inside the screen, the
    table not scrolling sideways (it had Joueur / Couleur / Valeur, the totals off to the right)."""
    pg = new_page("phone", timeout=WAIT)
    pg.goto(voila.url(games.entry("fire-bulls").notebook) + "?lang=fr&tab=play&seed=4")
    pg.wait_for_selector(".rt-game .rt-new-game")
    for seat in (0, 1):
        chooser = f".rt-game .rt-seat-{seat} select"
        pg.wait_for_selector(chooser)
        values = pg.eval_on_selector(chooser, "s => [...s.options].map(o => o.value)")
        pg.select_option(chooser, next(v for v in values if v.startswith("bot")))  # a bot, in the page's words
    pg.click(".rt-bot-speed button >> nth=3")  # to the end
    pg.click(".rt-game .rt-replay-deal")  # the link's deal again (game number 4), with the bots: the same end each run
    pg.wait_for_selector(".rt-game .rt-over", timeout=300_000)
    pg.wait_for_selector(".rt-end-table td")
    top(pg, ".rt-end-table")
    totals = pg.evaluate("""() => [...document.querySelectorAll('.rt-end-table td')]
        .filter(td => td.dataset.label === 'Total').map(td => { const r = td.getBoundingClientRect();
            return {text: td.innerText, left: r.left, right: r.right}; })""")
    assert len(totals) == 2, totals
    for cell in totals:
        assert cell["left"] >= 0 and cell["right"] <= 390, f"a total is off the screen: {cell}"
    check_geometry(pg, "end of a game")
    pg.screenshot(path=str(artifacts / "phone-fire-bulls-end.png"))
