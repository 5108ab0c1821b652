"""Fire Bulls words: narration and refusal templates rendered in English, Italian and French."""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.core import Catalog, IllegalAction, ScenarioError, core_catalog
from tutor.games.fire_bulls.cards import (
    NAMES,
    TEXT,
    NotationError,
    card_name,
    colour_name,
    qi_name,
)


class Who(NamedTuple):
    """A player as narration names them: seat index and pawn colour."""

    seat: int
    colour: str

    def __str__(self) -> str:
        return param("who", self, "en")


def param(name: str, value: Any, lang: str) -> str:
    names = NAMES[lang]
    if isinstance(value, Who):
        return names["player"].format(n=value.seat + 1, colour=colour_name(value.colour, lang))
    if name in ("card", "named"):
        return card_name(value, lang)
    if name == "qi":
        return qi_name(value, lang)
    if name in ("payment", "shown", "symbols", "hand"):
        return ", ".join(qi_name(c, lang) for c in value) if value else names["nothing"]
    if name == "diff":
        missing, extra = value
        parts = []
        for label, items in ((names["missing"], missing), (names["too_many"], extra)):
            if items:
                parts.append(f"{label} " + ", ".join(f"{n} x {c}" for c, n in items))
        return "; ".join(parts)
    if name == "dirs":
        return f" {names['or']} ".join(str(d) for d in value)
    return str(value)


#: the game's catalog (data/messages.json), falling back to the core catalog for shared file errors
CATALOG = Catalog(TEXT, param, fallback=core_catalog())
MESSAGES = CATALOG.messages


def illegal(rule: str, template: str, cls: type = IllegalAction, **params: Any) -> IllegalAction:
    """An IllegalAction (or ActionParseError) whose message can be shown in any language."""
    return cls(rule, MESSAGES.render(template, params), template=template, params=params)


def bad(field: str, template: str, **params: Any) -> ScenarioError:
    """A ScenarioError whose reason can be shown in any language."""
    return ScenarioError(field, MESSAGES.render(template, params), template=template, params=params)


def bad_notation(field: str, exc: ValueError) -> ScenarioError:
    """A ScenarioError for a card the notation does not know."""
    if isinstance(exc, NotationError):
        return bad(field, exc.template, **exc.params)
    return bad(field, "{why}", why=str(exc))


def message(error_or_event: Any, lang: str = "en") -> str:
    """An engine error or narration event in ``lang`` ("en", "it" or "fr").

    >>> from tutor.core import Event
    >>> message(Event("r", "x", template="{Who} ends the attack.", data=(("who", Who(1, "red")),)), "it")
    "Giocatore 2 (rosso) termina l'attacco."
    """
    return CATALOG.message(error_or_event, lang)
