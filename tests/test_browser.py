"""The dashboard in a real browser: Voilà on a free port, Debian's Chromium via Playwright.

Screenshots are kept in test-artifacts/.  Marked ``browser``.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tutor import games

pytestmark = pytest.mark.browser

READY = ".rt-next"  # the stepper's Next button: the first panel is interactive


def open_fire_bulls(page, voila):
    page.goto(voila.url("fire_bulls.ipynb"))
    page.wait_for_selector(READY)
    return page


def test_index_links_to_the_fire_bulls_page(page, voila, artifacts):
    page.goto(voila.url("index.ipynb"))
    link = page.wait_for_selector(".rt-game-link")
    page.screenshot(path=str(artifacts / "index.png"))
    link.click()
    page.wait_for_selector(READY)
    assert "/voila/render/fire_bulls.ipynb?lang=en" in page.url


@pytest.mark.parametrize("name", games.names())
def test_the_landing_page_opens_every_registered_game(page, voila, artifacts, name):
    """The landing page lists the registry's games; each link opens that game's page."""
    entry = games.entry(name)
    page.goto(voila.url("index.ipynb"))
    page.click(f".rt-game-link[data-notebook='{entry.notebook}']")
    page.wait_for_selector(f".rt-page-{name} .rt-next")
    assert f"/voila/render/{entry.notebook}?lang=en" in page.url
    assert games.get(name).title in page.locator(".rt-heading").inner_text()
    page.screenshot(path=str(artifacts / f"page-{name}.png"))


def test_walk_the_scoring_example_to_23(page, voila, artifacts):
    open_fire_bulls(page, voila)
    page.select_option(".rt-chooser select", label="Scoring: Gong, yellow, 23 points")  # the last example
    page.wait_for_function("document.querySelector('.rt-step-count').innerText.includes('0 of 6')")
    page.wait_for_selector(".rt-step-narration .rt-translation")
    quote = page.locator(".rt-step-narration").inner_text()
    assert "6+6+2+2+1+1+1+1 = 20" in quote and "$" not in quote and "In English" in quote
    page.screenshot(path=str(artifacts / "stepper-start.png"))
    page.locator(".rt-step-narration").screenshot(path=str(artifacts / "stepper-start-quote.png"))
    header = page.locator(".rt-step-count")
    for _ in range(30):
        if page.locator(".rt-next button, button.rt-next").first.is_disabled():
            break
        text = header.inner_text()
        page.click(".rt-next")
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerText !== old",
            arg=[".rt-step-count", text])
    assert "6 of 6" in header.inner_text()
    score = page.locator(".rt-stepper .rt-sec-won [data-player='0'] .fb-score")
    assert score.get_attribute("data-total") == "23"
    assert "= 23" in score.inner_text()
    # the outcome is drawn by a later widget update than the step count: wait for it, not a race
    page.wait_for_function("document.querySelector('.rt-outcome').innerText.includes('23')")
    page.locator(".rt-stepper").screenshot(path=str(artifacts / "stepper-23.png"))
    # back one step: exactly the earlier step again
    page.click(".rt-previous")
    page.wait_for_function("document.querySelector('.rt-step-count').innerText.includes('5 of 6')")


def test_win_a_yen_card_against_a_bot_by_clicks(page, voila, artifacts):
    open_fire_bulls(page, voila)
    page.click(".lm-TabBar-tab >> nth=1")
    page.wait_for_selector(".fb-attack-3-green")
    won = page.locator(".rt-game .rt-sec-won [data-player='0'] .fb-mini")
    assert won.count() == 0
    # a move the rules refuse is greyed out, its reason on hover: the pawn moves one step only
    far = page.locator("button.fb-move-1")
    assert far.is_disabled() and "one step only" in far.get_attribute("title")
    assert page.locator("button.fb-move-3").count() == 0  # the pawn's own direction is no move
    page.click(".fb-attack-3-green")  # "from 3: green": the payment is the button
    page.wait_for_function(
        "document.querySelectorAll(\".rt-game .rt-sec-won [data-player='0'] .fb-mini\").length > 0")
    page.wait_for_selector(".fb-stop", timeout=60_000)  # the attack may go on: end it here
    page.click(".fb-stop")
    page.wait_for_selector(".rt-log:has-text('Player 2 (green)')", timeout=60_000)  # the bot answered, narrated
    page.locator(".rt-game").screenshot(path=str(artifacts / "game-won-card.png"))


def test_switch_the_language(page, voila, artifacts):
    open_fire_bulls(page, voila)
    page.click("text=Italiano")
    page.wait_for_selector(".rt-next:has-text('Avanti')")
    expect(page.locator(".rt-stepper .rt-board")).to_contain_text("Mazzo 1")
    # The first lesson (the page opens on it) is told in Italian too, its card above the board.
    from tutor import games

    game = games.get("fire-bulls")
    told = game.example_text(game.course()[0], "it")["steps"][0]
    page.click(".rt-next")
    page.wait_for_selector(f".rt-step-header .rt-lesson-card:has-text({told[:40]!r})")
    page.screenshot(path=str(artifacts / "fb-narration-it.png"))
    page.click("text=Français")
    page.wait_for_selector(".rt-next:has-text('Suivant')")
    page.click(".lm-TabBar-tab >> nth=1")
    page.wait_for_selector(".rt-new-game:has-text('Nouvelle partie')")
    page.screenshot(path=str(artifacts / "french.png"))


def test_load_a_bad_scenario_shows_a_message(page, voila, artifacts):
    open_fire_bulls(page, voila)
    page.click(".lm-TabBar-tab >> nth=1")
    page.click("text=Scenario file (JSON)")
    area = page.wait_for_selector(".rt-scenario textarea")
    area.fill('{"ruleset": "it", "colours": 7}')
    area.press("Tab")  # commit the text to the kernel
    page.click(".rt-load")
    msg = page.wait_for_selector(".rt-file-message .rt-msg-error")
    assert "cannot be loaded" in msg.inner_text()
    assert "cannot be loaded" in page.locator(".rt-message").inner_text()
    page.locator(".rt-game").screenshot(path=str(artifacts / "bad-scenario.png"))


def test_rules_panel_in_the_page(page, voila, artifacts):
    open_fire_bulls(page, voila)
    page.click(".lm-TabBar-tab >> nth=2")
    box = page.wait_for_selector(".rt-rule-search input")
    box.fill("bonus")
    box.press("Enter")
    page.wait_for_function("!document.querySelector('.rt-rule-list').innerText.includes('60 rules')")
    page.screenshot(path=str(artifacts / "rules.png"))


def test_the_page_loads_20_times_without_hanging(browser, voila, artifacts):
    """The 'Running ...' hang reported with ipykernel 7: 20 loads in a row, 0 hangs."""
    hangs, times = [], []
    for i in range(20):
        context = browser.new_context()
        pg = context.new_page()
        start = time.monotonic()
        pg.goto(voila.url("fire_bulls.ipynb"))
        try:
            pg.wait_for_selector(READY, timeout=45_000)
            times.append(time.monotonic() - start)
        except Exception:
            hangs.append(i)
            pg.screenshot(path=str(artifacts / f"hang-{i}.png"))
        context.close()
    print(f"20 loads: {len(hangs)} hangs; median {sorted(times)[len(times) // 2]:.2f}s")
    assert hangs == []


def test_closed_pages_leave_no_kernel_behind(browser, artifacts):
    """Idle-kernel culling: a closed page's kernel goes away by itself."""
    import psutil

    from widgets.serve import ROOT, VoilaServer

    server = VoilaServer(ROOT / "bench", log=artifacts / "voila-cull.log",
                         cull_idle=4, cull_interval=1)
    with server:
        def kernels():
            found = []
            for c in psutil.Process(server.proc.pid).children(recursive=True):
                try:
                    if c.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(c.cmdline()):
                        found.append(c)
                except psutil.Error:  # it went away while we looked
                    pass
            return found

        context = browser.new_context()
        pg = context.new_page()
        pg.goto(server.url("hello.ipynb"))
        pg.wait_for_selector(".rt-hello-button")
        assert len(kernels()) == 1
        context.close()
        deadline = time.monotonic() + 40
        while kernels() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernels() == []
