"""The landing page: the games the registry lists, what each page offers, links that work under Voilà."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

import ipywidgets as w

from tutor import games
from widgets.common import esc, message, style
from widgets.i18n import Language, add_strings, t
from widgets.page import browser_sync
from widgets.place import parse_lang

# the notebooks beside index.ipynb (relative links work under Voilà and Binder)
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

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
    "landing_title": ("rules-tutor — learn the rules of tabletop games",
                      "rules-tutor — impara le regole dei giochi da tavolo",
                      "rules-tutor — apprenez les règles des jeux de société"),
})


def pages() -> list[tuple[str, str, str | None]]:
    """(game name, title, notebook or None) for every game the registry lists, in its order."""
    out = []
    for entry in games.entries():
        nb = entry.notebook
        out.append((entry.name, games.get(entry.name).title, nb if (NOTEBOOKS / nb).exists() else None))
    return out


def landing_html(lang: str) -> str:
    items = []
    for _name, title, nb in pages():
        if nb:
            href = f"{nb}?lang={quote(lang)}"  # the game opens in the language chosen here
            items.append(f"<li><a class='rt-game-link' href='{esc(href)}' data-notebook='{esc(nb)}'><b>{esc(t('open', lang, game=title))}</b></a>"
                         f" — {esc(t('page_offers', lang))}</li>")
        else:
            items.append(f"<li><b>{esc(title)}</b> {esc(t('no_page', lang))}</li>")
    return (f"<h1>rules-tutor</h1><p>{esc(t('welcome', lang))}</p>"
            f"<ul style='font-size:20px'>{''.join(items)}</ul>")


def landing(lang: str = "en", query: str | None = None) -> w.VBox:
    """The landing page, in the language its link names (``?lang=it``; under Voilà the
    query string of its address) or ``lang``."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    lang, problems = parse_lang(query, lang if lang in ("en", "it", "fr") else "en")
    language = Language(lang=lang)
    body = w.HTML()
    body.add_class("rt-landing")
    notice = w.HTML()
    notice.add_class("rt-link-notice")
    sync = w.HTML(layout=w.Layout(height="0px", margin="0"))
    sync.add_class("rt-sync")

    def draw(lang: str) -> None:
        body.value = landing_html(lang)
        sync.value = browser_sync(t("landing_title", lang), lang, f"lang={quote(lang)}")
        if problems:
            what = t("list_sep", lang).join(t(p.key, lang, **p.args) for p in problems)
            notice.value = message("info", t("bad_link", lang, what=what))

    draw(lang)
    language.observe(lambda ch: draw(ch["new"]), "lang")
    box = w.VBox([style(), sync, language.chooser(), notice, body])
    box.add_class("rt-panel")
    return box
