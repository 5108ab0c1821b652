"""Scenarios worth playing: a position, a goal the engine checks, and the line that reaches it.

A :class:`Scenario` is data (each game ships its library as
``data/scenarios.json`` in its package; a teacher's file has the same
schema, read by :func:`load`)::

    {"format": 1, "game": "tir-nan-og", "scenarios": [
      {"id": "tno-01", "title": "A fountain for the taking",   # optional: an English message id of
                                                                 # the game's catalog, or own words
       "state": {...the game's scenario JSON...}, "seat": 0,
       "goal": {"kind": "fountain", "moves": 2},                # "n" too when the kind takes a number
       "solution": ["take the forest", ...],                    # every action, replies included
       "replies": "greedy",                                     # or a list of action texts
       "rule": "tir-nan-og/fountain/winner", "difficulty": 2,
       "origin": {"kind": "search", "how": "...", "greedy": "...", "greedy_fails": true}}]}

Goal kinds (:func:`goal_kinds`): the core ones (:data:`CORE_KINDS`), evaluated
through the contract of :class:`tutor.core.Game` only (``scores``, ``winners``,
``is_over``), worded by the core catalog:

- ``win``: the game is over and the seat is among the winners;
- ``score_at_least`` (``n``): the seat has at least ``n`` points;
- ``leader``: the seat has strictly more points than every other seat;

and the game's own (:meth:`tutor.core.Game.goal_kinds`, a
:class:`tutor.core.GoalKind` each, checked over the game's state and worded by
its catalog in English, Italian and French):

- fire-bulls ``colonel``: win the Colonel (Italian: Vice-General) this turn;
- tir-nan-og ``fountain``: take a magic fountain within ``moves``;
- kamikaze-attack ``survive_kamikaze``: the opponent's Kamikaze is spent and
  the seat holds more cards than every opponent, within ``moves``;
- formula-e ``first_across`` (``n``): be first across the line within ``n``
  of the seat's turns.

``moves`` is how many of the learner's own decisions the goal must be
reached in (a kind's default when the file leaves it out); a kind with a
time of its own (this turn, n turns) also fails once that time is over.  Any
other ``kind`` is refused with a :class:`tutor.core.ScenarioError` naming
``goal.kind``.  The learner plays ``seat``; every other decision is a reply:
the scenario's fixed ``replies`` in order, or the named seeded bot (which
replays exactly: a bot chooses from the position itself).

Every scenario, shipped or a teacher's, passes :func:`verify` (a teacher's
file when :func:`load` reads it, the library in its tests): not over and the
goal not reached at the start; the replies before the learner's first move
apply; every move listed there applies and fixed replies answer it; a
solution replays, and its learner's moves reach the goal against the replies.

Where the shipped ones come from (``origin``): ``python -m tutor.scenarios
--find GAME`` plays seeded bot games (and starts from the positions of the
rulebook's worked examples), and keeps a position when one line of at most
``moves`` decisions reaches a goal (the game's own kinds first) that the
obvious move (the greedy bot's at every decision, replayed with the same
replies: :func:`greedy_reaches`) does not.

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

import dataclasses
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from tutor import bots
from tutor.core import (GoalKind, IllegalAction, ScenarioError, ScenarioReader, core_catalog, load_json_data,
                        parse_json_object, short)

if TYPE_CHECKING:
    from tutor.core import Game

__all__ = ["Scenario", "Goal", "GOAL_KINDS", "CORE_KINDS", "goal_kinds", "library", "load", "dump", "replay", "reply",
           "answer", "verify", "explain", "find", "Session", "greedy_reaches", "in_time"]

FORMAT = 1
MAX_SCENARIOS = 200
MAX_MOVES = 20
MAX_SOLUTION = 200
REPLY_BOTS = ("greedy", "random")


def words(template: str, lang: str = "en", **params: Any) -> str:
    return core_catalog().render(template, params, lang)


def _win(game: "Game", start: Any, state: Any, seat: int, n: int) -> bool:
    return game.is_over(state) and seat in game.winners(state)


def _score_at_least(game: "Game", start: Any, state: Any, seat: int, n: int) -> bool:
    return game.scores(state)[seat] >= n


def _leader(game: "Game", start: Any, state: Any, seat: int, n: int) -> bool:
    scores = list(game.scores(state))
    return all(scores[seat] > s for i, s in enumerate(scores) if i != seat)


#: the goals every game has (their words are in the core catalog)
CORE_KINDS: dict[str, GoalKind] = {
    "win": GoalKind("win", "Win the game within {moves} of your moves.", _win),
    "score_at_least": GoalKind("score_at_least", "Reach {n} points within {moves} of your moves.", _score_at_least,
                               n=(-10**6, 10**6)),
    "leader": GoalKind("leader", "Lead the scores within {moves} of your moves.", _leader),
}
GOAL_KINDS = tuple(CORE_KINDS)


def goal_kinds(game: "Game") -> dict[str, GoalKind]:
    """Every goal kind a scenario of ``game`` may set: the core ones, then the game's own (:meth:`Game.goal_kinds`)."""
    kinds = dict(CORE_KINDS)
    for name, kind in game.goal_kinds().items():
        kinds.setdefault(name, kind)
    return kinds


@dataclass(frozen=True)
class Goal:
    """What the learner must reach: a kind (core or the game's), its number, within ``moves`` decisions."""

    kind: str
    n: int = 0
    moves: int = 1

    def _kind(self, game: "Game") -> GoalKind | None:
        return goal_kinds(game).get(self.kind)

    def reached(self, game: "Game", state: Any, seat: int, start: Any = None) -> bool:
        """The goal holds at ``state`` (``start``: the scenario's first position, for goals that compare)."""
        kind = self._kind(game)
        return bool(kind and kind.reached(game, state if start is None else start, state, seat, self.n))

    def expired(self, game: "Game", state: Any, seat: int, start: Any) -> bool:
        """The time the goal allows is over (a turn that has passed), beside the learner's moves."""
        kind = self._kind(game)
        return bool(kind and kind.expired and kind.expired(game, start, state, seat, self.n))

    def text(self, lang: str = "en", game: "Game | None" = None) -> str:
        """The goal's sentence in ``lang``: the core catalog's, or for a game's own kind the game's catalog's."""
        if self.kind in CORE_KINDS or game is None:
            kind = CORE_KINDS.get(self.kind, CORE_KINDS["leader"])
            return words(kind.template, lang, n=self.n, moves=self.moves)
        own = game.goal_kinds()[self.kind]
        return game.catalog.render(own.template, {"n": self.n, "moves": self.moves}, lang)

    def to_dict(self, game: "Game | None" = None) -> dict:
        data: dict[str, Any] = {"kind": self.kind, "moves": self.moves}
        kind = CORE_KINDS.get(self.kind) or (game.goal_kinds().get(self.kind) if game else None)
        if kind is None or kind.n is not None:
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
    heading: str = ""  # the file's "title": an English message id of the game's catalog, or a teacher's own words

    def start(self, game: "Game") -> Any:
        return game.from_json(json.dumps(self.state))

    def solved(self, game: "Game", state: Any, start: Any = None) -> bool:
        return self.goal.reached(game, state, self.seat, self.start(game) if start is None else start)

    def title(self, game: "Game", lang: str = "en") -> str:
        """The scenario's title in ``lang``: its heading from the game's catalog (a heading the catalog
        does not hold is shown as written), else the rule it teaches and its id."""
        if self.heading:
            if self.heading in game.catalog.messages.catalog:
                return game.catalog.render(self.heading, {}, lang)
            return self.heading
        rule = self.rule if self.rule in game.rules else ""
        name = game.rules[rule].wording(lang)[0] if rule else game.title
        return words("{rule}: scenario {id}", lang, rule=name, id=self.id)

    def goal_text(self, lang: str = "en", game: "Game | None" = None) -> str:
        if game is None and self.goal.kind not in CORE_KINDS:
            from tutor import games

            game = games.get(self.game)
        return self.goal.text(lang, game)

    def to_dict(self, game: "Game | None" = None) -> dict:
        data: dict[str, Any] = {"id": self.id}
        if self.heading:
            data["title"] = self.heading
        data.update({"state": self.state, "seat": self.seat, "goal": self.goal.to_dict(game),
                     "solution": list(self.solution),
                     "replies": self.replies if isinstance(self.replies, str) else list(self.replies),
                     "rule": self.rule, "difficulty": self.difficulty, "origin": self.origin})
        return data


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


def answer(game: "Game", scenario: Scenario, state: Any, done: int, limit: int | None = None
           ) -> tuple[Any, list[Any], int]:
    """The replies from ``state`` until the learner's seat decides or the game ends (``done`` replies given so
    far): (the state then, the events narrated, the replies given in all).  IllegalAction when a reply is
    refused or none is left, or after ``limit`` replies."""
    events: list[Any] = []
    while (p := game.current_player(state)) is not None and p != scenario.seat:  # judged once they are done
        if limit is not None and done >= limit:
            raise _refuse("the learner's seat does not get a move")
        action = reply(game, scenario, state, done)
        state, said = game.apply_explained(state, action)
        events.extend(said)
        done += 1
    return state, events, done


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
        self.state = self.first = self.scenario.start(self.game)
        self.moves = 0
        self.played: list[str] = []  # the learner's moves as the engine writes them (a link replays them)
        self.replied = 0
        self.events: list[Any] = []
        self._reply()

    def _reply(self) -> None:
        self.state, events, self.replied = answer(self.game, self.scenario, self.state, self.replied)
        self.events.extend(events)

    @property
    def solved(self) -> bool:
        return self.scenario.solved(self.game, self.state, self.first)

    @property
    def failed(self) -> bool:
        """Out of moves or out of time (the goal's turn has passed), or the game ended, without reaching the goal."""
        if self.solved:
            return False
        sc = self.scenario
        return (self.moves >= sc.goal.moves or self.game.current_player(self.state) is None
                or sc.goal.expired(self.game, self.state, sc.seat, self.first))

    def play(self, action: Any) -> list[Any]:
        """The learner's move (and the replies it gets); the events narrated. IllegalAction if refused."""
        if self.solved or self.failed:
            raise _refuse("the scenario is over: reset it to play again")
        if self.game.current_player(self.state) != self.scenario.seat:
            raise _refuse("it is not your move")
        if isinstance(action, str):
            action = self.game.parse_action(self.state, action)
        state, events = self.game.apply_explained(self.state, action)
        # the replies before anything is kept: a reply refused (a fixed list that does not answer this move)
        # leaves the attempt as it was
        state, replies, replied = answer(self.game, self.scenario, state, self.replied)
        self.state, self.replied = state, replied
        self.events = list(events) + replies
        self.moves += 1
        self.played.append(str(action))
        return self.events


def in_time(game: "Game", scenario: Scenario, states: Sequence[Any]) -> bool:
    """Whether the goal is reached along ``states`` (from the start) before its time is over."""
    start = states[0]
    for state in states:
        if scenario.solved(game, state, start):
            return True
        if scenario.goal.expired(game, state, scenario.seat, start):
            return False
    return False


def _goal(game: "Game", r: ScenarioReader) -> Goal:
    kinds = goal_kinds(game)
    kind = r.choice("kind", list(kinds))
    moves = r.int("moves", 1, MAX_MOVES, default=kinds[kind].moves)
    span = kinds[kind].n
    n = r.int("n", span[0], span[1]) if span is not None else 0
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
    heading = r.str("title", 120, default="")
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
    goal = _goal(game, r.sub("goal"))
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
    sc = Scenario(sid, game.name, state_data, seat, goal, solution, replies, rule, difficulty, dict(origin), heading)
    if check:
        verify(game, sc, path)
    return sc


def verify(game: "Game", sc: Scenario, path: str = "") -> None:
    """What every scenario passes, the shipped ones (their tests) and a teacher's (:func:`load`): the game is
    not over and the goal not reached at the start; the replies before the learner's first decision apply
    and lead to it; every move listed there applies, and a fixed list of replies answers each of them; a
    solution given replays and reaches the goal in time.  ScenarioError naming the field otherwise (the
    engine's refusal, when there is one, kept as its ``refusal`` and the move as its ``move``: see
    :func:`explain`)."""
    def refused(key: str, template: str, exc: Exception | None = None, move: Any = None, **params: Any
                ) -> ScenarioError:
        if exc is not None:
            params["why"] = cut(str(exc) if isinstance(exc, IllegalAction) else type(exc).__name__, 120)
        if move is not None:
            params["move"] = cut(game.action_text(move), 60)
        err = ScenarioReader.error_at(f"{path}.{key}" if path else key, template, **params)
        err.refusal = exc if isinstance(exc, IllegalAction) else None  # type: ignore[attr-defined]
        err.move = move  # type: ignore[attr-defined]
        return err

    state = sc.start(game)
    if game.current_player(state) is None:
        raise refused("state", "the game is already over")
    if sc.solved(game, state, state):
        raise refused("goal", "is already reached at the start")
    try:
        first, _, done = answer(game, sc, state, 0, MAX_SOLUTION)
    except Exception as e:  # noqa: BLE001 - a bot or the engine failing on the file's position is the file's fault
        raise refused("replies", "a reply before the learner's first move is refused: {why}", e) from None
    if game.current_player(first) != sc.seat:
        raise refused("seat", "the learner's seat does not get a move")
    for action in game.legal_actions(first):
        try:
            after = game.apply(first, action)
        except Exception as e:  # noqa: BLE001 - an engine refusing its own listed move: the position is broken
            raise refused("state", "the start position refuses its own legal move “{move}”: {why}", e,
                          action) from None
        if not isinstance(sc.replies, str):
            try:
                answer(game, sc, after, done, MAX_SOLUTION)
            except Exception as e:  # noqa: BLE001
                raise refused("replies", "the replies do not answer the learner's legal move “{move}”: {why}", e,
                              action) from None
    if not sc.solution:
        return
    try:
        states = replay(game, sc)
    except Exception as e:  # noqa: BLE001
        raise refused("solution", "is refused: {why}", e) from None
    if not in_time(game, sc, states):
        raise refused("solution", "does not reach the goal")
    # the learner's own moves of the solution, played against the scenario's replies, solve it too
    own = [text for text, st in zip(sc.solution, states) if game.current_player(st) == sc.seat]
    try:
        session = Session(game, sc)
        for text in own:
            if session.solved:
                break
            session.play(text)
    except Exception as e:  # noqa: BLE001
        raise refused("replies", "the replies do not answer the learner's moves of the solution: {why}", e) from None
    if not session.solved:
        raise refused("solution", "played against the replies, the learner's moves of the solution do not reach "
                      "the goal")


def cut(text: str, limit: int) -> str:
    """``text`` as a message quotes it: cut to ``limit`` characters."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def explain(game: "Game", exc: ScenarioError, lang: str = "en") -> str:
    """A refused scenario file's reason in ``lang``: the field and the catalog's words, with the engine's
    refusal and the move it met, when there are, in ``lang`` too."""
    params = dict(getattr(exc, "params", {}))
    refusal, move = getattr(exc, "refusal", None), getattr(exc, "move", None)
    if refusal is not None:
        params["why"] = cut(game.message(refusal, lang), 120)
    if move is not None:
        params["move"] = cut(game.action_text(move, lang), 60)
    if not exc.template:
        return str(exc)
    return f"{exc.field}: {game.catalog.render(exc.template, params, lang)}"


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
    data = {"format": FORMAT, "game": game.name, "scenarios": [s.to_dict(game) for s in scenarios]}
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


def _lines(game: "Game", state: Any, seat: int, bot: Any, moves: int, width: int, stop: Any = None):
    """Every line of the seat's own ``moves`` decisions (replies by ``bot``): (final state, actions, seat moves).

    A line is not continued past a position where ``stop(state)`` holds (the goal reached or its time over)."""
    stack: list[tuple[Any, list[Any], int]] = [(state, [], 0)]
    while stack:
        s, line, done = stack.pop()
        if done == moves or game.current_player(s) is None or (done and stop is not None and stop(s)):
            continue
        actions = game.legal_actions(s)
        if len(actions) > width:
            continue
        for a in actions:
            ln = line + [a]
            s2 = _with_replies(game, game.apply(s, a), seat, bot, ln)
            yield s2, ln, done + 1
            stack.append((s2, ln, done + 1))


def greedy_reaches(game: "Game", state: Any, seat: int, goal: Goal) -> bool:
    """Whether the obvious move, played at every one of the seat's decisions (greedy replies), reaches
    ``goal`` in time: what a scenario's ``origin`` says fails (the Scenarios tab's attempt, replayed)."""
    greedy = bots.get("greedy")
    start = state
    state = _with_replies(game, state, seat, greedy, [])
    for _ in range(goal.moves + 1):
        if goal.reached(game, state, seat, start):
            return True
        if game.current_player(state) is None or goal.expired(game, state, seat, start):
            return False
        if _ == goal.moves:
            break
        state = _with_replies(game, game.apply(state, greedy.choose(game, state)), seat, greedy, [])
    return False


def _states(game: "Game", state: Any, line: Sequence[Any]) -> list[Any]:
    out = [state]
    for a in line:
        out.append(game.apply(out[-1], a))
    return out


def _search_order(game: "Game") -> list[tuple[str, GoalKind]]:
    """The goal kinds the search tries, the game's own first, then win, leader, score_at_least."""
    kinds = goal_kinds(game)
    own = [k for k in kinds if k not in CORE_KINDS]
    return [(k, kinds[k]) for k in own + ["win", "leader", "score_at_least"]]


def _bot_line(game: "Game", state: Any, seat: int, bot: Any, goal: Goal) -> tuple[list[Any], Any] | None:
    """The line ``bot`` plays at the seat's decisions (greedy replies) while it has time and moves,
    and its end, if it reaches ``goal``."""
    greedy = bots.get("greedy")
    line: list[Any] = []
    s = state
    for _ in range(goal.moves):
        if game.current_player(s) is None or goal.expired(game, s, seat, state):
            return None
        action = bot.choose(game, s)
        line.append(action)
        s = _with_replies(game, game.apply(s, action), seat, greedy, line)
        if goal.reached(game, s, seat, state):
            return line, s
    return None


def find_at(game: "Game", state: Any, moves: int = 2, width: int = 30,
            kinds: Sequence[str] | None = None, line_bot: str = "") -> tuple[Goal, list[Any], Any] | None:
    """A goal one line of at most ``moves`` decisions reaches in time and the greedy line does not, or None.

    The game's own goal kinds are tried first (a kind that takes a number: the largest from 3 down that
    the greedy line misses), then the core ones; ``kinds`` limits the search to those named.  With
    ``line_bot`` (a bot's name, e.g. "search") the learner's line is the one that bot plays, not every
    line (for goals too far for an exhaustive search: the race's end)."""
    seat = game.current_player(state)
    if seat is None:
        return None
    bot = bots.get("greedy")
    if line_bot:
        player = bots.get(line_bot)
        for name, kind in _search_order(game):
            if (kinds is not None and name not in kinds) or name == "score_at_least":
                continue
            numbers = [0] if kind.n is None else list(range(min(3, kind.n[1]), kind.n[0] - 1, -1))
            own = name not in CORE_KINDS and kind.expired is not None
            probe = Goal(name, numbers[0], kind.moves if own else moves)
            if probe.reached(game, state, seat, state) or probe.expired(game, state, seat, state):
                continue
            played = _bot_line(game, state, seat, player, probe)
            if played is None:
                continue
            line, end = played
            for n in numbers:
                goal = Goal(name, n, probe.moves)
                if in_time(game, Scenario("", game.name, {}, seat, goal, ()), _states(game, state, line)) \
                        and not greedy_reaches(game, state, seat, goal):
                    return goal, line, end
        return None
    for name, kind in _search_order(game):
        if kinds is not None and name not in kinds:
            continue
        own = name not in CORE_KINDS
        depth = moves
        if name == "score_at_least":
            best: tuple[Goal, list[Any], Any] | None = None
            for s, line, _done in _lines(game, state, seat, bot, depth, width):
                n = game.scores(s)[seat]
                if n <= game.scores(state)[seat] or (best is not None and n <= best[0].n):
                    continue
                goal = Goal(name, n, moves)
                if not greedy_reaches(game, state, seat, goal):
                    best = (goal, line, s)
            if best:
                return best
            continue
        numbers = [0] if kind.n is None else list(range(min(3, kind.n[1]), kind.n[0] - 1, -1))
        probe = Goal(name, numbers[0], kind.moves if own and kind.expired else depth)
        if probe.reached(game, state, seat, state) or probe.expired(game, state, seat, state):
            continue

        def stop(s: Any, probe: Goal = probe) -> bool:
            return probe.reached(game, s, seat, state) or probe.expired(game, s, seat, state)

        for s, line, done in _lines(game, state, seat, bot, depth, width, stop):
            if not probe.reached(game, s, seat, state) or probe.expired(game, s, seat, state):
                continue
            for n in numbers:
                goal = Goal(name, n, probe.moves if own and kind.expired else done)
                if goal.expired(game, s, seat, state):
                    continue
                if not greedy_reaches(game, state, seat, goal):
                    return goal, line, s
    return None


def find(name: str, count: int = 10, seeds: Sequence[int] = range(1, 200), moves: int = 2,
         players: int | None = None, every: int = 3, width: int = 30, max_ply: int = 200,
         on_found: Any = None, kinds: Sequence[str] | None = None, min_own: int = 1,
         examples: bool = True, first_ply: int = 0, prefix: str = "", keep: Any = None,
         pool: int | None = None, line_bot: str = "") -> list[Scenario]:
    """Scenarios found in seeded greedy-bot games (and at the worked examples' steps) of ``name``.

    ``kinds`` limits the goals searched (default: the game's own, then the core ones); ``min_own``
    keeps only lines of at least that many of the learner's own decisions; positions of the bot games
    are taken every ``every`` plies from ``first_ply`` on (only those ``keep(state)`` accepts, when
    given).  ``on_found(found)`` is called after each one (the command line writes the file as it
    goes).  ``pool`` bounds the bot games' positions searched (30 per scenario asked by default);
    ``line_bot`` plays the learner's line with that bot instead of trying every line (see
    :func:`find_at`).
    """
    from tutor import games

    game = games.get(name)
    out: list[Scenario] = []
    starts: list[tuple[Any, dict]] = []
    if examples:
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
            if ply >= first_ply and ply % every == 0 and (keep is None or keep(state)):
                searched.append((state, {"kind": "search", "players": n, "seed": seed, "ply": ply,
                                         "seats": "greedy"}))
            state = game.apply(state, bot.choose(game, state))
            ply += 1
        if len(searched) > (pool or 30 * count):
            break
    # the examples' positions and the searched ones, in turn
    mixed = [x for pair in zip(starts, searched) for x in pair]
    starts = mixed + starts[len(mixed) // 2:] + searched[len(mixed) // 2:]
    seen: set[str] = set()
    games_used: set[Any] = set()  # one scenario per bot game: positions of one game are alike
    all_kinds = goal_kinds(game)
    for state, origin in starts:
        if len(out) >= count:
            break
        if origin.get("seed") in games_used:
            continue
        try:
            key = json.dumps({k: v for k, v in game.view(state, None).items() if k != "seed"}, sort_keys=True)
            if game.current_player(state) is None or key in seen:
                continue
            seen.add(key)
            found = None
            for m in range(min_own, moves + 1):
                found = find_at(game, state, m, width, kinds, line_bot)
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
        kind = all_kinds[goal.kind]
        sc = Scenario(f"{prefix or name}-{len(out) + 1:02d}", name, json.loads(game.to_json(state)), seat, goal,
                      tuple(texts), "greedy", "", 1, {})
        try:
            check = replay(game, sc)
        except IllegalAction:
            continue
        own = sum(1 for st in check[:-1] if game.current_player(st) == seat)
        if own < min_own or not in_time(game, sc, check) or sc.solved(game, check[0], check[0]):
            continue
        rule = kind.rule.format(ruleset=game.view(state, None).get("ruleset", "")) if kind.rule else ""
        if rule not in game.rules:
            rule = game.action_rule(state, line[0])
        player = f"the {line_bot} bot's line" if line_bot else "the line"
        how = (f"from {origin['kind']} position; {player} reaches the goal ({goal.kind}"
               f"{f' {goal.n}' if kind.n else ''}) in {own} of the learner's moves; the greedy move "
               f"({greedy_first}), played at every decision, does not; replies by the greedy bot")
        sc = Scenario(sc.id, name, sc.state, seat, goal, sc.solution, "greedy", rule, min(3, own),
                      dict(origin, how=how, greedy=greedy_first, greedy_fails=True))
        out.append(sc)
        if "seed" in origin:
            games_used.add(origin["seed"])
        if on_found:
            on_found(out)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    from pathlib import Path

    from tutor import games

    p = argparse.ArgumentParser(prog="python -m tutor.scenarios", description=(__doc__ or "").split("\n")[0])
    p.add_argument("--find", metavar="GAME", required=True, choices=games.names())
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--moves", type=int, default=2, help="at most this many of the learner's decisions")
    p.add_argument("--min-own", type=int, default=1, help="at least this many of the learner's decisions")
    p.add_argument("--kinds", default="", help="comma-separated goal kinds (default: the game's own, then core)")
    p.add_argument("--width", type=int, default=30, help="skip positions with more legal actions")
    p.add_argument("--seeds", type=int, default=200)
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--every", type=int, default=3, help="search every n-th position of each bot game")
    p.add_argument("--first-ply", type=int, default=0, help="search the bot games from this ply on")
    p.add_argument("--no-examples", action="store_true", help="search the bot games only")
    p.add_argument("--write", action="store_true", help="write the game's data/scenarios.json")
    p.add_argument("--append", action="store_true", help="keep the scenarios already in the file")
    a = p.parse_args(argv)
    game = games.get(a.find)
    target = Path(games.entry(a.find).module.replace(".", "/"), "data", "scenarios.json")
    kept = load(game, target.read_text(encoding="utf-8"), check=False) if a.append and target.exists() else []

    def numbered(found: list[Scenario]) -> list[Scenario]:
        out = list(kept)
        for sc in found:
            out.append(dataclasses.replace(sc, id=f"{a.find}-{len(out) + 1:02d}"))
        return out

    def write(found: list[Scenario]) -> None:
        target.write_text(dump(game, numbered(found)), encoding="utf-8")
        print(f"{len(found)} scenarios found", flush=True)

    found = find(a.find, a.count, seeds=range(a.first_seed, a.first_seed + a.seeds), moves=a.moves, width=a.width,
                 every=a.every, on_found=write if a.write else None, players=a.players,
                 kinds=[k for k in a.kinds.split(",") if k] or None, min_own=a.min_own,
                 examples=not a.no_examples, first_ply=a.first_ply)
    if not a.write:
        print(dump(game, numbered(found)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
