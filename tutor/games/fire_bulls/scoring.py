"""Scoring victory piles and naming the winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.games.fire_bulls.cards import face_value, parse_card, symbols


@dataclass(frozen=True)
class PileScore:
    """A victory pile scored: face values, colour bonus, and the end penalty."""

    face: int
    bonus: int
    total: int
    removed: str | None
    bonus_cards: tuple[str, ...]
    cards: tuple[str, ...]
    highest: int


def score_pile(cards: Sequence[str], colour: str, escaped: bool, ruleset: str = "it") -> PileScore:
    """Score a victory pile for a player whose pawn is ``colour``.

    When ``escaped`` (the Qi deck ran out a third time) the card with the
    highest face value is removed first; among equal ones the one that leaves
    the higher total.

    >>> gong = ["colonel", "bo", "bo", "wu:green", "wu:red", "palisade", "palisade",
    ...         "soldier:yellow", "soldier:green", "soldier:red", "soldier:blue"]
    >>> s = score_pile(gong, "yellow", escaped=True)
    >>> s.removed, s.face, s.bonus, s.total
    ('colonel', 20, 3, 23)
    """
    cards = [parse_card(c) for c in cards]
    removed = None
    if escaped and cards:
        top = max(face_value(c) for c in cards)
        candidates = [c for c in cards if face_value(c) == top]
        # Lose a card that would not have earned the bonus, if there is one.
        candidates.sort(key=lambda c: colour in symbols(c, ruleset))
        removed = candidates[0]
        cards.remove(removed)
    face = sum(face_value(c) for c in cards)
    bonus_cards = tuple(c for c in cards if colour in symbols(c, ruleset))
    return PileScore(
        face=face,
        bonus=len(bonus_cards),
        total=face + len(bonus_cards),
        removed=removed,
        bonus_cards=bonus_cards,
        cards=tuple(cards),
        highest=max((face_value(c) for c in cards), default=0),
    )


def winners(piles: dict[Any, PileScore]) -> list[Any]:
    """Who wins: most points; a tie goes to the highest single card; still tied, all win.

    >>> a = score_pile(["bo"], "red", False); b = score_pile(["xi:red", "soldier:blue", "soldier:red"], "green", False)
    >>> a.total, b.total, winners({"A": a, "B": b})
    (7, 5, ['A'])
    """
    if not piles:
        return []
    best = max(p.total for p in piles.values())
    tied = [k for k, p in piles.items() if p.total == best]
    if len(tied) > 1:
        top = max(piles[k].highest for k in tied)
        tied = [k for k in tied if piles[k].highest == top]
    return tied
