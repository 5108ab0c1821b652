"""Tir Nan Og Wars (Alessandro Zucchini), 2-4 players, from the Italian rulebook 004.

The package, by concern: ``cards`` (the species and territory data, rule ids),
``state``, ``actions`` (frozen values worded as the rulebook says them),
``engine`` (setup, legality, actions, powers, the end), ``payments`` (what a
hand pays, the tables the listing looks up), ``views`` (each seat's view, the
worlds a bot imagines, the bots' key), ``dispute`` (the fountain dispute),
``scoring`` (territory points, temple, volcano, the winner), ``scenario``
(files and arranged positions), ``words`` (the catalog), ``examples``,
``game`` (the game object), ``search`` (the search bot and its hints), ``hints``
(why a move is good, from the fact on the board the seat sees) and ``duel``
(the search bot against greedy, ``python -m tutor.games.tir_nan_og``).

>>> dispute({0: ["griffin"] * 3 + ["elf"], 1: ["centaur"] * 3 + ["griffin"] * 2})
1
>>> temple(0, {0: 8, 1: 9, 2: 5}), volcano({0: 1, 1: 1, 2: 3})
({0: 2, 1: 3, 2: 0}, {0: 3, 1: 3, 2: 0})
>>> territory_points("river"), territory_points("temple", face_up=False)
(3, 0)
>>> s = GAME.new_game(3, seed=1)
>>> GAME.decision(s), len(GAME.view(s, 0)["display"])
('turn', 5)
"""

from __future__ import annotations

from .actions import Action, Consolidate, Discard, Join, Pass, StayOut, TakeCreatures, TakeTerritory, parse
from .cards import KINDS, SPECIES, TERRITORIES
from .dispute import dispute, majorities
from .game import GAME, TirNanOg
from .scenario import scenario
from .scoring import temple, territory_points, volcano
from .state import State
from .search import SearchBot, hint
from tutor import bots as _bots

_bots.register("search", SearchBot, games=("tir-nan-og",))

__all__ = [
    "GAME", "TirNanOg", "State", "Action", "TakeCreatures", "TakeTerritory", "Consolidate", "Join", "StayOut",
    "Discard", "Pass", "parse", "dispute", "majorities", "temple", "volcano", "territory_points", "scenario",
    "KINDS", "SPECIES", "TERRITORIES", "SearchBot", "hint",
]
