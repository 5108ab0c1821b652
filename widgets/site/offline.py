"""What makes the built site open fast, offline and in the student's language while it loads.

* :func:`write_service_worker`: the site's own service worker (``sw.js``), in place of JupyterLite's,
  caching every file a page loads and, once a page is usable, the rest of the site;
* :func:`add_loader`: each page's progress bar and messages (``loader.js``), in the address's language;
* :func:`write_landing`: the landing page as plain HTML (no Python to start), in the address's language.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("en", "it", "fr")
LOADER_CSS = """<style>
#loading{display:none!important}
.rt-loader{position:fixed;z-index:10000;left:50%;top:15vh;transform:translateX(-50%);width:min(560px,90vw);box-sizing:border-box;font:18px/1.4 system-ui,sans-serif;background:#fff;color:#111;padding:16px 20px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.2)}
.rt-loader-track{height:10px;background:#e3e3e3;border-radius:5px;overflow:hidden}
.rt-loader-bar{height:100%;width:5%;background:#1f6fb5;transition:width .4s}
.rt-loader-note{font-size:15px;color:#444}
.rt-loader-error{color:#a00;font-weight:bold}
.rt-loader-warning{color:#8a5300}
.rt-toast{position:fixed;z-index:10000;left:50%;top:8px;transform:translateX(-50%);width:max-content;max-width:min(560px,90vw);pointer-events:none;box-sizing:border-box;font:15px/1.4 system-ui,sans-serif;background:#1b3a57;color:#fff;padding:8px 16px;border-radius:6px;box-shadow:0 2px 8px rgba(0,0,0,.3)}
.rt-newer{font:16px system-ui,sans-serif;background:#fff4c2;padding:6px 12px}
</style>"""


def site_files(out: Path) -> list[str]:
    """What every page needs besides its own scripts (which it reports itself): the pages, Python, the wheels,
    the icons' font."""
    keep = []
    for p in sorted(out.rglob("*")):
        rel = p.relative_to(out).as_posix()
        if p.is_file() and p.suffix != ".gz" and (rel.startswith(("voici/render/", "static/pyodide/", "pypi/"))
                            or "/static/pypi/" in rel or rel == "index.html"
                            # the icons' font, which a page asks for only when it first draws an icon
                            or (rel.startswith("static/fontawesome/") and p.suffix == ".woff2")):
            keep.append(rel)
    return keep


# what is worth sending gzipped (wheels and zips are compressed already); smaller files are sent as they are
GZIP_TYPES = (".wasm", ".js", ".mjs", ".json", ".css")
GZIP_FROM = 20_000  # bytes


def precompress(out: Path) -> list[str]:
    """Beside each large text or WebAssembly file of the site, ``NAME.gz`` when gzip makes it a fifth smaller:
    on a host that sends files as they are (``python -m http.server``, a USB stick) the site's service worker
    asks for these and unpacks them in the browser (Pyodide's WebAssembly: 10.1 MB sent as 3.2 MB).
    Returns the files packed (relative to ``out``)."""
    packed = []
    for p in sorted(out.rglob("*")):
        if p.is_file() and p.suffix in GZIP_TYPES and p.stat().st_size >= GZIP_FROM and p.name != "service-worker.js":
            data = p.read_bytes()
            small = gzip.compress(data, 9, mtime=0)
            if len(small) < 0.8 * len(data):
                p.with_name(p.name + ".gz").write_bytes(small)
                packed.append(p.relative_to(out).as_posix())
    return packed


def packed_files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix().removesuffix(".gz") for p in out.rglob("*.gz"))


def write_service_worker(out: Path, version: str) -> None:
    text = (HERE / "sw.js").read_text()
    text = text.replace("__VERSION__", version).replace("__SITE__", json.dumps(site_files(out)))
    text = text.replace("__GZIP__", json.dumps(packed_files(out)))
    (out / "service-worker.js").write_text(text)
    (out / "version.json").write_text(json.dumps({"version": version}))


def loader_tag(up: str, version: str) -> str:
    """The progress bar's script for a page ``up`` (``../../``) below the site's root."""
    return (LOADER_CSS + f"<script data-root='{up}' data-version='{version}'>"
            + (HERE / "loader.js").read_text() + "</script>")


def add_loader(out: Path, version: str) -> list[Path]:
    """Every rendered page with its progress bar, put after Voici's loading hooks (which it replaces)."""
    changed = []
    for html in sorted((out / "voici" / "render").glob("*.html")):
        up = "../" * (len(html.relative_to(out).parts) - 1)
        text = html.read_text()
        anchor = '<div id="rendered_cells"'
        if anchor in text and "rt-loader" not in text:
            text = text.replace(anchor, loader_tag(up, version) + anchor, 1)
            html.write_text(hold_voici(text))
            changed.append(html)
    return changed


VOICI_TAG = re.compile(r'<script src="((?:\.\./)*build/voici\.js)"></script>')


def hold_voici(text: str) -> str:
    """The page with Voici's script inert (``data-rt-src``): the loader adds it once the site's service worker
    controls the page (on a first visit the page's scripts then come gzipped), or at once without one."""
    new, n = VOICI_TAG.subn(r'<script type="text/plain" data-rt-src="\1"></script>', text)
    if n != 1:
        raise SystemExit(f"a rendered page has {n} Voici scripts, not one: the loader cannot hold its start")
    return new


def landing_html(lang: str) -> str:
    """The list of games in ``lang``, each linking to its page in that language."""
    from tutor import games
    from widgets.index import landing_html as listing
    from widgets.panels.common import esc
    from widgets.panels.i18n import t

    body = listing(lang)
    for entry in games.entries():  # the site's pages are .html, not notebooks
        nb = entry.notebook
        body = body.replace(f"href='{esc(nb)}?", f"href='{esc(nb.removesuffix('.ipynb'))}.html?")
    names = {"en": "English", "it": "Italiano", "fr": "Français"}
    choose = " ".join(f"<a href='?lang={code}' lang='{code}'{' aria-current=true' if code == lang else ''}>{name}</a>"
                      for code, name in names.items())
    return (f"<div class='rt-landing' lang='{lang}' data-lang='{lang}' hidden>"
            f"<title-text hidden>{esc(t('landing_title', lang))}</title-text>"
            f"<nav class='rt-langs'>{choose}</nav>{body}</div>")


def write_landing(out: Path, version: str) -> None:
    """``voici/render/index.html`` as plain HTML: the games in each language, the address's shown."""
    blocks = "".join(landing_html(lang) for lang in LANGS)
    pick = ("<script>(function(){var m=/[?&]lang=(en|it|fr)\\b/.exec(location.search),"
            "l=m?m[1]:((/^(it|fr)/.exec(navigator.language||'')||['en'])[0]);"
            "var d=document.querySelector(\".rt-landing[data-lang='\"+l+\"']\");d.hidden=false;"
            "document.querySelectorAll('.rt-landing').forEach(function(e){if(e!==d){e.remove();}});"
            "document.documentElement.lang=l;document.title=d.querySelector('title-text').textContent;})();</script>")
    page = ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'><title>rules-tutor</title>"
            "<style>body{font:18px/1.5 system-ui,sans-serif;max-width:900px;margin:2em auto;padding:0 16px}"
            ".rt-langs a{margin-right:1em}</style></head><body>"
            f"{blocks}{pick}{loader_tag('../../', version)}</body></html>\n")
    (out / "voici" / "render" / "index.html").write_text(page)
