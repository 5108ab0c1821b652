"""Byte-compiled Python for the static site: every module a page imports arrives as a ``.pyc``, the others later.

Python in the page compiles each module it imports from source unless its ``.pyc`` is there: the npm
Pyodide ships its standard library (``python_stdlib.zip``) as source, and the wheels from PyPI carry
none, so every page load compiled the standard library's start-up modules, micropip, IPython and its
dependencies, ipywidgets and the tutor again (a store the page throws away).  Here the ``.py`` of each
module the pages import (``page_modules.json``, read from the pages in Chromium) is replaced by its
``.pyc``, as Pyodide's own packages ship (no source: a traceback shows no line text), compiled as
``python -OO`` does (no docstrings, no asserts: a sixth smaller).  A ``.pyc`` is read only by the Python
that wrote its magic number, so it is compiled by Pyodide's own Python 3.12, run under node at build time
from the same npm tarball the site serves.

The other modules' source leaves the standard library's zip and the wheels a page installs for one zip
beside Python, ``python_more.zip`` (1.8 MB), which a first visit does not download: the page's Python
fetches it the first time it imports one of them (:mod:`widgets.site.later`, installed as the standard
library's ``sitecustomize``), and the site's service worker keeps it for offline use.  The tutor's own
wheel stays whole (a learner's click on a tab imports more of it).  ``tests/site/test_site_modules.py``
fails when a page imports a module that is not compiled, naming it.

Compiled zips are kept in ``build/site-cache/pyc/`` under a hash of their input, Pyodide's version and
this module, so a rebuild compiles only what changed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from pathlib import Path

# the modules the site's pages import (every game page and the lesson builder, once usable), as data
PAGE_MODULES_FILE = Path(__file__).with_name("page_modules.json")


def page_modules() -> frozenset[str]:
    return frozenset(json.loads(PAGE_MODULES_FILE.read_text())["modules"])


def module_name(path: str) -> str:
    """The module a ``.py`` in a zip of Python is (``json/decoder.py``: ``json.decoder``; a package's
    ``__init__.py``: the package)."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


# where Pyodide puts what it imports, for the file names the code objects carry (tracebacks)
STDLIB_DIR = "/lib/python312.zip"
SITE_DIR = "/lib/python3.12/site-packages"

# node: Pyodide's Python compiles every .py under each job's folder (mounted from the host) into a .pyc
# beside it (unchecked hash: nothing in it depends on the build's clock), as ``python -OO`` does: without
# docstrings and asserts, a sixth smaller (nothing a page runs reads a docstring it needs: the libraries'
# uses of ``__doc__`` allow None, as Python's own -OO requires of them)
RUNNER = r"""
const [pyodideDir, root, jobsJson] = process.argv.slice(1);
const {loadPyodide} = require(pyodideDir + "/pyodide.js");
(async () => {
  const py = await loadPyodide({indexURL: pyodideDir + "/"});
  py.FS.mkdirTree("/mnt");
  py.FS.mount(py.FS.filesystems.NODEFS, {root}, "/mnt");
  py.globals.set("jobs", JSON.parse(jobsJson));
  const out = py.runPython(`
import compileall, importlib.util, py_compile, sys
ok = all([compileall.compile_dir("/mnt/" + sub, ddir=ddir, quiet=1, legacy=True, workers=1, optimize=2,
                                 invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
          for sub, ddir in jobs.to_py()])
f"{ok} {sys.version_info[0]}.{sys.version_info[1]} {importlib.util.MAGIC_NUMBER.hex()}"
`);
  console.log(out);
})().catch((e) => { console.error(e); process.exit(1); });
"""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not installed: the site's .pyc are compiled by Pyodide under node "
                         "(make site installs it with Debian's npm: apt-get install -y npm)")
    return node


def _key(data: bytes, tarball: Path) -> str:
    h = hashlib.sha256(data)
    h.update(tarball.name.encode())
    h.update(Path(__file__).read_bytes())
    h.update(PAGE_MODULES_FILE.read_bytes())
    return h.hexdigest()[:20]


def _record_line(path: str, data: bytes) -> str:
    import base64

    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _repack(src: Path, tree: Path, out: Path, wanted: frozenset[str], more: Path) -> None:
    """``src`` rewritten into ``out`` with the ``.py`` of each module in ``wanted`` that compiled in ``tree``
    replaced by its ``.pyc``, and (when ``src`` has any such module) the ``.py`` of every other module moved
    into the zip ``more`` (a wheel's RECORD to match); everything else as it was.  A zip no page imports
    from (a wheel installed later, or never) is left whole, and so is the tutor's own: what a page imports
    only when a learner opens a tab (a game's quiz) stays in it, as source."""
    with zipfile.ZipFile(src) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    names = {}
    for info, _ in entries:
        pyc = tree / (info.filename + "c")
        if info.filename.endswith(".py") and module_name(info.filename) in wanted and pyc.is_file():
            names[info.filename] = (info.filename + "c", pyc.read_bytes())
    later = {info.filename for info, _ in entries
             if names and not src.name.startswith(OWN_WHEEL) and info.filename.endswith(".py") and info.filename not in names
             and module_name(info.filename) not in wanted and ".dist-info/" not in info.filename}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z, \
            zipfile.ZipFile(more, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as m:
        for info, data in entries:
            name, data = names.get(info.filename, (info.filename, data))
            if info.filename in later:
                m.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), data, zipfile.ZIP_DEFLATED)
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                lines = []
                for line in data.decode().splitlines():
                    path = line.split(",", 1)[0]
                    if path not in later:
                        lines.append(_record_line(*names[path]) if path in names else line)
                data = ("\n".join(lines) + "\n").encode()
            new = zipfile.ZipInfo(name, date_time=info.date_time)
            new.external_attr = info.external_attr
            new.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            z.writestr(new, data)


def compile_zips(zips: list[tuple[Path, str]], tarball: Path, cache: Path) -> list[Path]:
    """Replace each ``(zip, ddir)`` in place by its byte-compiled copy (``ddir``: where Pyodide will import it
    from), compiling with the Pyodide of the npm ``tarball`` what ``cache`` does not hold yet; returns, for
    each, the zip of the modules moved out of it (:func:`_repack`), in ``cache``."""
    cache.mkdir(parents=True, exist_ok=True)
    todo, mores = [], []
    for path, ddir in zips:
        kept = cache / f"{_key(path.read_bytes(), tarball)}-{path.name}"
        more = kept.with_name(kept.name + ".more.zip")
        mores.append(more)
        if kept.exists() and more.exists():
            shutil.copyfile(kept, path)
        else:
            todo.append((path, ddir, kept, more))
    if not todo:
        return mores
    node = _node()
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tarball) as tar:
            tar.extractall(tmp, filter="data")
        root = Path(tmp) / "trees"
        jobs = []
        for i, (path, ddir, _, _) in enumerate(todo):
            with zipfile.ZipFile(path) as z:
                z.extractall(root / str(i))
            jobs.append((str(i), ddir))
        run = subprocess.run([node, "-e", RUNNER, "--", str(Path(tmp) / "package"), str(root), json.dumps(jobs)],
                             capture_output=True, text=True)
        answer = run.stdout.strip().splitlines()[-1:] if run.returncode == 0 else []
        if not answer or not answer[0].split()[1:2] == ["3.12"]:
            raise SystemExit(f"compiling the site's Python with Pyodide under node failed:\n{run.stdout}\n{run.stderr}")
        # a module that does not compile (none today) stays as source: the page reports it where it is imported
        wanted = page_modules() | {"sitecustomize"}
        for i, (path, _, kept, more) in enumerate(todo):
            _repack(path, root / str(i), kept, wanted, more)
            shutil.copyfile(kept, path)
    print(f"byte-compiled {len(todo)} zips with Pyodide's Python ({answer[0]})")
    return mores


def _update_lock(dest: Path) -> None:
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((dest / entry["file_name"]).read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock))


def _update_index(folder: Path) -> None:
    index = folder / "all.json"
    if not index.exists():
        return
    data = json.loads(index.read_text())
    for project in data.values():
        for release in project["releases"].values():
            for f in release:
                whl = folder / f["filename"]
                if whl.exists():
                    body = whl.read_bytes()
                    md5 = hashlib.md5(body).hexdigest()
                    f.update(size=len(body), md5_digest=md5,
                             digests={**f["digests"], "md5": md5, "sha256": hashlib.sha256(body).hexdigest()})
    index.write_text(json.dumps(data, indent=2, sort_keys=True))


def compile_site(out: Path, tarball: Path, cache: Path) -> None:
    """Every zip of Python a built site serves byte-compiled, in one run of Pyodide: the standard library and
    the lock's wheels (``static/pyodide``), the site's wheels (``pypi``) and the kernel's own (the Pyodide
    kernel extension's ``static/pypi``), their indexes updated; the modules no page imports moved into
    ``static/pyodide/python_more.zip``, fetched when first imported (:mod:`widgets.site.later`)."""
    pyodide = out / "static" / "pyodide"
    kernel = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    for folder in (pyodide, out / "pypi", kernel):
        if not folder.is_dir():
            raise SystemExit(f"the built site has no {folder.relative_to(out)}: nothing to byte-compile")
    stdlib = pyodide / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "a") as z:
        z.writestr(zipfile.ZipInfo("sitecustomize.py", date_time=(2020, 1, 1, 0, 0, 0)), LATER.read_bytes())
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    zips = [(stdlib, STDLIB_DIR), *((pyodide / e["file_name"], SITE_DIR) for e in lock["packages"].values()),
            *((w, SITE_DIR) for folder in (out / "pypi", kernel) for w in sorted(folder.glob("*.whl")))]
    mores = compile_zips(zips, tarball, cache)  # one run of Pyodide for all
    listed = _merge_later(mores[0], mores[1:], pyodide / MORE_ZIP)
    with zipfile.ZipFile(stdlib, "a") as z:
        z.writestr(zipfile.ZipInfo(LATER_LIST, date_time=(2020, 1, 1, 0, 0, 0)), json.dumps(listed))
    _update_lock(pyodide)
    _update_index(out / "pypi")
    _update_index(kernel)


OWN_WHEEL = "rules_tutor-"
# the zip of the modules no page imports, beside Python's own files, and its list in the standard library's zip
MORE_ZIP = "python_more.zip"
LATER = Path(__file__).with_name("later.py")  # copied into the standard library's zip as sitecustomize.py
LATER_LIST = "_rt_more.json"


def _merge_later(stdlib: Path, wheels: list[Path], out: Path) -> dict[str, list[str]]:
    """The modules moved out of the standard library's zip and of the wheels, in one zip ``out`` (the wheels'
    under ``site-packages/``, as Python finds them after the standard library); returns its list, by folder."""
    listed: dict[str, list[str]] = {"": [], "site-packages/": []}
    seen: set[str] = set()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for prefix, parts in (("", [stdlib]), ("site-packages/", wheels)):
            for part in parts:
                with zipfile.ZipFile(part) as src:
                    for info in src.infolist():
                        name = module_name(info.filename)
                        if name in seen:
                            continue
                        seen.add(name)
                        listed[prefix].append(name)
                        z.writestr(zipfile.ZipInfo(prefix + info.filename, date_time=info.date_time), src.read(info),
                                   zipfile.ZIP_DEFLATED)
    return listed
