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
* ``presenter``: ``1`` opens the page in presenter mode (``0``, the default: not).
* ``room``: a live lesson's code (:mod:`tutor.room`): the page joins it and follows the teacher.

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
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from tutor.room import valid_code

LANGS = ("en", "it", "fr")
TABS = ("examples", "play", "rules", "quiz", "scenarios")
STARTS = ("step", "quiz")  # what the Play tab may start from besides a new game (``from``)
QUESTIONS = 100  # a quiz set has fewer questions than this
KEYS = ("lang", "tab", "example", "step", "ruleset", "seed", "question", "from", "presenter", "room")
ON = ("1", "true", "yes", "on", "")  # presenter=1, or a bare ?presenter
OFF = ("0", "false", "no", "off")
MAX_SEED = 2**31 - 1
SHOWN = 40  # at most this many characters of a bad value are repeated in a message


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
    room: str | None = None  # a live lesson's code: the page follows its teacher


def _shown(value: str) -> str:
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
    return default, [Problem("place_bad_lang", {"value": _shown(value)})]


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
            problems.append(Problem("place_bad_tab", {"value": _shown(got["tab"])}))
    elif "example" in got or "step" in got:
        place = replace(place, tab="examples")
    elif "seed" in got or "ruleset" in got:
        place = replace(place, tab="play")
    example, stale = place.example, False
    if "example" in got:
        if got["example"] in examples:
            example = got["example"]
        else:
            stale = True  # its step means nothing in another example: the page opens at the start
            problems.append(Problem("place_bad_example", {"value": _shown(got["example"])}))
    place = replace(place, example=example)
    if "step" in got and not stale:
        n = examples.get(example, 0) if example is not None else 0
        step = _int(got["step"])
        if step is None or step < 0:
            problems.append(Problem("place_bad_step_value", {"value": _shown(got["step"])}))
        elif example is None or step > n:
            problems.append(Problem("place_bad_step", {"value": _shown(got["step"]), "n": n}))
        else:
            place = replace(place, step=step)
    if "ruleset" in got:
        if got["ruleset"] in rulesets:
            place = replace(place, ruleset=got["ruleset"])
        else:
            problems.append(Problem("place_bad_ruleset", {"value": _shown(got["ruleset"]),
                                                           "known": ", ".join(rulesets) or "-"}))
    if "seed" in got:
        seed = _int(got["seed"])
        if seed is None or not 0 <= seed <= MAX_SEED:
            problems.append(Problem("place_bad_seed", {"value": _shown(got["seed"])}))
        else:
            place = replace(place, seed=seed)
    question = None
    if "question" in got:
        seed_text, dash, index_text = got["question"].partition("-")
        seed, index = _int(seed_text), _int(index_text)
        if dash and seed is not None and index is not None and 0 <= seed <= MAX_SEED and 0 <= index < QUESTIONS:
            question = (seed, index)
        else:
            problems.append(Problem("place_bad_question", {"value": _shown(got["question"])}))
    if "from" in got:
        if got["from"] == "step" and place.example is not None and "example" in got and not stale:
            place = replace(place, start="step")
        elif got["from"] == "quiz" and question is not None:
            place = replace(place, start="quiz", question=question)
        else:
            problems.append(Problem("place_bad_from", {"value": _shown(got["from"])}))
    if "presenter" in got:
        value = got["presenter"].strip().lower()
        if value in ON or value in OFF:
            place = replace(place, presenter=value in ON)
        else:
            problems.append(Problem("place_bad_presenter", {"value": _shown(got["presenter"])}))
    if "room" in got:
        code = got["room"].strip().upper()
        if valid_code(code):
            place = replace(place, room=code)
        else:
            problems.append(Problem("place_bad_room", {"value": _shown(got["room"])}))
    return place, problems


def query(place: Place) -> str:
    """The query string of a place: the language, the tab, the example and its step
    (kept on every tab: back on the examples, the learner finds their step), then
    the new game's rulebook and seed when the page has them, then ``presenter=1``
    in presenter mode."""
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
