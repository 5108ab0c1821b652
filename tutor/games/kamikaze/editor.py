"""What the position editor (:mod:`tutor.editor`) may change in a Kamikaze Attack position, as data.

The same names as every game's (see ``tutor.games.tir_nan_og.editor``).  Kamikaze Attack has no
deck to draw from: every card of the players' decks is in a hand, a graveyard or on the field,
so the editor moves a card from one place to another (a hand, a graveyard) and never makes
one.  The field's committed cards and the duel under way stay in the JSON: the editor sets up
the position at a challenge (the active player chooses whom to challenge).
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS

ITEMS: dict[str, dict[str, Any]] = {
    "card": {"ids": list(CARDS), "param": "card", "unique": False, "supply": [],
             "label": {"en": "Cards", "it": "Carte", "fr": "Cartes"}},
}

ZONES: list[dict[str, Any]] = [
    {"field": "hands", "per": "seat", "accepts": "card", "order": "set", "max": 30,
     "label": {"en": "Hand of {player}", "it": "Mano di {player}", "fr": "Main de {player}"}},
    {"field": "graveyards", "per": "seat", "accepts": "card", "order": "top-last", "max": 30,
     "label": {"en": "Graveyard of {player}", "it": "Cimitero di {player}", "fr": "Cimetière de {player}"}},
]

PENDING: dict[str, dict[str, str]] = {
    "challenge": {"en": "a challenge: the active player chooses whom to challenge",
                  "it": "una sfida: il giocatore attivo sceglie chi sfidare",
                  "fr": "un défi : le joueur actif choisit qui défier"},
}
PENDING_OPTIONS: dict[str, list[str]] = {"challenge": []}
PENDING_CHOICES: dict[str, tuple[str, list[str]]] = {}
TURN_FIELD = "active"
PLAYERS_FIELD = "players"  # absent from the file: the editor counts the hands


def home(item: str) -> tuple[str, int | None]:  # pragma: no cover - no unique item in this game
    raise KeyError(item)


def set_pending(data: dict, kind: str, options: dict) -> dict:
    """``data`` at a challenge: no duel under way, a card left on the field back in its owner's hand."""
    field = data.get("field")
    hands = data.get("hands")
    if isinstance(field, list) and isinstance(hands, list) and len(field) == len(hands):
        for i, card in enumerate(field):
            if isinstance(card, str) and isinstance(hands[i], list):
                hands[i].append(card)
        data["field"] = [None] * len(field)
        data["hidden"] = [False] * len(field)
        data["held"] = [False] * len(field)
    data.update(phase="challenge", opponent=None, pending=[])
    return data


def pending_of(data: dict) -> tuple[str, dict]:
    phase = data.get("phase")
    return (phase if isinstance(phase, str) else "challenge"), {}
