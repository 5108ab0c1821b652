"""Shared fixtures: a Voilà server on a free port, Debian's Chromium, pages in fresh contexts.

Browser tests are marked ``browser`` (``pytest -m browser`` runs only them,
``-m 'not browser'`` skips them); ``make test`` runs everything.  Screenshots
go to ``test-artifacts/`` (git-ignored).

One Voilà server (``voila``) and one Chromium (``browser``) serve the whole
session (with pytest-xdist: each worker has its own pair).  A browser test asks
for ``new_page`` and opens as many pages as it needs, each in a fresh context at
the size it names (``SIZES``); they are closed after the test::

    def test_something(new_page, voila, artifacts):
        pg = new_page("phone")              # 390x844; "projector" is 1280x720
        pg.goto(voila.url("fire_bulls.ipynb"))

``page`` is one such page at 1400x1100 (a wide screen).  Servers with another configuration (the
classroom's, JupyterLab, the static site) are module fixtures of their own files.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
# A classroom projector and a phone: the sizes the browser tests check pages at.
SIZES = {"projector": (1280, 720), "phone": (390, 844)}
WAIT = 60_000  # ms: the default wait of a page from new_page; generous, two cores are shared

# No deadline: a loaded machine makes a slow example, not a wrong one.  Example counts
# stay those each test sets (they are what the test claims to cover).
settings.register_profile("rules-tutor", deadline=None, print_blob=True)
settings.load_profile("rules-tutor")

NAVIGATION_WAIT = 120_000  # ms: a page.goto's bound (the page's notebook runs first)


def _expect_waits() -> None:
    """Playwright's ``expect(locator).to_contain_text(...)`` retries until the text arrives;
    browser tests assert what a widget update shows with it, never by reading once right after
    a click (the update comes from the kernel a moment later).  Its wait matches ``WAIT``."""
    try:
        from playwright.sync_api import expect
    except ImportError:  # the browser extras are missing: the browser fixture says so
        return
    expect.set_options(timeout=WAIT)


_expect_waits()


def _worker_suffix() -> str:
    """'' in a plain run, '-gw0', '-gw1' ... under pytest-xdist: per-worker file names."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return f"-{worker}" if worker else ""


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila(artifacts):
    """Voilà serving notebooks/ on a free loopback port, for the whole session."""
    from widgets.server.serve import VoilaServer

    server = VoilaServer(log=artifacts / f"voila-tests{_worker_suffix()}.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from widgets.server.serve import CHROMIUM, chromium

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install -y chromium)")
    with chromium() as b:
        yield b


@pytest.fixture
def new_page(browser):
    """Open pages in fresh browser contexts, closed after the test.

    ``new_page("phone")``, ``new_page((800, 600))``, ``new_page("projector", timeout=90_000)``;
    other keywords go to ``browser.new_context`` (e.g. ``device_scale_factor=1.5``)."""
    contexts = []

    def open_page(size: str | tuple[int, int] = "projector", timeout: float = WAIT, **context_args):
        width, height = SIZES[size] if isinstance(size, str) else size
        context = browser.new_context(viewport={"width": width, "height": height}, **context_args)
        contexts.append(context)
        pg = context.new_page()
        pg.set_default_timeout(timeout)
        # opening a page makes Voila run the notebook: on a machine loaded by other jobs (load 30) the
        # landing page took over 30 s once, so navigations get a longer bound than the clicks' waits
        pg.set_default_navigation_timeout(max(timeout, NAVIGATION_WAIT))
        return pg

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page):
    return new_page((1400, 1100), timeout=30_000)


# Under pytest-xdist (``make test`` runs two workers, a file at a time each: ``--dist loadfile``),
# the slowest files go first so that no long file starts last and runs alone: the static site in
# the browser (Pyodide), then the other browser files and the files that wait on servers and
# installs, then the rest, each group in its usual order.  The rest (hundreds of quick engine and
# panel tests) then evens the two workers out at the end.  xdist keeps this order only with
# ``--no-loadscope-reorder`` (the Makefile passes it): by default it sends the files with the most
# tests first, which put the few-test, minute-long server and browser files last.
SLOW_FILES = ("test_classroom_seats.py", "test_classroom.py", "test_notebooks_binder.py", "test_notebooks.py")


def _weight(item) -> int:
    if item.get_closest_marker("site"):
        return 0
    if item.get_closest_marker("browser") or item.path.name in SLOW_FILES:
        return 1
    return 2


def pytest_collection_modifyitems(config, items):
    # an xdist worker has ``workerinput`` (its ``numprocesses`` is unset: only the controller's is)
    if hasattr(config, "workerinput"):
        weight: dict = {}
        for item in items:  # a file goes with its slowest kind of test, its tests together in their order
            weight[item.path] = min(weight.get(item.path, 2), _weight(item))
        items.sort(key=lambda item: weight[item.path])  # stable: the order within each group is kept


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that used a Voilà server shows the end of that server's log beside its error
    (CI keeps only the test output: a page that never came up says why there)."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for name, server in getattr(item, "funcargs", {}).items():
        log = getattr(server, "log_path", None)
        if not isinstance(log, Path) or not log.exists():
            continue
        with open(log, "rb") as f:
            f.seek(max(0, log.stat().st_size - 6000))
            tail = f.read().decode("utf-8", "replace").splitlines()[-40:]
        report.sections.append((f"the end of {name}'s log ({log.name})", "\n".join(tail)))


@pytest.fixture(autouse=True)
def _no_browser_loop(request):
    """A test that is not a browser test runs without Playwright's event loop.  Playwright's sync API
    marks its loop as running in this thread for as long as a worker's browser lives, so a later test
    file on the same worker calling ``asyncio.run`` (the live lesson's broker, the rules search's
    typing) would be refused; which files share a worker changes as files are added."""
    if request.node.get_closest_marker("browser") is not None:
        yield
        return
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
