"""The Fire Bulls position."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.games.fire_bulls.cards import _SLOT_INDEX


@dataclass(frozen=True)
class State:
    """A Fire Bulls position: a value, never modified in place.

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
    colours: tuple[str, ...]
    pawns: tuple[int, ...]
    current_player: int
    turn: int
    slots: tuple[str | None, ...]
    general: bool
    piles: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    reserve: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    won: tuple[tuple[str, ...], ...]
    removed: tuple[str, ...]
    exhaustions: int
    end: str | None
    # the turn in progress
    attack: int = 0  # direction of the attack under way (0: none, -1: the General)
    deviated: bool = False
    won_this_turn: int = 0
    warriors: int = 0
    won_before: int = 0
    pending: tuple[str, ...] = ()
    stage: int = 0  # 0 playing, 1 end-of-turn penalties queued, 2 hand limit queued

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
        return self.slots[_SLOT_INDEX[name]]
