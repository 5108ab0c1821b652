"""Every wheel a page needs, fetched at once and installed while Pyodide starts.

The Pyodide kernel installs its packages one ``piplite.install`` at a time (ssl, sqlite3, ipykernel, comm,
pyodide_kernel, jedi, ipython, each resolved by micropip, which it installs first, and each waiting for
the one before), then the page's first cell installs ipywidgets and the tutor the same way: about a
dozen round trips through micropip's resolver on every load, cached or not.  Instead the site lists every
wheel it serves in its Pyodide lock (``static/pyodide/pyodide-lock.json``, pointing at the wheels where
the site already serves them) and names them all in the kernel's ``loadPyodideOptions.packages``:
Pyodide fetches them in parallel as it starts and installs them without a resolver; the kernel then
skips what is already there (it checks that list) and the page's ``piplite.install`` finds everything
installed.  The kernel's own wheels (piplite, pyodide_kernel, its empty ipykernel and
widgetsnbextension) come from the Pyodide kernel extension's folder.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

KERNEL_PYPI = Path("extensions") / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
# the kernel's wheels, as its extension spells their names (widgetsnbextension: the 4.x one, for ipywidgets 8)
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")


def _name(whl: str) -> str:
    return whl.split("-")[0]


def canonical(name: str) -> str:
    """A project name as Pyodide's lock keys it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def packages(pypi: Path, lock_packages: tuple[str, ...]) -> list[str]:
    """The names to preload: Pyodide's lock's own (micropip, packaging), the kernel's, every wheel in ``pypi``
    (as its file spells it: the kernel compares these names with its own list)."""
    names = [*lock_packages, *(k.split("-")[0] for k in KERNEL_WHEELS)]
    names += [_name(w.name) for w in sorted(pypi.glob("*.whl")) if _name(w.name) not in names]
    return names


def write_lock(out: Path) -> list[str]:
    """Add every wheel the built site ``out`` serves (``pypi/`` and the kernel's) to its Pyodide lock, with its
    hash (the wheels as served: after byte-compiling); returns the names added."""
    lock_path = out / "static" / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    wheels = sorted((out / "pypi").glob("*.whl"))
    for prefix in KERNEL_WHEELS:
        found = sorted((out / KERNEL_PYPI).glob(f"{prefix}*.whl"))
        if not found:
            raise SystemExit(f"the built site has no {prefix} wheel in {KERNEL_PYPI}: the kernel could not start")
        wheels.append(found[-1])
    added = []
    for whl in wheels:
        name, version = whl.name.split("-")[:2]
        key = canonical(name)
        if key in lock["packages"]:
            continue
        lock["packages"][key] = {
            "name": name, "version": version, "file_name": "../../" + whl.relative_to(out).as_posix(),
            "install_dir": "site", "package_type": "package", "imports": [], "depends": [],
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(), "unvendored_tests": False,
        }
        added.append(name)
    lock_path.write_text(json.dumps(lock))
    return added
