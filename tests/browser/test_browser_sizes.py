"""Every game page at a classroom projector's size (1280x720) and a phone's
(390x844), every tab: what a student needs is on screen, nothing pushes the
page sideways, and a refused move does not move the board.  Screenshots go to
test-artifacts/ (look at them).

* Projector: the board, the step's narration and the move controls are inside
  the screen without scrolling (Examples and Play tabs); every move of the
  position the Play tab opens on, and the Hint, too.
* Phone: nothing reaches past the right edge (no sideways scrolling, no
  control cut off); the page scrolls down only.
* Both: a refused scenario file puts its message in its place, and the board
  stays exactly where it was; the Rules tab's search and filter are there.

Uses the ``voila``, ``browser`` and ``artifacts`` fixtures of tests/conftest.py.
Marked ``browser``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import load_scenario
from tests.conftest import SIZES
from tutor import games

pytestmark = pytest.mark.browser

WAIT = 60_000  # generous: two cores shared with other work


def overflow(pg) -> int:
    """How many pixels the page is wider than the screen (0: no sideways scrolling)."""
    return pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def box(pg, selector: str) -> dict:
    """The first shown element matching ``selector``: its box on the screen."""
    found = pg.evaluate("""(sel) => {
        for (const el of document.querySelectorAll(sel)) {
            if (el.offsetParent === null) continue;
            const r = el.getBoundingClientRect();
            return {x: r.left, y: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
        }
        return null;
    }""", selector)
    assert found is not None, f"{selector} is not shown"
    return found


def on_screen(pg, selector: str) -> bool:
    """The first element matching ``selector`` lies within the screen's width (used by other browser tests)."""
    found = pg.locator(selector).first.bounding_box()
    width = pg.evaluate("window.innerWidth")
    return found is not None and found["x"] >= 0 and found["x"] + found["width"] <= width + 1


def within_width(pg, selector: str) -> bool:
    b = box(pg, selector)
    return b["x"] >= 0 and b["right"] <= pg.evaluate("window.innerWidth") + 1


def top_on_screen(pg, selector: str) -> bool:
    """The element starts inside the screen (seen without scrolling) and fits its width."""
    b = box(pg, selector)
    return within_width(pg, selector) and 0 <= b["y"] < pg.evaluate("window.innerHeight") - 20


def clipped(pg, scope: str) -> list[str]:
    """Buttons, choosers, fields and text under ``scope`` reaching past the screen's right edge."""
    return pg.evaluate("""(scope) => {
        const out = [];
        const sel = ['button', 'select', 'input', 'summary', '.widget-html-content']
            .map(s => scope + ' ' + s).join(', ');
        for (const el of document.querySelectorAll(sel)) {
            if (el.offsetParent === null) continue;  // not shown
            const r = el.getBoundingClientRect();
            if (r.width > 0 && r.right > window.innerWidth + 1)
                out.push(el.className + ' ' + el.innerText.slice(0, 40));
        }
        return out;
    }""", scope)


def enabled_moves_on_screen(pg) -> tuple[int, int]:
    """How many enabled move buttons of the Play tab lie wholly inside the screen, and how many do not
    (a refused move, focusable but ``aria-disabled``, is not counted)."""
    return tuple(pg.evaluate("""() => {
        let n = 0, off = 0;
        for (const b of document.querySelectorAll('.rt-game .rt-controls button')) {
            if (b.offsetParent === null || b.disabled || b.getAttribute('aria-disabled') === 'true') continue;
            const r = b.getBoundingClientRect();
            if (r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth + 1) n++; else off++;
        }
        return [n, off];
    }"""))


def board_offset(pg, part: str = ".rt-board") -> tuple[float, float, float]:
    """The Play tab's board (or another ``part``) relative to the Play tab itself (scrolling does not change it)."""
    return pg.evaluate("""(part) => {
        const g = document.querySelector('.rt-game').getBoundingClientRect();
        const b = document.querySelector('.rt-game ' + part).getBoundingClientRect();
        return [b.left - g.left, b.top - g.top, b.width];
    }""", part)


def examples_tab(pg, artifacts, name: str, size: str) -> None:
    pg.wait_for_selector(".rt-page .rt-guide-suggested")
    pg.wait_for_timeout(500)  # let the layout settle
    # the page opens on the guided first game: the step's idea, what to do and the suggested move
    # on one screen, nothing wider than it
    expect(pg.locator(".rt-guide-idea")).to_have_text(re.compile(r"\S"))
    pg.locator(".rt-guide-header").evaluate("el => el.scrollIntoView({block: 'start'})")
    pg.wait_for_timeout(200)
    height = 720 if size == "projector" else 844
    assert box(pg, ".rt-guide-suggested")["bottom"] <= height, "the suggested move is below the idea's screen"
    assert within_width(pg, ".rt-guide-suggested"), f"the suggested move is cut off at {size}"
    pg.screenshot(path=str(artifacts / f"{name}-{size}-guide.png"))
    # then the simplest rulebook example, the next in the list
    pg.select_option(".rt-chooser select", index=1)
    pg.wait_for_selector(".rt-page .rt-next")
    expect(pg.locator(".rt-step-count")).to_contain_text("Step 0 of")  # the example from its start
    pg.click(".rt-page .rt-next")
    expect(pg.locator(".rt-step-count")).to_contain_text("Step 1 of")
    pg.wait_for_timeout(300)
    pg.screenshot(path=str(artifacts / f"{name}-{size}-examples.png"))
    for sel in (".rt-page .rt-next", ".rt-page .rt-previous", ".lm-TabBar-tab >> nth=2", ".rt-lang"):
        assert pg.locator(sel).first.is_visible(), sel
    for sel in (".rt-page .rt-next", ".rt-page .rt-previous", ".rt-lang"):
        assert within_width(pg, sel), f"{sel} is cut off at {size}"
    if size == "projector":
        for sel in (".rt-page .rt-next", ".rt-stepper .rt-board", ".rt-step-narration", ".rt-step-count"):
            assert top_on_screen(pg, sel), f"{sel} is not on screen at {size}: {box(pg, sel)}"
        # the narration's first line, not only its box
        assert box(pg, ".rt-step-narration .rt-narration")["bottom"] <= 720
    assert overflow(pg) <= 1, f"the examples tab scrolls sideways by {overflow(pg)}px at {size}"
    assert clipped(pg, ".rt-stepper") == [], f"cut off at {size}"


def play_tab(pg, artifacts, name: str, size: str) -> None:
    pg.click(".lm-TabBar-tab >> nth=1")
    pg.wait_for_selector(".rt-game .rt-new-game")
    pg.wait_for_selector(".rt-game .rt-to-move, .rt-game .rt-over")
    # the bots before the person's first decision play at the default pace ("slowly"): wait for a move
    pg.wait_for_function("""() => [...document.querySelectorAll('.rt-game .rt-controls button')]
        .some(b => b.offsetParent !== null && !b.disabled && b.getAttribute('aria-disabled') !== 'true')""",
                         timeout=60_000)
    pg.wait_for_timeout(800)
    pg.screenshot(path=str(artifacts / f"{name}-{size}-play.png"))
    for sel in (".rt-game .rt-new-game", ".rt-game .rt-status", ".rt-game .rt-board", ".rt-game .rt-undo",
                ".rt-game .rt-controls"):
        assert within_width(pg, sel), f"{sel} is cut off at {size}"
    if size == "projector":
        for sel in (".rt-game .rt-board", ".rt-game .rt-status", ".rt-game .rt-controls"):
            assert top_on_screen(pg, sel), f"{sel} is not on screen at {size}: {box(pg, sel)}"
        shown, below = enabled_moves_on_screen(pg)
        assert shown >= 1 and below == 0, f"{below} moves need scrolling at {size}"  # every decision on screen
        assert top_on_screen(pg, ".rt-game .rt-hint"), "the Hint is below the fold"
    assert overflow(pg) <= 1, f"the play tab scrolls sideways by {overflow(pg)}px at {size}"
    assert clipped(pg, ".rt-game") == [], f"cut off at {size}"
    # A refused scenario file: its message appears, the board does not move (on a phone, where the
    # moves come before the board and the message under them, the moves do not move)
    part = ".rt-controls" if size == "phone" else ".rt-board"
    before = board_offset(pg, part)
    load_scenario(pg, '{"players": "many"}', refused=True)
    pg.wait_for_selector(".rt-game .rt-message .rt-msg-error")
    pg.wait_for_timeout(300)
    assert board_offset(pg, part) == before, f"the refusal moved {part}"
    assert within_width(pg, ".rt-game .rt-message .rt-msg-error")
    assert overflow(pg) <= 1
    pg.screenshot(path=str(artifacts / f"{name}-{size}-play-refused.png"), full_page=True)


def rules_tab(pg, artifacts, name: str, size: str) -> None:
    pg.click(".lm-TabBar-tab >> nth=2")
    pg.wait_for_selector(".rt-rule-search input")
    pg.wait_for_selector(".rt-toc a")
    assert within_width(pg, ".rt-rule-search input") and within_width(pg, ".rt-only-recon")
    pg.screenshot(path=str(artifacts / f"{name}-{size}-rules.png"))
    assert overflow(pg) <= 1, f"the rules tab scrolls sideways by {overflow(pg)}px at {size}"
    assert clipped(pg, ".rt-rules") == [], f"cut off at {size}"
    # every rule is one line until opened
    first = pg.locator(".rt-rule-list .rt-cite summary").first
    assert first.bounding_box()["height"] < 40
    first.click()
    pg.wait_for_selector(".rt-rule-list .rt-cite[open] .rt-cite-body")
    # the filter: reconstructed clauses only
    total = len(games.get(name).rules)
    recon = sum(1 for r in games.get(name).rules if r.reconstructed)
    pg.click(".rt-only-recon")
    pg.wait_for_function("(n) => document.querySelectorAll('.rt-rule-list .rt-rule').length === n", arg=recon)
    pg.click(".rt-only-recon")
    pg.wait_for_function("(n) => document.querySelectorAll('.rt-rule-list .rt-rule').length === n", arg=total)


def walk_page(pg, url: str, artifacts, name: str, size: str) -> None:
    """The checks for one page at one size (the page's), tab by tab."""
    pg.goto(url)
    examples_tab(pg, artifacts, name, size)
    play_tab(pg, artifacts, name, size)
    rules_tab(pg, artifacts, name, size)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", games.names())
def test_every_game_page_on_a_projector_and_a_phone(new_page, voila, artifacts, name, size):
    walk_page(new_page(size, timeout=WAIT), voila.url(games.entry(name).notebook), artifacts, name, size)


def test_fire_bulls_rules_search_in_the_page(new_page, voila, artifacts):
    """Typed as a learner would: the hand limit answers "how many cards"; the differences are compact."""
    pg = new_page("projector", timeout=WAIT)
    pg.goto(voila.url(games.entry("fire-bulls").notebook))
    pg.wait_for_selector(".rt-page .rt-chooser select")
    pg.click(".lm-TabBar-tab >> nth=2")
    diffs = pg.wait_for_selector(".rt-differences table")
    assert diffs.bounding_box()["height"] < 600  # one row per difference (was ~5,100 px)
    field = pg.wait_for_selector(".rt-rule-search input")
    field.fill("how many cards")
    field.press("Enter")
    pg.wait_for_selector(".rt-rule-list .rt-count:has-text('best first')")
    first = pg.locator(".rt-rule-list .rt-rule").first
    expect(first).to_have_attribute("data-rule", "fire-bulls/hand/limit")
    expect(first).to_contain_text("Hand limit of 8")
    pg.screenshot(path=str(artifacts / "fire-bulls-rules-search.png"))


def test_the_end_table_on_a_phone_is_a_block_a_player(browser, artifacts):
    """No server: the Tir Nan Og end table (a long list of consolidated territories in one column)
    drawn with the page's style sheet in a phone-wide box.  It was squeezed to the box's width, the
    territories' column a word a line (a row 261px tall), then a table scrolling sideways inside the
    page with the totals off-screen; now each player is a block, a line a column with its name."""
    import random

    from widgets.games import tir_nan_og as tw
    from widgets.panels.common import CSS
    from widgets.panels.tables import labelled_table

    g = games.get("tir-nan-og")
    state, rng = g.new_game(3, seed=1), random.Random(0)
    while not g.is_over(state):
        state = g.apply(state, rng.choice(g.legal_actions(state)))
    frame = tw.breakdown(g, g.view(state, None), "fr", lambda p: f"Joueur {p + 1}")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = context.new_page()
        pg.set_content(f"<body style='margin:0;padding:8px'>{CSS}<div class='rt-panel' style='width:340px'>"
                       f"<div class='widget-html rt-end-table'>{labelled_table(frame)}</div></div></body>")
        long_cell = max(len(c) for c in frame.iloc[:, 4].astype(str))
        assert long_cell > 60, "the position should hold a long list of territories"
        assert not pg.eval_on_selector(".rt-end-table", "e => e.scrollWidth > e.clientWidth + 1")
        cells = pg.eval_on_selector_all(".rt-breakdown td", """tds => tds.map(td => {
            const r = td.getBoundingClientRect();
            return {label: td.dataset.label, left: r.left, right: r.right, height: r.height}; })""")
        assert len(cells) == len(frame) * len(frame.columns)
        assert all(c["left"] >= 8 and c["right"] <= 349 for c in cells), "a cell reaches past the phone's box"
        assert max(c["height"] for c in cells) < 200, "a cell is a word a line"
        # each player's block names its columns: the player's name is on the first line of the block
        first = pg.eval_on_selector(".rt-breakdown tbody tr td", "td => getComputedStyle(td, '::before').content")
        assert str(frame.columns[0]) in first
        pg.screenshot(path=str(artifacts / "end-table-phone.png"))
    finally:
        context.close()
