"""A return visit opens where the student was: each game page keeps its place and game in progress in the browser.

In the static site (Python in the browser, :data:`widgets.page.IN_SITE`) nothing outlives the tab but
the browser's storage, and a Voilà page's kernel ends with its tab.  Each game page keeps, in
``localStorage`` under ``rules-tutor:<game>``, a small JSON object:

* ``place``: the query string of the place shown (as "Link to this place" gives it), written at every
  change of place;
* ``table``: the Play tab's game in progress, packed as a link's ``table=`` (its start, seats and moves),
  written after each move a person makes, and cleared (``null``) by "New game" and "Play again".

On load the page reads both with its address (:func:`with_sink`, in place of the plain address sink):
a link that names no place but its language (the landing page's, a bookmark of the bare page) opens the
place kept; and the game kept is opened in the Play tab unless the link names a game of its own
(another seed, a position, a game, "Play from here").  A Voilà page is built at its link by the server:
there only a link naming nothing but its language opens what was kept (the page moves there once drawn).  What is kept is read like any link: what the
engine refuses is left out, nothing else changes.

>>> resumed_query("lang=fr", '{"place": "lang=en&tab=play&seed=5"}')
('lang=fr&tab=play&seed=5', None)
>>> resumed_query("lang=en&tab=examples&example=x&step=2", '{"place": "lang=en&tab=play"}')
('lang=en&tab=examples&example=x&step=2', None)
>>> resumed_query("", "not json")
('', None)
>>> resumed_query("", '{"place": "lang=it&tab=examples&room=ABCD"}')
('lang=it&tab=examples', None)
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

from tutor.table import Table
from widgets.panels import place as places
from widgets.panels.common import esc

PREFIX = "rules-tutor:"
OWN_GAME = ("table", "pos", "from", "scn", "scenario", "question")  # a link naming one of these names its own game


def storage_key(game: str) -> str:
    """The ``localStorage`` key of ``game``'s page (its engine name, e.g. ``fire-bulls``)."""
    return PREFIX + game


def kept(stored: str) -> dict[str, Any]:
    """What a page kept, read back (anything else: nothing kept)."""
    try:
        data = json.loads(stored or "null")
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, Any] = {}
    if isinstance(data.get("place"), str) and len(data["place"]) <= 4 * places.MAX_PACKED:
        out["place"] = data["place"]
    if isinstance(data.get("table"), str) and len(data["table"]) <= places.MAX_PACKED:
        out["table"] = data["table"]
    return out


def resumed_query(link: str, stored: str) -> tuple[str, str | None]:
    """The query a page opens at and the packed game to offer its Play tab, from the ``link``'s query
    and what the page kept (``stored``, the JSON text in storage).

    A link naming nothing but a language opens the place kept, in the link's language; the game kept
    goes with any link that names no game of its own (no ``table``, ``pos``, ``from``, scenario, and no
    seed or ruleset other than the kept game's own)."""
    data = kept(stored)
    got = places.fields(link)
    query = link
    if set(got) <= {"lang"} and "place" in data:
        mine = places.fields(data["place"])
        mine.pop("room", None)  # a live lesson is over by a return visit: the student joins the next by its link
        if "lang" in got:
            mine["lang"] = got["lang"]
        query = urlencode(list(mine.items()))
        got = mine
    table = data.get("table")
    if table is not None:
        start = _start(table)
        if start is None or any(k in got for k in OWN_GAME) \
                or ("seed" in got and got["seed"] != str(start.get("seed"))) \
                or ("ruleset" in got and "ruleset" in start and got["ruleset"] != start["ruleset"]):
            table = None
    return query, table


def _start(packed: str) -> dict[str, Any] | None:
    """How the packed game kept began (its seed, ruleset...), or None when it cannot be read."""
    try:
        start = json.loads(places.unpack(packed)).get("start")
    except (ValueError, AttributeError):
        return None
    return start if isinstance(start, dict) else None


# the browser types, into the hidden field: the link's query, the whole address, what the page kept
_SINK_JS = (
    "var i=0,put=function(){var f=document.querySelector('.rt-resume-sink input');"
    "if(!f){if(i++<100){setTimeout(put,100);}return;}"
    "var h=window.rtOpenedAt||location.href,q=h.split('#')[0].split('?')[1]||'',s='';"
    "try{s=localStorage.getItem(%s)||'';}catch(e){}"
    "f.value=q+' '+h+' '+s;"
    "f.dispatchEvent(new Event('input',{bubbles:true}));f.dispatchEvent(new Event('change',{bubbles:true}));};put();"
)


def _script(code: str) -> str:
    return f"<img alt='' src='data:,' style='display:none' onerror=\"{esc(code)}\">"


class Keeper:
    """A game page's memory in the browser: what it writes after each change, and the game it reopens.

    ``link``: the query a Voilà page was built with (the server gave it); None in the static site, where the
    page learns its address from the browser."""

    def __init__(self, page: Any, link: str | None = None) -> None:
        self.page = page
        self.link = link
        self.key = storage_key(page.spec.game)
        self.table: str | None = None  # the packed game kept, until the Play tab opens it (or a link overrides it)
        self.cleared = False  # "New game" since the last move: the game kept is forgotten
        self.ready = False  # nothing is written before what was kept has been read
        self.start: Any = None  # how the game kept began, once this page has kept or opened one

    # ------------------------------------------------------------------ load
    def sink(self) -> w.Box:
        """The hidden field the browser types the page's address and what it kept into, once drawn."""
        field = w.Text(layout=w.Layout(display="none"))
        field.add_class("rt-resume-sink")
        field.observe(lambda ch: self.arrived(str(ch["new"])), "value")
        return w.Box([field, w.HTML(_script(_SINK_JS % json.dumps(self.key)))], layout=w.Layout(display="none"))

    def arrived(self, value: str) -> None:
        query, _, rest = value.partition(" ")
        url, _, stored = rest.partition(" ")
        if len(query) > 4 * places.MAX_PACKED or not url.startswith(("http://", "https://", "file:")):
            return  # not what the browser types
        query, self.table = resumed_query(query, stored)
        self.ready = True
        if self.link is not None:  # a Voilà page, built at its link: only a bare address opens what was kept
            if not set(places.fields(self.link)) <= {"lang"}:
                self.table = None
            if query != self.link:
                self.page.go(query, url)
            else:
                self.page.moved()  # what it shows is kept from now on
        else:
            self.page.go(query, url)  # opening the Play tab opens the game kept (:meth:`attach`)
        if self.table is not None and self.page.play_shell is not None:
            self.reopen(self.page.play_shell)  # the Play tab was open already

    # ----------------------------------------------------------- the Play tab
    def attach(self, shell: Any) -> None:
        """The Play tab's shell was just built: "New game" and "Play again" forget the game kept, and the
        game kept (when no link named another) is opened in it."""
        shell.new_button.on_click(lambda _: self.forget())
        shell.again_button.on_click(lambda _: self.forget())
        if self.table is not None:
            self.reopen(shell)

    def reopen(self, shell: Any) -> None:
        text, self.table = self.table, None
        if text is None or self.page.place.table is not None:
            return
        try:
            table = Table.from_json(places.unpack(text), self.page.spec.engine)
        except Exception:  # noqa: BLE001 - a game kept by an older build or changed by hand: left out
            return
        table.speed, table.paused = shell.speed.value, shell.pause_button.value  # this screen's pace
        self.start = table.start
        shell.show_table(table)

    def forget(self) -> None:
        self.cleared = True
        self.page.moved()

    # ----------------------------------------------------------------- save
    def changes(self, query: str) -> dict[str, Any]:
        """What to write into storage now the page is at the place ``query``: the place, and the game in
        progress after a person's move (None after "New game"; left out: the game kept stays)."""
        if not self.ready:
            return {}
        out: dict[str, Any] = {"place": query}
        shell = self.page.play_shell
        if shell is not None and shell.table is not None:
            t = shell.table
            if any(t.is_person(e.player) for e in t.history[1:t.index + 1]):
                out["table"] = places.pack(places.table_json(t))
                self.cleared, self.start = False, t.start
            elif self.cleared or self.start is not None:
                # "New game", another game dealt in its place, or its moves undone: nothing to keep yet
                out["table"] = None
        return out

    def script(self, query: str) -> str:
        """HTML that, drawn, writes :meth:`changes` into storage (merged with what is kept)."""
        new = self.changes(query)
        if not new:
            return ""
        code = (f"try{{var k={json.dumps(self.key)},o={{}},n={json.dumps(new)};"
                "try{o=JSON.parse(localStorage.getItem(k))||{};}catch(e){}"
                "for(var x in n){o[x]=n[x];}localStorage.setItem(k,JSON.stringify(o));}catch(e){}")
        return _script(code)


def with_sink(page: Any, link: str | None = None) -> Any:
    """``page`` (a :class:`widgets.page.GamePage`) keeping its place and game in the browser, and opening at
    its address or at what it kept (``link``: the query a Voilà page was built with; a bare one, naming at
    most a language, opens what was kept, as in the static site)."""
    page.keeper = Keeper(page, link)
    page.children = (*page.children, page.keeper.sink())
    return page
