"""What the position editor (:mod:`tutor.editor`) may change in a Formula E position, as data.

The same names as every game's (see ``tutor.games.tir_nan_og.editor``).  The cards: each comes
from the deck and goes back to it; a hand's order does not matter (the file's reader sorts it).
The elephants, the cows and the rat stand on the track's spaces, which the editor does not
place yet: they stay in the JSON (its disclosure), as does a card being played.
"""

from __future__ import annotations

from typing import Any

from .cards import BANANA_HAND, ORDER

ITEMS: dict[str, dict[str, Any]] = {
    "card": {"ids": list(ORDER), "param": "card", "unique": False, "supply": ["deck"],
             "label": {"en": "Cards", "it": "Carte", "fr": "Cartes"}},
}

ZONES: list[dict[str, Any]] = [
    {"field": "hands", "per": "seat", "accepts": "card", "order": "set", "max": BANANA_HAND + 3,
     "label": {"en": "Hand of {player}", "it": "Mano di {player}", "fr": "Main de {player}"}},
    {"field": "discard", "accepts": "card", "order": "top-last", "max": 120,
     "label": {"en": "Discards", "it": "Scarti", "fr": "Défausse"}},
    {"field": "deck", "accepts": "card", "order": "top-first", "max": 120, "supply": True,
     "label": {"en": "Deck", "it": "Mazzo", "fr": "Pioche"}},
]

# what the position waits for is the engine's own (placing the elephants, a turn, a card's effect):
# the editor keeps it as it is
PENDING: dict[str, dict[str, str]] = {}
PENDING_OPTIONS: dict[str, list[str]] = {}
PENDING_CHOICES: dict[str, tuple[str, list[str]]] = {}
TURN_FIELD = "active"
PLAYERS_FIELD = "players"


def home(item: str) -> tuple[str, int | None]:  # pragma: no cover - no unique item in this game
    raise KeyError(item)


def set_pending(data: dict, kind: str, options: dict) -> dict:  # pragma: no cover - PENDING is empty
    return data


def pending_of(data: dict) -> tuple[str, dict]:
    phase = data.get("phase")
    return (phase if isinstance(phase, str) else "turn"), {}
