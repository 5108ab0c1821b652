"""The interface every game in the tutor shares.

A game is a module-level object with the same small set of functions (see
:class:`Game`).  States are immutable values; ``apply`` returns a new state and
never touches the one passed in.  Every rule the engine applies is a
:class:`Rule` loaded from the game's own data file, with the sentence it comes
from quoted in the rulebook's language.

Errors are values a panel can show:

>>> err = IllegalAction("fire-bulls/attack/order", "attack the nearest card first")
>>> isinstance(err, ValueError), err.rule
(True, 'fire-bulls/attack/order')
>>> ScenarioError("hands[0]", "expected a list of cards").field
'hands[0]'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Iterable, Protocol, Sequence

__all__ = [
    "IllegalAction",
    "ActionParseError",
    "ScenarioError",
    "Quote",
    "Rule",
    "RuleBook",
    "Event",
    "Step",
    "Example",
    "Game",
    "load_json_data",
]


class IllegalAction(ValueError):
    """An action the rules forbid.  ``.rule`` is the id of the broken rule.

    ``template`` and ``params``, when given, let a game render the message in
    another language (see :class:`Messages`); ``message`` is the English text.
    """

    def __init__(self, rule: str, message: str, template: str = "", params: dict | None = None):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.template = template
        self.params = dict(params or {})

    def __str__(self) -> str:  # the plain-words message, without the id
        return self.message


class ActionParseError(IllegalAction):
    """Action text that does not name any action of the game."""


class ScenarioError(ValueError):
    """A scenario file that cannot be loaded.  ``.field`` names the bad field."""

    def __init__(self, field: str, message: str, template: str = "", params: dict | None = None):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.template = template
        self.params = dict(params or {})


@dataclass(frozen=True)
class Quote:
    """A sentence quoted from a rulebook file, in its own language."""

    file: str
    lang: str
    text: str


@dataclass(frozen=True)
class Rule:
    """One clause of a game's rules.

    ``rulesets`` lists the rulesets the clause belongs to (empty: all of them).
    ``reconstructed`` is true when the rulebooks do not state the clause and the
    project chose the most plausible reading; ``note`` then says why.
    """

    id: str
    title: str
    text: str
    quotes: tuple[Quote, ...] = ()
    rulesets: tuple[str, ...] = ()
    reconstructed: bool = False
    note: str = ""
    topic: str = ""
    # {"it": {"title": ..., "text": ...}, "fr": {...}}: the wording in other languages
    translations: dict = field(default_factory=dict, hash=False, compare=False)

    def wording(self, lang: str = "en") -> tuple[str, str]:
        """(title, text) in ``lang`` ("en", "it" or "fr"), English when missing."""
        tr = self.translations.get(lang, {})
        return tr.get("title", self.title), tr.get("text", self.text)

    def applies_to(self, ruleset: str) -> bool:
        return not self.rulesets or ruleset in self.rulesets


class RuleBook:
    """The rules of one game, as loaded from its data file, by id."""

    def __init__(self, game: str, rules: Iterable[Rule], differences: Sequence[dict] = ()):
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id}")
            if not rule.id.startswith(game + "/"):
                raise ValueError(f"rule id {rule.id} is not under {game}/")
            self._rules[rule.id] = rule
        self.differences = list(differences)

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self):
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)

    def for_ruleset(self, ruleset: str) -> list[Rule]:
        return [r for r in self._rules.values() if r.applies_to(ruleset)]

    def search(self, text: str, ruleset: str | None = None) -> list[Rule]:
        """Rules whose id, title, wording or quotes contain every word of ``text``."""
        words = text.lower().split()
        found = []
        for rule in self._rules.values():
            if ruleset and not rule.applies_to(ruleset):
                continue
            hay = " ".join(
                [rule.id, rule.title, rule.text, rule.note] + [q.text for q in rule.quotes]
            ).lower()
            if all(w in hay for w in words):
                found.append(rule)
        return found

    @classmethod
    def from_data(cls, game: str, data: dict) -> "RuleBook":
        rules = []
        for raw in data["rules"]:
            rules.append(
                Rule(
                    id=raw["id"],
                    title=raw["title"],
                    text=raw["text"],
                    quotes=tuple(Quote(**q) for q in raw.get("quotes", ())),
                    rulesets=tuple(raw.get("rulesets", ())),
                    reconstructed=bool(raw.get("reconstructed", False)),
                    note=raw.get("note", ""),
                    topic=raw.get("topic", raw["id"].split("/")[1]),
                    translations=dict(raw.get("translations", {})),
                )
            )
        return cls(game, rules, data.get("differences", ()))


@dataclass(frozen=True)
class Event:
    """Something that happened while an action was applied, for narration.

    ``rule`` is the id of the rule that made it happen; ``data`` holds the
    machine-readable details (cards, players, points).
    """

    rule: str
    text: str
    kind: str = "info"
    data: tuple[tuple[str, Any], ...] = ()
    template: str = ""  # the English message id ``text`` was rendered from

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Step:
    """One step of a worked example.

    ``action`` is None for a narration-only step (the state does not change).
    When ``illegal`` is set, the step shows an action the rules refuse: the
    state stays as it was and ``illegal`` is the id of the rule that refuses it.
    """

    before: Any
    after: Any
    action: Any
    narration: str
    rules: tuple[str, ...]
    events: tuple[Event, ...] = ()
    illegal: str | None = None


@dataclass(frozen=True)
class Example:
    """A rulebook's worked example, replayed through the engine."""

    id: str
    title: str
    source: Quote
    ruleset: str
    start: Any
    steps: tuple[Step, ...]
    outcome: str
    expected: tuple[tuple[str, Any], ...] = ()
    note: str = ""

    @property
    def final(self) -> Any:
        return self.steps[-1].after if self.steps else self.start


class Game(Protocol):
    """What every game module offers (structural type, for documentation)."""

    name: str
    title: str
    min_players: int
    max_players: int
    rulesets: tuple[str, ...]
    default_ruleset: str
    rules: RuleBook

    def new_game(self, players: int, seed: int, ruleset: str | None = None, **options: Any) -> Any: ...
    def legal_actions(self, state: Any) -> list[Any]: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def explain(self, state: Any, action: Any) -> list[Event]: ...
    def parse_action(self, state: Any, text: str) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[int]: ...
    def winners(self, state: Any) -> list[int]: ...
    def view(self, state: Any, player: int) -> dict: ...
    def to_json(self, state: Any) -> str: ...
    def from_json(self, text: str) -> Any: ...
    def examples(self) -> list[Example]: ...


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
            values[name] = shown
            values[name[:1].upper() + name[1:]] = shown[:1].upper() + shown[1:] if shown else shown
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return template.format(**values)


def _lower_fields(template: str) -> str:
    return re.sub(r"\{([A-Z])", lambda m: "{" + m.group(1).lower(), template)


def load_json_data(package: str, name: str) -> Any:
    """Read a JSON data file shipped inside a package (works from a wheel too)."""
    with resources.files(package).joinpath(name).open("r", encoding="utf-8") as fh:
        return json.load(fh)


def _file_error(template: str, **params: Any) -> ScenarioError:
    return ScenarioError("file", template.format(**params), template=template, params=params)


def parse_json_object(text: str | bytes) -> dict:
    """Parse a scenario's JSON text, turning every failure into ScenarioError.

    The messages carry templates, so a game's message catalog can translate them.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _file_error("is not UTF-8 text ({why})", why=exc.reason) from None
    if not isinstance(text, str):
        raise _file_error("expected JSON text, got {got}", got=type(text).__name__)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _file_error("is not valid JSON (line {line}, column {column}: {why})",
                          line=exc.lineno, column=exc.colno, why=exc.msg) from None
    if not isinstance(data, dict):
        raise _file_error("a scenario must be a JSON object, between braces")
    return data


def dump_json(data: dict) -> str:
    """Canonical, human-editable JSON: same state, same bytes."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
