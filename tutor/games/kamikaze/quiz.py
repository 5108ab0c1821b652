"""Kamikaze Attack's own quiz questions: who wins this duel, and where a card goes.

Both are asked at the moment the challenged duelist commits (the other card
already lies face down), and answered by ``apply``: the duel the engine
resolves, never the duel table read by hand.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.quiz import Question, first_rule, narration, seat_name, words

from .actions import Play
from .state import State


def _duel(game: Any, state: Any, rng: random.Random, action: Any = None) -> tuple[Any, Any, list, int, int] | None:
    """A resolved duel from ``state``: (action, after, events, active, challenged) or None.
    ``action``: the challenged duelist's card (a worked example's step); else one drawn at random."""
    if not isinstance(state, State) or game.decision(state) != "commit" or state.opponent is None:
        return None
    p, q = state.active, state.opponent
    if game.current_player(state) != q or state.field[p] is None:
        return None
    plays = [a for a in game.legal_actions(state) if isinstance(a, Play)]
    if not plays or (action is not None and action not in plays):
        return None
    action = action if action is not None else rng.choice(plays)
    after, events = game.apply_explained(state, action)
    if after.last("duel") != state.duels + 1:  # a Familiar or a Cleric still has to decide
        return None
    return action, after, events, p, q


def _duel_rule(game: Any, events: list) -> str:
    for e in events:
        if "/duel/" in e.rule and e.rule in game.rules:
            return e.rule
    return first_rule(game, events)


def duel_question(game: Any, state: Any, rng: random.Random, lang: str = "en", action: Any = None) -> Question | None:
    """Who wins this duel?  Choices: either duelist, both fall, both retreat."""
    found = _duel(game, state, rng, action)
    if found is None:
        return None
    action, after, events, p, q = found
    a, b = state.card(p), action.card
    names = {x: seat_name(game, x, lang) for x in (p, q)}
    choices = (words("{Seat} wins the duel", lang, seat=names[p]),
               words("{Seat} wins the duel", lang, seat=names[q]),
               words("Both cards fall", lang),
               words("Both cards retreat: nobody wins", lang))
    outcome, winner = after.last("outcome"), after.last("winner")
    right = {"both": 2, "retreat": 3}.get(outcome, 0 if winner == p else 1)
    return Question(
        game=game.name, kind="duel", lang=lang, player=q,
        prompt=words("{Seat} has played the {card}; {other} plays the {other_card}. Who wins this duel?", lang,
                     seat=names[p], card=game.card_name(a, lang), other=names[q],
                     other_card=game.card_name(b, lang)),
        choices=choices, answer=(right,), rule=_duel_rule(game, events),
        explanation=narration(game, events, lang), state=game.to_json(state), action=str(action))


def fate_question(game: Any, state: Any, rng: random.Random, lang: str = "en") -> Question | None:
    """Where does the challenged duelist's card go once the duel is fought?"""
    found = _duel(game, state, rng)
    if found is None:
        return None
    action, after, events, p, q = found
    card = action.card
    moves = [e.get("to") for e in events if e.kind == "move" and e.get("card") == card and e.get("player") == q]
    where = moves[-1] if moves else ("field" if after.field[q] == card else None)
    places = [("hand", "back to {seat}'s hand", q), (f"graveyard {q}", "into {seat}'s graveyard", q),
              (f"graveyard {p}", "into {seat}'s graveyard", p), ("field", "it stays on the field", q),
              (f"hand {p}", "into {seat}'s hand", p)]
    keys = [k for k, _, _ in places]
    if where not in keys:
        return None
    shown = places[:3] + [x for x in places[3:] if x[0] == where or rng.random() < 0.5]
    choices = tuple(words(t, lang, seat=seat_name(game, who, lang)) for _, t, who in shown)
    return Question(
        game=game.name, kind="fate", lang=lang, player=q,
        prompt=words("{Seat} has played the {card}; {other} plays the {other_card}. Where does the {other_card} go?",
                     lang, seat=seat_name(game, p, lang), card=game.card_name(state.card(p), lang),
                     other=seat_name(game, q, lang), other_card=game.card_name(card, lang)),
        choices=choices, answer=([k for k, _, _ in shown].index(where),), rule=_duel_rule(game, events),
        explanation=narration(game, events, lang), state=game.to_json(state), action=str(action))


KINDS = {"duel": duel_question, "fate": fate_question}
