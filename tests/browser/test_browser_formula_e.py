"""The Formula E page in a real browser (Voilà + Debian's Chromium): a move and a Tiger window by clicks.

Three people at one screen load an arranged position (the engine's practice
track; player 1 holds a green 3 and a Monkey, player 2 a Tiger), player 1
plays the Monkey, player 2 is asked by the Tiger window and cancels it; then
player 1 plays the green 3 and moves three spaces forward (the button says
where the elephant ends up).  At a projector's size (1280x720) and a phone's
(390x844).  Uses the ``voila``, ``browser`` and ``artifacts`` fixtures of
tests/conftest.py; screenshots go to test-artifacts/.  Marked ``browser``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import choose_seats, load_scenario, open_play, shot
from tests.conftest import SIZES
from tests.browser.test_browser_sizes import on_screen, overflow
from tutor.games import formula_e as F
from tutor.games.formula_e.examples import OPEN, arranged

pytestmark = pytest.mark.browser

READY = ".fe-page .rt-chooser select"  # the Examples tab's chooser: the page is interactive

START = arranged(OPEN, ["a3", "b3", "c3"], ["monkey", "g3", "g2", "rat", "cow", "p5"],
                 others=[["tiger", "g1", "g2", "g3", "p5", "p6"], ["g1", "g2", "g3", "g4", "p5", "p6"]])


def test_landing_page_links_the_formula_e_page(page, voila):
    page.goto(voila.url("index.ipynb"))
    page.click(".rt-game-link[data-notebook='formula_e.ipynb']")
    page.wait_for_selector(READY)
    assert "/voila/render/formula_e.ipynb?lang=en" in page.url


def moves_below_prompt(pg) -> None:
    """With the line saying who moves at the top of the screen, the first move button is on that screen
    too, and the whole track under the moves (a phone: the moves, then the track scaled to the screen)."""
    pg.locator(".rt-game .rt-status").evaluate("el => el.scrollIntoView({block: 'start'})")
    button = pg.locator(".rt-game .rt-controls button >> visible=true").first
    expect(button).to_be_in_viewport()
    track = pg.locator(".rt-game .fe-track-v").bounding_box()
    height = pg.evaluate("innerHeight")
    assert track is not None and track["y"] >= button.bounding_box()["y"] and track["y"] + track["height"] <= height


@pytest.mark.parametrize("size", list(SIZES))
def test_walk_a_tiger_window_and_a_move_by_clicks(new_page, voila, artifacts, size):
    pg = new_page(size)
    pg.goto(voila.url("formula_e.ipynb"))
    pg.wait_for_selector(READY)
    shot(pg, ".fe-page", artifacts / f"formula-e-{size}-examples.png")
    pg.click(".lm-TabBar-tab >> nth=1")
    pg.wait_for_selector(".rt-game .rt-new-game")
    choose_seats(pg, "human", "human", "human")  # three people at the same screen
    # placing shows no hand: offered at once, and the elephant appears on the track
    pg.wait_for_selector(".rt-game .rt-to-move[data-decision='place']")
    if size == "phone":  # the moves come on the screen that shows who moves, not after the whole track
        moves_below_prompt(pg)
    pg.click(".rt-game .fe-place-b2")
    pg.wait_for_selector(".rt-game .fe-elephant[data-cell='b2'] >> visible=true")
    # the whole track on the screen: across at a projector's size, up on a phone (no sideways scroll)
    track = ".rt-game .fe-track-v" if size == "phone" else ".rt-game .fe-track-h"
    assert on_screen(pg, track), f"the track is cut off at {size}"
    shot(pg, ".rt-game .rt-status", artifacts / f"formula-e-{size}-placing.png")
    # the arranged position, loaded as a scenario file
    load_scenario(pg, F.GAME.to_json(START))
    pg.wait_for_selector(".rt-to-move[data-player='0'][data-decision='turn']")
    pg.click(".rt-show-hand")
    pg.wait_for_selector(".rt-game .fe-play-monkey")
    shot(pg, ".rt-game .rt-board", artifacts / f"formula-e-{size}-track.png")
    shot(pg, ".rt-game .fe-prompt", artifacts / f"formula-e-{size}-turn-buttons.png")
    pg.click(".rt-game .fe-play-monkey")
    # the Tiger window asks player 2, whose hand stays hidden until asked
    pg.wait_for_selector(".rt-to-move[data-player='1'][data-decision='tiger']")
    pg.wait_for_selector(".rt-game .fe-prompt:has-text('Show the hand of Player 2')")  # the controls follow
    expect(pg.locator(".rt-game .fe-pending")).to_contain_text("Monkey")
    expect(pg.locator(".rt-game .fe-cancel-monkey")).to_have_count(0)
    shot(pg, ".rt-game .rt-status", artifacts / f"formula-e-{size}-tiger-window.png")
    assert overflow(pg) <= 1, f"the page scrolls sideways at {size}"
    pg.click(".rt-show-hand")
    pg.wait_for_selector(".rt-game .fe-cancel-monkey")
    shot(pg, ".rt-game .fe-prompt", artifacts / f"formula-e-{size}-tiger-buttons.png")
    # the Tiger window has a hint too: the advice in a sentence, and the rule it rests on
    pg.locator(".rt-game .rt-hint").first.scroll_into_view_if_needed()
    pg.click(".rt-game .rt-hint")
    pg.wait_for_selector(".rt-game .rt-hint-text .rt-msg")
    pg.wait_for_selector(".rt-game .rt-hint-text .rt-cite")
    expect(pg.locator(".rt-game .rt-hint-text .rt-msg")).to_contain_text("Tiger")
    pg.screenshot(path=str(artifacts / f"formula-e-{size}-tiger-hint.png"))
    pg.click(".rt-game .fe-cancel-monkey")
    # the cancel named on the table: whose card, which, by whom
    expect(pg.locator(".rt-game .fe-tiger-cancel")).to_contain_text(
        "Tiger! Player 1's Monkey was cancelled by Player 2")
    shot(pg, ".rt-game .rt-board", artifacts / f"formula-e-{size}-tiger-cancel.png")
    # back to player 1: the Monkey counts as played; a green may follow
    pg.wait_for_selector(".rt-to-move[data-player='0'][data-decision='second']")
    pg.click(".rt-show-hand")
    pg.click(".rt-game .fe-play-g3")
    pg.wait_for_selector(".rt-to-move[data-player='0'][data-decision='move']")
    button = pg.locator(".rt-game .fe-move-f-f-f")
    expect(button).to_contain_text("Player 1 a6")
    shot(pg, ".rt-game .fe-prompt", artifacts / f"formula-e-{size}-move-buttons.png")
    button.click()
    # chosen, not played: a ghost where the elephant will end up, and Confirm / Cancel
    pg.wait_for_selector(".rt-game .fe-ghost-elephant[data-cell='a6'] >> visible=true")
    pg.wait_for_selector(".rt-game .rt-confirm")
    expect(pg.locator(".rt-game .rt-to-move[data-decision='move']")).to_have_count(1)  # not yet played
    shot(pg, ".rt-game .rt-board", artifacts / f"formula-e-{size}-move-preview.png")
    shot(pg, ".rt-game .rt-controls", artifacts / f"formula-e-{size}-move-confirm.png")
    pg.click(".rt-game .rt-confirm")
    pg.wait_for_selector(".rt-game .fe-elephant.fe-moved[data-cell='a6'] >> visible=true")
    expect(pg.locator(".rt-game .fe-path[data-cells='a3 a4 a5 a6'] >> visible=true")).to_have_count(1)
    shot(pg, ".rt-game .rt-board", artifacts / f"formula-e-{size}-moved.png")
    assert overflow(pg) <= 1


RAT = arranged(("SSS", "SSS", "#..", "...", "o..", "...", "...", "..o"), ["c2", "a4", "c1"],
               ["rat", "g1", "g2", "cow", "snake", "prayer"], rat="a5")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_rat_scare_previewed_then_traced(new_page, voila, artifacts, size):
    """The Rat runs a5 -> a4 onto player 2, whose lane ends behind: sideways to b4, back to b1 (rulebook 002)."""
    pg = new_page(size)
    open_play(pg, voila.url("formula_e.ipynb"))
    choose_seats(pg, "human", "human", "human", new_game=False)  # the scenario file below starts the game
    load_scenario(pg, F.GAME.to_json(RAT))
    pg.wait_for_selector(".rt-to-move[data-player='0'][data-decision='turn']")
    pg.click(".rt-show-hand")
    pg.click(".rt-game .fe-play-rat")
    pg.wait_for_selector(".rt-to-move[data-player='0'][data-decision='rat']")
    pg.click(".rt-game .fe-rat-a4")
    pg.wait_for_selector(".rt-game .fe-ghost-elephant[data-player='1'][data-cell='b1'] >> visible=true")
    shot(pg, ".rt-game .rt-board", artifacts / f"formula-e-{size}-rat-preview.png")
    pg.click(".rt-game .rt-confirm")
    pg.wait_for_selector(".rt-game .fe-path.fe-path-rat[data-cells='a5 a4 a5'] >> visible=true")
    expect(pg.locator(".rt-game .fe-path[data-cells='a4 b4 b3 b2 b1'] >> visible=true")).to_have_count(1)
    expect(pg.locator(".rt-game .fe-ghost >> visible=true")).to_have_count(0)
    shot(pg, ".rt-game .rt-board", artifacts / f"formula-e-{size}-rat-scare.png")
    assert overflow(pg) <= 1


# on a phone the quiz's full-size track (20 rows) is drawn whole, scaled to the screen, in the page (it
# was a box scrolling inside the page): with its top on screen, every elephant is in sight
PIECES_IN_SIGHT = """sel => {
    const w = document.querySelector(sel + ' .fe-track-wrap');
    const st = getComputedStyle(w);
    const boxed = /auto|scroll/.test(st.overflowY) && w.scrollHeight > w.clientHeight + 1;
    const pieces = [...w.querySelectorAll('svg.fe-track-v g.fe-elephant')].map(e => e.getBoundingClientRect());
    return {boxed, pieces: pieces.length, seen: pieces.filter(r => r.top >= 0 && r.bottom <= innerHeight).length,
            track: w.querySelector('svg.fe-track-v').getBoundingClientRect().height};
}"""


def test_a_phones_track_shows_every_elephant(new_page, voila, artifacts):
    pg = new_page("phone")
    pg.goto(voila.url("formula_e.ipynb") + "?tab=quiz")
    pg.wait_for_selector(".rt-quiz .fe-track-v >> visible=true")
    pg.locator(".rt-quiz .fe-track-wrap").evaluate("el => el.scrollIntoView({block: 'start'})")
    pg.wait_for_timeout(300)
    found = pg.evaluate(PIECES_IN_SIGHT, ".rt-quiz")
    assert not found["boxed"], "the track scrolls inside the page"
    assert found["pieces"] >= 2 and found["seen"] == found["pieces"], found
    assert found["track"] <= 844, found
    shot(pg, ".rt-quiz .rt-board", artifacts / "formula-e-phone-quiz-track.png")


# on a phone the full race's up-track (20 rows) is shrunk to the screen: its row numbers and lane
# letters are what a learner finds "place on b2" by, and at the drawing's own sizes they came out 7-8px
LABELS = """() => {
    const svg = [...document.querySelectorAll('.rt-game svg.fe-track-v')].find(s => s.getBoundingClientRect().height);
    const k = svg.getBoundingClientRect().height / svg.viewBox.baseVal.height;
    return [...svg.querySelectorAll(':scope > text')].filter(t => /^(\\d+|[a-h])$/.test(t.textContent))
        .map(t => [t.textContent, Number(t.getAttribute('font-size')) * k]);
}"""


def test_a_phones_full_track_has_readable_row_numbers(new_page, voila, artifacts):
    pg = new_page("phone")
    pg.goto(voila.url("formula_e.ipynb") + "?tab=play")
    pg.wait_for_selector(".rt-game .fe-track-v >> visible=true")
    labels = pg.evaluate(LABELS)
    assert len(labels) >= 20 + 3, labels  # 20 rows, 3 lanes
    small = [(text, round(px, 1)) for text, px in labels if px < 10]
    assert small == [], f"row numbers and lane letters under 10px: {small[:6]}"
    shot(pg, ".rt-game .fe-track-wrap", artifacts / "formula-e-phone-track-labels.png")
