"""The static site's ``sitecustomize``: Python's modules that no page imports as it starts come later.

The build (:mod:`widgets.site.pycompile`) keeps, in the standard library's zip and in the wheels a page
installs, the modules the pages import (compiled), and moves the source of every other module into one
zip beside Python, ``python_more.zip``, listed in ``LIST`` (a JSON file in the standard library's zip).
A first visit does not download it (about a megabyte).  This file, copied into the standard library's zip
as ``sitecustomize.py`` (Python's ``site`` imports it as it starts), adds a finder after Python's own:
the first time a module of that list is imported, it fetches the zip (a synchronous request: Python runs
in a web worker, where the browser allows one; the site's service worker answers it from its cache when
offline) and imports the module from it.  A name not in the list is not looked for.

It works only in the page's Python, and installs itself only there.
"""

import json
import os
import sys

MORE = "/lib/python_more.zip"  # where the fetched zip is kept (Emscripten's file system, for this page)
LIST = "_rt_more.json"  # {folder in MORE ("" or "site-packages/"): [module, ...]}, beside this file


class Later:
    """A finder for the modules of ``python_more.zip``, after Python's own finders."""

    names: dict[str, str] | None = None

    @classmethod
    def folder(cls, name: str) -> str | None:
        if cls.names is None:
            here = os.path.dirname(__spec__.origin)  # type: ignore[name-defined]  # a module's own spec
            listed = json.loads(__loader__.get_data(here + "/" + LIST))  # type: ignore[name-defined]
            cls.names = {n: prefix for prefix, names in listed.items() for n in names}
        return cls.names.get(name)

    @classmethod
    def find_spec(cls, name, path=None, target=None):  # type: ignore[no-untyped-def]
        prefix = cls.folder(name)
        if prefix is None:
            return None
        if not os.path.exists(MORE):
            fetch()
        import zipimport

        package = name.rpartition(".")[0].replace(".", "/")
        return zipimport.zipimporter("/".join(p for p in (MORE, prefix.rstrip("/"), package) if p)).find_spec(name)


def fetch() -> None:
    """``python_more.zip`` from beside Python's own files into :data:`MORE`."""
    import pyodide_js  # type: ignore[import-not-found]
    from js import XMLHttpRequest  # type: ignore[import-not-found]

    url = pyodide_js._api.config.indexURL + "python_more.zip"
    xhr = XMLHttpRequest.new()
    xhr.open("GET", url, False)
    xhr.responseType = "arraybuffer"
    xhr.send(None)
    if xhr.status != 200:
        raise ImportError(f"{url} could not be fetched ({xhr.status})")
    with open(MORE + ".part", "wb") as f:
        f.write(xhr.response.to_bytes())
    os.replace(MORE + ".part", MORE)


if sys.platform == "emscripten":  # the page's Python; imported anywhere else (a doctest run), it does nothing
    sys.meta_path.append(Later)
