"""The Formula E deck as data (``data/deck.json``, a reconstruction) and the card vocabulary.

>>> DECK_SIZE, value_of("g3"), colour_of("p6"), colour_of("tiger")
(72, 3, 'purple', 'yellow')
>>> is_green("g4"), is_green("p5"), COMBOS
(True, False, ('charge', 'carpet', 'mango'))
"""

from __future__ import annotations

from tutor.core import load_json_data

GAME_NAME = "formula-e"
RULEBOOK_FILE = "002_1a656262598f255b.txt"
DATA = "tutor.games.formula_e.data"

_DECK = load_json_data(DATA, "deck.json")
COUNTS: dict[str, int] = {c["id"]: int(c["count"]) for c in _DECK["cards"]}
COLOURS: dict[str, str] = {c["id"]: str(c["colour"]) for c in _DECK["cards"]}
VALUES: dict[str, int] = {c["id"]: int(c["value"]) for c in _DECK["cards"]}
ORDER: tuple[str, ...] = tuple(COUNTS)  # the canonical card order (hands are sorted by it)
DECK_SIZE = sum(COUNTS.values())

# English names: str(action) uses them; the catalog names cards in every language
ENGLISH = {"g1": "green 1", "g2": "green 2", "g3": "green 3", "g4": "green 4", "p5": "purple 5",
           "p6": "purple 6", "charge": "Charge!", "carpet": "Flying Carpet", "mango": "Mango Juice",
           "rat": "Rat", "cow": "Sacred Cow", "monkey": "Monkey", "prayer": "Prayer",
           "snake": "Snake Charmer", "tiger": "Tiger"}
BY_ENGLISH = {v.lower(): k for k, v in ENGLISH.items()}

COMBOS = ("charge", "carpet", "mango")  # played together with a green movement card
SOLO_YELLOWS = ("rat", "cow", "monkey", "prayer", "snake", "tiger")
HAND_SIZE = 6
BANANA_HAND = 9
COBRAS = 4
RAT_MOVES = 6
RAT_SCARE = 3
COW_STEPS = 8
MONKEY_STEALS = 2


def colour_of(card: str) -> str:
    return COLOURS[card]


def value_of(card: str) -> int:
    return VALUES[card]


def is_green(card: str) -> bool:
    return COLOURS.get(card) == "green"


def is_movement(card: str) -> bool:
    return COLOURS.get(card) in ("green", "purple")


RANK: dict[str, int] = {c: i for i, c in enumerate(ORDER)}  # a card's place in the canonical order


def sort_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=RANK.__getitem__))


def full_deck() -> list[str]:
    return [c for c in ORDER for _ in range(COUNTS[c])]
