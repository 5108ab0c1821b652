"""A game's rules as data: quoted sentences, rules, the rulebook, and what cites them
(the events an action causes, the steps of a worked example).

Imports only the standard library; the French typography every shown text gets lives here
because a rule's wording needs it (:mod:`tutor.core.words` uses it too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

__all__ = ["Quote", "Rule", "RuleBook", "Event", "Step", "Example", "french_spacing", "plain_math"]


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
        """(title, text) in ``lang`` ("en", "it" or "fr"), English when missing (French with its
        no-break spaces before ``: ; ! ?``, as every French message)."""
        tr = self.translations.get(lang, {})
        title, text = tr.get("title", self.title), tr.get("text", self.text)
        if lang == "fr":
            return french_spacing(title), french_spacing(text)
        return title, text

    def applies_to(self, ruleset: str) -> bool:
        return not self.rulesets or ruleset in self.rulesets


class RuleBook:
    """The rules of one game, as loaded from its data file, by id."""

    def __init__(self, game: str, rules: Iterable[Rule], differences: Sequence[dict] = (),
                 topics: dict | None = None):
        self.game = game
        # {topic: {"en": name, "it": name, "fr": name}}: the table of contents' headings
        self.topics: dict[str, dict] = dict(topics or {})
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

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)

    def for_ruleset(self, ruleset: str) -> list[Rule]:
        return [r for r in self._rules.values() if r.applies_to(ruleset)]

    def search(self, text: str, ruleset: str | None = None) -> list[Rule]:
        """Rules whose id, title, wording or quotes contain every word of ``text``.

        Literal and unranked; the Rules tab ranks with :func:`tutor.rulesearch.search`."""
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
        return cls(game, rules, data.get("differences", ()), data.get("topics"))


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


_FRENCH_SPACE = re.compile(r"[ \u00a0]+([:;!?»])|(«)[ \u00a0]+")


def french_spacing(text: str) -> str:
    """French typography: a no-break space before ``: ; ! ?`` and inside « », so a line never
    starts with a colon.

    >>> french_spacing("Gagnant : Joueur 1 ; « oui »") == "Gagnant\u00a0: Joueur 1\u00a0; «\u00a0oui\u00a0»"
    True
    """
    return _FRENCH_SPACE.sub(lambda m: f"\u00a0{m.group(1)}" if m.group(1) else f"{m.group(2)}\u00a0", text)


def plain_math(text: str) -> str:
    """A quote's ``$...$`` math as plain text (no script is needed to read it).

    >>> plain_math("Gong somma $6+6+2+2+1+1+1+1=20$ punti.")
    'Gong somma 6+6+2+2+1+1+1+1 = 20 punti.'
    >>> plain_math(r"$3 \\times 2$ and $1 \\leq 2$, $5")
    '3 × 2 and 1 ≤ 2, $5'
    """
    def one(m: re.Match) -> str:
        math = m.group(1)
        for tex, sign in ((r"\times", "×"), (r"\cdot", "·"), (r"\leq", "≤"), (r"\geq", "≥"),
                          (r"\neq", "≠"), (r"\,", " "), ("{", ""), ("}", "")):
            math = math.replace(tex, sign)
        math = re.sub(r"\s*([=≤≥≠])\s*", r" \1 ", math)
        return re.sub(r"\s+", " ", math).strip()

    return re.sub(r"\$([^$\n]+)\$", one, text)
