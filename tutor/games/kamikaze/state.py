"""A Kamikaze Attack position and its repetition key."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from .cards import LETTERS, sort_cards

PHASES = ("challenge", "commit", "familiar", "cleric", "repeat", "over")
ENDS = ("", "empty-hand", "stalemate", "repetition")
REPETITION_LIMIT = 3  # the same duel ending in the same position a third time ends the game



@dataclass(frozen=True, slots=True)
class State:
    """A position of Kamikaze Attack.  Immutable; players are numbered from 0.

    ``field[p]`` is the card player p has in play: a card committed for the
    current duel (face down while ``hidden[p]``) or a beaten Sapper that stays
    (``held[p]``).  ``active`` is the player whose turn it is (who picks the
    opponent with three or more players); ``opponent`` the other duelist.
    ``pending`` lists the players who still have a decision after the reveal
    (Familiar swap), after a retreat (Cleric), or after playing the same card
    twice from a position where nothing answers it (phase "repeat": end the
    game in a stalemate or play on; the card is theirs in ``last_duel``).
    ``barred`` is (player, card) after that player chose to play on: the card
    they may not play in the next duel between the same two players (None
    otherwise).  ``positions`` counts the
    duels fought, each by its entry (made in ``duels.finish``: the position it ended in, who
    challenged whom, and the two cards): the stalemate by refusal reads it;
    ``seen`` holds what Librarians showed: (viewer, player, hand, duel).
    ``last_winners`` are the players who won the last duel that had a winner:
    its one winner, or both duelists when their cards killed each other (the
    tie-break of the rule ``victory/tie-last-turn``).
    ``last_duel`` records the last duel: its players, cards, outcome, winner,
    number and ``taken``, the (player, card) pairs its Clerics took back after
    the retreat (a duel that moved a card that way changed something, which the
    stalemate by refusal must know without the narration).
    """

    ruleset: str
    seed: int
    decks: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    graveyards: tuple[tuple[str, ...], ...]
    field: tuple[str | None, ...]
    hidden: tuple[bool, ...]
    held: tuple[bool, ...]
    phase: str
    active: int
    opponent: int | None = None
    pending: tuple[int, ...] = ()
    swapped: tuple[bool, ...] = ()
    last_winners: tuple[int, ...] = ()
    duels: int = 0
    draws: int = 0
    positions: tuple[tuple[str, int], ...] = ()
    seen: tuple[tuple[int, int, tuple[str, ...], int], ...] = ()
    last_duel: tuple[tuple[str, Any], ...] = ()
    end: str = ""
    barred: tuple[int, str] | None = None
    # who must act now (``to_move``), stored so that asking is a field read (``game.current_player`` is
    # an attrgetter of it: no Python call on the playout's hot path); set by __post_init__ and ``done``
    turn: int | None = dataclasses.field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "turn", to_move(self))

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """Who must act now (None once the game is over)."""
        return to_move(self)

    @property
    def last_winner(self) -> int | None:
        """The one player who won the last duel that had a winner; None when
        nobody has won a duel yet or that duel was a mutual kill (see
        ``last_winners``)."""
        return self.last_winners[0] if len(self.last_winners) == 1 else None

    @property
    def mover(self) -> int:
        """Who must act now, in a running game (``current_player`` is None once it is over)."""
        p = self.current_player
        assert p is not None, "the game is over"
        return p

    @property
    def rival(self) -> int:
        """The challenged duelist, during a duel."""
        assert self.opponent is not None, "no duel under way"
        return self.opponent

    def card(self, p: int) -> str:
        """The card player p has on the field (committed or a held Sapper)."""
        c = self.field[p]
        assert c is not None, "no card on the field"
        return c

    @property
    def duelists(self) -> tuple[int, int] | None:
        if self.opponent is None:
            return None
        return (self.active, self.opponent)

    def last(self, key: str, default: Any = None) -> Any:
        for k, v in self.last_duel:
            if k == key:
                return v
        return default


def to_move(s: State) -> int | None:
    """``s.current_player``, as a plain function (the playout's hot path: no property look-up)."""
    phase = s.phase
    if phase == "commit":  # the active player commits first, then the challenged one
        field = s.field
        if field[s.active] is None:
            return s.active
        q = s.opponent
        return q if q is not None and field[q] is None else None  # None never stays: apply resolves
    if phase == "challenge":
        return s.active
    if phase == "over":
        return None
    return s.pending[0] if s.pending else None


class Draft(State):
    """A State the engine is still filling in for one action (see ``engine``): the same slots, assignable.

    Made by :func:`draft`; :func:`done` turns it into a State (its class becomes State: nothing is
    copied again).  Nobody else ever holds a draft.
    """

    __slots__ = ()
    if not TYPE_CHECKING:
        # (State is frozen; a draft is not.  Both set, so that the type's C slot is object's own, and
        # the interpreter stores into the slots directly.)
        __setattr__ = object.__setattr__
        __delattr__ = object.__delattr__


def _copy_code() -> str:
    """The source of ``copy_state``: a draft copy of a State, slot to slot, derived from State's fields."""
    lines = ["def copy_state(s):", "    d = _new(Draft)"]
    lines += [f"    d.{f.name} = s.{f.name}" for f in fields(State)]
    return "\n".join(lines + ["    return d"]) + "\n"


_NS: dict[str, Any] = {"_new": object.__new__, "Draft": Draft}
exec(compile(_copy_code(), "<kamikaze.State copy>", "exec"), _NS)  # noqa: S102 - our own generated code
copy_state = _NS["copy_state"]
set_field = object.__setattr__


def draft(s: State, **changes: Any) -> State:
    """A draft copy of ``s`` with these changes, for the engine to fill in (see :class:`Draft`)."""
    d = copy_state(s)
    for name, value in changes.items():
        set_field(d, name, value)
    return d


def done(s: State) -> State:
    """``s`` as a State: a draft becomes one (and must not be changed afterwards), who moves now stored."""
    if type(s) is Draft:
        set_field(s, "turn", to_move(s))
        set_field(s, "__class__", State)
    return s


def fast_replace(s: State, **changes: Any) -> State:
    """``dataclasses.replace`` for a State, without its field-by-field __init__."""
    return done(draft(s, **changes))


# A memo for the pure functions random playouts call on every duel: the same hands and
# cards come back again and again.  Bounded: emptied when it grows past MEMO_LIMIT.
MEMO_LIMIT = 20_000  # entries per memo (measured: under 20 MB for all of them when full)


def memo(fn: Any) -> Any:
    cache: dict = {}

    def memoized(*key: Any) -> Any:
        try:
            return cache[key]
        except KeyError:
            if len(cache) >= MEMO_LIMIT:
                cache.clear()
            value = cache[key] = fn(*key)
            return value

    memoized.__doc__ = fn.__doc__
    memoized.cache = cache  # type: ignore[attr-defined]
    return memoized


_LETTERS: dict[tuple[str, ...], str] = {}


def _letters(cards: tuple[str, ...]) -> str:
    """Cards as their letters, in the cards' order: ``("archer", "swordsman")`` -> ``"SA"`` (memoised)."""
    text = _LETTERS.get(cards)
    if text is None:
        if len(_LETTERS) >= MEMO_LIMIT:
            _LETTERS.clear()
        text = _LETTERS[cards] = "".join(LETTERS[c] for c in sort_cards(cards))
    return text


def repetition_key(s: State) -> str:
    key = (s.active, s.opponent, s.hands, s.graveyards, s.field, s.held)
    try:
        return _KEYS[key]
    except KeyError:
        if len(_KEYS) >= MEMO_LIMIT:
            _KEYS.clear()
        value = _KEYS[key] = repetition_key_of(s)
        return value


_KEYS: dict[tuple, str] = {}


def repetition_key_of(s: State) -> str:
    """Hands, graveyards, held Sappers, whose turn it is and (during a duel)
    who is challenged, in a few letters."""
    # (a miss of repetition_key's memo, most duels with 4-5 players: _letters' memo read inline, tables for
    # the turn and for no held Sapper)
    field, held, letters = s.field, s.held, _LETTERS
    hands = []
    for h, c, kept in zip(s.hands, field, held):
        if c is not None and not kept:
            h = h + (c,)  # a committed card is still the player's
        text = letters.get(h)
        hands.append(text if text is not None else _letters(h))
    graves = []
    for g in s.graveyards:
        text = letters.get(g)
        graves.append(text if text is not None else _letters(g))
    if True in held:
        sappers = "/".join(LETTERS[c] if held[p] and c is not None else "" for p, c in enumerate(field))
    else:
        sappers = _NO_SAPPERS[len(field)]
    return f"{_TURNS[(s.active, s.opponent)]}:{'/'.join(hands)}|{'/'.join(graves)}|{sappers}"


_TURNS = {(a, o): f"{a + 1}" if o is None else f"{a + 1}>{o + 1}" for a in range(5) for o in (None, *range(5))}
_NO_SAPPERS = {n: "/" * (n - 1) for n in range(2, 6)}


def last_duel_json(s: State) -> dict | None:
    if not s.last_duel:
        return None
    d = dict(s.last_duel)
    return {"players": list(d["players"]), "cards": list(d["cards"]), "outcome": d["outcome"],
            "winner": d["winner"], "duel": d["duel"],
            "taken": [{"player": p, "card": c} for p, c in d.get("taken", ())]}


# ------------------------------------------------------------ hands ----


def set_at(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def remove_card(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def add_card(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` (a hand, kept sorted) with ``card`` put in its place (memoised in ADDED)."""
    key = (cards, card)
    value = ADDED.get(key)
    if value is None:
        if len(ADDED) >= MEMO_LIMIT:
            ADDED.clear()
        value = ADDED[key] = sort_cards(cards + (card,))
    return value


ADDED: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
