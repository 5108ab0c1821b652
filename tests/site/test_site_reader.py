"""The static site's examples read before Python has started: a game page opening on its examples shows
them at once (drawn at build time), steps through them with no Python, and hands over to the live
page at the student's example and step; a page opening elsewhere shows only the loader.

``site/`` is served by a plain static file server on loopback (built here if needed, as in
``test_site_browser.py``).  Where no Python may start, the request for Pyodide's WebAssembly is
aborted.  Marked ``site``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.site, pytest.mark.browser]

START = 600_000  # ms: Pyodide starts and installs the wheels in the page; slow on a loaded machine
SHOWN = 30_000  # ms: the reader, from a static file on loopback


def no_python(page) -> list[str]:
    """Abort every request for Pyodide's WebAssembly (so no Python can ever start); the URLs aborted."""
    aborted: list[str] = []

    def route(r):
        aborted.append(r.request.url)
        r.abort()

    page.context.route("**/pyodide.asm.wasm*", route)
    return aborted


def test_french_examples_step_with_no_python_at_all(new_page, site_url, artifacts):
    page = new_page((390, 844), timeout=SHOWN, service_workers="block")
    aborted = no_python(page)
    page.goto(site_url + "/voici/render/fire_bulls.html?lang=fr")
    reader = page.locator(".rt-reader")
    # the chooser's first entry: the guided first game's first step, as the live page will show it, its
    # moves waiting for Python (the suggested one first: drawing from the Qi deck)
    expect(reader.locator(".rt-chooser select option:checked")).to_have_text("Première partie guidée : Fire Bulls")
    expect(reader.locator(".rt-guide-count")).to_contain_text("Votre première partie · étape 1 sur 12")
    expect(reader.locator(".rt-guide-todo")).to_contain_text("À vous de jouer.")
    moves = reader.locator(".rt-guide-move")
    expect(moves.first).to_contain_text("★ piocher")
    expect(moves.first).to_have_attribute("aria-disabled", "true")
    expect(reader.locator(".rt-next")).to_be_hidden()  # the guide has no steps to page through
    # what waits for Python, said in French beneath
    expect(page.locator(".rt-loader")).to_contain_text("s'ouvrent quand Python est prêt")
    page.screenshot(path=str(artifacts / "site-reader-phone-fr.png"))
    moves.first.evaluate("el => el.scrollIntoView({block: 'center'})")  # above the progress line at the foot
    moves.first.click(force=True)  # aria-disabled: Playwright would wait for it
    expect(page.locator(".rt-loader-later.rt-flash")).to_have_count(1)
    # the rulebook's first example (001: "Exemple 1 (voir figure n°2) : le joueur Jaune [...] il permute alors
    # son pion avec celui du joueur Bleu : Bleu passe sur la direction n°2, et Jaune passe sur la direction n°3.")
    reader.locator(".rt-chooser select").select_option(index=1)
    count = reader.locator(".rt-step-count")
    narration = reader.locator(".rt-step-narration")
    expect(count).to_contain_text("Étape 0 sur 2")
    expect(narration).to_contain_text("il permute alors son pion avec celui du joueur Bleu")
    previous, following = page.get_by_role("button", name="Précédent"), page.get_by_role("button", name="Suivant")
    expect(previous).to_be_disabled()
    following.click()
    expect(count).to_contain_text("Étape 1 sur 2")
    expect(narration).to_contain_text("Jaune est sur la direction n°2")
    following.focus()
    page.keyboard.press("Enter")  # from the keyboard too
    expect(count).to_contain_text("Étape 2 sur 2")
    expect(narration).to_contain_text("les deux pions permutent")
    expect(following).to_be_disabled()
    previous.click()
    expect(count).to_contain_text("Étape 1 sur 2")
    assert "example=fr-1&step=1" in page.url  # the place, as "Link to this place" writes it
    # the live page's tabs: the examples' open, the others said to wait for Python
    tabs = page.locator(".rt-reader-tabs [role=tab]")
    expect(tabs).to_have_text(["Exemples de la règle", "Jouer", "Règles", "Quiz", "Scénarios"])
    expect(tabs.nth(0)).to_have_attribute("aria-selected", "true")
    expect(tabs.nth(1)).to_have_attribute("aria-disabled", "true")
    assert "quand Python est prêt" in tabs.nth(1).get_attribute("title")
    # the step slider works here too; what needs Python is in its place, greyed, and a click says why
    page.locator(".rt-reader-slider input").fill("2")
    expect(count).to_contain_text("Étape 2 sur 2")
    page.evaluate("document.querySelector('.rt-loader-later').classList.remove('rt-flash')")
    page.get_by_role("button", name="À vous").click(force=True)
    expect(page.locator(".rt-loader-later.rt-flash")).to_have_count(1)
    expect(count).to_contain_text("Étape 2 sur 2")
    page.locator(".rt-reader-slider input").fill("1")
    assert aborted and page.locator(".rt-page").count() == 0  # Python was asked for, never started
    # another language, at the same step, still with no Python
    page.get_by_role("link", name="Italiano").click()
    expect(count).to_contain_text("Passo 1 di 2")
    expect(page.locator(".rt-reader-lang[aria-current]")).to_have_text("Italiano")
    expect(tabs.nth(1)).to_have_text("Gioca")
    assert "lang=it" in page.url and "example=fr-1&step=1" in page.url


def test_the_live_page_opens_at_the_readers_example_and_step(new_page, site_url, artifacts):
    page = new_page((1280, 720), timeout=SHOWN, service_workers="block")
    page.goto(site_url + "/voici/render/fire_bulls.html?lang=en")
    reader = page.locator(".rt-reader")
    reader.locator(".rt-chooser select").select_option(label="Scoring: Gong, yellow, 23 points")
    expect(reader.locator(".rt-step-count")).to_contain_text("Step 0 of 6")
    for _ in range(3):
        page.get_by_role("button", name="Next").click()
    expect(reader.locator(".rt-step-count")).to_contain_text("Step 3 of 6")
    page.screenshot(path=str(artifacts / "site-reader-projector.png"))
    # where the reader's chooser and board are: the live page puts them in the same place (no jump)
    before = [page.locator(f".rt-reader {c}").bounding_box() for c in (".rt-chooser select", ".rt-step-narration")]
    # what the live stepper shows at the moment the reader goes
    page.evaluate("""() => { new MutationObserver(() => {
        if (!document.querySelector('.rt-reader-wrap') && window.rtHandedAt === undefined) {
          const c = document.querySelector('.rt-page .rt-stepper .rt-step-count');
          window.rtHandedAt = c ? c.textContent : ''; } }).observe(document.body, {childList: true}); }""")
    page.wait_for_selector(".rt-reader-wrap", state="detached", timeout=START)
    assert "Step 3 of 6" in page.evaluate("window.rtHandedAt")  # no other step shown at the hand-over
    live = page.locator(".rt-page .rt-stepper")
    expect(live.locator(".rt-step-title")).to_contain_text("Gong")
    expect(live.locator(".rt-step-count")).to_contain_text("Step 3 of 6")
    page.screenshot(path=str(artifacts / "site-reader-handed-over.png"))
    after = [live.locator(c).first.bounding_box() for c in (".rt-chooser select", ".rt-step-narration")]
    for was, now in zip(before, after):
        assert abs(was["y"] - now["y"]) <= 16 and abs(was["x"] - now["x"]) <= 16, (before, after)
    live.locator(".rt-next").click()  # and it steps on, live
    expect(live.locator(".rt-step-count")).to_contain_text("Step 4 of 6", timeout=120_000)


def test_a_page_opening_on_play_shows_no_reader(new_page, site_url):
    page = new_page((1280, 720), timeout=SHOWN, service_workers="block")
    no_python(page)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if ".examples." in r.url else None)
    page.goto(site_url + "/voici/render/fire_bulls.html?lang=en&tab=examples")
    expect(page.locator(".rt-reader .rt-step-count")).to_contain_text("Step 0 of 5")
    # the Play tab named in the address, then kept by the page for a bare address: the loader alone
    page.evaluate("localStorage.setItem('rules-tutor:fire-bulls', JSON.stringify({place: 'lang=en&tab=play'}))")
    for address in ("?lang=en&tab=play", "?lang=en"):
        asked.clear()
        page.goto(site_url + "/voici/render/fire_bulls.html" + address)
        expect(page.locator(".rt-loader")).to_be_visible()
        page.wait_for_timeout(1000)  # the reader, were it shown, fetches its steps at once
        assert page.locator(".rt-reader-wrap").count() == 0 and asked == [], address
