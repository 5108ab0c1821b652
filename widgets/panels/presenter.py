"""Presenter mode: a game page for a projector, driven from the keyboard.

A toggle on the page (:class:`Presenter`, added by :class:`widgets.page.GamePage`)
switches the page to a projector layout: large type, high contrast, one panel
at a time (the language chooser is hidden, the tabs' labels grow; the open
tab fills the screen), the keys the page answers to written on it, and the
link to this page as text and as a QR code (drawn by ``segno`` as inline SVG)
so the class opens the same place.  The link is at the address students reach under
``make class`` (:func:`widgets.panels.share.reachable`); under ``make run``, which listens on
this computer only, the panel says so and names ``make class``.  A link with ``presenter=1``
(:mod:`widgets.panels.place`) opens the page in presenter mode; the links the page gives leave it
out (presenter mode belongs to the projecting page) unless the teacher ticks "the link opens
presenter mode too" (:attr:`Presenter.also`).

The keys reach the kernel through ``ipyevents`` (a widget with a prebuilt
JupyterLab/Voilà front end, no custom JavaScript of ours); without it the
toggle still gives the layout and the buttons, and the page says the keys
are off.  ipyevents listens to the document's keys only while the pointer is over
its source (it starts on the source's ``mouseenter``): each time presenter mode is on and the
panel is drawn, the browser sends the page that ``mouseenter`` itself, so the keys work at once
without moving the pointer.  PageDown and PageUp, which presentation clickers send, step like
→ and ←.  A key is only a name for a button the page already has: it calls
the same panel method the button calls, so no rule is decided here.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable
from urllib.parse import quote

import ipywidgets as w

from widgets.panels.common import esc
from widgets.panels.i18n import add_strings, t
from widgets.panels.share import local_only

# presenter mode --------------------------------
add_strings({
    "presenter": ("Presenter mode", "Modalità proiettore", "Mode projection"),
    "presenter_keys": (
        "Keys: → , Space or PageDown next step, ← or PageUp previous step, Home first step, End last step, "
        "↓ / ↑ next / previous example. In Play: ← undo, → redo, Space the bot's move.",
        "Tasti: → , Spazio o PagGiù passo seguente, ← o PagSu passo precedente, Home primo passo, "
        "Fine ultimo passo, ↓ / ↑ esempio seguente / precedente. In Gioca: ← annulla, → ripeti, "
        "Spazio mossa del bot.",
        "Touches : → , Espace ou PageSuiv étape suivante, ← ou PagePréc étape précédente, Début première "
        "étape, Fin dernière étape, ↓ / ↑ exemple suivant / précédent. En Jouer : ← annuler, → rétablir, "
        "Espace coup du robot."),
    "presenter_click": ("If the keys do nothing, click once on the page.",
                        "Se i tasti non fanno nulla, fai clic una volta sulla pagina.",
                        "Si les touches ne font rien, cliquez une fois sur la page."),
    "presenter_local": (
        "This link works only on this computer (“make run” listens here only): for a class, start the "
        "tutor with “make class”, whose link and QR code the students' devices reach.",
        "Questo link funziona solo su questo computer («make run» risponde solo qui): per una classe avvia "
        "il tutor con «make class», il cui link e codice QR raggiungono i dispositivi degli studenti.",
        "Ce lien ne marche que sur cet ordinateur (« make run » n'écoute qu'ici) : pour une classe, lancez "
        "le tuteur avec « make class », dont le lien et le code QR atteignent les appareils des élèves."),
    "presenter_local_site": (
        "This link works only on this computer: serve the site where the students' devices reach it (a web "
        "host, or this computer's address on the school's network).",
        "Questo link funziona solo su questo computer: metti il sito dove i dispositivi degli studenti lo "
        "raggiungono (un hosting web, o l'indirizzo di questo computer nella rete della scuola).",
        "Ce lien ne marche que sur cet ordinateur : servez le site là où les appareils des élèves l'atteignent "
        "(un hébergeur web, ou l'adresse de cet ordinateur sur le réseau de l'école)."),
    "presenter_also": ("“Link to this place” opens presenter mode too",
                       "«Link a questo punto» apre anche la modalità proiettore",
                       "« Lien vers cet endroit » ouvre aussi le mode projection"),
    "presenter_no_qr": ("This link is too long for a QR code: share it as text, or the position as a file.",
                        "Questo link è troppo lungo per un codice QR: condividilo come testo, o la posizione come file.",
                        "Ce lien est trop long pour un code QR : partagez-le comme texte, ou la position comme fichier."),
    "presenter_nokeys": ("Keys are off here (ipyevents is not installed): use the buttons.",
                         "Tasti non disponibili (manca ipyevents): usa i pulsanti.",
                         "Touches indisponibles (ipyevents absent) : utilisez les boutons."),
    "presenter_link": ("Open this page:", "Apri questa pagina:", "Ouvrez cette page :"),
})


def page_link(query: str = "") -> str:
    """This page's address as the browser asked for it: Voilà gives the kernel
    ``VOILA_REQUEST_URL``, else the request's ``SERVER_NAME``/``SERVER_PORT``/
    ``SCRIPT_NAME``/``PATH_INFO``; outside Voilà, a local server's root."""
    env = os.environ
    if env.get("VOILA_REQUEST_URL") and not query:
        return env["VOILA_REQUEST_URL"]
    host = env.get("SERVER_NAME") or "localhost"
    port = env.get("SERVER_PORT") or ""
    path = (env.get("SCRIPT_NAME") or "") + (env.get("PATH_INFO") or "") or "/"
    netloc = host if port in ("", "80") else f"{host}:{port}"
    query = query or env.get("QUERY_STRING", "")
    return f"http://{netloc}{quote(path)}" + (f"?{query}" if query else "")


def qr_svg(url: str, scale: int = 4) -> str:
    """The link as an inline SVG QR code (segno), or '' when segno is missing."""
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dashboard dependency
        return ""
    try:
        return segno.make(url, error="m").svg_inline(scale=scale, dark="#000", light="#fff")
    except ValueError:  # segno's DataOverflowError: more than a QR code holds
        return ""


def qr_width(url: str) -> int:
    """How wide the QR code is drawn, in CSS pixels: three per module (a long link's code has more
    of them, each still large enough for a phone's camera across a room), from 120 to 400.

    >>> qr_width("http://192.168.1.20:8866/x.ipynb"), qr_width("http://x/" + "a" * 1500)
    (120, 400)
    """
    try:
        import segno

        modules = segno.make(url, error="m").symbol_size(scale=1)[0]
    except (ImportError, ValueError):
        return 120
    return min(400, max(120, 3 * modules))


KEYS = ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End", " ", "PageDown", "PageUp")
CLICKER = {"PageDown": "ArrowRight", "PageUp": "ArrowLeft"}  # what a presentation clicker sends


def arm_keys() -> str:
    """HTML that, drawn in presenter mode, sends the page a ``mouseenter`` (now and a moment later, once
    ipyevents has bound its listeners): ipyevents then listens to the document's keys at once."""
    code = ("var f=function(){var p=document.querySelector('.rt-page.rt-presenter');"
            "if(p){p.dispatchEvent(new MouseEvent('mouseenter'));}};"
            "[0,300,1200,3000].forEach(function(d){setTimeout(f,d);});")
    return f"<img alt='' src='data:,' style='display:none' onerror=\"{esc(code)}\">"


class Presenter:
    """The presenter toggle, panel and keyboard of one :class:`GamePage`."""

    def __init__(self, page: Any, link: Callable[[], str] = page_link):
        self.page = page
        self.link = link
        self.toggle = w.ToggleButton(value=False, icon="television", layout=w.Layout(width="auto"))
        self.toggle.add_class("rt-presenter-toggle")
        self.panel = w.HTML(layout=w.Layout(display="none"))
        self.panel.add_class("rt-presenter-panel")
        # presenter=1 in "Link to this place" only when the teacher asks (a second screen of theirs)
        self.also = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto", display="none"))
        self.also.add_class("rt-presenter-also")
        self.events: Any = None
        self.toggle.observe(lambda ch: self.show(ch["new"]), "value")
        self._listen()  # before the page is shown: ipyevents binds to the views it finds then
        page.language.observe(lambda ch: self.relabel(), "lang")
        page.tabs.observe(lambda ch: self._capture(), "selected_index")
        self.relabel()

    def _capture(self) -> None:
        """The page's keys are watched only in presenter mode on Examples and
        Play: ipyevents' key listener takes every key from the whole document
        while the pointer is over its source (it stops and prevents them), so
        watching them otherwise would stop typing in the rules' search, the
        seed or a scenario file (Enter would never submit)."""
        if self.events:
            on = bool(self.toggle.value) and self.page.tabs.selected_index in (0, 1)
            self.events.watched_events = ["keydown"] if on else []
            self.events.prevent_default_action = on

    def _listen(self) -> bool:
        """Start listening to the page's keys (once); False without ipyevents."""
        if self.events is None:
            try:
                from ipyevents import Event
            except ImportError:
                self.events = False
            else:
                # created before the page is shown (ipyevents binds to the views it finds then),
                # watching nothing until presenter mode is on (see _capture)
                self.events = Event(source=self.page, watched_events=[], prevent_default_action=False)
                self.events.on_dom_event(self._key_event)
        return bool(self.events)

    def show(self, on: bool) -> None:
        """Switch presenter mode on or off."""
        if on:
            self.page.add_class("rt-presenter")
        else:
            self.page.remove_class("rt-presenter")
        self.panel.layout.display = "" if on else "none"
        self.also.layout.display = "" if on else "none"
        self._capture()
        self.relabel()

    def relabel(self) -> None:
        lang = self.page.language.lang
        self.toggle.description = t("presenter", lang)
        self.toggle.tooltip = t("presenter", lang)
        self.also.description = t("presenter_also", lang)
        if not self.toggle.value:
            return
        url = self.link()
        keys = (f"{esc(t('presenter_keys', lang))}<br>{esc(t('presenter_click', lang))}"
                if self.events else esc(t("presenter_nokeys", lang)))
        qr = qr_svg(url)
        # the static site is no "make run": served from this computer, it is served by something else
        local = "presenter_local_site" if sys.platform == "emscripten" else "presenter_local"
        said = (f"<p class='rt-presenter-local'>{esc(t(local, lang))}</p>"
                if local_only(url if "://" in url else None) else "")
        if not qr:
            said += f"<p class='rt-presenter-no-qr'>{esc(t('presenter_no_qr', lang))}</p>"
        self.panel.value = (
            "<div class='rt-presenter-box'>"
            f"<div class='rt-presenter-qr' role='img' aria-label='QR code: {esc(url)}'"
            f" style='--rt-qr: {qr_width(url)}px'>{qr}</div>"
            f"<div><p class='rt-presenter-url'>{esc(t('presenter_link', lang))} "
            f"<a href='{esc(url)}'>{esc(url)}</a></p>{said}"
            f"<p class='rt-presenter-keys'>{keys}</p></div></div>" + (arm_keys() if self.events else ""))

    def _key_event(self, event: dict) -> None:
        self.key(str(event.get("key", "")))

    def key(self, key: str) -> bool:
        """Do what ``key`` names on the open tab; True when it named something."""
        if not self.toggle.value or key not in KEYS:
            return False
        key = CLICKER.get(key, key)
        tab = self.page.tabs.selected_index
        if tab == 0:
            s = self.page.stepper
            last = s.slider.max
            target = {"ArrowRight": s.position + 1, " ": s.position + 1, "ArrowLeft": s.position - 1,
                      "Home": 0, "End": last}.get(key)
            if target is not None:
                if 0 <= target <= last:
                    s.go(target)
                return True
            options = len(s.chooser.options)
            if options and s.chooser.value is not None:
                step = 1 if key == "ArrowDown" else -1
                s.chooser.value = min(max(s.chooser.value + step, 0), options - 1)
            return True
        if tab == 1:
            g = self.page.game
            {"ArrowLeft": g.undo, "ArrowRight": g.redo, " ": g.bot_move}.get(key, lambda: False)()
            return True
        return False
