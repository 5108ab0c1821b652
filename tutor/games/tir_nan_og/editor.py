"""What the position editor (:mod:`tutor.editor`) may change in a Tir Nan Og Wars position, as data.

Every game declares the same names: ``ITEMS`` (the kinds of thing a teacher puts on the table,
each with its ids in palette order and where a new one comes from), ``ZONES`` (each place of the
scenario JSON that holds items: which kind it takes, whether its order matters, how many it
holds, one per seat or one per pile) and ``PENDING`` (what the position may wait for, set by
:func:`set_pending`).  The labels are worded here in every language; the items' names are the
game's catalog's (``names/<lang>/cards``, ``kinds``).

Creature cards are a multiset: a creature put in a hand comes from the creature deck and goes
back to it when taken away, so the 58 cards always add up.  Territory cards and fountains are
unique: each one is moved from wherever it lies, and taken away it goes back to the bottom of
its pile (where a fountain lies until it is revealed).  A territory turned face down stays in
its player's stack: the face-down place marks it there (``marks``), and it loses the mark when it
leaves the stack.
"""

from __future__ import annotations

from typing import Any

from .cards import DISPLAY_SIZE, FOUNTAINS, HAND_LIMIT, KINDS, SPECIES, TERRITORIES, kind_of, pile_of_fountain

ITEMS: dict[str, dict[str, Any]] = {
    "creature": {"ids": list(SPECIES), "param": "card", "unique": False, "supply": ["deck"],
                 "label": {"en": "Creatures", "it": "Creature", "fr": "Créatures"}},
    "territory": {"ids": list(TERRITORIES) + list(FOUNTAINS), "param": "territory", "unique": True,
                  "label": {"en": "Territories and fountains", "it": "Territori e fontane",
                            "fr": "Territoires et fontaines"}},
}

# order "set": the rules do not care (the file lists them sorted, the editor sorts them);
# "top-first" / "top-last": a pile or stack whose top matters (a new card goes on top)
ZONES: list[dict[str, Any]] = [
    {"field": "hands", "per": "seat", "accepts": "creature", "order": "set", "max": HAND_LIMIT + 2,
     "label": {"en": "Hand of {player}", "it": "Mano di {player}", "fr": "Main de {player}"}},
    {"field": "display", "accepts": "creature", "order": "set", "max": DISPLAY_SIZE,
     "label": {"en": "Display", "it": "Esposizione", "fr": "Étalage"}},
    {"field": "discard", "accepts": "creature", "order": "set", "max": 60,
     "label": {"en": "Creature discards", "it": "Scarti delle creature", "fr": "Défausse des créatures"}},
    {"field": "deck", "accepts": "creature", "order": "top-first", "max": 60, "supply": True,
     "label": {"en": "Creature deck", "it": "Mazzo delle creature", "fr": "Pioche de créatures"}},
    {"field": "reserves", "per": "seat", "accepts": "territory", "order": "set", "max": 6,
     "label": {"en": "Reserve of {player}", "it": "Riserva di {player}", "fr": "Réserve de {player}"}},
    {"field": "stacks", "per": "seat", "accepts": "territory", "order": "top-last", "max": 60,
     "label": {"en": "Consolidated by {player}", "it": "Consolidati di {player}",
               "fr": "Consolidés par {player}"}},
    # a territory turned face down (a lost dispute) stays in its stack: this place marks it there
    {"field": "face_down", "per": "seat", "accepts": "territory", "marks": "stacks", "order": "set", "max": 60,
     "label": {"en": "Face down among those consolidated by {player}",
               "it": "Coperti tra i consolidati di {player}", "fr": "Face cachée parmi les consolidés de {player}"}},
    {"field": "fountains", "per": "seat", "accepts": "territory", "only": list(FOUNTAINS), "order": "set",
     "max": 6, "label": {"en": "Fountains won by {player}", "it": "Fontane vinte da {player}",
                         "fr": "Fontaines gagnées par {player}"}},
    {"field": "piles", "per": "pile", "count": len(KINDS), "names": list(KINDS), "accepts": "territory",
     "order": "top-first", "max": 12, "supply": True,
     "label": {"en": "{kind} pile", "it": "Mazzo {kind}", "fr": "Pile {kind}"}},
]

PENDING: dict[str, dict[str, str]] = {
    "turn": {"en": "a turn (take creatures, take a territory or consolidate)",
             "it": "un turno (prendere creature, prendere un territorio o consolidare)",
             "fr": "un tour (prendre des créatures, prendre un territoire ou consolider)"},
    "dispute": {"en": "a fountain dispute", "it": "una disputa della fontana", "fr": "une dispute de fontaine"},
}
# what a dispute asks for: the fountain, who declares next, who already joined
PENDING_OPTIONS: dict[str, list[str]] = {"turn": [], "dispute": ["fountain", "next", "joined"]}
# an option chosen from a list: the catalog's names of what (``names/<lang>/kinds``), and the values
PENDING_CHOICES: dict[str, tuple[str, list[str]]] = {"fountain": ("kinds", list(KINDS))}
TURN_FIELD = "turn"
PLAYERS_FIELD = "players"


def home(item: str) -> tuple[str, int | None]:
    """Where a unique item goes back to: the bottom of its pile."""
    index = pile_of_fountain(item) if item in FOUNTAINS else KINDS.index(kind_of(item))
    return "piles", index


def set_pending(data: dict, kind: str, options: dict) -> dict:
    """``data`` waiting for ``kind`` (a key of ``PENDING``); the caller has copied ``data``.

    A dispute: the fountain of ``options["fountain"]`` (a pile's kind or a fountain id) goes on
    top of its pile (from wherever it lay), the revealer is the player whose turn it is, every
    player from the revealer up to ``next`` (clockwise) has declared, and those in ``joined``
    take part.  Back to a turn: a fountain on top of a pile goes to its bottom.  A value the
    rules refuse is left for the engine's check to name.
    """
    raw = data.get("players")
    n: int = raw if isinstance(raw, int) and not isinstance(raw, bool) and 2 <= raw <= 4 else 0
    piles = data.get("piles")
    if not isinstance(piles, list) or len(piles) != len(KINDS) or not all(isinstance(p, list) for p in piles):
        return data
    for i, pile in enumerate(piles):  # no fountain on show but the one disputed
        if pile and pile[0] in FOUNTAINS:
            piles[i] = pile[1:] + pile[:1]
    if kind != "dispute" or n < 2:
        data.update(phase="turn", dispute=None)
        return data
    fountain = str(options.get("fountain") or "")
    if fountain in KINDS:
        fountain = "fountain-" + fountain
    if fountain not in FOUNTAINS:
        fountain = next((f for f in FOUNTAINS if any(f in p for p in piles)), FOUNTAINS[0])
    for field in ("fountains", "fountains_lost"):  # a fountain won or lost is disputed again
        places = data.get(field)
        if isinstance(places, list):
            data[field] = [[c for c in x if c != fountain] if isinstance(x, list) else x for x in places] \
                if field == "fountains" else [c for c in places if c != fountain]
    i = pile_of_fountain(fountain)
    piles[i] = [fountain] + [c for c in piles[i] if c != fountain]
    raw = data.get("turn")
    turn: int = raw if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < n else 0
    order = [(turn + k) % n for k in range(n)]
    nxt = options.get("next")
    k = order.index(nxt) if nxt in order else 0
    joined = [q for q in order[:k] if q in (options.get("joined") or ())]
    data.update(phase="dispute", owed=None, dispute={"fountain": fountain, "asked": order[k:], "joined": joined})
    return data


def pending_of(data: dict) -> tuple[str, dict]:
    """What ``data`` waits for, as :func:`set_pending` takes it."""
    dispute = data.get("dispute")
    if data.get("phase") == "dispute" and isinstance(dispute, dict):
        asked = dispute.get("asked") or [None]
        return "dispute", {"fountain": dispute.get("fountain"), "next": asked[0],
                           "joined": list(dispute.get("joined") or ())}
    return "turn", {}
