"""Shared fixtures: the engine check, a Voilà server on a free port, Debian's Chromium.

Browser tests are marked ``browser`` (``pytest -m browser`` runs only them,
``-m 'not browser'`` skips them); ``make test`` runs everything.  Screenshots
go to ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila(artifacts):
    """Voilà serving notebooks/ on a free loopback port, for the whole session."""
    from widgets.serve import VoilaServer

    server = VoilaServer(log=artifacts / "voila-tests.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from widgets.serve import CHROMIUM, chromium

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install -y chromium)")
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    context.close()
