"""Points: territory scoring, the temple's and the volcano's comparisons, the winner.

Numbers from rulebook 004: a river scores 3, a fountain 4, any other
consolidated territory 2, a face-down one 0.

>>> territory_points("river"), territory_points("fountain"), territory_points("castle"), \\
...     territory_points("river", face_up=False)
(3, 4, 2, 0)
>>> temple(0, {0: 8, 1: 9, 2: 5})
{0: 2, 1: 3, 2: 0}
>>> volcano({0: 2, 1: 4, 2: 5}), volcano({0: 2, 1: 2, 2: 5}), volcano({0: 1, 1: 4, 2: 4})
({0: 3, 1: 1, 2: 0}, {0: 3, 1: 3, 2: 0}, {0: 3, 1: 1, 2: 1})
"""

from __future__ import annotations

from .cards import FOUNTAIN, TERRITORIES, value_of
from .state import State

POINTS = {"river": 3, FOUNTAIN: 4}
OTHER_POINTS = 2
TEMPLE_WIN, TEMPLE_DEFENCE = 2, 3
VOLCANO_FIRST, VOLCANO_SECOND = 3, 1


def territory_points(kind: str, face_up: bool = True) -> int:
    """What a consolidated territory of ``kind`` scores at the intermediate and the final scoring."""
    if not face_up:
        return 0
    return POINTS.get(kind, OTHER_POINTS)


def temple(attacker: int, values: dict[int, int]) -> dict[int, int]:
    """Points each player wins when ``attacker`` consolidates a temple; ``values`` are top-three values.

    The attacker takes 2 per defender it beats; a defender who beats the
    attacker takes 3; a tie gives nothing.
    """
    won = {p: 0 for p in values}
    mine = values[attacker]
    for p, v in values.items():
        if p == attacker:
            continue
        if mine > v:
            won[attacker] += TEMPLE_WIN
        elif v > mine:
            won[p] += TEMPLE_DEFENCE
    return won


def volcano(hand_sizes: dict[int, int]) -> dict[int, int]:
    """Fewest cards in hand 3 points, second fewest 1; tied firsts all 3 and no seconds; tied seconds all 1."""
    won = {p: 0 for p in hand_sizes}
    if not hand_sizes:
        return won
    sizes = sorted(set(hand_sizes.values()))
    firsts = [p for p, n in hand_sizes.items() if n == sizes[0]]
    for p in firsts:
        won[p] = VOLCANO_FIRST
    if len(firsts) == 1 and len(sizes) > 1:
        for p, n in hand_sizes.items():
            if n == sizes[1]:
                won[p] = VOLCANO_SECOND
    return won


def top_value(s: State, p: int, count: int = 3) -> int:
    """The value of player p's top ``count`` consolidated territories (face down: 0)."""
    cards = s.stacks[p][-count:]
    return sum(value_of(c) for c in cards if c not in s.down[p])


def stack_points(s: State, p: int) -> int:
    """What player p's consolidated territories and fountains score now."""
    total = sum(territory_points(TERRITORIES[c].kind, c not in s.down[p]) for c in s.stacks[p])
    return total + territory_points(FOUNTAIN) * len(s.fountains[p])


def territory_value(s: State, p: int) -> int:
    """The tie-break: the values of player p's face-up consolidated territories."""
    return sum(value_of(c) for c in s.stacks[p] if c not in s.down[p])


def winners(s: State) -> list[int]:
    """Most points; ties go to the higher territory value; still tied, all of them."""
    if s.phase != "over":
        return []
    best = max(s.points)
    tied = [p for p in range(s.players) if s.points[p] == best]
    if len(tied) > 1:
        top = max(territory_value(s, p) for p in tied)
        tied = [p for p in tied if territory_value(s, p) == top]
    return tied
