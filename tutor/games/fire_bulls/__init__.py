"""Fire Bulls (Shao-Ying Chen), 2-5 players, under the Italian ("it", file 000)
and French ("fr", file 001) rulebooks.

The package, by concern: ``cards`` (notation, symbols, names), ``words``
(narration and refusals in three languages), ``payment``, ``scoring``,
``actions``, ``state``, ``engine`` (the rule machinery), ``scenario`` (files
and arranged positions), ``examples`` and ``game`` (the game object).

>>> attack_path(1), attack_path(2), attack_path(5)
(['G', 'E', 'C'], ['G', 'D', 'A'], ['I', 'E', 'A'])
>>> can_pay("xi:white", ["green", "green", "warrior"], "fr")
True
>>> can_pay("xi:white", ["yellow", "red", "blue"], "fr")
False
>>> s = GAME.new_game(3, seed=1)
>>> GAME.apply(s, Action.draw()).current_player
1
"""

from __future__ import annotations

from dataclasses import replace

from tutor.games.fire_bulls.actions import Action, action_text, attack_path
from tutor.games.fire_bulls.cards import (
    NAMES,
    TEXT,
    COLOURS,
    EXHAUSTIONS_TO_END,
    HAND_LIMIT,
    LANGS,
    NAME,
    PILE_SIZE,
    QI_KINDS,
    RULESETS,
    SLOTS,
    NotationError,
    card_from_name,
    card_kind,
    card_name,
    colour_name,
    face_value,
    parse_card,
    parse_qi,
    qi_name,
    rid,
    symbols,
)
from tutor.games.fire_bulls.game import GAME, FireBulls
from tutor.games.fire_bulls.words import MESSAGES, Who, message
from tutor.games.fire_bulls.payment import can_pay
from tutor.games.fire_bulls.scenario import arrange
from tutor.games.fire_bulls.scoring import PileScore, score_pile, winners
from tutor.games.fire_bulls.state import State

__all__ = [
    "COLOURS",
    "EXHAUSTIONS_TO_END",
    "GAME",
    "HAND_LIMIT",
    "LANGS",
    "MESSAGES",
    "NAME",
    "PILE_SIZE",
    "QI_KINDS",
    "RULESETS",
    "SLOTS",
    "NAMES",
    "TEXT",
    "Action",
    "FireBulls",
    "NotationError",
    "PileScore",
    "State",
    "Who",
    "card_from_name",
    "action_text",
    "arrange",
    "attack_path",
    "can_pay",
    "card_kind",
    "card_name",
    "colour_name",
    "face_value",
    "message",
    "parse_card",
    "parse_qi",
    "qi_name",
    "replace",
    "rid",
    "score_pile",
    "symbols",
    "winners",
]
