"""Formula E's own quiz question: where does the elephant stand once this move is made?

Answered by ``apply``: the elephant's space in the position that follows.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.quiz import Question, first_rule, narration, seat_name, words

from .reading import positions


def _space(cell: str | None, lang: str) -> str:
    return words("past the finish line", lang) if cell == "finish" else str(cell)


def where_question(game: Any, state: Any, rng: random.Random, lang: str = "en") -> Question | None:
    me = game.current_player(state)
    if me is None:
        return None
    here = positions(state)["elephants"][me]
    legal = game.legal_actions(state)
    options: list[tuple[Any, str, list]] = []
    for action in rng.sample(legal, min(15, len(legal))):
        after, events = game.apply_explained(state, action)
        cell = positions(after)["elephants"][me]
        if cell is not None and cell != here and cell not in [c for _, c, _ in options] and first_rule(game, events):
            options.append((action, cell, events))
        if len(options) == 4:
            break
    if len(options) < 2 or here is None:
        return None
    target = rng.randrange(len(options))
    action, cell, events = options[target]
    return Question(
        game=game.name, kind="where", lang=lang, player=me,
        prompt=words("{Seat} chooses: {move}. Where does their elephant stand afterwards? It is at {space} now.",
                     lang, seat=seat_name(game, me, lang), move=game.action_text(action, lang),
                     space=_space(here, lang)),
        choices=tuple(_space(c, lang) for _, c, _ in options), answer=(target,), rule=first_rule(game, events),
        explanation=narration(game, events, lang), state=game.to_json(state), action=str(action),
        actions=tuple(str(a) for a, _, _ in options))


KINDS = {"where": where_question}
