"""Why a Formula E move is good, from what the seat sees: the elephant it moves or scares and where to, how
far that is from the red line, the rival who leads, the Sacred Cow ahead of an elephant, the cards a player
holds (the game's :meth:`hint_reason`, used by tutor.hints and the game's own adviser).

Each reason is worked out from ``game.view(state, seat)`` only: the track, the pieces, the cards played, the
seat's own hand, the counts every player sees.  When no such fact speaks for the move, :func:`hint_reason`
says None and the adviser falls back on the move kind's fixed phrase (:func:`phrase`).
"""

from __future__ import annotations

import copy
from collections import deque
from typing import Any

from . import movement as mv
from .actions import (Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Place, Play, PlayPair, RatTo, Steal,
                      StopCows, Take)
from .cards import COMBOS, COW_STEPS, HAND_SIZE, RAT_MOVES, RAT_SCARE, SOLO_YELLOWS, is_green, is_movement, value_of
from .track import Cell, Track, cell_name, parse_cell
from .words import load_catalog

__all__ = ["hint_reason", "phrase", "Board"]

R = "formula-e/"


# ------------------------------------------------------------------ the board as the seat sees it
class Board:
    """The pieces of a seat's view on its track, and what can be read off them."""

    def __init__(self, view: dict, seat: int):
        self.view, self.seat = view, seat
        self.track = Track(view["track"]["name"], tuple(view["track"]["rows"]))
        rows = self.track.rows_count
        self.elephants: tuple[Cell | None, ...] = tuple(
            None if e is None else (rows, 0) if e == "finish" else parse_cell(e) for e in view["elephants"])
        self.cows: tuple[Cell, ...] = tuple(c for c in (parse_cell(x) for x in view["cows"]) if c is not None)
        self.rat: Cell = parse_cell(view["rat"]) or self.track.holes[0]
        self.hand: list[str] = list(view["hands"][seat] or [])

    def pieces(self) -> mv.Pieces:
        return mv.Pieces(self.elephants, self.cows)

    def row(self, q: int) -> int:
        cell = self.elephants[q]
        return -1 if cell is None else cell[0]

    def left(self, cell: Cell) -> int:
        """Forward steps from ``cell`` across the red line."""
        return self.track.rows_count - cell[0]

    def rivals(self, of: int | None = None) -> list[int]:
        """The other seats with an elephant on the track, the furthest along first."""
        me = self.seat if of is None else of
        found = [q for q, c in enumerate(self.elephants) if q != me and c is not None]
        return sorted(found, key=lambda q: (-self.row(q), q))

    def reach(self, q: int, points: int, mode: str) -> tuple[Cell, bool] | None:
        """Where ``q``'s elephant ends the furthest whole move of ``points`` (a win first), and whether it wins."""
        found = mv.paths(self.track, self.pieces(), q, points, mode, self.rat)
        if not found:
            return None
        won = [p for _steps, p in found if p.winner == q]
        if won:
            return self.elephants[q] or (0, 0), True
        best = max(found, key=lambda f: (f[1].elephants[q] or (0, 0))[0])[1]
        return best.elephants[q] or (0, 0), False

    def rat_reach(self, moves: int = RAT_MOVES) -> dict[Cell, int]:
        return mv.rat_targets(self.track, self.pieces(), self.rat, moves)

    def scared(self, q: int) -> Cell:
        after, _moves = mv.scare(self.track, self.pieces(), q, RAT_SCARE)
        return after.elephants[q] or (0, 0)

    def ahead(self, q: int) -> Cell | None:
        cell = self.elephants[q]
        if cell is None or cell[0] + 1 >= self.track.rows_count:
            return None
        nxt = (cell[0] + 1, cell[1])
        return nxt if self.track.on_board(nxt) else None

    def cow_distance(self, target: Cell, limit: int = COW_STEPS) -> tuple[int, Cell] | None:
        """The fewest cow steps (never diagonal, never onto a piece) that bring a Sacred Cow onto ``target``,
        and that cow's space; None when no cow gets there within ``limit``."""
        taken = {c for c in self.elephants if c is not None} | set(self.cows)
        if target in taken or not self.track.on_board(target):
            return None
        dist = {target: 0}
        todo = deque([target])
        while todo:
            cell = todo.popleft()
            if dist[cell] >= limit:
                continue
            for _name, nxt in self.track.cow_moves(cell):
                if nxt in dist:
                    continue
                if nxt in self.cows:
                    return dist[cell] + 1, nxt
                if nxt in taken:
                    continue
                dist[nxt] = dist[cell] + 1
                todo.append(nxt)
        return None

    def cow_ahead(self, q: int) -> Cell | None:
        nxt = self.ahead(q)
        return nxt if nxt is not None and nxt in self.cows else None


def _live(view: dict) -> list[str]:
    """The cards played that are still to resolve (a cancelled one is not)."""
    live = list(view["pending"])
    if view["cancelled"] in live:
        live.remove(view["cancelled"])
    return live


# ------------------------------------------------------------------ the facts, move by move
Fact = tuple[str, str, dict]  # (English template, rule id, params)


def _run(b: Board, q: int, card: str, mode: str, rule: str) -> Fact | None:
    """Your elephant's move with ``card`` (and the yellow ``mode``): the win, the banana tree, or where it ends."""
    start = b.elephants[q]
    got = b.reach(q, value_of(card), mode)
    if start is None or got is None:
        return None
    end, won = got
    if won:
        return ("{Move}: {card} takes your elephant across the red line from {start}: it wins the race ({title}).",
                R + "win/line", {"card": card, "start": cell_name(start)})
    if end == start:
        return None
    return _ended(b, q, card, start, end, rule)


def _ended(b: Board, q: int, card: str, start: Cell, end: Cell, rule: str, moved: bool = True) -> Fact:
    """``card`` takes ``q``'s elephant from ``start`` to ``end``: a banana tree there, or how it stands in the race."""
    params = {"card": card, "start": cell_name(start), "end": cell_name(end), "n": b.left(end)}
    if moved and end != start and b.track.kind(end) == "B":
        return ("{Move}: {card} takes your elephant from {start} to the banana tree at {end}, where it draws up to "
                "nine cards ({title}).", R + "board/banana", params)
    rivals = b.rivals(q)
    lead = rivals[0] if rivals else None
    if lead is None or end[0] > b.row(lead):
        return ("{Move}: {card} takes your elephant from {start} to {end}, {n} {n:row|rows} from the red line, "
                "ahead of every rival ({title}).", rule, params)
    cell = b.elephants[lead]
    assert cell is not None
    if end[0] == cell[0]:
        return ("{Move}: {card} takes your elephant from {start} to {end}, {n} {n:row|rows} from the red line, level "
                "with {player}'s elephant at {cell}, the furthest of your rivals ({title}).", rule,
                dict(params, player=lead, cell=cell_name(cell)))
    return ("{Move}: {card} takes your elephant from {start} to {end}, {n} {n:row|rows} from the red line; "
            "{player} leads at {cell}, {k} {k:row|rows} from it ({title}).", rule,
            dict(params, player=lead, cell=cell_name(cell), k=b.left(cell)))


def _pair(b: Board, q: int, yellow: str, green: str) -> Fact | None:
    start = b.elephants[q]
    alone, paired = b.reach(q, value_of(green), ""), b.reach(q, value_of(green), yellow)
    if start is None or paired is None:
        return None
    rule = R + "card/" + yellow
    if alone is not None and not alone[1] and (paired[1] or paired[0][0] > alone[0][0]):
        if paired[1]:
            return ("{Move}: {green} alone would stop your elephant at {alone}; with {yellow} it crosses the red "
                    "line and wins the race ({title}).", rule, {"green": green, "yellow": yellow,
                                                                 "alone": cell_name(alone[0])})
        return ("{Move}: {green} alone would stop your elephant at {alone}; with {yellow} it reaches {end}, {n} "
                "{n:row|rows} from the red line ({title}).", rule,
                {"green": green, "yellow": yellow, "alone": cell_name(alone[0]), "end": cell_name(paired[0]),
                 "n": b.left(paired[0])})
    return _run(b, q, green, yellow, rule)


def _rat_card(b: Board) -> Fact | None:
    reach = b.rat_reach()
    for q in b.rivals():
        cell = b.elephants[q]
        if cell in reach:
            assert cell is not None
            return ("{Move}: {player}'s elephant at {cell} is {n} {n:row|rows} from the red line and within "
                    "six moves of the Rat, whose scare sends it back to {end} ({title}).", R + "card/rat-scare",
                    {"player": q, "cell": cell_name(cell), "n": b.left(cell), "end": cell_name(b.scared(q))})
    return None


def _rat_to(b: Board, target: Cell) -> Fact | None:
    if target in b.elephants:
        q = b.elephants.index(target)
        if q == b.seat:
            return None
        return ("{Move}: {player}'s elephant there is {n} {n:row|rows} from the red line, and the Rat's scare "
                "sends it back to {end} ({title}).", R + "card/rat-scare",
                {"player": q, "n": b.left(target), "end": cell_name(b.scared(q))})
    if any(b.elephants[q] in b.rat_reach() for q in b.rivals()):
        return None  # a rival was within reach: this is no waiting move
    far = mv.rat_targets(b.track, mv.Pieces(b.elephants, b.cows), target, 4 * b.track.rows_count)
    near = [(far[c], q) for q in b.rivals() if (c := b.elephants[q]) in far]
    if not near:
        return None
    k, q = min(near)
    cell = b.elephants[q]
    assert cell is not None
    return ("{Move}: no rival's elephant is within the Rat's six moves; from {spot} the Rat is {k} {k:move|moves} "
            "from {player}'s elephant at {cell} ({title}).", R + "card/rat",
            {"spot": cell_name(target), "k": k, "player": q, "cell": cell_name(cell)})


def _block_chance(b: Board, seats: list[int]) -> Fact | None:
    """The Sacred Cow nearest to the free space ahead of one of ``seats``' elephants, within eight cow steps."""
    for q in seats:
        ahead, cell = b.ahead(q), b.elephants[q]
        if ahead is None or cell is None:
            continue
        found = b.cow_distance(ahead)
        if found:
            k, cow = found
            return ("{Move}: the Sacred Cow at {cow} is {k} {k:space|spaces} from the space ahead of {player}'s "
                    "elephant at {cell}, where it blocks the way ({title}).", R + "move/cow-obstacle",
                    {"cow": cell_name(cow), "k": k, "player": q, "cell": cell_name(cell)})
    return None


def _cow_card(b: Board) -> Fact | None:
    cow, cell = b.cow_ahead(b.seat), b.elephants[b.seat]
    if cow is not None and cell is not None:
        return ("{Move}: the Sacred Cow at {cow} stands right ahead of your elephant at {cell}, and the Sacred Cow "
                "card moves it out of your way ({title}).", R + "card/cow", {"cow": cell_name(cow),
                                                                             "cell": cell_name(cell)})
    return _block_chance(b, b.rivals())


def _cow_step(b: Board, a: CowStep) -> Fact | None:
    d = {"forward": (1, 0), "back": (-1, 0), "left": (0, -1), "right": (0, 1)}[a.direction]
    end = (a.cell[0] + d[0], a.cell[1] + d[1])
    mine = b.elephants[b.seat]
    if mine is not None and a.cell == b.ahead(b.seat) and end[1] != mine[1]:
        return ("{Move}: the cow leaves {start}, right ahead of your elephant at {cell}, and clears your way "
                "({title}).", R + "move/cow-obstacle", {"start": cell_name(a.cell), "cell": cell_name(mine)})
    if mine is not None and a.cell[1] == mine[1] and a.cell[0] > mine[0] and end[1] != mine[1]:
        return ("{Move}: the cow leaves {start}, {k} {k:space|spaces} ahead of your elephant at {cell} in its lane, "
                "and clears your way ({title}).", R + "move/cow-obstacle",
                {"start": cell_name(a.cell), "k": a.cell[0] - mine[0], "cell": cell_name(mine)})
    for q in b.rivals():
        cell = b.elephants[q]
        if cell is not None and end == b.ahead(q):
            return ("{Move}: the cow stands at {end}, right ahead of {player}'s elephant at {cell}, and blocks "
                    "its way ({title}).", R + "move/cow-obstacle", {"end": cell_name(end), "player": q,
                                                                    "cell": cell_name(cell)})
    moved = copy.copy(b)
    moved.cows = tuple(end if c == a.cell else c for c in b.cows)
    for q in b.rivals():
        ahead, cell = b.ahead(q), b.elephants[q]
        if ahead is None or cell is None:
            continue
        before, after = b.cow_distance(ahead, 99), moved.cow_distance(ahead, 99)
        if after is not None and after[1] == end and (before is None or after[0] < before[0]):
            return ("{Move}: the cow comes to {end}, {k} {k:space|spaces} from the space ahead of {player}'s "
                    "elephant at {cell} ({title}).", R + "move/cow-obstacle",
                    {"end": cell_name(end), "k": after[0], "player": q, "cell": cell_name(cell)})
    behind = [(end[0] - c[0], q) for q in b.rivals() if (c := b.elephants[q]) is not None and c[1] == end[1]
              and c[0] < end[0]]
    if behind and (end[1] != a.cell[1] or end[0] < a.cell[0]):  # into a rival's lane, or nearer it there
        k, q = min(behind)
        cell = b.elephants[q]
        assert cell is not None
        return ("{Move}: the cow comes to {end}, in {player}'s lane {k} {k:space|spaces} ahead of its elephant at "
                "{cell} ({title}).", R + "move/cow-obstacle",
                {"end": cell_name(end), "player": q, "k": k, "cell": cell_name(cell)})
    return None


def _stop_cows(b: Board) -> Fact | None:
    for q in b.rivals():
        cow, cell = b.cow_ahead(q), b.elephants[q]
        if cow is not None and cell is not None:
            return ("{Move}: the Sacred Cow at {cow} already stands right ahead of {player}'s elephant at {cell} "
                    "({title}).", R + "move/cow-obstacle", {"cow": cell_name(cow), "player": q,
                                                            "cell": cell_name(cell)})
    mine = b.elephants[b.seat]
    if mine is None:
        return None
    fronts = {b.ahead(q) for q in b.rivals()} - {None}
    if not any(b.cow_distance(f, 1) for f in fronts if f is not None) and \
            not any(c[1] == mine[1] and c[0] > mine[0] for c in b.cows):
        return ("{Move}: no Sacred Cow stands in your lane ahead of your elephant at {cell}, and no cow is one step "
                "from the space ahead of a rival's elephant ({title}).", R + "move/cow-obstacle",
                {"cell": cell_name(mine)})
    if b.cow_ahead(b.seat) is None:
        return ("{Move}: you need not use the {n} {n:step|steps} left, and no cow stands right ahead of your "
                "elephant at {cell} ({title}).", R + "card/cow", {"n": b.view["cow_left"], "cell": cell_name(mine)})
    return None


def _monkey(b: Board, victim: int | None) -> Fact | None:
    sizes = b.view["hand_sizes"]
    rivals = b.rivals()
    if not rivals:
        return None
    most = max(sizes[q] for q in rivals)
    q = victim if victim is not None else next(q for q in rivals if sizes[q] == most)
    cell = b.elephants[q]
    if sizes[q] == most and sizes[q] >= 2 and cell is not None:
        return ("{Move}: {player}, at {cell}, holds {n} {n:card|cards}, the most of your rivals, and the Monkey steals "
                "two of them at random ({title}).", R + "card/monkey", {"player": q, "cell": cell_name(cell),
                                                                        "n": sizes[q]})
    if q == rivals[0] and cell is not None and sizes[q]:
        return ("{Move}: {player} leads at {cell}, {k} {k:row|rows} from the red line, and the Monkey steals "
                "two of their {n} {n:card|cards} at random ({title}).", R + "card/monkey",
                {"player": q, "cell": cell_name(cell), "k": b.left(cell), "n": sizes[q]})
    return None


def _prayer(b: Board) -> Fact | None:
    n, top = b.view["discard_size"], b.view["discard_top"]
    if not n or not top:
        return None
    return ("{Move}: the discards hold {n} {n:card|cards}, {card} on top, and the Prayer takes any one of them into "
            "your hand ({title}).", R + "card/prayer", {"n": n, "card": top})


def _take(b: Board, card: str) -> Fact | None:
    pile = b.view["discard"] or []
    q, start = b.seat, b.elephants[b.seat]
    if start is None:
        return None
    rows = {c: b.reach(q, value_of(c), "") for c in set(pile) if is_movement(c)}
    if not is_movement(card):
        best = _best_card(b, b.hand)
        if best is None or best[2] or any(r is not None and (r[1] or r[0][0] > best[1][0]) for r in rows.values()):
            return None
        return ("{Move}: no card in the discards takes your elephant further than your {best}, which reaches {far} "
                "({title}).", R + "card/prayer", {"best": best[0], "far": cell_name(best[1])})
    got = rows.get(card)
    if got is None:
        return None
    key = {c: (r[1], r[0][0]) for c, r in rows.items() if r is not None}
    if is_green(card) and not any(is_green(c) for c in b.view["played"]):  # a green taken may be played at once
        greens = [k for c, k in key.items() if is_green(c)]
        if key[card] < max(greens):
            if got[1] or got[0] == start:
                return None
            return ("{Move}: a green card taken with the Prayer may be played at once, and {card} takes your elephant "
                    "from {start} to {end}, {n} {n:row|rows} from the red line ({title}).", R + "card/prayer",
                    {"card": card, "start": cell_name(start), "end": cell_name(got[0]), "n": b.left(got[0])})
        if got[1]:
            return ("{Move}: of the green cards in the discards, {card} goes furthest, and you may play it at once: "
                    "it takes your elephant across the red line ({title}).", R + "card/prayer", {"card": card})
        return ("{Move}: of the green cards in the discards, {card} goes furthest, and you may play it at once: it "
                "takes your elephant from {start} to {end}, {n} {n:row|rows} from the red line ({title}).",
                R + "card/prayer",
                {"card": card, "start": cell_name(start), "end": cell_name(got[0]), "n": b.left(got[0])})
    if key[card] < max(key.values()):
        return None
    if got[1]:
        return ("{Move}: of the cards in the discards, {card} goes furthest: it takes your elephant across the red "
                "line ({title}).", R + "card/prayer", {"card": card})
    return ("{Move}: of the cards in the discards, {card} goes furthest: it takes your elephant from {start} to "
            "{end}, {n} {n:row|rows} from the red line ({title}).", R + "card/prayer",
            {"card": card, "start": cell_name(start), "end": cell_name(got[0]), "n": b.left(got[0])})


def _cobra_target(b: Board, target: int) -> Fact | None:
    cell = b.elephants[target]
    if cell is None:
        return None
    params = {"player": target, "cell": cell_name(cell), "n": b.left(cell)}
    if b.rivals() and b.rivals()[0] == target:
        return ("{Move}: {player} leads at {cell}, {n} {n:row|rows} from the red line, and a Cobra makes them "
                "discard a card at every draw ({title}).", R + "draw/cobra", params)
    return ("{Move}: {player}'s elephant is at {cell}, {n} {n:row|rows} from the red line, and a Cobra makes "
            "them discard a card at every draw ({title}).", R + "draw/cobra", params)


def _tiger_own(b: Board) -> Fact | None:
    n = b.view["cobras"][b.seat]
    if not n:
        return None
    return ("{Move}: you have {n} {n:Cobra|Cobras}, and the Tiger played in your turn discards {n:it|them all} "
            "({title}).",
            R + "card/tiger-yellow", {"n": n})


def _best_card(b: Board, hand: list[str]) -> tuple[str, Cell, bool] | None:
    """The movement card of ``hand`` that takes the seat's elephant furthest (a win first), where, and whether it
    wins."""
    best: tuple[tuple[bool, int], str, Cell, bool] | None = None
    for c in sorted(set(hand), key=hand.index):
        if not is_movement(c):
            continue
        got = b.reach(b.seat, value_of(c), "")
        if got is not None and (best is None or (got[1], got[0][0]) > best[0]):
            best = ((got[1], got[0][0]), c, got[0], got[1])
    return None if best is None else best[1:]


def _discard_turn(b: Board, cards: tuple[str, ...]) -> Fact | None:
    kept = list(b.hand)
    for c in cards:
        if c in kept:
            kept.remove(c)
    n = max(0, HAND_SIZE - len(kept))
    cell = b.elephants[b.seat]
    if not n or cell is None:
        return None
    rule = R + "draw/up-to-six"
    if not any(is_movement(c) for c in b.hand):
        return ("{Move}: you hold no green or purple card to move your elephant, and you draw {n} new "
                "{n:card|cards} back up to six ({title}).", rule, {"n": n})
    best = _best_card(b, b.hand)
    if best is None or (not best[2] and best[1] == cell):
        return ("{Move}: no card of yours moves your elephant from {cell}, and you draw {n} new {n:card|cards} back "
                "up to six ({title}).", rule, {"cell": cell_name(cell), "n": n})
    return ("{Move}: you keep {cards} and draw {n} new {n:card|cards} back up to six ({title}).", rule,
            {"cards": tuple(kept), "n": n})


def _discard_cobra(b: Board, card: str) -> Fact | None:
    rule = R + "draw/cobra"
    kept = list(b.hand)
    if card in kept:
        kept.remove(card)
    if is_movement(card):
        mine = b.reach(b.seat, value_of(card), "")
        best = _best_card(b, kept)
        if mine is not None and best is not None and (best[2], best[1][0]) > (mine[1], mine[0][0]):
            return ("{Move}: {card} would take your elephant only to {end}; you keep {best}, which reaches {far} "
                    "({title}).", rule, {"card": card, "end": cell_name(mine[0]), "best": best[0],
                                         "far": cell_name(best[1])})
    if card == "rat" and not any(b.elephants[q] in b.rat_reach() for q in b.rivals()):
        return ("{Move}: no rival's elephant is within the Rat's six moves of {spot} ({title}).", rule,
                {"spot": cell_name(b.rat)})
    if card == "cow" and b.cow_ahead(b.seat) is None and _block_chance(b, b.rivals()) is None:
        return ("{Move}: no Sacred Cow can reach the space ahead of a rival's elephant in eight steps ({title}).",
                rule, {})
    if card in COMBOS and not any(is_green(c) for c in kept):
        return "{Move}: you hold no green card to play {card} with ({title}).", rule, {"card": card}
    best = _best_card(b, kept)
    if best is not None and not best[2]:
        return ("{Move}: you keep {best}, which still takes your elephant to {far} ({title}).", rule,
                {"best": best[0], "far": cell_name(best[1])})
    return None


def _end_turn(b: Board) -> Fact | None:
    n = max(0, HAND_SIZE - len(b.hand))
    played = list(b.view["played"])
    rule = R + "draw/up-to-six"
    if played:
        first = played[0]
        follow = [c for c in b.hand if (c in SOLO_YELLOWS if is_green(first) else is_green(c))]
        if not follow:
            return ("{Move}: no card in your hand may follow {card}, and you draw {n} new {n:card|cards} back up to "
                    "six ({title}).", R + "turn/pair-order", {"card": first, "n": n})
    if not n:
        return None
    return "{Move}: you draw {n} new {n:card|cards} back up to six ({title}).", rule, {"n": n}


def _place(b: Board, cell: Cell) -> Fact:
    lane = [(r, cell[1]) for r in range(cell[0] + 1, b.track.rows_count)]
    cow = next((c for c in lane if c in b.cows), None)
    params = {"n": b.left(cell)}
    if cow is None:
        return ("{Move}: your elephant starts {n} {n:row|rows} from the red line, and no Sacred Cow stands in its "
                "lane ({title}).", R + "setup/place-order", params)
    return ("{Move}: your elephant starts {n} {n:row|rows} from the red line, and the first Sacred Cow in its "
            "lane stands at {cow} ({title}).", R + "setup/place-order", dict(params, cow=cell_name(cow)))


def _move(b: Board, a: Move) -> Fact | None:
    q = b.seat
    start = b.elephants[q]
    card = next((c for c in _live(b.view) if is_movement(c)), "")
    if start is None or not card:
        return None
    found = dict(mv.paths(b.track, b.pieces(), q, value_of(card), b.view["mode"], b.rat))
    after = found.get(a.steps)
    if after is None:
        return None
    if after.winner == q:
        return ("{Move}: {card} takes your elephant across the red line from {start}: it wins the race ({title}).",
                R + "win/line", {"card": card, "start": cell_name(start)})
    end = after.elephants[q]
    if end is None or end == start:
        return None
    rule = R + ("move/sideways" if any(s in mv.SIDES for s in a.steps) else "move/all-points")
    return _ended(b, q, card, start, end, rule, bool(a.steps))


def _turn_card(b: Board, a: Any) -> Fact | None:
    if isinstance(a, PlayPair):
        return _pair(b, b.seat, a.yellow, a.green)
    card = a.card
    if is_movement(card):
        return _run(b, b.seat, card, "", R + "move/points")
    return {"rat": _rat_card, "cow": _cow_card, "prayer": _prayer, "tiger": _tiger_own,
            "monkey": lambda b: _monkey(b, None),
            "snake": lambda b: _cobra_target(b, b.rivals()[0]) if b.rivals() else None}[card](b)


# ------------------------------------------------------------------ the Tiger window
def _cancel(b: Board, card: str) -> Fact | None:
    p = b.view["active"]
    live = _live(b.view)
    start, mine = b.elephants[p], b.elephants[b.seat]
    if start is None or mine is None:
        return None
    rule = R + "tiger/cancel"
    if is_movement(card):
        mode = next((c for c in live if c in COMBOS), "")
        got = b.reach(p, value_of(card), mode)
        if got is None:
            return None
        end, won = got
        if won:
            return ("{Move}: it would carry {player}'s elephant across the red line to win the race ({title}).", rule,
                    {"player": p})
        if end == start:
            return None
        params = {"player": p, "start": cell_name(start), "end": cell_name(end), "n": b.left(end)}
        if start[0] <= mine[0] < end[0]:
            return ("{Move}: it would take {player}'s elephant from {start} to {end}, {n} {n:row|rows} from the "
                    "red line and past your elephant at {cell} ({title}).", rule, dict(params, cell=cell_name(mine)))
        return ("{Move}: it would take {player}'s elephant from {start} to {end}, {n} {n:row|rows} from the red "
                "line ({title}).", rule, params)
    if card in COMBOS:
        green = next((c for c in live if is_movement(c)), "")
        if not green:
            return None
        alone, paired = b.reach(p, value_of(green), ""), b.reach(p, value_of(green), card)
        if paired is None:
            return None
        if alone is None or not (paired[1] or paired[0][0] > alone[0][0]):
            if paired[1] or paired[0] == start:
                return None
            return ("{Move}: with it {player}'s elephant would reach {end}, {n} {n:row|rows} from the red line "
                    "({title}).", R + "tiger/pair", {"player": p, "end": cell_name(paired[0]),
                                                     "n": b.left(paired[0])})
        if paired[1]:
            return ("{Move}: with it {player}'s elephant would cross the red line; without it {green} stops at "
                    "{alone} ({title}).", R + "tiger/pair", {"player": p, "green": green,
                                                             "alone": cell_name(alone[0])})
        return ("{Move}: with it {player}'s elephant would reach {end}; without it {green} stops at {alone} "
                "({title}).", R + "tiger/pair", {"player": p, "end": cell_name(paired[0]), "green": green,
                                                 "alone": cell_name(alone[0])})
    if card == "rat":
        if mine in b.rat_reach():
            return ("{Move}: your elephant at {cell} is within six moves of the Rat at {spot}, and its scare would "
                    "send it back to {end} ({title}).", R + "card/rat-scare",
                    {"cell": cell_name(mine), "spot": cell_name(b.rat), "end": cell_name(b.scared(b.seat))})
        return None
    if card == "snake":
        if b.rivals(p) and b.rivals(p)[0] == b.seat:
            return ("{Move}: your elephant at {cell} is the furthest of {player}'s rivals, the first target of a "
                    "Cobra ({title}).", R + "card/snake", {"cell": cell_name(mine), "player": p})
        return None
    if card == "cow":
        ahead = b.ahead(b.seat)  # (a cow already there blocks you whatever the card does: no fact)
        found = b.cow_distance(ahead) if ahead is not None else None
        if found:
            return ("{Move}: the Sacred Cow at {cow} is {k} {k:space|spaces} from the space ahead of your elephant "
                    "at {cell}: {player} could block your way ({title}).", R + "move/cow-obstacle",
                    {"cow": cell_name(found[1]), "k": found[0], "cell": cell_name(mine), "player": p})
        return None
    if card == "monkey":
        sizes = b.view["hand_sizes"]
        if sizes[b.seat] >= 2 and sizes[b.seat] == max(sizes[q] for q in range(len(sizes)) if q != p):
            return ("{Move}: you hold {n} {n:card|cards}, the most of {player}'s rivals, and the Monkey would steal "
                    "two of them ({title}).", R + "card/monkey", {"n": sizes[b.seat], "player": p})
        return None
    if card == "prayer":
        n, top = b.view["discard_size"], b.view["discard_top"]
        if n and top:
            return ("{Move}: the discards hold {n} {n:card|cards}, {card} on top, for {player} to choose from "
                    "({title}).", R + "card/prayer", {"n": n, "card": top, "player": p})
        return None
    if card == "tiger":
        n = b.view["cobras"][p]
        if n:
            return ("{Move}: it would discard {player}'s {n} {n:Cobra|Cobras} ({title}).", R + "card/tiger-yellow",
                    {"player": p, "n": n})
    return None


def _allow(b: Board) -> Fact | None:
    p = b.view["active"]
    live = _live(b.view)
    start, mine = b.elephants[p], b.elephants[b.seat]
    if start is None or mine is None or not live:
        return None
    green = next((c for c in live if is_movement(c)), "")
    if green:
        mode = next((c for c in live if c in COMBOS), "")
        got = b.reach(p, value_of(green), mode)
        if got is None or got[1]:
            return None
        end = got[0]
        if end[0] < mine[0]:
            return ("{Move}: at most {card} takes {player}'s elephant to {end}, still behind your elephant at {cell} "
                    "({title}).", R + "tiger/window", {"card": green, "player": p, "end": cell_name(end),
                                                       "cell": cell_name(mine)})
        return ("{Move}: at most {card} takes {player}'s elephant to {end}, {n} {n:row|rows} from the red line "
                "({title}).", R + "tiger/window", {"card": green, "player": p, "end": cell_name(end),
                                                   "n": b.left(end)})
    card = live[0]
    if card == "rat" and mine not in b.rat_reach():
        return ("{Move}: your elephant at {cell} is beyond the Rat's six moves from {spot} ({title}).", R + "card/rat",
                {"cell": cell_name(mine), "spot": cell_name(b.rat)})
    return ("{Move}: {card} does not move {player}'s elephant, which stays at {cell}, {n} {n:row|rows} from the "
            "red line ({title}).", R + "tiger/window", {"card": card, "player": p, "cell": cell_name(start),
                                                        "n": b.left(start)})


# ------------------------------------------------------------------ the sentence
def fact(game: Any, state: Any, seat: int, action: Any) -> Fact | None:
    """The board fact that speaks for ``action`` in ``seat``'s view: (English template, rule id, params)."""
    view = game.view(state, seat)
    if view["over"]:
        return None
    b = Board(view, seat)
    phase = view["phase"]
    if isinstance(action, (Play, PlayPair)):
        return _turn_card(b, action)
    if isinstance(action, Cancel):
        return _cancel(b, action.card)
    if isinstance(action, Allow):
        return _allow(b)
    if isinstance(action, Discard):
        return _discard_cobra(b, action.cards[0]) if phase == "discard" else _discard_turn(b, action.cards)
    if isinstance(action, EndTurn):
        return _end_turn(b)
    if isinstance(action, Move):
        return _move(b, action)
    if isinstance(action, RatTo):
        return _rat_to(b, action.cell)
    if isinstance(action, CowStep):
        return _cow_step(b, action)
    if isinstance(action, StopCows):
        return _stop_cows(b)
    if isinstance(action, Steal):
        return _monkey(b, action.victim)
    if isinstance(action, Take):
        return _take(b, action.card) if action.card else None
    if isinstance(action, Give):
        return _cobra_target(b, action.target)
    if isinstance(action, Place):
        return _place(b, action.cell)
    return None


def hint_reason(game: Any, state: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
    """(sentence, rule id): the move, the fact of ``seat``'s view that speaks for it and the title of the rule
    that makes it matter; None when no such fact is found."""
    found = fact(game, state, seat, action)
    if found is None:
        return None
    template, rule, params = found
    title = game.rules[rule].wording(lang)[0]
    return load_catalog().render(template, dict(params, move=game.action_text(action, lang), title=title),
                                 lang), rule


# ------------------------------------------------------------------ the fallback: a fixed phrase per kind of move
PHRASES: dict[str, tuple[str, str]] = {  # kind -> (why, the rule it rests on)
    "move": ("this path leaves your elephant furthest along the lap", R + "move/all-points"),
    "run": ("the points of this card take your elephant furthest", R + "move/points"),
    "charge": ("Charge! pushes everything ahead for the full value", R + "card/charge"),
    "carpet": ("the Flying Carpet jumps over the pieces in your lane", R + "card/carpet"),
    "mango": ("Mango Juice lets you slip diagonally past the pieces ahead", R + "card/mango"),
    "rat": ("the Rat can scare a rival's elephant three spaces back", R + "card/rat-scare"),
    "cow": ("moving the Sacred Cows can block the rivals' lanes", R + "card/cow"),
    "monkey": ("stolen cards may give you the movement you lack", R + "card/monkey"),
    "prayer": ("the discards hold the card you need", R + "card/prayer"),
    "snake": ("a Cobra costs its holder a card at every draw", R + "card/snake"),
    "tiger": ("the yellow Tiger drops your Cobras", R + "card/tiger-yellow"),
    "cancel": ("cancelling the card keeps a rival from getting away", R + "tiger/cancel"),
    "allow": ("cancelling it would not pay here", R + "tiger/window"),
    "discard": ("these cards do not move you; fresh ones may", R + "turn/discard-any"),
    "cobra": ("this card is the one you miss least", R + "draw/cobra"),
    "end": ("no second card helps now", R + "turn/pair-order"),
    "place": ("a good start on the grid", R + "setup/place-order"),
    "pass": ("nothing else is possible", R + "turn/choice"),
}


def phrase(action: Any, phase: str = "") -> tuple[str, str]:
    """The fixed phrase for a kind of move (English; the catalog has Italian and French) and its rule id: what a
    hint says when :func:`hint_reason` finds no fact on the board for the move."""
    kind = {Move: "move", Cancel: "cancel", Allow: "allow", EndTurn: "end", RatTo: "rat", CowStep: "cow",
            StopCows: "cow", Steal: "monkey", Take: "prayer", Give: "snake", Place: "place"}.get(type(action))
    if isinstance(action, PlayPair):
        kind = action.yellow
    elif isinstance(action, Play):
        kind = "run" if is_movement(action.card) else action.card
    elif isinstance(action, Discard):
        kind = "cobra" if phase == "discard" else "discard"
    return PHRASES[kind or "pass"]
