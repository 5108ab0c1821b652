"""What the position editor (:mod:`tutor.editor`) may change in a Fire Bulls position, as data.

The same names as every game's (see ``tutor.games.tir_nan_og.editor``).  Qi cards (the five
colours and the warriors) come from the Qi deck and go back to it; Yen cards come from the three
Yen piles (the first pile that holds one) and go back to the first pile.  A hand's order does
not matter (the file's reader sorts it).  The nine row slots, the pawns and a turn under way
stay in the JSON: the editor sets up the position at the start of a turn.
"""

from __future__ import annotations

from typing import Any

from .cards import HAND_LIMIT, QI_KINDS, SLOTS, YEN_CARDS

DIRECTIONS = ("1", "2", "3", "4", "5")
MAX_SEATS = 5

ITEMS: dict[str, dict[str, Any]] = {
    "qi": {"ids": list(QI_KINDS), "param": "qi", "unique": False, "supply": ["deck"],
           "label": {"en": "Qi cards", "it": "Carte Qi", "fr": "Cartes Qi"}},
    "yen": {"ids": list(YEN_CARDS), "param": "card", "unique": False, "supply": ["piles"],
            "label": {"en": "Yen cards", "it": "Carte Yen", "fr": "Cartes Yen"}},
    "pawn": {"ids": [f"pawn-{p}" for p in range(MAX_SEATS)], "param": "pawn", "unique": True, "per_seat": True,
             "icon": "♟",
             "name": {"en": "Pawn of {player}", "it": "Toro di fuoco di {player}", "fr": "Pion de {player}"},
             "label": {"en": "Pawns", "it": "Tori di fuoco", "fr": "Pions"}},
}


def _rows(data: dict) -> dict | None:
    rows = data.get("rows")
    return rows if isinstance(rows, dict) else None


def slot_get(data: dict, slot: str) -> list | None:
    rows = _rows(data)
    if rows is None:
        return None
    card = rows.get(slot)
    return [card] if isinstance(card, str) else []


def slot_set(data: dict, slot: str, got: list) -> None:
    rows = _rows(data)
    if rows is not None:
        rows[slot] = got[0] if got else None


def _seats(data: dict) -> list:
    players = data.get("players")
    return players if isinstance(players, list) else []


def direction_get(data: dict, direction: str) -> list:
    """The pawns on a direction (a seat's object keeps its pawn's direction)."""
    return [f"pawn-{p}" for p, seat in enumerate(_seats(data))
            if isinstance(seat, dict) and str(seat.get("pawn")) == direction]


def direction_set(data: dict, direction: str, got: list) -> None:
    """A pawn put on a direction: its seat's pawn faces it (a pawn taken off waits to be put down)."""
    seats = _seats(data)
    for item in got:
        p = int(item.rsplit("-", 1)[1])
        if p < len(seats) and isinstance(seats[p], dict):
            seats[p]["pawn"] = int(direction)

ZONES: list[dict[str, Any]] = [
    {"field": "players", "key": "hand", "per": "seat", "accepts": "qi", "order": "set", "max": HAND_LIMIT + 12,
     "label": {"en": "Hand of {player}", "it": "Mano di {player}", "fr": "Main de {player}"}},
    {"field": "players", "key": "won", "per": "seat", "accepts": "yen", "order": "top-last", "max": 54,
     "label": {"en": "Yen cards won by {player}", "it": "Carte Yen vinte da {player}",
               "fr": "Cartes Yen gagnées par {player}"}},
    {"field": "reserve", "accepts": "qi", "order": "top-last", "max": 20,
     "label": {"en": "Qi reserve", "it": "Riserva Qi", "fr": "Réserve Qi"}},
    {"field": "discard", "accepts": "qi", "order": "top-last", "max": 80,
     "label": {"en": "Qi discards", "it": "Scarti Qi", "fr": "Défausse Qi"}},
    {"field": "deck", "accepts": "qi", "order": "top-first", "max": 80, "supply": True,
     "label": {"en": "Qi deck", "it": "Mazzo Qi", "fr": "Pioche Qi"}},
    {"field": "piles", "per": "pile", "count": 3, "accepts": "yen", "order": "top-first", "max": 54, "supply": True,
     "label": {"en": "Yen pile {n}", "it": "Mazzo Yen {n}", "fr": "Pile Yen {n}"}},
    # the board as 001's figures draw it: rows A B C (by the piles), D E F, G H I (by the pawns)
    {"field": "rows", "per": "name", "names": list(SLOTS), "accepts": "yen", "order": "set", "max": 1,
     "board": [list(SLOTS[i:i + 3]) for i in range(0, 9, 3)],
     "board_label": {"en": "The Yen army's rows (the piles above A B C)", "it": "Le file dell'esercito Yen "
                     "(i mazzi sopra A B C)", "fr": "Les rangées de l'armée Yen (les piles au-dessus de A B C)"},
     "get": lambda data, z: slot_get(data, z.name), "set": lambda data, z, got: slot_set(data, z.name, got),
     "label": {"en": "Slot {name}", "it": "Posizione {name}", "fr": "Emplacement {name}"}},
    {"field": "directions", "per": "name", "names": list(DIRECTIONS), "accepts": "pawn", "order": "set", "max": 1,
     "board": [list(DIRECTIONS)],
     "board_label": {"en": "The pawns' directions (1 and 5: the diagonals)",
                     "it": "Le direzioni dei tori di fuoco (1 e 5: le diagonali)",
                     "fr": "Les directions des pions (1 et 5 : les diagonales)"},
     "get": lambda data, z: direction_get(data, z.name),
     "set": lambda data, z, got: direction_set(data, z.name, got),
     "label": {"en": "Direction {name}", "it": "Direzione {name}", "fr": "Direction {name}"}},
]
FIELD_LABELS: dict[str, Any] = {"players": {"en": "Players", "it": "Giocatori", "fr": "Joueurs"}}

PENDING: dict[str, dict[str, str]] = {
    "action": {"en": "the start of a turn", "it": "l'inizio di un turno", "fr": "le début d'un tour"},
}
PENDING_OPTIONS: dict[str, list[str]] = {"action": []}
PENDING_CHOICES: dict[str, tuple[str, list[str]]] = {}
TURN_FIELD = "current_player"
PLAYERS_FIELD = "players"  # a list of seats here: the editor counts it


def home(item: str) -> tuple[str, int | None]:  # pragma: no cover - no unique item in this game
    raise KeyError(item)


def set_pending(data: dict, kind: str, options: dict) -> dict:
    """``data`` at the start of the current player's turn: no attack, no choice under way."""
    data.pop("turn_state", None)
    return data


def pending_of(data: dict) -> tuple[str, dict]:
    ts = data.get("turn_state")
    if isinstance(ts, dict) and (ts.get("attack") or ts.get("pending") or ts.get("stage")):
        return "under-way", {}
    return "action", {}
