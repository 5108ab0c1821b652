"""Formula E's rules: setup, who decides, legality and the effect of every action (pure; chance from the seed).

A turn is a run of ordinary decisions of the active player ("turn", then
"move", "rat", "cow", "monkey", "prayer", "snake" as the card asks, "second"
for the optional second card, "discard" for each Cobra), with the Tiger
window in between: after a card is played, each other player in turn order
decides "tiger" (cancel it with a Tiger, or let it resolve), unless no other
hand holds a Tiger.
"""

from __future__ import annotations

import operator
import random
import sys
from _random import Random as CRandom
from array import array
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from hashlib import sha512
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import Any, Callable

from tutor.core import Event, IllegalAction, short
from tutor.rand import randbelow, shuffle

from . import movement as mv
from . import trace as tr
from .actions import (ACTION_TYPES, DIRECTIONS, Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Place, Play,
                      PlayPair, RatTo, Steal, StopCows, Take, parse)
from .cards import RANK as CARD_RANK
from .cards import (BANANA_HAND, COBRAS, COMBOS, COUNTS, COW_STEPS, DECK_SIZE, GAME_NAME, HAND_SIZE,
                    MONKEY_STEALS, ORDER, RAT_MOVES, RAT_SCARE, SOLO_YELLOWS, VALUES, full_deck, is_green, is_movement,
                    sort_cards, value_of)
from .state import State
from .track import Cell, Track, cell_name, track_for
from .words import load_catalog

MAX_ACTIONS = 6000
R = "formula-e/"

RULE_OF_PHASE = {"place": R + "setup/place-order", "turn": R + "turn/choice", "tiger": R + "tiger/window",
                 "move": R + "move/all-points", "rat": R + "card/rat", "cow": R + "card/cow",
                 "monkey": R + "card/monkey", "prayer": R + "card/prayer", "snake": R + "card/snake",
                 "second": R + "turn/pair-order", "discard": R + "draw/cobra", "over": R + "win/line"}


# ------------------------------------------------------------------ helpers
NEW, SET = object.__new__, object.__setattr__  # a new State and its table of fields (apply's every step: read once)


def rng_for(s: State) -> random.Random:
    return random.Random(f"{GAME_NAME}|{s.seed}|{s.chance}")


def replace(s: State, **changes: Any) -> State:
    """``dataclasses.replace`` for a State without its field-by-field constructor (apply's hot path); what is
    kept on the old state (its listed actions) is not carried over."""
    new = NEW(State)  # the body of ``update``, not a call to it (one frame less on the Tiger window)
    fields = s.__dict__.copy()
    if "_legal" in fields:
        del fields["_legal"]
    if "_after" in fields:
        del fields["_after"]
    fields.update(changes)
    phase = fields["phase"]  # (State.current_player, stored: who_decides inline)
    fields["current_player"] = None if phase == "over" else fields["asker"] if phase == "tiger" else fields["active"]
    SET(new, "__dict__", fields)
    return new


def update(s: State, changes: dict) -> State:
    """``replace`` with the changes in a dict (gathered along apply's path, to copy the table once)."""
    new = NEW(State)
    fields = s.__dict__.copy()  # a copy of the whole table, cheaper than filling a new one field by field
    if "_legal" in fields:  # (``in`` and ``del`` are bytecodes; ``pop`` is a call)
        del fields["_legal"]
    if "_after" in fields:
        del fields["_after"]
    fields.update(changes)
    phase = fields["phase"]  # (State.current_player, stored: who_decides inline)
    fields["current_player"] = None if phase == "over" else fields["asker"] if phase == "tiger" else fields["active"]
    SET(new, "__dict__", fields)
    return new


def with_hand(hands: tuple[tuple[str, ...], ...], seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``hands`` with seat's hand replaced (``hand`` already sorted)."""
    return hands[:seat] + (hand,) + hands[seat + 1:]


def pieces(s: State) -> mv.Pieces:
    return mv.made(s.elephants, s.cows, None)  # (``mv.Pieces(s.elephants, s.cows)`` without its __init__)


def with_pieces(s: State, p: mv.Pieces) -> State:
    return replace(s, elephants=p.elephants, cows=tuple(sorted(p.cows)))


def set_hand(s: State, seat: int, hand) -> State:
    return replace(s, hands=with_hand(s.hands, seat, sort_cards(hand)))


def remove(hand: tuple[str, ...], cards) -> tuple[str, ...]:
    out = left_after(hand, tuple(cards))
    if out is None:
        raise ValueError(f"{cards} not in {hand}")
    return out


def left_after(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...] | None:
    """``hand`` without ``cards`` (in its order), or None when it does not hold them all.  Not memoised: a
    turn's discard is checked and made in one call, and nearly every (hand, discard) pair of a playout is new,
    so a memo only kept two more objects alive per action for the garbage collector to walk."""
    out = list(hand)
    for c in cards:
        if c not in out:
            return None
        out.remove(c)
    return tuple(out)


def holds(hand: tuple[str, ...], cards) -> bool:
    out = list(hand)
    for c in cards:
        if c not in out:
            return False
        out.remove(c)
    return True


class Narrator:
    """Collects the events of one action, each rendered in English from its catalog template."""

    silent = False

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, rule: str, template: str, **params: Any) -> None:
        if self.silent:
            return
        text = load_catalog().render(template, params, "en")
        self.events.append(Event(R + rule, text, "info", tuple(params.items()), template))


class Silent(Narrator):
    """The narrator of a plain ``apply``: nobody reads the events, so none is rendered."""

    silent = True


SILENT = Silent()  # it keeps nothing, so one serves every apply


def refuse(rule: str, template: str, **params: Any) -> IllegalAction:
    text = load_catalog().render(template, params, "en")
    return IllegalAction(rule, text, template=template, params=params)


# ------------------------------------------------------------------ setup
def new_game(players: int, seed: int, ruleset: str | None = None, track: Track | None = None,
             **options: Any) -> State:
    if not 3 <= players <= 6:
        raise ValueError("Formula E seats 3 to 6 players")
    if ruleset not in (None, "base"):
        raise ValueError(f"unknown ruleset {ruleset!r}")
    track = track or track_for(players)
    rng = random.Random(f"{GAME_NAME}|{seed}|setup")
    first = randbelow(rng, players)  # (``rng.randrange`` and ``rng.shuffle``'s draws with fewer calls)
    deck = full_deck()
    shuffle(rng, deck)
    hands = []
    for _ in range(players):
        hands.append(sort_cards(deck[-HAND_SIZE:]))
        del deck[-HAND_SIZE:]
    return State(track=track, players=players, seed=seed, first=first, active=(first - 1) % players,
                 phase="place", elephants=(None,) * players, cows=track.cows, rat=track.holes[0],
                 hands=tuple(hands), deck=tuple(deck), discard=(), cobras=(0,) * players)


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


# ------------------------------------------------------------------ apply's fast paths
def turn_discard(s: State, cards: tuple[str, ...]) -> State | None:
    """A turn's discard of ``cards`` (an interned Discard's, sorted) in one copy of the state: what ``do_discard``,
    ``end_turn`` and ``next_turn`` do together (draw back up to six, reshuffling the discards when the deck runs
    out; then the Cobras' discards or the next player's turn), silently.  None when the hand lacks a card (the
    general way refuses it).  ``test_formula_e_fast`` compares it with that way on seeded games."""
    p = s.active
    hands = s.hands
    kept = list(hands[p])
    try:  # (``remove`` alone: a test with ``in`` before it looked for each card twice)
        for c in cards:
            kept.remove(c)
    except ValueError:
        return None
    fields = s.__dict__.copy()
    if "_legal" in fields:  # (no ``_after`` to drop: only a move's position keeps one)
        del fields["_legal"]
    discard = s.discard + cards
    need = HAND_SIZE - len(kept)
    drew = 0
    if need > 0:
        deck = s.deck
        if need < len(deck):  # the common case: the deck lasts (the hand is sorted afterwards, so order is moot)
            cut = len(deck) - need
            kept += deck[cut:]
            kept.sort(key=RANK_OF)
            fields["hands"] = hands[:p] + (tuple(kept),) + hands[p + 1:]
            fields["deck"] = deck[:cut]
            drew = need
        else:  # "draw/reshuffle": the deck runs out, the discards are shuffled into a new deck
            hand, fields["deck"], discard, fields["chance"], drew = draw_cards(s, tuple(kept), deck, discard,
                                                                               HAND_SIZE, SILENT)
            fields["hands"] = hands[:p] + (hand,) + hands[p + 1:]
    else:
        fields["hands"] = hands[:p] + (tuple(kept),) + hands[p + 1:]
    fields["discard"] = discard
    cobras = s.cobras[p]
    if drew and cobras:  # "draw/cobra": one discard for each Cobra (at most the hand) after drawing
        size = len(fields["hands"][p])
        fields["phase"], fields["owed"], fields["resume"] = "discard", cobras if cobras < size else size, "end"
        fields["current_player"] = p
    else:  # the next player's turn (the phase stays "turn")
        fields["active"] = fields["current_player"] = (p + 1) % s.players
        fields["played"], fields["owed"], fields["resume"] = (), 0, ""
        fields["turns"] = s.turns + 1
    new = NEW(State)
    SET(new, "__dict__", fields)
    return new


def cobra_discard(s: State, cards: tuple[str, ...]) -> State | None:
    """A Cobra's discard ("draw/cobra": one card) in one copy of the state, silently: what ``do_discard`` does;
    None for anything but one card the hand holds (the general way refuses it)."""
    p = s.active
    hand = s.hands[p]
    if len(cards) != 1 or cards[0] not in hand:
        return None
    kept = list(hand)
    kept.remove(cards[0])  # still sorted
    fields = s.__dict__.copy()
    if "_legal" in fields:
        del fields["_legal"]
    fields["hands"] = s.hands[:p] + (tuple(kept),) + s.hands[p + 1:]
    fields["discard"] = s.discard + cards
    if kept and s.owed > 1:  # more to discard
        fields["owed"] = s.owed - 1
    elif s.resume == "card":  # the turn goes on after the card that drew (a banana tree)
        fields["owed"], fields["resume"] = 0, ""
        new = NEW(State)
        SET(new, "__dict__", fields)
        return after_card(new, SILENT)
    else:  # the next player's turn
        fields["active"] = fields["current_player"] = (p + 1) % s.players
        fields["phase"], fields["played"], fields["owed"], fields["resume"] = "turn", (), 0, ""
        fields["turns"] = s.turns + 1
    new = NEW(State)
    SET(new, "__dict__", fields)
    return new


# ------------------------------------------------------------------ apply
def apply(s: State, action: Any) -> State:
    return _apply(s, action, SILENT)


def _apply(s: State, action: Any, say: Narrator = SILENT) -> State:
    """``apply`` (``say`` the default) or ``apply_explained``'s work; the Game's ``apply`` is this (one call less)."""
    kind = type(action)
    if kind is Discard and say.silent and DISCARD_IDS(id(action)) is action:
        # most of a random playout, checked and made in one copy of the state: an interned discard (its cards
        # sorted, as the table made them) that the hand holds; anything else takes the general way below
        phase = s.phase
        cards: tuple[str, ...] = action.cards  # type: ignore[union-attr]  # (the table's value: never None)
        if phase == "turn":
            done = turn_discard(s, cards)
            if done is not None:
                return done
        elif phase == "discard":
            done = cobra_discard(s, cards)
            if done is not None:
                return done
    elif kind is Allow and s.phase == "tiger" and say.silent:
        # the Tiger window asks the next seat (always open: letting the card resolve needs no check); the last
        # seat's answer resolves the card, the general way below
        asker = s.asker
        assert asker is not None
        nxt = asker + 1
        if nxt == s.players:
            nxt = 0
        if nxt != s.active:
            fields = s.__dict__.copy()
            if "_legal" in fields:
                del fields["_legal"]
            fields["asker"] = fields["current_player"] = nxt
            new = NEW(State)
            SET(new, "__dict__", fields)
            return new
    listed_now = s.__dict__.get("_legal")
    found = False
    if type(listed_now) is tuple:  # is_listed's loop over the list kept on the state, inline (two calls less)
        for a in listed_now:
            if a is action:
                found = True
                break
    if not found and isinstance(action, str):  # (a text is never the very value listed)
        action = parse(action)
    if not found and not is_listed(s, action):  # an action not taken from the list is checked field by field
        if not well_formed(action):
            raise refuse(R + "action/unknown", "{text} is not a Formula E action", text=safe_short(action))
        if not any(type(a) is type(action) and a == action for a in listed(s)):
            raise refusal(s, action)
    handler: Callable[[State, Any, Narrator], State] = HANDLERS[type(action)]
    return handler(s, action, say)


def explain(s: State, action: Any) -> list[Event]:
    return apply_explained(s, action)[1]


def apply_explained(s: State, action: Any) -> tuple[State, list[Event]]:
    say = Narrator()
    return _apply(s, action, say), say.events


def is_listed(s: State, action: Any) -> bool:
    """Whether ``action`` is one of the very objects ``legal_actions(s)`` lists (what bots and panels hand back):
    then it needs no check.  A turn's actions are interned values, found by identity and matched to the hand."""
    if s.phase == "turn" and s.hands[s.active]:
        hand = s.hands[s.active]
        if type(action) is Discard:  # (the table's look-up inline: this is most of a random playout)
            return _interned(DISCARDS, action) and left_after(hand, action.cards) is not None
        if type(action) is Play:  # (``_interned`` and ``is_movement``, inline: a play is a tenth of a playout)
            card = action.card
            return PLAY_IDS(id(action)) is action and card in hand and (card in MOVEMENT or card in SOLOS)
        if type(action) is PlayPair:
            return (_interned(PAIRS, action) and action.yellow in hand and action.green in hand
                    and is_green(action.green) and action.yellow in COMBOS
                    and (action.yellow != "carpet" or carpet_lands(s, s.active, action.green)))
        return False
    for a in listed(s):
        if a is action:
            return True
    return False


def _interned(table: Interned, action: Any) -> bool:
    """Whether ``action`` is the very value ``table`` made (then its fields are what the key said)."""
    return bool(table.ids.get(id(action)) is action)


def safe_short(value: Any) -> str:
    try:
        return short(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails is still refused
        return type(value).__name__


def well_formed(action: Any) -> bool:
    """An action value of the game whose every field is what its text says (it reads back from ``str``)."""
    if not isinstance(action, ACTION_TYPES):
        return False
    try:
        return repr(parse(str(action))) == repr(action)
    except Exception:  # noqa: BLE001 - junk fields: a huge number, an unhashable value ...
        return False


def refusal(s: State, action: Any) -> IllegalAction:
    if s.phase == "over":
        return refuse(R + "win/line", "The race is over.")
    if s.phase in ("turn", "second") and isinstance(action, (Play, PlayPair)):
        cards = (action.card,) if isinstance(action, Play) else (action.yellow, action.green)
        if not holds(s.hands[s.active], cards):
            return refuse(R + "turn/choice", "{Player} does not hold {cards}.", player=s.active, cards=cards)
        if isinstance(action, PlayPair) and action.yellow == "carpet" and is_green(action.green):
            return refuse(R + "card/carpet", "The Flying Carpet cannot land {n} spaces ahead, so it cannot be played.",
                          n=value_of(action.green))
    if isinstance(action, Move) and s.phase == "move":
        return refuse(R + "move/all-points", "{Action} is not one of the moves the rules allow here.",
                      action=str(action))
    return refuse(RULE_OF_PHASE.get(s.phase, R + "turn/choice"), "{Action} is not open now ({decision}).",
                  action=str(action), decision=s.phase)


def do_place(s: State, a: Place, say: Narrator) -> State:
    el = list(s.elephants)
    el[s.active] = a.cell
    say("setup/place-order", "{Player} places the elephant at {cell}.", player=s.active, cell=a.cell)
    s = replace(s, elephants=tuple(el))
    if s.active == s.first:
        say("setup/first-player", "{Player} starts the race.", player=s.first)
        return replace(s, phase="turn")
    return replace(s, active=(s.active - 1) % s.players)


def do_play(s: State, a: Play | PlayPair, say: Narrator) -> State:
    p = s.active
    if isinstance(a, Play):
        cards: tuple[str, ...] = (a.card,)
        if not say.silent:
            say("turn/choice", "{Player} plays {card}.", player=p, card=a.card)
    else:
        cards = (a.yellow, a.green)
        if not say.silent:
            say("turn/pair-order", "{Player} plays {yellow} with {green}: they resolve together.", player=p,
                yellow=a.yellow, green=a.green)
    hands = s.hands
    kept = left_after(hands[p], cards)
    if kept is None:  # (``remove``'s refusal; never for a checked action)
        raise ValueError(f"{cards} not in {hands[p]}")
    changes: dict[str, Any] = {"hands": hands[:p] + (kept,) + hands[p + 1:], "pending": cards,
                               "played": s.played + cards, "cancelled": ""}
    n = s.players
    for k in range(1, n):
        if "tiger" in s.hands[(p + k) % n]:
            changes["phase"], changes["asker"] = "tiger", (p + 1) % n
            return update(s, changes)
    # no other hand holds a Tiger: the card(s) resolve at once; a movement card (what ``resolve`` does with one,
    # nothing cancelled) in the same copy of the state
    if cards[-1] in MOVEMENT:
        changes["phase"], changes["asker"] = "move", None
        changes["mode"] = cards[0] if len(cards) > 1 and cards[0] in COMBOS else ""
        return update(s, changes)
    return resolve(update(s, changes), say)


def do_allow(s: State, a: Allow, say: Narrator) -> State:
    assert s.asker is not None
    if not say.silent:
        say("tiger/window", "{Player} lets it resolve.", player=s.asker)
    nxt = (s.asker + 1) % s.players
    if nxt == s.active:
        return resolve(s, say)  # which sets asker to None whatever it leads to
    return replace(s, asker=nxt)


def do_cancel(s: State, a: Cancel, say: Narrator) -> State:
    q = s.asker
    assert q is not None
    if not say.silent:
        say("tiger/cancel", "{Player} plays a Tiger out of turn and cancels {owner}'s {card}: it counts as played, "
            "with no effect.", player=q, card=a.card, owner=s.active)
    hands, discard = with_hand(s.hands, q, sort_cards(remove(s.hands[q], ("tiger",)))), s.discard + ("tiger",)
    if len(s.pending) == 2 and not s.cancelled:
        other = s.pending[0] if a.card == s.pending[1] else s.pending[1]
        if is_movement(other):
            # the yellow card of a pair cancelled, its movement card not resolved yet: the window goes on for it,
            # from the same player (who may hold another Tiger) on round the table
            if not say.silent:
                say("tiger/pair", "The pair has not begun to resolve: {owner}'s {card} can still be cancelled with "
                    "another Tiger.", owner=s.active, card=other)
            return replace(s, hands=hands, discard=discard, cancelled=a.card)
        if not say.silent:
            say("tiger/pair", "Without its movement card, {owner}'s {card} has nothing to act on: the pair does "
                "nothing.", owner=s.active, card=other)
    # (set_hand's copy and this, in one; a second card of a pair cancelled: the yellow card left does nothing)
    s = replace(s, hands=hands, discard=discard, cancelled=a.card, asker=None)
    return resolve(s, say)


def resolve(s: State, say: Narrator) -> State:
    """The played card(s) take effect once the Tiger window has closed."""
    live = list(s.pending)
    if s.cancelled:
        live.remove(s.cancelled)
    moving = [c for c in live if is_movement(c)]
    if moving:
        mode = next((c for c in live if c in COMBOS), "")
        return replace(s, phase="move", mode=mode, asker=None)
    if not live or live[0] in COMBOS:  # a combo card whose green was cancelled does nothing
        return finish_card(s, say)
    card = live[0]
    p = s.active
    if card == "rat":
        return replace(s, phase="rat", asker=None)
    if card == "cow":
        return replace(s, phase="cow", cow_left=COW_STEPS, asker=None)
    if card == "monkey":
        if not any(s.hands[v] for v in range(s.players) if v != p):
            return finish_card(s, say)
        return replace(s, phase="monkey", asker=None)
    if card == "prayer":
        return replace(s, phase="prayer", asker=None)
    if card == "snake":
        return replace(s, phase="snake", asker=None)
    # the Tiger as a yellow card in one's own turn
    cob = list(s.cobras)
    say("card/tiger-yellow", "{Player} drops {n} {n:Cobra|Cobras}.", player=p, n=cob[p])
    cob[p] = 0
    return finish_card(replace(s, cobras=tuple(cob)), say)


def finish_card(s: State, say: Narrator) -> State:
    return after_card(s, say, {"discard": s.discard + s.pending, "pending": (), "cancelled": "", "mode": "",
                               "cow_left": 0, "asker": None})


def after_card(s: State, say: Narrator, changes: dict | None = None) -> State:
    """What follows a resolved card; ``changes`` are the fields still to set on ``s`` (one copy of the table for
    them all, made at the end: they never touch what is read here, the winner, the debt, the cards played, the
    hands)."""
    changes = {} if changes is None else changes
    if s.winner is not None:
        changes["phase"] = "over"
    elif s.owed:
        changes["phase"], changes["resume"] = "discard", "card"
    elif not second_cards(s).isdisjoint(s.hands[s.active]):
        changes["phase"] = "second"
    else:
        return end_turn(s, say, changes)
    return update(s, changes)


def end_turn(s: State, say: Narrator, changes: dict | None = None, hand: tuple[str, ...] | None = None) -> State:
    """Draw back up to six, then the Cobras' discards or the next player's turn; ``changes`` as in ``after_card``
    (it may hold the new discards; never the hands); ``hand``: the active player's hand now, when it is not
    ``s``'s (a discard's)."""
    changes = {} if changes is None else changes
    p = s.active
    if hand is None:
        hand = s.hands[p]
    discard = changes.get("discard", s.discard)
    deck = s.deck
    need = HAND_SIZE - len(hand)
    if 0 < need < len(deck):  # the common case, inline: the deck lasts
        cut = len(deck) - need
        hand, deck, chance, drew = sorted_hand(hand + deck[cut:]), deck[:cut], s.chance, need
    else:
        hand, deck, discard, chance, drew = draw_cards(s, hand, deck, discard, HAND_SIZE, say)
    hands = s.hands
    changes["hands"], changes["deck"], changes["discard"], changes["chance"] = (
        hands[:p] + (hand,) + hands[p + 1:], deck, discard, chance)
    if not say.silent and drew:
        say("draw/up-to-six", "{Player} draws {n} {n:card|cards} back up to six.", player=p, n=drew)
    if drew and s.cobras[p]:
        owed = s.cobras[p] if s.cobras[p] < len(hand) else len(hand)
        say("draw/cobra", "{Player} has {n} {n:Cobra|Cobras}: {n:one discard|one discard for each}.", player=p, n=owed)
        changes["phase"], changes["owed"], changes["resume"] = "discard", owed, "end"
        return update(s, changes)
    return next_turn(s, changes)


def next_turn(s: State, changes: dict | None = None) -> State:
    changes = {} if changes is None else changes
    changes["active"] = (s.active + 1) % s.players
    changes["phase"], changes["played"], changes["owed"], changes["resume"] = "turn", (), 0, ""
    changes["turns"] = s.turns + 1
    return update(s, changes)


SORTED: dict[tuple[str, ...], tuple[str, ...]] = {}  # a hand drawn up, sorted (bounded: emptied when full)


def sorted_hand(cards: tuple[str, ...]) -> tuple[str, ...]:
    """``sort_cards(cards)``, kept per tuple (a hand drawn up to six is sorted again and again)."""
    found = SORTED.get(cards)
    if found is None:
        if len(SORTED) >= 100_000:
            SORTED.clear()
        found = SORTED[cards] = sort_cards(cards)
    return found


# Fisher-Yates's steps for a pile of n cards: (i, the draw's bound i + 1, the shift that takes a 32-bit word to that
# bound's bit length), for i from n - 1 down to 1
STEPS = tuple(tuple((i, i + 1, 32 - (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(DECK_SIZE + 1))
WORDS_OK = array("I").itemsize == 4


def reshuffle(seed: int, chance: int, cards: list[str]) -> None:
    """Shuffle ``cards`` as ``random.Random(f"{GAME_NAME}|{seed}|{chance}").shuffle(cards)`` does ("draw/reshuffle":
    the same permutation), with fewer Python calls: the generator seeded in C as ``Random.seed`` seeds it from a
    text, and its 32-bit words drawn in one call (each draw below ``n`` of ``shuffle`` takes one word, shifted
    right to ``n``'s bit length, and draws again when the result is not below ``n``; the generator is dropped
    afterwards, so drawing a few words too many changes nothing).  ``test_formula_e_fast`` compares it with
    ``random.Random``.
    """
    text = f"{GAME_NAME}|{seed}|{chance}".encode()
    rng = CRandom(int.from_bytes(text + sha512(text).digest(), "big"))
    n = len(cards)
    if n > DECK_SIZE or not WORDS_OK:
        shuffle(random.Random(text.decode()), cards)  # (never in a game: the deck holds 72 cards)
        return
    size = n + n // 2 + 8  # a word for each draw, and some for the draws made again
    words = draw_words(rng, size)
    w = 0
    for i, m, shift in STEPS[n]:
        j = words[w] >> shift
        w += 1
        while j >= m:
            if w + i > size:  # (keep a word for each draw still to come)
                words.extend(draw_words(rng, n))
                size += n
            j = words[w] >> shift
            w += 1
        cards[i], cards[j] = cards[j], cards[i]


def draw_words(rng: CRandom, count: int) -> array:
    """The generator's next ``count`` 32-bit words, in order (``getrandbits`` puts the first one lowest)."""
    words = array("I", rng.getrandbits(32 * count).to_bytes(4 * count, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words


def draw_cards(s: State, hand: tuple[str, ...], deck: tuple[str, ...], discard: tuple[str, ...], upto: int,
               say: Narrator) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int, int]:
    """Draw ``hand`` up to ``upto`` cards from ``deck`` (its end is the top), shuffling ``discard`` into a new
    deck the moment it runs out ("Quando il mazzo di gioco si esaurisce, mischia tutti gli scarti"; a deck that
    ran out with no discard to shuffle is made anew at the next draw): (the sorted hand, deck, discard, chance,
    how many were drawn)."""
    need = upto - len(hand)
    if need <= 0:
        return hand, deck, discard, s.chance, 0
    if need < len(deck):  # the common case: the deck lasts (the hand is sorted afterwards, so order is moot)
        cut = len(deck) - need
        return sort_cards(hand + deck[cut:]), deck[:cut], discard, s.chance, need
    cards, pile, rest, chance = list(hand), list(deck), list(discard), s.chance
    drew = 0
    while len(cards) < upto:
        if not pile:
            if not rest:
                break
            pile = rest
            reshuffle(s.seed, chance, pile)
            rest, chance = [], chance + 1
            say("draw/reshuffle", "The deck is empty: the discards are shuffled into a new deck.")
        cards.append(pile.pop())
        drew += 1
    if not pile and rest:  # the last card is drawn: the discards become the new deck at once
        pile = rest
        reshuffle(s.seed, chance, pile)
        rest, chance = [], chance + 1
        say("draw/reshuffle", "The deck is empty: the discards are shuffled into a new deck.")
    return sort_cards(cards), tuple(pile), tuple(rest), chance, drew


def draw(s: State, p: int, upto: int, say: Narrator) -> tuple[State, int]:
    hand, deck, discard, chance, drew = draw_cards(s, s.hands[p], s.deck, s.discard, upto, say)
    return update(s, {"hands": with_hand(s.hands, p, hand), "deck": deck, "discard": discard,
                      "chance": chance}), drew


def do_discard(s: State, a: Discard, say: Narrator) -> State:
    p = s.active
    hand = left_after(s.hands[p], a.cards)  # still sorted; never None: the action was checked
    assert hand is not None
    if s.phase == "turn":
        if not say.silent:
            say("turn/discard-any", "{Player} discards {cards}.", player=p, cards=a.cards)
        return end_turn(s, say, {"discard": s.discard + a.cards}, hand)
    changes: dict[str, Any] = {"hands": with_hand(s.hands, p, hand), "discard": s.discard + a.cards}
    if not say.silent:
        say("draw/cobra", "{Player} discards {cards} for a Cobra.", player=p, cards=a.cards)
    owed = s.owed - 1 if hand and s.owed > 1 else 0
    if owed:
        changes["owed"] = owed
        return update(s, changes)
    changes["owed"] = 0
    if s.resume == "card":
        changes["resume"] = ""
        return after_card(update(s, changes), say)
    return next_turn(s, changes)


def do_end(s: State, a: EndTurn, say: Narrator) -> State:
    if not say.silent:
        say("turn/pair-order", "{Player} ends the turn.", player=s.active)
    return end_turn(s, say)


def tell_move(s: State, a: Move, say: Narrator, before: mv.Pieces, after: mv.Pieces) -> None:
    p = s.active
    start, end = before.elephants[p], after.elephants[p]
    rule = {"charge": "card/charge", "carpet": "card/carpet", "mango": "card/mango"}.get(s.mode, "move/points")
    if not a.steps:
        say("move/all-points", "{Player}'s elephant cannot move and stays at {cell}.", player=p, cell=end)
    else:
        say(rule, "{Player}'s elephant moves {steps} from {start} to {end}.", player=p, steps=a.steps,
            start=start, end=end, paths=tr.move_paths(s.track, before, p, a.steps, s.mode, after))
    if a.steps and a.steps != ("fly",):
        tell_why(s, a, say, before, after)
    for q in range(s.players):
        moved = after.elephants[q]
        if q != p and before.elephants[q] != moved and moved is not None and moved[0] < s.track.rows_count:
            say("move/push", "{Pushed} is pushed to {cell}.", pushed=q, cell=moved)
    if before.cows != after.cows:
        say("card/charge", "The charge pushes Sacred Cows ahead.")


WHY_BLOCKED = {  # why forward is closed: (rule, template) each, said once per space
    "cow": (("move/cow-obstacle", "A Sacred Cow stands in the way ahead of {cell}, and only Charge! pushes "
             "cows."),),
    "water": (("board/bridge", "Ahead of {cell}, an elephant cannot be pushed onto the bridge or river: it blocks "
               "the way like a Sacred Cow."),
              ("move/no-cross", "An elephant never crosses another: the way ahead of {cell} is closed.")),
    "end": (("move/no-cross", "An elephant never crosses another: the line ahead of {cell} cannot be pushed out "
             "of the lane, so the way is closed."),),
}


def tell_why(s: State, a: Move, say: Narrator, before: mv.Pieces, after: mv.Pieces) -> None:
    """The rules that shaped a move, replayed step by step: what closed the way forward where the elephant stepped
    sideways or stopped short of its points, and each sideways run."""
    p, track, mode = s.active, s.track, s.mode
    points = value_of(move_card(s))
    short = len(a.steps) < points and after.winner is None
    told: set[tuple[str, Cell]] = set()
    here, side = before, ""
    for step in a.steps + (("stop",) if short else ()):
        cell = here.elephants[p]
        assert cell is not None
        if step in mv.SIDES or step == "stop":
            for rule, template in WHY_BLOCKED.get(mv.blocked_by(track, here, p, mode), ()):
                if (rule, cell) not in told:
                    told.add((rule, cell))
                    say(rule, template, cell=cell)
        if step == "stop":
            say("move/all-points", "No move uses all {n} points: {Player}'s elephant stops at {cell} after {used} "
                "{used:point|points}.",
                player=p, n=points, used=len(a.steps), cell=cell)
            break
        if step in mv.SIDES and not side:
            say("move/sideways", "Forward is closed at {cell}: {Player}'s elephant steps sideways.", player=p,
                cell=cell)
        nxt = dict(mv.options(track, here, p, mode, side)).get(step)
        if nxt is None:  # (never: the steps were listed)
            break
        here, side = nxt, step if step in mv.SIDES else ""


def do_move(s: State, a: Move, say: Narrator) -> State:
    p = s.active
    start = s.elephants[p]
    after = dict(s.__dict__.get("_after") or move_paths(s))[a.steps]
    moved_to = {"elephants": after.elephants, "cows": tuple(sorted(after.cows))}
    end = after.elephants[p]
    assert start is not None and end is not None
    if not say.silent:  # nobody reads the events of a plain apply: no trace of the paths either
        tell_move(s, a, say, pieces(s), after)
    if after.winner is not None:
        say("win/line", "{Winner} crosses the red line and wins the race!", winner=after.winner)
        moved_to["winner"] = after.winner
        return finish_card(update(s, moved_to), say)
    moved_to.update(discard=s.discard + s.pending, pending=(), cancelled="", mode="")
    if not (a.steps and end != start and s.track.kind(end) == "B"):
        return after_card(s, say, moved_to)  # the pieces and the card's discard, set with what follows
    s, drew = draw(update(s, moved_to), p, BANANA_HAND, say)
    say("board/banana", "{Player} ends the move on a banana tree and draws {n} {n:card|cards} up to nine.", player=p,
        n=drew)
    owed = min(s.cobras[p], len(s.hands[p])) if drew else 0
    if owed:
        say("draw/cobra", "{Player} has {n} {n:Cobra|Cobras}: {n:one discard|one discard for each}.", player=p, n=owed)
        return replace(s, phase="discard", owed=owed, resume="card")
    return after_card(s, say)


def do_rat(s: State, a: RatTo, say: Narrator) -> State:
    board = pieces(s)
    hit = board.at(a.cell)
    route = () if say.silent else tuple(tr.name(s.track, c)
                                        for c in tr.rat_route(s.track, board, s.rat, a.cell, RAT_MOVES))
    if hit is None or hit[0] != "e":
        say("card/rat", "The Rat runs to {cell}.", cell=a.cell, paths=(("rat", None, route),))
        return finish_card(replace(s, rat=a.cell), say)
    seat = hit[1]
    trail = [board]
    after, moves = mv.scare(s.track, board, seat, RAT_SCARE, trail)
    hole = mv.nearest_hole(s.track, a.cell)
    paths = () if say.silent else (("rat", None, route + (tr.name(s.track, hole),)),) + tr.trail_paths(s.track, trail)
    end = after.elephants[seat]
    sideways = any(m in ("l", "r") for m in moves)
    if sideways:
        say("card/rat-scare", "The Rat scares {pushed}'s elephant: blocked by the end of its lane, it runs back and "
            "sideways from {start} to {end}, and the Rat goes to the hole at {hole}.", pushed=seat, start=a.cell,
            end=end, hole=hole, paths=paths)
    else:
        say("card/rat-scare", "The Rat scares {pushed}'s elephant: it runs back from {start} to {end}, and the Rat "
            "goes to the hole at {hole}.", pushed=seat, start=a.cell, end=end, hole=hole, paths=paths)
    return finish_card(replace(with_pieces(s, after), rat=hole), say)


def do_cow(s: State, a: CowStep, say: Narrator) -> State:
    d = DIRECTIONS[a.direction]  # the step was checked against the list: where it leads needs no search
    target = (a.cell[0] + d[0], a.cell[1] + d[1])
    cows = list(s.cows)
    cows[cows.index(a.cell)] = target
    cows.sort()
    if not say.silent:
        say("card/cow", "{Player} moves the Sacred Cow from {start} to {end}.", player=s.active, start=a.cell,
            end=target, paths=(("cow", None, (cell_name(a.cell), cell_name(target))),))
    s = replace(s, cows=tuple(cows), cow_left=s.cow_left - 1)
    return finish_card(s, say) if s.cow_left == 0 else s


def do_stop_cows(s: State, a: StopCows, say: Narrator) -> State:
    say("card/cow", "{Player} stops moving cows.", player=s.active)
    return finish_card(s, say)


def do_steal(s: State, a: Steal, say: Narrator) -> State:
    victim = list(s.hands[a.victim])
    rng = rng_for(s)
    taken = [victim.pop(randbelow(rng, len(victim))) for _ in range(min(MONKEY_STEALS, len(victim)))]
    s = set_hand(s, a.victim, victim)
    s = set_hand(s, s.active, s.hands[s.active] + tuple(taken))
    say("card/monkey", "{Player} steals {n} {n:card|cards} at random from {victim}.", player=s.active, n=len(taken),
        victim=a.victim)
    return finish_card(replace(s, chance=s.chance + 1), say)


def do_take(s: State, a: Take, say: Narrator) -> State:
    if a.card:
        d = list(s.discard)
        d.reverse()
        d.remove(a.card)
        d.reverse()
        s = replace(set_hand(s, s.active, s.hands[s.active] + (a.card,)), discard=tuple(d))
        say("card/prayer", "{Player} takes {card} from the discards.", player=s.active, card=a.card)
    else:
        say("card/prayer", "The discards are empty: {Player} takes nothing.", player=s.active)
    return finish_card(s, say)


def do_give(s: State, a: Give, say: Narrator) -> State:
    cob = list(s.cobras)
    if a.source is None:
        say("card/snake", "{Player} gives a Cobra to {target}.", player=s.active, target=a.target)
    else:
        cob[a.source] -= 1
        say("card/snake", "All four Cobras are out: {Player} moves one from {source} to {target}.",
            player=s.active, source=a.source, target=a.target)
    cob[a.target] += 1
    return finish_card(replace(s, cobras=tuple(cob)), say)


HANDLERS: dict[type, Callable] = {
    Place: do_place, Play: do_play, PlayPair: do_play, Allow: do_allow, Cancel: do_cancel, Discard: do_discard,
    EndTurn: do_end, Move: do_move, RatTo: do_rat, CowStep: do_cow, StopCows: do_stop_cows, Steal: do_steal,
    Take: do_take, Give: do_give,
}


# ------------------------------------------------------------------ reading the position
def progress(s: State, player: int) -> int:
    """Rows covered along the lap (0 at the back of the start grid; the number of rows once across the line)."""
    cell = s.elephants[player]
    return 0 if cell is None else min(cell[0], s.track.rows_count)


def positions(s: State) -> dict:
    """Each elephant's, cow's and the Rat's space (names such as ``b3``; "finish" past the line)."""
    def name(c: Cell | None) -> str | None:
        if c is None:
            return None
        return "finish" if c[0] >= s.track.rows_count else cell_name(c)

    return {"elephants": [name(c) for c in s.elephants], "cows": [name(c) for c in s.cows], "rat": name(s.rat)}


PREVIEWED = {"move": Move, "rat": RatTo, "cow": CowStep}


def preview(s: State, action: Any) -> dict | None:
    """What a panel shows before a move, a Rat or a cow step is confirmed: where every piece will stand
    (``positions`` of the next state) and the ``trace`` of the paths they take; None for any other action
    or a refused one (nothing to preview: it is played at once)."""
    kind = PREVIEWED.get(s.phase)
    if kind is None or type(action) is not kind:
        return None
    try:
        after, events = apply_explained(s, action)
    except IllegalAction:
        return None
    return {**positions(after), "trace": tr.trace(events)}


def scores(s: State) -> list[int]:
    return [progress(s, p) for p in range(s.players)]


def winners(s: State) -> list[int]:
    return [s.winner] if s.phase == "over" and s.winner is not None else []


def discard_visible(s: State, player: int | None) -> bool:
    """The discards are examined only by the player resolving a Prayer (and the teacher)."""
    return player is None or (s.phase == "prayer" and player == s.active)


def view(s: State, player: int | None) -> dict:
    over = s.phase == "over"
    pos = positions(s)
    return {
        "game": GAME_NAME, "player": player, "players": s.players,
        "current_player": s.current_player, "decision": "" if over else s.phase,
        "scores": scores(s), "over": over, "ruleset": "base",
        "hands": [list(h) if player is None or player == q else None for q, h in enumerate(s.hands)],
        "hand_sizes": s.hand_sizes(),
        "track": {"name": s.track.name, "rows": list(s.track.rows)},
        "elephants": pos["elephants"], "cows": pos["cows"], "rat": pos["rat"],
        "progress": scores(s), "active": s.active, "first": s.first, "phase": s.phase,
        "deck_size": len(s.deck), "discard_size": len(s.discard),
        "discard_top": s.discard[-1] if s.discard else None,
        "discard": list(s.discard) if discard_visible(s, player) else None,
        "cobras": list(s.cobras), "cobras_free": COBRAS - sum(s.cobras),
        "pending": list(s.pending), "cancelled": s.cancelled, "played": list(s.played), "mode": s.mode,
        "asker": s.asker, "cow_left": s.cow_left, "owed": s.owed, "winner": s.winner, "turns": s.turns,
    }


def conserved(s: State) -> dict[str, int]:
    counts: dict[str, int] = {c: 0 for c in COUNTS}
    for pile in (*s.hands, s.deck, s.discard, s.pending):
        for c in pile:
            counts[c] = counts.get(c, 0) + 1
    counts["cards"] = sum(counts[c] for c in COUNTS)
    counts["elephant pieces"] = len(s.elephants)
    counts["sacred cows"] = len(s.cows)
    counts["cobras"] = COBRAS if sum(s.cobras) <= COBRAS else sum(s.cobras)
    return counts


def resample_hidden(s: State, player: int, rng: random.Random) -> State:
    """Deal anew what ``player`` cannot see: the other hands, the deck and (unless shown) the discards under the top."""
    others = [q for q in range(s.players) if q != player]
    keep_discard = discard_visible(s, player)
    under = () if keep_discard or not s.discard else s.discard[:-1]
    pool = [c for q in others for c in s.hands[q]] + list(s.deck) + list(under)
    rng.shuffle(pool)
    hands = list(s.hands)
    for q in others:
        n = len(s.hands[q])
        hands[q] = sort_cards(pool[:n])
        del pool[:n]
    deck = tuple(pool[:len(s.deck)])
    del pool[:len(s.deck)]
    discard = s.discard if keep_discard or not s.discard else tuple(pool) + s.discard[-1:]
    return replace(s, hands=tuple(hands), deck=deck, discard=discard)


def settle(s: State, p: int) -> State:
    """Where ``s`` leads once the Tiger window lets the card resolve and ``p`` makes its best move
    (what a one-move look-ahead sees: a card played now moves the elephant in the next decision)."""
    for _ in range(2 * s.players + 2):
        if s.phase == "tiger":
            s = apply(s, Allow())
        elif s.phase == "move" and s.active == p:
            s = max((after for _, after in [(a, apply(s, a)) for a in legal_actions(s)]),
                    key=lambda t: progress(t, p) + (100 if t.winner == p else 0))
        else:
            break
    return s


def greedy_value(s: State, action: Any) -> float:
    """Most progress along the lap (after the move the card makes), then the larger hand."""
    p = s.current_player if s.current_player is not None else s.active
    after = settle(apply(s, action), p)
    gain = float(progress(after, p) - progress(s, p) + (100 if after.winner == p else 0))
    if s.phase == "tiger" and isinstance(action, Cancel):
        mover = s.active
        allowed = settle(apply(s, Allow()), mover) if s.asker == p else s
        gain += 0.5 * (progress(allowed, mover) - progress(after, mover))  # what the cancel keeps from the mover
    return float(gain) + 0.01 * (len(after.hands[p]) - len(s.hands[p]))


assert DECK_SIZE == 72
