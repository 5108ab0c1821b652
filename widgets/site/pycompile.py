"""Byte-compiled Python for the static site: every module a page imports arrives as a ``.pyc``.

Python in the page compiles each module it imports from source unless its ``.pyc`` is there: the npm
Pyodide ships its standard library (``python_stdlib.zip``) as source, and the wheels from PyPI carry
none, so every page load compiled the standard library's start-up modules, micropip, IPython and its
dependencies, ipywidgets and the tutor again (a store the page throws away).  Here the ``.py`` of each
module the pages import (:data:`PAGE_MODULES`, read from the pages in Chromium) is replaced by its
``.pyc``, as Pyodide's own packages ship (no source: a traceback shows no line text).  The other modules
stay as source: a ``.pyc`` is larger than its source (the standard library 2.4 MB zipped as source, 4.0
compiled), and a module no page imports costs only its bytes; one a page imports after all still works,
compiled in the page (``tests/site/test_site_modules.py`` fails then, naming it).  A ``.pyc`` is read
only by the Python that wrote its magic number, so it is compiled by Pyodide's own Python 3.12, run
under node at build time from the same npm tarball the site serves.

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
# beside it (unchecked hash: nothing in it depends on the build's clock)
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
ok = all([compileall.compile_dir("/mnt/" + sub, ddir=ddir, quiet=1, legacy=True, workers=1,
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


def _repack(src: Path, tree: Path, out: Path, wanted: frozenset[str]) -> None:
    """``src`` rewritten into ``out`` with the ``.py`` of each module in ``wanted`` that compiled in ``tree``
    replaced by its ``.pyc`` (a wheel's RECORD to match); everything else as it was."""
    with zipfile.ZipFile(src) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    names = {}
    for info, _ in entries:
        pyc = tree / (info.filename + "c")
        if info.filename.endswith(".py") and module_name(info.filename) in wanted and pyc.is_file():
            names[info.filename] = (info.filename + "c", pyc.read_bytes())
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for info, data in entries:
            name, data = names.get(info.filename, (info.filename, data))
            if info.filename.endswith(".dist-info/RECORD"):
                lines = []
                for line in data.decode().splitlines():
                    path = line.split(",", 1)[0]
                    lines.append(_record_line(*names[path]) if path in names else line)
                data = ("\n".join(lines) + "\n").encode()
            new = zipfile.ZipInfo(name, date_time=info.date_time)
            new.external_attr = info.external_attr
            new.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            z.writestr(new, data)


def compile_zips(zips: list[tuple[Path, str]], tarball: Path, cache: Path) -> None:
    """Replace each ``(zip, ddir)`` in place by its byte-compiled copy (``ddir``: where Pyodide will import it
    from), compiling with the Pyodide of the npm ``tarball`` what ``cache`` does not hold yet."""
    cache.mkdir(parents=True, exist_ok=True)
    todo = []
    for path, ddir in zips:
        kept = cache / f"{_key(path.read_bytes(), tarball)}-{path.name}"
        if kept.exists():
            shutil.copyfile(kept, path)
        else:
            todo.append((path, ddir, kept))
    if not todo:
        return
    node = _node()
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tarball) as tar:
            tar.extractall(tmp, filter="data")
        root = Path(tmp) / "trees"
        jobs = []
        for i, (path, ddir, _) in enumerate(todo):
            with zipfile.ZipFile(path) as z:
                z.extractall(root / str(i))
            jobs.append((str(i), ddir))
        run = subprocess.run([node, "-e", RUNNER, "--", str(Path(tmp) / "package"), str(root), json.dumps(jobs)],
                             capture_output=True, text=True)
        answer = run.stdout.strip().splitlines()[-1:] if run.returncode == 0 else []
        if not answer or not answer[0].split()[1:2] == ["3.12"]:
            raise SystemExit(f"compiling the site's Python with Pyodide under node failed:\n{run.stdout}\n{run.stderr}")
        # a module that does not compile (none today) stays as source: the page reports it where it is imported
        wanted = page_modules()
        for i, (path, _, kept) in enumerate(todo):
            _repack(path, root / str(i), kept, wanted)
            shutil.copyfile(kept, path)
    print(f"byte-compiled {len(todo)} zips with Pyodide's Python ({answer[0]})")


def compile_pyodide_dir(dest: Path, tarball: Path, cache: Path) -> None:
    """Pyodide's standard library and the wheels of its lock in ``dest`` byte-compiled (the lock's hashes redone)."""
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    wheels = [dest / entry["file_name"] for entry in lock["packages"].values()]
    compile_zips([(dest / "python_stdlib.zip", STDLIB_DIR), *((w, SITE_DIR) for w in wheels)], tarball, cache)
    _update_lock(dest)


def _update_lock(dest: Path) -> None:
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((dest / entry["file_name"]).read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock))


def compile_index(folder: Path, tarball: Path, cache: Path) -> None:
    """Every wheel in ``folder`` byte-compiled; its ``all.json`` (a piplite index, when there) updated to match."""
    wheels = sorted(folder.glob("*.whl"))
    compile_zips([(w, SITE_DIR) for w in wheels], tarball, cache)
    _update_index(folder)


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
    kernel extension's ``static/pypi``), their indexes updated."""
    pyodide = out / "static" / "pyodide"
    kernel = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    for folder in (pyodide, out / "pypi", kernel):
        if not folder.is_dir():
            raise SystemExit(f"the built site has no {folder.relative_to(out)}: nothing to byte-compile")
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    zips = [(pyodide / "python_stdlib.zip", STDLIB_DIR), *((pyodide / e["file_name"], SITE_DIR) for e in lock["packages"].values()),
            *((w, SITE_DIR) for folder in (out / "pypi", kernel) for w in sorted(folder.glob("*.whl")))]
    compile_zips(zips, tarball, cache)  # one run of Pyodide for all
    _update_lock(pyodide)
    _update_index(out / "pypi")
    _update_index(kernel)
