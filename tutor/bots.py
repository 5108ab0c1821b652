"""Bots: players the tutor can seat at any game.

A bot is anything with ``choose(game, state) -> action``.  Bots take their
chance from the state's own seed (through :func:`bot_rng`), so a game between
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
from typing import Any, Callable, Protocol


class Bot(Protocol):
    name: str

    def choose(self, game: Any, state: Any) -> Any: ...


def bot_rng(game: Any, state: Any, salt: str) -> random.Random:
    """A generator seeded by the state itself: same position, same choice."""
    key = getattr(game, "position_key", None)
    token = key(state) if key else game.to_json(state)
    return random.Random(f"{salt}|{token}")


class RandomBot:
    """Plays a legal action chosen uniformly at random."""

    name = "random"

    def choose(self, game: Any, state: Any) -> Any:
        actions = game.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        return bot_rng(game, state, self.name).choice(actions)


class GreedyBot:
    """Plays the action that gains the most points now; ties broken by the seed.

    A game may define ``greedy_value(state, action) -> float`` to say what
    "points now" means for it; otherwise the bot compares scores after the
    action.
    """

    name = "greedy"

    def choose(self, game: Any, state: Any) -> Any:
        actions = game.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        value: Callable[[Any, Any], float] | None = getattr(game, "greedy_value", None)
        if value is None:
            player = state.current_player
            before = game.scores(state)[player]

            def value(s: Any, a: Any) -> float:
                return game.scores(game.apply(s, a))[player] - before

        rng = bot_rng(game, state, self.name)
        best: list[Any] = []
        best_value = None
        for action in actions:
            v = value(state, action)
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


def register(name: str, factory: Callable[[], Any], games: tuple[str, ...] | None = None) -> None:
    """Add a bot; ``games`` limits it to those games (e.g. an exact coach)."""
    _BOTS[name] = (factory, tuple(games) if games else None)


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


def play(game: Any, state: Any, seats: list[Any], max_actions: int = 100_000) -> tuple[Any, list[Any]]:
    """Play to the end with one bot per seat; returns (final state, actions)."""
    actions = []
    while not game.is_over(state):
        if len(actions) >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        action = seats[state.current_player].choose(game, state)
        state = game.apply(state, action)
        actions.append(action)
    return state, actions
