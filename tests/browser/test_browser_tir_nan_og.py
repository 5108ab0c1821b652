"""The Tir Nan Og Wars page in a real browser (Voilà + Debian's Chromium): walk a fountain dispute.

Three people at one screen load an arranged position (tests/panels/test_widgets_tir_nan_og.py's
DISPUTE: player 1's three griffins against player 2's two centaurs), player 1 takes
the temple and reveals the fountain, and each seat declares in turn.  At a
projector's size (1280x720) and a phone's (390x844).  Uses the ``voila``,
``new_page`` and ``artifacts`` fixtures of tests/conftest.py; screenshots go to
test-artifacts/.  Marked ``browser``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import choose_seats, load_scenario, open_play, shot
from tests.conftest import SIZES
from tests.browser.test_browser_sizes import overflow
from tests.panels.test_widgets_tir_nan_og import DISPUTE
from tutor.games import tir_nan_og as T

pytestmark = pytest.mark.browser

READY = ".tn-page .rt-chooser select"  # the Examples tab's chooser: the page is interactive


def test_landing_page_links_the_tir_nan_og_page(page, voila):
    page.goto(voila.url("index.ipynb"))
    page.click(".rt-game-link[data-notebook='tir_nan_og.ipynb']")
    page.wait_for_selector(READY)
    assert "/voila/render/tir_nan_og.ipynb?lang=en" in page.url


@pytest.mark.parametrize("size", list(SIZES))
def test_walk_a_fountain_dispute_by_clicks(new_page, voila, artifacts, size):
    pg = new_page(size)
    open_play(pg, voila.url("tir_nan_og.ipynb"))
    choose_seats(pg, "human", "human", "human")  # three people at the same screen
    # the arranged position, loaded as a scenario file
    load_scenario(pg, T.GAME.to_json(T.scenario(**DISPUTE)))
    pg.wait_for_selector(".rt-to-move[data-player='0']")
    # player 1 looks at their hand and takes the temple: the fountain shows
    pg.click(".rt-show-hand")
    pg.click(".rt-game .tn-territory-temple")
    pg.wait_for_selector(".rt-game .tn-dispute .tn-decl-deciding[data-player='0']")
    shot(pg, ".rt-game .rt-status", artifacts / f"tir-nan-og-{size}-dispute-revealed.png")
    expect(pg.locator(".rt-game .tn-dispute")).to_contain_text("Player 1 revealed it")
    pg.click(".rt-game .tn-join")
    # player 2 decides: the screen says so, and their hand stays hidden until asked
    pg.wait_for_selector(".rt-to-move[data-player='1'][data-decision='dispute']")
    expect(pg.locator(".rt-game .tn-dispute [data-player='0']")).to_have_attribute("data-declared", "joined")
    expect(pg.locator(".rt-game .tn-dispute [data-player='1']")).to_have_attribute("data-declared", "deciding")
    expect(pg.locator(".rt-game .tn-prompt")).to_contain_text("Show the hand of Player 2")
    expect(pg.locator(".rt-game .tn-join")).to_have_count(0)
    shot(pg, ".rt-game .rt-status", artifacts / f"tir-nan-og-{size}-dispute-player2.png")
    assert overflow(pg) <= 1, f"the dispute scrolls sideways at {size}"
    pg.click(".rt-show-hand")
    pg.wait_for_selector(".rt-game .tn-join")
    shot(pg, ".rt-game .tn-seat[data-player='1']", artifacts / f"tir-nan-og-{size}-dispute-player2-hand.png")
    shot(pg, ".rt-game .tn-prompt", artifacts / f"tir-nan-og-{size}-dispute-player2-buttons.png")
    pg.click(".rt-game .tn-join")
    pg.wait_for_selector(".rt-to-move[data-player='2'][data-decision='dispute']")
    pg.click(".rt-show-hand")
    pg.click(".rt-game .tn-stay-out")
    # settled: the revealed hands and their majorities; the winner, player 1, discards two
    pg.wait_for_selector(".rt-game .tn-shown[data-player='0'] .tn-counted[data-majorities='3-2-1']")
    counted = pg.locator(".rt-game .tn-shown[data-player='1'] .tn-counted")
    expect(counted).to_have_attribute("data-majorities", "2-2-2-1")
    expect(pg.locator(".rt-game .tn-fountains[data-player='0']")).to_have_attribute("data-fountains", "1")
    expect(pg.locator(".rt-game .tn-stack[data-player='1'] .tn-down")).to_have_count(1)
    expect(pg.locator(".rt-to-move[data-player='0']")).to_have_attribute("data-decision", "fountain-discard")
    expect(pg.locator(".rt-game .tn-shown[data-player='2']")).to_have_count(0)
    shot(pg, ".rt-game .rt-status", artifacts / f"tir-nan-og-{size}-dispute-settled.png")
    shot(pg, ".rt-game .tn-seat", artifacts / f"tir-nan-og-{size}-dispute-seats.png")
    assert overflow(pg) <= 1
