"""The words of the tutor: every game's messages in every language (gettext-style catalogs).

Imports :mod:`tutor.core.errors`, :mod:`tutor.core.rules` (events and examples are worded here)
and :mod:`tutor.core.scenario_io` (``short``, to quote a bad value).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any, ClassVar, Container, Sequence

from tutor.core.errors import ScenarioError
from tutor.core.rules import Event, Example, french_spacing
from tutor.core.scenario_io import short

__all__ = ["Messages", "Catalog", "Words", "Count", "counted", "finish_text", "seat_articles", "core_catalog",
           "load_json_data"]


class Messages:
    """A game's narration and error messages in several languages (gettext-style).

    The English template is the message id; ``catalog`` maps it to its Italian
    and French templates.  ``param`` formats one parameter in a language
    (a card, a player, a list of cards); a field written with a capital
    (``{Who}``) is capitalised.

    >>> m = Messages({"{who} wins.": {"it": "{who} vince."}})
    >>> m.render("{Who} wins.", {"who": "player 1"}, "en"), m.render("{who} wins.", {"who": "Gong"}, "it")
    ('Player 1 wins.', 'Gong vince.')
    """

    def __init__(self, catalog: dict[str, dict[str, str]], param: Any = None):
        self.catalog = catalog
        self.param = param or (lambda name, value, lang: str(value))

    def template(self, template: str, lang: str) -> str:
        if lang == "en":
            return template
        entry = self.catalog.get(template) or self.catalog.get(_lower_fields(template)) or {}
        return entry.get(lang) or template

    def render(self, template: str, params: dict, lang: str = "en") -> str:
        text = self.template(template, lang)
        values = {}
        for name, value in params.items():
            shown = "" if value is None else self.param(name, value, lang)
            if type(value) is int:
                shown = Count(shown, value, lang)
            values[name] = shown
            values[name[:1].upper() + name[1:]] = shown[:1].upper() + shown[1:] if shown else shown
        try:
            out = text.format(**values)
        except (KeyError, IndexError, ValueError):
            out = template.format(**values)
        return finish_text(out, lang)


class Count(str):
    """A number as a text shows it, which also picks the word that follows it, singular or plural:
    ``{n:card|cards}`` in a template is "card" for one and "cards" for any other number (French
    counts zero as one too: "0 carte").  ``Messages.render`` and ``widgets.panels.i18n.t`` pass every int
    parameter as a ``Count``.

    >>> "{n} {n:card|cards}".format(n=Count("1", 1, "en")), "{n} {n:carta|carte}".format(n=Count("3", 3, "it"))
    ('1 card', '3 carte')
    >>> "{n} {n:carte|cartes}".format(n=Count("0", 0, "fr")), "{n:>3}".format(n=Count("7", 7, "en"))
    ('0 carte', '  7')
    """

    n: int
    lang: str

    def __new__(cls, shown: str, n: int, lang: str) -> "Count":
        self = super().__new__(cls, shown)
        self.n, self.lang = n, lang
        return self

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(str(self), spec)
        one, other = spec.split("|", 1)
        return one if self.n == 1 or (self.lang == "fr" and self.n == 0) else other


def counted(value: Any, lang: str) -> Any:
    """``value`` as a :class:`Count` when it is an int (a bool is not), else itself."""
    return Count(str(value), value, lang) if type(value) is int else value


def finish_text(text: str, lang: str) -> str:
    """The last touch every shown text gets, engine message or panel word alike: a seat after a
    preposition takes its article (:func:`seat_articles`), then French its no-break spaces
    (:func:`french_spacing`).  ``Messages.render`` and ``widgets.panels.i18n.t`` both end here.

    >>> finish_text("Tocca a Giocatore 2", "it"), finish_text("À Joueur 1 : joue", "fr") == "Au Joueur 1\u00a0: joue"
    ('Tocca al Giocatore 2', True)
    """
    text = seat_articles(text, lang)
    return french_spacing(text) if lang == "fr" else text


def seat_articles(text: str, lang: str) -> str:
    """A seat's name after a preposition takes its article, as Italian and French say it.

    Seats are named "Giocatore 1", "Joueur 1" (the core catalog's ``players/seat``, a masculine noun):
    "la mano di Giocatore 1" is "la mano del Giocatore 1", "la main de Joueur 1" is "la main du
    Joueur 1".  Which prepositions join which article is data: the core catalog's
    ``names/<lang>/articles`` (none in English).  Every seat of a list after the preposition
    (joined by a comma or one of ``names/<lang>/conjunctions``) takes the article too: "tra il
    Giocatore 1 e il Giocatore 2", "de Joueur 1 et Joueur 2" is "du Joueur 1 et du Joueur 2".

    >>> seat_articles("La mano di Giocatore 2 passa a Giocatore 3 (da Giocatore 1)", "it")
    'La mano del Giocatore 2 passa al Giocatore 3 (dal Giocatore 1)'
    >>> seat_articles("À Joueur 1 de jouer ; la main de Joueur 2, annulée par Joueur 3", "fr")
    'Au Joueur 1 de jouer ; la main du Joueur 2, annulée par le Joueur 3'
    >>> seat_articles("gioca Giocatore 1; a Giocatori", "it"), seat_articles("hand of Player 1", "en")
    ('gioca Giocatore 1; a Giocatori', 'hand of Player 1')
    >>> seat_articles("Pareggio tra Giocatore 1, Giocatore 3 e Giocatore 4", "it")
    'Pareggio tra il Giocatore 1, il Giocatore 3 e il Giocatore 4'
    """
    rule = _ARTICLES.get(lang, False)
    if rule is False:
        rule = _ARTICLES[lang] = _articles_rule(lang)
    if rule is None:
        return text
    pattern, table, link = rule

    def one(m: re.Match) -> str:
        word, joined = m.group(1), table[m.group(1).lower()]
        # the article alone for the list's next seats: "tra il" gives "il", "del" stays "del"
        head = word.lower() + " "
        again = joined[len(head):] if joined.lower().startswith(head) else joined
        first = joined[:1].upper() + joined[1:] if word[:1].isupper() else joined
        return first + m.group(2) + link.sub(lambda c: c.group(1) + again + " ", m.group(3))

    return pattern.sub(one, text)


_ARTICLES: dict[str, Any] = {}


def _articles_rule(lang: str) -> tuple[re.Pattern, dict[str, str], re.Pattern] | None:
    names = core_catalog().names.get(lang, {})
    table = {k.lower(): v for k, v in names.get("articles", {}).items()}
    noun = names.get("players", {}).get("seat", "").split("{n}")[0].strip()
    if not table or not noun:
        return None
    words = "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))
    seat = rf"{re.escape(noun)} \d+"
    ands = "|".join(re.escape(c) for c in names.get("conjunctions", []))
    sep = rf"(?:,\s*|\s+(?:{ands})\s+)" if ands else r",\s*"
    pattern = re.compile(rf"(?<![\w'’])({words})(\s+)({seat}(?:{sep}{seat})*)(?!\w)", re.IGNORECASE)
    # inside the list: each separator before a seat gets the article
    link = re.compile(rf"({sep})(?={seat})", re.IGNORECASE)
    return pattern, table, link


def _lower_fields(template: str) -> str:
    return re.sub(r"\{([A-Z])", lambda m: "{" + m.group(1).lower(), template)


class Catalog:
    """A game's words in every language, from one data file of one format.

    The file (``data/messages.json`` in a game's package) holds::

        {"about": "...",
         "names":    {"en": {...}, "it": {...}, "fr": {...}},   # card, decision ... names
         "messages": {"<English template>": {"it": "...", "fr": "..."}},
         "examples": {"<example id>": {"title": {"en", "it", "fr"}, "outcome": {...},
                                       "note": {...}, "steps": [{"en", "it", "fr"}, ...]}}}

    Narration and refusals are written in English in the engine (the template
    is the message id, gettext-style); ``param`` formats one parameter in a
    language.  The file errors every game shares (not JSON, not UTF-8 ...) are
    in the core catalog, which every game's catalog falls back to.
    """

    messages: "Messages"

    def __init__(self, data: dict, param: Any = None, fallback: "Catalog | None" = None):
        self.data = data
        self.names: dict[str, dict] = data.get("names", {})
        self.examples: dict[str, dict] = data.get("examples", {})
        catalog = dict(fallback.messages.catalog) if fallback else {}
        catalog.update(data.get("messages", {}))
        self.messages = Messages(catalog, param)

    @classmethod
    def load(cls, package: str, name: str = "messages.json", param: Any = None) -> "Catalog":
        return cls(load_json_data(package, name), param, fallback=core_catalog())

    def render(self, template: str, params: dict, lang: str = "en") -> str:
        return self.messages.render(template, params, lang)

    def message(self, obj: Any, lang: str = "en") -> str:
        """An Event, IllegalAction or ScenarioError in ``lang`` (its English text when it has no template)."""
        if isinstance(obj, Event):
            if not obj.template:
                return obj.text
            return self.render(obj.template, dict(obj.data), lang)
        template = getattr(obj, "template", "")
        if not template:
            return str(obj)
        text = self.render(template, getattr(obj, "params", {}), lang)
        if isinstance(obj, ScenarioError):
            return f"{obj.field}: {text}"
        return text

    def name(self, kind: str, key: str, lang: str = "en") -> str:
        """``names/<lang>/<kind>/<key>``, else the English one, else ``key``."""
        return _name_in(self.names, kind, key, lang)

    def example(self, example: "Example", lang: str = "en") -> dict:
        """An example's title, outcome, note and step narrations in ``lang`` (English where missing)."""
        entry = self.examples.get(example.id, {})

        def pick(texts: Any, english: str) -> str:
            if isinstance(texts, dict):
                return texts.get(lang) or texts.get("en") or english
            return english

        steps = entry.get("steps", [])
        return {
            "title": pick(entry.get("title"), example.title),
            "outcome": pick(entry.get("outcome"), example.outcome),
            "note": pick(entry.get("note"), example.note),
            "steps": [pick(steps[i] if i < len(steps) else None, s.narration)
                      for i, s in enumerate(example.steps)],
            # the quoted original in ``lang`` ("" when the catalog has no translation of it)
            "source": str(entry.get("source", {}).get(lang, "")) if isinstance(entry.get("source"), dict) else "",
        }

    def untranslated(self, langs: Sequence[str] = ("it", "fr")) -> list[str]:
        """Templates missing a language or changing its placeholders (the conformance suite reads it)."""
        bad = []
        for template, entry in self.messages.catalog.items():
            want = _fields(template)
            for lang in langs:
                text = entry.get(lang)
                if not text or _fields(text) != want:
                    bad.append(f"{lang}: {template}")
        return bad


def _name_in(names: dict, kind: str, key: str, lang: str) -> str:
    for code in (lang, "en"):
        found = names.get(code, {}).get(kind, {}).get(key)
        if found:
            return str(found)
    return key


class Words:
    """Formats one message parameter in a language from a catalog file's ``names``:
    the ``param`` of a :class:`Catalog` (build both with :meth:`catalog`).

    Parameters named in ``PLAYERS`` are seats (``names/<lang>/players/seat``
    with ``{n}`` counted from 1), those in ``PLAYER_LISTS`` lists of seats
    joined by ``names/<lang>/words/and``.  A game subclasses it, sets these two
    and words its own parameters (cards ...) in :meth:`other`.  Anything else
    is shown as is when it is text, else quoted short: a junk value from a
    refused action can never make a message long or raise.

    >>> w = Words({"en": {"players": {"seat": "Player {n}"}, "words": {"and": " and "}},
    ...            "it": {"players": {"seat": "Giocatore {n}"}, "words": {"and": " e "}}})
    >>> w("player", 0, "it"), w("players", (0, 2), "en"), w("player", "x" * 99, "en")
    ('Giocatore 1', 'Player 1 and Player 3', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    >>> w.name("players", "seat", "fr"), w.known("cards", "gong", ("gong",), "it"), w("count", 3, "en")
    ('Player {n}', 'gong', '3')
    """

    PLAYERS: ClassVar[frozenset[str]] = frozenset({"player"})
    PLAYER_LISTS: ClassVar[frozenset[str]] = frozenset({"players"})

    def __init__(self, names: dict):
        self.names = names

    @classmethod
    def catalog(cls, package: str, name: str = "messages.json") -> "Catalog":
        """The catalog in ``package``'s data file ``name``, worded by this class, falling back to the core catalog."""
        data = load_json_data(package, name)
        return Catalog(data, cls(data.get("names", {})), fallback=core_catalog())

    def name(self, kind: str, key: str, lang: str) -> str:
        """``names/<lang>/<kind>/<key>``, else the English one, else ``key`` (as :meth:`Catalog.name`)."""
        return _name_in(self.names, kind, key, lang)

    def known(self, kind: str, key: Any, keys: Container[str], lang: str) -> str:
        """The name of ``key`` if it is one of ``keys``, else ``key`` quoted short."""
        return self.name(kind, key, lang) if isinstance(key, str) and key in keys else short(key)

    def player(self, p: Any, lang: str) -> str:
        if isinstance(p, bool) or not isinstance(p, int):
            return short(p)
        return self.name("players", "seat", lang).format(n=p + 1)

    def join(self, items: list[str], lang: str) -> str:
        return self.name("words", "and", lang).join(items)

    def other(self, name: str, value: Any, lang: str) -> str | None:
        """A game's own parameter in words, or None to show it as is (text) or quoted short."""
        return None

    def __call__(self, name: str, value: Any, lang: str) -> str:
        if name in self.PLAYERS:
            return self.player(value, lang)
        if name in self.PLAYER_LISTS and isinstance(value, (tuple, list)):
            return self.join([self.player(p, lang) for p in value], lang)
        shown = self.other(name, value, lang)
        if shown is not None:
            return shown
        if isinstance(value, str):
            return value
        return short(value)


def _fields(template: str) -> set[str]:
    return {m.lower() for m in re.findall(r"\{(\w+)", template)}


_CORE_CATALOG: list[Catalog] = []


def core_catalog() -> Catalog:
    """The messages every game shares (scenario files that are not JSON ...)."""
    if not _CORE_CATALOG:
        _CORE_CATALOG.append(Catalog(load_json_data("tutor.data", "messages.json")))
    return _CORE_CATALOG[0]


def load_json_data(package: str, name: str) -> Any:
    """Read a JSON data file shipped inside a package (works from a wheel too)."""
    with resources.files(package).joinpath(name).open("r", encoding="utf-8") as fh:
        return json.load(fh)
