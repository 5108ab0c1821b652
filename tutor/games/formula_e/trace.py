"""The paths pieces take in one action, so a panel can trace them step by step.

The engine works out each path as it applies a move, a Rat or a cow step and
puts it in the data of the event it says (``paths``: a tuple of ``(piece,
seat, cells)``, piece "elephant", "cow" or "rat", seat None but for
elephants, cells named as :func:`positions` names them, "finish" past the
red line).  The Tiger's cancel event carries the cancelled card's owner.
:func:`trace` reads events back into what a board draws.

>>> from .track import Track
>>> t = Track("t", ("SSS", "SSS", "...", "o.."))
>>> p = mv.Pieces(((0, 1), (1, 1), None), ())
>>> [(k, s, c) for k, s, c in move_paths(t, p, 0, ("f", "f"), "", None)]
[('elephant', 0, ('b1', 'b2', 'b3')), ('elephant', 1, ('b2', 'b3', 'b4'))]
>>> rat_route(t, p, (3, 0), (1, 1), 6)
((3, 0), (2, 0), (1, 0), (1, 1))
"""

from __future__ import annotations

from typing import Any, Iterable

from tutor.core import Event

from . import movement as mv
from .track import Cell, Track, cell_name

Path = tuple[str, Any, tuple[str, ...]]
CANCEL_RULE = "formula-e/tiger/cancel"


def name(track: Track, cell: Cell | None) -> str | None:
    if cell is None:
        return None
    return "finish" if cell[0] >= track.rows_count else cell_name(cell)


def trail_paths(track: Track, trail: list[mv.Pieces]) -> tuple[Path, ...]:
    """Every piece that moves along ``trail`` (the pieces before, then after each step), with its cells in order."""
    out: list[Path] = []
    first = trail[0]
    for kind, count, get in (("elephant", len(first.elephants), lambda p, i: p.elephants[i]),
                             ("cow", len(first.cows), lambda p, i: p.cows[i])):
        for i in range(count):
            cells: list[str] = []
            for pieces in trail:
                here = name(track, get(pieces, i))
                if here is not None and (not cells or cells[-1] != here):
                    cells.append(here)
            if len(cells) > 1:
                out.append((kind, i if kind == "elephant" else None, tuple(cells)))
    return tuple(out)


def move_paths(track: Track, pieces: mv.Pieces, seat: int, steps: tuple[str, ...], mode: str,
               after: mv.Pieces | None) -> tuple[Path, ...]:
    """The paths of a move of ``steps`` (a Flying Carpet jumps straight to ``after``)."""
    trail = [pieces]
    if mode == "carpet" or steps == ("fly",):
        if after is not None:
            trail.append(after)
        return trail_paths(track, trail)
    side = ""
    for step in steps:
        nxt = dict(mv.options(track, trail[-1], seat, mode, side)).get(step)
        if nxt is None:  # pragma: no cover - steps come from mv.paths, so every one is open
            break
        trail.append(nxt)
        side = step if step in mv.SIDES else ""
    return trail_paths(track, trail)


def rat_route(track: Track, pieces: mv.Pieces, rat: Cell, target: Cell, moves: int) -> tuple[Cell, ...]:
    """The Rat's cells from ``rat`` to ``target`` in the fewest rat moves (as :func:`movement.rat_targets`
    counts them: never diagonal, hole to hole is one move, through cows, stopping on an elephant)."""
    holes = track.holes
    came: dict[Cell, Cell | None] = {rat: None}
    frontier = [rat]
    for _ in range(moves):
        nxt: list[Cell] = []
        for cell in frontier:
            hit = pieces.at(cell)
            if cell != rat and hit is not None and hit[0] == "e":
                continue
            near = [(cell[0] + d[0], cell[1] + d[1]) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            if cell in holes:
                near += [h for h in holes if h != cell]
            for n in near:
                if n not in came and track.on_board(n):
                    came[n] = cell
                    nxt.append(n)
        frontier = nxt
    if target not in came:
        return (rat,) if target == rat else (rat, target)
    route = [target]
    while (back := came[route[-1]]) is not None:
        route.append(back)
    return tuple(reversed(route))


def trace(events: Iterable[Event]) -> dict | None:
    """What a board traces of these events: ``paths`` (each moved piece's cells in order) and ``cancelled``
    (each card a Tiger cancelled: the card, its owner and the Tiger's player); None when nothing moved."""
    paths: list[dict] = []
    cancelled: list[dict] = []
    for event in events:
        for piece, seat, cells in event.get("paths", ()) or ():
            paths.append({"piece": piece, "player": seat, "cells": list(cells)})
        if event.rule == CANCEL_RULE:
            cancelled.append({"card": event.get("card"), "owner": event.get("owner"), "by": event.get("player")})
    if not paths and not cancelled:
        return None
    return {"paths": paths, "cancelled": cancelled}
