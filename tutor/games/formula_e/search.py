"""A search bot for Formula E that plays from what its seat can see, and the hint it gives.

Determinized Monte Carlo search (flat, with common random numbers): each
world deals the cards the seat cannot see anew (``deal``: the other hands
and the deck's order, the discards being known to whoever watched them go
there, and no Tiger in the cards a rival has held since the table saw it
hold none: told every action, ``SearchBot.observe``, a card played with no
Tiger window or a movement card let through; else, from its own decisions
only, ``no_tiger_now``, ``SearchBot.remember``; told every action, also no
movement card that would have taken a rival further than the greedy choice
it made in its last turn among the cards it kept, ``outrun``), tries every
candidate action in that same world and plays on to the end of the next
round with the same luck after each, every seat playing the greedy bot's
move quickly (``quick``: one of the actions the greedy bot ties on, found
from the paths without playing them, ``greedy_choices``: the card or pair
that goes furthest, then the hand's size, so with no card that moves any
discard at all, made only once picked, ``Ties``; a Tiger against any
movement card; a Prayer taking the card that goes furthest; the searching
seat's own Rat scaring, its Snake Charmer's Cobra and its Monkey going to,
the rival furthest along), then judges the position (``chances``: a softmax
of the rows left, the wait for one's turn, the best movement card in hand,
the Tigers and Cobras, fitted on games of that policy; a win is 1).  The
greedy bot's choice is tried first and keeps a small lead (``PRIOR``): with
few worlds the search plays as greedy does.  The candidates are pruned
(``candidates``): with a movement card in hand, only movement cards and
pairs, the Rat, the Snake Charmer, the Monkey and the Prayer; one path for
each place a move leaves the pieces in; for the Rat, the spaces where it
scares a rival, the one furthest along first (the Snake Charmer's and the
Monkey's rivals in that order too).  Chance comes
from the position (``tutor.bots.bot_rng``), so a game between bots replays
exactly as long as the iteration count ends each search (the clock stops it
only on a machine too loaded to finish in time).

>>> from tutor.games.formula_e import GAME
>>> bot = SearchBot(iterations=20, seconds=5)
>>> s = GAME.new_game(3, seed=3)
>>> bot.choose(GAME, s) in GAME.legal_actions(s)
True
"""

from __future__ import annotations

import math
import random
import time
from functools import lru_cache
from typing import Any, Iterable, Sequence, overload

from tutor.bots import GreedyBot, bot_rng

from . import movement as mv
from .actions import Allow, Cancel, Discard, EndTurn, Play, PlayPair, Steal, Take
from .base import replace
from .cards import BANANA_HAND, COUNTS, HAND_SIZE, SOLO_YELLOWS, is_green, is_movement, sort_cards, value_of
from .engine import apply
from .hints import hint_reason, phrase
from .legal import listed, move_paths
from .reading import discard_visible, progress
from .state import State
from .words import load_catalog

ROUNDS = 1  # how far a playout looks: the turn under way, then this many rounds, then the position is judged
#: the judge of a position where nobody has won yet: each player's chance is a softmax of a linear score of the
#: rows left, the share of a round before their turn, their best movement card, their Tigers and Cobras (fitted on
#: 10,085 turns of 500 seeded games played by the playouts' policy; the Cobras' weight is the project's guess)
W_ROWS, W_WAIT, W_BEST, W_TIGER, W_COBRA = -0.39, -1.2, 0.28, 0.17, -0.1
PRIOR = 0.02  # the greedy bot's choice starts this far ahead (a share of a win per world)
#: the cards the search also weighs beside a movement card (seeds 0-99, 4 players, 240 iterations: 46 wins of 100
#: with movement cards only, 48 with the Rat, the Snake Charmer and the Monkey too, and 0.146 s instead of 0.147 s
#: of CPU a move at the median; with the Prayer too, 53, 45 and 46 on seeds 0-99, 100-199 and 200-299 where
#: without it 50, 43 and 45, and 55, 45 and 49 once the playouts' Prayer takes the card that goes furthest)
ATTACKS = ("rat", "snake", "monkey", "prayer")


# ------------------------------------------------------------------ the quick policy of the playouts
@lru_cache(maxsize=1 << 16)
def _reach(track: Any, elephants: tuple, cows: tuple, seat: int, points: int, mode: str) -> tuple[int, str]:
    """What the greedy bot sees of a whole move of ``points`` by ``seat``'s elephant: its furthest progress (a win
    counts 100 more; a Flying Carpet that cannot land -1), and where the first move that goes that far ends: "B"
    on a banana tree (the hand drawn up to nine), "X" with a rival pushed across the line (no draw), else ""."""
    rows = track.rows_count
    best, end = -1, ""
    start = elephants[seat]
    for steps, after in mv.paths(track, mv.Pieces(elephants, cows), seat, points, mode):
        cell = after.elephants[seat]
        row = (min(cell[0], rows) if cell is not None else 0) + (100 if after.winner == seat else 0)
        if row > best:
            best = row
            end = ("X" if after.winner is not None and after.winner != seat
                   else "B" if after.winner is None and steps and cell != start and track.kind(cell) == "B" else "")
    return best, end


def _run(s: State, a: Any) -> int:
    """How far a turn's card (or pair) takes the active elephant, -2 for a card that does not move it."""
    if isinstance(a, Play) and is_movement(a.card):
        return _reach(s.track, s.elephants, s.cows, s.active, value_of(a.card), "")[0]
    if isinstance(a, PlayPair):
        return _reach(s.track, s.elephants, s.cows, s.active, value_of(a.green), a.yellow)[0]
    return -2


def _turn_value(s: State, a: Any, row: int, n: int, solo: bool) -> float:
    """The greedy bot's value of an action in a turn or as its second card (``engine.greedy_value``, found without
    playing the action): the rows it gains (a win 100 more), then a hundredth for each card the hand gains or
    loses by the time the card has resolved (a turn ended draws up to six, a banana tree up to nine).  ``row``:
    the elephant's progress; ``n``: the hand's size; ``solo``: whether a solo yellow may still follow a green."""
    kind = type(a)
    if kind is Discard:
        return 0.01 * (max(HAND_SIZE, n - len(a.cards)) - n)
    if kind is EndTurn:
        return 0.01 * (max(HAND_SIZE, n) - n)
    if kind is PlayPair:
        far, end = _reach(s.track, s.elephants, s.cows, s.active, value_of(a.green), a.yellow)
        used, waits = 2, False
    elif kind is Play and is_movement(a.card):
        far, end = _reach(s.track, s.elephants, s.cows, s.active, value_of(a.card), "")
        used, waits = 1, solo and is_green(a.card)  # a solo yellow may follow a green: the turn waits, undrawn
    elif kind is Play and a.card == "tiger":  # the Cobras dropped: a green may follow, else the turn ends
        greens = not s.played and any(is_green(c) for c in s.hands[s.active])
        return 0.01 * (-1 if greens else max(HAND_SIZE, n - 1) - n)
    else:  # a card that asks for a choice first: the hand is a card short meanwhile
        return -0.01
    if far >= 100 or end == "X":
        return max(far, row) - row + 0.01 * -used
    left = n - used
    if end == "B":
        left = max(left, BANANA_HAND)
    elif not waits:
        left = max(left, HAND_SIZE)
    return max(far, row) - row + 0.01 * (left - n)


class Ties(Sequence):
    """The greedy bot's ties in a turn where any discard ties: ``head`` (the plays and pairs that tie with them),
    then every discard, ``acts[edge:]``, made only when asked for (a playout picks one of up to 127 at random)."""

    __slots__ = ("head", "acts", "edge", "size")

    def __init__(self, head: list, acts: Sequence, edge: int) -> None:
        self.head, self.acts, self.edge = head, acts, edge
        self.size = len(head) + len(acts) - edge

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.size))]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError("tie index out of range")
        k = len(self.head)
        return self.head[i] if i < k else self.acts[self.edge + i - k]


def greedy_choices(s: State) -> Sequence | None:
    """The actions the greedy bot (``GreedyBot`` on ``GAME.greedy_value``) chooses among, tied, in a turn or a
    move, found without playing them (None in the other phases)."""
    acts = listed(s)
    p = s.active
    best: list = []
    top = -math.inf
    phase = s.phase
    if phase == "turn" or phase == "second":
        hand = s.hands[p]
        n = len(hand)
        solo = phase == "turn" and any(c in SOLO_YELLOWS for c in hand)
        row = progress(s, p)
        size = len(acts)
        edge = 0  # the plays and pairs come first, then the discards (``engine.turn_actions``)
        while edge < size:
            a = acts[edge]
            if type(a) is Discard:  # valued by their count alone (below): a hand of nine lists hundreds
                break
            v = _turn_value(s, a, row, n, solo)
            if v > top:
                best, top = [a], v
            elif v == top:
                best.append(a)
            edge += 1
        if edge < size:
            if n > HAND_SIZE + 1:  # a hand of eight or nine: one card discarded loses least
                discards = [a for a in acts[edge:] if len(a.cards) == 1]
                v = 0.01 * (max(HAND_SIZE, n - 1) - n)
                if v > top:
                    return discards
                return best + discards if v == top else best
            v = 0.01 * (HAND_SIZE - n)  # up to seven cards, any discard leaves six once drawn: all tie
            if v > top:
                return Ties([], acts, edge)
            if v == top:
                return Ties(best, acts, edge)
        return best
    if phase == "place":
        for a in acts:
            if a.cell[0] > top:
                best, top = [a], a.cell[0]
            elif a.cell[0] == top:
                best.append(a)
        return best
    if phase == "move":
        hand = s.hands[p]
        n = len(hand)
        rows = s.track.rows_count
        start = s.elephants[p]
        waits = len(s.played) == 1 and is_green(s.played[0]) and any(c in SOLO_YELLOWS for c in hand)
        base = n if waits else max(n, HAND_SIZE)
        for a, (steps, after) in zip(acts, move_paths(s)):
            cell = after.elephants[p]
            if after.winner == p:
                v = 100.0 + rows
            elif after.winner is not None:  # a rival pushed across the line: the game ends, nobody draws
                v = (min(cell[0], rows) if cell is not None else 0) + 0.01 * n
            else:
                banana = cell is not None and bool(steps) and cell != start and s.track.kind(cell) == "B"
                v = (min(cell[0], rows) if cell is not None else 0) + 0.01 * (max(n, BANANA_HAND) if banana else base)
            if v > top:
                best, top = [a], v
            elif v == top:
                best.append(a)
        return best
    return None


def quick(s: State, rng: random.Random, me: int | None = None) -> Any:
    """The greedy bot's move, quickly (every seat plays it in the playouts): in a turn or a move, one of the
    actions the greedy bot ties on, at random (``greedy_choices``: with no card that moves the elephant, any
    discard); a Tiger against any movement card; after a green, no second card; else (choices the greedy bot
    never weighs: they gain it no row) at random, but for the Rat on its own elephant and the Prayer's card (the
    one that moves furthest, a green first while a green may still be played this turn: one of the greedy bot's
    ties, as every card taken leaves it where it is).  The Rat of ``me`` (the seat searching) scares the rival
    furthest along it can reach, as its own search aims it (``candidates``), not a space at random: a Rat
    played in a playout at random mostly runs to an empty space (rule card/rat: it scares only the elephant
    it stops on), so the search undervalued its own Rat against a rival about to win (seeds 2000-2399: in 80
    of the 206 games it lost, it held a Rat that could reach the winner on its last turn, and played it in 6;
    aimed, with the Rat's candidates below, it played 258 Rats there instead of 121, 195 of them at the rival
    furthest along instead of 46, and won 203 games instead of 194: 24 won that the bot before lost, 15 lost).
    Its Snake Charmer gives the Cobra to, and its Monkey steals from, the rival furthest along (in its own search,
    that rival is tried first, ``candidates``): at random, the bot's search followed the greedy bot's random
    target in 126 of its 141 Cobras there, as a Cobra's worth in a round is too small to outweigh the head
    start (``PRIOR``); with both, 210 of seeds 2000-2399 (38 won that the kept bot lost, 22 lost)."""
    acts = listed(s)
    if len(acts) == 1:
        return acts[0]
    phase = s.phase
    best = greedy_choices(s)
    if best:
        return best[0] if len(best) == 1 else rng.choice(best)
    if phase == "tiger":
        return next((a for a in acts if isinstance(a, Cancel) and is_movement(a.card)), acts[0])
    if phase == "prayer":  # the card that moves the elephant furthest, a green first while one may be played now
        green_now = not any(is_green(c) for c in s.played)
        return max(acts, key=lambda a: (green_now and is_green(a.card),
                                        value_of(a.card) if a.card and is_movement(a.card) else -1))
    if phase == "rat":
        own = s.elephants[s.active]
        if s.active == me:
            aimed = _aimed(s, acts)
            if aimed:
                return aimed[0]
        return rng.choice([a for a in acts if a.cell != own] or acts)
    if s.active == me and (phase == "snake" or phase == "monkey"):
        return _leader_first(s, acts)[0]
    return rng.choice(acts)


def _aimed(s: State, acts: Iterable) -> list:
    """The Rat's targets that scare a rival of the active seat, the rival furthest along first (rule
    card/rat-scare: the Rat scares the elephant it stops on three spaces back)."""
    seat = {cell: q for q, cell in enumerate(s.elephants) if cell is not None and q != s.active}
    hits = [a for a in acts if a.cell in seat]
    hits.sort(key=lambda a: -progress(s, seat[a.cell]))
    return hits


def _leader_first(s: State, acts: Iterable) -> list:
    """A Snake Charmer's Cobras (rule card/snake) or a Monkey's victims (rule card/monkey), the rival furthest along
    first (a Cobra moved from the active seat's own first, never one given to itself)."""
    p = s.active

    def key(a: Any) -> tuple:
        if isinstance(a, Steal):
            return (-progress(s, a.victim),)
        return (a.target == p, -progress(s, a.target), a.source != p)

    return sorted(acts, key=key)


def chances(s: State) -> list[float]:
    """Each player's chance to win from here, as judged without playing on (1 for the winner)."""
    if s.winner is not None:
        return [1.0 if q == s.winner else 0.0 for q in range(s.players)]
    rows = s.track.rows_count
    n = s.players
    score = []
    for q in range(n):
        hand = s.hands[q]
        best = max((value_of(c) for c in hand if is_movement(c)), default=0)
        score.append(W_ROWS * (rows - progress(s, q)) + W_WAIT * ((q - s.active) % n) / n + W_BEST * best
                     + W_TIGER * hand.count("tiger") + W_COBRA * s.cobras[q])
    top = max(score)
    weights = [math.exp(x - top) for x in score]
    total = sum(weights)
    return [w / total for w in weights]


def _score(s: State, me: int) -> float:
    return chances(s)[me]


def playout(s: State, me: int, rng: random.Random, stop: int) -> float:
    """Play on with the quick policy until turn ``stop`` begins (or to the end), then score for ``me``."""
    for _ in range(2000):
        if s.current_player is None or s.turns >= stop:
            break
        s = apply(s, quick(s, rng, me))
    return _score(s, me)


# ------------------------------------------------------------------ the root
def candidates(s: State, first: Any = None) -> list:
    """The actions worth trying, ``first`` (the greedy bot's choice) first: on a turn with a movement card in
    hand, the movement cards and pairs and the Rat, Snake Charmer, Monkey and Prayer (``ATTACKS``) only (measured: a
    search free to discard and wait, for the rivals to spend their Tigers on each other, won 3-4 of 40 games
    against greedy bots, one that always moves 12 of 40); else all, but for the discards only single cards and
    "everything that does not move" (a hand of nine lists hundreds of discards); one path for each place a move
    leaves the pieces in; for the Rat, the spaces where it scares a rival, the one furthest along first (it takes
    the head start), then ``first``; for the Snake Charmer and the Monkey, the rival furthest along first."""
    acts = list(listed(s))
    if first is not None:
        acts.sort(key=lambda a: a is not first)
    if s.phase == "move":
        seen: dict = {}
        paths = dict(move_paths(s))
        for a in acts:
            after = paths[a.steps]
            seen.setdefault((after.elephants, after.cows, after.winner), a)
        return list(seen.values())
    if s.phase == "rat":  # the spaces that scare a rival, the rival furthest along first (where the greedy
        # choice's head start goes), then the greedy choice: the empty spaces are alike, and 240 playouts shared
        # over the 30-50 spaces a Rat reaches left ~5 worlds each, too few to outweigh the head start of the
        # greedy bot's space, which is any (the bot sent the Rat to an empty space in 39 of its 121 Rats on seeds
        # 2000-2399, 33 times with the rival furthest along in reach)
        aimed = _aimed(s, acts)
        return aimed + [a for a in acts if a is first and a not in aimed] or acts
    if s.phase == "snake" or s.phase == "monkey":  # the rival furthest along first (it takes the head start)
        return _leader_first(s, acts)
    if s.phase != "turn":
        return acts
    moving = [a for a in acts if isinstance(a, PlayPair) or (isinstance(a, Play) and is_movement(a.card))]
    if moving:  # a card is played when there is a movement card (the playouts overrate waiting for the Tigers to
        # go): a movement card, one that sets a rival back (the Rat, the Snake Charmer, the Monkey) or the Prayer
        attacks = [a for a in acts if isinstance(a, Play) and a.card in ATTACKS]
        return [a for a in acts if a is first] + [a for a in moving + attacks if a is not first]
    hand = s.hands[s.active]
    idle = tuple(c for c in hand if not is_movement(c))
    keep = [a for a in acts if a is first or not isinstance(a, Discard) or len(a.cards) == 1 or a.cards == idle]
    return keep or acts


# ------------------------------------------------------------------ the worlds: what the public record tells
def no_tiger_now(s: State, me: int) -> list[int]:
    """The rivals who, by what the table has seen, hold no Tiger now: a rival asked in a Tiger window who let a
    movement card resolve had none (a Tiger against a movement card is what every bot plays, and what the hint
    calls keeping a rival from getting away).  In ``me``'s own move, with nothing cancelled, that is every
    rival; in ``me``'s own window, the seats asked before.

    >>> from tutor.games.formula_e import GAME
    >>> no_tiger_now(GAME.new_game(4, seed=1), 0)
    []
    """
    rivals = [(s.active + k) % s.players for k in range(1, s.players)]
    if s.phase == "move" and s.active == me and not s.cancelled:
        return rivals
    if s.phase == "tiger" and s.asker == me and any(is_movement(c) for c in s.pending):
        return rivals[:rivals.index(me)]
    return []


def deal(s: State, me: int, rng: random.Random, old: dict[int, int],
         weak: dict[int, tuple[int, frozenset]] | None = None) -> State:
    """A world for ``me``: the rivals' hands, the deck and the discards under the top (unless ``me`` examines
    them in its own Prayer) dealt anew from the cards ``me`` cannot place, the first ``old[q]`` cards of rival
    q's hand (those held since q was seen to have no Tiger) dealt from the cards that are not Tigers, and the
    first ``weak[q][0]`` (those q kept from its last turn) from the cards not in ``weak[q][1]`` (the movement
    cards that would have taken q further than the greedy choice it made; when the pool has too few such
    cards, any card)."""
    rivals = [q for q in range(s.players) if q != me]
    # the discards under the top are not examined (but in one's own Prayer): dealt anew with the rest
    under = () if discard_visible(s, me) or not s.discard else s.discard[:-1]
    pool = sorted([c for q in rivals for c in s.hands[q]] + list(s.deck) + list(under))  # card order: rng alone deals
    rng.shuffle(pool)
    hands = list(s.hands)
    weak = weak or {}
    for q in rivals:
        n = len(s.hands[q])
        safe = min(old.get(q, 0), n)
        kept, blocked = weak.get(q, (0, frozenset()))
        kept = min(kept, n)
        hand: list[str] = []
        for i in range(max(safe, kept)):  # the oldest cards first: both known, then one or the other
            no_tiger, no_strong = i < safe, i < kept
            j = next((j for j, c in enumerate(pool)
                      if not (no_tiger and c == "tiger") and not (no_strong and c in blocked)), 0)
            hand.append(pool.pop(j))
        k = n - len(hand)
        hand += pool[:k]
        del pool[:k]
        hands[q] = sort_cards(hand)
    deck = tuple(pool[:len(s.deck)])
    discard = tuple(pool[len(s.deck):]) + s.discard[-1:] if under else s.discard
    # a new seed: the order a reshuffle will give the discards is not known either
    return replace(s, hands=tuple(hands), deck=deck, discard=discard, seed=rng.randrange(2**31))


def outrun(s: State, action: Any) -> frozenset:
    """What a greedy player's turn ``action`` in ``s`` shows it did not keep: the movement cards that alone would
    have taken its elephant further than the action does (after a discard, every card that would have moved it
    on; none for an action other than a turn's)."""
    if s.phase != "turn" or not isinstance(action, (Play, PlayPair, Discard, EndTurn)):
        return frozenset()
    row = progress(s, s.active)
    far = max(row, _run(s, action))
    return frozenset(c for c in MOVEMENT_CARDS
                     if _reach(s.track, s.elephants, s.cows, s.active, value_of(c), "")[0] > far)


MOVEMENT_CARDS = tuple(c for c in COUNTS if is_movement(c))
#: what a seat knows of the rivals' hands: for each, how many cards are no Tiger; the rivals who drew since, and the
#: cards they drew beyond that (``SearchBot.remember``); for each, how many cards it kept from its last turn and
#: the movement cards those are not (``SearchBot.observe``)
Known = tuple[dict[int, int], list[int], int, dict[int, tuple[int, frozenset]]]

#: the clock that stops a search on a machine too loaded to finish it (the iteration count ends it otherwise)
TIME_LIMIT = 0.9


class SearchBot:
    """Determinized Monte Carlo search over what the seat cannot see (seeded, under a second a move)."""

    name = "search"

    def __init__(self, iterations: int = 240, seconds: float | None = None):
        """``iterations``: playouts a move (shared out over the candidates, at least one world each);
        ``seconds``: the clock that stops the search early on a loaded machine (whole worlds only)."""
        self.iterations = iterations
        self.seconds = TIME_LIMIT if seconds is None else seconds
        self.last: dict[str, Any] = {}
        #: what the bot has seen in a game, by (seed, players, first, seat): for each rival last seen holding no
        #: Tiger, [turn, chance events, deck size, the rival's hand size, the seat's, cards the seat spent since]
        self.memory: dict[tuple, dict[int, list[int]]] = {}
        #: what the bot was told of a game (``observe``), by (seed, players, first): the last position it saw and,
        #: for each seat, how many cards of its hand the table knows are no Tiger (``safe``), and how many it kept
        #: from its last turn with the movement cards its choice there shows they are not (``weak``)
        self.watched: dict[tuple, tuple[State, list[int], list[tuple[int, frozenset]]]] = {}

    def observe(self, game: Any, before: State, action: Any, after: State) -> None:
        """Told an action, anyone's (:func:`tutor.bots.tell`): keep count, from what the whole table sees, of the
        cards in each hand that are no Tiger (``safe``).  A hand is all safe when a card was played and no Tiger
        window opened (nobody but the player held one), or when its holder let a movement card resolve; cards
        played in the open leave the safe ones first (unless they are Tigers), stolen ones too; drawn and stolen
        cards are unknown; a card taken from the discards is known.  A game watched with a gap starts afresh."""
        key = (before.seed, before.players, before.first)
        last, safe, weak = self.watched.get(key, (None, None, None))
        if safe is None or weak is None or (last is not before and last != before):
            safe, weak = [0] * before.players, [(0, frozenset())] * before.players
        safe, weak = list(safe), list(weak)
        actor = before.current_player
        shown: tuple[str, ...] = ()
        if isinstance(action, Play):
            shown = (action.card,)
        elif isinstance(action, PlayPair):
            shown = (action.yellow, action.green)
        elif isinstance(action, Discard):
            shown = action.cards
        elif isinstance(action, Cancel):
            shown = ("tiger",)
        for q in range(before.players):
            n = len(after.hands[q])
            left = safe[q]
            if q == actor:
                left -= sum(c != "tiger" for c in shown)
                if isinstance(action, Take) and action.card and action.card != "tiger":
                    left += 1
            kept, blocked = weak[q]
            if q == actor:
                kept -= len(shown)
            if isinstance(action, Steal) and q == action.victim:
                left -= len(before.hands[q]) - n
                kept -= len(before.hands[q]) - n
            safe[q] = max(0, min(left, n))
            weak[q] = (max(0, min(kept, n)), blocked)
        if actor is not None and before.phase == "turn":  # a turn's choice: what the cards kept cannot be
            blocked = outrun(before, action)
            weak[actor] = (max(0, len(before.hands[actor]) - len(shown)) if blocked else 0, blocked)
        if isinstance(action, (Play, PlayPair)) and after.phase != "tiger":  # no window: nobody else held a Tiger
            for q in range(before.players):
                if q != before.active:
                    safe[q] = len(after.hands[q])
        if (isinstance(action, Allow) and before.asker is not None and any(is_movement(c) for c in before.pending)):
            safe[before.asker] = len(after.hands[before.asker])
        self.watched[key] = (after, safe, weak)

    def told(self, s: State, me: int) -> Known | None:
        """What ``observe`` has gathered on the game of ``s`` if it watched it up to ``s``, else None: how many
        cards of each rival's hand are no Tiger, and how many it kept from its last turn with the movement cards
        they are not."""
        last, safe, weak = self.watched.get((s.seed, s.players, s.first), (None, None, None))
        if safe is None or weak is None or (last is not s and last != s):
            return None
        return ({q: safe[q] for q in range(s.players) if q != me and safe[q]}, [], 0,
                {q: weak[q] for q in range(s.players) if q != me and weak[q][0]})

    def remember(self, s: State, me: int) -> Known:
        """What the seat knows of the rivals' Tigers now: for each rival, how many of its cards were held since it
        was seen to have no Tiger; the rivals who drew since, and how many more cards they drew than that
        assumes (counted from the deck), which a world shares out at random.  Forgotten when a reshuffle or a
        Monkey (a chance event) has mixed the cards, or after a round."""
        key = (s.seed, s.players, s.first, me)
        seen = self.memory.setdefault(key, {})
        for q in no_tiger_now(s, me):
            seen[q] = [s.turns, s.chance, len(s.deck), len(s.hands[q]), len(s.hands[me]), 0]
        old: dict[int, int] = {}
        drew: list[int] = []
        surplus = 0
        for q, (turn, chance, deck, m, m_me, spent) in list(seen.items()):
            if chance != s.chance or not turn <= s.turns <= turn + s.players:
                del seen[q]
                continue
            n = len(s.hands[q])
            if any((s.first + t) % s.players == q for t in range(turn, s.turns)):  # q's turn ended: q drew
                new = max(1, n - m + 1)
                old[q] = max(0, n - new)
                drew.append(q)
                surplus = deck - len(s.deck) - (len(s.hands[me]) - m_me + spent)
            else:
                old[q] = min(m, n)
        if len(seen) < s.players - 1:  # the deck counts every rival's draws: shared out only when all are known
            surplus = 0
        surplus -= sum(len(s.hands[q]) - old[q] for q in drew)
        return old, drew, max(0, surplus), {}

    def spent(self, s: State, me: int, a: Any) -> None:
        """Count the cards the seat's choice takes from its hand (to tell the rivals' draws from its own)."""
        n = {Play: 1, Cancel: 1, PlayPair: 2}.get(type(a), len(a.cards) if isinstance(a, Discard) else 0)
        for entry in self.memory.get((s.seed, s.players, s.first, me), {}).values():
            entry[5] += n

    def choose(self, game: Any, state: State) -> Any:
        me = state.current_player
        if me is None or not listed(state):
            raise ValueError("no legal action to choose from")
        known = self.told(state, me) or self.remember(state, me)
        a = self.search(game, state, me, known)
        self.spent(state, me, a)
        return a

    def search(self, game: Any, state: State, me: int, known: Known) -> Any:
        if len(listed(state)) == 1:
            self.last = {"action": listed(state)[0], "visits": 0, "rate": None, "iterations": 0}
            return listed(state)[0]
        # the greedy bot's choice is tried first and starts ahead (PRIOR): what a search cut short by the
        # clock, or too few worlds to tell the candidates apart, falls back on
        deadline = time.perf_counter() + self.seconds
        favourite = GreedyBot().choose(game, state)
        acts = candidates(state, favourite)
        if len(acts) == 1:
            self.last = {"action": acts[0], "visits": 0, "rate": None, "iterations": 0}
            return acts[0]
        rng = bot_rng(game, state, self.name)
        stop = state.turns + ROUNDS * state.players + 1  # the same horizon whatever the candidate: this turn,
        # then ROUNDS rounds of everyone's turns (a discard ends the turn at once, a card does not)
        value = [0.0] * len(acts)
        worlds = 0
        target = max(1, self.iterations // len(acts))
        while True:
            old, drew, surplus, weak = known
            if surplus and drew:
                old = dict(old)
                for _ in range(surplus):  # the cards the rivals drew beyond one each, shared out at random
                    q = rng.choice(drew)
                    old[q] = max(0, old[q] - 1)
            world = deal(state, me, rng, old, weak)
            luck = rng.random()
            tried = []
            for a in acts:  # every candidate in the same world, with the same luck after it
                tried.append(playout(apply(world, a), me, random.Random(luck), stop))
                if time.perf_counter() > deadline:
                    break
            if len(tried) == len(acts):
                value = [v + t for v, t in zip(value, tried)]
                worlds += 1
            elif not worlds:  # the clock stopped the first world: the candidates not tried are not chosen
                value = tried + [-math.inf] * (len(acts) - len(tried))
                worlds = 1
            if len(tried) < len(acts) or worlds >= target or time.perf_counter() > deadline:
                break
        value[0] += PRIOR * worlds  # the greedy choice stands unless the worlds say otherwise
        best = max(range(len(acts)), key=lambda j: (value[j], -j))
        rate = (value[best] - (PRIOR * worlds if best == 0 else 0.0)) / worlds
        self.last = {"action": acts[best], "visits": worlds, "rate": rate,
                     "iterations": worlds * len(acts)}
        return acts[best]


# ------------------------------------------------------------------ the hint
def advice(game: Any, state: State, bot: Any = None, lang: str = "en") -> tuple[Any, str, str, str]:
    """The move ``bot`` (default: the search bot) chooses for the seat to decide, the sentence saying why in
    the game's terms (its reason and the title of the rule it rests on), that rule's id, and the details:
    how it did in the simulated deals ("" when the bot says nothing of them)."""
    bot = bot or SearchBot()
    action = bot.choose(game, state)
    cat = load_catalog()
    said = None if state.current_player is None else hint_reason(game, state, state.current_player, action, lang)
    if said is not None:
        text, rule = said
    else:
        why, rule = phrase(action, state.phase)
        text = cat.render("{Action}: {why} ({title}).",
                          {"action": game.action_text(action, lang), "why": cat.render(why, {}, lang),
                           "title": game.rules[rule].wording(lang)[0]}, lang)
    last = getattr(bot, "last", None) or {}
    rate = last.get("rate")
    details = ""
    if rate is not None:
        details = cat.render("It scored {percent} out of 100 over {games} simulated deals.",
                             {"percent": round(100 * min(1.0, max(0.0, rate))), "games": last["visits"]}, lang)
    return action, text, rule, details


def hint(game: Any, state: State, bot: SearchBot | None = None, lang: str = "en") -> str:
    """The search bot's move for the seat to decide and why, citing the rule, then the numbers behind it.

    >>> from tutor.games.formula_e import GAME
    >>> s = GAME.new_game(3, seed=2)
    >>> text = hint(GAME, s, SearchBot(iterations=12, seconds=5), lang="it")
    >>> "Piazzare gli Elefanti" in text and "smazzate simulate" in text
    True
    """
    _action, text, _rule, details = advice(game, state, bot, lang)
    return f"{text} {details}".strip()
