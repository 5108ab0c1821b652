"""Scenarios worth playing: a position, a goal the engine checks, and the line that reaches it.

A :class:`Scenario` is data (each game ships its library as
``data/scenarios.json`` in its package; a teacher's file has the same
schema, read by :func:`load`)::

    {"format": 1, "game": "tir-nan-og", "scenarios": [
      {"id": "tno-01", "state": {...the game's scenario JSON...}, "seat": 0,
       "goal": {"kind": "score_at_least", "n": 12, "moves": 2},
       "solution": ["take the fountain", ...],          # every action, replies included
       "replies": "greedy",                              # or a list of action texts
       "rule": "scoring", "difficulty": 2,
       "origin": {"kind": "search", "how": "..."}}]}

Goal kinds (:data:`GOAL_KINDS`), evaluated through the contract of
:class:`tutor.core.Game` only (``scores``, ``winners``, ``is_over``):

- ``win``: the game is over and the seat is among the winners;
- ``score_at_least`` (``n``): the seat has at least ``n`` points;
- ``leader``: the seat has strictly more points than every other seat.

``moves`` is how many of the learner's own decisions the goal must be
reached in.  The learner plays ``seat``; every other decision is a reply:
the scenario's fixed ``replies`` in order, or the named seeded bot (which
replays exactly: a bot chooses from the position itself).

Where the shipped ones come from (``origin``): ``python -m tutor.scenarios
--find GAME`` plays seeded bot games (and starts from the positions of the
rulebook's worked examples), and keeps a position when one line of at most
``moves`` decisions reaches a goal that the obvious move (the greedy bot's,
replayed with the same replies) does not.

>>> lib = library("tir-nan-og")
>>> len(lib) >= 8
True
>>> s = lib[0]
>>> from tutor import games
>>> g = games.get("tir-nan-og")
>>> s.solved(g, s.start(g)), s.solved(g, replay(g, s)[-1])
(False, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from tutor import bots
from tutor.core import (IllegalAction, ScenarioError, ScenarioReader, core_catalog, load_json_data,
                        parse_json_object, short)

if TYPE_CHECKING:
    from tutor.core import Game

__all__ = ["Scenario", "Goal", "GOAL_KINDS", "library", "load", "dump", "replay", "reply", "find", "Session"]

FORMAT = 1
MAX_SCENARIOS = 200
MAX_MOVES = 20
MAX_SOLUTION = 200
GOAL_KINDS = ("win", "score_at_least", "leader")
REPLY_BOTS = ("greedy", "random")


def words(template: str, lang: str = "en", **params: Any) -> str:
    return core_catalog().render(template, params, lang)


@dataclass(frozen=True)
class Goal:
    """What the learner must reach: a kind from :data:`GOAL_KINDS`, its number, within ``moves`` decisions."""

    kind: str
    n: int = 0
    moves: int = 1

    def reached(self, game: "Game", state: Any, seat: int) -> bool:
        scores = list(game.scores(state))
        if self.kind == "win":
            return game.is_over(state) and seat in game.winners(state)
        if self.kind == "score_at_least":
            return scores[seat] >= self.n
        if self.kind == "leader":
            return all(scores[seat] > s for i, s in enumerate(scores) if i != seat)
        return False

    def text(self, lang: str = "en") -> str:
        if self.kind == "win":
            template = "Win the game within {moves} of your moves."
        elif self.kind == "score_at_least":
            template = "Reach {n} points within {moves} of your moves."
        else:
            template = "Lead the scores within {moves} of your moves."
        return words(template, lang, n=self.n, moves=self.moves)

    def to_dict(self) -> dict:
        data: dict[str, Any] = {"kind": self.kind, "moves": self.moves}
        if self.kind == "score_at_least":
            data["n"] = self.n
        return data


@dataclass(frozen=True)
class Scenario:
    """A position to play from, the seat the learner plays, and the goal the engine checks."""

    id: str
    game: str
    state: dict  # the game's scenario JSON, as an object
    seat: int
    goal: Goal
    solution: tuple[str, ...]
    replies: str | tuple[str, ...] = "greedy"
    rule: str = ""
    difficulty: int = 1
    origin: dict = field(default_factory=dict, hash=False, compare=False)

    def start(self, game: "Game") -> Any:
        return game.from_json(json.dumps(self.state))

    def solved(self, game: "Game", state: Any) -> bool:
        return self.goal.reached(game, state, self.seat)

    def title(self, game: "Game", lang: str = "en") -> str:
        rule = self.rule if self.rule in game.rules else ""
        name = game.rules[rule].wording(lang)[0] if rule else game.title
        return words("{rule}: scenario {id}", lang, rule=name, id=self.id)

    def goal_text(self, lang: str = "en") -> str:
        return self.goal.text(lang)

    def to_dict(self) -> dict:
        return {"id": self.id, "state": self.state, "seat": self.seat, "goal": self.goal.to_dict(),
                "solution": list(self.solution),
                "replies": self.replies if isinstance(self.replies, str) else list(self.replies),
                "rule": self.rule, "difficulty": self.difficulty, "origin": self.origin}


def _refuse(text: str) -> IllegalAction:
    """A refusal of the scenario itself (its English words are the catalog's template)."""
    return IllegalAction("scenario", text, text)


def reply(game: "Game", scenario: Scenario, state: Any, done: int) -> Any:
    """The reply at ``state``: the ``done``-th fixed reply, or the scenario's bot's move."""
    if isinstance(scenario.replies, str):
        return bots.get(scenario.replies).choose(game, state)
    if done >= len(scenario.replies):
        raise _refuse("the scenario has no reply left")
    return game.parse_action(state, scenario.replies[done])


def replay(game: "Game", scenario: Scenario) -> list[Any]:
    """The states along the scenario's solution, from the start (IllegalAction if a move is refused)."""
    state = scenario.start(game)
    states = [state]
    for text in scenario.solution:
        if game.current_player(state) is None:
            raise _refuse("the game is over before the solution ends")
        state = game.apply(state, game.parse_action(state, text))
        states.append(state)
    return states


class Session:
    """One attempt at a scenario: the learner's moves, the replies after them, and the verdict."""

    def __init__(self, game: "Game", scenario: Scenario):
        self.game = game
        self.scenario = scenario
        self.reset()

    def reset(self) -> None:
        self.state = self.scenario.start(self.game)
        self.moves = 0
        self.replied = 0
        self.events: list[Any] = []
        self._reply()

    def _reply(self) -> None:
        g, sc = self.game, self.scenario
        while (p := g.current_player(self.state)) is not None and p != sc.seat:  # judged once they are done
            action = reply(g, sc, self.state, self.replied)
            self.state, events = g.apply_explained(self.state, action)
            self.events.extend(events)
            self.replied += 1

    @property
    def solved(self) -> bool:
        return self.scenario.solved(self.game, self.state)

    @property
    def failed(self) -> bool:
        """Out of moves (or the game ended) without reaching the goal."""
        if self.solved:
            return False
        return self.moves >= self.scenario.goal.moves or self.game.current_player(self.state) is None

    def play(self, action: Any) -> list[Any]:
        """The learner's move (and the replies it gets); the events narrated. IllegalAction if refused."""
        if self.solved or self.failed:
            raise _refuse("the scenario is over: reset it to play again")
        if self.game.current_player(self.state) != self.scenario.seat:
            raise _refuse("it is not your move")
        if isinstance(action, str):
            action = self.game.parse_action(self.state, action)
        self.state, events = self.game.apply_explained(self.state, action)
        self.events = list(events)
        self.moves += 1
        self._reply()
        return self.events


def _goal(r: ScenarioReader) -> Goal:
    kind = r.choice("kind", GOAL_KINDS)
    moves = r.int("moves", 1, MAX_MOVES, default=1)
    n = r.int("n", -10**6, 10**6) if kind == "score_at_least" else 0
    return Goal(kind, n, moves)


def _strings(r: ScenarioReader, key: str, max_len: int) -> tuple[str, ...]:
    items = r.list(key, max_len=max_len)
    for i, item in enumerate(items):
        if not isinstance(item, str) or len(item) > 200:
            raise r.error_at(f"{r.field(key)}[{i}]", "expected a text, got {got}", got=short(item))
    return tuple(items)


def read(game: "Game", data: Any, path: str = "", check: bool = True) -> Scenario:
    """One scenario object; ScenarioError naming the field for anything wrong."""
    r = ScenarioReader(data, path)
    sid = r.str("id", 60)
    if not sid.strip():
        raise r.error("id", "is empty")
    state_data = r.get("state", dict)
    try:
        state = game.from_json(json.dumps(state_data))
    except ScenarioError as e:
        raise ScenarioReader.error_at(f"{r.field('state')}.{e.field}", e.template or str(e),
                                      **getattr(e, "params", {})) from None
    seat = r.int("seat", 0, game.max_players - 1)
    if seat >= len(game.scores(state)):
        raise r.error("seat", "expected a whole number from {lo} to {hi}, got {got}",
                      lo=0, hi=len(game.scores(state)) - 1, got=seat)
    goal = _goal(r.sub("goal"))
    solution = _strings(r, "solution", MAX_SOLUTION)
    raw_replies = r.get("replies", (str, list), default="greedy")
    replies: str | tuple[str, ...]
    if isinstance(raw_replies, str):
        replies = r.choice("replies", REPLY_BOTS, default="greedy")
    else:
        replies = _strings(r, "replies", MAX_SOLUTION)
    rule = r.str("rule", 60, default="")
    if rule and rule not in game.rules:
        raise r.error("rule", "expected one of {choices}, got {got}", choices="the game's rule ids", got=short(rule))
    difficulty = r.int("difficulty", 1, 5, default=1)
    origin = r.get("origin", dict, default={})
    sc = Scenario(sid, game.name, state_data, seat, goal, solution, replies, rule, difficulty, dict(origin))
    if check:
        if game.current_player(state) is None:
            raise r.error("state", "the game is already over")
        if sc.solved(game, state):
            raise r.error("goal", "is already reached at the start")
        if solution:
            try:
                states = replay(game, sc)
            except IllegalAction as e:
                raise r.error("solution", "is refused: {why}", why=short(str(e), 120)) from None
            if not sc.solved(game, states[-1]):
                raise r.error("solution", "does not reach the goal")
    return sc


def load(game: "Game", text: str | bytes, check: bool = True) -> list[Scenario]:
    """A scenario file (the schema above) into scenarios; ScenarioError naming the field if it is bad."""
    data = parse_json_object(text)
    r = ScenarioReader(data)
    name = data.get("game", game.name)
    if name != game.name:
        raise r.error("game", "this file is for {got}, not {want}", got=short(name), want=game.name)
    r.int("format", 1, FORMAT, default=1)
    items = r.list("scenarios", max_len=MAX_SCENARIOS)
    out = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        sc = read(game, item, f"scenarios[{i}]", check)
        if sc.id in seen:
            raise ScenarioReader.error_at(f"scenarios[{i}].id", "is used twice: {got}", got=short(sc.id))
        seen.add(sc.id)
        out.append(sc)
    return out


def dump(game: "Game", scenarios: Sequence[Scenario]) -> str:
    data = {"format": FORMAT, "game": game.name, "scenarios": [s.to_dict() for s in scenarios]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


_LIBRARY: dict[str, list[Scenario]] = {}


def library(name: str) -> list[Scenario]:
    """The scenarios shipped with a game (its package's ``data/scenarios.json``)."""
    from tutor import games

    if name not in _LIBRARY:
        game = games.get(name)
        try:
            package = games.entry(name).module + ".data"
            data = load_json_data(package, "scenarios.json")
        except (KeyError, ModuleNotFoundError, FileNotFoundError):  # a game that ships none yet
            return []
        _LIBRARY[name] = load(game, json.dumps(data), check=False)
    return list(_LIBRARY[name])


# ---------------------------------------------------------------- the search that finds them

def _with_replies(game: "Game", state: Any, seat: int, bot: Any, line: list[Any]) -> Any:
    while (p := game.current_player(state)) is not None and p != seat:
        action = bot.choose(game, state)
        line.append(action)
        state = game.apply(state, action)
    return state


def _lines(game: "Game", state: Any, seat: int, bot: Any, moves: int, width: int):
    """Every line of the seat's own ``moves`` decisions (replies by ``bot``): (final state, actions, seat moves)."""
    stack: list[tuple[Any, list[Any], int]] = [(state, [], 0)]
    while stack:
        s, line, done = stack.pop()
        if done == moves or game.current_player(s) is None:
            yield s, line, done
            continue
        actions = game.legal_actions(s)
        if len(actions) > width:
            continue
        for a in actions:
            ln = line + [a]
            s2 = _with_replies(game, game.apply(s, a), seat, bot, ln)
            yield s2, ln, done + 1
            stack.append((s2, ln, done + 1))


def _greedy_line(game: "Game", state: Any, seat: int, bot: Any, moves: int) -> list[Any]:
    greedy = bots.get("greedy")
    out = [state]
    for _ in range(moves):
        if game.current_player(state) is None:
            break
        state = _with_replies(game, game.apply(state, greedy.choose(game, state)), seat, bot, [])
        out.append(state)
    return out


def find_at(game: "Game", state: Any, moves: int = 2, width: int = 30) -> tuple[Goal, list[Any], Any] | None:
    """A goal one line of at most ``moves`` decisions reaches and the greedy line does not, or None."""
    seat = game.current_player(state)
    if seat is None:
        return None
    bot = bots.get("greedy")
    greedy = _greedy_line(game, state, seat, bot, moves)
    best: tuple[Goal, list[Any], Any] | None = None
    for kind in ("win", "leader", "score_at_least"):
        for s, line, _done in _lines(game, state, seat, bot, moves, width):
            if kind == "score_at_least":
                n = game.scores(s)[seat]
                goal = Goal(kind, n, moves)
            else:
                goal = Goal(kind, 0, moves)
            if not goal.reached(game, s, seat) or goal.reached(game, state, seat):
                continue
            if any(goal.reached(game, g, seat) for g in greedy):
                continue
            if best is None or (kind == "score_at_least" and best[0].kind == "score_at_least" and n > best[0].n):
                best = (goal, line, s)
            if kind != "score_at_least":
                return best
        if best:
            return best
    return best


def find(name: str, count: int = 10, seeds: Sequence[int] = range(1, 200), moves: int = 2,
         players: int | None = None, every: int = 3, width: int = 30, max_ply: int = 200,
         on_found: Any = None) -> list[Scenario]:
    """Scenarios found in seeded greedy-bot games (and at the worked examples' steps) of ``name``.

    ``on_found(found)`` is called after each one (the command line writes the file as it goes).
    """
    from tutor import games

    game = games.get(name)
    out: list[Scenario] = []
    starts: list[tuple[Any, dict]] = []
    for ex in game.examples():
        for i, step in enumerate(ex.steps):
            starts.append((step.before, {"kind": "example", "example": ex.id, "step": i}))
    bot = bots.get("greedy")
    searched: list[tuple[Any, dict]] = []
    for seed in seeds:
        n = players or game.min_players
        state = game.new_game(n, seed=seed)
        ply = 0
        while game.current_player(state) is not None and ply < min(game.info.max_actions, max_ply):
            if ply % every == 0:
                searched.append((state, {"kind": "search", "players": n, "seed": seed, "ply": ply,
                                         "seats": "greedy"}))
            state = game.apply(state, bot.choose(game, state))
            ply += 1
        if len(searched) > 30 * count:
            break
    # the examples' positions and the searched ones, in turn
    mixed = [x for pair in zip(starts, searched) for x in pair]
    starts = mixed + starts[len(mixed) // 2:] + searched[len(mixed) // 2:]
    pos = 0
    seen: set[str] = set()
    for state, origin in starts:
        if len(out) >= count:
            break
        try:
            if game.current_player(state) is None or game.position_key(state) in seen:
                continue
            seen.add(game.position_key(state))
            found = None
            for m in range(1, moves + 1):
                found = find_at(game, state, m, width)
                if found:
                    break
        except (IllegalAction, ValueError):
            continue
        if not found:
            continue
        goal, line, _ = found
        seat = game.current_player(state)
        assert seat is not None
        texts = [game.action_text(a) for a in line]
        greedy_first = game.action_text(bots.get("greedy").choose(game, state))
        pos += 1
        how = (f"from {origin['kind']} position; the line reaches the goal ({goal.kind}) in {goal.moves} moves, "
               f"the greedy move ({greedy_first}) and its line do not; replies by the greedy bot")
        origin = dict(origin, how=how, greedy=greedy_first)
        sc = Scenario(f"{name}-{pos:02d}", name, json.loads(game.to_json(state)), seat, goal, tuple(texts),
                      "greedy", game.action_rule(state, line[0]), goal.moves,
                      origin)
        try:
            check = replay(game, sc)
        except IllegalAction:
            continue
        if sc.solved(game, check[-1]) and not sc.solved(game, check[0]):
            out.append(sc)
            if on_found:
                on_found(out)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    from pathlib import Path

    from tutor import games

    p = argparse.ArgumentParser(prog="python -m tutor.scenarios", description=__doc__.split("\n")[0])
    p.add_argument("--find", metavar="GAME", required=True, choices=games.names())
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--moves", type=int, default=2)
    p.add_argument("--width", type=int, default=30, help="skip positions with more legal actions")
    p.add_argument("--seeds", type=int, default=200)
    p.add_argument("--every", type=int, default=3, help="search every n-th position of each bot game")
    p.add_argument("--write", action="store_true", help="write the game's data/scenarios.json")
    a = p.parse_args(argv)
    game = games.get(a.find)
    target = Path(games.entry(a.find).module.replace(".", "/"), "data", "scenarios.json")

    def write(found: list[Scenario]) -> None:
        target.write_text(dump(game, found), encoding="utf-8")
        print(f"{len(found)} scenarios written", flush=True)

    found = find(a.find, a.count, seeds=range(1, a.seeds), moves=a.moves, width=a.width, every=a.every,
                 on_found=write if a.write else None)
    if not a.write:
        print(dump(game, found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
