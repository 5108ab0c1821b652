"""The interface every game in the tutor shares, re-exported from its modules.

- :mod:`tutor.core.errors`: ``IllegalAction``, ``ActionParseError``, ``ScenarioError``;
- :mod:`tutor.core.rules`: ``Quote``, ``Rule``, ``RuleBook``, ``Event``, ``Step``, ``Example``;
- :mod:`tutor.core.game`: the contract ``Game``, with ``GameInfo`` and ``GoalKind``;
- :mod:`tutor.core.words`: the word catalogs (``Catalog``, ``Messages``, ``Words``);
- :mod:`tutor.core.scenario_io`: reading scenario files (``ScenarioReader``, ``parse_json_object``).

Imports go one way: errors <- scenario_io, rules <- words <- game.  ``from tutor.core import X``
works for every name below.

>>> err = IllegalAction("fire-bulls/attack/order", "attack the nearest card first")
>>> isinstance(err, ValueError), err.rule
(True, 'fire-bulls/attack/order')
"""

from tutor.core.errors import ActionParseError, IllegalAction, ScenarioError
from tutor.core.game import LESSON, Game, GameInfo, GoalKind
from tutor.core.rules import Event, Example, Quote, Rule, RuleBook, Step, french_spacing, plain_math
from tutor.core.scenario_io import FORMAT, ScenarioReader, check_header, dump_json, parse_json_object, short
from tutor.core.words import (Catalog, Count, Messages, Words, core_catalog, counted, finish_text, load_json_data,
                              seat_articles)

__all__ = [
    "IllegalAction",
    "ActionParseError",
    "ScenarioError",
    "Quote",
    "Rule",
    "RuleBook",
    "Event",
    "Step",
    "Example",
    "Game",
    "GameInfo",
    "GoalKind",
    "Messages",
    "Catalog",
    "Words",
    "Count",
    "ScenarioReader",
    "load_json_data",
    "core_catalog",
    "counted",
    "finish_text",
    "french_spacing",
    "seat_articles",
    "parse_json_object",
    "check_header",
    "dump_json",
    "short",
    "plain_math",
    "FORMAT",
    "LESSON",
]
