"""The contract every game keeps (:class:`Game`), and what a game declares as data
(:class:`GameInfo`, :class:`GoalKind`).

A game is a module-level object with the same small set of functions.  States are immutable
values; ``apply`` returns a new state and never touches the one passed in.  Imports the other
modules of :mod:`tutor.core`; they import nothing from here.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from tutor.core.errors import ActionParseError, IllegalAction
from tutor.core.rules import Event, Example, Quote, RuleBook, Step, plain_math
from tutor.core.words import Catalog, core_catalog, load_json_data

__all__ = ["Game", "GameInfo", "GoalKind", "LESSON"]

_MISSING = object()


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

    def move_kind(self, action: Any) -> str:
        """What kind of move ``action`` is: moves of one kind differ only in what they name (which
        card, which territory, which direction).  The Scenarios tab offers a move of each kind before
        a second of any.  By default the action's type; a game whose one action type holds several
        kinds of move (Fire Bulls' take, draw and attack) names them itself."""
        return type(action).__name__

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

    def hint_reason(self, state: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
        """Why ``action`` is good for ``seat``, in the game's words: one sentence naming a fact of
        the seat's view and the rule that makes it matter, and that rule's id; None to let
        :func:`tutor.hints.reason` say the move's most telling consequence."""
        return None

    def warm(self) -> None:
        """Fill the caches the game's adviser and bots need, so the first hint is quick.

        The Play tab calls it once per game, in a background thread, when it opens
        (``widgets.panels.shell.warm_up``): it must be safe to run beside the game's other
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

    # ------------------------------------------------ the first lesson
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


def _plain(value: Any) -> Any:
    """``value`` with tuples as lists, as JSON would read it back."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
