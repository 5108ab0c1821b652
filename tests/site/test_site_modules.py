"""Every module a page of the static site imports arrives byte-compiled: the build compiles only the
modules in ``widgets/site/page_modules.json`` (the rest stays as source, smaller), so a page that comes to
import another one compiles it in the browser at every load.  Read in Chromium from each page's own Python
once the page is built.  Marked ``site``.
"""

from __future__ import annotations

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
