"""Kamikaze Attack (Francis Green): the base game, its expansion, an exact coach.

The package, by concern: ``cards`` (cards, decks, rule ids, the duel table),
``actions`` (actions and their words), ``state`` (a position and its hands),
``stalemate`` (whether anything can still change), ``duels`` (a duel, its
outcome, the next turn and the end), ``engine`` (legality: new games, legal
actions, applying them), ``seat`` (what a seat may see, the bots' keys and
guesses), ``scenario`` (scenario files), ``game`` (the game object),
``coaching`` (the exact coach), ``examples`` (worked examples) and ``data/``
(the rules with their rulebook quotes).

Every player holds a six-card deck.  In each duel two players secretly set a
card aside, reveal them together, and the duel table (:func:`duel`) says where
each card goes: back to its hand, into a graveyard, or (a beaten Sapper) onto
the field.  The player with the most cards in their graveyard wins.

Simultaneous choices are modelled one player at a time, as OpenSpiel does:
the duelists commit in turn (``state.current_player`` is whoever must commit
next), a committed card lies face down in the field and ``view`` hides it from
everyone else; when both duelists have committed, ``apply`` reveals both and
resolves the duel (``explain`` narrates it).

>>> from tutor.games import kamikaze as k
>>> k.duel("swordsman", "archer")
('hand', 'opponent')
>>> k.duel("kamikaze", "kamikaze")
('opponent', 'opponent')
>>> g = k.GAME
>>> s = g.new_game(2, seed=1)
>>> s.current_player
0
>>> s = g.apply(s, g.parse_action(s, "play the Archer"))
>>> g.view(s, 1)["field"], g.view(s, 0)["field"]
(['hidden', None], ['archer', None])
>>> s = g.apply(s, g.parse_action(s, "play the Shieldbearer"))
>>> g.scores(s), s.last("outcome")
([1, 0], 'win')
"""

from __future__ import annotations

from tutor import bots as _bots

from .actions import Action, Challenge, Decline, Keep, Play, PlayOn, Stop, Swap, TakeBack, parse
from .cards import (
    BASE_CARDS,
    CARDS,
    DECK_TITLES,
    DECKS,
    EXPANSION_DECKS,
    GAME_NAME,
    ITALIAN,
    LETTERS,
    LIKE,
    NAMES,
    ORDER,
    RULEBOOK_FILE,
    R,
    card_rule,
    clash,
    duel,
    sort_cards,
)
from .coaching import CoachBot, coach, solve_matrix
from .duels import scores, winners
from .engine import apply, explain, is_over, legal_actions, new_game, parse_action
from .game import GAME, KamikazeAttack
from .scenario import from_json, scenario, state_from_dict, to_json
from .seat import greedy_value, position_key, view
from .stalemate import dead
from .state import ENDS, PHASES, REPETITION_LIMIT, State, repetition_key

_bots.register("coach", CoachBot, games=("kamikaze-attack",))

__all__ = [
    "Action",
    "BASE_CARDS",
    "CARDS",
    "Challenge",
    "CoachBot",
    "DECKS",
    "DECK_TITLES",
    "Decline",
    "ENDS",
    "EXPANSION_DECKS",
    "GAME",
    "GAME_NAME",
    "ITALIAN",
    "KamikazeAttack",
    "Keep",
    "LETTERS",
    "LIKE",
    "NAMES",
    "ORDER",
    "PHASES",
    "Play",
    "PlayOn",
    "R",
    "REPETITION_LIMIT",
    "RULEBOOK_FILE",
    "State",
    "Stop",
    "Swap",
    "TakeBack",
    "apply",
    "card_rule",
    "clash",
    "coach",
    "dead",
    "duel",
    "explain",
    "from_json",
    "greedy_value",
    "is_over",
    "legal_actions",
    "new_game",
    "parse",
    "parse_action",
    "position_key",
    "repetition_key",
    "scenario",
    "scores",
    "solve_matrix",
    "sort_cards",
    "state_from_dict",
    "to_json",
    "view",
    "winners",
]
