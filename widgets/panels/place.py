"""Where you are on a page, as a link: read from and written to a URL's query string.

Pure (no widgets): :class:`widgets.page.GamePage` reads its place from the
query string Voilà hands the kernel (the ``QUERY_STRING`` environment
variable) and shows a link to the place it is at.  A place is

* ``lang``: ``en``, ``it`` or ``fr``;
* ``tab``: ``examples``, ``play``, ``rules`` or ``quiz``;
* ``example`` and ``step``: a worked example's id and a position in it
  (0: its start, ``i``: after its ``i``-th step);
* ``ruleset`` and ``seed``: the rulebook and the seed of a new game (Play tab);
* ``from``: ``step`` when the Play tab plays on from the example's step named
  by ``example`` and ``step`` ("Play from here": the position in a few characters);
  ``quiz`` when it plays on from the quiz question named by ``question``
  (``SEED-INDEX``: the quiz set's seed and the question's index in it).
* ``presenter``: ``1`` opens the page in presenter mode (``0``, the default: not);
* ``room``: a live lesson's code (:mod:`tutor.room`): the page joins it and follows the teacher;
* ``scenario``: a scenario of the game's library, by its id (the Scenarios tab); ``played``: the
  moves the learner made on it (a JSON list of the engine's move texts, packed), made again when it opens;
* ``scn``, ``pos`` and ``table``: what is not shipped, carried whole, as JSON packed by
  :func:`pack` (zlib, then base64url: ``A-Z a-z 0-9 - _`` only): ``scn`` one scenario of a
  teacher's file (the schema :func:`tutor.scenarios.load` reads), ``pos`` a position (the
  game's scenario JSON, what ``game.from_json`` reads: opened in the Play tab), ``table`` a
  game in progress (:meth:`tutor.table.Table.to_json`'s start, seats and the moves made up to
  the position shown, replayed move by move).  This module only unpacks them; the page reads
  them through the engine (``from_json`` and its checks), so a tampered one is refused there.

A bad or stale link is never an error: :func:`parse` keeps what it can and
lists what it could not as :class:`Problem` s, each a key of
:mod:`widgets.panels.i18n` and its arguments, so the page says them in its language.

>>> place, problems = parse("lang=it&tab=examples&example=it-3&step=2", {"it-3": 6}, ("it", "fr"))
>>> place.lang, place.tab, place.example, place.step, problems
('it', 'examples', 'it-3', 2, [])
>>> query(place)
'lang=it&tab=examples&example=it-3&step=2'
>>> parse("step=9&example=it-3", {"it-3": 6}, ())[1]
[Problem(key='place_bad_step', args={'value': '9', 'n': 6})]

A position travels packed (the JSON made compact first):

>>> mine = Place(lang="it", tab="play", position='{"deck":[3,1],"hands":[[2],[]]}')
>>> query(mine).startswith("lang=it&tab=play&pos=eN")
True
>>> parse(query(mine), {}, ())[0] == mine
True
>>> parse("pos=not-zlib", {}, ())[1]
[Problem(key='place_bad_packed', args={'part': 'pos'})]
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from tutor.room import valid_code

LANGS = ("en", "it", "fr")
TABS = ("examples", "play", "rules", "quiz", "scenarios")
STARTS = ("step", "quiz")  # what the Play tab may start from besides a new game (``from``)
QUESTIONS = 100  # a quiz set has fewer questions than this
KEYS = ("lang", "tab", "example", "step", "ruleset", "seed", "question", "from", "presenter",
        "scenario", "scn", "played", "pos", "table", "room")
PACKED = ("scn", "played", "pos", "table")  # keys whose value is JSON packed by :func:`pack`
ON = ("1", "true", "yes", "on", "")  # presenter=1, or a bare ?presenter
OFF = ("0", "false", "no", "off")
MAX_SEED = 2**31 - 1
SHOWN = 40  # at most this many characters of a bad value are repeated in a message
# A link up to QR_CHARS characters fits a QR code (segno's largest at error level M holds 2,331 bytes)
# and any chat; the page says so past it and offers the file.  Past MAX_PACKED characters a packed
# value is neither written into a link (the position stays out of it, and the page says so) nor read.
QR_CHARS = 2000
MAX_PACKED = 8000
MAX_UNPACKED = 400_000  # characters of JSON a packed value may unpack to (a small value cannot unpack to gigabytes)
LOOPBACK = ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True)
class Problem:
    """Something in a link that the page could not follow: an i18n key and its arguments."""

    key: str
    args: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Place:
    """A place on a game's page (None: the page's own default)."""

    lang: str = "en"
    tab: str = "examples"
    example: str | None = None
    step: int = 0
    ruleset: str | None = None
    seed: int | None = None
    start: str | None = None  # "step"/"quiz": the Play tab plays on from the example's step/the question
    question: tuple[int, int] | None = None  # (quiz seed, question index) with start "quiz"
    presenter: bool = False
    scenario: str | None = None  # the id of a scenario of the game's library (Scenarios tab)
    scenario_data: str | None = None  # one scenario of a teacher's file, as JSON (``scn``)
    played: str | None = None  # the moves made on that scenario, a JSON list of the engine's texts (``played``)
    position: str | None = None  # a position: the game's scenario JSON (``pos``, the Play tab)
    table: str | None = None  # a game in progress: tutor.table.Table's JSON (``table``, the Play tab)
    room: str | None = None  # a live lesson's code: the page follows its teacher


def compact(text: str) -> str:
    """JSON text without its spaces (the same JSON); text that is not JSON is kept as it is.

    >>> compact('{"a": [1, 2],  "b": "é"}')
    '{"a":[1,2],"b":"é"}'
    """
    try:
        return json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)
    except ValueError:
        return text


def pack(text: str) -> str:
    """``text`` (JSON, made compact) for a link: zlib-compressed, then base64url without its padding.

    >>> packed = pack('{"a": 1}')
    >>> packed.isascii() and "=" not in packed, unpack(packed)
    (True, '{"a":1}')
    """
    data = zlib.compress(compact(text).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def unpack(value: str) -> str:
    """The text :func:`pack` packed; ValueError for anything else (a value cut short, changed,
    too long, or unpacking to more than :data:`MAX_UNPACKED` characters).

    >>> packed = pack('{"a": 1}')
    >>> unpack(packed[:-1] + ("A" if packed[-1] != "A" else "B"))
    Traceback (most recent call last):
    ...
    ValueError: not a packed value
    """
    value = value.strip()
    if not value or len(value) > MAX_PACKED or not set(value) <= _ALPHABET:
        raise ValueError("not a packed value")
    try:
        data = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(data, MAX_UNPACKED * 4)
        if not inflate.eof or inflate.unconsumed_tail or inflate.unused_data:
            raise ValueError("not a packed value")
        text = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise ValueError("not a packed value") from None
    if len(text) > MAX_UNPACKED:
        raise ValueError("not a packed value")
    return text


def table_json(table: Any) -> str:
    """A game in progress (a :class:`tutor.table.Table`) as its link carries it: the start, the seats
    and the moves up to the position shown (the moves undone and the screen's settings left out),
    compact; :meth:`tutor.table.Table.from_json` reads it back, every move replayed."""
    moves = [str(entry.action) for entry in table.history[1:table.index + 1]]
    data = {"start": table.start.to_dict(), "seats": list(table.seats), "moves": moves}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def shown(value: str) -> str:
    value = "".join(ch if ch.isprintable() else "?" for ch in value)
    return value if len(value) <= SHOWN else value[:SHOWN] + "…"


def _int(text: str) -> int | None:
    text = text.strip()
    if not text or len(text) > 12:
        return None
    try:
        return int(text, 10)
    except ValueError:
        return None


def fields(query_string: str) -> dict[str, str]:
    """The query string's known keys (the first value of each; unknown keys ignored)."""
    out: dict[str, str] = {}
    try:
        pairs = parse_qsl(query_string or "", keep_blank_values=True, max_num_fields=64)
    except ValueError:  # too many fields: a junk link
        pairs = []
    for key, value in pairs:
        if key in KEYS and key not in out:
            out[key] = value
    return out


def parse_lang(query_string: str, default: str = "en") -> tuple[str, list[Problem]]:
    """Only the language (the landing page's place)."""
    value = fields(query_string).get("lang")
    if value is None:
        return default, []
    if value in LANGS:
        return value, []
    return default, [Problem("place_bad_lang", {"value": shown(value)})]


def parse(query_string: str, examples: Mapping[str, int], rulesets: Sequence[str],
          default: Place = Place()) -> tuple[Place, list[Problem]]:
    """The place a query string names on a page whose examples are ``{id: number of steps}``
    and whose rulesets are ``rulesets``; what it cannot follow is listed, the rest kept.

    A link with an example or a step and no tab opens the examples; one with a
    seed or a ruleset and no tab opens Play."""
    got = fields(query_string)
    problems: list[Problem] = []
    place = default
    lang, bad = parse_lang(query_string, default.lang)
    place = replace(place, lang=lang)
    problems += bad
    if "tab" in got:
        if got["tab"] in TABS:
            place = replace(place, tab=got["tab"])
        else:
            problems.append(Problem("place_bad_tab", {"value": shown(got["tab"])}))
    elif "example" in got or "step" in got:
        place = replace(place, tab="examples")
    elif "seed" in got or "ruleset" in got or "pos" in got or "table" in got:
        place = replace(place, tab="play")
    elif "scenario" in got or "scn" in got:
        place = replace(place, tab="scenarios")
    example, stale = place.example, False
    if "example" in got:
        if got["example"] in examples:
            example = got["example"]
        else:
            stale = True  # its step means nothing in another example: the page opens at the start
            problems.append(Problem("place_bad_example", {"value": shown(got["example"])}))
    place = replace(place, example=example)
    if "step" in got and not stale:
        n = examples.get(example, 0) if example is not None else 0
        step = _int(got["step"])
        if step is None or step < 0:
            problems.append(Problem("place_bad_step_value", {"value": shown(got["step"])}))
        elif example is None or step > n:
            problems.append(Problem("place_bad_step", {"value": shown(got["step"]), "n": n}))
        else:
            place = replace(place, step=step)
    if "ruleset" in got:
        if got["ruleset"] in rulesets:
            place = replace(place, ruleset=got["ruleset"])
        else:
            problems.append(Problem("place_bad_ruleset", {"value": shown(got["ruleset"]),
                                                           "known": ", ".join(rulesets) or "-"}))
    if "seed" in got:
        seed = _int(got["seed"])
        if seed is None or not 0 <= seed <= MAX_SEED:
            problems.append(Problem("place_bad_seed", {"value": shown(got["seed"])}))
        else:
            place = replace(place, seed=seed)
    question = None
    if "question" in got:
        seed_text, dash, index_text = got["question"].partition("-")
        seed, index = _int(seed_text), _int(index_text)
        if dash and seed is not None and index is not None and 0 <= seed <= MAX_SEED and 0 <= index < QUESTIONS:
            question = (seed, index)
        else:
            problems.append(Problem("place_bad_question", {"value": shown(got["question"])}))
    if "from" in got:
        if got["from"] == "step" and place.example is not None and "example" in got and not stale:
            place = replace(place, start="step")
        elif got["from"] == "quiz" and question is not None:
            place = replace(place, start="quiz", question=question)
        else:
            problems.append(Problem("place_bad_from", {"value": shown(got["from"])}))
    if "presenter" in got:
        value = got["presenter"].strip().lower()
        if value in ON or value in OFF:
            place = replace(place, presenter=value in ON)
        else:
            problems.append(Problem("place_bad_presenter", {"value": shown(got["presenter"])}))
    if "scenario" in got:
        value = got["scenario"].strip()
        if value and len(value) <= 60 and value.isprintable():
            place = replace(place, scenario=value)  # the page's library says whether it has it
        else:
            problems.append(Problem("place_bad_scenario", {"value": shown(got["scenario"])}))
    for key, name in (("scn", "scenario_data"), ("played", "played"), ("pos", "position"), ("table", "table")):
        if key in got:
            try:
                place = replace(place, **{name: unpack(got[key])})
            except ValueError:
                # damaged moves on a scenario the link names (scn= is read first): it still opens, at its start
                at_start = key == "played" and (place.scenario is not None or place.scenario_data is not None)
                problems.append(Problem("place_played_damaged") if at_start
                                else Problem("place_bad_packed", {"part": key}))
    if "room" in got:
        code = got["room"].strip().upper()
        if valid_code(code):
            place = replace(place, room=code)
        else:
            problems.append(Problem("place_bad_room", {"value": shown(got["room"])}))
    return place, problems


def query(place: Place) -> str:
    """The query string of a place: the language, the tab, the example and its step
    (kept on every tab: back on the examples, the learner finds their step), then
    the new game's rulebook and seed when the page has them, the scenario, position or game
    it carries, then ``presenter=1`` in presenter mode."""
    parts: list[tuple[str, str]] = [("lang", place.lang), ("tab", place.tab)]
    if place.example is not None:
        parts += [("example", place.example), ("step", str(place.step))]
    if place.ruleset is not None:
        parts.append(("ruleset", place.ruleset))
    if place.seed is not None:
        parts.append(("seed", str(place.seed)))
    if place.start == "quiz" and place.question is not None:
        parts.append(("question", f"{place.question[0]}-{place.question[1]}"))
    if place.start is not None:
        parts.append(("from", place.start))
    if place.scenario is not None:
        parts.append(("scenario", place.scenario))
    for key, text in (("scn", place.scenario_data), ("played", place.played), ("pos", place.position),
                      ("table", place.table)):
        packed = pack(text) if text is not None else ""
        if 0 < len(packed) <= MAX_PACKED:  # longer: left out (no page would read it back); the page says so
            parts.append((key, packed))
    if place.presenter:
        parts.append(("presenter", "1"))
    if place.room is not None:
        parts.append(("room", place.room))
    return urlencode(parts)


def link(notebook: str, query_string: str, request_url: str | None = None) -> str:
    """The address of ``notebook`` with ``query_string``: beside the page Voilà was asked for
    (``request_url``, the kernel's ``VOILA_REQUEST_URL``), else relative (the notebook's name).
    A page asked for as ``.html`` (the static site's) links to the notebook's ``.html`` page.

    >>> link("kamikaze_attack.ipynb", "lang=fr", "https://x.org/site/voici/render/kamikaze_attack.html?lang=fr")
    'https://x.org/site/voici/render/kamikaze_attack.html?lang=fr'
    >>> link("kamikaze_attack.ipynb", "lang=fr", "http://lan:8866/voila/render/kamikaze_attack.ipynb")
    'http://lan:8866/voila/render/kamikaze_attack.ipynb?lang=fr'
    """
    if request_url:
        try:
            scheme, netloc, path, _query, _fragment = urlsplit(request_url)
        except ValueError:
            scheme = netloc = path = ""
        if scheme in ("http", "https") and netloc:
            folder = path.rsplit("/", 1)[0] if "/" in path else ""
            if path.endswith(".html"):
                notebook = notebook.removesuffix(".ipynb") + ".html"
            return urlunsplit((scheme, netloc, f"{folder}/{notebook}", query_string, ""))
    return f"{notebook}?{query_string}" if query_string else notebook


def position_link(notebook: str, position: str, lang: str = "en", request_url: str | None = None) -> str:
    """The address that opens ``position`` (the game's scenario JSON, as ``game.to_json`` writes it)
    in the Play tab of ``notebook``'s page in ``lang``: what "Link to this place" gives for a position
    that is not shipped (the Play tab's page reads it back through ``game.from_json``).  ``request_url``
    as for :func:`link`.

    >>> position_link("tir_nan_og.ipynb", '{"deck": []}', "it") == "tir_nan_og.ipynb?lang=it&tab=play&pos=" + pack('{"deck":[]}')
    True
    """
    return link(notebook, query(Place(lang=lang, tab="play", position=position)), request_url)


def in_room(url: str, room: str | None) -> str:
    """``url`` at the address students reach: ``room`` (``http://LAN-ADDRESS:PORT``, what ``make class``
    prints, or the address the teacher set) in place of the scheme, host and port of a ``url`` that
    names this computer only (localhost).  A ``url`` at any other host is kept as it is: the teacher
    opened the page at a name or address the class reaches (``tutor.school.lan``), and that is the
    one to hand out.  As it is, too, without a room or for a relative one.

    >>> in_room("http://localhost:8866/voila/render/formula_e.ipynb?lang=it", "http://192.168.1.20:8866")
    'http://192.168.1.20:8866/voila/render/formula_e.ipynb?lang=it'
    >>> in_room("http://tutor.school.lan:8866/voila/render/formula_e.ipynb", "http://192.168.1.20:8866")
    'http://tutor.school.lan:8866/voila/render/formula_e.ipynb'
    >>> in_room("formula_e.ipynb?lang=it", "http://192.168.1.20:8866")
    'formula_e.ipynb?lang=it'
    """
    if not room or not loopback(url):
        return url
    try:
        scheme, netloc, path, query_string, fragment = urlsplit(url)
        room_scheme, room_netloc = urlsplit(room)[:2]
    except ValueError:
        return url
    if scheme not in ("http", "https") or not netloc or room_scheme not in ("http", "https") or not room_netloc:
        return url
    return urlunsplit((room_scheme, room_netloc, path, query_string, fragment))


def loopback(url: str | None) -> bool:
    """Whether ``url`` names this computer only (localhost): a link no other device opens.

    >>> loopback("http://127.0.0.1:8866/voila/render/x.ipynb"), loopback("http://10.0.0.5:8866/x")
    (True, False)
    """
    try:
        host = urlsplit(url or "").hostname or ""
    except ValueError:
        return False
    return host in LOOPBACK or host.startswith("127.")
