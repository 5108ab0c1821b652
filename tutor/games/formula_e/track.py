"""The track: lanes and rows read from a text map (``data/tracks.json``, reconstructions).

A cell is ``(row, lane)``; row 0 is the back of the start grid, forward is a
higher row, and the red finish line lies after the last row (crossing it
completes the lap).  Lanes are lettered ``a, b, c ...`` from the left, rows
numbered from 1, so ``b3`` is lane b, row 3.

>>> t = TRACKS["small"]
>>> t.rows_count, t.width, t.kind((9, 1)), t.kind((9, 0)), t.on_board((9, 0))
(20, 3, '=', '#', False)
>>> cell_name((2, 1)), parse_cell("b3")
('b3', (2, 1))
>>> t.holes[0], len(t.start), len(t.cows)
((2, 1), 6, 5)
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from functools import cached_property

from tutor.core import load_json_data

from .cards import DATA

Cell = tuple[int, int]
LEGEND = "S.CB=~o#"
BLOCK_PUSH = "=~"  # bridge and river: no elephant is pushed onto them (but by Charge!); a cow may be
LANES = "abcdefgh"
MAX_ROWS = 60
MAX_LANES = 8


def cell_name(cell: Cell) -> str:
    return f"{LANES[cell[1]]}{cell[0] + 1}"


def parse_cell(text: str) -> Cell | None:
    m = re.fullmatch(r"([a-h])([1-9][0-9]?)", text.strip().lower())
    if not m:
        return None
    return (int(m.group(2)) - 1, LANES.index(m.group(1)))


@dataclass(frozen=True)
class Track:
    """One side of the board, as its text map (``rows``, one character a lane)."""

    name: str
    rows: tuple[str, ...]

    # What is read off the map again and again is worked out once per track (kept on the instance, out of its
    # fields: ``==``, ``hash`` and the scenario file see only ``name`` and ``rows``).
    @cached_property
    def rows_count(self) -> int:
        return len(self.rows)

    @cached_property
    def width(self) -> int:
        return len(self.rows[0])

    def kind(self, cell: Cell) -> str:
        r, lane = cell
        if 0 <= r < len(self.rows) and 0 <= lane < len(self.rows[r]):
            return self.rows[r][lane]
        return "#"

    @cached_property
    def board(self) -> frozenset[Cell]:
        """Every space of the board (what ``on_board`` says yes to)."""
        return frozenset((r, lane) for r, row in enumerate(self.rows) for lane, ch in enumerate(row) if ch != "#")

    def rat_steps(self, cell: Cell) -> tuple[Cell, ...]:
        """The board spaces one Rat move from ``cell``: forward, back, right, left (never diagonal), and from a
        hole every other hole ("hole to hole counts one"), in that order (``movement.rat_targets``)."""
        r, lane = cell
        steps = [(r + 1, lane), (r - 1, lane), (r, lane + 1), (r, lane - 1)]
        if cell in self.holes:
            steps += [h for h in self.holes if h != cell]
        board = self.board
        return tuple(n for n in steps if n in board)

    def cow_moves(self, cell: Cell) -> tuple[tuple[str, Cell], ...]:
        """The one-space moves from ``cell`` onto the board: forward, back, left, right (never diagonal), with the
        space each leads to (``movement.cow_steps``)."""
        r, lane = cell
        board = self.board
        return tuple((name, target) for name, target in (
            ("forward", (r + 1, lane)), ("back", (r - 1, lane)), ("left", (r, lane - 1)),
            ("right", (r, lane + 1))) if target in board)

    @cached_property
    def rat_near(self) -> dict[Cell, tuple[Cell, ...]]:
        """``rat_steps`` of each board space, worked out once per track."""
        return {cell: self.rat_steps(cell) for cell in sorted(self.board)}

    @cached_property
    def cow_near(self) -> dict[Cell, tuple[tuple[str, Cell], ...]]:
        """``cow_moves`` of each board space, worked out once per track."""
        return {cell: self.cow_moves(cell) for cell in sorted(self.board)}

    def on_board(self, cell: Cell) -> bool:
        return cell in self.board

    def cells(self, char: str) -> tuple[Cell, ...]:
        return tuple((r, lane) for r, row in enumerate(self.rows) for lane, ch in enumerate(row) if ch == char)

    @cached_property
    def start(self) -> tuple[Cell, ...]:
        return self.cells("S")

    @cached_property
    def cows(self) -> tuple[Cell, ...]:
        return self.cells("C")

    @cached_property
    def holes(self) -> tuple[Cell, ...]:
        return self.cells("o")

    def board_cells(self) -> list[Cell]:
        return [(r, lane) for r in range(self.rows_count) for lane in range(self.width) if self.on_board((r, lane))]

    def problem(self) -> tuple[str, dict] | None:
        """What makes this map unplayable, as (message template, params); None when it is a track."""
        if not 4 <= len(self.rows) <= MAX_ROWS:
            return "expected {lo} to {hi} rows, got {got}", {"lo": 4, "hi": MAX_ROWS, "got": len(self.rows)}
        widths = {len(r) for r in self.rows}
        if len(widths) != 1 or not 2 <= self.width <= MAX_LANES:
            return "every row needs the same width, {lo} to {hi} lanes", {"lo": 2, "hi": MAX_LANES}
        for i, row in enumerate(self.rows):
            bad = [ch for ch in row if ch not in LEGEND]
            if bad:
                return ("row {row} holds {got}, not a space of the legend {legend}",
                        {"row": i + 1, "got": repr(bad[0]), "legend": LEGEND})
        if len(self.start) != 6:
            return "the start grid needs 6 spaces (S), got {got}", {"got": len(self.start)}
        if not self.holes:
            return "no rat hole (o)", {}
        if len(self.cows) > 10:
            return "more than the 10 Sacred Cows", {}
        if not self.finish_reachable():
            return "the finish cannot be reached from the start grid", {}
        return None

    def finish_reachable(self) -> bool:
        """Whether some path of forward and sideways steps over board spaces leads from the start to the last row."""
        seen = set(self.start)
        todo = deque(self.start)
        while todo:
            r, lane = todo.popleft()
            if r == self.rows_count - 1:
                return True
            for nxt in ((r + 1, lane), (r, lane - 1), (r, lane + 1)):
                if nxt not in seen and self.on_board(nxt):
                    seen.add(nxt)
                    todo.append(nxt)
        return False


_DATA = load_json_data(DATA, "tracks.json")
TRACKS: dict[str, Track] = {name: Track(name, tuple(t["rows"])) for name, t in _DATA["tracks"].items()}
TRACK_PLAYERS: dict[str, tuple[int, ...]] = {name: tuple(t["players"]) for name, t in _DATA["tracks"].items()}


def track_for(players: int) -> Track:
    """The board side for this many players (3-4: small, 5-6: large)."""
    for name, counts in TRACK_PLAYERS.items():
        if players in counts:
            return TRACKS[name]
    raise ValueError(f"no track for {players} players")
