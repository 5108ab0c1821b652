"""A pre-started kernel (``make class``'s pools) builds its page before any student asks
for it and opens the place of the link it was asked with when the request comes
(``widgets.server.request``), without a server: Voilà's query websocket is stood in for.
The same against a real server is in tests/classroom/test_classroom.py."""

from __future__ import annotations

import asyncio
import functools
import os
import threading
from types import SimpleNamespace

import pytest

from widgets.server import kernel_guard, request
from widgets.index import landing
from widgets.page import page

ADDRESS = {"SERVER_NAME": "tutor.school.lan", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/fire_bulls.ipynb"}


def off_any_loop(test):
    """Run the test in a thread of its own, where no event loop runs: in a process that also
    runs the browser tests, Playwright's sync API leaves a loop "running" in the main thread
    that does not turn between tests, and the page would schedule its move on it (as it does
    on a kernel's loop) for ever."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        failed: list[BaseException] = []

        def body():
            try:
                test(*args, **kwargs)
            except BaseException as e:  # noqa: BLE001 - raised again in the test's own thread
                failed.append(e)

        t = threading.Thread(target=body, daemon=True)
        t.start()
        t.join(120)
        assert not t.is_alive(), "the test did not end within 120 s"
        if failed:
            raise failed[0]
    return run


@pytest.fixture
def preheated(monkeypatch):
    """A pool's kernel: Voilà's environment, before its request; the request comes when
    the test sets the returned event, with the query string the test put in it."""
    for key in ("QUERY_STRING", "VOILA_REQUEST_URL", *ADDRESS):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_KERNEL_ID", "0d1e2f")
    # the request that refilled the pool, not this page's
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://localhost:8866/voila/render/index.ipynb?lang=fr")
    saved = dict(os.environ)  # the request writes its variables into the environment itself
    came = threading.Event()
    came.query = ""  # type: ignore[attr-defined]

    def fetch():
        assert came.wait(30)
        return {**ADDRESS, "QUERY_STRING": came.query}  # type: ignore[attr-defined]

    monkeypatch.setattr(request, "wait_for_request_info", fetch)
    request._reset()
    request.build_first()
    yield came
    if request._thread is not None:
        came.set()
        request._thread.join(30)
    request._reset()
    request.build_first()
    os.environ.clear()
    os.environ.update(saved)


@off_any_loop
def test_the_page_is_built_first_and_opens_its_links_place_when_the_request_comes(preheated):
    p = page("fire-bulls")
    assert request.pending()
    assert (p.language.lang, p.stepper.example.id, p.stepper.position) == ("en", "lesson", 0)  # its default
    preheated.query = "lang=it&example=fr-2&step=1&presenter=1"
    preheated.set()
    request._thread.join(30)
    assert not request.pending()
    assert (p.language.lang, p.stepper.example.id, p.stepper.position) == ("it", "fr-2", 1)
    assert p.presenter.toggle.value
    assert p.url == ("http://tutor.school.lan:8866/voila/render/fire_bulls.ipynb"
                     "?lang=it&tab=examples&example=fr-2&step=1")  # for the class: presenter mode left out
    assert p.current_place.presenter
    # a page built once the request is known reads it at once
    again = page("fire-bulls")
    assert (again.language.lang, again.stepper.example.id, again.stepper.position) == ("it", "fr-2", 1)


@off_any_loop
def test_the_landing_page_follows_its_links_language(preheated):
    box = landing()
    assert "Open Fire Bulls" in box.body.value
    preheated.query = "lang=fr"
    preheated.set()
    request._thread.join(30)
    assert box.language.lang == "fr" and "Ouvrir Fire Bulls" in box.body.value


@off_any_loop
def test_in_a_kernel_the_page_moves_on_the_kernels_own_event_loop(preheated):
    """The widgets' messages are sent from the kernel's loop, never from the listening thread."""
    async def kernel():
        p = page("fire-bulls")
        preheated.query = "example=fr-3&step=2"
        preheated.set()
        request._thread.join(30)
        moved_by_the_thread = p.stepper.position
        await asyncio.sleep(0.05)  # the loop runs its callbacks
        return moved_by_the_thread, p.stepper.example.id, p.stepper.position

    assert asyncio.run(kernel()) == (0, "fr-3", 2)


@off_any_loop
def test_a_junk_request_leaves_the_page_at_its_default_and_says_what_it_could_not_open(preheated):
    p = page("fire-bulls")
    preheated.query = "example=%00nope&step=zz&presenter=maybe"
    preheated.set()
    request._thread.join(30)
    assert (p.stepper.example.id, p.stepper.position, p.presenter.toggle.value) == ("lesson", 0, False)
    assert "there is no example" in p.notice.value and "presenter=1 or presenter=0" in p.notice.value


def test_outside_a_pre_started_kernel_nothing_waits(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    assert not request.pending()
    assert not request.when_requested(lambda q, u: pytest.fail("called"))
    assert page("fire-bulls").language.lang == "fr"


@pytest.mark.parametrize("builds_first, waits", [(True, False), (False, True)])
def test_another_notebook_waits_for_its_request_before_its_first_cell_past_the_imports(
        monkeypatch, preheated, builds_first, waits):
    """kernel_guard holds a notebook that reads its query string itself (not the tutor's pages)."""
    waited = []
    monkeypatch.setattr(request, "wait", lambda: waited.append(True))
    monkeypatch.setattr(request, "builds_first", builds_first)
    hold = kernel_guard.RequestWait()
    hold(SimpleNamespace(raw_cell="import os\nfrom IPython.display import HTML"))
    assert waited == []
    hold(SimpleNamespace(raw_cell="display(HTML(os.environ['QUERY_STRING']))"))
    assert waited == ([True] if waits else [])
