"""A Formula E position: an immutable value (tuples all the way down)."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    # Who decides now: None once the race is over, ``asker`` in the Tiger window, else ``active``.  Derived from
    # the fields above and stored (read on every action of a playout, in C by ``attrgetter``): set here and by
    # every transition of the engine (``engine.replace``/``update`` and apply's fast paths); left out of ``==``,
    # ``hash``, ``repr`` and the scenario file.
    current_player: int | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The fields in a plain (combined) dict, not the split one an instance gets from ``__init__``: apply copies
        # the dict into each next state, and only a combined dict's attribute reads are specialised by CPython
        # 3.11 (``LOAD_ATTR_WITH_HINT``; a split dict makes every ``s.phase`` a generic look-up).
        fields = dict(self.__dict__)
        fields["current_player"] = who_decides(self.phase, self.active, self.asker)
        object.__setattr__(self, "__dict__", fields)

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]


def who_decides(phase: str, active: int, asker: int | None) -> int | None:
    """The seat that decides in ``phase``: nobody once the race is over, the seat the Tiger window asks, else
    the active player (``State.current_player``)."""
    if phase == "over":
        return None
    if phase == "tiger":
        return asker
    return active
