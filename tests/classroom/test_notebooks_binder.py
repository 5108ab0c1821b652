"""Binder: the pinned files install into a fresh venv, and the badge opens a notebook that exists."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"
PINNED_TOGETHER = ("voila", "ipywidgets", "jupyterlab_widgets", "widgetsnbextension")


def requirements() -> dict[str, str]:
    reqs = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name = re.split(r"[<>=!~ ]", line, maxsplit=1)[0].lower().replace("-", "_")
            reqs[name] = line
    return reqs


def test_widget_stack_pinned_together_and_matching_pyproject():
    reqs = requirements()
    pyproject = (ROOT / "pyproject.toml").read_text()
    for name in PINNED_TOGETHER:
        assert "==" in reqs[name], f"{name} must be pinned exactly in binder/requirements.txt"
        assert f'"{reqs[name]}"' in pyproject, f"{reqs[name]} differs from pyproject's dashboard extra"
    assert "<7" in reqs["ipykernel"]


def test_badge_opens_the_dashboard_on_a_notebook_that_exists():
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"\(https://mybinder\.org/v2/gh/[^)]+\)", readme)
    assert links, "README needs the Binder badge"
    query = urllib.parse.urlparse(links[0][1:-1]).query
    urlpath = urllib.parse.parse_qs(query)["urlpath"][0]
    assert urlpath.startswith("voila/render/")
    assert (ROOT / urlpath.removeprefix("voila/render/")).is_file()


def test_binder_files_install_into_a_fresh_venv(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    env = dict(os.environ, PATH=f"{venv / 'bin'}:{os.environ['PATH']}", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    # --no-compile: no .pyc for the ~200 packages up front (a third of the install's time); Python
    # compiles what the check below imports, as it would on Binder
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-compile", "-r", str(BINDER / "requirements.txt")],
                   check=True, timeout=600, env=env)
    subprocess.run(["bash", str(BINDER / "postBuild")], check=True, timeout=300, env=env, cwd=ROOT)
    check = (
        "import sys, json, pathlib, voila, ipywidgets, ipykernel, widgets.games.fire_bulls, tutor;"
        "cfg = pathlib.Path(sys.prefix, 'etc/jupyter/jupyter_server_config.d/rules-tutor.json');"
        "c = json.loads(cfg.read_text());"
        "assert c['VoilaConfiguration'] == {'strip_sources': True, 'show_tracebacks': False,"
        " 'template': 'rules-tutor'}, c;"
        "assert pathlib.Path(sys.prefix, 'share/jupyter/voila/templates/rules-tutor/index.html.j2')"
        ".is_file();"
        "assert c['MappingKernelManager']['cull_idle_timeout'] > 0;"
        "assert int(ipykernel.__version__.split('.')[0]) < 7;"
        "print(voila.__version__, ipywidgets.__version__)"
    )
    out = subprocess.run([str(py), "-c", check], check=True, timeout=120, env=env, cwd=tmp_path,
                         capture_output=True, text=True)
    assert out.stdout.split() == ["0.5.13", "8.1.8"]
