"""Formula E (Faidutti, Halaban, Zatz), the elephant race for 3-6 players, from the Italian rulebook 002.

The package, by concern: ``track`` (the board sides as text maps, a
reconstruction), ``cards`` (the deck manifest, a reconstruction), ``state``,
``actions`` (frozen values worded as the rulebook says them), ``movement``
(steps, pushes, the Rat, the cows, as pure functions), ``base`` (rule ids,
copying a state, the narrator), ``legal`` (the legal actions), ``drawing``
(the draw and the reshuffle), ``reading`` (progress, views, hidden cards),
``engine`` (setup, apply: every card's effect, the Tiger window), ``scenario``
(files), ``words`` (the catalog), ``examples``, ``game`` (the game object),
``search`` (the search bot and its hint), ``hints`` (the fact on the board a hint names, from the seat's
view) and ``duel`` (measuring the search bot).

>>> s = GAME.new_game(4, seed=1)
>>> GAME.decision(s), len(GAME.legal_actions(s)), positions(s)["rat"]
('place', 6, 'b3')
"""

from __future__ import annotations

from tutor import bots as _bots

from .actions import (Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Place, Play, PlayPair, RatTo, Steal,
                      StopCows, Take, parse)
from .engine import preview
from .game import GAME, FormulaE
from .reading import positions, progress
from .search import SearchBot, hint
from .state import State
from .track import TRACKS, Track, cell_name, parse_cell

_bots.register("search", SearchBot, games=("formula-e",))

__all__ = [
    "GAME", "FormulaE", "State", "Track", "TRACKS", "positions", "preview", "progress", "parse", "cell_name",
    "parse_cell", "SearchBot", "hint",
    "Place", "Play", "PlayPair", "Discard", "EndTurn", "Cancel", "Allow", "Move", "RatTo", "CowStep",
    "StopCows", "Steal", "Take", "Give",
]
