"""Formula E's legal actions: listed once per position, a turn's made lazily (``TurnActions``), every action value
interned so that apply finds a listed one by identity."""

from __future__ import annotations

import operator
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import Any, Callable

from . import movement as mv
from .actions import (Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Place, Play, PlayPair, RatTo, Steal,
                      StopCows, Take)
from .base import holds, pieces
from .cards import (COBRAS, COMBOS, COUNTS, HAND_SIZE, ORDER, RAT_MOVES, SOLO_YELLOWS, VALUES, is_green, is_movement,
                    sort_cards, value_of)
from .cards import RANK as CARD_RANK
from .state import State
from .track import Cell, Track


# ------------------------------------------------------------------ legal actions
def legal_actions(s: State) -> "Sequence[Any]":
    """Every legal action, in full: a new list, or on a turn a :class:`TurnActions` (a read-only sequence)."""
    cache = s.__dict__  # (listed's work, inline: one call less per action)
    found = cache.get("_legal")
    if found is None:
        # (most of a playout is a turn: its actions without compute_legal's call)
        found = turn_actions(s, s.hands[s.active]) if s.phase == "turn" else compute_legal(s)
        if type(found) is TurnActions:
            cache["_legal"] = found
            return found
        cache["_legal"] = tuple(found)
        return found  # (a new list, its copy kept)
    return found if type(found) is TurnActions else list(found)


def listed(s: State) -> "Sequence[Any]":
    """The legal actions, listed once per position (kept on the immutable state, out of its fields)."""
    cache = s.__dict__.get("_legal")
    if cache is None:
        found = compute_legal(s)
        cache = s.__dict__["_legal"] = found if type(found) is TurnActions else tuple(found)
    return cache


def compute_legal(s: State) -> "list | TurnActions":
    phase = s.phase  # (the phases a playout meets most often first)
    p = s.active
    if phase == "tiger":
        asker = s.asker if s.asker is not None else p
        if "tiger" in s.hands[asker]:
            live = set(s.pending)
            live.discard(s.cancelled)  # (a pair's card already cancelled is not cancelled again)
            return [ALLOW, *map(CANCELS.__getitem__, sorted(live, key=RANK_OF))]
        return [ALLOW]
    if phase == "discard":  # one card of each kind in the hand
        return list(map(DISCARDS.__getitem__, map(ONE_CARD.__getitem__, sorted(set(s.hands[p]), key=RANK_OF))))


    if phase == "turn":
        return turn_actions(s, s.hands[p])
    if phase == "move":
        found = move_paths(s)
        s.__dict__["_after"] = found  # where each move leaves the pieces, for apply (kept like the list)
        return [MOVES[steps] for steps, _ in found]
    if phase == "cow":  # (``mv.cow_steps``'s moves, read off a table of the track's)
        moves = cow_moves(s.track)
        held: set[Cell | None] = set(s.elephants)
        held.update(s.cows)
        steps: list[CowStep | StopCows] = []
        for cell in sorted(s.cows):
            near = moves.get(cell)
            if near is None:  # (a cow off the board: never in a game)
                return [COW_STEPS_OF[(c, d)] for c, d, _ in mv.cow_steps(s.track, pieces(s))] + [STOP_COWS]
            for target, step in near:
                if target not in held:
                    steps.append(step)
        steps.append(STOP_COWS)
        return steps
    if phase == "second":
        second = second_cards(s)
        return [PLAYS[c] for c in sorted(set(s.hands[p]), key=RANK_OF) if c in second] + [END_TURN]
    if phase == "over":
        return []
    if phase == "place":
        taken = {c for c in s.elephants if c is not None}
        return [Place(c) for c in s.track.start if c not in taken]
    if phase == "rat":
        targets = sorted(mv.rat_targets(s.track, pieces(s), s.rat, RAT_MOVES))
        return list(map(RATS.__getitem__, targets)) or [RATS[s.rat]]
    if phase == "monkey":
        return [Steal(v) for v in range(s.players) if v != p and s.hands[v]]
    if phase == "prayer":
        return [Take(c) for c in sort_cards(set(s.discard))] or [Take("")]
    if phase == "snake":
        if sum(s.cobras) < COBRAS:
            return [Give(None, t) for t in range(s.players) if t != p]
        # all four out: one moved from any player (the active one's own included) to a player other than the one
        # it is taken from, and never to the active player ("ad un altro giocatore")
        return [Give(src, t) for src in range(s.players) if s.cobras[src] for t in range(s.players)
                if t != src and t != p]
    return []


class Interned(dict):
    """One action value per key, made on first use (``ids`` finds them by identity); bounded: emptied when it
    grows past ``limit`` (an old value is then merely checked the slow way)."""

    def __init__(self, make: Callable[[Any], Any], limit: int = 100_000, ids: dict[int, Any] | None = None) -> None:
        super().__init__()
        self.make = make
        self.limit = limit
        self.ids: dict[int, Any] = {} if ids is None else ids  # keeps the values alive: an id is not reused

    def __missing__(self, key: Any) -> Any:
        if len(self) >= self.limit:
            self.clear()
            self.ids.clear()
        value = self[key] = self.make(key)
        self.ids[id(value)] = value
        return value


PLAYS = Interned(Play)
PLAY_IDS = PLAYS.ids.get
ALLOW = Allow()  # the other phases' actions: one value each, made on first use, listed again and again
CANCELS = Interned(Cancel, ids={})
MOVES = Interned(Move, ids={})
RATS = Interned(RatTo, ids={})
PAIRS = Interned(lambda yg: PlayPair(*yg))
COW_STEPS_OF = Interned(lambda cd: CowStep(*cd), ids={})
STOP_COWS, END_TURN = StopCows(), EndTurn()
RANK = CARD_RANK
TA_NEW = object.__new__


def turn_actions(s: State, hand: tuple[str, ...]) -> "TurnActions | list":
    """A turn's actions: single cards, yellow-green pairs (a Flying Carpet only where it lands), then every
    discard (each sub-multiset of the hand once, the first kind varying slowest), as a :class:`TurnActions`
    that makes a discard only when it is asked for."""
    if not hand:
        return [EndTurn()]
    # the hand's movement cards, then its yellow ones (kept sorted by the rules: a prefix and the rest); each part
    # looked up whole, its kinds of card, how many of each and their plays worked out once per part (the parts
    # of hands recur again and again, unlike whole hands)
    cut = bisect_left(hand, SPLIT, key=RANK_OF)
    low = LOW_PARTS[hand[:cut]]
    high = HIGH_PARTS[hand[cut:]]
    if low is None or high is None:  # out of order (never a hand the rules dealt: they are kept sorted)
        return turn_actions(s, sort_cards(hand))
    plays, greens, low_shape = low
    more, combos, high_shape = high
    pairs = PAIRS_OF[(combos, greens)] if greens and combos else ()
    if pairs and "carpet" in combos:  # the board decides whether a Flying Carpet lands
        here = s.elephants[s.active]
        if here is None:
            pairs = tuple(a for a in pairs if a.yellow != "carpet" or carpet_lands(s, s.active, a.green))
        else:  # carpet_lands's test, inline (one Python call for each green otherwise)
            rows, elephants, cows, rat = s.track.rows, s.elephants, s.cows, s.rat
            ahead, lane = here
            open_pairs = []
            for a in pairs:
                if a.yellow == "carpet":
                    row = ahead + VALUES[a.green]
                    if row < len(rows) and not (0 <= lane < len(rows[row]) and rows[row][lane] != "#"
                                                and (row, lane) not in elephants and (row, lane) not in cows
                                                and (row, lane) != rat):
                        continue
                open_pairs.append(a)
            pairs = tuple(open_pairs)
    counts = low_shape + high_shape
    picks = PICKS.get(counts)
    if picks is None:
        picks = picks_for(counts)
    acts = TA_NEW(TurnActions)  # TurnActions(...) without its __init__'s call (one Python frame less per turn)
    acts.head = head = plays + more + pairs
    acts.hand, acts.shape, acts.picks = hand, counts, picks
    acts.edge = edge = len(head)
    acts.size = edge + len(picks)
    return acts


class TurnActions(Sequence):
    """The legal actions of a turn, listed in full but made lazily (like ``range``): ``head`` (the plays and
    pairs, made), then one Discard for each of ``picks`` (C getters of a sub-multiset of ``hand``'s cards, by
    position), made only when asked for (``DISCARDS``: the same value each time).  Its length is exact, every
    action is reached by index (int or slice) and iteration yields them all in order; ``==`` compares with a
    list or tuple element by element.  A random playout uses one action of a hand (up to 511 discards) it
    meets once: this is why nothing is made before it is asked for.

    >>> acts = TurnActions((PLAYS["g1"],), ("g1", "g1", "rat"), (2, 1), picks_for((2, 1)))
    >>> len(acts), acts[0], acts[-1]
    (6, Play(card='g1'), Discard(cards=('g1', 'g1', 'rat')))
    >>> [a.cards for a in acts[1:]] == [a.cards for a in list(acts)[1:]] == [
    ...     ("rat",), ("g1",), ("g1", "rat"), ("g1", "g1"), ("g1", "g1", "rat")]
    True
    >>> acts == [Play("g1")] + [Discard(c) for c in (("rat",), ("g1",), ("g1", "rat"), ("g1", "g1"),
    ...                                              ("g1", "g1", "rat"))]
    True
    >>> Discard(("g1", "rat")) in acts, Discard(("rat", "g1")) in acts, acts.index(Discard(("g1",)))
    (True, False, 2)
    """

    __slots__ = ("head", "hand", "shape", "picks", "edge", "size")

    def __init__(self, head: tuple, hand: tuple[str, ...], shape: tuple[int, ...],
                 picks: list[Callable[[tuple], tuple] | None]) -> None:
        self.head, self.hand, self.shape, self.picks = head, hand, shape, picks
        self.edge = len(head)
        self.size = self.edge + len(picks)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: Any) -> Any:
        if type(i) is int:
            j = i - self.edge
            if j >= 0:  # a discard (most of what a random choice picks), tested first
                if i < self.size:
                    get = self.picks[j]
                    cards = (pick(self.shape, self.picks, j) if get is None else get)(self.hand)
                    return DISCARDS[cards]
                raise IndexError("turn action index out of range")
            if i >= 0:
                return self.head[i]
            return self[i + self.size] if i + self.size >= 0 else self.head[i - self.size]  # (IndexError)
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.size))]
        return self[operator.index(i)]  # (TypeError for anything that is no index, as a list says)

    def __iter__(self) -> Iterator[Any]:
        yield from self.head
        hand, shape, picks, table = self.hand, self.shape, self.picks, DISCARDS
        for j, get in enumerate(picks):
            yield table[(pick(shape, picks, j) if get is None else get)(hand)]

    def __contains__(self, value: object) -> bool:
        kind = type(value)
        if kind is Discard:
            cards = value.cards  # type: ignore[attr-defined]
            if type(cards) is not tuple:
                return False  # (a Discard of a list equals no listed one)
            try:
                return bool(cards) and sort_cards(cards) == cards and holds(self.hand, cards)
            except (KeyError, TypeError):  # a card that is none of the deck's
                return False
        if kind in (Play, PlayPair, EndTurn):
            return value in self.head
        return any(a is value or a == value for a in self)

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        for i in range(*slice(start, stop).indices(self.size)):
            a = self[i]
            if a is value or a == value:
                return i
        raise ValueError(f"{value!r} is not in the list")

    def count(self, value: Any) -> int:
        return sum(1 for a in self if a is value or a == value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TurnActions):
            return self.head == other.head and self.hand == other.hand
        if isinstance(other, (list, tuple)):
            return len(other) == self.size and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (like a list)

    def __repr__(self) -> str:
        return repr(list(self))


RANK_OF = RANK.__getitem__
SPLIT = sum(1 for c in COUNTS if is_movement(c))  # the rank of the first yellow card
assert all(is_movement(c) == (RANK[c] < SPLIT) for c in COUNTS)
PLAY_OF = {c: PLAYS[c] for c in COUNTS if is_movement(c) or c in SOLO_YELLOWS}  # the cards played alone


class Memo(dict):
    """``make(key)`` kept per key, made on first use (a hit is a plain dict look-up, in C); bounded: emptied when
    it grows past ``limit``."""

    def __init__(self, make: Callable[[Any], Any], limit: int = 100_000) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: Any) -> Any:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value


def hand_part(cards: tuple[str, ...], movement: bool) -> tuple[tuple, tuple[str, ...], tuple[int, ...]] | None:
    """For the movement cards of a hand (``movement``) or its yellow ones: (the plays of its kinds of card, the
    greens among them (``movement``) or the yellow cards played with a green, how many cards of each kind);
    None unless ``cards`` are all of that colour and sorted."""
    ranks = [RANK[c] for c in cards]
    if ranks != sorted(ranks) or any((r < SPLIT) != movement for r in ranks):
        return None
    kinds = tuple(dict.fromkeys(cards))
    shape = tuple(cards.count(c) for c in kinds)
    if movement:
        return tuple(PLAY_OF[c] for c in kinds), tuple(c for c in kinds if is_green(c)), shape
    return tuple(PLAY_OF[c] for c in kinds if c in PLAY_OF), tuple(c for c in COMBOS if c in kinds), shape


LOW_PARTS = Memo(lambda cards: hand_part(cards, True), limit=20_000)  # (5,005 multisets of up to nine)
HIGH_PARTS = Memo(lambda cards: hand_part(cards, False), limit=60_000)
for _n in range(HAND_SIZE + 1):  # every part of a hand of up to six cards, at import (5,929 of them)
    for _part in combinations_with_replacement(ORDER[:SPLIT], _n):
        LOW_PARTS[_part]
    for _part in combinations_with_replacement(ORDER[SPLIT:], _n):
        HIGH_PARTS[_part]
PAIRS_OF = Interned(lambda cg: tuple(PAIRS[(y, g)] for y in cg[0] for g in cg[1]), ids={})
PICKS: dict[tuple[int, ...], list[Callable[[tuple], tuple] | None]] = {}


def picks_for(shape: tuple[int, ...]) -> list[Callable[[tuple], tuple] | None]:
    """For a sorted hand holding ``shape[k]`` cards of its k-th kind: a place for the getter of each non-empty
    sub-multiset's cards (``pick``), kept per shape.

    >>> shape = (2, 1)
    >>> [pick(shape, picks_for(shape), j)(("g1", "g1", "rat")) for j in range(len(picks_for(shape)))]
    [('rat',), ('g1',), ('g1', 'rat'), ('g1', 'g1'), ('g1', 'g1', 'rat')]
    """
    found = PICKS.get(shape)
    if found is None:
        if len(PICKS) >= 10_000:
            PICKS.clear()
        size = 1
        for n in shape:
            size *= n + 1
        found = PICKS[shape] = [None] * (size - 1)
    return found


def pick(shape: tuple[int, ...], picks: list, j: int) -> Callable[[tuple], tuple]:
    """The getter of the ``j``-th non-empty sub-multiset (the first kind varying slowest, the order of
    ``itertools.product`` over the counts), made once per shape (in ``picks``)."""
    made = picks[j]
    if made is None:
        t, taken = j + 1, []
        for n in reversed(shape):
            t, m = divmod(t, n + 1)
            taken.append(m)
        taken.reverse()
        at, positions = 0, []  # type: int, list[int]
        for n, m in zip(shape, taken):
            positions += range(at, at + m)
            at += n
        first = positions[0]
        made = picks[j] = itemgetter(*positions) if len(positions) > 1 else itemgetter(slice(first, first + 1))
    return made


def compositions(n: int) -> Iterator[tuple[int, ...]]:
    """Every shape of a hand of ``n`` cards (how many of each kind, in order).

    >>> list(compositions(3))
    [(3,), (2, 1), (1, 2), (1, 1, 1)]
    """
    if n == 0:
        yield ()
        return
    for first in range(n, 0, -1):
        for rest in compositions(n - first):
            yield (first, *rest)


for _n in range(1, HAND_SIZE + 1):  # every getter of a hand of up to six cards, at import (1,288 of them)
    for _shape in compositions(_n):
        _picks = picks_for(_shape)
        for _j in range(len(_picks)):
            pick(_shape, _picks, _j)


def new_discard(cards: tuple[str, ...]) -> Discard:
    """``Discard(cards)`` without its __init__'s call (frozen all the same)."""
    found = object.__new__(Discard)
    found.__dict__["cards"] = cards
    return found


# One Discard value per tuple of cards (``DISCARDS[cards]``, a plain dict look-up once made); ``ids`` finds them by
# identity.  Bounded: emptied past its limit (an old value is then merely checked the slow way).
DISCARDS = Interned(new_discard, ids={})
DISCARD_IDS = DISCARDS.ids.get
ONE_CARD = {c: (c,) for c in COUNTS}  # a card -> the cards of its one-card discard (the key of DISCARDS)


def cow_moves(track: Track) -> dict[Cell, tuple[tuple[Cell, CowStep], ...]]:
    """Each board space's cow moves onto the board (``Track.cow_near``) as (the space it leads to, the action),
    kept on the track (out of its fields, as its other worked-out tables)."""
    found = track.__dict__.get("_cow_moves")
    if found is None:
        found = track.__dict__["_cow_moves"] = {
            cell: tuple((target, COW_STEPS_OF[(cell, name)]) for name, target in near)
            for cell, near in track.cow_near.items()}
    return found


def carpet_lands(s: State, seat: int, green: str) -> bool:
    """Whether a Flying Carpet played with ``green`` lands (``movement.fly`` finds a space), read off the state
    without building its pieces: past the red line, or on a board space no elephant, cow or the Rat holds."""
    here = s.elephants[seat]
    if here is None:
        return mv.fly(s.track, pieces(s), seat, value_of(green), s.rat) is not None
    rows = s.track.rows
    row, lane = here[0] + VALUES[green], here[1]
    if row >= len(rows):
        return True
    target = (row, lane)
    return (0 <= lane < len(rows[row]) and rows[row][lane] != "#" and target not in s.elephants
            and target not in s.cows and target != s.rat)


GREENS = frozenset(c for c in COUNTS if is_green(c))
MOVEMENT = frozenset(c for c in COUNTS if is_movement(c))
SOLOS = frozenset(SOLO_YELLOWS)
NONE: frozenset[str] = frozenset()


def second_cards(s: State) -> frozenset[str]:
    """What the second card of the turn may be: a yellow after a green, a green after a yellow."""
    if len(s.played) != 1:
        return NONE
    first = s.played[0]
    if first in GREENS:
        return SOLOS
    if first in SOLOS:
        return GREENS
    return NONE


def move_card(s: State) -> str:
    return next(c for c in s.pending if is_movement(c))


def move_paths(s: State) -> list[tuple[tuple[str, ...], mv.Pieces]]:
    return mv.paths(s.track, pieces(s), s.active, value_of(move_card(s)), s.mode, s.rat)
