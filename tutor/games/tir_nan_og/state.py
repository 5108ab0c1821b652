"""A Tir Nan Og Wars position: an immutable value (tuples all the way down)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import KIND

PHASES = ("turn", "discard", "dispute", "fountain-discard", "over")


@dataclass(frozen=True)
class State:
    """Everything on the table.

    Creature cards are species names; territory cards are ids such as
    ``"castle-1"`` or ``"fountain-river"``.  ``piles`` hold the six territory
    piles, the visible card first.  ``stacks`` hold each player's consolidated
    territories, bottom first (the last is the visible top); ``down`` lists the
    ones turned face down by a lost dispute.  ``removed_creatures`` and
    ``removed_territories`` are the cards setup removes for fewer than four
    players; ``lost`` the fountains nobody won.
    During a dispute ``fountain`` is the fountain on top of its pile, ``asked``
    the seats still to declare (clockwise from the revealer) and ``joined`` the
    participants so far.  ``owed`` is ``(seat, cards, reason)`` while a player
    must discard (reason "hand-limit" or "fountain").  ``shown`` is the last
    dispute's revealed hands and counted symbols (public).  The plain's discount
    is not stored: it is the power of a plain on top of the stack, face up
    (``discount``).
    """

    players: int
    seed: int
    ruleset: str
    first: int
    turn: int
    phase: str
    deck: tuple[str, ...]
    display: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    reserves: tuple[tuple[str, ...], ...]
    stacks: tuple[tuple[str, ...], ...]
    down: tuple[tuple[str, ...], ...]
    fountains: tuple[tuple[str, ...], ...]
    piles: tuple[tuple[str, ...], ...]
    removed_creatures: tuple[str, ...]
    removed_territories: tuple[str, ...]
    lost: tuple[str, ...]
    points: tuple[int, ...]
    runouts: int = 0
    shuffles: int = 0
    turns: int = 0
    fountain: str | None = None
    asked: tuple[int, ...] = ()
    joined: tuple[int, ...] = ()
    owed: tuple[int, int, str] | None = None
    shown: tuple[tuple[int, tuple[str, ...]], ...] = ()
    # who decides now: stored, not computed, since the playout reads it before every action (set here for a
    # state made by the constructor; the engine's transitions set it with the fields it follows from, and
    # equality compares it, so a transition that forgot it shows in apply's and apply_explained's checks)
    current_player: int | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "current_player", seat_to_decide(self.phase, self.turn, self.asked, self.owed))

    def top(self, p: int) -> str | None:
        """Player p's visible consolidated territory (None: no stack)."""
        return self.stacks[p][-1] if self.stacks[p] else None

    def face_up_top(self, p: int) -> str | None:
        """Player p's visible consolidated territory when it lies face up (it has its power)."""
        top = self.top(p)
        return top if top is not None and top not in self.down[p] else None

    @property
    def discount(self) -> tuple[bool, ...]:
        """Per player: whether the next territory costs one creature less.  The plain's power ("Il prossimo
        territorio che viene consolidato costa una creatura a scelta in meno") acts while the plain is the
        visible top: the next consolidation covers it, a lost dispute turns it face down ("perde l'eventuale
        potere")."""
        return tuple(has_discount(self.stacks[p], self.down[p]) for p in range(self.players))


def has_discount(stack: tuple[str, ...], down: tuple[str, ...]) -> bool:
    """A plain lies face up on top of ``stack`` (``down``: its face-down cards)."""
    return bool(stack) and KIND[stack[-1]] == "plain" and stack[-1] not in down


def seat_to_decide(phase: str, turn: int, asked: tuple[int, ...], owed: tuple[int, int, str] | None) -> int | None:
    """Who decides in this phase: nobody once over, the next to declare in a dispute, who owes a discard, or
    the player whose turn it is."""
    if phase == "over":
        return None
    if phase == "dispute":
        return asked[0]
    if owed is not None:
        return owed[0]
    return turn
