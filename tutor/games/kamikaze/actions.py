"""Kamikaze Attack's actions and how their words are read back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tutor.core import ActionParseError, short

from .cards import CARDS, ITALIAN, NAMES, RULE_CHALLENGE, RULE_PLAY


@dataclass(frozen=True)
class Challenge:
    """With three or more players: the player whose turn it is picks an opponent."""

    opponent: int

    def __str__(self) -> str:
        return f"challenge player {self.opponent + 1}"


@dataclass(frozen=True)
class Play:
    """Set a card aside face down for this duel."""

    card: str

    def __str__(self) -> str:
        return f"play the {NAMES.get(self.card, self.card)}"


@dataclass(frozen=True)
class Swap:
    """Replace the Familiar just revealed by another card from the hand."""

    card: str

    def __str__(self) -> str:
        return f"swap the Familiar for the {NAMES.get(self.card, self.card)}"


@dataclass(frozen=True)
class Keep:
    """Leave the Familiar in the duel."""

    def __str__(self) -> str:
        return "keep the Familiar"


@dataclass(frozen=True)
class TakeBack:
    """After a Cleric's retreat: take a card back from the opponent's graveyard."""

    card: str

    def __str__(self) -> str:
        return f"take back the {NAMES.get(self.card, self.card)}"


@dataclass(frozen=True)
class Decline:
    """After a Cleric's retreat: take nothing back."""

    def __str__(self) -> str:
        return "take nothing back"


@dataclass(frozen=True)
class Stop:
    """After playing the same card twice from a position nothing can answer: end the game in a stalemate."""

    def __str__(self) -> str:
        return "end the game in stalemate"


@dataclass(frozen=True)
class PlayOn:
    """After playing the same card twice from a position nothing can answer: go on, with another card."""

    def __str__(self) -> str:
        return "play on with another card"


Action = Challenge | Play | Swap | Keep | TakeBack | Decline | Stop | PlayOn
MAX_ACTION_CHARS = 200  # longer text is no action

_WORDS = {c: c for c in CARDS}
_WORDS.update({ITALIAN[c].lower(): c for c in CARDS})
_WORDS.update({"shield-bearer": "shieldbearer", "shield": "shieldbearer", "sword": "swordsman"})
_ART = r"(?:(?:the|a|an|il|lo|la|l')\s*)?"
_PATTERNS = [
    (re.compile(r"^challenge (?:player |p)?(\d{1,3})$"), "challenge"),
    (re.compile(r"^swap (?:the )?familiar (?:for|with) " + _ART + r"([a-z'-]+)$"), "swap"),
    (re.compile(r"^keep (?:the )?familiar$"), "keep"),
    (re.compile(r"^take back " + _ART + r"([a-z'-]+)$"), "take"),
    (re.compile(r"^take nothing(?: back)?$"), "decline"),
    (re.compile(r"^(?:end the game(?: in (?:a )?stalemate)?|stalemate|stop)$"), "stop"),
    (re.compile(r"^(?:play on|go on)(?: with (?:another|a different|an other) card)?$"), "play-on"),
    (re.compile(r"^(?:play|gioca) " + _ART + r"([a-z'-]+)$"), "play"),
]


def _parse_error(rule: str, template: str, **params: Any) -> ActionParseError:
    return ActionParseError(rule, template.format(**params), template, params)


def _card_word(word: str, text: str) -> str:
    card = _WORDS.get(word.strip("'"))
    if card is None:
        raise _parse_error(RULE_PLAY, "{text}: there is no card called {word}", text=short(text), word=short(word))
    return card


def parse(text: Any) -> Action:
    """Read an action back from its words (English; Italian card names accepted).

    >>> parse("play the Archer"), parse("Challenge player 3"), parse("gioca lo Scudiero")
    (Play(card='archer'), Challenge(opponent=2), Play(card='shieldbearer'))
    >>> str(parse("swap the familiar for the sapper"))
    'swap the Familiar for the Sapper'
    """
    if not isinstance(text, str):
        raise _parse_error(RULE_PLAY, "expected action words, got {got}", got=type(text).__name__)
    if len(text) > MAX_ACTION_CHARS:
        raise _parse_error(RULE_PLAY, "{text} is not a move of Kamikaze Attack; say e.g. 'play the Archer', "
                           "'challenge player 2', 'swap the Familiar for the Archer', 'keep the Familiar', "
                           "'take back the Archer' or 'take nothing back'", text=short(text))
    norm = " ".join(text.strip().rstrip(".!").lower().split())
    for pattern, kind in _PATTERNS:
        m = pattern.match(norm)
        if not m:
            continue
        if kind == "challenge":
            n = int(m.group(1))
            if n < 1:
                raise _parse_error(RULE_CHALLENGE, "{text}: players are numbered from 1", text=short(text))
            return Challenge(n - 1)
        if kind == "keep":
            return Keep()
        if kind == "decline":
            return Decline()
        if kind == "stop":
            return Stop()
        if kind == "play-on":
            return PlayOn()
        card = _card_word(m.group(1), text)
        if kind == "swap":
            return Swap(card)
        return TakeBack(card) if kind == "take" else Play(card)
    raise _parse_error(RULE_PLAY, "{text} is not a move of Kamikaze Attack; say e.g. 'play the Archer', "
                       "'challenge player 2', 'swap the Familiar for the Archer', 'keep the Familiar', "
                       "'take back the Archer' or 'take nothing back'", text=short(text))
