"""One seeded random playout, the unit both benches measure (``benchmarks.engine`` in seconds,
``benchmarks.instructions`` in machine instructions): a registered game through the contract
(``current_player``, ``legal_actions`` listed in full, ``apply``), and OpenSpiel's
pure-Python ``python_block_dominoes`` played the same way, its chance outcomes (the deal)
counted as actions.  Game ``i`` draws its choices from ``random.Random(i)``.

Light on purpose: nothing here imports the games, so a child process measuring only
the peer stays small.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tutor.core import Game


def play_random(game: "Game", players: int, ruleset: str, seed: int) -> int:
    """Play one game with seed ``seed``, every choice at random; the number of actions applied."""
    choice = random.Random(seed).choice
    who, legal, apply = game.current_player, game.legal_actions, game.apply
    state = game.new_game(players, seed, ruleset)
    total = 0
    while who(state) is not None:
        state = apply(state, choice(legal(state)))
        total += 1
    return total


def dominoes() -> Any:
    """OpenSpiel's ``python_block_dominoes``; ImportError (or whatever OpenSpiel raises) when it is missing."""
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)

    return pyspiel.load_game("python_block_dominoes")


def play_dominoes(peer: Any, seed: int) -> int:
    """Play one ``python_block_dominoes`` game (``peer``, from :func:`dominoes`) at random; its number of actions."""
    choice = random.Random(seed).choice
    state = peer.new_initial_state()
    total = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(choice(state.chance_outcomes())[0])
        else:
            state.apply_action(choice(state.legal_actions()))
        total += 1
    return total
