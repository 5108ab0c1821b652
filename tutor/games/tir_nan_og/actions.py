"""Tir Nan Og Wars' actions: small frozen values whose ``str`` is the rulebook's words.

>>> str(TakeCreatures(("dragon", "elf"))), str(TakeTerritory("castle"))
('take dragon and elf', 'take the castle')
>>> str(Consolidate("castle", ("dragon", "elf", "griffin")))
'consolidate the castle paying dragon, elf and griffin'
>>> parse("consolidate the plain paying griffin and elf") == Consolidate("plain", ("elf", "griffin"))
True
>>> parse("Join the dispute"), parse("discard one fairy")
(Join(), Discard(card='fairy'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.core import ActionParseError, short

from .cards import KINDS, ORDER, RULE_UNKNOWN, SPECIES


def _join(cards: tuple[str, ...]) -> str:
    if not cards:
        return "nothing"
    return " and ".join([", ".join(cards[:-1]), cards[-1]]) if len(cards) > 1 else cards[0]


@dataclass(frozen=True)
class TakeCreatures:
    """Take two creature cards from the display (one when only one is left)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"take {_join(self.cards)}"


@dataclass(frozen=True)
class TakeTerritory:
    """Take the visible territory of a pile into the reserve."""

    kind: str

    def __str__(self) -> str:
        return f"take the {self.kind}"


@dataclass(frozen=True)
class Consolidate:
    """Consolidate the reserve territory of this kind, paying these creature cards."""

    kind: str
    pay: tuple[str, ...]

    def __str__(self) -> str:
        return f"consolidate the {self.kind} paying {_join(self.pay)}"


@dataclass(frozen=True)
class Join:
    """Take part in the fountain dispute."""

    def __str__(self) -> str:
        return "join the dispute"


@dataclass(frozen=True)
class StayOut:
    """Stay out of the fountain dispute."""

    def __str__(self) -> str:
        return "stay out of the dispute"


@dataclass(frozen=True)
class Discard:
    """Discard one creature card from the hand (hand limit, or after winning a fountain)."""

    card: str

    def __str__(self) -> str:
        return f"discard one {self.card}"


@dataclass(frozen=True)
class Pass:
    """Nothing is possible: the turn passes (reconstructed)."""

    def __str__(self) -> str:
        return "pass"


Action = TakeCreatures | TakeTerritory | Consolidate | Join | StayOut | Discard | Pass
ACTION_TYPES = (TakeCreatures, TakeTerritory, Consolidate, Join, StayOut, Discard, Pass)

_SPECIES_WORDS = {c: c for c in SPECIES}
_SPECIES_WORDS.update({c + "s": c for c in SPECIES})
_SPECIES_WORDS.update({"elves": "elf", "fairies": "fairy", "satyr": "griffin", "satyrs": "griffin"})


def _cards(words: str, text: str, allow_nothing: bool = False) -> tuple[str, ...]:
    words = words.strip()
    if allow_nothing and words == "nothing":
        return ()
    parts = [w.strip() for w in re.split(r",|\band\b", words) if w.strip()]
    out = []
    for w in parts:
        w = re.sub(r"^(?:a|an|the|one)\s+", "", w)
        card = _SPECIES_WORDS.get(w)
        if card is None:
            raise ActionParseError(RULE_UNKNOWN, f"{short(text)}: there is no creature called {short(w)}",
                                   "{text}: there is no creature called {word}", {"text": short(text),
                                                                                 "word": short(w)})
        out.append(card)
    if len(out) > 9:
        raise ActionParseError(RULE_UNKNOWN, f"{short(text)} names too many cards",
                               "{text} names too many cards", {"text": short(text)})
    return tuple(sorted(out, key=ORDER.__getitem__))


_KIND = "(" + "|".join(KINDS) + ")"
_PATTERNS = [
    (re.compile(r"^take (?:the )?" + _KIND + "$"), "territory"),
    (re.compile(r"^consolidate (?:the )?" + _KIND + r" paying (.+)$"), "consolidate"),
    (re.compile(r"^take (.+)$"), "creatures"),
    (re.compile(r"^join(?: the dispute)?$"), "join"),
    (re.compile(r"^stay out(?: of the dispute)?$"), "out"),
    (re.compile(r"^discard (.+)$"), "discard"),
    (re.compile(r"^pass$"), "pass"),
]


def parse(text: object) -> Action:
    """Read an action back from its words (ActionParseError when they name no action)."""
    if not isinstance(text, str):
        raise ActionParseError(RULE_UNKNOWN, f"expected action words, got {type(text).__name__}",
                               "expected action words, got {got}", {"got": type(text).__name__})
    if len(text) > 300:
        raise ActionParseError(RULE_UNKNOWN, "these words are too long to be an action",
                               "these words are too long to be an action", {})
    norm = " ".join(text.strip().rstrip(".!").lower().split())
    for pattern, kind in _PATTERNS:
        m = pattern.match(norm)
        if not m:
            continue
        if kind == "territory":
            return TakeTerritory(m.group(1))
        if kind == "consolidate":
            return Consolidate(m.group(1), _cards(m.group(2), text, allow_nothing=True))
        if kind == "creatures":
            return TakeCreatures(_cards(m.group(1), text))
        if kind == "join":
            return Join()
        if kind == "out":
            return StayOut()
        if kind == "discard":
            cards = _cards(m.group(1), text)
            if len(cards) != 1:
                break
            return Discard(cards[0])
        return Pass()
    raise ActionParseError(RULE_UNKNOWN, f"{short(text)} is not a move of Tir Nan Og Wars",
                           "{text} is not a move of Tir Nan Og Wars", {"text": short(text)})


def valid_shape(action: object) -> bool:
    """An action value of one of the game's types with fields of the right types (no look at the table)."""
    if type(action) not in ACTION_TYPES:
        return False
    if isinstance(action, TakeCreatures):
        cards = action.cards
        return type(cards) is tuple and 0 < len(cards) <= 2 and all(type(c) is str and c in ORDER for c in cards)
    if isinstance(action, TakeTerritory):
        return type(action.kind) is str and action.kind in KINDS
    if isinstance(action, Consolidate):
        pay = action.pay
        return (type(action.kind) is str and action.kind in KINDS
                and type(pay) is tuple and len(pay) <= 9 and all(type(c) is str and c in ORDER for c in pay))
    if isinstance(action, Discard):
        return type(action.card) is str and action.card in ORDER
    return True
