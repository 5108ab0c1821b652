"""A game in progress, apart from any screen that draws it.

A :class:`Table` holds everything a screen needs to draw a game from scratch: the game, how it
began (:class:`Start`: the players, seed, ruleset and setup options of a new game, or the
position it was loaded from), every move made and the narration the engine gave of it (one
:class:`Entry` per position), the position shown (undo and redo move it; the moves undone stay
until another move replaces them), who sits at each seat (a person, or a bot by name), whose
view the screen shows, and how fast the bots play.  A panel, a test, another page or a second
screen can hold the same table; :meth:`Table.to_json` and :meth:`Table.from_json` carry it
whole (the start, the moves as the engine writes them, the position shown), replayed exactly.

No rule is decided here: every move goes through ``game.apply_explained`` and an illegal one
raises the engine's :class:`tutor.core.IllegalAction` with the table unchanged.  It imports the
engine's contract (:mod:`tutor.core`), the bots and the registry of games; never a widget.

>>> from tutor import games
>>> fire_bulls = games.get("fire-bulls")
>>> table = Table(fire_bulls, players=2, seed=7)
>>> first = table.state
>>> events = table.play(fire_bulls.legal_actions(first)[0])
>>> table.undo() and table.state is first
True
>>> table.redo() and len(table.history)
2
>>> again = Table.from_json(table.to_json())
>>> again.state == table.state and again.seats == ["person", "person"]
True
>>> Table.from_json('{"game": "fire-bulls", "start": {"players": 9, "seed": 1}}', fire_bulls)
Traceback (most recent call last):
...
tutor.core.errors.ScenarioError: start.players: expected a whole number from 2 to 5, got 9
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Sequence

from tutor import bots, games
from tutor.core import (Event, Game, IllegalAction, ScenarioError, ScenarioReader, dump_json,
                        parse_json_object, short)

_LOG = logging.getLogger(__name__)

PERSON = "person"  # a seat played by someone at the screen; any other seat is a bot's name
MAX_BOT_ACTIONS = 20_000  # bots playing alone stop after this many moves, whatever the game
# How fast bots play: seconds between two bot moves; "step": one move each time a person asks
# for it; "end": as fast as the screen can draw.
SPEEDS: dict[str, float | None] = {"step": None, "slow": 1.2, "fast": 0.25, "end": 0.0}
FORMAT = 1  # the version of the JSON that to_json writes
MAX_MOVE_CHARS = 200
MAX_OPTIONS = 8
NOT_A_FIELD = "is not a field of a game in progress"


def seat_count(view: dict) -> int:
    """How many seats a view shows (``players`` is a count; a list is counted)."""
    players = view.get("players")
    if isinstance(players, int) and not isinstance(players, bool):
        return players
    return len(players) if isinstance(players, list) else len(view.get("hands", ()))


@dataclass
class Entry:
    """One position of the game's history and how it was reached."""

    state: Any
    action: Any = None
    player: int | None = None
    events: list = field(default_factory=list)


@dataclass(frozen=True)
class Start:
    """How a game began: a new game (``players``, ``seed``, ``ruleset``, the setup ``options`` given
    to ``game.new_game``) or a position loaded (``scenario``, the game's scenario JSON)."""

    players: int
    seed: int = 1
    ruleset: str | None = None
    options: dict = field(default_factory=dict)
    scenario: str | None = None

    def state(self, game: Game) -> Any:
        """The first position (ValueError or TypeError from the engine for a setup it refuses)."""
        if self.scenario is not None:
            return game.from_json(self.scenario)
        return game.new_game(self.players, self.seed, ruleset=self.ruleset, **self.options)

    def to_dict(self) -> dict:
        if self.scenario is not None:
            return {"seed": self.seed, "scenario": json.loads(self.scenario)}
        out: dict[str, Any] = {"players": self.players, "seed": self.seed}
        if self.ruleset is not None:
            out["ruleset"] = self.ruleset
        if self.options:
            out["options"] = dict(self.options)
        return out


class Table:
    """A game in progress: a new game of ``players`` (the game's fewest by default) from ``seed``.

    ``seats`` names who plays each seat (``"person"`` or a bot of :func:`tutor.bots.names`; every
    seat a person by default); ``speed`` is a key of :data:`SPEEDS`.  A setup the engine refuses
    raises its ValueError or TypeError."""

    def __init__(self, game: Game, players: int | None = None, seed: int = 1, ruleset: str | None = None,
                 seats: Sequence[str] | None = None, options: dict | None = None, *,
                 speed: str = "slow", paused: bool = False, everything: bool = False):
        self.game = game
        self.speed = speed if speed in SPEEDS else "slow"
        self.paused = paused
        self.everything = everything  # the screen shows every hand (the teacher's view)
        self.hand_shown = False  # in hotseat, the seat deciding has asked to see its hand
        self.seats: list[str] = []
        self.history: list[Entry] = []
        self.index = 0
        self._bots: dict[tuple, Any] = {}
        self.start = Start(players or game.min_players, seed, ruleset)
        self.new_game(players, seed, ruleset, seats, options)

    # ------------------------------------------------------------ starting
    def new_game(self, players: int | None = None, seed: int | None = None, ruleset: str | None = None,
                 seats: Sequence[str] | None = None, options: dict | None = None) -> None:
        """Start again: a new game (the same players and seed unless given).  A setup the engine
        refuses raises its ValueError or TypeError and changes nothing."""
        n = players or self.start.players
        start = Start(n, self.start.seed if seed is None else seed, ruleset, dict(options or {}))
        seated = self._seated(seats, n)
        self._begin(start, start.state(self.game), seated)

    def load(self, scenario: Any, seats: Sequence[str] | None = None) -> dict:
        """Start from a position: a scenario file's text (ScenarioError naming the field when it
        cannot be read, nothing changed) or a state.  ``seats`` may name more seats than the
        position has (the first ones sit).  Returns the position as the teacher sees it."""
        if isinstance(scenario, (str, bytes)):
            state = self.game.from_json(scenario)
        else:
            state = scenario
        view = self.game.view(state, None)
        n = seat_count(view) or self.start.players
        ruleset = view.get("ruleset") if view.get("ruleset") in self.game.rulesets else None
        seated = self._seated(seats, n)
        start = Start(n, self.start.seed, ruleset, {}, self.game.to_json(state))
        self._begin(start, state, seated)
        return view

    def _seated(self, seats: Sequence[str] | None, n: int) -> list[str]:
        chosen = list(seats if seats is not None else self.seats)[:n]
        chosen += [PERSON] * (n - len(chosen))
        known = (PERSON, *bots.names(self.game.name))
        for seat in chosen:
            if seat not in known:
                raise ValueError(f"no bot called {seat!r} plays {self.game.name}; choose one of {', '.join(known)}")
        return chosen

    def _begin(self, start: Start, state: Any, seats: list[str]) -> None:
        self.start = start
        self.seats = seats
        self.history = [Entry(state)]
        self.index = 0
        self._bots = {}  # a new game, new bots (each remembers one game)
        self.hand_shown = False

    # ------------------------------------------------------------ who plays
    @property
    def state(self) -> Any:
        """The position shown."""
        return self.history[self.index].state

    @property
    def to_decide(self) -> int | None:
        """The seat that decides at the shown position (None once the game is over)."""
        return self.game.current_player(self.state)

    def seat_of(self, player: int | None) -> str:
        """"person" or the bot's name at ``player``'s seat."""
        if player is None or not 0 <= player < len(self.seats):
            return PERSON
        return self.seats[player]

    def is_person(self, player: int | None) -> bool:
        return player is not None and self.seat_of(player) == PERSON

    @property
    def human_to_move(self) -> bool:
        return self.is_person(self.to_decide)

    @property
    def people(self) -> list[int]:
        return [p for p in range(len(self.seats)) if self.seats[p] == PERSON]

    @property
    def hotseat(self) -> bool:
        """Several people share the screen: each hand stays hidden until its player asks."""
        return len(self.people) > 1

    def bot_at(self, player: int | None) -> Any:
        """The bot playing ``player``'s seat: one object a seat while its name stays, told every action
        (:func:`tutor.bots.tell`) so it remembers what the table has seen between its decisions."""
        name = self.seat_of(player)
        key = (player, name)
        if key not in self._bots:
            self._bots[key] = bots.get(name)
        return self._bots[key]

    # ------------------------------------------------------------ moves
    def play(self, action: Any) -> list[Event]:
        """Play ``action`` for the seat deciding at the shown position (the moves undone from here are
        forgotten) and return the engine's narration.  An illegal move raises the engine's
        IllegalAction, its rule named, and changes nothing."""
        before, mover = self.state, self.to_decide
        after, events = self.game.apply_explained(before, action)
        del self.history[self.index + 1:]
        self.history.append(Entry(after, action, mover, list(events)))
        self.index += 1
        try:  # each seated bot remembers what it saw (a bot that missed a move, after an undo, starts afresh)
            bots.tell([self.bot_at(p) for p in range(len(self.seats)) if not self.is_person(p)], self.game,
                      before, action, after)
        except Exception:  # noqa: BLE001 - a bot's memory must not stop the game, but is not hidden either
            _LOG.exception("a bot could not be told %r; it plays on without it", action)
        if self.to_decide != mover or self.game.info.secret_choices:
            # hotseat: the next player asks to see their hand; after a secret choice every
            # hand hides again (what follows is for all to see)
            self.hand_shown = False
        return list(events)

    @property
    def bot_to_move(self) -> bool:
        """A bot's seat decides at the shown position."""
        player = self.to_decide
        return player is not None and not self.is_person(player)

    def bot_choice(self) -> Any:
        """The move the bot of the seat deciding chooses here (None when no bot decides)."""
        if not self.bot_to_move:
            return None
        return self.bot_at(self.to_decide).choose(self.game, self.state)

    def bot_move(self) -> list[Event] | None:
        """The bot of the seat deciding plays its move (None when no bot decides)."""
        if not self.bot_to_move:
            return None
        return self.play(self.bot_choice())

    def run_bots(self, limit: int = MAX_BOT_ACTIONS) -> int:
        """The bots play until a person decides or the game ends; returns how many moves they made."""
        for n in range(limit):
            if self.bot_move() is None:
                return n
        return limit

    # ------------------------------------------------------------ undo, redo
    @property
    def bots_running(self) -> bool:
        """Bots play by themselves: a speed other than "step", not paused."""
        return SPEEDS.get(self.speed) is not None and not self.paused

    @property
    def delay(self) -> float | None:
        """Seconds between two bot moves (None: one at a time, when a person asks)."""
        return SPEEDS.get(self.speed)

    def stops(self) -> list[int]:
        """Positions undo/redo stop at: a person to decide, or the end (every move when bots play
        alone or step by step)."""
        if not self.people or not self.bots_running:
            return list(range(len(self.history)))
        out = []
        for i, e in enumerate(self.history):
            player = self.game.current_player(e.state)
            if i == 0 or player is None or self.is_person(player):
                out.append(i)
        return out

    @property
    def can_undo(self) -> bool:
        return any(i < self.index for i in self.stops())

    @property
    def can_redo(self) -> bool:
        return any(i > self.index for i in self.stops())

    def undo(self) -> bool:
        """Back to the previous stop (False when there is none).  Bots playing alone pause."""
        if not self.people and self.bots_running:
            self.paused = True  # "resume" plays on from the position undone to
        earlier = [i for i in self.stops() if i < self.index]
        if not earlier:
            return False
        self.index = earlier[-1]
        self.hand_shown = False
        return True

    def redo(self) -> bool:
        """On to the next stop among the moves undone (False when there is none)."""
        later = [i for i in self.stops() if i > self.index]
        if not later:
            return False
        self.index = later[0]
        self.hand_shown = False
        return True

    # ------------------------------------------------------------ what is shown
    def viewer(self) -> int | None:
        """Whose view the screen shows: None (everything) when only bots play, everything is asked
        for, or the game is over; the person's seat against bots; in hotseat the seat that decides
        now (a bot's turn: the first person, with every hand hidden)."""
        people = self.people
        if self.everything or not people:
            return None
        player = self.to_decide
        if player is None:
            return None
        if len(people) == 1:
            return people[0]
        return player if self.is_person(player) else people[0]

    def hand_hidden(self) -> bool:
        """In hotseat the viewer's own hand stays hidden until they ask to see it (``hand_shown``)."""
        return (self.hotseat and not self.everything and self.viewer() is not None
                and not (self.hand_shown and self.human_to_move))

    def view_of(self, state: Any, viewer: int | None, hide_own: bool = False) -> dict:
        """``game.view(state, viewer)``, with the viewer's own hand hidden when ``hide_own``."""
        view = self.game.view(state, viewer)
        if hide_own and viewer is not None:
            hands = list(view["hands"])
            if 0 <= viewer < len(hands):
                hands[viewer] = None
            view = {**view, "hands": hands}
        return view

    def views(self) -> tuple[dict, dict | None]:
        """The shown position and the one before, as the viewer sees them (the engine's ``trace``
        of the moves since a person last decided in the first, when there is one)."""
        viewer, hide = self.viewer(), self.hand_hidden()
        view = self.view_of(self.state, viewer, hide)
        before = self.view_of(self.history[self.index - 1].state, viewer, hide) if self.index else None
        trace = self.game.trace(self.recent_events())
        if trace is not None:
            view = {**view, "trace": trace}
        return view, before

    @property
    def over(self) -> bool:
        """Whether the game shown has ended."""
        return self.game.current_player(self.state) is None

    def result(self, lang: str = "en") -> tuple[str, str]:
        """The end of the game in one sentence in ``lang`` and the id of the rule that decided it:
        who won, by how much when the game counts points, and the rule ("Player 2 wins: 23 to 19
        (Winning and ties).").  ("", "") while the game goes on."""
        from tutor.quiz import seat_name, words

        game, state = self.game, self.state
        if not self.over:
            return "", ""
        winners = list(game.winners(state))
        scores = list(game.scores(state))
        rule = ""
        for entry in reversed(self.history[1:self.index + 1]):  # the rule the last move ended the game by:
            told = [e for e in entry.events if e.rule in game.rules]  # its result, else its end, else its last
            if told:
                rule = next((e.rule for kind in ("result", "end") for e in told if e.kind == kind), told[-1].rule)
                break
        title = game.rules[rule].wording(lang)[0] if rule else game.title
        names = [seat_name(game, p, lang) for p in winners]
        if len(winners) == 1:
            w = winners[0]
            rest = sorted((scores[p] for p in range(len(scores)) if p != w), reverse=True)
            if rest and scores[w] != rest[0]:
                return words("{Winner} wins: {score} to {next} ({rule}).", lang, winner=names[0],
                             score=scores[w], next=rest[0], rule=title), rule
            return words("{Winner} wins ({rule}).", lang, winner=names[0], rule=title), rule
        if winners:
            return words("A tie between {winners} ({rule}).", lang, winners=", ".join(names), rule=title), rule
        return words("Nobody wins ({rule}).", lang, rule=title), rule

    def rematch_seats(self) -> list[str]:
        """The seats moved round by one (a rematch with seats swapped: each one plays the next seat)."""
        n = self.start.players
        seats = list(self.seats[:n])
        return seats[-1:] + seats[:-1] if seats else seats

    def recent_events(self) -> list:
        """The events since a person last decided (just the last move in hotseat)."""
        earlier = [i for i in self.stops() if i < self.index]
        start = earlier[-1] + 1 if earlier else 1
        return [ev for e in self.history[start:self.index + 1] for ev in e.events]

    def scores_over_turns(self) -> tuple[list[int], list[list[int]]]:
        """(turn numbers from 1 and the scores at the end of each turn) up to the shown position.

        A turn is the view's ``turn`` when the game counts turns; otherwise each position is one."""
        by_turn: dict[int, list[int]] = {}
        for i, e in enumerate(self.history[:self.index + 1]):
            turn = self.game.view(e.state, None).get("turn")
            turn = turn if isinstance(turn, int) and not isinstance(turn, bool) else i
            by_turn[turn + 1] = list(self.game.scores(e.state))
        turns = sorted(by_turn)
        return turns, [by_turn[k] for k in turns]

    # ------------------------------------------------------------ JSON
    def to_json(self) -> str:
        """The whole table as JSON: the start, the seats, every move (undone ones too) as the engine
        writes it, the position shown, the bots' pace and whose view is shown."""
        return dump_json({
            "game": self.game.name,
            "format": FORMAT,
            "start": self.start.to_dict(),
            "seats": list(self.seats),
            "moves": [str(e.action) for e in self.history[1:]],
            "at": self.index,
            "pace": {"speed": self.speed, "paused": self.paused},
            "view": {"everything": self.everything, "hand_shown": self.hand_shown},
        })

    @classmethod
    def from_json(cls, text: str | bytes, game: Game | None = None) -> "Table":
        """A table read back from :meth:`to_json`, every move replayed through the engine.  Anything
        wrong raises ScenarioError naming the field (``moves[3]``, ``start.scenario.hands[0]``)."""
        r = ScenarioReader(parse_json_object(text))
        _only(r, ("game", "format", "start", "seats", "moves", "at", "pace", "view"))
        if game is None:
            game = games.get(r.choice("game", games.names()))
        else:
            name = r.data.get("game", game.name)
            if name != game.name:
                raise r.error("game", "this file is for {got}, not {want}", got=short(name), want=game.name)
        r.int("format", 1, FORMAT, default=FORMAT)
        table = cls.__new__(cls)
        table.game = game
        pace = r.sub("pace") if "pace" in r.data else ScenarioReader({}, "pace")
        _only(pace, ("speed", "paused"))
        table.speed = pace.choice("speed", list(SPEEDS), default="slow")
        table.paused = pace.get("paused", bool, default=False)
        view = r.sub("view") if "view" in r.data else ScenarioReader({}, "view")
        _only(view, ("everything", "hand_shown"))
        table.everything = view.get("everything", bool, default=False)
        start, state = _read_start(game, r.sub("start"))
        known = [PERSON, *bots.names(game.name)]
        seats = r.list("seats", length=start.players, default=[PERSON] * start.players)
        for i, seat in enumerate(seats):
            if isinstance(seat, (list, dict)) or seat not in known:
                raise ScenarioReader.error_at(f"seats[{i}]", "expected one of {choices}, got {got}",
                                              choices=", ".join(known), got=short(seat))
        table._begin(start, state, list(seats))
        moves = r.list("moves", max_len=game.info.max_actions, default=[])
        for i, text_move in enumerate(moves):
            table._replay(i, text_move)
        table.index = r.int("at", 0, len(moves), default=len(moves))
        table.hand_shown = view.get("hand_shown", bool, default=False)
        return table

    def _replay(self, i: int, text: Any) -> None:
        where = f"moves[{i}]"
        if not isinstance(text, str):
            raise ScenarioReader.error_at(where, "expected text, got {got}", got=short(text))
        if len(text) > MAX_MOVE_CHARS:
            raise ScenarioReader.error_at(where, "is longer than {limit} characters", limit=MAX_MOVE_CHARS)
        if self.to_decide is None:
            raise ScenarioReader.error_at(where, "the game is already over")
        try:
            self.play(self.game.parse_action(self.state, text))
        except IllegalAction as exc:
            raise ScenarioReader.error_at(where, "is refused: {why}", why=short(str(exc), 120)) from None
        except Exception as exc:  # noqa: BLE001 - a move the engine cannot even read is refused too
            raise ScenarioReader.error_at(where, "is refused: {why}", why=type(exc).__name__) from None


def _only(r: ScenarioReader, keys: Sequence[str]) -> None:
    for key in r.data:
        if key not in keys:
            raise r.error(str(key)[:40], NOT_A_FIELD)


def _read_start(game: Game, r: ScenarioReader) -> tuple[Start, Any]:
    """The start of a game in progress and its first position."""
    seed = r.int("seed", -10**18, 10**18, default=1)
    if "scenario" in r.data:
        _only(r, ("seed", "scenario"))
        try:
            state = game.from_json(json.dumps(r.get("scenario", dict)))
        except ScenarioError as exc:
            raise ScenarioReader.error_at(f"{r.field('scenario')}.{exc.field}", exc.template or exc.message,
                                          **exc.params) from None
        view = game.view(state, None)
        ruleset = view.get("ruleset") if view.get("ruleset") in game.rulesets else None
        players = seat_count(view)
        if not game.min_players <= players <= game.max_players:
            raise r.error("scenario", "expected {what}, got {got}", what="a position of the game", got=players)
        return Start(players, seed, ruleset, {}, game.to_json(state)), state
    _only(r, ("seed", "players", "ruleset", "options"))
    ruleset = r.choice("ruleset", list(game.rulesets), default=None) if game.rulesets else None
    # no ruleset named: the engine picks one that suits the number of players
    counts = game.info.player_counts(ruleset) if ruleset else range(game.min_players, game.max_players + 1)
    players = r.int("players", counts.start, counts.stop - 1)
    options = r.get("options", dict, default={})
    if len(options) > MAX_OPTIONS:
        raise r.error("options", "expected at most {n} entries, got {got}", n=MAX_OPTIONS, got=len(options))
    for key, value in options.items():
        values = value if isinstance(value, list) else [value]
        if (not key.isidentifier() or len(key) > 40 or len(values) > game.max_players
                or not all(isinstance(v, (str, int)) and len(str(v)) <= 60 for v in values)):
            raise ScenarioReader.error_at(f"{r.field('options')}.{key[:40]}", NOT_A_FIELD)
    start = Start(players, seed, ruleset, dict(options))
    try:
        state = start.state(game)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise r.error("options" if options else "players", "is refused: {why}", why=short(str(exc), 120)) from None
    return start, state
