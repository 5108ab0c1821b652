"""Every module a page of the static site imports arrives byte-compiled: the build compiles only the
modules in ``widgets/site/page_modules.json`` and moves the others' source into a zip a first visit does not
download, so a page that comes to import another one waits for that zip and compiles the module in the
browser at every load.  Read in Chromium from each page's own Python once the page is built.  Marked
``site``.
"""

from __future__ import annotations

import json

import pytest

from tests.site import page_modules

pytestmark = [pytest.mark.site, pytest.mark.browser]


@pytest.mark.parametrize("name", page_modules.PAGES)
def test_every_module_the_page_imports_arrives_compiled(new_page, site_url, name):
    page = new_page("projector", timeout=120_000, service_workers="block")
    imported = page_modules.zipped(page_modules.loaded(page, f"{site_url}/voici/render/{name}.html"))
    assert len(imported) > 300  # the page's own Python read: IPython, ipywidgets, the tutor
    assert {"IPython", "ipywidgets", "tutor.core.game", "widgets.page", "json.decoder"} <= set(imported)
    source = sorted(n for n, file in imported.items() if not file.endswith(".pyc"))
    assert source == [], (f"{name} imports modules the build left as source: {source}; "
                          "add them with python -m tests.site.page_modules")


# modules no page imports as it starts: one of Python's own, one of a library's (IPython's)
LATER = """
import json, xmlrpc.client, IPython.lib.demo
print(json.dumps([xmlrpc.client.__file__, IPython.lib.demo.__file__, xmlrpc.client.dumps((7,)).count("<int>7</int>")]))
"""


def test_a_module_no_page_imports_arrives_when_first_imported(new_page, site_url):
    page = new_page("projector", timeout=120_000, service_workers="block")
    fetched = []
    page.context.on("request", lambda r: fetched.append(r.url) if r.url.endswith("/python_more.zip") else None)
    page_modules.loaded(page, f"{site_url}/voici/render/kamikaze_attack.html")
    assert fetched == []  # not part of the page's start
    out = page.evaluate(page_modules.RUN, LATER)
    assert out.strip(), "the page's Python printed nothing: the import failed"
    stdlib_file, library_file, ints = json.loads(out)
    assert stdlib_file == "/lib/python_more.zip/xmlrpc/client.py"
    assert library_file == "/lib/python_more.zip/site-packages/IPython/lib/demo.py"
    assert ints == 1  # the module works: Python's XML-RPC writes 7 as <int>7</int>
    assert len(fetched) == 1  # fetched once, when first imported
