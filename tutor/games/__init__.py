"""The registry of games.

>>> from tutor import games
>>> game = games.get("fire-bulls")
>>> game.name, game.min_players, game.max_players
('fire-bulls', 2, 5)
"""

from __future__ import annotations

import importlib
import importlib.util

# name -> module path; each module exposes its game object as GAME.
_REGISTRY: dict[str, str] = {
    "fire-bulls": "tutor.games.fire_bulls",
    "kamikaze-attack": "tutor.games.kamikaze",
}


def _available() -> dict[str, str]:
    found = {}
    for name, path in _REGISTRY.items():
        if importlib.util.find_spec(path) is not None:
            found[name] = path
    return found


def names() -> list[str]:
    """The names of the games the tutor knows."""
    return list(_available())


def get(name: str):
    """The game object for ``name`` (see :class:`tutor.core.Game`)."""
    paths = _available()
    if name not in paths:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(paths)}")
    return importlib.import_module(paths[name]).GAME
