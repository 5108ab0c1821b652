"""The Fire Bulls position."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from tutor.games.fire_bulls.cards import SLOT_INDEX

# How each field is copied into the engine's mutable working copy ("work") and
# where it lives in a scenario file ("file": top level, "player" (one entry per
# seat under "players") or "turn_state"; "key" renames it there).
_LIST = {"work": "list"}


def _meta(work: str = "value", file: str = "top", key: str = "") -> dict[str, Any]:
    return {"work": work, "file": file, "key": key}


@dataclass(frozen=True, slots=True)
class State:
    """A Fire Bulls position: a value, never modified in place.

    (Slots, not a ``__dict__``: the engine's working copy is a subclass with the same layout that
    becomes the new State when an action is done, see ``engine.Work``.)

    ``won_before`` counts the cards the current player had won before this
    turn (the Warrior penalty may only take those).  ``pending`` lists the
    choices the current player still owes, first one first: ``"power:bo"``,
    ``"power:colonel"``, ``"power:general"``, ``"colonel:<player>"`` (the
    Italian Colonel, one opponent at a time), ``"penalty"`` (one per Warrior)
    and ``"limit"`` (hand limit).
    """

    ruleset: str
    seed: int
    rng: int
    colours: tuple[str, ...] = field(metadata=_meta(file="player", key="colour"))
    pawns: tuple[int, ...] = field(metadata=_meta(file="player", key="pawn"))
    current_player: int
    turn: int
    slots: tuple[str | None, ...] = field(metadata=_meta(key="rows"))
    general: bool
    piles: tuple[tuple[str, ...], ...]  # the engine replaces these tuples rather than mutating lists
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    reserve: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...] = field(metadata=_meta("tuples", file="player", key="hand"))
    won: tuple[tuple[str, ...], ...] = field(metadata=_meta(file="player", key="won"))
    removed: tuple[str, ...]
    exhaustions: int
    end: str | None
    # the turn in progress
    attack: int = field(default=0, metadata=_meta(file="turn_state"))  # 0: none, -1: the General, else a direction
    deviated: bool = field(default=False, metadata=_meta(file="turn_state"))
    won_this_turn: int = field(default=0, metadata=_meta(file="turn_state"))
    warriors: int = field(default=0, metadata=_meta(file="turn_state"))
    won_before: int = field(default=0, metadata=_meta(file="turn_state"))
    pending: tuple[str, ...] = field(default=(), metadata=_meta("list", file="turn_state"))
    stage: int = field(default=0, metadata=_meta(file="turn_state"))  # 0 playing, 1 penalties queued, 2 hand limit

    @property
    def players(self) -> int:
        return len(self.colours)

    @property
    def phase(self) -> str:
        if self.end:
            return "over"
        if self.pending:
            head = self.pending[0]
            if head.startswith(("power", "colonel")):
                return "power"
            return "hand-limit" if head == "limit" else "penalty"
        return "attack" if self.attack else "action"

    def slot(self, name: str) -> str | None:
        return self.slots[SLOT_INDEX[name]]


def work_copy(f: Any) -> str:
    return f.metadata.get("work", "value")


def _where(f: Any) -> tuple[str, str]:
    return f.metadata.get("file", "top"), f.metadata.get("key", "") or f.name


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(State))
#: field name -> how the working copy holds it: "value", "list" or "tuples" (a list of tuples, each
#: replaced rather than changed: see engine.Work)
WORK: dict[str, str] = {f.name: work_copy(f) for f in fields(State)}
#: field name -> (where in a scenario file, key there)
FILE_PLACES: dict[str, tuple[str, str]] = {f.name: _where(f) for f in fields(State)}
