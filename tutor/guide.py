"""A guided first game: the learner plays one real game, meeting one idea a step.

Pure (no widgets): a :class:`Guide` is the state of a learner's first game, kept between
clicks and redrawn from scratch by the page.  It starts a seeded game at the fewest players
the game allows, the learner in seat 1 against greedy bots.  Each step names one idea: the
goal first (how you win), then a turn, then each rule the first time the game meets it, in
the order the game meets it.  A step says what to do, suggests a move (the greedy bot's
choice for the learner, the one the guide's seed was chosen to follow) and waits:

* the suggested move, or another legal move, is played and answered: what it did, in the
  engine's words, and for another move whether the suggested one gained more now;
* an illegal move is refused with its rule, and nothing changes.

The other seats then play until the learner decides again, and the rules their moves met
queue as the next steps' ideas.  Each step's position follows from the one before by the
moves made, so "what changed" always means something.  The guide ends once the game's goal
has been met once (``lesson.json``'s ``guide.goal``: a Yen card won, a duel won, a dispute
settled, an elephant's first move past a bridge) and the queue of ideas is empty, or after
``MAX_STEPS`` steps; the page then offers the rulebook's examples, simplest first.

The words of the goal step are the first lesson's goal card (``lesson.json``), any other
step's the rule's own wording, in English, Italian or French.

>>> g = Guide.start("kamikaze-attack")
>>> g.step.kind, g.step.rule
('goal', 'kamikaze-attack/goal/destroy')
>>> reply = g.play(g.suggested)
>>> reply.kind, g.index
('suggested', 1)
>>> Guide.from_dict(g.to_dict()).state == g.state
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tutor.core import IllegalAction, ScenarioError, ScenarioReader

if TYPE_CHECKING:
    from tutor.core import Event, Game

__all__ = ["Guide", "GuideStep", "Reply", "MAX_STEPS", "MIN_STEPS"]

MIN_STEPS = 6
MAX_STEPS = 12
MAX_BOT_MOVES = 200  # the other seats' moves between two of the learner's decisions, at most


@dataclass(frozen=True)
class GuideStep:
    """One idea: its rule, its kind ("goal", "turn", "rule", "play": play on to the goal, or "met": the
    goal met, at the end)."""

    rule: str
    kind: str


@dataclass(frozen=True)
class Reply:
    """What a move did: "suggested", "other" (legal, not the one suggested) or "illegal"."""

    kind: str
    events: tuple["Event", ...] = ()
    refusal: IllegalAction | None = None
    gained_less: bool = False  # "other": the suggested move would have gained more now


@dataclass
class Guide:
    """A learner's guided first game (see the module's docstring)."""

    game_name: str
    seed: int
    players: int
    learner: int = 0
    actions: list[str] = field(default_factory=list)  # every move made, by anyone, as text
    index: int = 0  # the step shown
    ideas: list[GuideStep] = field(default_factory=list)  # the steps met so far, in order
    goal_met: bool = False
    goal_rule: str = ""  # the rule whose event met the goal
    _state: Any = None
    _log: list[tuple[int | None, Any, tuple]] = field(default_factory=list)  # (who, action, events)

    # ------------------------------------------------------------ starting
    @classmethod
    def start(cls, game_name: str, seed: int | None = None) -> "Guide":
        """The guide of ``game_name`` at its seed (``lesson.json``'s ``guide.seed``), learner in seat 1."""
        from tutor import games

        game = games.get(game_name)
        data = guide_data(game)
        g = cls(game_name, int(data.get("seed", 1) if seed is None else seed), game.info.min_players)
        g._state = game.new_game(g.players, seed=g.seed)
        cards = {c.get("kind"): c.get("rule") for c in game.lesson_data().get("cards", [])}
        for kind in ("goal", "turn"):
            if cards.get(kind) in game.rules:
                g.ideas.append(GuideStep(cards[kind], kind))
        g._others_play()
        return g

    @property
    def game(self) -> "Game":
        from tutor import games

        return games.get(self.game_name)

    @property
    def state(self) -> Any:
        return self._state

    @property
    def step(self) -> GuideStep:
        """The step shown: an idea, "play on" once every idea met has been shown, and at the end the
        goal met ("met": the rule that decided it)."""
        if self.goal_met and self.done:
            return GuideStep(self.goal_rule, "met")
        if self.index < len(self.ideas):
            return self.ideas[self.index]
        return GuideStep(self.ideas[0].rule if self.ideas else "", "play")

    @property
    def done(self) -> bool:
        """The goal was met once and every idea met was shown, or the steps ran out, or the game ended."""
        over = self.game.current_player(self._state) is None
        return over or self.index >= MAX_STEPS - 1 or (
            self.goal_met and self.index >= len(self.ideas) - 1 and self.index >= MIN_STEPS - 1)

    @property
    def suggested(self) -> Any:
        """The move the guide suggests to the learner now (None when it is not the learner's turn)."""
        from tutor.bots import GreedyBot

        if self.game.current_player(self._state) != self.learner:
            return None
        return GreedyBot().choose(self.game, self._state)

    # ------------------------------------------------------------ playing
    def play(self, action: Any) -> Reply:
        """The learner plays ``action`` (an action or its text): answered, then the others play.
        An illegal move is refused (its rule in the reply) and changes nothing."""
        game = self.game
        if game.current_player(self._state) != self.learner or self.done:
            return Reply("illegal", refusal=IllegalAction("turn/not-now", "it is not your move now"))
        if isinstance(action, str):
            try:
                action = game.parse_action(self._state, action)
            except (IllegalAction, ValueError) as exc:
                return Reply("illegal", refusal=exc if isinstance(exc, IllegalAction) else
                             IllegalAction("action/unknown", str(exc)))
        suggested = self.suggested
        try:
            after, events = game.apply_explained(self._state, action)
        except IllegalAction as exc:
            return Reply("illegal", refusal=exc)
        gained_less = action != suggested and game.greedy_value(self._state, action) < game.greedy_value(
            self._state, suggested)
        self._record(self.learner, action, after, events)
        self._others_play()
        self.index += 1
        return Reply("suggested" if action == suggested else "other", tuple(events), None, gained_less)

    def _record(self, who: int | None, action: Any, after: Any, events: list) -> None:
        self.actions.append(str(action))
        self._log.append((who, action, tuple(events)))
        self._state = after
        goal = set(guide_data(self.game).get("goal", []))
        for e in events:
            self._meet(e.rule)
            if e.rule in goal and not self.goal_met:
                self.goal_met = True
                self.goal_rule = e.rule
                # the goal's own rule is the next idea shown, whatever queued before it
                at = next(i for i, st in enumerate(self.ideas) if st.rule == e.rule)
                if at > self.index + 1:
                    self.ideas.insert(self.index + 1, self.ideas.pop(at))

    def _meet(self, rule: str) -> None:
        """Queue ``rule`` as an idea the first time the game meets it (a rule the game knows)."""
        game = self.game
        if rule not in game.rules or any(s.rule == rule for s in self.ideas):
            return
        if rule in set(guide_data(game).get("skip", [])):
            return
        cards = {c.get("rule"): c.get("kind") for c in game.lesson_data().get("cards", [])}
        self.ideas.append(GuideStep(rule, "rule" if cards.get(rule) in (None, "rule", "tip") else cards[rule]))

    def _others_play(self) -> None:
        from tutor.bots import GreedyBot

        game = self.game
        bot = GreedyBot()
        for _ in range(MAX_BOT_MOVES):
            who = game.current_player(self._state)
            if who is None or who == self.learner:
                return
            action = bot.choose(game, self._state)
            after, events = game.apply_explained(self._state, action)
            self._record(who, action, after, events)

    def moves_since_last_step(self) -> list[tuple[int | None, Any, tuple]]:
        """The moves made since the learner's last decision (theirs and the others'), for the page."""
        out: list[tuple[int | None, Any, tuple]] = []
        for entry in reversed(self._log):
            out.append(entry)
            if entry[0] == self.learner:
                break
        return list(reversed(out))

    # ------------------------------------------------------------ words
    def text(self, lang: str = "en") -> tuple[str, str]:
        """The step's title and idea in ``lang``: for the goal, the first lesson's goal card (how the
        game is won, in a few sentences); for any other step the rule's own wording (the lesson's other
        cards speak of their example's position, not of this game's)."""
        game = self.game
        step = self.step
        for card in game.lesson_data().get("cards", []):
            if card.get("rule") == step.rule and step.kind == "goal":
                words = card.get("text", {})
                text = words.get(lang) or words.get("en") or ""
                title = game.rules[step.rule].wording(lang)[0]
                return title, text
        if step.rule in game.rules:
            return game.rules[step.rule].wording(lang)
        return "", ""

    # ------------------------------------------------------------ files
    def to_dict(self) -> dict[str, Any]:
        """The guide as JSON-ready data: its game, seed and the moves made (replayed to rebuild it)."""
        return {"game": self.game_name, "seed": self.seed, "players": self.players, "learner": self.learner,
                "learner_moves": [str(a) for who, a, _ in self._log if who == self.learner], "index": self.index}

    @classmethod
    def from_dict(cls, data: Any) -> "Guide":
        """A guide back from :meth:`to_dict`, its moves replayed; ScenarioError naming the field."""
        from tutor import games

        r = ScenarioReader(data, "guide")
        name = r.choice("game", games.names())
        g = cls.start(name, r.int("seed", 0, 2**31 - 1))
        moves = r.list("learner_moves", max_len=MAX_STEPS)
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise r.error_at(f"guide.learner_moves[{i}]", "expected text")
            reply = g.play(text)
            if reply.kind == "illegal":
                raise ScenarioError(f"guide.learner_moves[{i}]", "not a legal move here: {got}",
                                    "not a legal move here: {got}", {"got": text[:40]})
        return g


def guide_data(game: "Game") -> dict[str, Any]:
    """The game's guide settings in ``lesson.json`` (``guide``: seed, goal rules, rules not taught)."""
    data = game.lesson_data().get("guide")
    return data if isinstance(data, dict) else {}
