"""A learner going through a question set: which question comes next, tries, and first-try answers.

Pure (no widgets): the Quiz tab draws a :class:`QuizRun` and the live lesson can follow one.
A run starts at the simplest level the set has and moves up a level after a question answered
right at the first try, down a level after a wrong first try (Duolingo's ramp); within a level,
questions come in the set's order.  A wrong answer can be tried again: only the first try
counts in the score, and the learner sees why the choice was wrong before trying again.

>>> run = QuizRun(levels=(2, 1, 3, 1))
>>> run.current
1
>>> run.answer(right=True)          # first try right: up to level 2
True
>>> run.next(), run.current
(True, 0)
>>> run.answer(right=False), run.answer(right=True)   # wrong, then right on the second try
(False, True)
>>> run.first_try_right, run.answered
(1, 2)
>>> run.to_dict() == QuizRun.from_dict(run.to_dict()).to_dict()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["QuizRun"]


@dataclass
class QuizRun:
    """The questions' levels (1-3) and, as the learner goes, what was asked and answered."""

    levels: tuple[int, ...]
    asked: list[int] = field(default_factory=list)  # question indices in the order shown
    first_try: dict[int, bool] = field(default_factory=dict)  # question -> right at its first try
    tries: dict[int, int] = field(default_factory=dict)  # question -> tries so far
    solved: set[int] = field(default_factory=set)  # questions answered right (at any try)
    level: int = 0  # the level aimed at; 0: start at the lowest the set has

    def __post_init__(self) -> None:
        self.levels = tuple(self.levels)
        if not self.level:
            self.level = min(self.levels, default=1)
        if not self.asked and self.levels:
            self.asked.append(self._pick())

    @property
    def current(self) -> int | None:
        """The question shown now (None for an empty set)."""
        return self.asked[-1] if self.asked else None

    @property
    def answered(self) -> int:
        return len(self.first_try)

    @property
    def first_try_right(self) -> int:
        return sum(self.first_try.values())

    @property
    def done(self) -> bool:
        """Every question has been asked and the last one answered right."""
        return len(set(self.asked)) == len(self.levels) and self.current in self.solved

    def _pick(self) -> int:
        """The next question: the first not yet asked at the level aimed at, else at the nearest level
        (the easier one first after a wrong answer, the harder one first after a right one)."""
        left = [i for i in range(len(self.levels)) if i not in self.asked]
        if not left:
            return self.asked[-1]
        up = self.first_try.get(self.asked[-1], False) if self.asked else False  # the last first try was right
        return min(left, key=lambda i: (abs(self.levels[i] - self.level),
                                        (self.levels[i] < self.level) if up else (self.levels[i] > self.level), i))

    def answer(self, right: bool) -> bool:
        """The learner answers the current question; returns ``right``.  The first try of a question
        counts in the score and moves the level; a question answered right stays answered."""
        i = self.current
        if i is None or i in self.solved:
            return right
        self.tries[i] = self.tries.get(i, 0) + 1
        if i not in self.first_try:
            self.first_try[i] = right
            self.level = max(1, min(3, self.level + (1 if right else -1)))
        if right:
            self.solved.add(i)
        return right

    def can_retry(self) -> bool:
        """Whether the current question was answered wrong and may be tried again."""
        i = self.current
        return i is not None and i in self.first_try and i not in self.solved

    def next(self) -> bool:
        """Move to the next question; False when every question has been asked."""
        if len(set(self.asked)) >= len(self.levels):
            return False
        self.asked.append(self._pick())
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"levels": list(self.levels), "asked": list(self.asked),
                "first_try": {str(k): v for k, v in sorted(self.first_try.items())},
                "tries": {str(k): v for k, v in sorted(self.tries.items())},
                "solved": sorted(self.solved), "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> "QuizRun":
        """A run back from :meth:`to_dict`; ValueError for anything that is not one."""
        if not isinstance(data, dict):
            raise ValueError("a quiz run is an object")
        levels = _ints(data.get("levels"), 1, 3)
        n = len(levels)
        asked = _ints(data.get("asked", []), 0, n - 1)
        first = {int(k): v for k, v in _keyed(data.get("first_try", {}), n, bool).items()}
        tries = {int(k): v for k, v in _keyed(data.get("tries", {}), n, int).items()}
        solved = set(_ints(data.get("solved", []), 0, n - 1))
        level = data.get("level", 1)
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 3:
            raise ValueError("level: expected 1, 2 or 3")
        return cls(tuple(levels), asked, first, tries, solved, level)


def _ints(value: Any, lo: int, hi: int) -> list[int]:
    if not isinstance(value, list) or len(value) > 1000:
        raise ValueError("expected a list of whole numbers")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise ValueError(f"expected whole numbers from {lo} to {hi}")
    return list(value)


def _keyed(value: Any, n: int, kind: type) -> dict[str, Any]:
    """An object keyed by question index ("0".."n-1") whose values are of ``kind`` (bool or int)."""
    if not isinstance(value, dict) or len(value) > n:
        raise ValueError("expected an object keyed by question")
    for k, v in value.items():
        if not (isinstance(k, str) and k.isdigit() and int(k) < n):
            raise ValueError(f"{k!r} is not a question of the set")
        if kind is bool and not isinstance(v, bool):
            raise ValueError(f"{k}: expected true or false")
        if kind is int and (isinstance(v, bool) or not isinstance(v, int) or not 0 < v < 1000):
            raise ValueError(f"{k}: expected a count of tries")
    return dict(value)
