"""The landing page: the games the registry lists, what each page offers, links that work under Voilà."""

from __future__ import annotations

import sys
from pathlib import Path

import ipywidgets as w

from tutor import games
from widgets.common import esc, style
from widgets.i18n import Language, add_strings, t

# the notebooks beside index.ipynb (relative links work under Voilà and Binder)
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# In the static site (Python in the page, on Pyodide) every notebook is a page `name.html`
# beside this one, built from the same notebooks/ (widgets.site); the wheel has no notebooks/.
IN_SITE = sys.platform == "emscripten"


def href(notebook: str) -> str:
    """The link to a notebook's page: the notebook itself under Voilà, its .html in the static site."""
    return notebook.removesuffix(".ipynb") + ".html" if IN_SITE else notebook

add_strings({
    "welcome": ("Learn the rules of tabletop games, step by step.",
                "Impara le regole dei giochi da tavolo, passo dopo passo.",
                "Apprenez les règles des jeux de société, pas à pas."),
    "page_offers": ("Rulebook examples step by step · play against bots or friends · every rule, searchable",
                    "Esempi del regolamento passo passo · gioca contro bot o amici · tutte le regole, con ricerca",
                    "Exemples de la règle pas à pas · jouez contre des bots ou entre amis"
                    " · toutes les règles, avec recherche"),
    "open": ("Open {game}", "Apri {game}", "Ouvrir {game}"),
    "no_page": ("(no page yet)", "(ancora nessuna pagina)", "(pas encore de page)"),
})


def pages() -> list[tuple[str, str, str | None]]:
    """(game name, title, notebook or None) for every game the registry lists, in its order."""
    out = []
    for entry in games.entries():
        nb = entry.notebook
        out.append((entry.name, games.get(entry.name).title, nb if IN_SITE or (NOTEBOOKS / nb).exists() else None))
    return out


def landing_html(lang: str) -> str:
    items = []
    for _name, title, nb in pages():
        if nb:
            items.append(f"<li><a class='rt-game-link' href='{esc(href(nb))}'><b>{esc(t('open', lang, game=title))}</b></a>"
                         f" — {esc(t('page_offers', lang))}</li>")
        else:
            items.append(f"<li><b>{esc(title)}</b> {esc(t('no_page', lang))}</li>")
    return (f"<h1>rules-tutor</h1><p>{esc(t('welcome', lang))}</p>"
            f"<ul style='font-size:20px'>{''.join(items)}</ul>")


def landing(lang: str = "en") -> w.VBox:
    language = Language(lang=lang)
    body = w.HTML(landing_html(lang))
    body.add_class("rt-landing")
    language.observe(lambda ch: setattr(body, "value", landing_html(ch["new"])), "lang")
    box = w.VBox([style(), language.chooser(), body])
    box.add_class("rt-panel")
    return box
