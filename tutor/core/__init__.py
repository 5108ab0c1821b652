"""The interface every game in the tutor shares.

A game is a module-level object with the same small set of functions (see
:class:`Game`).  States are immutable values; ``apply`` returns a new state and
never touches the one passed in.  Every rule the engine applies is a
:class:`Rule` loaded from the game's own data file, with the sentence it comes
from quoted in the rulebook's language.

Errors are values a panel can show:

>>> err = IllegalAction("fire-bulls/attack/order", "attack the nearest card first")
>>> isinstance(err, ValueError), err.rule
(True, 'fire-bulls/attack/order')
>>> ScenarioError("hands[0]", "expected a list of cards").field
'hands[0]'
"""

from __future__ import annotations

import builtins
import json
import re
from dataclasses import dataclass, field
from importlib import resources
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Container, Iterable, Iterator, Sequence

__all__ = [
    "IllegalAction",
    "ActionParseError",
    "ScenarioError",
    "Quote",
    "Rule",
    "RuleBook",
    "Event",
    "Step",
    "Example",
    "Game",
    "GameInfo",
    "GoalKind",
    "Messages",
    "Catalog",
    "ScenarioReader",
    "load_json_data",
    "parse_json_object",
    "dump_json",
    "short",
    "plain_math",
    "LESSON",
]


class IllegalAction(ValueError):
    """An action the rules forbid.  ``.rule`` is the id of the broken rule.

    ``template`` and ``params``, when given, let a game render the message in
    another language (see :class:`Messages`); ``message`` is the English text.
    """

    def __init__(self, rule: str, message: str, template: str = "", params: dict | None = None):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.template = template
        self.params = dict(params or {})

    def __str__(self) -> str:  # the plain-words message, without the id
        return self.message


class ActionParseError(IllegalAction):
    """Action text that does not name any action of the game."""


class ScenarioError(ValueError):
    """A scenario file that cannot be loaded.  ``.field`` names the bad field."""

    MAX_CHARS = 300  # str(error) is always shorter

    def __init__(self, field: str, message: str, template: str = "", params: dict | None = None):
        """
        >>> len(str(ScenarioError("hands", "x" * 10**6))) < ScenarioError.MAX_CHARS
        True
        """
        field = field if len(field) <= 80 else field[:77] + "..."
        if len(message) > self.MAX_CHARS - len(field) - 3:
            message = message[: self.MAX_CHARS - len(field) - 6] + "..."
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.template = template
        self.params = dict(params or {})


@dataclass(frozen=True)
class Quote:
    """A sentence quoted from a rulebook file, in its own language."""

    file: str
    lang: str
    text: str


@dataclass(frozen=True)
class Rule:
    """One clause of a game's rules.

    ``rulesets`` lists the rulesets the clause belongs to (empty: all of them).
    ``reconstructed`` is true when the rulebooks do not state the clause and the
    project chose the most plausible reading; ``note`` then says why.
    """

    id: str
    title: str
    text: str
    quotes: tuple[Quote, ...] = ()
    rulesets: tuple[str, ...] = ()
    reconstructed: bool = False
    note: str = ""
    topic: str = ""
    # {"it": {"title": ..., "text": ...}, "fr": {...}}: the wording in other languages
    translations: dict = field(default_factory=dict, hash=False, compare=False)

    def wording(self, lang: str = "en") -> tuple[str, str]:
        """(title, text) in ``lang`` ("en", "it" or "fr"), English when missing (French with its
        no-break spaces before ``: ; ! ?``, as every French message)."""
        tr = self.translations.get(lang, {})
        title, text = tr.get("title", self.title), tr.get("text", self.text)
        if lang == "fr":
            return french_spacing(title), french_spacing(text)
        return title, text

    def applies_to(self, ruleset: str) -> bool:
        return not self.rulesets or ruleset in self.rulesets


class RuleBook:
    """The rules of one game, as loaded from its data file, by id."""

    def __init__(self, game: str, rules: Iterable[Rule], differences: Sequence[dict] = (),
                 topics: dict | None = None):
        self.game = game
        # {topic: {"en": name, "it": name, "fr": name}}: the table of contents' headings
        self.topics: dict[str, dict] = dict(topics or {})
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id}")
            if not rule.id.startswith(game + "/"):
                raise ValueError(f"rule id {rule.id} is not under {game}/")
            self._rules[rule.id] = rule
        self.differences = list(differences)

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)

    def for_ruleset(self, ruleset: str) -> list[Rule]:
        return [r for r in self._rules.values() if r.applies_to(ruleset)]

    def search(self, text: str, ruleset: str | None = None) -> list[Rule]:
        """Rules whose id, title, wording or quotes contain every word of ``text``.

        Literal and unranked; the Rules tab ranks with :func:`tutor.rulesearch.search`."""
        words = text.lower().split()
        found = []
        for rule in self._rules.values():
            if ruleset and not rule.applies_to(ruleset):
                continue
            hay = " ".join(
                [rule.id, rule.title, rule.text, rule.note] + [q.text for q in rule.quotes]
            ).lower()
            if all(w in hay for w in words):
                found.append(rule)
        return found

    @classmethod
    def from_data(cls, game: str, data: dict) -> "RuleBook":
        rules = []
        for raw in data["rules"]:
            rules.append(
                Rule(
                    id=raw["id"],
                    title=raw["title"],
                    text=raw["text"],
                    quotes=tuple(Quote(**q) for q in raw.get("quotes", ())),
                    rulesets=tuple(raw.get("rulesets", ())),
                    reconstructed=bool(raw.get("reconstructed", False)),
                    note=raw.get("note", ""),
                    topic=raw.get("topic", raw["id"].split("/")[1]),
                    translations=dict(raw.get("translations", {})),
                )
            )
        return cls(game, rules, data.get("differences", ()), data.get("topics"))


@dataclass(frozen=True)
class Event:
    """Something that happened while an action was applied, for narration.

    ``rule`` is the id of the rule that made it happen; ``data`` holds the
    machine-readable details (cards, players, points).
    """

    rule: str
    text: str
    kind: str = "info"
    data: tuple[tuple[str, Any], ...] = ()
    template: str = ""  # the English message id ``text`` was rendered from

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Step:
    """One step of a worked example.

    ``action`` is None for a narration-only step (the state does not change).
    When ``illegal`` is set, the step shows an action the rules refuse: the
    state stays as it was and ``illegal`` is the id of the rule that refuses it.
    """

    before: Any
    after: Any
    action: Any
    narration: str
    rules: tuple[str, ...]
    events: tuple[Event, ...] = ()
    illegal: str | None = None


@dataclass(frozen=True)
class Example:
    """A rulebook's worked example, replayed through the engine."""

    id: str
    title: str
    source: Quote
    ruleset: str
    start: Any
    steps: tuple[Step, ...]
    outcome: str
    expected: tuple[tuple[str, Any], ...] = ()
    note: str = ""

    @property
    def final(self) -> Any:
        return self.steps[-1].after if self.steps else self.start


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as data: the registry, the pages, the bots and the
    conformance suite read it instead of asking the game's state.

    ``decisions`` lists every kind :meth:`Game.decision` may return (the
    catalog names each one under ``names/<lang>/decisions``); ``max_actions``
    bounds the length of any game (the conformance suite plays random games
    and requires them to end within it).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    rulesets: tuple[str, ...]
    default_ruleset: str
    decisions: tuple[str, ...]
    max_actions: int
    hidden_information: bool = False
    secret_choices: bool = False
    chance: bool = False
    languages: tuple[str, ...] = ("en", "it", "fr")
    rulebooks: tuple[str, ...] = ()
    ruleset_names: tuple[tuple[str, str], ...] = ()  # (ruleset, English name)
    # (ruleset, min players, max players) for a ruleset that seats fewer than the game
    ruleset_players: tuple[tuple[str, int, int], ...] = ()

    def player_counts(self, ruleset: str) -> range:
        """The player counts ``ruleset`` is played with (the conformance suite plays each).

        >>> info = GameInfo("g", "G", 2, 5, ("base", "big"), "base", ("move",), 99,
        ...                 ruleset_players=(("base", 2, 2),))
        >>> list(info.player_counts("base")), list(info.player_counts("big"))
        ([2], [2, 3, 4, 5])
        """
        for name, lo, hi in self.ruleset_players:
            if name == ruleset:
                return range(lo, hi + 1)
        return range(self.min_players, self.max_players + 1)


@dataclass(frozen=True)
class GoalKind:
    """A kind of scenario goal only one game can check ("win the Colonel this turn"), as data.

    A game lists its kinds in :meth:`Game.goal_kinds`; :mod:`tutor.scenarios`
    accepts them beside its own (``win``, ``score_at_least``, ``leader``).

    ``template`` is the goal's sentence: an English message id of the game's
    catalog, translated there, with ``{n}`` and ``{moves}`` filled in.
    ``reached(game, start, state, seat, n)`` says whether ``seat`` has reached
    it at ``state``, ``start`` being the scenario's first position (a goal such
    as "take a fountain" compares the two).  ``expired`` (same arguments), when
    given, says the time the goal allows is over (the turn has passed): the
    attempt fails then, whatever the learner's moves left.  ``n`` is the
    (lowest, highest) number the goal takes, None when it takes none;
    ``moves`` the learner's decisions a goal of this kind allows by default;
    ``rule`` the id of the rule it teaches (``{ruleset}`` is filled in with
    the position's ruleset), cited by the scenarios that set it.

    >>> k = GoalKind("first", "Be first within {n} turns.", lambda g, a, b, seat, n: True, n=(1, 5))
    >>> k.reached(None, None, None, 0, 3), k.expired is None
    (True, True)
    """

    name: str
    template: str
    reached: Any  # (game, start, state, seat, n) -> bool
    expired: Any = None  # (game, start, state, seat, n) -> bool, or None: only the learner's moves run out
    n: tuple[int, int] | None = None
    moves: int = 1
    rule: str = ""


class Game(ABC):
    """The contract every game keeps (python-chess and OpenSpiel are the models).

    States are immutable values; ``apply`` returns a new state, never touches
    the one passed in, and refuses anything that is not a legal action with
    :class:`IllegalAction` naming the rule (an action value or text that means
    nothing is refused the same way).  Chance comes only from the seed carried
    in the state, so a game replays exactly from its seed and actions.

    Who decides: :meth:`current_player` (None once the game is over) and
    :meth:`decision`, a short kind from ``info.decisions``.  A decision taken
    outside the active player's turn (a dispute, a window to cancel) is an
    ordinary decision of that player; a secret choice is a decision whose
    result :meth:`view` hides from the other seats.

    Words: every narration, refusal, action text, example text, card name and
    decision name comes from the game's :class:`Catalog` in English, Italian
    and French.
    """

    info: ClassVar[GameInfo]

    # -------------------------------------------------------- metadata
    @property
    def name(self) -> str:
        return self.info.name

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    @property
    def rulesets(self) -> tuple[str, ...]:
        return self.info.rulesets

    @property
    def default_ruleset(self) -> str:
        return self.info.default_ruleset

    @property
    def languages(self) -> tuple[str, ...]:
        return self.info.languages

    @property
    @abstractmethod
    def rules(self) -> RuleBook:
        """Every clause of the rules, with its rulebook quotes."""

    @property
    @abstractmethod
    def catalog(self) -> "Catalog":
        """The game's words in every language."""

    # ------------------------------------------------------------ play
    @abstractmethod
    def new_game(self, players: int, seed: int, ruleset: str | None = None, **options: Any) -> Any:
        """A new table; ``seed`` decides every chance event of the game."""

    @abstractmethod
    def legal_actions(self, state: Any) -> Sequence[Any]:
        """Every action open to ``current_player(state)``, in full (empty once over): a list, or a read-only
        sequence (exact ``len``, every action by index, int or slice, iteration in the same order, ``in``,
        ``index``, ``==`` with a list) that may make its actions only when asked for; never to be changed in
        place (copy it with ``list(...)`` first)."""

    @abstractmethod
    def apply(self, state: Any, action: Any) -> Any:
        """The next state; IllegalAction (state unchanged) when the rules forbid it."""

    @abstractmethod
    def apply_explained(self, state: Any, action: Any) -> tuple[Any, list[Event]]:
        """The next state and the narration of what happened, event by event."""

    def explain(self, state: Any, action: Any) -> list[Event]:
        return self.apply_explained(state, action)[1]

    @abstractmethod
    def parse_action(self, state: Any, text: str) -> Any:
        """Read ``str(action)`` back (ActionParseError when it names no action)."""

    @abstractmethod
    def current_player(self, state: Any) -> int | None:
        """The seat that decides now; None once the game is over."""

    @abstractmethod
    def decision(self, state: Any) -> str:
        """What kind of decision ``current_player`` takes (one of ``info.decisions``); "" once over."""

    def is_over(self, state: Any) -> bool:
        return self.current_player(state) is None

    @abstractmethod
    def scores(self, state: Any) -> list[int]: ...

    @abstractmethod
    def winners(self, state: Any) -> list[int]:
        """The winning seats once the game is over (empty before)."""

    @abstractmethod
    def view(self, state: Any, player: int | None) -> dict:
        """What ``player`` may see, as JSON-able data; None is the teacher (everything).

        Every view has ``game``, ``player``, ``players``, ``current_player``,
        ``decision``, ``scores`` and ``over``; panels draw only views.
        """

    # ---------------------------------------------------------- files
    @abstractmethod
    def to_json(self, state: Any) -> str:
        """A scenario file: canonical JSON (equal states give equal bytes), with its format version."""

    @abstractmethod
    def from_json(self, text: str | bytes) -> Any:
        """Read a scenario file; any fault raises ScenarioError naming the field."""

    # ------------------------------------------------------- teaching
    def examples(self) -> list[Example]:
        """The worked examples: built once by :meth:`build_examples`, a new list each call."""
        built = self.__dict__.get("_built_examples")
        if built is None:
            built = self.__dict__["_built_examples"] = tuple(self.build_examples())
        return list(built)

    @abstractmethod
    def build_examples(self) -> list[Example]:
        """Every worked example, replayed from its start (:meth:`examples` calls it once and keeps them)."""

    @abstractmethod
    def action_text(self, action: Any, lang: str = "en") -> str:
        """An action in words; ``action_text(a, "en") == str(a)``."""

    def question_kinds(self) -> dict[str, Any]:
        """The game's own kinds of quiz question, beyond the generic ones of :mod:`tutor.quiz`.

        Each is ``make(game, state, rng, lang) -> tutor.quiz.Question | None``
        (None when the position does not suit it); the answer comes from the
        engine (``legal_actions``, ``apply``), never from a hand-written table.
        """
        return {}

    def goal_kinds(self) -> dict[str, GoalKind]:
        """The game's own kinds of scenario goal (:class:`GoalKind`), by name: none by default.

        Each is checked over the game's own states; its sentence is in the
        game's catalog in every language.  A scenario file names one in
        ``goal.kind`` (see :mod:`tutor.scenarios`).
        """
        return {}

    def action_rule(self, state: Any, action: Any) -> str:
        """The id of the rule a legal ``action`` rests on (a hint cites it): by default the rule of
        the first event the engine narrates for it that is in :attr:`rules`."""
        for event in self.apply_explained(state, action)[1]:
            if event.rule in self.rules:
                return event.rule
        return next(iter(self.rules)).id

    def advise(self, state: Any, lang: str = "en") -> Any:
        """The game's own hint for the seat to move (a :class:`tutor.hints.Hint`), or None
        to let :func:`tutor.hints.hint` ask the best registered search bot."""
        return None

    def warm(self) -> None:
        """Fill the caches the game's adviser and bots need, so the first hint is quick.

        The Play tab calls it once per game, in a background thread, when it opens
        (``widgets.game.warm_up``): it must be safe to run beside the game's other
        calls and must not change any result.  By default there is nothing to do."""
        return None

    def message(self, obj: Any, lang: str = "en") -> str:
        """An Event, IllegalAction or ScenarioError in ``lang``."""
        return self.catalog.message(obj, lang)

    def card_name(self, card: str, lang: str = "en") -> str:
        return self.catalog.name("cards", card, lang)

    def decision_name(self, kind: str, lang: str = "en") -> str:
        return self.catalog.name("decisions", kind, lang)

    def seat_name(self, state: Any, player: int, lang: str = "en") -> str:
        """How the narration names ``player``'s seat ("Player 2"): panels name seats the same way.

        By default the catalog's ``names/<lang>/players/seat`` (``{n}`` counted
        from 1; the core catalog's "Player {n}" when the game names none); a
        game whose narration names seats otherwise overrides it.
        """
        name = self.catalog.name("players", "seat", lang)
        if "{n}" not in name:
            name = core_catalog().name("players", "seat", lang)
        return name.format(n=player + 1)

    def card_action(self, state: Any, card: str) -> Any:
        """The move that plays ``card`` from the hand of the player deciding now, or None.

        Where a card is the move, panels draw the hand as buttons: a click
        plays :meth:`card_action`, and a card the rules refuse now is shown
        disabled with :meth:`why_illegal`.  None (the default) when cards are
        not played one by one in this decision.
        """
        return None

    def why_illegal(self, state: Any, action: Any) -> IllegalAction | None:
        """Why the rules refuse ``action`` now (the refusal :meth:`apply` raises), or None when it is legal.

        Panels show it on a move they cannot offer.  Any other fault is
        refused too, as "not an action of this game".
        """
        try:
            self.apply(state, action)
        except IllegalAction as exc:
            return exc
        except Exception:  # noqa: BLE001 - junk is refused, never raised
            return ActionParseError("", "not an action of this game")
        return None

    def example_text(self, example: Example, lang: str = "en") -> dict:
        """An example's title, outcome, note and step narrations in ``lang``.

        Worded once per example and language by :meth:`narrate_example` (panels
        ask on every redraw, and a refused step replays its action to word the
        refusal); a new dict each call.
        """
        cache = self.__dict__.setdefault("_example_texts", {})
        hit = cache.get((id(example), lang))
        if hit is None or hit[0] is not example:
            if example.id == LESSON and self.lesson_data():  # the first lesson's words: data/lesson.json
                texts = _lesson_texts(self.lesson_data(), example, lang)
            else:
                texts = self.narrate_example(example, lang)
                texts.setdefault("source", self.catalog.example(example, lang).get("source", ""))
            hit = cache[(id(example), lang)] = (example, texts)
        return dict(hit[1])

    def narrate_example(self, example: Example, lang: str) -> dict:
        """How :meth:`example_text` words an example: by default the catalog's texts, English where missing
        (:meth:`example_text` words the first lesson from the game's ``data/lesson.json``)."""
        return self.catalog.example(example, lang)

    # ------------------------------------------------ the first lesson (issue 12 §1)
    def lesson_data(self) -> dict:
        """The game's first lesson and example order as data: ``data/lesson.json`` beside its
        package's other data ({} when it has none).  The file holds::

            {"order": [example ids, from the simplest to the scoring one],
             "title": {"en", "it", "fr"}, "outcome": {...},
             "cards": [{"kind": "goal"|"turn"|"rule"|"tip", "rule": rule id,
                        "example": example id, "step": position in it, "text": {"en", "it", "fr"}}, ...]}
        """
        if "_lesson_data" not in self.__dict__:
            package = type(self).__module__.rsplit(".", 1)[0] + ".data"
            try:
                data = load_json_data(package, "lesson.json")
            except (FileNotFoundError, ModuleNotFoundError):
                data = {}
            self.__dict__["_lesson_data"] = data if isinstance(data, dict) else {}
        return self.__dict__["_lesson_data"]

    def lesson(self) -> Example | None:
        """The short guided first lesson (id ``"lesson"``), built from :meth:`lesson_data`: each card
        a narration-only step on a position of one of the game's own examples, citing its rule.
        Position 0 quotes the first card's rule (the theme and goal).  None when the game has none."""
        data = self.lesson_data()
        cards = data.get("cards") or []
        if not cards:
            return None
        built = self.__dict__.get("_built_lesson")
        if built is not None:
            return built
        examples = {ex.id: ex for ex in self.examples()}
        steps = []
        for card in cards:
            ex = examples[card["example"]]
            at = int(card.get("step", 0))
            state = ex.start if at == 0 else ex.steps[at - 1].after
            steps.append(Step(state, state, None, _pick(card.get("text"), "en"), (card["rule"],)))
        first = self.rules[cards[0]["rule"]]
        source = first.quotes[0] if first.quotes else Quote("", "en", first.text)
        start_example = examples[cards[0]["example"]]
        lesson = Example(LESSON, _pick(data.get("title"), "en") or "First lesson", source,
                         start_example.ruleset, steps[0].before, tuple(steps),
                         _pick(data.get("outcome"), "en"))
        self.__dict__["_built_lesson"] = lesson
        return lesson

    def course(self) -> list[Example]:
        """What the Examples tab steps through: the first lesson, then the worked examples in the
        order of :meth:`lesson_data` (simplest first, the scoring one last), any unlisted one after."""
        examples = self.examples()
        rank = {ex_id: i for i, ex_id in enumerate(self.lesson_data().get("order", []))}
        ordered = sorted(examples, key=lambda ex: rank.get(ex.id, len(rank)))
        lesson = self.lesson()
        return ([lesson] if lesson is not None else []) + ordered

    def source_translation(self, example: Example, lang: str = "en") -> str:
        """An example's quoted original in ``lang``, to show beside it: the catalog's translation of
        the quote, else the wording of the rule that quotes it; "" when the quote is in ``lang``."""
        if example.source.lang == lang:
            return ""
        given = self.example_text(example, lang).get("source", "")
        cited = [r for step in example.steps for r in step.rules]
        return plain_math(given) if given else self.quote_translation(example.source, lang, cited)

    def quote_translation(self, quote: Quote, lang: str = "en", rules: Sequence[str] = ()) -> str:
        """The wording in ``lang`` of the rule that quotes ``quote`` (``rules`` first, then every rule),
        to show beside the quoted original; "" when ``quote`` is already in ``lang`` or no rule quotes it."""
        if quote.lang == lang:
            return ""
        said = _squash(quote.text)
        if not said:
            return ""
        candidates = [self.rules[r] for r in rules if r in self.rules] + list(self.rules)
        for rule in candidates:
            for q in rule.quotes:
                other = _squash(q.text)
                if other and (said in other or other in said):
                    return rule.wording(lang)[1]
        return ""

    def preview(self, state: Any, action: Any) -> dict | None:
        """What a panel may draw before ``action`` is confirmed (where each piece will end up), as
        JSON-able data; None (the default) when there is nothing to preview: the move is played at once."""
        return None

    def trace(self, events: Sequence[Event]) -> dict | None:
        """What a board may trace of the events of the last moves (the path each piece took), as
        JSON-able data read from the events' data; None (the default) when there is nothing to trace."""
        return None

    def differences(self) -> list[dict]:
        """Where two rulebooks of the game disagree (each side a rule id)."""
        return list(self.rules.differences)

    def verify_example(self, example: Example) -> list[str]:
        """How the end of a worked example differs from the outcome its rulebook states ([] when it matches).

        ``example.expected`` holds (key, value) pairs written from the rulebook.
        By default each key is read from the teacher's view of the example's
        final state (tuples compare as lists); a game whose examples state other
        facts overrides this.
        """
        final = self.view(example.final, None)
        problems = []
        for key, want in example.expected:
            got = final.get(key, _MISSING) if isinstance(final, dict) else _MISSING
            if got is _MISSING:
                problems.append(f"{key}: not in the view of the final position")
            elif _plain(got) != _plain(want):
                problems.append(f"{key}: got {got!r}, the rulebook says {want!r}")
        return problems

    # ------------------------------------------ for bots and the tests
    @abstractmethod
    def conserved(self, state: Any) -> dict[str, int]:
        """What the game conserves (every card or piece, wherever it is), counted."""

    @abstractmethod
    def resample_hidden(self, state: Any, player: int, rng: random.Random) -> Any:
        """A state ``player`` cannot tell from ``state``: what they may not see dealt anew.

        ``view(result, player) == view(state, player)``.  A game without hidden
        information returns ``state``.  Bots that search use it to determinize.
        """

    def position_key(self, state: Any) -> str:
        """A text that tells positions apart (bots seed their choices with it)."""
        return self.to_json(state)

    def greedy_value(self, state: Any, action: Any) -> float:
        """What the greedy bot maximises: by default the mover's points gained now."""
        player = self.current_player(state)
        if player is None:
            return 0.0
        return float(self.scores(self.apply(state, action))[player] - self.scores(state)[player])


LESSON = "lesson"  # the example id of a game's first lesson (a page may link to it)


def _pick(texts: Any, lang: str) -> str:
    if isinstance(texts, dict):
        return str(texts.get(lang) or texts.get("en") or "")
    return str(texts or "")


def _lesson_texts(data: dict, example: Example, lang: str) -> dict:
    cards = data.get("cards") or []
    return {"title": _pick(data.get("title"), lang) or example.title,
            "outcome": _pick(data.get("outcome"), lang) or example.outcome,
            "note": "",
            "steps": [_pick(c.get("text"), lang) for c in cards],
            "source": ""}


def _squash(text: str) -> str:
    """``text`` lower-cased with only its letters and digits (quotes compare this way)."""
    return re.sub(r"[^\w]+", "", plain_math(text).lower())


def plain_math(text: str) -> str:
    """A quote's ``$...$`` math as plain text (no script is needed to read it).

    >>> plain_math("Gong somma $6+6+2+2+1+1+1+1=20$ punti.")
    'Gong somma 6+6+2+2+1+1+1+1 = 20 punti.'
    >>> plain_math(r"$3 \\times 2$ and $1 \\leq 2$, $5")
    '3 × 2 and 1 ≤ 2, $5'
    """
    def one(m: re.Match) -> str:
        math = m.group(1)
        for tex, sign in ((r"\times", "×"), (r"\cdot", "·"), (r"\leq", "≤"), (r"\geq", "≥"),
                          (r"\neq", "≠"), (r"\,", " "), ("{", ""), ("}", "")):
            math = math.replace(tex, sign)
        math = re.sub(r"\s*([=≤≥≠])\s*", r" \1 ", math)
        return re.sub(r"\s+", " ", math).strip()

    return re.sub(r"\$([^$\n]+)\$", one, text)


def _plain(value: Any) -> Any:
    """``value`` with tuples as lists, as JSON would read it back."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class Messages:
    """A game's narration and error messages in several languages (gettext-style).

    The English template is the message id; ``catalog`` maps it to its Italian
    and French templates.  ``param`` formats one parameter in a language
    (a card, a player, a list of cards); a field written with a capital
    (``{Who}``) is capitalised.

    >>> m = Messages({"{who} wins.": {"it": "{who} vince."}})
    >>> m.render("{Who} wins.", {"who": "player 1"}, "en"), m.render("{who} wins.", {"who": "Gong"}, "it")
    ('Player 1 wins.', 'Gong vince.')
    """

    def __init__(self, catalog: dict[str, dict[str, str]], param: Any = None):
        self.catalog = catalog
        self.param = param or (lambda name, value, lang: str(value))

    def template(self, template: str, lang: str) -> str:
        if lang == "en":
            return template
        entry = self.catalog.get(template) or self.catalog.get(_lower_fields(template)) or {}
        return entry.get(lang) or template

    def render(self, template: str, params: dict, lang: str = "en") -> str:
        text = self.template(template, lang)
        values = {}
        for name, value in params.items():
            shown = "" if value is None else self.param(name, value, lang)
            if type(value) is int:
                shown = Count(shown, value, lang)
            values[name] = shown
            values[name[:1].upper() + name[1:]] = shown[:1].upper() + shown[1:] if shown else shown
        try:
            out = text.format(**values)
        except (KeyError, IndexError, ValueError):
            out = template.format(**values)
        return finish_text(out, lang)


class Count(str):
    """A number as a text shows it, which also picks the word that follows it, singular or plural:
    ``{n:card|cards}`` in a template is "card" for one and "cards" for any other number (French
    counts zero as one too: "0 carte").  ``Messages.render`` and ``widgets.i18n.t`` pass every int
    parameter as a ``Count``.

    >>> "{n} {n:card|cards}".format(n=Count("1", 1, "en")), "{n} {n:carta|carte}".format(n=Count("3", 3, "it"))
    ('1 card', '3 carte')
    >>> "{n} {n:carte|cartes}".format(n=Count("0", 0, "fr")), "{n:>3}".format(n=Count("7", 7, "en"))
    ('0 carte', '  7')
    """

    n: int
    lang: str

    def __new__(cls, shown: str, n: int, lang: str) -> "Count":
        self = super().__new__(cls, shown)
        self.n, self.lang = n, lang
        return self

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(str(self), spec)
        one, other = spec.split("|", 1)
        return one if self.n == 1 or (self.lang == "fr" and self.n == 0) else other


def counted(value: Any, lang: str) -> Any:
    """``value`` as a :class:`Count` when it is an int (a bool is not), else itself."""
    return Count(str(value), value, lang) if type(value) is int else value


_FRENCH_SPACE = re.compile(r"[ \u00a0]+([:;!?»])|(«)[ \u00a0]+")


def french_spacing(text: str) -> str:
    """French typography: a no-break space before ``: ; ! ?`` and inside « », so a line never
    starts with a colon.

    >>> french_spacing("Gagnant : Joueur 1 ; « oui »") == "Gagnant\u00a0: Joueur 1\u00a0; «\u00a0oui\u00a0»"
    True
    """
    return _FRENCH_SPACE.sub(lambda m: f"\u00a0{m.group(1)}" if m.group(1) else f"{m.group(2)}\u00a0", text)


def finish_text(text: str, lang: str) -> str:
    """The last touch every shown text gets, engine message or panel word alike: a seat after a
    preposition takes its article (:func:`seat_articles`), then French its no-break spaces
    (:func:`french_spacing`).  ``Messages.render`` and ``widgets.i18n.t`` both end here.

    >>> finish_text("Tocca a Giocatore 2", "it"), finish_text("À Joueur 1 : joue", "fr") == "Au Joueur 1\u00a0: joue"
    ('Tocca al Giocatore 2', True)
    """
    text = seat_articles(text, lang)
    return french_spacing(text) if lang == "fr" else text


def seat_articles(text: str, lang: str) -> str:
    """A seat's name after a preposition takes its article, as Italian and French say it.

    Seats are named "Giocatore 1", "Joueur 1" (the core catalog's ``players/seat``, a masculine noun):
    "la mano di Giocatore 1" is "la mano del Giocatore 1", "la main de Joueur 1" is "la main du
    Joueur 1".  Which prepositions join which article is data: the core catalog's
    ``names/<lang>/articles`` (none in English).  Every seat of a list after the preposition
    (joined by a comma or one of ``names/<lang>/conjunctions``) takes the article too: "tra il
    Giocatore 1 e il Giocatore 2", "de Joueur 1 et Joueur 2" is "du Joueur 1 et du Joueur 2".

    >>> seat_articles("La mano di Giocatore 2 passa a Giocatore 3 (da Giocatore 1)", "it")
    'La mano del Giocatore 2 passa al Giocatore 3 (dal Giocatore 1)'
    >>> seat_articles("À Joueur 1 de jouer ; la main de Joueur 2, annulée par Joueur 3", "fr")
    'Au Joueur 1 de jouer ; la main du Joueur 2, annulée par le Joueur 3'
    >>> seat_articles("gioca Giocatore 1; a Giocatori", "it"), seat_articles("hand of Player 1", "en")
    ('gioca Giocatore 1; a Giocatori', 'hand of Player 1')
    >>> seat_articles("Pareggio tra Giocatore 1, Giocatore 3 e Giocatore 4", "it")
    'Pareggio tra il Giocatore 1, il Giocatore 3 e il Giocatore 4'
    """
    rule = _ARTICLES.get(lang, False)
    if rule is False:
        rule = _ARTICLES[lang] = _articles_rule(lang)
    if rule is None:
        return text
    pattern, table, link = rule

    def one(m: re.Match) -> str:
        word, joined = m.group(1), table[m.group(1).lower()]
        # the article alone for the list's next seats: "tra il" gives "il", "del" stays "del"
        head = word.lower() + " "
        again = joined[len(head):] if joined.lower().startswith(head) else joined
        first = joined[:1].upper() + joined[1:] if word[:1].isupper() else joined
        return first + m.group(2) + link.sub(lambda c: c.group(1) + again + " ", m.group(3))

    return pattern.sub(one, text)


_ARTICLES: dict[str, Any] = {}


def _articles_rule(lang: str) -> tuple[re.Pattern, dict[str, str], re.Pattern] | None:
    names = core_catalog().names.get(lang, {})
    table = {k.lower(): v for k, v in names.get("articles", {}).items()}
    noun = names.get("players", {}).get("seat", "").split("{n}")[0].strip()
    if not table or not noun:
        return None
    words = "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))
    seat = rf"{re.escape(noun)} \d+"
    ands = "|".join(re.escape(c) for c in names.get("conjunctions", []))
    sep = rf"(?:,\s*|\s+(?:{ands})\s+)" if ands else r",\s*"
    pattern = re.compile(rf"(?<![\w'’])({words})(\s+)({seat}(?:{sep}{seat})*)(?!\w)", re.IGNORECASE)
    # inside the list: each separator before a seat gets the article
    link = re.compile(rf"({sep})(?={seat})", re.IGNORECASE)
    return pattern, table, link


def _lower_fields(template: str) -> str:
    return re.sub(r"\{([A-Z])", lambda m: "{" + m.group(1).lower(), template)


class Catalog:
    """A game's words in every language, from one data file of one format.

    The file (``data/messages.json`` in a game's package) holds::

        {"about": "...",
         "names":    {"en": {...}, "it": {...}, "fr": {...}},   # card, decision ... names
         "messages": {"<English template>": {"it": "...", "fr": "..."}},
         "examples": {"<example id>": {"title": {"en", "it", "fr"}, "outcome": {...},
                                       "note": {...}, "steps": [{"en", "it", "fr"}, ...]}}}

    Narration and refusals are written in English in the engine (the template
    is the message id, gettext-style); ``param`` formats one parameter in a
    language.  The file errors every game shares (not JSON, not UTF-8 ...) are
    in the core catalog, which every game's catalog falls back to.
    """

    messages: "Messages"

    def __init__(self, data: dict, param: Any = None, fallback: "Catalog | None" = None):
        self.data = data
        self.names: dict[str, dict] = data.get("names", {})
        self.examples: dict[str, dict] = data.get("examples", {})
        catalog = dict(fallback.messages.catalog) if fallback else {}
        catalog.update(data.get("messages", {}))
        self.messages = Messages(catalog, param)

    @classmethod
    def load(cls, package: str, name: str = "messages.json", param: Any = None) -> "Catalog":
        return cls(load_json_data(package, name), param, fallback=core_catalog())

    def render(self, template: str, params: dict, lang: str = "en") -> str:
        return self.messages.render(template, params, lang)

    def message(self, obj: Any, lang: str = "en") -> str:
        """An Event, IllegalAction or ScenarioError in ``lang`` (its English text when it has no template)."""
        if isinstance(obj, Event):
            if not obj.template:
                return obj.text
            return self.render(obj.template, dict(obj.data), lang)
        template = getattr(obj, "template", "")
        if not template:
            return str(obj)
        text = self.render(template, getattr(obj, "params", {}), lang)
        if isinstance(obj, ScenarioError):
            return f"{obj.field}: {text}"
        return text

    def name(self, kind: str, key: str, lang: str = "en") -> str:
        """``names/<lang>/<kind>/<key>``, else the English one, else ``key``."""
        return _name_in(self.names, kind, key, lang)

    def example(self, example: "Example", lang: str = "en") -> dict:
        """An example's title, outcome, note and step narrations in ``lang`` (English where missing)."""
        entry = self.examples.get(example.id, {})

        def pick(texts: Any, english: str) -> str:
            if isinstance(texts, dict):
                return texts.get(lang) or texts.get("en") or english
            return english

        steps = entry.get("steps", [])
        return {
            "title": pick(entry.get("title"), example.title),
            "outcome": pick(entry.get("outcome"), example.outcome),
            "note": pick(entry.get("note"), example.note),
            "steps": [pick(steps[i] if i < len(steps) else None, s.narration)
                      for i, s in enumerate(example.steps)],
            # the quoted original in ``lang`` ("" when the catalog has no translation of it)
            "source": str(entry.get("source", {}).get(lang, "")) if isinstance(entry.get("source"), dict) else "",
        }

    def untranslated(self, langs: Sequence[str] = ("it", "fr")) -> list[str]:
        """Templates missing a language or changing its placeholders (the conformance suite reads it)."""
        bad = []
        for template, entry in self.messages.catalog.items():
            want = _fields(template)
            for lang in langs:
                text = entry.get(lang)
                if not text or _fields(text) != want:
                    bad.append(f"{lang}: {template}")
        return bad


def _name_in(names: dict, kind: str, key: str, lang: str) -> str:
    for code in (lang, "en"):
        found = names.get(code, {}).get(kind, {}).get(key)
        if found:
            return str(found)
    return key


class Words:
    """Formats one message parameter in a language from a catalog file's ``names``:
    the ``param`` of a :class:`Catalog` (build both with :meth:`catalog`).

    Parameters named in ``PLAYERS`` are seats (``names/<lang>/players/seat``
    with ``{n}`` counted from 1), those in ``PLAYER_LISTS`` lists of seats
    joined by ``names/<lang>/words/and``.  A game subclasses it, sets these two
    and words its own parameters (cards ...) in :meth:`other`.  Anything else
    is shown as is when it is text, else quoted short: a junk value from a
    refused action can never make a message long or raise.

    >>> w = Words({"en": {"players": {"seat": "Player {n}"}, "words": {"and": " and "}},
    ...            "it": {"players": {"seat": "Giocatore {n}"}, "words": {"and": " e "}}})
    >>> w("player", 0, "it"), w("players", (0, 2), "en"), w("player", "x" * 99, "en")
    ('Giocatore 1', 'Player 1 and Player 3', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    >>> w.name("players", "seat", "fr"), w.known("cards", "gong", ("gong",), "it"), w("count", 3, "en")
    ('Player {n}', 'gong', '3')
    """

    PLAYERS: ClassVar[frozenset[str]] = frozenset({"player"})
    PLAYER_LISTS: ClassVar[frozenset[str]] = frozenset({"players"})

    def __init__(self, names: dict):
        self.names = names

    @classmethod
    def catalog(cls, package: str, name: str = "messages.json") -> "Catalog":
        """The catalog in ``package``'s data file ``name``, worded by this class, falling back to the core catalog."""
        data = load_json_data(package, name)
        return Catalog(data, cls(data.get("names", {})), fallback=core_catalog())

    def name(self, kind: str, key: str, lang: str) -> str:
        """``names/<lang>/<kind>/<key>``, else the English one, else ``key`` (as :meth:`Catalog.name`)."""
        return _name_in(self.names, kind, key, lang)

    def known(self, kind: str, key: Any, keys: Container[str], lang: str) -> str:
        """The name of ``key`` if it is one of ``keys``, else ``key`` quoted short."""
        return self.name(kind, key, lang) if isinstance(key, str) and key in keys else short(key)

    def player(self, p: Any, lang: str) -> str:
        if isinstance(p, bool) or not isinstance(p, int):
            return short(p)
        return self.name("players", "seat", lang).format(n=p + 1)

    def join(self, items: list[str], lang: str) -> str:
        return self.name("words", "and", lang).join(items)

    def other(self, name: str, value: Any, lang: str) -> str | None:
        """A game's own parameter in words, or None to show it as is (text) or quoted short."""
        return None

    def __call__(self, name: str, value: Any, lang: str) -> str:
        if name in self.PLAYERS:
            return self.player(value, lang)
        if name in self.PLAYER_LISTS and isinstance(value, (tuple, list)):
            return self.join([self.player(p, lang) for p in value], lang)
        shown = self.other(name, value, lang)
        if shown is not None:
            return shown
        if isinstance(value, str):
            return value
        return short(value)


def _fields(template: str) -> set[str]:
    return {m.lower() for m in re.findall(r"\{(\w+)", template)}


_CORE_CATALOG: list[Catalog] = []


def core_catalog() -> Catalog:
    """The messages every game shares (scenario files that are not JSON ...)."""
    if not _CORE_CATALOG:
        _CORE_CATALOG.append(Catalog(load_json_data("tutor.data", "messages.json")))
    return _CORE_CATALOG[0]


def load_json_data(package: str, name: str) -> Any:
    """Read a JSON data file shipped inside a package (works from a wheel too)."""
    with resources.files(package).joinpath(name).open("r", encoding="utf-8") as fh:
        return json.load(fh)


# ------------------------------------------------------------------ scenario files
#
# A scenario file is untrusted: it may come from a student's upload.  Reading
# one must never raise anything but ScenarioError, never take long, never
# echo a huge value, and never accept a position the rules cannot reach.

MAX_FILE_CHARS = 1_000_000
MAX_DEPTH = 12
MAX_INT_DIGITS = 18
FORMAT = 2  # the scenario format version written by to_json


def short(value: Any, limit: int = 40) -> str:
    """A bad value as a message may quote it: its repr, cut to ``limit`` characters.

    >>> short("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> short(10 ** 5000)
    'int'
    """
    try:
        text = repr(value) if not isinstance(value, (dict, list)) else json.dumps(value)[:limit + 1]
    except (ValueError, RecursionError):  # a huge int, a deep structure
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _file_error(template: str, **params: Any) -> ScenarioError:
    return ScenarioError("file", template.format(**params), template=template, params=params)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(text)
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(text)


def _depth_ok(data: Any) -> bool:
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return True


def parse_json_object(text: str | bytes) -> dict:
    """Parse a scenario's JSON text, turning every failure into ScenarioError.

    Files over a megabyte, deeper than a scenario ever is, or with numbers too
    long to be a count are refused before any game reads them.  The messages
    carry templates, so a game's catalog can translate them.

    >>> parse_json_object('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse_json_object("[" * 10000)
    Traceback (most recent call last):
    ...
    tutor.core.ScenarioError: file: is nested deeper than any scenario (at most 12 levels)
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * MAX_FILE_CHARS:
            raise _file_error("is too large for a scenario (at most {limit} characters)", limit=MAX_FILE_CHARS)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _file_error("is not UTF-8 text (byte {at} cannot be read)", at=exc.start + 1) from None
    if not isinstance(text, str):
        raise _file_error("expected JSON text, got {got}", got=type(text).__name__)
    if len(text) > MAX_FILE_CHARS:
        raise _file_error("is too large for a scenario (at most {limit} characters)", limit=MAX_FILE_CHARS)
    if _nesting(text) > MAX_DEPTH:
        raise _file_error("is nested deeper than any scenario (at most {limit} levels)", limit=MAX_DEPTH)
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _file_error(_json_reason(exc.msg), line=exc.lineno, column=exc.colno) from None
    except (ValueError, RecursionError):
        raise _file_error("holds a number no scenario uses (at most {digits} digits, no NaN or Infinity)",
                          digits=MAX_INT_DIGITS) from None
    if not isinstance(data, dict):
        raise _file_error("a scenario must be a JSON object, between braces")
    if not _depth_ok(data):  # pragma: no cover - _nesting already refused it
        raise _file_error("is nested deeper than any scenario (at most {limit} levels)", limit=MAX_DEPTH)
    return data


# pol2: the JSON parser says why in English; each reason is a template of its own, worded in every
# language by the core catalog (tutor/data/messages.json), never the parser's words.
_JSON_REASONS = (
    ("Expecting value", "a value is missing or misspelt"),
    ("Expecting property name", "a name in double quotes is expected"),
    ("Expecting ','", "a comma is missing"),
    ("Expecting ':'", "a colon is missing"),
    ("Unterminated string", "a text in quotes is never closed"),
    ("Invalid control character", "a text in quotes breaks its line"),
    ("Invalid \\", "a backslash in a text starts no known escape"),
    ("Extra data", "something follows the end of the scenario"),
)


def _json_reason(why: str) -> str:
    """The template for a JSON syntax error whose parser message is ``why``.

    >>> _json_reason("Expecting ',' delimiter")
    'is not valid JSON (line {line}, column {column}: a comma is missing)'
    >>> _json_reason("something new")
    'is not valid JSON (line {line}, column {column})'
    """
    for start, reason in _JSON_REASONS:
        if why.startswith(start):
            return "is not valid JSON (line {line}, column {column}: " + reason + ")"
    return "is not valid JSON (line {line}, column {column})"


def _nesting(text: str) -> int:
    """How deep brackets nest in ``text`` (brackets inside strings count too: an over-estimate)."""
    depth = deepest = 0
    for ch in re.findall(r"[\[\]{}]", text):
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


_MISSING = object()
_TYPE_WORDS = {int: "a whole number", str: "text", bool: "true or false", list: "a list",
               dict: "an object"}


class ScenarioReader:
    """Reads the fields of a scenario object; every fault a short ScenarioError naming the field.

    >>> r = ScenarioReader({"seed": 7, "hands": [["a"], ["b"]]})
    >>> r.int("seed", 0, 10**9), r.list("hands", length=2)
    (7, [['a'], ['b']])
    >>> r.int("seed", 0, 5)
    Traceback (most recent call last):
    ...
    tutor.core.ScenarioError: seed: expected a whole number from 0 to 5, got 7
    >>> ScenarioReader({"seed": True}).int("seed", 0, 5)
    Traceback (most recent call last):
    ...
    tutor.core.ScenarioError: seed: expected a whole number from 0 to 5, got True
    """

    def __init__(self, data: Any, path: builtins.str = ""):
        if not isinstance(data, dict):
            raise self.error_at(path or "file", "expected an object, got {got}", got=short(data))
        self.data = data
        self.path = path

    def field(self, key: builtins.str | builtins.int) -> builtins.str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    @staticmethod
    def error_at(field: builtins.str, template: builtins.str, **params: Any) -> ScenarioError:
        return ScenarioError(field, template.format(**params), template=template, params=params)

    def error(self, key: builtins.str | builtins.int, template: builtins.str, **params: Any) -> ScenarioError:
        return self.error_at(self.field(key), template, **params)

    def get(self, key: builtins.str, kind: type | tuple[type, ...] = object, default: Any = _MISSING) -> Any:
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, "is missing")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if bool not in kinds and isinstance(value, bool) and int in kinds:
            raise self.error(key, "expected {what}, got {got}", what=_TYPE_WORDS[int], got=short(value))
        if not isinstance(value, kinds):
            what = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
            raise self.error(key, "expected {what}, got {got}", what=what, got=short(value))
        return value

    def int(self, key: builtins.str, lo: builtins.int, hi: builtins.int, default: Any = _MISSING) -> builtins.int:
        value = self.data.get(key, _MISSING)
        if value is _MISSING and default is not _MISSING:
            return default
        if value is _MISSING:
            raise self.error(key, "is missing")
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.error(key, "expected a whole number from {lo} to {hi}, got {got}",
                             lo=lo, hi=hi, got=short(value))
        return value

    def optional_int(self, key: builtins.str, lo: builtins.int, hi: builtins.int) -> builtins.int | None:
        if self.data.get(key) is None:
            return None
        return self.int(key, lo, hi)

    def choice(self, key: builtins.str, choices: Sequence[Any], default: Any = _MISSING) -> Any:
        value = self.data.get(key, _MISSING)
        if value is _MISSING and default is not _MISSING:
            return default
        if value is _MISSING:
            raise self.error(key, "is missing")
        if isinstance(value, (dict, list)) or value not in choices:
            raise self.error(key, "expected one of {choices}, got {got}",
                             choices=", ".join(str(c) for c in choices), got=short(value))
        return value

    def str(self, key: builtins.str, max_len: builtins.int = 200, default: Any = _MISSING) -> builtins.str:
        value = self.get(key, str, default)
        if len(value) > max_len:
            raise self.error(key, "is longer than {limit} characters", limit=max_len)
        return value

    def list(self, key: builtins.str, length: builtins.int | None = None, max_len: builtins.int = 500,
             default: Any = _MISSING) -> builtins.list:
        value = self.get(key, list, default)
        if length is not None and len(value) != length:
            raise self.error(key, "expected {n} entries, got {got}", n=length, got=len(value))
        if len(value) > max_len:
            raise self.error(key, "expected at most {n} entries, got {got}", n=max_len, got=len(value))
        return value

    def bools(self, key: builtins.str, length: builtins.int) -> tuple[bool, ...]:
        items = self.list(key, length)
        for i, b in enumerate(items):
            if not isinstance(b, bool):
                raise self.error_at(f"{self.field(key)}[{i}]", "expected true or false, got {got}", got=short(b))
        return tuple(items)

    def sub(self, key: builtins.str) -> "ScenarioReader":
        return ScenarioReader(self.get(key, dict), self.field(key))


def check_header(data: dict, game: str) -> int:
    """The ``game`` and ``format`` fields of a scenario; returns the format (1: before it was written)."""
    r = ScenarioReader(data)
    name = data.get("game", game)
    if name != game:
        raise r.error("game", "this file is for {got}, not {want}", got=short(name), want=game)
    return r.int("format", 1, FORMAT, default=1)


def dump_json(data: dict) -> str:
    """Canonical, human-editable JSON: same state, same bytes."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
