"""``make site``: the tutor as a static site, Python running in the page (Voici + Pyodide), no server.

Any static host serves ``site/`` (GitHub Pages, a school web server, a USB stick with
``python -m http.server``); every page, wheel and font comes from the site itself.

Inputs, all from the package registries (pip and npm), pinned:

* the build tools, ``pip install -e '.[site]'`` (voici-core 0.9.0 and the Pyodide kernel 0.6.1:
  voici 0.10 cannot start a Pyodide kernel, upstream voici issue 178);
* ``pyodide@0.27.6`` and ``@fortawesome/fontawesome-free@5.15.4`` as npm tarballs (``npm pack``,
  the Makefile does it) in ``build/npm/``;
* the kernel-side wheels (ipywidgets pinned as the dashboard pins it) by ``pip download``, and the
  project's own wheel.

The npm core Pyodide has no numpy/pandas/matplotlib: the pages fall back to HTML tables and an SVG
chart (``widgets.table``).  Two upstream bugs are worked around after ``voici build`` by
:func:`fix_urls`.  The build is skipped when nothing it reads has changed (``site/.inputs``).

Run: ``python -m widgets.site.build [--out site] [--npm build/npm] [--force]``.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import http.server
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zipfile
from pathlib import Path

from widgets.site import offline, preload, pycompile, reader

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = "0.27.6"
FONTAWESOME = "5.15.4"
NPM_TARBALLS = (f"pyodide-{PYODIDE}.tgz", f"fortawesome-fontawesome-free-{FONTAWESOME}.tgz")
# what the kernel in the page installs besides the Pyodide core (micropip and packaging ride in the lock)
KERNEL_WHEELS = ("ipython>=9", "jedi", "comm", "micropip==0.9.0")
LOCK_PACKAGES = ("micropip", "packaging")
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json")
# modules the Pyodide core leaves out that the kernel asks for: satisfied by empty wheels
STUBS = ("ssl", "sqlite3")
# required by the kernel's packages but never imported by a page: an empty wheel of the same name and
# version stands in (jedi: completion, 4.9 MB, IPython runs without it; jupyterlab_widgets: the
# JupyterLab extension's files, which the site serves itself).  prompt_toolkit stays: IPython imports it.
EMPTY = ("jedi", "jupyterlab_widgets")
# never installed in the page (the real ones are for a server, already in the lock, or only needed
# by the EMPTY ones)
DROP = ("micropip", "packaging", "widgetsnbextension", "pexpect", "ptyprocess", "parso")
# pygments without the lexers of other languages: IPython imports pygments at start and highlights Python
# (tracebacks), reStructuredText and plain text; these modules are what those import (1.25 MB of wheel to 0.37)
PYGMENTS_LEXERS = ("__init__", "_mapping", "python", "shell", "html", "javascript", "ruby", "perl", "markup",
                   "special", "css", "_css_builtins", "data", "jvm", "lilypond", "_lilypond_builtins", "lisp",
                   "_scheme_builtins")
FONTAWESOME_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/"
# the first cell of every page in the site: the tutor's wheel (and ipywidgets) from the site's own index
INSTALL_CELL = "import piplite\nawait piplite.install([{pins}])"


def pin(name: str) -> str:
    """The dashboard extra's requirement for ``name`` in pyproject.toml (the page uses what the server uses)."""
    text = (ROOT / "pyproject.toml").read_text()
    m = re.search(rf'"({re.escape(name)}[=<>!~][^"]*)"', text)
    if not m:
        raise SystemExit(f"pyproject.toml pins no {name}")
    return m.group(1)


def _py(*args: str, cwd: Path | None = None) -> None:
    subprocess.run([sys.executable, *args], check=True, cwd=cwd)


def inputs_digest(npm: Path) -> str:
    """A hash of everything the site is built from: the project's code, data and notebooks, the pins, the tarballs."""
    h = hashlib.sha256()
    files = [ROOT / "pyproject.toml", *sorted((ROOT / "notebooks").glob("*.ipynb"))]
    for pkg in ("tutor", "widgets"):
        files += sorted(p for p in (ROOT / pkg).rglob("*") if p.suffix in (".py", ".json", ".css", ".js") and "__pycache__" not in p.parts)
    for p in files:
        h.update(str(p.relative_to(ROOT)).encode())
        h.update(p.read_bytes())
    for name in NPM_TARBALLS:
        h.update(name.encode())
        h.update(str((npm / name).stat().st_size).encode())
    return h.hexdigest()


def stub_wheel(name: str, dest: Path, version: str = "0.0.1") -> Path:
    """An empty wheel called ``name`` (metadata only), for an import the kernel asks for that the core lacks,
    or a requirement no page imports."""
    dist = f"{name}-{version}"
    files = {
        f"{dist}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{dist}.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: rules-tutor\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{path},sha256={_urlsafe_sha(text.encode())},{len(text.encode())}" for path, text in files.items()]
    files[f"{dist}.dist-info/RECORD"] = "\n".join(record + [f"{dist}.dist-info/RECORD,,"]) + "\n"
    out = dest / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(out, "w") as z:
        for path, text in files.items():
            z.writestr(path, text)
    return out


def slim_wheel(whl: Path, dest: Path, drop) -> Path:  # type: ignore[no-untyped-def]
    """``whl`` copied into ``dest`` without the files ``drop(path)`` is true for (its RECORD to match)."""
    out = dest / whl.name
    with zipfile.ZipFile(whl) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for info in src.infolist():
            if drop(info.filename):
                continue
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data = "".join(line for line in data.decode().splitlines(keepends=True)
                               if not drop(line.split(",", 1)[0])).encode()
            z.writestr(info.filename, data)
    return out


def other_lexer(path: str) -> bool:
    """A pygments lexer module no page imports (see :data:`PYGMENTS_LEXERS`)."""
    folder, _, name = path.rpartition("/")
    return folder == "pygments/lexers" and name.removesuffix(".py") not in PYGMENTS_LEXERS


def _urlsafe_sha(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def site_notebook(src: Path) -> dict:
    """The notebook as the site runs it: a first cell installs the tutor from the site's wheels."""
    nb = json.loads(src.read_text())
    reqs = ", ".join(json.dumps(r) for r in (pin("ipywidgets"), "rules-tutor"))
    cell = {"cell_type": "code", "execution_count": None, "id": "site-install", "metadata": {}, "outputs": [],
            "source": INSTALL_CELL.format(pins=reqs).splitlines(keepends=True)}
    nb["cells"] = [cell, *nb["cells"]]
    return nb


def pyodide_dir(tarball: Path, wheels: Path, dest: Path) -> None:
    """Pyodide's core files, micropip and packaging, and a lock listing only those two (hashes recomputed)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tarball) as tar:
            tar.extractall(tmp, filter="data")
        pkg = Path(tmp) / "package"
        for name in PYODIDE_FILES:
            shutil.copy2(pkg / name, dest / name)
        lock = json.loads((pkg / "pyodide-lock.json").read_text())
    kept = {}
    for name in LOCK_PACKAGES:
        entry = lock["packages"][name]
        whl = next(wheels.glob(f"{name}-{entry['version']}-*.whl"))
        shutil.copy2(whl, dest / whl.name)
        kept[name] = {**entry, "file_name": whl.name, "sha256": hashlib.sha256(whl.read_bytes()).hexdigest()}
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock))


def fix_urls(out: Path, fontawesome: Path | None = None) -> list[Path]:
    """Work around two upstream bugs in a built Voici site; returns the pages changed.

    * voici issue 137: a rendered page inlines its config without rewriting the site-relative
      ``./`` URLs of the Pyodide kernel's settings; they are made relative to the page's depth.
    * the lab template links Font Awesome from a CDN: it is served from ``static/fontawesome/``
      (copied from ``fontawesome``, the npm package's folder, when given).
    """
    if fontawesome is not None:
        for sub in ("css", "webfonts"):
            shutil.copytree(fontawesome / sub, out / "static" / "fontawesome" / sub, dirs_exist_ok=True)
    changed = []
    for html in sorted((out / "voici").rglob("*.html")):
        up = "../" * (len(html.relative_to(out).parts) - 1)
        text = html.read_text()
        new = re.sub(r'"\./(static/pyodide/|pypi/all\.json|extensions/@jupyterlite/pyodide-kernel-extension/'
                     r'static/pypi/all\.json)', '"' + up + r'\1', text)
        new = new.replace(FONTAWESOME_CDN, up + "static/fontawesome/")
        if new != text:
            html.write_text(new)
            changed.append(html)
    return changed


def fetch_npm(npm: Path) -> None:
    """``npm pack`` Pyodide and Font Awesome into ``npm`` unless their tarballs are already there."""
    if all((npm / n).exists() for n in NPM_TARBALLS):
        return
    if shutil.which("npm") is None:
        raise SystemExit("npm is not installed (make site installs it: apt-get install -y npm)")
    npm.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "pack", "--silent", f"pyodide@{PYODIDE}", f"@fortawesome/fontawesome-free@{FONTAWESOME}"],
                   cwd=npm, check=True)


def build(out: Path, npm: Path, force: bool = False) -> bool:
    """Build the site into ``out`` (fetching the npm tarballs first); False when already built from the same inputs."""
    fetch_npm(npm)
    digest = inputs_digest(npm)
    stamp = out / ".inputs"
    if not force and stamp.exists() and stamp.read_text() == digest:
        print(f"{out} is up to date")
        return False
    started = time.time()
    cache = ROOT / "build" / "site-cache"
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    # as the dashboard pins them, and the tutor's own dependencies (piplite finds them in the site's index;
    # segno draws presenter mode's QR code)
    reqs = [*KERNEL_WHEELS, pin("ipywidgets"), pin("jupyterlab_widgets"), pin("snowballstemmer"), pin("segno")]
    key = cache / "wheels.req"
    if not key.exists() or key.read_text() != "\n".join(reqs):
        shutil.rmtree(wheels)
        wheels.mkdir()
        _py("-m", "pip", "download", "-q", "-d", str(wheels), "--only-binary=:all:", "--python-version", "3.12",
            "--platform", "any", "--implementation", "py", "--abi", "none", *reqs)
        _py("-m", "pip", "download", "-q", "-d", str(wheels), "--no-deps", "packaging==24.2")
        key.write_text("\n".join(reqs))
    lite = cache / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pypi = lite / "pypi"
    pypi.mkdir(parents=True)
    for whl in wheels.glob("*.whl"):
        name, version = whl.name.split("-")[:2]
        if name.lower() in EMPTY:
            stub_wheel(name, pypi, version)
        elif name.lower() == "pygments":
            slim_wheel(whl, pypi, other_lexer)
        elif name.lower() not in DROP:
            shutil.copy2(whl, pypi / whl.name)
    for name in STUBS:
        stub_wheel(name, pypi)
    own = cache / "own"
    shutil.rmtree(own, ignore_errors=True)
    _py("-m", "pip", "wheel", "-q", "--no-deps", "-w", str(own), str(ROOT))
    for whl in own.glob("*.whl"):
        shutil.copy2(whl, pypi / whl.name)
    pyodide_dir(npm / NPM_TARBALLS[0], wheels, lite / "static" / "pyodide")
    (lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "rules-tutor",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                "pyodideUrl": "./static/pyodide/pyodide.js",
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": preload.packages(pypi, LOCK_PACKAGES)},  # installed as Pyodide starts
            }},
        },
    }, indent=2))
    files = lite / "files"
    files.mkdir()
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        (files / nb.name).write_text(json.dumps(site_notebook(nb), indent=1))
    tmp_out = cache / "out"
    shutil.rmtree(tmp_out, ignore_errors=True)
    voici = Path(sys.executable).with_name("voici")
    subprocess.run([str(voici), "build", "--contents", "files", "--output-dir", str(tmp_out), "--no-sourcemaps",
                    "--no-unused-shared-packages"], check=True, cwd=lite)
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(npm / NPM_TARBALLS[1]) as tar:
            tar.extractall(tmp, filter="data")
        fix_urls(tmp_out, Path(tmp) / "package")
    shutil.rmtree(tmp_out / "build", ignore_errors=True)  # the JupyterLab app bundle: no voici page asks for it
    pycompile.compile_site(tmp_out, npm / NPM_TARBALLS[0], cache / "pyc")  # .pyc from Pyodide's Python: no compiling in the page
    preload.write_lock(tmp_out)  # every wheel in Pyodide's lock, for the packages above
    version = digest[:16]
    offline.write_landing(tmp_out, version)  # plain HTML: no Python to start
    offline.add_loader(tmp_out, version)
    reader.add(tmp_out)  # the examples readable before Python has started (before precompress: they are gzipped too)
    offline.precompress(tmp_out)  # for a host that does not compress: the service worker unpacks them
    offline.write_service_worker(tmp_out, version)  # last: it lists the pages and the files gzipped
    # the site's front door forwards to the landing page with the link's language (?lang=fr); without script,
    # without it
    (tmp_out / "index.html").write_text("<!doctype html><meta charset='utf-8'>"
                                        "<script>location.replace('voici/render/index.html' + location.search"
                                        " + location.hash)</script>"
                                        "<meta http-equiv='refresh' content='0; url=voici/render/index.html'>"
                                        "<a href='voici/render/index.html'>rules-tutor</a>\n")
    (tmp_out / ".nojekyll").touch()  # hosts that run Jekyll (GitHub Pages from a branch) serve every file as is
    shutil.rmtree(out, ignore_errors=True)
    shutil.move(str(tmp_out), str(out))
    stamp.write_text(digest)
    print(f"built {out} in {time.time() - started:.0f} s: {site_size(out) / 1e6:.1f} MB")
    return True


def site_size(out: Path) -> int:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args: object) -> None:
        pass

    def send_header(self, keyword: str, value: str) -> None:
        if keyword == "Content-Length":
            # bench-site's bytes, and when they went (to leave out what the page's service worker keeps afterwards)
            self.server.sent.append((self.path, int(value), time.time()))  # type: ignore[attr-defined]
        super().send_header(keyword, value)


# what a compressing host (nginx's ``gzip on``, Apache's mod_deflate) sends gzipped; wheels and zips are compressed already
COMPRESSED_TYPES = (".wasm", ".js", ".mjs", ".json", ".css", ".html", ".svg", ".map", ".txt")


class _GzipFiles(_Files):
    """As :class:`_Files`, but the text and WebAssembly files gzipped for a browser that accepts it (level 6,
    a web server's usual), as a compressing host serves them."""

    _cache: dict[tuple[str, float], bytes] = {}

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if not (path.is_file() and path.suffix in COMPRESSED_TYPES
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        key = (str(path), path.stat().st_mtime)
        body = self._cache.get(key)
        if body is None:
            body = self._cache[key] = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve(directory: Path, compress: bool = False) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static file server for ``directory`` on a free loopback port, in a thread (as ``python -m http.server``
    serves it from a USB stick; ``compress``: as a host that gzips text and WebAssembly); returns the server
    (``.shutdown()`` it) and its base URL."""
    handler = _GzipFiles if compress else _Files
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    server.sent = []  # type: ignore[attr-defined]  # (path, bytes, epoch seconds) of each file sent so far
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "site")
    ap.add_argument("--npm", type=Path, default=ROOT / "build" / "npm")
    ap.add_argument("--force", action="store_true", help="rebuild even when the inputs have not changed")
    args = ap.parse_args(argv)
    build(args.out.resolve(), args.npm.resolve(), args.force)


if __name__ == "__main__":
    main()
