"""Fire Bulls' own quiz question: which Yen cards on the table can be taken now?

Answered by ``legal_actions``: a card can be taken when some legal attack
(from a direction, or on the General) names it.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.quiz import Question, seat_name, words

ORDER_RULE = "fire-bulls/attack/order"


def yen_question(game: Any, state: Any, rng: random.Random, lang: str = "en") -> Question | None:
    legal = game.legal_actions(state)
    how: dict[str, Any] = {}
    for a in legal:
        if a.kind in ("attack", "general") and a.card and a.card not in how:
            how[a.card] = a
    if not how:
        return None
    view = game.view(state, None)
    table = sorted({c for c in view["rows"].values() if c}, key=str)
    wrong = [c for c in table if c not in how]
    if not wrong:
        return None
    right = sorted(how, key=str)
    picks = rng.sample(right, min(len(right), 3)) + rng.sample(wrong, min(len(wrong), 3))
    rng.shuffle(picks)
    player = game.current_player(state)
    lines = []
    for c in picks:
        name = game.card_name(c, lang)
        if c in how:
            lines.append(words("{Card}: {move}.", lang, card=name, move=game.action_text(how[c], lang)))
        else:
            lines.append(words("{Card}: no legal attack reaches and pays for it now.", lang, card=name))
    title = game.rules[ORDER_RULE].wording(lang)[0]
    return Question(
        game=game.name, kind="yen", lang=lang, player=player, many=True,
        prompt=words("{Seat} is to play. Which of these Yen cards can they take now?", lang,
                     seat=seat_name(game, player, lang)),
        choices=tuple(game.card_name(c, lang) for c in picks),
        answer=tuple(i for i, c in enumerate(picks) if c in how), rule=ORDER_RULE,
        explanation=" ".join(lines) + " " + words("({rule})", lang, rule=title),
        state=game.to_json(state), actions=tuple(picks))


KINDS = {"yen": yen_question}
