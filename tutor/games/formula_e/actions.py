"""Formula E actions: small frozen values whose ``str`` is the rulebook's words, and ``parse`` reading them back.

>>> str(PlayPair("charge", "g3")), str(Move(("f", "f", "l"))), str(RatTo((4, 2)))
('play Charge! with green 3', 'move forward, forward, left', 'send the Rat to c5')
>>> parse("play Charge! with green 3") == PlayPair("charge", "g3")
True
>>> parse("discard Rat, green 1"), parse("give a Cobra to seat 3")
(Discard(cards=('g1', 'rat')), Give(source=None, target=2))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.core import ActionParseError, short

from .cards import BY_ENGLISH, ENGLISH, sort_cards
from .track import Cell, cell_name, parse_cell

RULE_UNKNOWN = "formula-e/action/unknown"
STEP_WORDS = {"f": "forward", "l": "left", "r": "right", "dl": "diagonal left", "dr": "diagonal right",
              "fly": "fly"}
BY_STEP = {v: k for k, v in STEP_WORDS.items()}
DIRECTIONS = {"forward": (1, 0), "back": (-1, 0), "left": (0, -1), "right": (0, 1)}


@dataclass(frozen=True)
class Place:
    """Place your elephant on a free space of the start grid."""

    cell: Cell

    def __str__(self) -> str:
        return f"place at {cell_name(self.cell)}"


@dataclass(frozen=True)
class Play:
    """Play one card (its effect resolves once the Tiger window closes)."""

    card: str

    def __str__(self) -> str:
        return f"play {ENGLISH[self.card]}"


@dataclass(frozen=True)
class PlayPair:
    """Play Charge!, Flying Carpet or Mango Juice together with a green card."""

    yellow: str
    green: str

    def __str__(self) -> str:
        return f"play {ENGLISH[self.yellow]} with {ENGLISH[self.green]}"


@dataclass(frozen=True)
class Discard:
    """Discard cards: any number as a turn, one for a Cobra."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "discard " + ", ".join(ENGLISH[c] for c in self.cards)


@dataclass(frozen=True)
class EndTurn:
    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True)
class Cancel:
    """Play a Tiger out of turn, cancelling this card of the active player."""

    card: str

    def __str__(self) -> str:
        return f"cancel {ENGLISH[self.card]} with a Tiger"


@dataclass(frozen=True)
class Allow:
    """Let the card resolve (always open in the Tiger window)."""

    def __str__(self) -> str:
        return "let it resolve"


@dataclass(frozen=True)
class Move:
    """The elephant's whole move, step by step (``f``, ``l``, ``r``, ``dl``, ``dr``, or ``fly``)."""

    steps: tuple[str, ...]

    def __str__(self) -> str:
        if not self.steps:
            return "move: stay"
        return "move " + ", ".join(STEP_WORDS[s] for s in self.steps)


@dataclass(frozen=True)
class RatTo:
    """Move the Rat (up to six moves) to this space."""

    cell: Cell

    def __str__(self) -> str:
        return f"send the Rat to {cell_name(self.cell)}"


@dataclass(frozen=True)
class CowStep:
    """Move the Sacred Cow on ``cell`` one space in ``direction``."""

    cell: Cell
    direction: str

    def __str__(self) -> str:
        return f"move the cow at {cell_name(self.cell)} {self.direction}"


@dataclass(frozen=True)
class StopCows:
    def __str__(self) -> str:
        return "stop moving cows"


@dataclass(frozen=True)
class Steal:
    """Monkey: steal two random cards from this seat."""

    victim: int

    def __str__(self) -> str:
        return f"steal from seat {self.victim + 1}"


@dataclass(frozen=True)
class Take:
    """Prayer: take this card from the discards ("" when they are empty)."""

    card: str

    def __str__(self) -> str:
        return f"take {ENGLISH[self.card]} from the discards" if self.card else "take nothing"


@dataclass(frozen=True)
class Give:
    """Snake Charmer: give a Cobra (from the box, or from ``source``'s ones when all four are out) to ``target``."""

    source: int | None
    target: int

    def __str__(self) -> str:
        if self.source is None:
            return f"give a Cobra to seat {self.target + 1}"
        return f"move a Cobra from seat {self.source + 1} to seat {self.target + 1}"


Action = (Place | Play | PlayPair | Discard | EndTurn | Cancel | Allow | Move | RatTo | CowStep | StopCows | Steal
          | Take | Give)
ACTION_TYPES = (Place, Play, PlayPair, Discard, EndTurn, Cancel, Allow, Move, RatTo, CowStep, StopCows, Steal,
                Take, Give)


def _card(text: str) -> str:
    card = BY_ENGLISH.get(text.strip().lower())
    if card is None:
        raise ValueError(text)
    return card


def _cell(text: str) -> Cell:
    cell = parse_cell(text)
    if cell is None:
        raise ValueError(text)
    return cell


def _seat(text: str) -> int:
    if not re.fullmatch(r"[1-9]", text):
        raise ValueError(text)
    return int(text) - 1


def parse(text: object) -> Action:
    """Read ``str(action)`` back; ActionParseError for anything that names no action."""
    if not isinstance(text, str) or len(text) > 300:
        raise _unknown(text)
    t = " ".join(text.strip().split())
    low = t.lower()
    try:
        if low == "end the turn":
            return EndTurn()
        if low == "let it resolve":
            return Allow()
        if low == "stop moving cows":
            return StopCows()
        if low == "take nothing":
            return Take("")
        if low == "move: stay":
            return Move(())
        if m := re.fullmatch(r"place at (\w+)", low):
            return Place(_cell(m.group(1)))
        if m := re.fullmatch(r"play (.+) with (.+)", low):
            return PlayPair(_card(m.group(1)), _card(m.group(2)))
        if m := re.fullmatch(r"play (.+)", low):
            return Play(_card(m.group(1)))
        if m := re.fullmatch(r"discard (.+)", low):
            return Discard(sort_cards(_card(c) for c in m.group(1).split(",")))
        if m := re.fullmatch(r"cancel (.+) with a tiger", low):
            return Cancel(_card(m.group(1)))
        if m := re.fullmatch(r"move ((?:[a-z ]+)(?:, [a-z ]+)*)", low):
            steps = tuple(BY_STEP[s.strip()] for s in m.group(1).split(","))
            if len(steps) > 12:
                raise ValueError(t)
            return Move(steps)
        if m := re.fullmatch(r"send the rat to (\w+)", low):
            return RatTo(_cell(m.group(1)))
        if m := re.fullmatch(r"move the cow at (\w+) (forward|back|left|right)", low):
            return CowStep(_cell(m.group(1)), m.group(2))
        if m := re.fullmatch(r"steal from seat (\d+)", low):
            return Steal(_seat(m.group(1)))
        if m := re.fullmatch(r"take (.+) from the discards", low):
            return Take(_card(m.group(1)))
        if m := re.fullmatch(r"give a cobra to seat (\d+)", low):
            return Give(None, _seat(m.group(1)))
        if m := re.fullmatch(r"move a cobra from seat (\d+) to seat (\d+)", low):
            return Give(_seat(m.group(1)), _seat(m.group(2)))
    except (ValueError, KeyError):
        pass
    raise _unknown(text)


def _unknown(text: object) -> ActionParseError:
    shown = short(text)
    return ActionParseError(RULE_UNKNOWN, f"{shown} is not a Formula E action",
                            template="{text} is not a Formula E action", params={"text": shown})
