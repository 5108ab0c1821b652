"""The notebooks: thin (imports and a display call), and they run under nbval."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_cells_hold_imports_and_a_display_call(path):
    cells = code_cells(path)
    assert cells
    for src in cells:
        for node in ast.parse(src).body:
            ok = isinstance(node, (ast.Import, ast.ImportFrom)) or (
                isinstance(node, ast.Expr) and isinstance(node.value, ast.Call))
            assert ok, f"{path.name}: only imports and a display call belong in a cell:\n{src}"


def test_notebooks_have_no_stored_outputs():
    for path in NOTEBOOKS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code"), path.name


def test_every_notebook_runs_under_nbval_lax():
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider",
         "-o", "addopts=", "--rootdir", str(ROOT / "notebooks"), *map(str, NOTEBOOKS)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    # every code cell of every notebook is one nbval item, and each of them passed
    cells = sum(len(code_cells(p)) for p in NOTEBOOKS)
    assert f"{cells} passed" in proc.stdout and "failed" not in proc.stdout, proc.stdout[-3000:]


def test_every_registered_game_has_a_thin_notebook_showing_its_page():
    """A new game's notebook is one import and one call: the registry names it."""
    from tutor import games

    listed = {p.name for p in NOTEBOOKS}
    for entry in games.entries():
        assert entry.notebook in listed, f"{entry.name}: notebooks/{entry.notebook} is missing"
        cells = code_cells(ROOT / "notebooks" / entry.notebook)
        assert cells == ["from widgets.page import page", f'page("{entry.name}")'], entry.notebook
