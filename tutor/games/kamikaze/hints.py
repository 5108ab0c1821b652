"""Why a Kamikaze Attack move is good, from what the seat sees (the game's :meth:`hint_reason`, used by
tutor.hints, and the words of the exact coach's advice): one sentence naming the cards on the field,
what the rival revealed or may still hold, the graveyards, and the duel rule that decides.

What a rival may hold is what the seat cannot see: every card of the decks in play, less the seat's
own hand, the graveyards (face up) and the cards on the field the seat sees (:func:`unseen`).  With
two players that is exactly the rival's hand and face-down card; with more, the rivals share it.
Only the seat's own view is read, so another seat's hidden cards never change what is said.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .actions import Challenge, Decline, Keep, Play, PlayOn, Stop, Swap, TakeBack
from .cards import (
    DECKS,
    ORDER,
    RULE_CHALLENGE,
    RULE_CLERIC,
    RULE_EMPTY,
    RULE_MOST,
    RULE_REPEAT,
    card_rule,
    clash,
)

__all__ = ["hint_reason", "unseen", "rival_of"]

# worst to best, for the player of the first card: its result against the second
_RANK = {"b": 0, "both": 1, "retreat": 2, "a": 3}


def unseen(view: dict, seat: int) -> list[str]:
    """The cards ``seat`` cannot see (in the other hands or face down), in card order: every card of the
    decks in play less the seat's hand, the graveyards and the cards on the field it sees.

    >>> from tutor.games import kamikaze as k
    >>> s = k.scenario([["archer", "swordsman"], ["kamikaze", "shieldbearer"]],
    ...                [["swordsman", "shieldbearer", "shieldbearer"],
    ...                 ["swordsman", "swordsman", "shieldbearer", "archer", "kamikaze"]])
    >>> unseen(k.GAME.view(s, 0), 0)
    ['shieldbearer', 'kamikaze']
    """
    left = Counter(c for deck in view["decks"] for c in DECKS[deck])
    left.subtract(view["hands"][seat] or [])
    for grave in view["graveyards"]:
        left.subtract(grave)
    for card in view["field"]:
        if card is not None and card != "hidden":
            left[card] -= 1
    return sorted(left.elements(), key=ORDER.__getitem__)


def rival_of(view: dict, seat: int) -> int | None:
    """The other duelist of the duel under way (None when no duel is)."""
    active, opponent = view["active"], view["opponent"]
    if opponent is None:
        return None
    return opponent if seat == active else active


def hint_reason(game: Any, state: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
    """(sentence, rule id) naming what on the table makes ``action`` good for ``seat``, or None."""
    view = game.view(state, seat)
    said = _REASONS.get(type(action))
    if said is None:
        return None
    found = said(view, seat, action)
    if found is None:
        return None
    template, rule, params = found
    move = game.action_text(action, lang)
    params = dict(params, move=move, rule=game.rules[rule].wording(lang)[0])
    return game.catalog.render(template, params, lang), rule


#: a reason before it is worded: (English template, rule id, its parameters), or None
Said = tuple[str, str, dict] | None


def _play(view: dict, seat: int, a: Play) -> Said:
    rival = rival_of(view, seat)
    if rival is None:
        return None
    card = a.card
    shown = view["field"][rival]
    if shown is not None and shown != "hidden":  # a Sapper that stays on the field fights this duel
        return _against(card, shown, rival, "{Move}: the {other_card} of {opponent} fights this duel on the field")
    theirs = unseen(view, seat)
    if not theirs:
        return None
    kinds = sorted(set(theirs), key=ORDER.__getitem__)
    beaters = [b for b in kinds if clash(card, b) == "b"]
    worst = min(kinds, key=lambda b: (_RANK[clash(card, b)], ORDER[b]))
    two = view["players"] == 2
    if not beaters:
        template = ("{Move}: they hold {cards}, and none of them beats the {card} ({rule})." if two else
                    "{Move}: none of the cards you cannot see ({cards}) beats the {card} ({rule}).")
        return template, card_rule(card, worst), {"cards": kinds, "card": card, "opponent": rival}
    template = ("{Move}: they hold {cards}, and only the {others} {n:beats|beat} the {card} ({rule})." if two else
                "{Move}: of the cards you cannot see ({cards}), only the {others} {n:beats|beat} the {card} ({rule}).")
    return template, card_rule(card, beaters[0]), {"cards": kinds, "others": beaters, "n": len(beaters),
                                                   "card": card, "opponent": rival}


def _against(card: str, other: str, rival: int, head: str) -> Said:
    """``card`` against a card the seat sees: who wins, by the duel table's rule."""
    tail = {"a": ", and the {card} beats it ({rule}).", "retreat": ", and it and the {card} retreat ({rule}).",
            "both": ", and it and the {card} both fall ({rule}).", "b": ", and it beats the {card} ({rule})."}
    return head + tail[clash(card, other)], card_rule(card, other), {"card": card, "other_card": other,
                                                                       "opponent": rival}


def _revealed(view: dict, seat: int, card: str) -> Said:
    rival = rival_of(view, seat)
    other = view["field"][rival] if rival is not None else None
    if rival is None or other is None or other == "hidden":
        return None
    return _against(card, other, rival, "{Move}: {opponent} revealed the {other_card}")


def _swap(view: dict, seat: int, a: Swap) -> Said:
    return _revealed(view, seat, a.card)


def _keep(view: dict, seat: int, a: Keep) -> Said:
    return _revealed(view, seat, "familiar")


def _take_back(view: dict, seat: int, a: TakeBack) -> Said:
    rival = rival_of(view, seat)
    if rival is None:
        return None
    grave = view["graveyards"][rival]
    return ("{Move}: the {card} leaves the graveyard of {opponent}, down from {n} {n:card|cards} to {m}, and comes "
            "back to your hand ({rule}).", RULE_CLERIC, {"card": a.card, "opponent": rival, "n": len(grave),
                                                 "m": len(grave) - 1})


def _decline(view: dict, seat: int, a: Decline) -> Said:
    rival = rival_of(view, seat)
    if rival is None:
        return None
    grave = [c for c in view["graveyards"][rival] if c != "kamikaze"]
    if not grave:
        return ("{Move}: the graveyard of {opponent} holds no card but a Kamikaze, which a Cleric cannot take "
                "back ({rule}).", RULE_CLERIC, {"opponent": rival})
    return ("{Move}: the graveyard of {opponent} holds {cards}, and taking one back is your choice ({rule}).",
            RULE_CLERIC, {"opponent": rival, "cards": sorted(set(grave), key=ORDER.__getitem__)})


def _repeat(view: dict, seat: int) -> tuple[str, int, int, int] | None:
    info = view["repeat"]
    if not info or info["player"] != seat:
        return None
    graves = view["graveyards"]
    return info["card"], info["opponent"], len(graves[seat]), len(graves[info["opponent"]])


def _result(view: dict, seat: int) -> str:
    """Who would win if the game ended now, by the graveyards and the tie-breaks (all on the table)."""
    graves = [len(g) for g in view["graveyards"]]
    sizes = view["hand_sizes"]
    tied = [p for p in range(len(graves)) if graves[p] == max(graves)]
    if len(tied) > 1:
        most = max(sizes[p] for p in tied)
        tied = [p for p in tied if sizes[p] == most]
    if len(tied) > 1 and any(p in view["last_winners"] for p in tied):
        tied = [p for p in tied if p in view["last_winners"]]
    if tied == [seat]:
        return "win"
    return "tie" if seat in tied else "lose"


def _stop(view: dict, seat: int, a: Stop) -> Said:
    found = _repeat(view, seat)
    if found is None:
        return None
    card, rival, mine, theirs = found
    head = "{Move}: nothing {opponent} holds beats your {card}, "
    tail = ", {n} {n:card|cards} to {m} in the graveyards ({rule})."
    template = head + {"win": "and ending the game now you win", "tie": "and ending the game now is a true tie",
                       "lose": "though ending the game now you lose"}[_result(view, seat)] + tail
    return template, RULE_REPEAT, {"opponent": rival, "card": card, "n": mine, "m": theirs}


def _play_on(view: dict, seat: int, a: PlayOn) -> Said:
    found = _repeat(view, seat)
    if found is None:
        return None
    card, rival, mine, theirs = found
    return ("{Move}: the graveyards stand {n} {n:card|cards} to {m} against {opponent}, and you may not play the "
            "{card} in the next duel ({rule}).", RULE_REPEAT, {"opponent": rival, "card": card, "n": mine, "m": theirs})


def _challenge(view: dict, seat: int, a: Challenge) -> Said:
    rival = a.opponent
    rivals = [p for p in range(view["players"]) if p != seat]
    graves = [len(g) for g in view["graveyards"]]
    sizes = view["hand_sizes"]
    params = {"opponent": rival, "n": graves[rival], "m": sizes[rival]}
    if all(graves[rival] > graves[p] for p in rivals if p != rival):
        return ("{Move}: {opponent} leads with {n} {n:card|cards} in their graveyard ({rule}).", RULE_MOST, params)
    if all(sizes[rival] < sizes[p] for p in rivals if p != rival):
        return ("{Move}: {opponent} holds {m} {m:card|cards}, fewer than any other rival, and an empty hand ends "
                "the game ({rule}).", RULE_EMPTY, params)
    return ("{Move}: {opponent} holds {m} {m:card|cards} and has {n} in their graveyard ({rule}).", RULE_CHALLENGE,
            params)


_REASONS: dict[type, Any] = {Play: _play, Swap: _swap, Keep: _keep, TakeBack: _take_back, Decline: _decline,
                             Stop: _stop, PlayOn: _play_on, Challenge: _challenge}
