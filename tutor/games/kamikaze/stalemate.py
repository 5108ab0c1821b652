"""Whether anything can still change: the stalemate when nothing can (rule ``end/stalemate``) and the
stalemate by refusal, a player repeating a card nothing answers (rule ``end/stalemate-refusal``)."""

from __future__ import annotations

from bisect import bisect_left

from .cards import LETTERS, ORDER, TABLE, sort_cards
from .state import MEMO_LIMIT, REPETITION_LIMIT, State, remove_card


def _options(s: State, p: int) -> tuple[str, ...]:
    """The cards player p could fight the next duel with."""
    if s.held[p]:
        return (s.card(p),)
    return sort_cards(set(s.hands[p]))


def _duel_can_change(s: State, p: int, q: int) -> bool:
    """Could any duel between p and q move a card (a defeat, a power)?"""
    for a in _options(s, p):
        for b in _options(s, q):
            if TABLE[(a, b)][0] != "retreat":
                return True
            for me, mine, other in ((p, a, q), (q, b, p)):
                if mine == "cleric" and any(c != "kamikaze" for c in s.graveyards[other]):
                    return True
                if mine == "familiar" and not s.held[me]:
                    rest = remove_card(s.hands[me], "familiar")
                    if any(c != "kamikaze" for c in rest):
                        return True
    return False


def dead(s: State) -> bool:
    """No duel the player to move can start could change anything."""
    # the usual answer first, without the memo (whose keys cost more to hash than this): a card of the player
    # to move that could defeat, or fall to, a card in another player's hand
    p, hands, held = s.active, s.hands, s.held
    if not held[p]:
        for a in hands[p]:
            moving = _NOT_RETREAT[a]
            for q, h in enumerate(hands):
                if q != p and not held[q] and not moving.isdisjoint(h):
                    return False
    # what decides it: the hands, held Sappers, and which graveyards hold a card a Cleric could take back
    graves = s.graveyards
    takeable = _TAKEABLE.get(graves)
    if takeable is None:
        if len(_TAKEABLE) >= MEMO_LIMIT:
            _TAKEABLE.clear()
        takeable = _TAKEABLE[graves] = tuple(g.count("kamikaze") < len(g) for g in graves)
    key = (s.active, s.hands, takeable, s.field, s.held)
    try:
        return _DEAD[key]
    except KeyError:
        if len(_DEAD) >= MEMO_LIMIT:
            _DEAD.clear()
        value = _DEAD[key] = _dead_now(s)
        return value


_DEAD: dict[tuple, bool] = {}
_NOT_RETREAT = {a: frozenset(b for b in ORDER if TABLE[(a, b)][0] != "retreat") for a in ORDER}  # a's duels that move
_TAKEABLE: dict[tuple, tuple[bool, ...]] = {}  # graveyards -> which hold a card a Cleric could take back


def _dead_now(s: State) -> bool:
    p = s.active
    return not any(_duel_can_change(s, p, q) for q in range(s.players) if q != p)


_BY_LETTER = {letter: card for card, letter in LETTERS.items()}


def _can_answer(s: State, y: int, card: str, x: int) -> bool:
    """Could player y change anything if player x plays ``card`` against them
    again: beat it, use a power (a Cleric's take-back, a Familiar's swap), or,
    as the player whose turn it is with three or more players, challenge
    someone else with whom a duel could change something?"""
    for b in _options(s, y):
        if TABLE[(card, b)][0] != "retreat":
            return True
        if b == "cleric" and any(c != "kamikaze" for c in s.graveyards[x]):
            return True
        if b == "familiar" and not s.held[y] and any(c != "kamikaze" for c in remove_card(s.hands[y], "familiar")):
            return True
    if y == s.active and s.players > 2:
        return any(_duel_can_change(s, y, z) for z in range(s.players) if z not in (x, y))
    return False


def stalled(s: State, entry: str, times_here: int) -> tuple[str, int | None]:
    """Whether the duel just counted as ``entry`` stalls the game by refusal
    (rule ``end/stalemate-refusal``): ("same-duel", None) when the same duel has
    ended in the same position for the third time (the game ends); ("refusal", x)
    when player x has now played the same card twice from this position, changing
    nothing, and the other duelist could not change anything against it (x says
    whether to end the game); ("", None) otherwise.  ``s`` is the state after the duel, its duelists still set;
    ``times_here`` how often ``entry`` has now been counted."""
    if times_here >= REPETITION_LIMIT:
        return "same-duel", None
    position, sep, pair = entry[:-3], entry[-3], entry[-2:]
    if sep != "~":
        return "", None
    p, q = s.active, s.opponent
    if q is None:
        return "", None
    # this position's retreats: entries "<position>~XY", next to each other (positions are sorted by key)
    here = position + "~"
    positions = s.positions
    lo = bisect_left(positions, (here,))
    hi = lo
    while hi < len(positions) and positions[hi][0].startswith(here):
        hi += 1
    size = len(entry)
    times_p = times_q = 0  # how often each duelist played this card from here (entries of this duel's length)
    for k, n in positions[lo:hi]:
        if len(k) == size:
            if k[-2] == pair[0]:
                times_p += n
            if k[-1] == pair[1]:
                times_q += n
    for i, (x, y, times) in enumerate(((p, q, times_p), (q, p, times_q))):
        if times >= 2 and not _can_answer(s, y, _BY_LETTER[pair[i]], x):
            return "refusal", x
    return "", None

