"""The static site in a real browser with its service worker: the first visit shows its progress
in the address's language, and after it the page reloads with the network off.

``site/`` is served by a plain static file server on loopback (built here if needed, as in
``test_site_browser.py``); no route is set (Playwright's routing
and a service worker together hung the page here).  Marked ``site``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.site, pytest.mark.browser]

START = 600_000  # ms: Pyodide starts and installs the wheels in the page; slow on a loaded machine
OFFLINE = 180_000  # ms: the same from this browser's cache (6-15 s here)

# what the page says while it loads, in French (any of its steps)
FRENCH_STEPS = ("Téléchargement de la page", "Démarrage de Python", "Installation des paquets de Python",
                "Chargement du tuteur", "Construction de la page")


def test_first_visit_says_its_progress_in_french_then_the_page_reloads_offline(new_page, site_url, artifacts):
    page = new_page((390, 844), timeout=120_000, service_workers="allow")
    page.goto(site_url + "/voici/render/fire_bulls.html?lang=fr")
    step = page.locator(".rt-loader-step")
    expect(step).to_be_visible()
    assert step.inner_text().startswith(FRENCH_STEPS), step.inner_text()
    expect(page.locator(".rt-loader-track")).to_be_visible()
    # the guided first game's first step, readable before Python starts, where the live page will show it
    read = page.locator(".rt-reader .rt-guide-count")
    expect(read).to_contain_text("étape 1 sur 12")
    before = read.bounding_box()
    page.wait_for_selector(".rt-page .rt-chooser select", timeout=START)
    page.wait_for_selector(".rt-reader-wrap", state="detached", timeout=START)
    after = page.locator(".rt-page .rt-guide-count").bounding_box()
    assert abs(before["y"] - after["y"]) <= 16, (before, after)  # no jump when the live page takes over
    expect(page.locator(".rt-loader")).to_have_count(0)  # gone once the page is usable
    # every step was said, in the order they happen: the page, Pyodide, the packages, the tutor, the page built
    assert page.evaluate("window.rtLoaderSteps") == ["page", "python", "kernel", "tutor", "build"]
    expect(page.locator(".rt-page")).to_contain_text("Langue")
    # the service worker keeps what the page loaded (its address and scripts first) and the rest of the
    # site (the other pages, Python, the icons' font), then the page says so, in French
    page.wait_for_selector("html[data-rt-offline]", state="attached", timeout=START)
    assert page.evaluate("document.documentElement.dataset.rtOffline") == "ready"
    expect(page.locator(".rt-toast")).to_contain_text("hors ligne")
    page.screenshot(path=str(artifacts / "site-offline-ready-phone.png"))
    assert page.evaluate(
        "async () => { const ks = []; for (const n of await caches.keys())"
        " for (const r of await (await caches.open(n)).keys()) ks.push(r.url);"
        " return ['/kamikaze_attack.html', '.wasm', 'fa-solid-900.woff2', '/api/contents/all.json']"
        ".filter(end => !ks.some(u => u.endsWith(end) || u.includes(end + '?'))); }") == []
    failed = []
    page.context.set_offline(True)
    page.on("requestfailed", lambda r: failed.append(r.url) if "/version.json" not in r.url else None)
    page.reload()
    page.wait_for_selector(".rt-page .rt-chooser select", timeout=OFFLINE)
    assert failed == []  # every file from this browser's cache (the icons' font too)
    expect(page.locator(".rt-page")).to_contain_text("Langue")  # the same place: the page in French
    # the landing page too, without network: the games in the language of its address
    page.goto(site_url + "/voici/render/index.html?lang=it")
    expect(page.locator(".rt-landing[data-lang='it']")).to_be_visible()
    expect(page.locator(".rt-landing[data-lang='it'] .rt-game-link").first).to_contain_text("Apri")
    link = page.locator(".rt-landing[data-lang='it'] .rt-game-link[data-notebook='kamikaze_attack.ipynb']")
    assert link.get_attribute("href") == "kamikaze_attack.html?lang=it"
