"""Hints that teach: the best available bot's move for the seat to decide, and one sentence why.

:func:`hint` asks, in this order:

1. the game's own adviser (:meth:`tutor.core.Game.advise`): Kamikaze's exact
   coach in the two-player base game, its numbers said in words; Tir Nan
   Og's search bot with its reason;
2. else the game's search bot, found by one registry lookup
   (:func:`advisor`): a bot registered as ``"search"`` for the game in
   :mod:`tutor.bots` when there is one, else :class:`MonteCarloBot` (a
   seeded determinized Monte-Carlo search over what the seat cannot see);
   Tir Nan Og and Formula E register their own search bots;
3. a move that is the only legal one is said to be so, unless the game's own reason
   (:meth:`tutor.core.Game.hint_reason`) names the fact on the board that leaves it.

Every hint names the rule its move rests on (the rule of the first event the
engine narrates for it, or the coach's duel rule), and its sentence comes
from the core catalog in English, Italian and French.

>>> from tutor import games
>>> g = games.get("fire-bulls")
>>> h = hint(g, g.new_game(2, seed=1))
>>> h.action in g.legal_actions(g.new_game(2, seed=1)), h.rule in g.rules, bool(h.sentence)
(True, True, True)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tutor.bots import GreedyBot, bot_rng
from tutor.quiz import most_telling, telling, words

if TYPE_CHECKING:
    from tutor.core import Event, Game

__all__ = ["Hint", "hint", "reason", "advisor", "MonteCarloBot", "FALLBACK", "TIME_LIMIT", "WORLDS"]


@dataclass(frozen=True)
class Hint:
    """The move advised for ``seat``, one sentence why in the game's terms (a fact on the board and
    the rule that makes it matter), the id of that rule, and ``details``: the numbers behind the
    advice (playouts, win rates), for a learner who opens them."""

    action: Any
    sentence: str
    rule: str
    seat: int
    source: str = ""  # which adviser: "coach", "search", "montecarlo", "greedy", "only"
    details: str = ""


#: the clock that stops a search on a machine too loaded to finish it (the iteration count ends it otherwise)
TIME_LIMIT = 0.9

#: the adviser of a game without its own search bot ("montecarlo" or "greedy"); Formula E's random
#: playouts are too long for a one-second search, so it is given greedy until it registers "search"
FALLBACK: dict[str, str] = {"formula-e": "greedy"}


class MonteCarloBot:
    """Determinized Monte-Carlo search over the contract only (seeded by the position).

    Each iteration deals what the seat cannot see anew (``resample_hidden``),
    picks a root move by UCB1, plays on with random legal moves for at most
    ``depth`` actions and scores the end: a share of the win when the game is
    over, else how far the seat leads (its points against the best other's).
    The iteration count ends a search, so the same position gives the same
    move; ``seconds`` only stops a search on a machine too loaded to finish.
    """

    name = "montecarlo"

    def __init__(self, iterations: int = 64, depth: int = 40, seconds: float | None = None, width: int = 10):
        self.iterations = iterations
        self.depth = depth
        self.seconds = TIME_LIMIT if seconds is None else seconds
        self.width = width
        self.last: dict[str, Any] = {}

    def _candidates(self, game: "Game", state: Any, rng: random.Random) -> list[Any]:
        acts = game.legal_actions(state)
        if len(acts) <= self.width:
            return list(acts)
        # the moves that gain most now, then a seeded sample of the rest
        ranked = sorted(range(len(acts)), key=lambda i: -game.greedy_value(state, acts[i]))
        keep = ranked[: self.width // 2]
        rest = ranked[self.width // 2:]
        keep += rng.sample(rest, self.width - len(keep))
        return [acts[i] for i in sorted(keep)]

    def _value(self, game: "Game", state: Any, me: int) -> float:
        if game.is_over(state):
            won = game.winners(state)
            return 1.0 / len(won) if me in won else 0.0
        points = game.scores(state)
        lead = points[me] - max(p for q, p in enumerate(points) if q != me)
        return 0.5 + 0.5 * math.tanh(lead / 5.0)

    def _playout(self, game: "Game", state: Any, me: int, rng: random.Random) -> float:
        for _ in range(self.depth):
            if game.current_player(state) is None:
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        return self._value(game, state, me)

    def choose(self, game: "Game", state: Any) -> Any:
        me = game.current_player(state)
        if me is None:
            raise ValueError("no legal action to choose from")
        rng = bot_rng(game, state, self.name)
        acts = self._candidates(game, state, rng)
        if len(acts) == 1:
            self.last = {"action": acts[0], "visits": 0, "rate": None, "iterations": 0}
            return acts[0]
        visits = [0] * len(acts)
        value = [0.0] * len(acts)
        deadline = time.perf_counter() + self.seconds
        total = 0
        while total < self.iterations and time.perf_counter() < deadline:
            world = game.resample_hidden(state, me, rng)
            if total < len(acts):
                i = total
            else:
                log = math.log(total)
                i = max(range(len(acts)), key=lambda j: value[j] / visits[j] + 0.7 * math.sqrt(log / visits[j]))
            visits[i] += 1
            value[i] += self._playout(game, game.apply(world, acts[i]), me, rng)
            total += 1
        best = max(range(len(acts)), key=lambda j: (visits[j], value[j] / max(1, visits[j]), -j))
        self.last = {"action": acts[best], "visits": visits[best], "rate": value[best] / max(1, visits[best]),
                     "iterations": total}
        return acts[best]


def advisor(game: "Game") -> Any:
    """The search bot that hints for ``game``: its registered "search" bot, else the fallback."""
    from tutor import bots

    here = bots.names(game.name)
    for name in (f"{game.name}-search", "search"):
        if name in here:
            return bots.get(name)
    return GreedyBot() if FALLBACK.get(game.name) == "greedy" else MonteCarloBot()


def _rule_of(game: "Game", state: Any, action: Any) -> str:
    return game.action_rule(state, action)


def _title(game: "Game", rule: str, lang: str) -> str:
    return game.rules[rule].wording(lang)[0]


def hint(game: "Game", state: Any, seat: int | None = None, lang: str = "en") -> Hint:
    """The best available advice for ``seat`` (default: the seat to decide), which must be deciding now.

    ValueError when the game is over or ``seat`` is not the one to decide.
    """
    mover = game.current_player(state)
    if mover is None:
        raise ValueError("the game is over: no hint")
    if seat is not None and seat != mover:
        raise ValueError(f"seat {seat} is not deciding now; seat {mover} is")
    own = game.advise(state, lang)
    if own is not None:
        return own
    legal = game.legal_actions(state)
    if len(legal) == 1:
        action = legal[0]
        said = game.hint_reason(state, mover, action, lang)
        if said is not None:  # the game names the fact on the board that leaves only this move
            return Hint(action, said[0], said[1], mover, "only")
        rule = _rule_of(game, state, action)
        return Hint(action, words("{Move}: it is the only legal move ({rule}).", lang,
                                  move=game.action_text(action, lang), rule=_title(game, rule, lang)),
                    rule, mover, "only")
    bot = advisor(game)
    action = bot.choose(game, state)
    rule = _rule_of(game, state, action)
    last = getattr(bot, "last", {}) or {}
    said = game.hint_reason(state, mover, action, lang)
    sentence, rule = said if said is not None else reason(game, state, action, mover, lang, rule)
    gain = game.greedy_value(state, action)
    if isinstance(bot, GreedyBot):
        details = words("No other move gains more right now ({gain}).", lang, gain=_num(gain))
        source = "greedy"
    elif last.get("rate") is not None:
        template = ("It gains 1 point now, and of all your moves it did best in the games played "
                    "out from here ({percent}% of {games})." if gain == 1 else
                    "It gains {gain} points now, and of all your moves it did best in the games played "
                    "out from here ({percent}% of {games})." if gain > 0 else
                    "Of all your moves it did best in the games played out from here ({percent}% of {games}).")
        details = words(template, lang, gain=_num(gain).lstrip("+"),
                        percent=round(100 * min(1.0, max(0.0, last["rate"]))), games=last["visits"])
        source = getattr(bot, "name", "search")
    else:
        details = ""
        source = getattr(bot, "name", "search")
    return Hint(action, sentence, rule, mover, source, details)


#: imagined deals a reason must hold in: a consequence that depends on a hidden card is not said
WORLDS = 3


def reason(game: "Game", state: Any, action: Any, seat: int, lang: str = "en",
           rule: str = "", prefer: bool = False) -> tuple[str, str]:
    """One sentence why ``action`` in the game's terms, and the rule it cites: the consequence of the
    move that says most beyond the move's own words ("Player 2 moves ... swapping with Player 1"),
    as the engine narrates it, with the title of the rule that makes it happen.  Only what ``seat``
    may know is said: the move is played in a few deals of what the seat cannot see (drawn from
    the seat's own view) and a consequence counts only when every deal narrates it alike.
    Without such a consequence the sentence names the move and ``rule``.  With ``prefer``, an adviser's
    own ``rule`` comes first: a consequence under it, else the move and that rule when the move's own
    narration cites it (a consequence under another rule would be beside the adviser's point).

    >>> from tutor import games
    >>> g = games.get("kamikaze-attack")
    >>> s = g.new_game(2, seed=3)
    >>> text, why = reason(g, s, g.legal_actions(s)[0], 0)
    >>> why in g.rules and text.startswith(g.action_text(g.legal_actions(s)[0]).capitalize()[:4])
    True
    """
    rng = random.Random(repr(sorted(_flat(game.view(state, seat)))))
    said: list["Event"] | None = None
    for _ in range(WORLDS):
        world = game.resample_hidden(state, seat, rng)
        try:
            _after, events = game.apply_explained(world, action)
        except Exception:  # noqa: BLE001 - a deal where the move cannot be played says nothing
            return _plain(game, action, lang, rule)
        here = {e.text for e in telling(game, action, events)}
        said = [e for e in (said if said is not None else telling(game, action, events)) if e.text in here]
    if prefer and rule:
        own = [e for e in said or [] if e.rule == rule]
        if own:
            said = own
        elif any(e.rule == rule for e in events):
            return _plain(game, action, lang, rule)
    if not said:
        return _plain(game, action, lang, rule)
    best = most_telling(game, action, said)
    move = game.action_text(action, lang)
    return (words("{Move}: {consequence} ({rule}).", lang, move=move, consequence=game.message(best, lang).rstrip("."),
                  rule=_title(game, best.rule, lang)), best.rule)


def _plain(game: "Game", action: Any, lang: str, rule: str) -> tuple[str, str]:
    rule = rule if rule in game.rules else next(iter(game.rules)).id
    return words("{Move} ({rule}).", lang, move=game.action_text(action, lang), rule=_title(game, rule, lang)), rule


def _flat(view: Any, path: str = "") -> list[str]:
    """A view as sorted text leaves, whatever its containers (a seed that depends on what is seen only)."""
    if isinstance(view, dict):
        return [x for k in sorted(view, key=str) for x in _flat(view[k], f"{path}/{k}")]
    if isinstance(view, (list, tuple)):
        return [x for i, v in enumerate(view) for x in _flat(v, f"{path}/{i}")]
    return [f"{path}={view!r}"]


def _num(x: float) -> str:
    """A gain in words: whole when it is whole, else one decimal ("+5", "+0.5")."""
    text = f"{x:+.1f}"
    return text[:-2] if text.endswith(".0") else text
