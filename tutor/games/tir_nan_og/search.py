"""A search bot for Tir Nan Og Wars that plays from what its seat can see.

Determinized Monte Carlo search: each iteration deals the cards the seat
cannot see anew (``resample_hidden``: the other hands, the deck's order,
the piles under their tops), picks a move at the root by UCB1 and plays the
game out with a quick rollout policy; the move won most often is played.
Chance comes from the position (``tutor.bots.bot_rng``), so a game between
bots replays exactly as long as the iteration count ends each search (the
clock only stops it on a machine too loaded to finish in time).  ``hint`` says in a sentence why the chosen move:
the fact on the board it is about (``hints.py``), else a phrase for its kind of move.

>>> from tutor.games.tir_nan_og import GAME
>>> bot = SearchBot(iterations=30, seconds=5)
>>> s = GAME.new_game(2, seed=3)
>>> bot.choose(GAME, s) in GAME.legal_actions(s)
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from tutor.bots import bot_rng

from .actions import Consolidate, Discard, Join, StayOut, TakeCreatures, TakeTerritory
from .engine import apply, legal_actions, words
from .hints import hint_reason
from .scoring import winners
from .state import State
from .views import resample_hidden

C_UCB = 0.7


def _rollout_action(s: State, rng: random.Random) -> Any:
    """A quick, sensible move: consolidate when possible, else mostly take creatures, sometimes a territory."""
    acts = legal_actions(s)
    if len(acts) == 1:
        return acts[0]
    if s.phase == "dispute":
        return acts[0] if rng.random() < 0.6 else acts[1]
    cons = [a for a in acts if isinstance(a, Consolidate)]
    if cons and rng.random() < 0.85:
        return rng.choice(cons)
    terr = [a for a in acts if isinstance(a, TakeTerritory)]
    if terr and rng.random() < 0.35:
        return rng.choice(terr)
    takes = [a for a in acts if isinstance(a, TakeCreatures)]
    return rng.choice(takes or acts)


def _outcome(s: State, me: int) -> float:
    won = winners(s)
    base = (1.0 / len(won)) if me in won else 0.0
    best_other = max(p for q, p in enumerate(s.points) if q != me)
    return base + 0.01 * max(-20, min(20, s.points[me] - best_other))


def _playout(s: State, me: int, rng: random.Random, limit: int = 600) -> float:
    for _ in range(limit):
        if s.current_player is None:
            break
        s = apply(s, _rollout_action(s, rng))
    return _outcome(s, me) if s.current_player is None else 0.5


class SearchBot:
    """Determinized Monte Carlo search over what the seat cannot see (seeded, < 1 s a move)."""

    name = "search"

    def __init__(self, iterations: int = 60, seconds: float = 0.6):
        self.iterations = iterations
        self.seconds = seconds
        self.last: dict[str, Any] = {}

    def choose(self, game: Any, state: State) -> Any:
        acts = legal_actions(state)
        if not acts:
            raise ValueError("no legal action to choose from")
        me = state.current_player
        assert me is not None
        if len(acts) == 1:
            self.last = {"action": acts[0], "visits": 0, "rate": None}
            return acts[0]
        rng = bot_rng(game, state, self.name)
        visits = [0] * len(acts)
        value = [0.0] * len(acts)
        deadline = time.perf_counter() + self.seconds
        total = 0
        while total < self.iterations and time.perf_counter() < deadline:
            world = resample_hidden(state, me, rng)
            if total < len(acts):
                i = total
            else:
                log = math.log(total)
                i = max(range(len(acts)),
                        key=lambda j: value[j] / visits[j] + C_UCB * math.sqrt(log / visits[j]))
            visits[i] += 1
            value[i] += _playout(apply(world, acts[i]), me, rng)
            total += 1
        best = max(range(len(acts)), key=lambda j: (visits[j], value[j] / max(1, visits[j])))
        self.last = {"action": acts[best], "visits": visits[best], "rate": value[best] / max(1, visits[best]),
                     "iterations": total}
        return acts[best]


_REASONS = {
    "plain": "the plain makes the next territory cost one creature less",
    "castle": "the castle earns a point a turn for each visible forest and river of the others while it stays on top",
    "forest": "the forest scores a point for every fairy in hand and on the visible territories",
    "river": "the river scores 3 at each scoring",
    "temple": "the temple pits your top three against each player's: 2 points per player beaten",
    "volcano": "the volcano gives 3 points to the fewest cards in hand",
    "territory": "a territory in reserve is one step from points",
    "creatures": "creatures pay for your reserve",
    "join": "your majority has a fair chance to win the fountain's 4 points",
    "out": "a lost dispute would turn your territory face down",
    "discard": "this card helps you least",
    "pass": "nothing else is possible",
}


def reason(action: Any) -> str:
    """Why a move of this kind is good, in English (the catalog has it in Italian and French): the words
    for a move no fact of the board explains (see ``why``)."""
    if isinstance(action, Consolidate):
        return _REASONS[action.kind]
    if isinstance(action, TakeTerritory):
        return _REASONS["territory"]
    if isinstance(action, TakeCreatures):
        return _REASONS["creatures"]
    if isinstance(action, Join):
        return _REASONS["join"]
    if isinstance(action, StayOut):
        return _REASONS["out"]
    if isinstance(action, Discard):
        return _REASONS["discard"]
    return _REASONS["pass"]


def why(game: Any, state: State, action: Any, lang: str = "en") -> tuple[str, str | None]:
    """The sentence why ``action``, and the id of the rule it cites: the fact on the board the move is
    about (``hints.hint_reason``), else the move kind's phrase and no rule (the caller names one)."""
    seat = state.current_player
    said = None if seat is None else hint_reason(game, state, seat, action, lang)
    if said is not None:
        return said
    return words().render("{Action}: {why}.", {"action": game.action_text(action, lang),
                                               "why": words().render(reason(action), {}, lang)}, lang), None


def numbers(bot: SearchBot, lang: str = "en") -> str:
    """How the bot's move did in the simulated games ("" when it was the only move)."""
    rate = bot.last.get("rate")
    if rate is None:
        return ""
    return words().render("It won {percent}% of {games} simulated games.",
                          {"percent": round(100 * min(1.0, max(0.0, rate))), "games": bot.last["visits"]}, lang)


def hint(game: Any, state: State, bot: SearchBot | None = None, lang: str = "en", split: bool = False) -> Any:
    """The search bot's move and why, in a sentence naming the fact on the board ("Consolidate the castle ...:
    the others show the forest of Player 2 on top ..."), then how it did in the simulated games (with
    ``split``: the two apart).

    >>> from tutor.games.tir_nan_og import GAME, scenario
    >>> s = scenario([["griffin", "centaur", "centaur", "dragon"], ["elf"]], stacks=[[], ["river-2"]],
    ...              reserves=[["castle-1"], []])
    >>> text = hint(GAME, s, SearchBot(iterations=40, seconds=5), lang="it")
    >>> text.split(":")[0] in [GAME.action_text(a, "it").capitalize() for a in GAME.legal_actions(s)]
    True
    >>> "partite simulate" in text
    True
    """
    bot = bot or SearchBot()
    action = bot.choose(game, state)
    text = why(game, state, action, lang)[0]
    details = numbers(bot, lang)
    if split:  # the reason, and the numbers behind it apart (the Hint button shows them on request)
        return text, details
    return f"{text} {details}".strip()
