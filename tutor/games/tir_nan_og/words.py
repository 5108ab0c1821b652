"""Tir Nan Og Wars' words: the message catalog (``data/messages.json``) and how a
player, a creature, a territory, a list of them or an action is worded in a language.

>>> c = load_catalog()
>>> action_words(c, TakeTerritory("castle"), "it"), action_words(c, Join(), "fr")
('prendi il territorio castello', 'participer à la dispute')
>>> territory_words(c, "castle-1", "en")
'castle (griffin, centaur, centaur, ?)'
"""

from __future__ import annotations

from typing import Any

from tutor.core import Catalog, Words, short

from .actions import Consolidate, Discard, Join, Pass, StayOut, TakeCreatures, TakeTerritory
from .cards import DATA, FOUNTAINS, KINDS, ORDER, TERRITORIES

PLAYER_PARAMS = frozenset({"player", "winner", "revealer", "attacker", "defender"})
CREATURE_PARAMS = frozenset({"card", "species"})
CREATURE_LIST_PARAMS = frozenset({"cards", "pay", "symbols"})
TERRITORY_PARAMS = frozenset({"territory", "fountain"})
KIND_PARAMS = frozenset({"kind"})
PLAYER_LIST_PARAMS = frozenset({"players", "participants", "winners", "losers"})

ACTION_TEMPLATES = {
    TakeCreatures: "take {cards}",
    TakeTerritory: "take the {kind}",
    Consolidate: "consolidate the {kind} paying {pay}",
    Join: "join the dispute",
    StayOut: "stay out of the dispute",
    Discard: "discard one {card}",
    Pass: "pass",
}


class Miscount(tuple):
    """Creature counts that do not add up, ``(species, found, wanted)`` each: a message parameter
    (``diff``) each language words with its own names ("centauro 12 (invece di 11)").

    >>> str(Miscount([("centaur", 12, 11)]))
    'centaur 12 (not 11)'
    """

    def __str__(self) -> str:
        return ", ".join(f"{c} {got} (not {want})" for c, got, want in self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class _Words(Words):
    """Formats one message parameter in a language from the catalog's names."""

    PLAYERS = PLAYER_PARAMS
    PLAYER_LISTS = PLAYER_LIST_PARAMS

    def creature(self, c: Any, lang: str) -> str:
        return self.known("cards", c, ORDER, lang)

    def kind(self, k: Any, lang: str) -> str:
        return self.name("kinds", k, lang) if isinstance(k, str) and (k in KINDS or k == "fountain") else short(k)

    def territory(self, t: Any, lang: str) -> str:
        if isinstance(t, str) and t in FOUNTAINS:
            return self.name("kinds", "fountain", lang)
        if isinstance(t, str) and t in TERRITORIES:
            card = TERRITORIES[t]
            symbols = ", ".join(self.name("symbols", c, lang) for c in card.symbols)
            return f"{self.kind(card.kind, lang)} ({symbols})"
        return short(t)

    def join(self, items: list[str], lang: str) -> str:
        if not items:
            return self.name("words", "nothing", lang)
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + self.name("words", "and", lang) + items[-1]

    def other(self, name: str, value: Any, lang: str) -> str | None:
        if name in CREATURE_PARAMS:
            return self.creature(value, lang)
        if name in TERRITORY_PARAMS:
            return self.territory(value, lang)
        if name in KIND_PARAMS:
            return self.kind(value, lang)
        if isinstance(value, Miscount):
            instead = self.name("words", "instead_of", lang)
            return ", ".join(f"{self.creature(c, lang)} {got} ({instead} {want})" for c, got, want in value)
        if name in CREATURE_LIST_PARAMS and isinstance(value, (tuple, list)):
            return self.join([self.creature(c, lang) for c in value], lang)
        if isinstance(value, (tuple, list)):
            return ", ".join(short(v) for v in value)
        return None


def load_catalog() -> Catalog:
    return _Words.catalog(DATA)


def action_words(catalog: Catalog, action: Any, lang: str = "en") -> str:
    """An action in ``lang``; in English exactly ``str(action)``."""
    if lang == "en" or type(action) not in ACTION_TEMPLATES:
        return str(action)
    params: dict[str, Any] = {}
    if isinstance(action, TakeCreatures):
        params["cards"] = action.cards
    elif isinstance(action, TakeTerritory):
        params["kind"] = action.kind
    elif isinstance(action, Consolidate):
        params = {"kind": action.kind, "pay": action.pay}
    elif isinstance(action, Discard):
        params["card"] = action.card
    return catalog.render(ACTION_TEMPLATES[type(action)], params, lang)


def territory_words(catalog: Catalog, card: str, lang: str = "en") -> str:
    """A territory card by its kind and creature symbols."""
    words = catalog.messages.param
    return words("territory", card, lang) if callable(words) else card


def example_words(game: Any, example: Any, lang: str = "en") -> dict:
    """An example's title, outcome and note from the catalog, its steps narrated in ``lang`` from the events."""
    catalog = game.catalog
    told = catalog.example(example, lang)
    steps: list[str] = []
    for step in example.steps:
        if step.action is None:
            steps.append(told["steps"][len(steps)])
            continue
        who = step.before.current_player
        action = action_words(catalog, step.action, lang)
        if step.illegal:
            try:
                game.apply(step.before, step.action)
            except Exception as exc:  # noqa: BLE001 - the refusal the step shows
                reason = game.message(exc, lang)
            else:  # pragma: no cover - the examples' own check refuses this
                reason = step.illegal
            steps.append(catalog.render("{Player} tries to {action}: refused, {reason}.",
                                        {"player": who, "action": action, "reason": reason}, lang))
            continue
        head = catalog.render("{Player}: {action}.", {"player": who, "action": action}, lang)
        steps.append(" ".join([head] + [game.message(e, lang) for e in step.events]))
    return {"title": told["title"], "outcome": told["outcome"], "note": told["note"], "steps": steps}
