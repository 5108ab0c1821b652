"""The landing page: the games the registry lists, what each page offers, links that work under Voilà."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

import ipywidgets as w

from tutor import games
from widgets.panels.common import esc, message, style
from widgets.server import request
from widgets.panels.i18n import Language, add_strings, t
from widgets.page import IN_SITE, address_from_browser, browser_sync, with_address_sink
from widgets.panels.live import JoinBox
from widgets.panels.place import parse_lang

# In a pre-started kernel the landing page is built before its request and follows it after.
request.build_first()

# the notebooks beside index.ipynb (relative links work under Voilà and Binder)
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# In the static site (Python in the page, on Pyodide) every notebook is a page `name.html`
# beside this one, built from the same notebooks/ (widgets.site); the wheel has no notebooks/.


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
    "players_range": ("{lo} to {hi} players", "da {lo} a {hi} giocatori", "de {lo} à {hi} joueurs"),
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
        out.append((entry.name, games.get(entry.name).title, nb if IN_SITE or (NOTEBOOKS / nb).exists() else None))
    return out


# the games as cards (a phone: one under the other; a projector: side by side), the same in the static site
CARDS_CSS = """<style>
.rt-game-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:12px;margin:16px 0;padding:0}
.rt-game-cards>li{display:flex;list-style:none}
a.rt-game-link{flex:1 1 auto;display:flex;flex-direction:column;border:1px solid #c8c8c8;border-radius:8px;padding:12px 14px;
 text-decoration:none;color:#111;background:#fff}
a.rt-game-link:hover,a.rt-game-link:focus-visible{border-color:#1976d2;box-shadow:0 2px 8px rgba(0,0,0,.18)}
a.rt-game-link:focus-visible{outline:3px solid #0b1f4d;outline-offset:2px}
.rt-game-name{font-size:22px;font-weight:bold;line-height:1.2}
.rt-game-players{color:#444;font-size:15px}
.rt-game-goal{margin:6px 0 12px;font-size:16px;line-height:1.4;flex:1 1 auto}
.rt-game-open{align-self:flex-start;background:#1976d2;color:#fff;padding:6px 14px;border-radius:4px;font-weight:bold;
 font-size:16px}
.rt-offers{color:#444;font-size:16px}
</style>"""


def goal_sentence(name: str, lang: str) -> str:
    """How the game is won, in a sentence or two: the first lesson's goal card, without its heading word."""
    for card in games.get(name).lesson_data().get("cards", []):
        if card.get("kind") == "goal":
            words = card.get("text", {})
            text = words.get(lang) or words.get("en") or ""
            head, sep, rest = text.partition(" — ")
            return rest if sep and len(head) <= 12 else text
    return ""


def landing_html(lang: str) -> str:
    items = []
    for name, title, nb in pages():
        game = games.get(name)
        players = t("players_range", lang, lo=game.min_players, hi=game.max_players)
        if nb:
            link = f"{href(nb)}?lang={quote(lang)}"  # the game opens in the language chosen here
            items.append(f"<li><a class='rt-game-link' href='{esc(link)}' data-notebook='{esc(nb)}'>"
                         f"<span class='rt-game-name'>{esc(title)}</span>"
                         f"<span class='rt-game-players'>{esc(players)}</span>"
                         f"<span class='rt-game-goal'>{esc(goal_sentence(name, lang))}</span>"
                         f"<span class='rt-game-open'>{esc(t('open', lang, game=title))} →</span></a></li>")
        else:
            items.append(f"<li><b>{esc(title)}</b> {esc(t('no_page', lang))}</li>")
    return (f"{CARDS_CSS}<h1>rules-tutor</h1><p>{esc(t('welcome', lang))}</p>"
            f"<p class='rt-offers'>{esc(t('page_offers', lang))}</p>"
            f"<ul class='rt-game-cards'>{''.join(items)}</ul>")


class Landing(w.VBox):
    """The landing page: the games, in the language its link names."""

    def __init__(self, lang: str = "en", query: str = ""):
        super().__init__()
        self.default_lang = lang if lang in ("en", "it", "fr") else "en"
        lang, self.problems = parse_lang(query, self.default_lang)
        self.language = Language(lang=lang)
        self.body = w.HTML()
        self.body.add_class("rt-landing")
        self.notice = w.HTML()
        self.notice.add_class("rt-link-notice")
        self.sync = w.HTML(layout=w.Layout(height="0px", margin="0"))
        self.sync.add_class("rt-sync")
        self.draw()
        self.language.observe(lambda ch: self.draw(), "lang")
        self.join = JoinBox(self.language)  # a live lesson's code: the page of the lesson's game
        self.children = [style(), self.sync, self.language.chooser(), self.notice, self.join, self.body]
        self.add_class("rt-panel")

    def draw(self) -> None:
        lang = self.language.lang
        self.body.value = landing_html(lang)
        self.sync.value = browser_sync(t("landing_title", lang), lang, f"lang={quote(lang)}")
        what = t("list_sep", lang).join(t(p.key, lang, **p.args) for p in self.problems)
        self.notice.value = message("info", t("bad_link", lang, what=what)) if what else ""

    def go(self, query: str, request_url: str | None = None) -> None:
        """Follow the link the page was opened from, after it was built (a pre-started
        kernel: :mod:`widgets.server.request`)."""
        lang, self.problems = parse_lang(query, self.default_lang)
        if lang != self.language.lang:
            self.language.lang = lang  # redraws
        else:
            self.draw()


def landing(lang: str = "en", query: str | None = None) -> Landing:
    """The landing page, in the language its link names (``?lang=it``; under Voilà the
    query string of its address) or ``lang``.  In a kernel Voilà pre-started, built
    before the request and moved to its link's language when it comes."""
    if query is None and request.pending():
        built = Landing(lang)
        request.when_requested(built.go)
        return built
    if address_from_browser(query):
        return with_address_sink(Landing(lang))
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    return Landing(lang, query)
