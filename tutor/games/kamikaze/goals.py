"""Kamikaze Attack's own scenario goal: survive the Kamikaze with more cards in hand.

Checked over the game's state: an opponent held a Kamikaze (in hand or
committed) at the scenario's start, none holds one now, and the seat has more
cards (a committed card is still its player's) than every opponent.
"""

from __future__ import annotations

from typing import Any

from tutor.core import GoalKind


def _cards(state: Any, p: int) -> tuple[str, ...]:
    card = state.field[p]
    hand = state.hands[p]
    return hand + (card,) if card is not None and not state.held[p] else hand


def _survived(game: Any, start: Any, state: Any, seat: int, n: int) -> bool:
    others = [p for p in range(state.players) if p != seat]
    if not any("kamikaze" in _cards(start, p) for p in others):
        return False
    if any("kamikaze" in _cards(state, p) for p in others):
        return False
    mine = len(_cards(state, seat))
    return all(mine > len(_cards(state, p)) for p in others)


KINDS = {
    "survive_kamikaze": GoalKind(
        "survive_kamikaze", "Survive the Kamikaze with more cards in hand, within {moves} of your moves.",
        _survived, moves=3, rule="kamikaze-attack/duel/kamikaze-discard"),
}
