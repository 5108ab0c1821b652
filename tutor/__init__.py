"""rules-tutor: the rules of tabletop games, as a pure-Python engine.

>>> from tutor import games
>>> "fire-bulls" in games.names()
True
"""

from tutor.core import (
    ActionParseError,
    Event,
    Example,
    IllegalAction,
    Quote,
    Rule,
    RuleBook,
    ScenarioError,
    Step,
)

__all__ = [
    "ActionParseError",
    "Event",
    "Example",
    "IllegalAction",
    "Quote",
    "Rule",
    "RuleBook",
    "ScenarioError",
    "Step",
]
__version__ = "0.1.0"
