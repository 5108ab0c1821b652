"""The static site's Python arrives ready to run: byte-compiled for Pyodide's Python, installed as Pyodide starts.

Read from the built ``site/`` (built here too, cached by its inputs); the last test starts the site's own
Pyodide under node, as the page's worker does, from the site's files only.  Marked ``site``.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
# CPython 3.12's bytecode magic number (3531, importlib's _bootstrap_external), as a .pyc starts
MAGIC_312 = (3531).to_bytes(2, "little") + b"\r\n"
KERNEL_PYPI = SITE / "extensions/@jupyterlite/pyodide-kernel-extension/static/pypi"


@pytest.fixture(scope="module")
def site(site_url):
    return SITE


def _wheel(folder: Path, name: str) -> Path:
    return next(folder.glob(f"{name}-*.whl"))


@pytest.mark.parametrize("zip_path, module", [
    ("static/pyodide/python_stdlib.zip", "json/decoder"),
    ("static/pyodide/python_stdlib.zip", "asyncio/base_events"),
    ("pypi/ipython-*.whl", "IPython/core/interactiveshell"),
    ("pypi/ipywidgets-*.whl", "ipywidgets/widgets/widget"),
    ("pypi/traitlets-*.whl", "traitlets/traitlets"),
    ("pypi/rules_tutor-*.whl", "tutor/core/game"),
    ("pypi/rules_tutor-*.whl", "widgets/page"),
    ("static/pyodide/micropip-*.whl", "micropip/install"),
    ("extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/pyodide_kernel-*.whl", "pyodide_kernel/kernel"),
])
def test_the_python_the_page_imports_is_compiled_by_pyodides_python_312(site, zip_path, module):
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.12.")  # the Python the .pyc must be written by
    path = next(site.glob(zip_path))
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        assert f"{module}.pyc" in names, f"{path.name} has no {module}.pyc"
        assert f"{module}.py" not in names  # nothing left to compile in the page
        assert z.read(f"{module}.pyc")[:4] == MAGIC_312


def test_a_compiled_wheels_record_and_the_sites_index_match_the_served_files(site):
    whl = _wheel(site / "pypi", "rules_tutor")
    with zipfile.ZipFile(whl) as z:
        record = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
        listed = {line.split(",", 1)[0] for line in z.read(record).decode().splitlines()}
        assert listed == set(z.namelist())  # the .pyc listed in place of the .py
    # micropip checks a wheel against the hash piplite's index gives
    for folder in (site / "pypi", KERNEL_PYPI):
        index = json.loads((folder / "all.json").read_text())
        for project in index.values():
            for release in project["releases"].values():
                for f in release:
                    body = (folder / f["filename"]).read_bytes()
                    assert f["digests"]["sha256"] == hashlib.sha256(body).hexdigest(), f["filename"]


def test_every_wheel_is_in_pyodides_lock_and_each_page_preloads_them(site):
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())["packages"]
    for key, name in (("rules-tutor", "rules_tutor"), ("ipython", "ipython"), ("ipywidgets", "ipywidgets"),
                      ("pyodide-kernel", "pyodide_kernel"), ("piplite", "piplite"), ("micropip", "micropip")):
        entry = lock[key]
        served = (site / "static/pyodide" / entry["file_name"]).resolve()
        assert served.name.startswith(name + "-") and served.is_file()
        assert entry["sha256"] == hashlib.sha256(served.read_bytes()).hexdigest()  # Pyodide checks it
    assert "widgetsnbextension-4" in lock["widgetsnbextension"]["file_name"]  # ipywidgets 8's
    for html in ("fire_bulls", "formula_e", "kamikaze_attack", "tir_nan_og"):
        text = (site / "voici/render" / f"{html}.html").read_text()
        packages = json.loads(re.search(r'"loadPyodideOptions": (\{.*?\})', text).group(1))["packages"]
        # the names the Pyodide kernel installs one by one unless its options list them
        for name in ("ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython", "micropip",
                     "piplite", "ipywidgets", "rules_tutor"):
            assert name in packages, (html, name)


NODE_START = r"""
const site = process.argv[1];
const {loadPyodide} = require(site + "/static/pyodide/pyodide.js");
(async () => {
  const lock = require(site + "/static/pyodide/pyodide-lock.json");
  const py = await loadPyodide({indexURL: site + "/static/pyodide/", packages: Object.keys(lock.packages)});
  await py.runPythonAsync("import piplite.piplite, pyodide_kernel\nfrom widgets.page import page, spec");
  console.log(py.runPython(`
import json, sys, IPython, widgets.page, tutor.core.game
loaded = [m.__file__.rsplit(".", 1)[1] for m in (json, IPython, widgets.page, tutor.core.game)]
" ".join([f"{sys.version_info[0]}.{sys.version_info[1]}", *loaded, spec("fire-bulls").game])
`));
})().catch((e) => { console.error(e); process.exit(1); });
"""


def test_the_sites_pyodide_starts_with_every_wheel_and_imports_the_page_from_pyc(site):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (make site installs it with npm)")
    run = subprocess.run([node, "-e", NODE_START, str(site)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split()[-6:] == ["3.12", "pyc", "pyc", "pyc", "pyc", "fire-bulls"]
