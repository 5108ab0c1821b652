"""A Formula E position: an immutable value (tuples all the way down)."""

from __future__ import annotations

from dataclasses import dataclass

from .track import Cell, Track

PHASES = ("place", "turn", "tiger", "move", "rat", "cow", "monkey", "prayer", "snake", "second", "discard",
          "over")


@dataclass(frozen=True)
class State:
    """Everything on the table.

    ``active`` is the seat whose turn it is (during setup, the seat placing its
    elephant).  ``elephants[p]`` is seat p's cell (None before it is placed).
    ``pending`` holds the card(s) just played, waiting for the Tiger window and
    then resolving; ``asker`` is the seat the window asks now and ``cancelled``
    the card a Tiger cancelled.  ``played`` lists the cards played this turn.
    ``owed`` counts the Cobra discards the active player still owes, after
    which play goes on at ``resume`` ("card": the turn goes on, "end": the
    next player's turn).  ``chance`` counts the chance events so far (each one
    draws from a generator seeded by ``seed`` and its number).
    """

    track: Track
    players: int
    seed: int
    first: int
    active: int
    phase: str
    elephants: tuple[Cell | None, ...]
    cows: tuple[Cell, ...]
    rat: Cell
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]  # drawn from the end
    discard: tuple[str, ...]  # the top is the last
    cobras: tuple[int, ...]
    pending: tuple[str, ...] = ()
    asker: int | None = None
    cancelled: str = ""
    played: tuple[str, ...] = ()
    cow_left: int = 0
    mode: str = ""  # the yellow card a movement resolves with (charge, carpet, mango) or ""
    owed: int = 0
    resume: str = ""
    winner: int | None = None
    chance: int = 0
    turns: int = 0

    def __post_init__(self) -> None:
        # The fields in a plain (combined) dict, not the split one an instance gets from ``__init__``: apply copies
        # the dict into each next state, and only a combined dict's attribute reads are specialised by CPython
        # 3.11 (``LOAD_ATTR_WITH_HINT``; a split dict makes every ``s.phase`` a generic look-up).
        object.__setattr__(self, "__dict__", dict(self.__dict__))

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "tiger":
            return self.asker
        return self.active

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]
