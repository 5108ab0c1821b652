"""Movement as pure functions over the pieces on a track: steps, pushes, the Rat, the cows.

Nothing here knows whose turn it is; each function takes the track and the
pieces and returns new pieces (or None when the rules block the step).

>>> from .track import Track
>>> t = Track("t", ("SSS", "SSS", "...", "o.."))
>>> p = Pieces((( 0, 0), (1, 0), None), ())
>>> forward(t, p, 0, "").elephants    # seat 0 pushes seat 1 one space ahead
((1, 0), (2, 0), None)
>>> [steps for steps, _ in paths(t, p, 0, 2, "")]
[('f', 'f')]
"""

from __future__ import annotations

from dataclasses import dataclass

from .track import BLOCK_PUSH, Cell, Track

SIDES = {"l": -1, "r": 1}


@dataclass(frozen=True)
class Pieces:
    """The elephants (by seat; a winner's stands past the line, row = rows of the track) and the cows."""

    elephants: tuple[Cell | None, ...]
    cows: tuple[Cell, ...]
    winner: int | None = None

    def at(self, cell: Cell) -> tuple[str, int] | None:
        if cell in self.elephants:  # (``in`` and ``index`` loop in C)
            return ("e", self.elephants.index(cell))
        if cell in self.cows:
            return ("c", self.cows.index(cell))
        return None

    def occupied(self) -> set[Cell]:
        return {c for c in self.elephants if c is not None} | set(self.cows)

    def put(self, piece: tuple[str, int], cell: Cell) -> "Pieces":
        kind, i = piece
        if kind == "e":
            el = self.elephants
            return made(el[:i] + (cell,) + el[i + 1:], self.cows, self.winner)
        cows = self.cows
        return made(self.elephants, cows[:i] + (cell,) + cows[i + 1:], self.winner)


def made(elephants: tuple[Cell | None, ...], cows: tuple[Cell, ...], winner: int | None) -> Pieces:
    """``Pieces(elephants, cows, winner)`` without the frozen dataclass's field-by-field ``__init__``."""
    p = object.__new__(Pieces)
    p.__dict__.update(elephants=elephants, cows=cows, winner=winner)
    return p


def _add(cell: Cell, d: Cell) -> Cell:
    return (cell[0] + d[0], cell[1] + d[1])


def push_chain(track: Track, pieces: Pieces, first: Cell, d: Cell, cows_too: bool, water_ok: bool
               ) -> tuple[Pieces | None, str]:
    """Shift the line of pieces starting on ``first`` one space along ``d``.

    Returns (pieces, "") or (None, why): "cow" (a cow in the line and no
    Charge!), "end" (the line would leave the lane), "water" (a pushed
    elephant would go onto a bridge or river: "Un Elefante non può essere
    spinto", so a cow may be, as a scared elephant pushes it).  An elephant
    pushed forward across the finish line wins (``winner``); a cow is never
    pushed across it.
    """
    elephants, cows = pieces.elephants, pieces.cows
    if first not in elephants and first not in cows:  # nothing to push (``pieces.at`` finds nothing)
        return pieces, ""
    chain: list[tuple[str, int]] = []
    cell = first
    while (piece := pieces.at(cell)) is not None:
        if piece[0] == "c" and not cows_too:
            return None, "cow"
        chain.append(piece)
        cell = (cell[0] + d[0], cell[1] + d[1])
    beyond = cell
    board = track.board
    crossing = d == (1, 0) and beyond[0] >= track.rows_count and (beyond[0] - 1, beyond[1]) in board
    if crossing and chain[-1][0] == "c":
        return None, "end"
    if not crossing and beyond not in board:
        return None, "end"
    cells = [_add(first, (d[0] * k, d[1] * k)) for k in range(1, len(chain) + 1)]
    if not water_ok and any(track.kind(c) in BLOCK_PUSH and piece[0] == "e" for c, piece in zip(cells, chain)):
        return None, "water"
    out = pieces
    for piece, dest in zip(chain, cells):
        out = out.put(piece, dest)
    if crossing:
        out = made(out.elephants, out.cows, chain[-1][1])
    return out, ""


def forward(track: Track, pieces: Pieces, seat: int, mode: str) -> Pieces | None:
    """One step forward, pushing the line ahead (cows too, and onto bridges, with Charge!)."""
    here = pieces.elephants[seat]
    assert here is not None
    target = (here[0] + 1, here[1])
    if target[0] >= track.rows_count:  # across the red line: the lap is done
        moved = pieces.put(("e", seat), target)
        return made(moved.elephants, moved.cows, seat)
    if target not in track.board:
        return None
    el = pieces.elephants
    if target not in el and target not in pieces.cows:  # nothing to push: the step alone
        return made(el[:seat] + (target,) + el[seat + 1:], pieces.cows, pieces.winner)
    charge = mode == "charge"
    pushed, _ = push_chain(track, pieces, target, (1, 0), cows_too=charge, water_ok=charge)
    if pushed is None:
        return None
    return pushed.put(("e", seat), target)


def sideways(track: Track, pieces: Pieces, seat: int, side: str) -> Pieces | None:
    """One step to the side, pushing the elephants in the way (never a cow, never onto a bridge or river)."""
    here = pieces.elephants[seat]
    assert here is not None
    target = (here[0], here[1] + SIDES[side])
    if target not in track.board:
        return None
    el = pieces.elephants
    if target not in el and target not in pieces.cows:  # nothing to push: the step alone
        return made(el[:seat] + (target,) + el[seat + 1:], pieces.cows, pieces.winner)
    pushed, _ = push_chain(track, pieces, target, (0, SIDES[side]), cows_too=False, water_ok=False)
    return None if pushed is None else pushed.put(("e", seat), target)


def diagonal(track: Track, pieces: Pieces, seat: int, side: str) -> Pieces | None:
    """Mango Juice: one step diagonally forward into a free space (no pushing)."""
    here = pieces.elephants[seat]
    assert here is not None
    target = _add(here, (1, SIDES[side]))
    if not track.on_board(target) or pieces.at(target) is not None:
        return None
    return pieces.put(("e", seat), target)


def fly(track: Track, pieces: Pieces, seat: int, points: int, rat: Cell | None = None) -> Pieces | None:
    """Flying Carpet: exactly ``points`` spaces forward in the lane, over any piece, onto a space free of pieces
    (no elephant, no cow, not the Rat's ``rat``: "libera da pedine"; past the red line: the lap is done)."""
    here = pieces.elephants[seat]
    assert here is not None
    target = (here[0] + points, here[1])
    if target[0] >= track.rows_count:  # a winner stands just past the line
        moved = pieces.put(("e", seat), (track.rows_count, here[1]))
        return made(moved.elephants, moved.cows, seat)
    if not track.on_board(target) or pieces.at(target) is not None or target == rat:
        return None
    return pieces.put(("e", seat), target)


def blocked_by(track: Track, pieces: Pieces, seat: int, mode: str) -> str:
    """Why ``seat``'s elephant cannot step forward now: "" (it can), "edge" (its lane has no space ahead), "cow"
    (a cow ahead, or at the head of the line it would push, and no Charge!), "water" (an elephant it would push
    cannot go onto a bridge or river), "end" (the line it would push would leave the lane)."""
    here = pieces.elephants[seat]
    assert here is not None
    target = (here[0] + 1, here[1])
    if target[0] >= track.rows_count:
        return ""
    if target not in track.board:
        return "edge"
    if pieces.at(target) is None:
        return ""
    charge = mode == "charge"
    pushed, why = push_chain(track, pieces, target, (1, 0), cows_too=charge, water_ok=charge)
    return "" if pushed is not None else why


def options(track: Track, pieces: Pieces, seat: int, mode: str, side: str) -> list[tuple[str, Pieces]]:
    """The steps open now: forward if possible, else sideways (continuing a sideways run on its side);
    with Mango Juice also the diagonals into free spaces."""
    opts: list[tuple[str, Pieces]] = []
    ahead = forward(track, pieces, seat, mode)
    if ahead is not None:
        opts.append(("f", ahead))
    else:
        for s in (side,) if side else ("l", "r"):
            moved = sideways(track, pieces, seat, s)
            if moved is not None:
                opts.append((s, moved))
    if mode == "mango":
        for s in ("l", "r"):
            moved = diagonal(track, pieces, seat, s)
            if moved is not None:
                opts.append(("d" + s, moved))
    return opts


def paths(track: Track, pieces: Pieces, seat: int, points: int, mode: str, rat: Cell | None = None
          ) -> list[tuple[tuple[str, ...], Pieces]]:
    """Every whole move with where it leaves the pieces: the moves of ``points`` steps (or across the red line,
    where the lap is done); when none uses every point, the moves that use the most ("se possibile, deve
    consumare tutti i punti movimento": a constraint on the whole move, not on each step).  ``rat``: the Rat's
    space, where a Flying Carpet cannot land."""
    if mode == "carpet":
        flown = fly(track, pieces, seat, points, rat)
        return [] if flown is None else [(("fly",), flown)]
    if mode != "mango":
        clear = straight(track, pieces, seat, points)
        if clear is not None:
            return clear
    found: list[tuple[tuple[str, ...], Pieces]] = []

    def walk(p: Pieces, steps: tuple[str, ...], side: str, left: int) -> None:
        opts = options(track, p, seat, mode, side) if left and p.winner is None else []
        if not opts:
            found.append((steps, p))
            return
        for step, nxt in opts:
            walk(nxt, steps + (step,), step if step in SIDES else "", left - 1)

    walk(pieces, (), "", points)
    most = max(points if p.winner is not None else len(steps) for steps, p in found)
    return [(steps, p) for steps, p in found if len(steps) == most or p.winner is not None]


def straight(track: Track, pieces: Pieces, seat: int, points: int) -> list[tuple[tuple[str, ...], Pieces]] | None:
    """``paths`` when the lane ahead is clear (no Mango Juice): every step forward onto a free board space
    (nothing to push, so no sideways step is open), or across the red line, where the lap is done and the move
    stops.  None when a piece or the end of the board stands in the way (the search in ``paths`` decides).
    ``test_formula_e_fast`` compares it with the search."""
    here = pieces.elephants[seat]
    if here is None or pieces.winner is not None:
        return None
    row, lane = here
    board, finish = track.board, track.rows_count
    taken = pieces.elephants + pieces.cows
    for k in range(1, points + 1):
        target = (row + k, lane)
        if row + k >= finish:  # across the red line: the lap is done
            el = pieces.elephants
            return [(("f",) * k, made(el[:seat] + (target,) + el[seat + 1:], pieces.cows, seat))]
        if target not in board or target in taken:
            return None
    el = pieces.elephants
    return [(("f",) * points, made(el[:seat] + ((row + points, lane),) + el[seat + 1:], pieces.cows,
                                   pieces.winner))]


# ------------------------------------------------------------------ the Rat
def rat_targets(track: Track, pieces: Pieces, rat: Cell, moves: int) -> dict[Cell, int]:
    """Where the Rat may stop within ``moves`` moves, with the moves it takes: never diagonal, hole to hole
    counts one, through cows (but not stopping on one), and it stops on the first elephant it enters."""
    near_of = track.rat_near  # (each space's neighbours, worked out once per track)
    elephants = set(pieces.elephants)  # (what ``pieces.at`` finds first: an elephant, then a cow)
    cows = set(pieces.cows) - elephants
    dist = {rat: 0}
    frontier = [rat]
    for k in range(1, moves + 1):
        nxt: list[Cell] = []
        for cell in frontier:
            if cell != rat and cell in elephants:
                continue  # the Rat stopped here
            near = near_of.get(cell)
            if near is None:  # (the Rat off the board: never in a game)
                near = track.rat_steps(cell)
            for n in near:
                if n not in dist:
                    dist[n] = k
                    nxt.append(n)
        frontier = nxt
    return {c: k for c, k in dist.items() if c != rat and c not in cows}


def scare(track: Track, pieces: Pieces, seat: int, back: int, trail: list[Pieces] | None = None
          ) -> tuple[Pieces, list[str]]:
    """The Rat scares an elephant: ``back`` spaces back, pushing elephants and cows in its lane; where the
    end of the lane blocks it, sideways (left first, reconstructed) until it can go back again.
    ``trail``, when given, gets the pieces after each step (for tracing the path)."""
    moves: list[str] = []
    left = back
    side = ""
    for _ in range(back + 2 * track.width):
        if not left:
            break
        here = pieces.elephants[seat]
        assert here is not None
        target = _add(here, (-1, 0))
        if not track.on_board(target):
            pushed, why = None, "end"
        else:
            pushed, why = push_chain(track, pieces, target, (-1, 0), cows_too=True, water_ok=False)
            if pushed is not None:
                pushed = pushed.put(("e", seat), target)
        if pushed is not None:
            pieces, left, side = pushed, left - 1, ""
            moves.append("b")
            if trail is not None:
                trail.append(pieces)
            continue
        if why != "end":
            break
        tried = (side,) if side else ("l", "r")
        for s in tried:
            moved = sideways(track, pieces, seat, s)
            if moved is not None:
                pieces, side = moved, s
                moves.append(s)
                if trail is not None:
                    trail.append(pieces)
                break
        else:
            break
    return pieces, moves


def nearest_hole(track: Track, cell: Cell) -> Cell:
    return min(track.holes, key=lambda h: (abs(h[0] - cell[0]) + abs(h[1] - cell[1]), h))


# ------------------------------------------------------------------ cows
def cow_steps(track: Track, pieces: Pieces) -> list[tuple[Cell, str, Cell]]:
    """Each one-space cow move open: (cow's cell, direction, target); never diagonal, never onto a piece."""
    found = []
    near = track.cow_near  # (each space's moves onto the board, worked out once per track)
    taken = set(pieces.elephants) | set(pieces.cows)
    for cell in sorted(pieces.cows):
        moves = near.get(cell)
        if moves is None:  # (a cow off the board: never in a game)
            moves = track.cow_moves(cell)
        for name, target in moves:
            if target not in taken:
                found.append((cell, name, target))
    return found
