"""The registry of games: the one place that lists them.

The landing page, every game's page and the conformance suite take the list
from here, so a new game is its package, its page declaration and one line
below.

>>> from tutor import games
>>> game = games.get("fire-bulls")
>>> game.name, game.min_players, game.max_players
('fire-bulls', 2, 5)
>>> games.entry("kamikaze-attack").notebook
'kamikaze_attack.ipynb'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.core import Game


@dataclass(frozen=True)
class Entry:
    """A registered game: its engine package, its page module and its notebook."""

    name: str
    module: str  # exposes the game object as GAME
    page: str  # the widgets module that declares its page (``PAGE``)
    notebook: str  # under notebooks/


_REGISTRY: tuple[Entry, ...] = (
    Entry("fire-bulls", "tutor.games.fire_bulls", "widgets.games.fire_bulls", "fire_bulls.ipynb"),
    Entry("kamikaze-attack", "tutor.games.kamikaze", "widgets.games.kamikaze", "kamikaze_attack.ipynb"),
    Entry("tir-nan-og", "tutor.games.tir_nan_og", "widgets.games.tir_nan_og", "tir_nan_og.ipynb"),
    Entry("formula-e", "tutor.games.formula_e", "widgets.games.formula_e", "formula_e.ipynb"),
)
_BY_NAME = {e.name: e for e in _REGISTRY}


def names() -> list[str]:
    """The names of the games the tutor knows, in the order pages list them."""
    return [e.name for e in _REGISTRY]


def entries() -> list[Entry]:
    return list(_REGISTRY)


def entry(name: str) -> Entry:
    if name not in _BY_NAME:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_BY_NAME)}")
    return _BY_NAME[name]


def get(name: str) -> "Game":
    """The game object for ``name`` (see :class:`tutor.core.Game`)."""
    return importlib.import_module(entry(name).module).GAME
