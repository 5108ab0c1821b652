"""Tir Nan Og Wars' cards, as data: the five creature species and the territory cards.

The rulebook (004) gives neither the species counts nor each territory card's
creature symbols; both are reconstructed in ``data/creatures.json`` and
``data/territories.json`` (the rules panel marks them so).

>>> len(CREATURE_DECK), len(TERRITORIES), len(FOUNTAINS)
(58, 46, 6)
>>> TERRITORIES["castle-1"].symbols, TERRITORIES["castle-1"].value
(('griffin', 'centaur', 'centaur', '?'), 3)
>>> kind_of("fountain-river"), kind_of("river-2")
('fountain', 'river')
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core import load_json_data

GAME_NAME = "tir-nan-og"
RULEBOOK_FILE = "004_2a57b9c3fee78a0a.txt"
RULESETS = ("base",)
DATA = "tutor.games.tir_nan_og.data"

_CREATURES = load_json_data(DATA, "creatures.json")
_TERRITORIES = load_json_data(DATA, "territories.json")

SPECIES: tuple[str, ...] = tuple(_CREATURES["species"])
SPECIES_COUNTS: dict[str, int] = dict(_CREATURES["counts"])
REMOVED_PER_SPECIES = {int(k): v for k, v in _CREATURES["removed_per_species"].items()}
REMOVED_PER_KIND = {int(k): v for k, v in _CREATURES["removed_per_kind"].items()}
ANY = "?"
ORDER = {c: i for i, c in enumerate(SPECIES)}

KINDS: tuple[str, ...] = tuple(_TERRITORIES["kinds"])  # the six piles, in this order
VALUES: dict[str, int] = dict(_TERRITORIES["values"])
FOUNTAIN = "fountain"

HAND_LIMIT = 7
RESERVE_LIMIT = 7
DISPLAY_SIZE = 5
DEAL = 3
TEMPLE_MINIMUM = 3


@dataclass(frozen=True)
class Territory:
    id: str
    kind: str
    value: int
    symbols: tuple[str, ...]


TERRITORIES: dict[str, Territory] = {
    c["id"]: Territory(c["id"], c["kind"], int(c["value"]), tuple(c["symbols"])) for c in _TERRITORIES["cards"]
}
FOUNTAINS: tuple[str, ...] = tuple(_TERRITORIES["fountains"])
TERRITORY_ORDER = {cid: i for i, cid in enumerate(list(TERRITORIES) + list(FOUNTAINS))}
CREATURE_DECK: tuple[str, ...] = tuple(c for c in SPECIES for _ in range(SPECIES_COUNTS[c]))


# per territory card id (fountains included): its kind and its value, looked up once
KIND: dict[str, str] = {**{cid: t.kind for cid, t in TERRITORIES.items()}, **{f: FOUNTAIN for f in FOUNTAINS}}
VALUE: dict[str, int] = {**{cid: t.value for cid, t in TERRITORIES.items()}, **{f: 0 for f in FOUNTAINS}}


def kind_of(card: str) -> str:
    """The kind of a territory card id ("fountain" for a magic fountain)."""
    return KIND[card]


def pile_of_fountain(card: str) -> int:
    """The pile a fountain is shuffled into (fountain-river goes into the river pile)."""
    return KINDS.index(card.split("-", 1)[1])


def sort_creatures(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def sort_territories(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=TERRITORY_ORDER.__getitem__))


def value_of(card: str) -> int:
    """A territory's value (yellow circles); a fountain has none."""
    return VALUE[card]


# ----------------------------------------------------------- rule ids
R = GAME_NAME + "/"
RULE_SETUP_CREATURES = R + "setup/creatures"
RULE_SETUP_TERRITORIES = R + "setup/territories"
RULE_SETUP_FOUNTAINS = R + "setup/fountains"
RULE_SETUP_PLAIN = R + "setup/plain"
RULE_SETUP_DEAL = R + "setup/deal"
RULE_SETUP_FIRST = R + "setup/first-player"
RULE_TURN = R + "turn/one-action"
RULE_PASS = R + "turn/pass"
RULE_UNKNOWN = R + "turn/unknown-action"
RULE_TAKE_CREATURES = R + "creatures/take-two"
RULE_REFILL = R + "creatures/refill"
RULE_HAND_LIMIT = R + "creatures/hand-limit"
RULE_TAKE_TERRITORY = R + "territory/take"
RULE_RESERVE_VALUE = R + "territory/reserve-value"
RULE_ONE_PER_KIND = R + "territory/one-per-kind"
RULE_PAY = R + "consolidate/pay"
RULE_ANY = R + "consolidate/any-creature"
RULE_STACK = R + "consolidate/stack"
RULE_DISPUTE = R + "fountain/dispute"
RULE_DECLARE = R + "fountain/declare"
RULE_COUNT = R + "fountain/count"
RULE_TIE = R + "fountain/tie"
RULE_ABSOLUTE_TIE = R + "fountain/absolute-tie"
RULE_NOBODY = R + "fountain/nobody"
RULE_WINNER = R + "fountain/winner"
RULE_WINNER_DISCARD = R + "fountain/winner-discards"
RULE_LOSERS = R + "fountain/losers"
RULE_KEPT = R + "fountain/kept"
RULE_PLAIN = R + "power/plain"
RULE_FOREST = R + "power/forest"
RULE_RIVER = R + "power/river"
RULE_TEMPLE = R + "power/temple"
RULE_TEMPLE_MINIMUM = R + "power/temple-minimum"
RULE_CASTLE = R + "power/castle"
RULE_VOLCANO = R + "power/volcano"
RULE_FACE_DOWN = R + "power/face-down"
RULE_FIRST_RUNOUT = R + "end/first-runout"
RULE_RESHUFFLE = R + "end/reshuffle"
RULE_SECOND_RUNOUT = R + "end/second-runout"
RULE_SCORING = R + "scoring/territories"
RULE_TOTAL = R + "scoring/total"
RULE_TIE_BREAK = R + "scoring/tie-break"
RULE_SPECIES = R + "data/species"
RULE_TERRITORY_DATA = R + "data/territories"
