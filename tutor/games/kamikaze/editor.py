"""What the position editor (:mod:`tutor.editor`) may change in a Kamikaze Attack position, as data.

The same names as every game's (see ``tutor.games.tir_nan_og.editor``).  Kamikaze Attack has no
deck to draw from: every card of the players' decks is in a hand, a graveyard or on the field,
so the editor moves a card from one place to another and never makes one.  The field holds one
card per player: a Sapper put there is a defeated Sapper held on the field (it stays between
duels); any other card is a card committed face down in the duel under way (``commit``: the
active player has challenged an opponent and the duelists lay their cards).  A Familiar or
Cleric decision under way stays as the engine has it (the JSON disclosure).
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
    {"field": "field", "per": "seat", "accepts": "card", "order": "set", "max": 1,
     "get": lambda data, z: field_get(data, z.index), "set": lambda data, z, got: field_set(data, z.index, got),
     "label": {"en": "Field of {player}", "it": "Campo di {player}", "fr": "Terrain de {player}"}},
]
# the engine's flags of a card on the field are named as the field they mark
FIELD_LABELS: dict[str, Any] = {"hidden": "field", "held": "field",
                                "field": {"en": "The field", "it": "Il campo", "fr": "Le terrain"}}

PENDING: dict[str, dict[str, str]] = {
    "challenge": {"en": "a challenge: the active player chooses whom to challenge",
                  "it": "una sfida: il giocatore attivo sceglie chi sfidare",
                  "fr": "un défi : le joueur actif choisit qui défier"},
    "commit": {"en": "a duel: the duelists lay a card face down",
               "it": "un duello: i duellanti posano una carta coperta",
               "fr": "un duel : les duellistes posent une carte face cachée"},
}
PENDING_OPTIONS: dict[str, list[str]] = {"challenge": [], "commit": ["opponent"]}
# an option chosen among the seats at the table
PENDING_CHOICES: dict[str, tuple[str, list[str]]] = {"opponent": ("seats", [])}
OPTION_LABELS: dict[str, dict[str, str]] = {"opponent": {"en": "Challenged", "it": "Sfidato", "fr": "Défié"}}
TURN_FIELD = "active"
PLAYERS_FIELD = "players"  # absent from the file: the editor counts the hands


def home(item: str) -> tuple[str, int | None]:  # pragma: no cover - no unique item in this game
    raise KeyError(item)


def _seats(data: dict) -> int:
    hands = data.get("hands")
    return len(hands) if isinstance(hands, list) else 0


def _flags(data: dict, name: str) -> list:
    n = _seats(data)
    got = data.get(name)
    if not isinstance(got, list) or len(got) != n:
        got = [False] * n
        data[name] = got
    return got


def field_get(data: dict, seat: int | None) -> list | None:
    """The card a player has on the field, as a place of at most one card."""
    field = data.get("field")
    if seat is None or not isinstance(field, list) or not 0 <= seat < len(field):
        return None
    return [field[seat]] if isinstance(field[seat], str) else []


def field_set(data: dict, seat: int | None, got: list) -> None:
    """A card put on the field or taken off: a Sapper is held there, another card is committed face
    down (the engine's check says when no duel of that player is under way)."""
    field = data.get("field")
    if seat is None or not isinstance(field, list) or not 0 <= seat < len(field):
        return
    card = got[0] if got else None
    if field[seat] == card:
        return
    field[seat] = card
    hidden, held = _flags(data, "hidden"), _flags(data, "held")
    held[seat] = card == "sapper"
    hidden[seat] = card is not None and card != "sapper"


def set_pending(data: dict, kind: str, options: dict) -> dict:
    """``data`` at a challenge (no duel under way), or in a duel against ``options["opponent"]`` whose
    cards are being laid face down.  A card on the field of a player out of the duel goes back to its
    owner's hand; a Sapper held on the field stays."""
    field, hands = data.get("field"), data.get("hands")
    duel = kind == "commit"
    active = data.get("active")
    opponent = options.get("opponent") if duel else None
    if duel and (isinstance(opponent, bool) or not isinstance(opponent, int)):
        raise ValueError(opponent)
    if isinstance(field, list) and isinstance(hands, list) and len(field) == len(hands):
        hidden, held = _flags(data, "hidden"), _flags(data, "held")
        for i, card in enumerate(field):
            if not isinstance(card, str) or held[i]:
                continue
            if duel and i in (active, opponent):
                hidden[i] = True
            elif isinstance(hands[i], list):
                hands[i].append(card)
                field[i], hidden[i] = None, False
    data.update(phase=kind if duel else "challenge", opponent=opponent, pending=[])
    data["swapped"] = [False] * _seats(data)
    return data


def pending_of(data: dict) -> tuple[str, dict]:
    phase = data.get("phase")
    if phase == "commit":
        return "commit", {"opponent": data.get("opponent")}
    return (phase if isinstance(phase, str) else "challenge"), {}
