"""The Python modules each page of the static site imports, read from the page itself in Chromium.

``python -m tests.site.page_modules`` opens every page of the built ``site/`` (``make site`` first) and
writes the modules they import into ``widgets/site/page_modules.json``: the build byte-compiles those and
keeps the rest as source (``widgets/site/pycompile.py``).  ``tests/site/test_site_modules.py`` fails when
a page imports a module the list lacks.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# the game pages; the lesson builder is left out (nothing here tells when its cells are done)
PAGES = ("fire_bulls", "formula_e", "kamikaze_attack", "tir_nan_og")
# where Pyodide imports the site's Python from: the standard library's zip, the wheels it installs, and the zip
# of the modules no page imports as it starts (fetched when one is imported: widgets/site/later.py)
ZIPPED = ("/lib/python312.zip/", "/lib/python3.12/site-packages/", "/lib/python_more.zip/")

# every loaded module with a file, as (name, file)
LIST_MODULES = """
import json, sys
print(json.dumps(sorted((n, m.__file__) for n, m in list(sys.modules.items())
                        if isinstance(getattr(m, "__file__", None), str))))
"""
# Python run in the page's kernel, its printed text returned (Voici keeps its app as window.jupyterapp)
RUN = """async (code) => {
  const kernels = window.jupyterapp.serviceManager.kernels;
  const kernel = kernels.connectTo({model: [...kernels.running()][0]});
  let out = "";
  const future = kernel.requestExecute({code});
  future.onIOPub = (msg) => { if (msg.header.msg_type === "stream") out += msg.content.text; };
  await future.done;
  return out;
}"""
# the page built: Voici's app made and the examples' reader gone (the live chooser usable)
BUILT = "() => !!window.jupyterapp && !document.querySelector('.rt-reader-wrap')"


def loaded(page, url: str, timeout: float = 600_000) -> list[tuple[str, str]]:
    """The modules the page at ``url`` has imported once built, as (name, file in the page)."""
    page.goto(url)
    page.wait_for_function(BUILT, timeout=timeout, polling=200)
    return [tuple(pair) for pair in json.loads(page.evaluate(RUN, LIST_MODULES))]


def zipped(modules: list[tuple[str, str]]) -> dict[str, str]:
    """Those imported from the site's zips (not Pyodide's frozen start-up modules): name to file."""
    return {name: file for name, file in modules if file.startswith(ZIPPED)}


def main() -> None:
    from widgets.server.serve import chromium
    from widgets.site.build import serve
    from widgets.site.pycompile import PAGE_MODULES_FILE

    server, base = serve(ROOT / "site")
    names: set[str] = set()
    try:
        with chromium() as browser:
            for name in PAGES:
                ctx = browser.new_context(service_workers="block")
                names |= set(zipped(loaded(ctx.new_page(), f"{base}/voici/render/{name}.html")))
                ctx.close()
                print(name, len(names), flush=True)
    finally:
        server.shutdown()
    PAGE_MODULES_FILE.write_text(json.dumps({
        "about": "the modules the site's pages import, byte-compiled by the build (widgets/site/pycompile.py); "
                 "written by python -m tests.site.page_modules, checked by tests/site/test_site_modules.py",
        "modules": sorted(names)}, indent=0) + "\n")
    print(f"{len(names)} modules in {PAGE_MODULES_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
