"""The errors every game raises, as values a panel can show (imports nothing of the tutor).

>>> err = IllegalAction("fire-bulls/attack/order", "attack the nearest card first")
>>> isinstance(err, ValueError), err.rule
(True, 'fire-bulls/attack/order')
>>> ScenarioError("hands[0]", "expected a list of cards").field
'hands[0]'
"""

from __future__ import annotations

__all__ = ["IllegalAction", "ActionParseError", "ScenarioError"]


class IllegalAction(ValueError):
    """An action the rules forbid.  ``.rule`` is the id of the broken rule.

    ``template`` and ``params``, when given, let a game render the message in
    another language (see :class:`Messages`); ``message`` is the English text.
    """

    def __init__(self, rule: str, message: str, template: str = "", params: dict | None = None):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.template = template
        self.params = dict(params or {})

    def __str__(self) -> str:  # the plain-words message, without the id
        return self.message


class ActionParseError(IllegalAction):
    """Action text that does not name any action of the game."""


class ScenarioError(ValueError):
    """A scenario file that cannot be loaded.  ``.field`` names the bad field."""

    MAX_CHARS = 300  # str(error) is always shorter

    def __init__(self, field: str, message: str, template: str = "", params: dict | None = None):
        """
        >>> len(str(ScenarioError("hands", "x" * 10**6))) < ScenarioError.MAX_CHARS
        True
        """
        field = field if len(field) <= 80 else field[:77] + "..."
        if len(message) > self.MAX_CHARS - len(field) - 3:
            message = message[: self.MAX_CHARS - len(field) - 6] + "..."
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.template = template
        self.params = dict(params or {})
