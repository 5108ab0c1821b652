"""Bots: players the tutor can seat at any game.

A bot is anything with ``choose(game, state) -> action``.  Bots know only the
contract of :class:`tutor.core.Game`: who is to decide is
``game.current_player(state)``, never a field of the state.  A bot may also
``observe(game, before, action, after)``: whoever runs a game (:func:`play`,
the shell, a game's bench) tells every seated bot each action taken, anyone's,
through :func:`tell`, so a bot can remember what the table has seen between
its own decisions (a bot without the method is simply not told).  They take their
chance from the position itself (through :func:`bot_rng`), so a game between
bots replays exactly.

>>> from tutor import games, bots
>>> g = games.get("fire-bulls")
>>> s = g.new_game(3, seed=7)
>>> a = bots.get("greedy").choose(g, s)
>>> a in g.legal_actions(s)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

if TYPE_CHECKING:
    from tutor.core import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, state: Any) -> Any: ...


def tell(seats: Sequence[Any], game: Game, before: Any, action: Any, after: Any) -> None:
    """Tell each bot in ``seats`` (once, however many seats it holds) that ``action`` took ``before`` to ``after``:
    the bots with an ``observe`` method remember what they may (what the table saw; the rest is theirs to
    ignore), the others are not told.

    >>> seen = []
    >>> class Watcher:
    ...     name = "watcher"
    ...     def observe(self, game, before, action, after): seen.append(action)
    >>> w = Watcher()
    >>> tell([w, GreedyBot(), w], None, 0, "a move", 1)
    >>> seen
    ['a move']
    """
    told: set[int] = set()
    for bot in seats:
        hook = getattr(bot, "observe", None)
        if hook is None or id(bot) in told:
            continue
        told.add(id(bot))
        hook(game, before, action, after)


def bot_rng(game: Game, state: Any, salt: str) -> random.Random:
    """A generator seeded by the position itself: same position, same choice."""
    return random.Random(f"{salt}|{game.position_key(state)}")


class RandomBot:
    """Plays a legal action chosen uniformly at random."""

    name = "random"

    def choose(self, game: Game, state: Any) -> Any:
        actions = game.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        return bot_rng(game, state, self.name).choice(actions)


class GreedyBot:
    """Plays the action that gains the most points now; ties broken by the seed.

    What "points now" means is the game's ``greedy_value(state, action)``
    (by default the mover's score gained by the action).
    """

    name = "greedy"

    def choose(self, game: Game, state: Any) -> Any:
        actions = game.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        rng = bot_rng(game, state, self.name)
        best: list[Any] = []
        best_value = None
        for action in actions:
            v = game.greedy_value(state, action)
            if best_value is None or v > best_value:
                best, best_value = [action], v
            elif v == best_value:
                best.append(action)
        return rng.choice(best)


# name -> (factory, the games it plays; None: every game)
_BOTS: dict[str, tuple[Callable[[], Any], tuple[str, ...] | None]] = {
    "random": (RandomBot, None),
    "greedy": (GreedyBot, None),
}


class PerGame:
    """One bot name played by each game's own bot (e.g. "search": every game that has one registers its own);
    ``last`` is what the bot that chose last says about its choice."""

    def __init__(self, name: str, factories: dict[str, Callable[[], Any]]):
        self.name = name
        self.factories = factories
        self.bots: dict[str, Any] = {}
        self.last: dict[str, Any] = {}

    def choose(self, game: Game, state: Any) -> Any:
        if game.name not in self.bots:
            if game.name not in self.factories:
                raise ValueError(f"bot {self.name!r} does not play {game.name}")
            self.bots[game.name] = self.factories[game.name]()
        bot = self.bots[game.name]
        action = bot.choose(game, state)
        self.last = getattr(bot, "last", {})
        return action

    def observe(self, game: Game, before: Any, action: Any, after: Any) -> None:
        """Told to the game's own bot (made now if need be, so it sees the game from the start)."""
        if game.name in self.factories:
            if game.name not in self.bots:
                self.bots[game.name] = self.factories[game.name]()
            tell([self.bots[game.name]], game, before, action, after)


def register(name: str, factory: Callable[[], Any], games: tuple[str, ...] | None = None) -> None:
    """Add a bot; ``games`` limits it to those games (e.g. an exact coach).  A name already registered for
    other games keeps them: each game gets its own bot under the one name (see :class:`PerGame`)."""
    old = _BOTS.get(name)
    if games and old is not None and old[1] and not set(old[1]) & set(games):
        factories = dict(_PER_GAME.get(name) or {g: old[0] for g in old[1]})
        factories.update({g: factory for g in games})
        _PER_GAME[name] = factories
        _BOTS[name] = (lambda: PerGame(name, factories), tuple(factories))
        return
    _PER_GAME.pop(name, None)
    _BOTS[name] = (factory, tuple(games) if games else None)


_PER_GAME: dict[str, dict[str, Callable[[], Any]]] = {}


def names(game: str | None = None) -> list[str]:
    """The bots that can sit at ``game`` (every bot when no game is named).

    >>> "random" in names("fire-bulls") and "greedy" in names("fire-bulls")
    True
    """
    return [n for n, (_, only) in _BOTS.items() if game is None or only is None or game in only]


def get(name: str) -> Any:
    if name not in _BOTS:
        raise KeyError(f"unknown bot {name!r}; known bots: {', '.join(_BOTS)}")
    return _BOTS[name][0]()


def play(game: Game, state: Any, seats: Sequence[Any], max_actions: int | None = None) -> tuple[Any, list[Any]]:
    """Play to the end with one bot per seat; returns (final state, actions).

    The seat to move is ``game.current_player(state)`` (a decision out of turn
    is that seat's bot's too; every bot is told each action, :func:`tell`); RuntimeError after ``max_actions`` actions
    (default: the game's own bound, ``game.info.max_actions``).
    """
    limit = game.info.max_actions if max_actions is None else max_actions
    actions: list[Any] = []
    while (seat := game.current_player(state)) is not None:
        if len(actions) >= limit:
            raise RuntimeError(f"game did not end within {limit} actions")
        action = seats[seat].choose(game, state)
        before, state = state, game.apply(state, action)
        tell(seats, game, before, action, state)
        actions.append(action)
    return state, actions
