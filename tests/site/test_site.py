"""The static site without a browser: the end table and chart without pandas and
matplotlib (as in the site's Pyodide core), the URL fixes applied to a built page, the stub wheels."""

from __future__ import annotations

import sys
import zipfile

import pytest

from widgets.panels import endgame
from widgets.site import build as site


@pytest.fixture
def no_scipy_stack(monkeypatch):
    """pandas and matplotlib cannot be imported, as in the site's Pyodide core."""
    for name in ("pandas", "matplotlib", "matplotlib.figure", "matplotlib.ticker"):
        monkeypatch.setitem(sys.modules, name, None)


def test_fire_bulls_scoring_table_without_pandas(no_scipy_stack):
    import tutor.games as games
    from widgets.games.fire_bulls import breakdown

    g = games.get("fire-bulls")
    ex = {e.id: e for e in g.examples()}["it-scoring"]
    table = breakdown(g, g.view(ex.final, None), "en", lambda p: f"P{p + 1}")
    assert isinstance(table, endgame.Rows)
    # 000's scoring example: Gong loses the Vice-General, 6+6+2+2+1+1+1+1 = 20, plus 3 bonus = 23
    gong = {c: table[c][0] for c in ("Player", "Face value", "Colour bonus", "Total")}
    assert gong == {"Player": "P1", "Face value": 20, "Colour bonus": 3, "Total": 23}
    html = table.to_html(index=False, escape=True, classes="rt-table-diff rt-breakdown")
    assert "rt-breakdown" in html and "<th>Total</th>" in html and "<td>23</td>" in html
    with pytest.raises(KeyError):
        table["No such column"]


def test_the_html_table_escapes_like_pandas():
    pd = pytest.importorskip("pandas")
    rows = [{"Player": "<b>Ann</b> & co", "Total": 23}, {"Player": "Bo", "Total": 7}]
    ours = endgame.Rows(rows).to_html(index=False, escape=True, classes="rt-breakdown")
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; co" in ours and "<b>" not in ours
    theirs = pd.DataFrame(rows).to_html(index=False, escape=True, classes="rt-breakdown")
    # the same cells in the same order as the server's table
    cells = [c.split("<")[0] for c in theirs.split("<td>")[1:]]
    assert cells == [c.split("<")[0] for c in ours.split("<td>")[1:]]


def test_a_bot_game_ends_with_the_html_table_and_an_svg_chart(no_scipy_stack):
    from tests.panels.test_widgets import _shell

    shell = _shell(seats=["greedy", "random"])
    assert shell.game.is_over(shell.state)
    assert "rt-breakdown" in shell.end_table.value and "<th>Total</th>" in shell.end_table.value
    assert shell.end.format == "svg+xml" and bytes(shell.end.value).startswith(b"<svg")
    assert bytes(shell.end.value).count(b'class="rt-chart-line"') == 2  # one line per seat
    assert shell.end.layout.display is None


def test_svg_chart_draws_one_line_per_player_through_the_scores():
    svg = endgame.svg_chart([1, 2, 3], [[0, 0], [5, 2], [9, 12]], ["Ann", "<Bo>"], "Turn", "Points", "Scores")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count('class="rt-chart-line"') == 2 and "&lt;Bo&gt;" in svg
    # the line of player 2 rises from the axis to the top score: its last point is the highest one drawn
    line = svg.split('data-player="1" points="')[1].split('"')[0]
    ys = [float(p.split(",")[1]) for p in line.split()]
    assert ys[0] > ys[1] > ys[2]
    # a single turn still draws (no division by zero)
    assert "rt-chart-line" in endgame.svg_chart([1], [[3]], ["Ann"], "Turn", "Points", "Scores")


def test_fix_urls_makes_kernel_urls_relative_to_each_page_and_fonts_local(tmp_path):
    page = tmp_path / "voici" / "render" / "fire_bulls.html"
    page.parent.mkdir(parents=True)
    page.write_text('{"pyodideUrl": "./static/pyodide/pyodide.js", "pipliteUrls": ["./pypi/all.json", '
                    '"./extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json"]}'
                    '<link href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css">')
    fa = tmp_path / "fa"
    for sub in ("css", "webfonts"):
        (fa / sub).mkdir(parents=True)
        (fa / sub / "x").write_text(sub)
    assert site.fix_urls(tmp_path, fa) == [page]
    text = page.read_text()
    assert '"../../static/pyodide/pyodide.js"' in text and '"../../pypi/all.json"' in text
    assert '"../../extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/all.json"' in text
    assert "cdn.jsdelivr" not in text and 'href="../../static/fontawesome/css/all.min.css"' in text
    assert (tmp_path / "static" / "fontawesome" / "webfonts" / "x").exists()
    assert site.fix_urls(tmp_path) == []  # a second pass changes nothing


def test_stub_wheel_is_an_installable_empty_wheel(tmp_path):
    whl = site.stub_wheel("ssl", tmp_path)
    assert whl.name == "ssl-0.0.1-py3-none-any.whl"
    names = zipfile.ZipFile(whl).namelist()
    assert sorted(names) == ["ssl-0.0.1.dist-info/METADATA", "ssl-0.0.1.dist-info/RECORD", "ssl-0.0.1.dist-info/WHEEL"]


def test_site_notebooks_install_the_tutor_first():
    nb = site.site_notebook(site.ROOT / "notebooks" / "fire_bulls.ipynb")
    first = "".join(nb["cells"][0]["source"])
    assert "piplite.install" in first and '"rules-tutor"' in first and '"ipywidgets==' in first
    assert "page(" in "".join(nb["cells"][-1]["source"])


def test_a_requirement_no_page_imports_is_an_empty_wheel_of_its_version(tmp_path):
    # IPython requires jedi>=0.18.2: the stand-in must satisfy that, with nothing to import
    whl = site.stub_wheel("jedi", tmp_path, "0.20.1")
    assert whl.name == "jedi-0.20.1-py3-none-any.whl"
    names = zipfile.ZipFile(whl).namelist()
    assert not [n for n in names if not n.startswith("jedi-0.20.1.dist-info/")]
    assert "Version: 0.20.1" in zipfile.ZipFile(whl).read("jedi-0.20.1.dist-info/METADATA").decode()
    assert "jedi" in site.EMPTY and "parso" in site.DROP


def test_plain_html_landing_lists_the_games_pages_in_the_language_of_its_address():
    from widgets.site import offline

    fr = offline.landing_html("fr")
    assert "Ouvrir Kamikaze Attack" in fr and "href='kamikaze_attack.html?lang=fr'" in fr
    assert ".ipynb?" not in fr  # the site's pages, not the notebooks
    assert "Apri Fire Bulls" in offline.landing_html("it")


def test_pygments_keeps_the_python_lexer_and_drops_other_languages(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    files = {"pygments/__init__.py": "", "pygments/lexers/__init__.py": "", "pygments/lexers/python.py": "x",
             "pygments/lexers/fortran.py": "y", "pygments/styles/fortran.py": "z"}
    record = "".join(f"{name},sha256=,1\n" for name in files) + "pygments-2.0.dist-info/RECORD,,\n"
    whl = src / "pygments-2.0-py3-none-any.whl"
    with zipfile.ZipFile(whl, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
        z.writestr("pygments-2.0.dist-info/RECORD", record)
    out = zipfile.ZipFile(site.slim_wheel(whl, tmp_path, site.other_lexer))
    assert sorted(out.namelist()) == ["pygments-2.0.dist-info/RECORD", "pygments/__init__.py",
                                      "pygments/lexers/__init__.py", "pygments/lexers/python.py",
                                      "pygments/styles/fortran.py"]  # a style is not a lexer
    assert "fortran.py,sha256" in out.read("pygments-2.0.dist-info/RECORD").decode()
    assert "lexers/fortran.py" not in out.read("pygments-2.0.dist-info/RECORD").decode()


def test_large_text_files_are_gzipped_beside_themselves_and_the_service_worker_lists_them(tmp_path):
    import gzip

    from widgets.site import offline

    big = ("var a = 1;\n" * 5000).encode()
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "big.js").write_bytes(big)
    (tmp_path / "static" / "small.js").write_bytes(b"var b;")
    (tmp_path / "static" / "w.whl").write_bytes(big)  # a wheel is compressed already
    assert offline.precompress(tmp_path) == ["static/big.js"]
    assert gzip.decompress((tmp_path / "static" / "big.js.gz").read_bytes()) == big
    offline.write_service_worker(tmp_path, "v1")
    sw = (tmp_path / "service-worker.js").read_text()
    assert 'new Set(["static/big.js"]' in sw and "__GZIP__" not in sw
