"""A page whose kernel dies while starting ends with a message and reloads itself; it never hangs.

Voilà 0.5.13 left such a request open for good (the browser showed its spinner for ever; a CI
run once waited 120 s on a page).  The kernel here is a real ipykernel behind a launcher that
exits at once on its first start, as a kernel does when another process took its TCP port.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import urllib.request

import pytest

from widgets.server.serve import JUPYTER_DATA, VoilaServer

LAUNCHER = """import os, sys
flag = os.environ["FLAKY_FLAG"]
if not os.path.exists(flag):
    open(flag, "w").close()
    sys.exit(1)  # the first start dies before it answers
from ipykernel import kernelapp
kernelapp.launch_new_instance()
"""


@pytest.fixture(scope="module")
def flaky(tmp_path_factory, artifacts):
    root = tmp_path_factory.mktemp("flaky")
    spec = root / "data" / "kernels" / "flaky"
    spec.mkdir(parents=True)
    (root / "launch.py").write_text(LAUNCHER)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, str(root / "launch.py"), "-f", "{connection_file}"],
        "display_name": "flaky", "language": "python"}))
    pages = root / "pages"
    pages.mkdir()
    (pages / "hello.ipynb").write_text(json.dumps({
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "flaky", "display_name": "flaky", "language": "python"}},
        "cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": "print('the page ' + 'is up')"}]}))
    flag = root / "died-once"
    env = {"JUPYTER_PATH": os.pathsep.join([str(root / "data"), str(JUPYTER_DATA)]), "FLAKY_FLAG": str(flag)}
    with VoilaServer(pages, log=artifacts / "voila-page-failed.log", env=env) as server:
        server.flag = flag
        yield server


def wait_until(pred, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.3)
    return pred()


def _get(url: str) -> tuple[str, float]:
    start = time.monotonic()
    with urllib.request.urlopen(url, timeout=90) as response:
        return response.read().decode(), time.monotonic() - start


def test_a_page_whose_kernel_dies_starting_ends_with_a_message_and_the_next_one_comes_up(flaky):
    flaky.flag.unlink(missing_ok=True)
    page, took = _get(flaky.url("hello.ipynb"))
    assert "This page could not start" in page and "La pagina non è partita" in page
    assert "the page is up" not in page
    assert took < 60, f"the failed page took {took:.0f} s to end"
    page, _ = _get(flaky.url("hello.ipynb"))
    assert "the page is up" in page and "could not start" not in page


@pytest.mark.browser
def test_in_the_browser_the_failed_page_says_so_then_reloads_itself_and_works(flaky, new_page, artifacts):
    flaky.flag.unlink(missing_ok=True)
    pg = new_page("phone")
    pg.goto(flaky.url("hello.ipynb"))
    pg.wait_for_selector(".rt-page-failed")
    assert not pg.locator("#loading").is_visible()  # Voilà's spinner does not cover the message
    pg.screenshot(path=str(artifacts / "page-failed-phone.png"))
    pg.wait_for_selector("text=the page is up", timeout=60_000)  # reloaded by itself, the kernel started
    assert pg.locator(".rt-page-failed").count() == 0


# -- the pooled path (``make class``): the page's kernel was pre-started and is still building it

def slow_notebook(running: str) -> dict:
    """A page whose cell marks that it is running (a request has the kernel, which is building
    the page), then takes 20 s."""
    return {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": f"import time\nopen({running!r}, 'w').close()\ntime.sleep(20)\n"
                             "print('the page ' + 'is up')"}]}


@pytest.fixture(scope="module")
def pooled(tmp_path_factory, artifacts):
    from widgets.server.serve import Room

    pages = tmp_path_factory.mktemp("pooled")
    running = pages.parent / (pages.name + "-running")
    (pages / "slow.ipynb").write_text(json.dumps(slow_notebook(str(running))))
    room = Room(page="slow.ipynb", pool=1, pool_others=0, max_kernels=4, ip="127.0.0.1")
    with VoilaServer(pages, log=artifacts / "voila-page-failed-pooled.log", room=room) as server:
        server.running = running
        yield server


def test_a_pooled_page_whose_kernel_dies_while_building_ends_with_the_message_and_reloads(pooled):
    """Under ``make class`` a page takes a pre-started kernel; killed while the page is being
    built (here: while its cell runs), Voilà served the page whole with a 200, without the
    message and without the reload: the page stayed blank."""
    from benchmarks.classroom import kernel_processes

    assert wait_until(lambda: len(kernel_processes(pooled.proc.pid)) == 1, 90), "the pool did not fill"
    (kernel_id, process), = kernel_processes(pooled.proc.pid).items()
    got: dict = {}

    def request():
        got["page"], got["took"] = _get(pooled.url("slow.ipynb"))

    t = threading.Thread(target=request)
    t.start()
    # a pooled kernel runs the page's cell once a request has taken it (the kernel guard waits for it);
    # on a loaded machine that takes seconds
    assert wait_until(pooled.running.exists, 60), "the pooled kernel never ran the page's cell"
    process.kill()  # the request holds the pooled kernel, whose cell is running
    t.join(120)
    page = got["page"]
    assert kernel_id in page  # it was the pooled kernel's page
    assert "This page could not start" in page and "La page n'a pas démarré" in page
    assert "location.reload()" in page
    assert "the page is up" not in page
    assert got["took"] < 60, f"the failed page took {got['took']:.0f} s to end"
    # the reload gets a working page (a new kernel)
    page, _ = _get(pooled.url("slow.ipynb"))
    assert "the page is up" in page and "could not start" not in page
