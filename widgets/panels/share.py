"""A page's link carries whatever is shown, and opens it again on another device.

:mod:`widgets.panels.place` writes and reads a place (pure); this module is the page's side:

* :func:`shared_place` adds to the place of a :class:`widgets.page.GamePage` what its Play and
  Scenarios tabs show that an example's step cannot name: a game in progress (its start, seats
  and moves: ``table=``), a position loaded or made (``pos=``), a scenario of the library
  (``scenario=ID``) or of a teacher's file (the scenario itself: ``scn=``) with the moves made on
  it (``played=``, made again through the engine when the link opens);
* :func:`open_place` opens them on a page, each read through the engine with all its checks
  (``game.from_json``, :meth:`tutor.table.Table.from_json`, :func:`tutor.scenarios.load`): what
  it refuses is returned as a :class:`widgets.panels.place.Problem` in the page's language and
  nothing is opened from it;
* :func:`reachable` puts a link at the address the students reach under ``make class``
  (the server passes it to the kernels in :data:`ROOM_ENV`): every link a page hands out (the
  link box, the presenter's QR code, the live lesson's link) goes through it.  A link at localhost
  is put at that address; one at a name or address the teacher opened the page at is kept.
  :func:`local_only` says when a link names this computer only (``make run`` listens on localhost);
* :func:`link_note` says when a link is too long for a QR code, or for a link at all, and
  names the file to save instead.
"""

from __future__ import annotations

import html
import json
import os
import re
from dataclasses import replace
from urllib.parse import urlsplit, urlunsplit
from typing import Any

from tutor import scenarios
from tutor.core import ScenarioError
from tutor.table import PERSON, Table, seat_count
from widgets.panels import place as places
from widgets.panels.common import esc
from widgets.panels.i18n import t

__all__ = ["ROOM_ENV", "room", "reachable", "local_only", "shared_place", "open_place", "link_note",
           "position_url", "edited_url"]

#: the address students reach (``http://LAN-ADDRESS:PORT``): ``make class`` sets it for its kernels
#: (:func:`widgets.server.serve.room_env`, whose name for it is the same), or keeps the one the
#: teacher set in the environment before starting it (a name the school's network knows)
ROOM_ENV = "RULES_TUTOR_ROOM_URL"


def room(env=None) -> str | None:
    """The room's address ``make class`` gave the kernels, or None (``make run``, tests, the static site)."""
    return (os.environ if env is None else env).get(ROOM_ENV) or None


def reachable(url: str, env=None) -> str:
    """``url`` as the students' devices reach it: at the room's address (under ``make class``) when
    ``url`` names localhost; as it is otherwise (see :func:`widgets.panels.place.in_room`).  Under a
    JupyterHub, where the page is on the teacher's own single-user server (``/user/NAME/``), the
    link opens the same page on each student's own server (the Hub's ``user-redirect``).

    >>> hub = {"JUPYTERHUB_SERVICE_PREFIX": "/user/ms.rossi/", "JUPYTERHUB_BASE_URL": "/"}
    >>> reachable("https://hub.school.org/user/ms.rossi/voila/render/fire_bulls.ipynb?room=K7QP2M", hub)
    'https://hub.school.org/hub/user-redirect/voila/render/fire_bulls.ipynb?room=K7QP2M'
    """
    env = os.environ if env is None else env
    return places.in_room(on_own_server(url, env), room(env))


def on_own_server(url: str, env) -> str:
    """``url``, a page of this single-user server of a JupyterHub, as the Hub's link to that page on
    the server of whoever opens it; ``url`` as it is anywhere else."""
    prefix, base = env.get("JUPYTERHUB_SERVICE_PREFIX"), env.get("JUPYTERHUB_BASE_URL") or "/"
    if not prefix or not prefix.startswith("/"):
        return url
    parts = urlsplit(url)
    if not parts.path.startswith(prefix.rstrip("/") + "/"):
        return url
    path = base.rstrip("/") + "/hub/user-redirect/" + parts.path[len(prefix.rstrip("/")) + 1:]
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, parts.fragment))


def local_only(url: str | None) -> bool:
    """Whether a link the page gives opens on this computer only: no room, and a localhost address."""
    return room() is None and places.loopback(url)


def scenario_json(sc: scenarios.Scenario, game: Any) -> str:
    """One scenario as a link carries it: the file's object, without where it came from."""
    data = sc.to_dict(game)
    data.pop("origin", None)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def shared_place(found: places.Place, shell: Any, panel: Any) -> places.Place:
    """``found`` (a page's place: its tab, example step, new game's seed) with what the open tab
    shows beyond it: in Play (``shell``, a :class:`widgets.panels.shell.GameShell` or None) a game
    once a move is made, or a position loaded; in Scenarios (``panel``, or None) the scenario open."""
    if found.tab == "play" and shell is not None and shell.table is not None:
        table = shell.table
        made = table.history[1:table.index + 1]
        # a person's move made (or bots alone at the table): the game, replayed move by move; the bots'
        # replies alone to a start a short link names are made again by the bots of the page it opens
        if made and (not table.people or any(table.is_person(e.player) for e in made)):
            return replace(found, start=None, question=None, table=places.table_json(table))
        if table.start.scenario is not None and found.start is None:  # a position loaded, no move yet
            return replace(found, position=places.compact(table.start.scenario))
    if found.tab == "scenarios" and panel is not None and panel.scenario is not None:
        sc = panel.scenario
        moves = panel.session.played if panel.session is not None and panel.solution_step is None else []
        played = json.dumps(moves, separators=(",", ":"), ensure_ascii=False) if moves else None
        if sc.id in panel.teacher_ids:  # not shipped: the scenario itself
            return replace(found, scenario_data=scenario_json(sc, panel.game), played=played)
        return replace(found, scenario=sc.id, played=played)
    return found


def _refused(exc: Exception, game: Any, lang: str) -> places.Problem:
    if isinstance(exc, ScenarioError):
        why = scenarios.explain(game, exc, lang) if getattr(exc, "template", None) else game.message(exc, lang)
    else:
        why = type(exc).__name__
    return places.Problem("place_bad_position", {"why": scenarios.cut(why, 160)})


def open_place(page: Any, place: places.Place) -> list[places.Problem]:
    """Open on ``page`` (a :class:`widgets.page.GamePage`) the game, position or scenario ``place``
    carries; what the engine refuses is listed (in ``place.lang``) and nothing is opened from it."""
    game, lang = page.spec.engine, place.lang
    problems: list[places.Problem] = []
    if place.table is not None:
        try:
            table = Table.from_json(place.table, game)
        except Exception as exc:  # noqa: BLE001 - a tampered link is refused, never a traceback
            problems.append(_refused(exc, game, lang))
        else:
            shell = page.game
            table.speed, table.paused = shell.speed.value, shell.pause_button.value  # this screen's pace
            shell.show_table(table)
            page.tabs.selected_index = 1
    elif place.position is not None:
        try:
            state = game.from_json(place.position)
        except Exception as exc:  # noqa: BLE001
            problems.append(_refused(exc, game, lang))
        else:
            page.play_from(state)
    if place.scenario_data is not None:
        refused = _open_scenario(page, place.scenario_data, lang)
        problems += refused
        if not refused and place.played is not None:
            problems += _replay(page, place.played)
    elif place.scenario is not None:
        panel = page.scenarios
        if any(sc.id == place.scenario for sc in panel.library):
            first, session = panel.scenario, panel.session
            if first is not None and first.id != place.scenario and session.moves == 0 \
                    and panel.attempts.get(first.id) == 1:  # the one the tab opened on by itself: no attempt
                del panel.attempts[first.id]
            panel.choose(place.scenario)
            page.tabs.selected_index = 4
            if place.played is not None:
                problems += _replay(page, place.played)
        else:
            problems.append(places.Problem("place_bad_scenario", {"value": places.shown(place.scenario)}))
    return problems


def _replay(page: Any, played: str) -> list[places.Problem]:
    """The moves a link carries, made again on the scenario it opened (the engine checks each one);
    what cannot be made again leaves the scenario at its start, and the problem says so."""
    try:
        moves = json.loads(played)
    except ValueError:
        moves = None
    if not isinstance(moves, list) or not all(isinstance(m, str) and len(m) <= 200 for m in moves) \
            or len(moves) > 200:
        return [places.Problem("place_played_damaged")]
    if not page.scenarios.replay(moves):
        return [places.Problem("place_played_at_start", {"why": scenarios.cut(
            html.unescape(re.sub(r"<[^>]+>", " ", page.scenarios.verdict.value)).strip() or "-", 160)})]
    return []


def _open_scenario(page: Any, text: str, lang: str) -> list[places.Problem]:
    """A teacher's scenario from a link: read as a one-scenario file (checked as any teacher's file)."""
    game = page.spec.engine
    try:
        item = json.loads(text)
        if not isinstance(item, dict):
            raise ValueError("not an object")
        file_text = json.dumps({"format": scenarios.FORMAT, "game": game.name, "scenarios": [item]})
        scenarios.load(game, file_text)
    except Exception as exc:  # noqa: BLE001
        return [_refused(exc, game, lang)]
    panel = page.scenarios
    if not panel.open_file(file_text):
        return [places.Problem("place_bad_position", {"why": "-"})]
    page.tabs.selected_index = 4
    return []


def link_note(here: places.Place, url: str, lang: str) -> str:
    """What the link box says under a long link (HTML; "" for a link of ordinary length)."""
    file = t("scenario", lang)
    for text in (here.position, here.table, here.scenario_data):
        if text is not None and len(places.pack(text)) > places.MAX_PACKED:
            return (f"<div class='rt-link-long rt-link-too-long'>"
                    f"{esc(t('link_too_long', lang, n=len(places.pack(text)), file=file))}</div>")
    if len(url) > places.QR_CHARS:
        return f"<div class='rt-link-long'>{esc(t('link_long', lang, n=len(url), file=file))}</div>"
    return ""


def position_url(page: Any, position: str) -> str:
    """The address that opens ``position`` (the game's scenario JSON) in ``page``'s Play tab, in the
    page's language, at the address students reach: what "Link to this place" gives for it."""
    return reachable(places.position_link(page.notebook, position, page.language.lang, page.request_url))


def edited_url(page: Any, position: str) -> str:
    """The address that opens a position built in the editor as its "Play it" opens it: the position
    and the seats chosen in the Play tab (a game with no move yet, ``table=``), so the page it opens
    seats people where the teacher did and no bot of that page plays on from it unasked.  "" when the
    engine refuses the position."""
    game = page.spec.engine
    try:
        n = seat_count(game.view(game.from_json(position), None))
    except Exception:  # noqa: BLE001 - the editor shares legal positions only; anything else has no link
        return ""
    chosen = [box.value for box in page.game.seat_boxes[:n]]
    seats = chosen + [PERSON] * (n - len(chosen))
    table = json.dumps({"start": {"seed": 1, "scenario": json.loads(position)}, "seats": seats, "moves": []},
                       separators=(",", ":"), ensure_ascii=False)
    here = places.Place(lang=page.language.lang, tab="play", table=table)
    return reachable(places.link(page.notebook, places.query(here), page.request_url))
