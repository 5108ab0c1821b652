"""Tir Nan Og's own quiz question: which of the visible territories can be taken now?

Answered by ``apply``: a territory can be taken when taking it is a legal
action; the refusal of each other one says why not.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.core import IllegalAction
from tutor.quiz import Question, seat_name, sentence, words

from .actions import TakeTerritory

TAKE_RULE = "tir-nan-og/territory/take"


def territory_question(game: Any, state: Any, rng: random.Random, lang: str = "en") -> Question | None:
    if game.decision(state) != "turn":
        return None
    kinds = [p["kind"] for p in game.view(state, None)["piles"] if p.get("top")]
    if len(kinds) < 2:
        return None
    refusals: dict[str, IllegalAction | None] = {}
    for kind in kinds:
        try:
            game.apply(state, TakeTerritory(kind))
            refusals[kind] = None
        except IllegalAction as exc:
            refusals[kind] = exc
    if all(v is None for v in refusals.values()) or all(v is not None for v in refusals.values()):
        return None
    picks = rng.sample(kinds, min(4, len(kinds)))
    if all(refusals[k] is None for k in picks) or all(refusals[k] is not None for k in picks):
        picks = [next(k for k in kinds if refusals[k] is None), next(k for k in kinds if refusals[k] is not None)]
        rng.shuffle(picks)
    player = game.current_player(state)
    lines = []
    rule = TAKE_RULE
    for k in picks:
        name = game.card_name(k, lang)
        refusal = refusals[k]
        if refusal is None:
            lines.append(words("{Card}: {move}.", lang, card=name, move=game.action_text(TakeTerritory(k), lang)))
        else:
            lines.append(words("{Card}: {why}", lang, card=name, why=sentence(game.message(refusal, lang))))
            if refusal.rule in game.rules and rule == TAKE_RULE:
                rule = refusal.rule
    return Question(
        game=game.name, kind="territory", lang=lang, player=player, many=True,
        prompt=words("{Seat} is to play. Which of these territories can they take now?", lang,
                     seat=seat_name(game, player, lang)),
        choices=tuple(game.card_name(k, lang) for k in picks),
        answer=tuple(i for i, k in enumerate(picks) if refusals[k] is None), rule=rule,
        explanation=" ".join(lines), state=game.to_json(state),
        actions=tuple(str(TakeTerritory(k)) for k in picks))


KINDS = {"territory": territory_question}
