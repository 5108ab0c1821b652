"""A Kamikaze Attack position and its repetition key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import LETTERS, sort_cards

PHASES = ("challenge", "commit", "familiar", "cleric", "over")
ENDS = ("", "empty-hand", "stalemate", "repetition")
REPETITION_LIMIT = 3  # the same duel ending in the same position a third time ends the game



@dataclass(frozen=True)
class State:
    """A position of Kamikaze Attack.  Immutable; players are numbered from 0.

    ``field[p]`` is the card player p has in play: a card committed for the
    current duel (face down while ``hidden[p]``) or a beaten Sapper that stays
    (``held[p]``).  ``active`` is the player whose turn it is (who picks the
    opponent with three or more players); ``opponent`` the other duelist.
    ``pending`` lists the players who still have a decision after the reveal
    (Familiar swap) or after a retreat (Cleric).  ``positions`` counts the
    duels fought, each by :func:`_duel_entry` (the position it ended in, who
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

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """Who must act now (None once the game is over)."""
        phase = self.phase
        if phase == "commit":  # the active player commits first, then the challenged one
            field = self.field
            if field[self.active] is None:
                return self.active
            q = self.opponent
            return q if q is not None and field[q] is None else None  # None never stays: apply resolves
        if phase == "challenge":
            return self.active
        if phase == "over":
            return None
        return self.pending[0] if self.pending else None

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


def fast_replace(s: State, **changes: Any) -> State:
    """``dataclasses.replace`` for a State, without its field-by-field __init__ (apply's hot path)."""
    new = object.__new__(State)
    fields = new.__dict__
    fields.update(s.__dict__)
    fields.update(changes)
    return new


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


def _position_key(s: State) -> str:
    key = (s.active, s.opponent, s.hands, s.graveyards, s.field, s.held)
    try:
        return _KEYS[key]
    except KeyError:
        if len(_KEYS) >= MEMO_LIMIT:
            _KEYS.clear()
        value = _KEYS[key] = _position_key_of(s)
        return value


_KEYS: dict[tuple, str] = {}


def _position_key_of(s: State) -> str:
    """Hands, graveyards, held Sappers, whose turn it is and (during a duel)
    who is challenged, in a few letters."""
    field, held = s.field, s.held
    hands = []
    for h, c, kept in zip(s.hands, field, held):
        hands.append(_letters(h if c is None or kept else h + (c,)))  # a committed card is still the player's
    graves = "/".join(map(_letters, s.graveyards))
    sappers = "/".join(LETTERS[c] if held[p] and c is not None else "" for p, c in enumerate(field))
    turn = f"{s.active + 1}" if s.opponent is None else f"{s.active + 1}>{s.opponent + 1}"
    return f"{turn}:{'/'.join(hands)}|{graves}|{sappers}"


def _duel_entry(s: State, cards: tuple[str, str], changed: bool) -> str:
    """How a duel is counted: the position it ended in with its duelists (``s``
    before the turn passes), "~" when it changed nothing (a retreat, no power
    used) or "=" otherwise, then the active player's card and the challenged
    player's, e.g. ``"1>2:SSHHAK/SSHHAK||/~SH"``."""
    return _position_key(s) + ("=" if changed else "~") + LETTERS[cards[0]] + LETTERS[cards[1]]


def _count(s: State, key: str) -> int:
    for k, n in s.positions:
        if k == key:
            return n
    return 0



def _last_duel_json(s: State) -> dict | None:
    if not s.last_duel:
        return None
    d = dict(s.last_duel)
    return {"players": list(d["players"]), "cards": list(d["cards"]), "outcome": d["outcome"],
            "winner": d["winner"], "duel": d["duel"],
            "taken": [{"player": p, "card": c} for p, c in d.get("taken", ())]}
