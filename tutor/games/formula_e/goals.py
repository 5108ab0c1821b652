"""Formula E's own scenario goal: be first across the line within n turns.

Checked over the game's state: the seat is the race's winner (``State.winner``,
the first elephant across the red line) before the end of its n-th turn,
counting the turn under way when it is the seat's (``State.turns`` counts
every player's turn; the seats play in turn).
"""

from __future__ import annotations

from typing import Any

from tutor.core import GoalKind


def _first(game: Any, start: Any, state: Any, seat: int, n: int) -> bool:
    return state.winner == seat


def _too_late(game: Any, start: Any, state: Any, seat: int, n: int) -> bool:
    """The seat's n-th turn from the start has ended (turns pass to the next seat, round the table)."""
    if state.winner == seat:
        return False
    first_end = start.turns + (seat - start.active) % start.players + 1
    return state.turns >= first_end + (n - 1) * start.players


KINDS = {
    "first_across": GoalKind("first_across", "Be first across the line within {n} of your turns.", _first,
                             _too_late, n=(1, 10), moves=20, rule="formula-e/win/line"),
}
