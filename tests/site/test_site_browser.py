"""The static site in a real browser, with no server but a static file host and no network.

``site/`` (built by ``make site``; built here too, cached by its inputs) is served by a plain
static file server on a free loopback port; every request that leaves 127.0.0.1 is blocked and
recorded.  Python runs in the page (Pyodide): the Fire Bulls page steps its scoring example to
Gong's 23 points and plays a move against a bot; the Kamikaze Attack page opens; every game's Play tab opens
and gives a hint.

Marked ``site`` (and ``browser``); skipped, saying why, where npm is not installed and the
site's npm inputs are not there.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.site, pytest.mark.browser]

START = 600_000  # ms: Pyodide starts and installs the wheels in the page; slow on a loaded machine
STEP = 120_000  # ms: a widget update from the kernel in the page (the page's own default wait)


@pytest.fixture
def offline_page(new_page, site_url):
    """A page whose every request outside 127.0.0.1 is blocked; the blocked URLs are kept in ``page.blocked``."""
    pg = new_page((1280, 900), timeout=120_000, service_workers="block")
    blocked: list[str] = []

    def route(r):
        if urlparse(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    pg.context.route("**/*", route)  # before the page asks for anything
    pg.blocked = blocked  # type: ignore[attr-defined]
    return pg


def test_fire_bulls_scoring_example_and_a_move_against_a_bot_offline(offline_page, site_url, artifacts):
    page = offline_page
    page.goto(site_url + "/voici/render/fire_bulls.html")
    page.wait_for_selector(".rt-page .rt-chooser select", timeout=START)
    page.wait_for_selector(".rt-reader-wrap", state="detached", timeout=STEP)  # the live page in its place
    header = page.locator(".rt-page .rt-step-count")
    # the page opens on the guided first game; the scoring example is the last in the list
    page.select_option(".rt-page .rt-chooser select", label="Scoring: Gong, yellow, 23 points")
    # the stepping comes onto the page in place of the guided game, on the chosen example
    expect(page.locator(".rt-page .rt-step-title")).to_contain_text("Gong", timeout=STEP)
    expect(header).to_contain_text("0 of 6", timeout=STEP)
    for i in range(1, 7):
        page.click(".rt-page .rt-next")
        expect(header).to_contain_text(f"{i} of 6", timeout=STEP)
    expect(page.locator(".rt-page .rt-next").first).to_be_disabled(timeout=STEP)  # the last step
    # 000's scoring example: Gong loses the Vice-General, 6+6+2+2+1+1+1+1 = 20, plus 3 bonus = 23
    score = page.locator(".rt-stepper .rt-sec-won [data-player='0'] .fb-score")
    expect(score).to_have_attribute("data-total", "23", timeout=STEP)
    page.locator(".rt-stepper").screenshot(path=str(artifacts / "site-stepper-23.png"))
    # play: attack the 3 paying green (the payment is the button), stop; the bot answers, narrated in the log
    page.click(".lm-TabBar-tab >> nth=1")
    page.wait_for_selector(".fb-attack-3-green")
    page.click(".fb-attack-3-green")
    page.wait_for_function(
        "document.querySelectorAll(\".rt-game .rt-sec-won [data-player='0'] .fb-mini\").length > 0")
    page.wait_for_selector(".fb-stop")
    page.click(".fb-stop")
    page.wait_for_selector(".rt-log:has-text('Player 2 (green)')")
    page.screenshot(path=str(artifacts / "site-fire-bulls-game.png"))
    assert page.blocked == []  # nothing was even asked of another host


def test_landing_page_opens_kamikaze_attack_offline(offline_page, site_url, artifacts):
    page = offline_page
    # the site's front door forwards to the landing page, in the language its link names
    page.goto(site_url + "/index.html?lang=fr")
    expect(page.locator(".rt-landing[data-lang='fr'] .rt-game-link").first).to_contain_text("Ouvrir", timeout=STEP)
    assert page.url.endswith("/voici/render/index.html?lang=fr")
    page.goto(site_url + "/")
    page.wait_for_selector(".rt-game-link[data-notebook='kamikaze_attack.ipynb']", timeout=START)
    link = page.locator(".rt-game-link[data-notebook='kamikaze_attack.ipynb']")
    assert link.get_attribute("href").startswith("kamikaze_attack.html")  # the site's page, not the notebook
    # a link's query string reaches the page in the browser too (no server hands it over): ?lang=fr
    page.goto(page.url.split("?")[0].replace("index.html", "kamikaze_attack.html") + "?lang=fr&example=x")
    page.wait_for_selector(".rt-page-kamikaze-attack .rt-chooser select", timeout=START)
    assert "/voici/render/kamikaze_attack.html" in page.url
    expect(page.locator(".rt-heading")).to_contain_text("Kamikaze", timeout=STEP)
    expect(page.locator(".rt-page")).to_contain_text("Langue", timeout=STEP)  # the page in French
    expect(page.locator(".rt-place-url")).to_contain_text("/voici/render/kamikaze_attack.html", timeout=STEP)
    page.screenshot(path=str(artifacts / "site-kamikaze.png"))
    assert page.blocked == []


@pytest.mark.parametrize("name", ["fire_bulls", "kamikaze_attack", "tir_nan_og", "formula_e"])
def test_every_games_play_tab_opens_in_the_browser_and_gives_a_hint(offline_page, site_url, name):
    # Python in the page has no threads: a Play tab that warmed its hints in one came up empty
    page = offline_page
    page.goto(f"{site_url}/voici/render/{name}.html?lang=it&tab=play")
    expect(page.locator(".rt-game .rt-new-game")).to_have_text("Nuova partita", timeout=240_000)
    page.click(".rt-game .rt-hint")
    expect(page.locator(".rt-game .rt-hint-text")).not_to_be_empty(timeout=STEP)
    assert page.blocked == []


def test_presenter_mode_in_the_site_shows_the_qr_code_and_no_server_command(offline_page, site_url):
    page = offline_page
    page.goto(f"{site_url}/voici/render/tir_nan_og.html?lang=fr&presenter=1")
    expect(page.locator(".rt-presenter-qr svg")).to_have_count(1, timeout=240_000)  # segno, in the page
    expect(page.locator(".rt-presenter-no-qr")).to_have_count(0)
    # served from this computer: the page says so, without the Voilà server's commands
    expect(page.locator(".rt-presenter-local")).to_contain_text("ne marche que sur cet ordinateur")
    assert "make" not in page.locator(".rt-presenter-box").inner_text()
    assert page.blocked == []
