"""Fire Bulls cards: the tutor's notation, printed symbols and face values, names.

The table, as in 001's figures::

      pile 1  pile 2  pile 3
        A       B       C        <- the row nearest the Yen piles
        D       E       F
        G       H       I        <- the row nearest the pawns
     1    2       3       4    5 <- directions (1 and 5 are the diagonals)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

from tutor.core import load_json_data, short

NAME = "fire-bulls"
COLOURS = ("green", "yellow", "red", "blue", "brown")
QI_KINDS = COLOURS + ("warrior",)
SLOTS = "ABCDEFGHI"
HAND_LIMIT = 8
ROWS_PER_COLUMN = 3
PILE_SIZE = 18
EXHAUSTIONS_TO_END = 3
RULESETS = ("it", "fr")
#: what the player to move decides (``FireBulls.decision``); named in data/messages.json under names/<lang>/decisions
DECISIONS = ("action", "attack", "power", "colonel", "penalty", "hand-limit")

SLOT_INDEX = {s: i for i, s in enumerate(SLOTS)}
# Column c (0, 1, 2) holds slots c, c+3, c+6: A D G, B E H, C F I.
COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
PATHS = {1: "GEC", 2: "GDA", 3: "HEB", 4: "IFC", 5: "IEA"}
PATH_INDEXES = {d: tuple(SLOT_INDEX[s] for s in p) for d, p in PATHS.items()}
NEIGHBOURS = {1: (2,), 2: (1, 3), 3: (2, 4), 4: (3, 5), 5: (4,)}

_FACE = {"soldier": 1, "wu": 2, "xi": 3, "bo": 6, "colonel": 8, "general": 12, "palisade": 0}
_DISPLAY = {"soldier": "Soldier", "wu": "Wu", "xi": "Xi", "bo": "Bo", "colonel": "Colonel",
            "general": "General", "palisade": "Palisade"}
POWER_CARDS = ("bo", "colonel", "general")


def next_target(slots: Sequence[str | None], direction: int) -> int | None:
    """The slot an attack along ``direction`` takes next: the nearest one holding a card."""
    for i in PATH_INDEXES[direction]:
        if slots[i] is not None:
            return i
    return None


def rid(topic: str, ruleset: str | None = None) -> str:
    """The id of a rule; ``ruleset`` picks the rulebook's own clause."""
    return f"{NAME}/{topic}/{ruleset}" if ruleset else f"{NAME}/{topic}"


# --------------------------------------------------------------------------- cards


class NotationError(ValueError):
    """Text that is not a card of the tutor's notation; the message has a template
    so the panels can show it in Italian and French."""

    def __init__(self, template: str, **params: Any):
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


def _canonical_colours(colours: Iterable[str]) -> tuple[str, ...]:
    order = {c: i for i, c in enumerate(COLOURS + ("white",))}
    return tuple(sorted(colours, key=order.__getitem__))


def parse_card(text: str) -> str:
    """Read a Yen card in the tutor's notation and return its canonical form.

    >>> parse_card("wu:red+green"), parse_card(" Bo ")
    ('wu:green+red', 'bo')
    """
    if not isinstance(text, str):
        raise NotationError("a Yen card is written as text, not {got}", got=type(text).__name__)
    if len(text) > 40:
        raise NotationError("{what} is not a Yen card: write soldier:<colour>, wu:<colour> or wu:<colour>+<colour>, "
                            "xi:<colour>, bo, colonel, general or palisade (colours: {choices})",
                            what=short(text), choices=", ".join(COLOURS + ("white",)))
    return _parse_card(text)


@lru_cache(maxsize=4096)  # well-typed, short texts only: a file's junk cannot fill it
def _parse_card(text: str) -> str:
    t = text.strip().lower()
    if t in ("bo", "colonel", "general", "palisade"):
        return t
    kind, sep, rest = t.partition(":")
    allowed = COLOURS + ("white",)
    if sep and kind in ("soldier", "xi") and rest in allowed:
        return t
    if sep and kind == "wu":
        parts = rest.split("+")
        if len(parts) in (1, 2) and all(p in allowed for p in parts):
            if len(parts) == 2 and parts[0] == parts[1]:
                return f"wu:{parts[0]}"
            return "wu:" + "+".join(_canonical_colours(parts))
    raise NotationError("{what} is not a Yen card: write soldier:<colour>, wu:<colour> or wu:<colour>+<colour>, "
                        "xi:<colour>, bo, colonel, general or palisade (colours: {choices})",
                        what=short(text), choices=", ".join(allowed))


def card_kind(card: str) -> str:
    return card.partition(":")[0]


def face_value(card: str) -> int:
    """Points printed on a Yen card.

    >>> face_value("bo"), face_value("palisade"), face_value("wu:blue")
    (6, 0, 2)
    """
    return _FACE[card_kind(card)]


@cache
def symbols(card: str, ruleset: str = "it") -> tuple[str, ...]:
    """The colour symbols printed on a Yen card ("white" pays with any colour).

    >>> symbols("bo")
    ('green', 'yellow', 'red', 'blue', 'brown')
    >>> symbols("wu:green+red"), symbols("xi:white")
    (('green', 'red'), ('white', 'white', 'white'))
    """
    kind, _, rest = card.partition(":")
    if kind == "soldier":
        return (rest,)
    if kind == "wu":
        parts = rest.split("+")
        return tuple(parts) if len(parts) == 2 else (rest, rest)
    if kind == "xi":
        return (rest,) * 3
    if kind == "bo":
        return COLOURS
    if kind == "palisade":
        return ("white",)
    if kind == "colonel":
        return ("white",) * 5
    if kind == "general":
        return ("white",) * 7
    raise ValueError(card)


def card_name(card: str, lang: str = "en") -> str:
    """A card as the rulebooks name it, in English, Italian or French.

    >>> card_name("xi:white"), card_name("wu:green+red"), card_name("bo")
    ('Xi (white)', 'Wu (green+red)', 'Bo')
    >>> card_name("soldier:red", "it"), card_name("colonel", "fr")
    ('Soldato (rosso)', 'Colonel')
    """
    kind, _, rest = card.partition(":")
    if lang == "en":
        return f"{_DISPLAY[kind]} ({rest})" if rest else _DISPLAY[kind]
    name = NAMES[lang]["cards"][kind]
    if not rest:
        return name
    return f"{name} ({'+'.join(colour_name(c, lang) for c in rest.split('+'))})"


def card_from_name(name: str) -> str:
    m = re.fullmatch(r"\s*([A-Za-z]+)\s*(?:\(([a-z+ ]+)\))?\s*", name)
    if not m:
        raise ValueError(f"{name!r} is not a card name")
    kind = m.group(1).lower()
    if kind not in _DISPLAY:
        raise ValueError(f"{name!r} is not a card name")
    return parse_card(f"{kind}:{m.group(2).replace(' ', '')}" if m.group(2) else kind)


def parse_qi(text: str) -> str:
    """Read a Qi card: a bull colour or ``warrior``."""
    if not isinstance(text, str) or text.strip().lower() not in QI_KINDS:
        raise NotationError("{what} is not a Qi card: write one of {choices}", what=short(text),
                            choices=", ".join(QI_KINDS))
    return text.strip().lower()


def qi_sort(cards: Iterable[str]) -> tuple[str, ...]:
    order = QI_ORDER
    return tuple(sorted(cards, key=order.__getitem__))


QI_ORDER = {c: i for i, c in enumerate(QI_KINDS)}
# ------------------------------------------------------------------- languages
#
# Narration and error messages are written in English in the code (the
# template is the message id, gettext-style); their Italian and French
# templates, and the names of cards and colours, are data.

LANGS = ("en", "it", "fr")
TEXT = load_json_data("tutor.games.fire_bulls.data", "messages.json")
NAMES = TEXT["names"]

# The decks: every card of the game, counted (the Yen deck per ruleset).
_DECK = load_json_data("tutor.games.fire_bulls.data", "deck.json")
DECK_MANIFEST: dict[str, dict[str, int]] = _DECK["rulesets"]
QI_MANIFEST: dict[str, int] = _DECK["qi"]
DECK_ABOUT: str = _DECK["about"]


#: every Yen card of either ruleset's deck, in the tutor's notation
YEN_CARDS: tuple[str, ...] = tuple(sorted({card for deck in DECK_MANIFEST.values() for card in deck}))


def yen_deck(ruleset: str = "it") -> list[str]:
    """The 54 Yen cards of a ruleset's deck (reconstructed symbols)."""
    return [card for card, n in DECK_MANIFEST[ruleset].items() for _ in range(n)]


def qi_deck() -> list[str]:
    """The 54 Qi cards."""
    return [card for card, n in QI_MANIFEST.items() for _ in range(n)]
def colour_name(colour: str, lang: str = "en") -> str:
    """A colour (or ``warrior``) in a language: ``colour_name("red", "it") == "rosso"``."""
    return NAMES[lang]["colours"].get(colour, colour)


def qi_name(card: str, lang: str = "en") -> str:
    """A Qi card: its colour, or the Warrior."""
    return colour_name(card, lang)
