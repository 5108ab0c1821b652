"""Tir Nan Og's own scenario goal: take the fountain.

Checked over the game's state: the seat holds more magic fountains than at the
scenario's start (a fountain is won in its dispute).
"""

from __future__ import annotations

from typing import Any

from tutor.core import GoalKind


def _took_fountain(game: Any, start: Any, state: Any, seat: int, n: int) -> bool:
    return len(state.fountains[seat]) > len(start.fountains[seat])


KINDS = {
    "fountain": GoalKind("fountain", "Take a magic fountain within {moves} of your moves.", _took_fountain, moves=2,
                         rule="tir-nan-og/fountain/winner"),
}
