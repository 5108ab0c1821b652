"""The magic fountain dispute: who wins from the creatures each participant counts.

>>> dispute({0: ["griffin", "griffin", "griffin", "elf"],
...          1: ["dragon", "dragon", "fairy", "fairy"],
...          2: ["centaur", "centaur", "centaur", "griffin", "griffin"]})
2
>>> dispute({0: ["elf", "elf"], 1: ["dragon", "dragon"]}) is None
True
"""

from __future__ import annotations

from collections import Counter

from .cards import ANY


def majorities(symbols: list[str] | tuple[str, ...]) -> tuple[int, ...]:
    """How many of each creature, most frequent first ('?' ignored): (3, 1) for three satyrs and an elf."""
    counts = Counter(c for c in symbols if c != ANY)
    return tuple(sorted(counts.values(), reverse=True))


def dispute(symbols: dict[int, list[str]]) -> int | None:
    """The winner of a dispute among the participants (keys), or None on an absolute tie or with nobody.

    Each participant's majority (their most frequent creature) is compared; the
    tied leaders compare their second majority, and so on, among themselves
    only.  A lone participant wins (reconstructed: nobody contests it).
    """
    if not symbols:
        return None
    return winner({p: majorities(cards) for p, cards in symbols.items()})


def winner(counts: dict[int, tuple[int, ...]]) -> int | None:
    """``dispute`` from each participant's ``majorities`` (for a caller who has them already).

    >>> winner({0: (3, 1), 1: (3, 2)}), winner({0: (2,), 1: (2,)})
    (1, None)
    """
    if not counts:
        return None
    tied = list(counts)
    depth = max((len(c) for c in counts.values()), default=0)
    for i in range(depth + 1):
        if len(tied) == 1:
            return tied[0]
        best = max(counts[p][i] if i < len(counts[p]) else 0 for p in tied)
        tied = [p for p in tied if (counts[p][i] if i < len(counts[p]) else 0) == best]
    return tied[0] if len(tied) == 1 else None
