"""The panels inside JupyterLab, and the dashboard as a Jupyter Server extension:
what `make lab`, Binder and a school's JupyterHub run.

One `jupyter lab` on a free loopback port with a token, rooted at a home directory
holding a copy of notebooks/ -- a student's home on a JupyterHub, as the README's
install steps leave it: a notebook opened in JupyterLab, all cells run, the stepper's
Next clicked; then the README's URL `/voila/render/notebooks/index.ipynb` on the same
server, and a game opened from its link.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tutor import games
from widgets.server.serve import free_port

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120_000  # generous: two cores shared with other work


@pytest.fixture(scope="module")
def lab(artifacts, tmp_path_factory):
    port, token = free_port(), secrets.token_hex(16)
    home = tmp_path_factory.mktemp("lab-home")
    # a copy of notebooks/: JupyterLab saves what it opens, and the repo's stay untouched
    books = home / "notebooks"
    shutil.copytree(ROOT / "notebooks", books, ignore=shutil.ignore_patterns("lessons", ".ipynb_checkpoints"))
    env = dict(os.environ, PYTHONPATH=str(ROOT), JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"), JUPYTER_RUNTIME_DIR=str(home / "runtime"))
    log = open(artifacts / "jupyter-lab-tests.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1",
         "--ServerApp.terminals_enabled=False", "--LabApp.extension_manager=readonly",
         f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={home}", "--LabApp.news_url=", "--LabApp.check_for_updates_class="
         "jupyterlab.NeverCheckForUpdate"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5)
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("jupyter lab did not start: see test-artifacts/jupyter-lab-tests.log")
            time.sleep(1)
    yield base, token
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


def test_a_page_works_inside_jupyterlab(new_page, lab, artifacts):
    base, token = lab
    pg = new_page((1280, 900), timeout=WAIT)
    try:
        pg.goto(f"{base}/lab/tree/notebooks/fire_bulls.ipynb?token={token}")
        pg.locator(".jp-Notebook").wait_for()
        # JupyterLab may ask which kernel (then: the notebook's own, Python 3); usually it starts the
        # notebook's kernel by itself, and the status bar then says it is idle (ready: a "Run All"
        # sent while it was starting ran nothing).  Whichever comes first (waiting out a dialog that
        # never came cost 20 s a run).
        ask = pg.locator(".jp-Dialog .jp-mod-accept")
        started = pg.locator("#jp-main-statusbar").get_by_text(re.compile(r"Python 3.*\| Idle"))
        ask.or_(started).first.wait_for()
        if ask.is_visible():
            ask.click()
        pg.click(".lm-MenuBar-itemLabel:text-is('Run')")  # the Run menu
        pg.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        pg.locator(".rt-chooser select").wait_for()
        pg.select_option(".rt-chooser select", index=1)  # past the guided first game, the simplest example
        count = pg.locator(".rt-step-count")
        count.wait_for()
        before = count.inner_text()
        pg.click(".rt-stepper .rt-next")
        expect(count).not_to_have_text(before, timeout=WAIT)
    finally:
        pg.screenshot(path=str(artifacts / "jupyterlab-fire-bulls.png"))


def test_the_dashboard_as_a_jupyter_server_extension(new_page, lab, artifacts):
    base, token = lab
    pg = new_page("projector", timeout=WAIT)
    pg.goto(f"{base}/voila/render/notebooks/index.ipynb?token={token}")  # the README's URL
    pg.locator(".rt-landing .rt-game-link").first.wait_for()
    expect(pg.locator(".rt-landing .rt-game-link")).to_have_count(len(games.names()))
    pg.screenshot(path=str(artifacts / "voila-extension-index.png"))
    pg.click(".rt-landing .rt-game-link[data-notebook='fire_bulls.ipynb']")  # a link of the page
    pg.wait_for_url(f"{base}/voila/render/notebooks/fire_bulls.ipynb?lang=en*")
    pg.locator(".rt-chooser select").wait_for()
    pg.select_option(".rt-chooser select", index=1)  # past the guided first game, the simplest example
    count = pg.locator(".rt-step-count")
    count.wait_for()
    before = count.inner_text()
    pg.click(".rt-stepper .rt-next")
    expect(count).not_to_have_text(before, timeout=WAIT)
