"""The notebooks: thin (imports and a display call), and they run under nbval."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# A tutorial for teachers, not a dashboard page: its cells teach, so they hold code.
TUTORIALS = {"lesson_builder.ipynb"}
PAGES = [p for p in NOTEBOOKS if p.name not in TUTORIALS]


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", PAGES, ids=[p.name for p in PAGES])
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


def test_the_lesson_builder_checks_shows_and_saves_a_position(tmp_path):
    """Run notebooks/lesson_builder.ipynb (in a copy) and read what it shows a teacher."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(ROOT / "notebooks" / "lesson_builder.ipynb", as_version=4)
    NotebookClient(nb, timeout=240, resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = "\n".join(
        str(out.get("text", "")) + str(out.get("data", {}).get("text/plain", ""))
        for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", []))
    # with only a Kamikaze and an Archer in hand, those are the two cards one can play
    moves = next(line for line in shown.splitlines() if "play the Archer" in line)
    assert "play the Kamikaze" in moves and "Swordsman" not in moves and "Shieldbearer" not in moves
    # the typo is refused by the engine, naming the field
    assert "Refused:" in shown and "hands" in shown.split("Refused:")[1]
    saved = tmp_path / "lessons" / "kamikaze-last-two-cards.json"
    assert '"kamikaze"' in saved.read_text(encoding="utf-8")


def test_make_class_starts_no_kernels_for_the_lesson_builder():
    """A room opens pages; the teacher's tutorial (it saves files) gets no pre-started kernels."""
    from types import SimpleNamespace

    from widgets.server.classroom import TutorVoila

    app = SimpleNamespace(root_dir=str(ROOT / "notebooks"), pools={"index.ipynb": 30}, pool_others=3)
    sizes = TutorVoila._pool_sizes(app)  # type: ignore[arg-type]
    assert "lesson_builder.ipynb" not in sizes
    assert sizes["index.ipynb"] == 30 and sizes["fire_bulls.ipynb"] == 3
