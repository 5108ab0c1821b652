"""Why a Fire Bulls move is good, from what the seat sees: the card an attack takes, the card a
Qi card from the reserve lets the seat pay (the game's :meth:`hint_reason`, used by tutor.hints)."""

from __future__ import annotations

from typing import Any

from tutor.games.fire_bulls.cards import SLOTS, face_value, next_target
from tutor.games.fire_bulls.payment import hand_counts, payments_for
from tutor.games.fire_bulls.words import CATALOG

__all__ = ["hint_reason"]

RULE_PAY = "fire-bulls/pay/exact"
RULE_PILE = "fire-bulls/attack/victory-pile"


def hint_reason(game: Any, state: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
    """(sentence, rule id) naming the Yen card on the board the move is about, or None."""
    view = game.view(state, seat)
    slots = [view["rows"].get(s) for s in SLOTS]
    move = game.action_text(action, lang)
    move = move[:1].upper() + move[1:]
    if action.kind == "attack":
        at = next_target(slots, action.direction)
        if at is None:
            return None
        card = slots[at]
        return (_say("{move}: it takes the {card}, worth {points} points ({rule}).", lang, game, RULE_PILE,
                     move=move, card=card, points=face_value(card)), RULE_PILE)
    if action.kind == "take" and action.card:
        hand = list(view["hands"][seat] or [])
        for direction in range(1, 6):
            at = next_target(slots, direction)
            if at is None:
                continue
            card = slots[at]
            if _pays(card, hand + [action.card], view["ruleset"]) and not _pays(card, hand, view["ruleset"]):
                return (_say("{move}: with it you can pay the {card} in direction {direction} ({rule}).", lang, game,
                             RULE_PAY, move=move, card=card, direction=direction), RULE_PAY)
    return None


def _pays(card: str, hand: list[str], ruleset: str) -> bool:
    """Some of these Qi cards pay for this Yen card."""
    return bool(payments_for(card, ruleset, hand_counts(tuple(hand))))


def _say(template: str, lang: str, game: Any, rule: str, **params: Any) -> str:
    return CATALOG.render(template, dict(params, rule=game.rules[rule].wording(lang)[0]), lang)
