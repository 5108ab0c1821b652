"""Fire Bulls' own scenario goal: win the Colonel this turn.

Checked over the game's state: the Colonels among the seat's won Yen cards,
compared with the scenario's start, before the turn passes (``State.turn``).
"""

from __future__ import annotations

from typing import Any

from tutor.core import GoalKind


def _colonels(state: Any, seat: int) -> int:
    return state.won[seat].count("colonel")


def _won_colonel(game: Any, start: Any, state: Any, seat: int, n: int) -> bool:
    return _colonels(state, seat) > _colonels(start, seat)


def _turn_over(game: Any, start: Any, state: Any, seat: int, n: int) -> bool:
    return state.turn != start.turn


KINDS = {
    "colonel": GoalKind("colonel", "Win the Colonel this turn.", _won_colonel, _turn_over, moves=20,
                        rule="fire-bulls/cards/colonel/{ruleset}"),
}
