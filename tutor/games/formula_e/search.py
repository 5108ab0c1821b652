"""A search bot for Formula E that plays from what its seat can see, and the hint it gives.

Determinized Monte Carlo search (flat, with common random numbers): each
round deals the cards the seat cannot see anew (``resample_hidden``: the
other hands, the deck's order, the discards under the top), tries every
candidate action in that same world and plays the race on to the end of the next round with
the same luck after each, with a quick policy
for every seat (the biggest movement card, the furthest path, a Tiger
against a rival ahead, discard what does not move), then scores the
position: a win 1, a rival's win 0, else how far ahead of the best rival it
stands.  The greedy bot's choice is tried first and keeps a small lead
(``PRIOR``): with few worlds the search plays as greedy does, and departs
from it only where the worlds show a better move.  The candidates are every legal action but for the turn's discards,
of which only single cards and "everything that does not move" are tried
(a hand of nine lists hundreds of discards).  Chance comes from the position
(``tutor.bots.bot_rng``), so a game between bots replays exactly as long as
the iteration count ends each search (the clock stops it only on a machine
too loaded to finish in time).

>>> from tutor.games.formula_e import GAME
>>> bot = SearchBot(iterations=20, seconds=5)
>>> s = GAME.new_game(3, seed=3)
>>> bot.choose(GAME, s) in GAME.legal_actions(s)
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from tutor.bots import GreedyBot, bot_rng

from .actions import (Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Place, Play, PlayPair, RatTo, Steal,
                      StopCows, Take)
from .cards import is_green, is_movement, value_of
from .engine import DISCARDS, RANK, apply, legal_actions, listed, move_paths, progress, resample_hidden
from .state import State
from .words import load_catalog

ROUNDS = 1  # how far a playout looks: the turn under way, then this many rounds
WIN, LOSS = 1.0, 0.0
PRIOR = 0.03  # the greedy bot's choice starts this far ahead (score per world: about 3/4 of a row)


# ------------------------------------------------------------------ the quick policy of the playouts
def _lead(s: State, me: int) -> int:
    """The rival furthest along the lap."""
    return max((q for q in range(s.players) if q != me), key=lambda q: (progress(s, q), -q))


def _movement_value(a: Any) -> int:
    if isinstance(a, Play) and is_movement(a.card):
        return value_of(a.card)
    if isinstance(a, PlayPair):
        return value_of(a.green) + (1 if a.yellow == "carpet" else 0)
    return -1


def _best_move(s: State, acts: tuple) -> Any:
    """The path that leaves the elephant furthest ahead (a win first)."""
    p = s.active
    best, best_key = acts[0], None
    for a, (_, after) in zip(acts, move_paths(s)):
        cell = after.elephants[p]
        key = (after.winner == p, cell[0] if cell is not None else -1)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def quick(s: State, rng: random.Random) -> Any:
    """A sensible move at once, for the playouts (every seat plays it)."""
    acts = listed(s)
    if len(acts) == 1:
        return acts[0]
    phase = s.phase
    p = s.current_player
    assert p is not None
    if phase == "turn":
        moving = [a for a in acts if _movement_value(a) >= 0]
        if moving:
            if rng.random() < 0.15:
                return rng.choice(moving)
            return max(moving, key=_movement_value)
        hand = s.hands[p]
        if "tiger" in hand and s.cobras[p]:
            return next(a for a in acts if isinstance(a, Play) and a.card == "tiger")
        if "rat" in hand and rng.random() < 0.5:
            return next(a for a in acts if isinstance(a, Play) and a.card == "rat")
        keep = sorted((c for c in hand if c != "tiger"), key=RANK.__getitem__)
        if keep:
            return DISCARDS[tuple(keep)]
        return acts[0]
    if phase == "move":
        return _best_move(s, acts)
    if phase == "tiger":
        cancels = [a for a in acts if isinstance(a, Cancel) and is_movement(a.card)]
        if cancels and progress(s, s.active) >= progress(s, p):
            return cancels[0]
        return acts[0]  # let it resolve
    if phase == "second":
        greens = [a for a in acts if isinstance(a, Play) and is_green(a.card)]
        return max(greens, key=_movement_value) if greens else acts[-1]
    if phase == "rat":
        lead = _lead(s, p)
        return next((a for a in acts if a.cell == s.elephants[lead]), acts[0])
    if phase == "cow":
        return acts[-1]  # stop moving cows
    if phase == "monkey":
        return max(acts, key=lambda a: len(s.hands[a.victim]))
    if phase == "prayer":
        return max(acts, key=lambda a: value_of(a.card) if a.card and is_movement(a.card) else -1)
    if phase == "snake":
        lead = _lead(s, p)
        return next((a for a in acts if a.target == lead), acts[0])
    if phase == "discard":
        return min(acts, key=lambda a: value_of(a.cards[0]) if is_movement(a.cards[0]) else -1)
    return rng.choice(acts)


def _score(s: State, me: int) -> float:
    if s.winner is not None:
        return WIN if s.winner == me else LOSS
    ahead = progress(s, me) - max(progress(s, q) for q in range(s.players) if q != me)
    return 0.5 + max(-0.45, min(0.45, 0.04 * ahead))


def playout(s: State, me: int, rng: random.Random, stop: int) -> float:
    """Play on with the quick policy until turn ``stop`` begins (or to the end), then score for ``me``."""
    for _ in range(2000):
        if s.current_player is None or s.turns >= stop:
            break
        s = apply(s, quick(s, rng))
    return _score(s, me)


# ------------------------------------------------------------------ the root
def candidates(s: State) -> list:
    """The actions worth trying: all of them, but for a turn's discards only single cards and "everything
    that does not move" (a hand of nine lists hundreds of discards)."""
    acts = legal_actions(s)
    if s.phase != "turn":
        return acts
    hand = s.hands[s.active]
    idle = tuple(c for c in hand if not is_movement(c))
    keep = [a for a in acts if not isinstance(a, Discard) or len(a.cards) == 1 or a.cards == idle]
    return keep or acts


#: the clock that stops a search on a machine too loaded to finish it (the iteration count ends it otherwise)
TIME_LIMIT = 0.7


class SearchBot:
    """Determinized Monte Carlo search over what the seat cannot see (seeded, under a second a move)."""

    name = "search"

    def __init__(self, iterations: int = 240, seconds: float | None = None):
        """``iterations``: playouts a move (shared out over the candidates, at least one world each);
        ``seconds``: the clock that stops the search early on a loaded machine (whole worlds only)."""
        self.iterations = iterations
        self.seconds = TIME_LIMIT if seconds is None else seconds
        self.last: dict[str, Any] = {}

    def choose(self, game: Any, state: State) -> Any:
        acts = candidates(state)
        if not acts:
            raise ValueError("no legal action to choose from")
        me = state.current_player
        assert me is not None
        if len(acts) == 1:
            self.last = {"action": acts[0], "visits": 0, "rate": None, "iterations": 0}
            return acts[0]
        rng = bot_rng(game, state, self.name)
        # the greedy bot's choice is tried first and starts ahead (PRIOR): what a search cut short by the
        # clock, or too few worlds to tell the candidates apart, falls back on
        deadline = time.perf_counter() + self.seconds
        favourite = GreedyBot().choose(game, state)
        if not any(a is favourite for a in acts):
            acts.append(favourite)
        acts.sort(key=lambda a: a is not favourite)
        stop = state.turns + ROUNDS * state.players + 1  # the same horizon whatever the candidate: this turn,
        # then ROUNDS rounds of everyone's turns (a discard ends the turn at once, a card does not)
        value = [0.0] * len(acts)
        worlds = 0
        target = max(1, self.iterations // len(acts))
        while True:
            world = resample_hidden(state, me, rng)
            luck = rng.random()
            tried = []
            for a in acts:  # every candidate in the same world, with the same luck after it
                tried.append(playout(apply(world, a), me, random.Random(luck), stop))
                if time.perf_counter() > deadline:
                    break
            if len(tried) == len(acts):
                value = [v + t for v, t in zip(value, tried)]
                worlds += 1
            elif not worlds:  # the clock stopped the first world: the candidates not tried are not chosen
                value = tried + [-math.inf] * (len(acts) - len(tried))
                worlds = 1
            if len(tried) < len(acts) or worlds >= target or time.perf_counter() > deadline:
                break
        value[0] += PRIOR * worlds  # the greedy choice stands unless the worlds say otherwise
        best = max(range(len(acts)), key=lambda j: (value[j], -j))
        rate = (value[best] - (PRIOR * worlds if best == 0 else 0.0)) / worlds
        self.last = {"action": acts[best], "visits": worlds, "rate": rate,
                     "iterations": worlds * len(acts)}
        return acts[best]


# ------------------------------------------------------------------ the hint
R = "formula-e/"
_REASONS: dict[str, tuple[str, str]] = {  # kind -> (why, the rule it rests on)
    "move": ("this path leaves your elephant furthest along the lap", R + "move/all-points"),
    "run": ("the points of this card take your elephant furthest", R + "move/points"),
    "charge": ("Charge! pushes everything ahead for the full value", R + "card/charge"),
    "carpet": ("the Flying Carpet jumps over the pieces in your lane", R + "card/carpet"),
    "mango": ("Mango Juice lets you slip diagonally past the pieces ahead", R + "card/mango"),
    "rat": ("the Rat can scare a rival's elephant three spaces back", R + "card/rat-scare"),
    "cow": ("moving the Sacred Cows can block the rivals' lanes", R + "card/cow"),
    "monkey": ("stolen cards may give you the movement you lack", R + "card/monkey"),
    "prayer": ("the discards hold the card you need", R + "card/prayer"),
    "snake": ("a Cobra costs its holder a card at every draw", R + "card/snake"),
    "tiger": ("the yellow Tiger drops your Cobras", R + "card/tiger-yellow"),
    "cancel": ("cancelling the card keeps a rival from getting away", R + "tiger/cancel"),
    "allow": ("cancelling it would not pay here", R + "tiger/window"),
    "discard": ("these cards do not move you; fresh ones may", R + "turn/discard-any"),
    "cobra": ("this card is the one you miss least", R + "draw/cobra"),
    "end": ("no second card helps now", R + "turn/pair-order"),
    "place": ("a good start on the grid", R + "setup/place-order"),
    "pass": ("nothing else is possible", R + "turn/choice"),
}


def reason(action: Any, phase: str = "") -> tuple[str, str]:
    """Why a move is good (English; the catalog has Italian and French) and the rule id it rests on."""
    if isinstance(action, Move):
        return _REASONS["move"]
    if isinstance(action, PlayPair):
        return _REASONS[action.yellow]
    if isinstance(action, Play):
        return _REASONS["run"] if is_movement(action.card) else _REASONS[action.card]
    if isinstance(action, Cancel):
        return _REASONS["cancel"]
    if isinstance(action, Allow):
        return _REASONS["allow"]
    if isinstance(action, Discard):
        return _REASONS["cobra" if phase == "discard" else "discard"]
    if isinstance(action, EndTurn):
        return _REASONS["end"]
    if isinstance(action, RatTo):
        return _REASONS["rat"]
    if isinstance(action, (CowStep, StopCows)):
        return _REASONS["cow"]
    if isinstance(action, Steal):
        return _REASONS["monkey"]
    if isinstance(action, Take):
        return _REASONS["prayer"]
    if isinstance(action, Give):
        return _REASONS["snake"]
    if isinstance(action, Place):
        return _REASONS["place"]
    return _REASONS["pass"]


def advice(game: Any, state: State, bot: Any = None, lang: str = "en") -> tuple[Any, str, str]:
    """The move ``bot`` (default: the search bot) chooses for the seat to decide, the sentence saying why (its
    reason, the title and id of the rule it rests on, how it did in the simulated deals) and that rule's id."""
    bot = bot or SearchBot()
    action = bot.choose(game, state)
    why, rule = reason(action, state.phase)
    cat = load_catalog()
    text = cat.render("{Action}: {why} ({title}, rule {rule}).",
                      {"action": game.action_text(action, lang), "why": cat.render(why, {}, lang),
                       "title": game.rules[rule].wording(lang)[0], "rule": rule}, lang)
    last = getattr(bot, "last", None) or {}
    rate = last.get("rate")
    if rate is not None:
        text += " " + cat.render("It scored {percent} out of 100 over {games} simulated deals.",
                                 {"percent": round(100 * min(1.0, max(0.0, rate))), "games": last["visits"]},
                                 lang)
    return action, text, rule


def hint(game: Any, state: State, bot: SearchBot | None = None, lang: str = "en") -> str:
    """The search bot's move for the seat to decide and why, in a sentence citing the rule.

    >>> from tutor.games.formula_e import GAME
    >>> s = GAME.new_game(3, seed=2)
    >>> text = hint(GAME, s, SearchBot(iterations=12, seconds=5), lang="it")
    >>> "regola formula-e/setup/place-order" in text and "smazzate simulate" in text
    True
    """
    return advice(game, state, bot, lang)[1]


# ------------------------------------------------------------------ measuring it
def duel(games: int = 40, players: int = 4, bot: SearchBot | None = None, seed0: int = 0,
         report: Any = print) -> tuple[float, float, int]:
    """The search bot in one seat against greedy bots in the others, ``games`` seeded games (seeds from
    ``seed0``, the search bot's seat turning round): (win rate, slowest move in seconds, moves timed)."""
    from tutor.bots import GreedyBot

    from .game import GAME

    wins = 0
    slowest = 0.0
    timed = 0
    for g in range(games):
        seat = g % players
        search = bot or SearchBot()
        seats: list[Any] = [GreedyBot() for _ in range(players)]
        seats[seat] = search
        s = GAME.new_game(players, seed0 + g)
        while (p := s.current_player) is not None:
            t = time.perf_counter()
            a = seats[p].choose(GAME, s)
            if p == seat:
                slowest = max(slowest, time.perf_counter() - t)
                timed += 1
            s = apply(s, a)
        wins += s.winner == seat
        if report and (g + 1) % 10 == 0:
            report(f"  {g + 1} games: {wins / (g + 1):.0%}")
    return wins / games, slowest, timed


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.games.formula_e [--games N] [--players N]``: the search bot's rate against greedy."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=None)
    args = parser.parse_args(argv)
    bot = SearchBot(iterations=args.iterations) if args.iterations else None
    rate, slowest, timed = duel(args.games, args.players, bot, args.seed)
    print(f"formula-e search bot in one seat against {args.players - 1} greedy bots, {args.games} seeded games "
          f"(seeds {args.seed}-{args.seed + args.games - 1}): won {rate:.0%} (target 50%; an equal share is "
          f"{1 / args.players:.0%}), slowest of {timed} moves {slowest:.2f} s (limit 1 s)")
    return 0 if rate >= 0.5 and slowest < 1.0 else 1
