"""The static site, built (cached by its inputs) and served by a plain static file server on loopback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from widgets.site import build as site_build

ROOT = Path(__file__).resolve().parents[2]
NPM = ROOT / "build" / "npm"


@pytest.fixture(scope="module")
def site_url():
    missing = [n for n in site_build.NPM_TARBALLS if not (NPM / n).exists()]
    if missing:
        if shutil.which("npm") is None:
            pytest.skip("npm is not installed: the static site needs Pyodide and Font Awesome from npm "
                        "(`make site` installs npm and fetches them)")
    out = ROOT / "site"
    site_build.build(out, NPM)  # fetches the tarballs; nothing to do when make site built it from the same inputs
    server, url = site_build.serve(out)
    yield url
    server.shutdown()
