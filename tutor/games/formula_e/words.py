"""Formula E's words: the message catalog (``data/messages.json``) and how a seat, a card, a space,
a list of them or an action is worded in a language.

>>> c = load_catalog()
>>> action_words(c, PlayPair("charge", "g3"), "it"), action_words(c, Allow(), "fr")
('gioca Carica! con verde 3', 'laisser la carte agir')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tutor.core import Catalog, Words

from .actions import (Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Place, Play, PlayPair, RatTo, Steal,
                      StopCows, Take)
from .cards import DATA, ORDER
from .track import cell_name

CARD_PARAMS = frozenset({"card", "green", "yellow", "best"})
CELL_PARAMS = frozenset({"cell", "hole", "start", "end"})


class _Words(Words):
    """Formula E's own parameters: cards, spaces, steps, decisions, directions (seats come from core.Words)."""

    PLAYERS = frozenset({"player", "victim", "target", "source", "asker", "pushed", "winner", "owner"})
    PLAYER_LISTS = frozenset()

    def card(self, c: Any, lang: str) -> str:
        return self.known("cards", c, ORDER, lang)

    def other(self, name: str, value: Any, lang: str) -> str | None:
        if name in CARD_PARAMS:
            return self.card(value, lang)
        if name in CELL_PARAMS and isinstance(value, tuple) and len(value) == 2:
            return cell_name(value)
        if name == "cards" and isinstance(value, (tuple, list)):
            return ", ".join(self.card(c, lang) for c in value) or self.name("words", "nothing", lang)
        if name == "steps" and isinstance(value, (tuple, list)):
            return ", ".join(self.name("steps", s, lang) for s in value) or self.name("steps", "stay", lang)
        if name == "decision" and isinstance(value, str):
            return self.name("decisions", value, lang)
        if name == "direction" and isinstance(value, str):
            return self.name("directions", value, lang)
        return None


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    return _Words.catalog(DATA)


ACTION_TEMPLATES: dict[type, str] = {
    Place: "place at {cell}", Play: "play {card}", PlayPair: "play {yellow} with {green}",
    Discard: "discard {cards}", EndTurn: "end the turn", Cancel: "cancel {card} with a Tiger",
    Allow: "let it resolve", RatTo: "send the Rat to {cell}", CowStep: "move the cow at {cell} {direction}",
    StopCows: "stop moving cows", Steal: "steal from {victim}",
}


def action_words(catalog: Catalog, action: Any, lang: str = "en") -> str:
    """An action in ``lang``; in English exactly ``str(action)``."""
    if lang == "en":
        return str(action)
    params: dict[str, Any] = {}
    template = ACTION_TEMPLATES.get(type(action), "")
    if isinstance(action, (Place, RatTo)):
        params["cell"] = action.cell
    elif isinstance(action, (Play, Cancel)):
        params["card"] = action.card
    elif isinstance(action, PlayPair):
        params = {"yellow": action.yellow, "green": action.green}
    elif isinstance(action, Discard):
        params["cards"] = action.cards
    elif isinstance(action, CowStep):
        params = {"cell": action.cell, "direction": action.direction}
    elif isinstance(action, Steal):
        params["victim"] = action.victim
    elif isinstance(action, Move):
        template = "move {steps}" if action.steps else "move: stay"
        params["steps"] = action.steps
    elif isinstance(action, Take):
        template = "take {card} from the discards" if action.card else "take nothing"
        params["card"] = action.card
    elif isinstance(action, Give):
        template = "give a Cobra to {target}" if action.source is None else "move a Cobra from {source} to {target}"
        params = {"source": action.source, "target": action.target}
    if not template:
        return str(action)
    return catalog.render(template, params, lang)
