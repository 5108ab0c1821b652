"""What the position editor (:mod:`tutor.editor`) may change in a Formula E position, as data.

The same names as every game's (see ``tutor.games.tir_nan_og.editor``).  The cards: each comes
from the deck and goes back to it; a hand's order does not matter (the file's reader sorts it).
The elephants, the Sacred Cows and the Rat stand on the track's spaces (``b3``: lane b, row 3),
each space a place of the editor, drawn as the track lies (the finish at the top): an elephant
or the Rat put on a space leaves the one it stood on, a cow is put down or taken off at will, and
the engine's check says what the rules refuse (two pieces on one space, a cow on the start grid
while it fills, a race without its Rat).  A card being played stays in the JSON (its disclosure).
"""

from __future__ import annotations

from typing import Any

from .cards import BANANA_HAND, ORDER
from .track import TRACKS, Track, cell_name, parse_cell

MAX_SEATS = 6
ELEPHANTS = [f"elephant-{p}" for p in range(MAX_SEATS)]
COW, RAT = "piece-cow", "piece-rat"

ITEMS: dict[str, dict[str, Any]] = {
    "card": {"ids": list(ORDER), "param": "card", "unique": False, "supply": ["deck"],
             "label": {"en": "Cards", "it": "Carte", "fr": "Cartes"}},
    # the pieces on the track: each elephant (a seat's) and the Rat is one piece; the cows, as many as put down
    "piece": {"ids": ELEPHANTS + [COW, RAT], "param": "piece", "unique": ELEPHANTS + [RAT], "free": True,
              "per_seat": ELEPHANTS, "icon": "●",
              "name": {"en": "Elephant of {player}", "it": "Elefante di {player}", "fr": "Éléphant de {player}"},
              "names": {COW: {"en": "Sacred Cow", "it": "Mucca Sacra", "fr": "Vache Sacrée"},
                        RAT: {"en": "Rat", "it": "Topo", "fr": "Rat"}},
              "label": {"en": "Pieces on the track", "it": "Pezzi sul tracciato", "fr": "Pièces sur la piste"}},
}


def track_of(data: dict) -> Track | None:
    """The position's track (a known one by name, or its own map), or None when the file has none."""
    raw = data.get("track")
    if isinstance(raw, str):
        return TRACKS.get(raw)
    if not isinstance(raw, dict):
        return None
    rows = raw.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) and r for r in rows):
        return None
    track = Track(str(raw.get("name", "")), tuple(rows))
    return None if track.problem() else track


def spaces(data: dict) -> list[str]:
    """Every space of the track, row by row from the start."""
    track = track_of(data)
    if track is None:
        return []
    return [cell_name((r, lane)) for r in range(track.rows_count) for lane in range(track.width)
            if track.on_board((r, lane))]


def board(data: dict) -> list[list[str | None]]:
    """The spaces as the track lies, the finish at the top (None: no space there)."""
    track = track_of(data)
    if track is None:
        return []
    return [[cell_name((r, lane)) if track.on_board((r, lane)) else None for lane in range(track.width)]
            for r in reversed(range(track.rows_count))]


# what a space of the map is, for its colour in the editor (the legend of ``data/tracks.json``)
SPACE_KINDS = {"S": "start", "C": "cow", "B": "banana", "=": "bridge", "~": "river", "o": "hole"}


def space_kind(data: dict, space: str) -> str:
    """What lies on a space: ``start``, ``cow`` (a Sacred Cow's place), ``banana``, ``bridge``, ``river``,
    ``hole`` (the Rat's) or ``plain``."""
    track = track_of(data)
    cell = parse_cell(space)
    return SPACE_KINDS.get(track.kind(cell), "plain") if track is not None and cell is not None else "plain"


def _seats(data: dict) -> list:
    got = data.get("elephants")
    return got if isinstance(got, list) else []


def space_get(data: dict, space: str) -> list:
    """The pieces on a space: the elephants of the seats standing there, the cows, the Rat."""
    cows = data.get("cows")
    got = [ELEPHANTS[p] for p, cell in enumerate(_seats(data)) if cell == space and p < MAX_SEATS]
    got += [COW] * (cows.count(space) if isinstance(cows, list) else 0)
    return got + ([RAT] if data.get("rat") == space else [])


def space_set(data: dict, space: str, got: list) -> None:
    """The pieces on a space as ``got`` says: a piece put there leaves the space it stood on."""
    elephants = _seats(data)
    for p, cell in enumerate(elephants):
        here = p < MAX_SEATS and ELEPHANTS[p] in got
        if here:
            elephants[p] = space
        elif cell == space:
            elephants[p] = None
    cows = data.get("cows")
    cows = [c for c in cows if c != space] if isinstance(cows, list) else []
    data["cows"] = sorted(cows + [space] * got.count(COW))
    if RAT in got:
        data["rat"] = space
    elif data.get("rat") == space:
        data["rat"] = None


ZONES: list[dict[str, Any]] = [
    {"field": "hands", "per": "seat", "accepts": "card", "order": "set", "max": BANANA_HAND + 3,
     "label": {"en": "Hand of {player}", "it": "Mano di {player}", "fr": "Main de {player}"}},
    {"field": "discard", "accepts": "card", "order": "top-last", "max": 120,
     "label": {"en": "Discards", "it": "Scarti", "fr": "Défausse"}},
    {"field": "deck", "accepts": "card", "order": "top-first", "max": 120, "supply": True,
     "label": {"en": "Deck", "it": "Mazzo", "fr": "Pioche"}},
    {"field": "track", "per": "name", "names": spaces, "board": board, "cell_class": space_kind, "accepts": "piece",
     "board_label": {"en": "The track (the finish at the top)", "it": "Il tracciato (l'arrivo in alto)",
                     "fr": "La piste (l'arrivée en haut)"},
     "order": "set", "max": 3,
     "get": lambda data, z: space_get(data, z.name), "set": lambda data, z, got: space_set(data, z.name, got),
     "label": {"en": "Space {name}", "it": "Casella {name}", "fr": "Case {name}"}},
]
# the engine's fields no place lists: named as the pieces they hold
FIELD_LABELS: dict[str, Any] = {
    "elephants": {"en": "Elephant of {player}", "it": "Elefante di {player}", "fr": "Éléphant de {player}"},
    "cows": {"en": "Sacred Cows", "it": "Mucche Sacre", "fr": "Vaches Sacrées"},
    "rat": {"en": "Rat", "it": "Topo", "fr": "Rat"},
}

# what the position waits for is the engine's own (placing the elephants, a turn, a card's effect):
# the editor keeps it as it is
PENDING: dict[str, dict[str, str]] = {}
PENDING_OPTIONS: dict[str, list[str]] = {}
PENDING_CHOICES: dict[str, tuple[str, list[str]]] = {}
TURN_FIELD = "active"
PLAYERS_FIELD = "players"


def home(item: str) -> tuple[str, int | None]:
    raise KeyError(item)  # no card is unique; a piece taken off the track is off it


def set_pending(data: dict, kind: str, options: dict) -> dict:  # pragma: no cover - PENDING is empty
    return data


def pending_of(data: dict) -> tuple[str, dict]:
    phase = data.get("phase")
    return (phase if isinstance(phase, str) else "turn"), {}
