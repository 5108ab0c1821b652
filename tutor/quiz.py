"""Questions the engine answers: the learner predicts, the engine checks.

:func:`generate` builds questions from real positions (the steps of the
game's worked examples and seeded bot games), never from hand-written
answers: every answer is what ``legal_actions``, ``apply`` and ``scores``
say about the position the question carries (``Question.state``, the game's
scenario JSON).  The kinds every game has (:data:`GENERIC_KINDS`):

- ``legal``: which of these moves are legal (the others' refusals explain why);
- ``effect``: what this action does: each choice is the one consequence that tells an action's
  outcome apart from the others' (what the rules add to the move's own words), a few words long;
  no question is asked whose prompt holds the words that set the answer apart;
- ``score``: what a player scores once this action is done.

Every question carries a reason for each choice (why it is right, or why it is wrong: a refusal
and its rule, the move whose outcome it is, the score the engine counts) and a level from 1 to 3
(:func:`with_level`: how crowded the table, how many rules the answer needs), which the Quiz tab's
run (:mod:`tutor.quizrun`) climbs and descends.

A game adds its own kinds through :meth:`tutor.core.Game.question_kinds`
(Kamikaze: who wins this duel; Fire Bulls: which Yen cards can be taken; Tir
Nan Og: which territories can be taken; Formula E: where the elephant ends up).
Every word comes from the core catalog (``tutor/data/messages.json``) in
English, Italian and French.

>>> qs = generate("kamikaze-attack", seed=1, n=4)
>>> [q.kind for q in qs]
['legal', 'effect', 'score', 'duel']
>>> all(len(q.reasons) == len(q.choices) for q in qs), sorted({q.level for q in qs})
(True, [2, 3])
>>> load(save(qs)) == qs
True
>>> "Giocatore" in generate("kamikaze-attack", seed=1, n=4, lang="it")[0].prompt
True
"""

from __future__ import annotations

import inspect
import json
import random
import re
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tutor.core import IllegalAction, ScenarioError, ScenarioReader, core_catalog, parse_json_object, short

if TYPE_CHECKING:
    from tutor.core import Event, Game

__all__ = ["Question", "generate", "step_question", "position_question",
           "save", "load", "words", "seat_name", "narration", "first_rule",
           "with_level", "telling", "most_telling", "content", "word_count", "GENERIC_KINDS", "Maker", "MAX_WORDS",
           "LEVELS"]

FORMAT = 1
MAX_QUESTIONS = 500
MAX_CHOICES = 8
LEVELS = 3
#: a choice a learner reads at a glance: at most this many words (the whole story is in its reason)
MAX_WORDS = 12
LONGEST = 13
#: positions tried for a kind of question before the next kind takes its turn
TRIES = 60


@dataclass(frozen=True)
class Question:
    """One question about a position, answered by the engine.

    ``choices`` are the texts the learner picks from, ``answer`` the indices
    of the right ones (several for the ``legal`` kind: ``many`` is then true).
    ``rule`` is the id of the rule the answer rests on and ``explanation`` the
    engine's narration of why.  ``state`` is the position as the game's
    scenario JSON; ``action`` the action the question is about (its English
    text, which ``parse_action`` reads back) and ``actions`` the action behind
    each choice when the choices are moves or their outcomes ("" otherwise).
    """

    game: str
    kind: str
    prompt: str
    choices: tuple[str, ...]
    answer: tuple[int, ...]
    rule: str
    explanation: str
    state: str
    lang: str = "en"
    player: int | None = None
    action: str = ""
    actions: tuple[str, ...] = ()
    many: bool = False
    reasons: tuple[str, ...] = ()  # one sentence per choice: why it is right or wrong, from the engine
    level: int = 1  # 1 (one rule, fewest players) to 3 (several rules, a crowded table)

    def reason(self, i: int) -> str:
        """Why choice ``i`` is right or wrong (the explanation when the question carries no reasons)."""
        return self.reasons[i] if 0 <= i < len(self.reasons) else self.explanation

    def is_right(self, picked: Sequence[int]) -> bool:
        """Whether the learner's picks are exactly the right choices."""
        return sorted(set(picked)) == sorted(self.answer)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["choices"], data["answer"], data["actions"] = list(self.choices), list(self.answer), list(self.actions)
        data["reasons"] = list(self.reasons)
        return data

    @classmethod
    def from_dict(cls, data: Any, path: str = "question") -> "Question":
        """A question from its JSON object; ScenarioError naming the field for anything wrong."""
        from tutor import games

        r = ScenarioReader(data, path)
        game_name = r.choice("game", games.names())
        lang = r.choice("lang", ("en", "it", "fr"), default="en")
        choices = r.list("choices", max_len=MAX_CHOICES)
        if len(choices) < 2:
            raise r.error("choices", "expected at least {n} entries, got {got}", n=2, got=len(choices))
        for i, c in enumerate(choices):
            if not isinstance(c, str) or len(c) > 2000:
                raise r.error_at(f"{r.field('choices')}[{i}]", "expected text, got {got}", got=short(c))
        answer = r.list("answer", max_len=MAX_CHOICES)
        for i, a in enumerate(answer):
            if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < len(choices):
                raise r.error_at(f"{r.field('answer')}[{i}]", "expected a whole number from {lo} to {hi}, got {got}",
                                 lo=0, hi=len(choices) - 1, got=short(a))
        if not answer or len(set(answer)) != len(answer):
            raise r.error("answer", "expected the indices of the right choices, each once")
        actions = r.list("actions", max_len=MAX_CHOICES, default=[])
        if actions and len(actions) != len(choices):
            raise r.error("actions", "expected {n} entries, got {got}", n=len(choices), got=len(actions))
        for i, a in enumerate(actions):
            if not isinstance(a, str) or len(a) > 500:
                raise r.error_at(f"{r.field('actions')}[{i}]", "expected text, got {got}", got=short(a))
        game = games.get(game_name)
        rule = r.str("rule", 200)
        if rule not in game.rules:
            raise r.error("rule", "{got} is not a rule of {game}", got=short(rule), game=game_name)
        state_text = r.str("state", 200_000)
        try:
            state = game.from_json(state_text)
        except ScenarioError as exc:
            raise ScenarioError(f"{r.field('state')}.{exc.field}", exc.message, exc.template, exc.params) from None
        player = r.optional_int("player", 0, game.max_players - 1)
        if player is not None and player >= len(game.scores(state)):
            raise r.error("player", "expected a whole number from {lo} to {hi}, got {got}",
                          lo=0, hi=len(game.scores(state)) - 1, got=player)
        many = r.get("many", bool, default=False)
        if not many and len(answer) != 1:
            raise r.error("answer", "expected one right choice, got {got}", got=len(answer))
        reasons = r.list("reasons", max_len=MAX_CHOICES, default=[])
        if reasons and len(reasons) != len(choices):
            raise r.error("reasons", "expected {n} entries, got {got}", n=len(choices), got=len(reasons))
        for i, why in enumerate(reasons):
            if not isinstance(why, str) or len(why) > 5000:
                raise r.error_at(f"{r.field('reasons')}[{i}]", "expected text, got {got}", got=short(why))
        level = r.optional_int("level", 1, LEVELS) or 1
        return cls(game=game_name, kind=r.str("kind", 40), prompt=r.str("prompt", 2000),
                   choices=tuple(choices), answer=tuple(answer), rule=rule,
                   explanation=r.str("explanation", 5000), state=state_text, lang=lang, player=player,
                   action=r.str("action", 500, default=""), actions=tuple(actions), many=many,
                   reasons=tuple(reasons), level=level)


# ---------------------------------------------------------------- words

def words(template: str, lang: str = "en", **params: Any) -> str:
    """A quiz or hint sentence from the core catalog (parameters already in words)."""
    return core_catalog().render(template, params, lang)


def seat_name(game: "Game", player: int, lang: str = "en") -> str:
    """A seat in words ("Player 2"), as every game names it."""
    return words("Player {n}", lang, n=player + 1)


def narration(game: "Game", events: Sequence["Event"], lang: str = "en") -> str:
    """What happened, event by event, in ``lang``."""
    return " ".join(game.message(e, lang) for e in events)


def first_rule(game: "Game", events: Sequence["Event"], default: str = "") -> str:
    """The first event's rule that is in the game's rules (the rule an action rests on)."""
    for e in events:
        if e.rule in game.rules:
            return e.rule
    return default


def score_rule(game: "Game", events: Sequence["Event"], who: int) -> str:
    """The rule that made ``who``'s score change: the first event counting points (for them), else the
    first event after the action's own naming them as winner or player, else the first rule."""
    known = [e for e in events if e.rule in game.rules]
    for e in known:
        if e.get("points") is not None and e.get("player", who) == who:
            return e.rule
    for e in known[1:]:
        if e.get("winner") == who:
            return e.rule
    for e in known[1:]:
        if e.get("player") == who or who in (e.get("players") or ()):
            return e.rule
    return first_rule(game, events)


def sentence(text: str) -> str:
    """``text`` ending as a sentence does (a refusal is worded without its full stop)."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?…)»" else text + "."


# ---------------------------------------------------------------- positions

Maker = Callable[["Game", Any, random.Random, str], "Question | None"]


@dataclass
class _Pool:
    """Real positions of a game: example steps (with their refused actions) and seeded bot games."""

    states: list[Any]
    refused: list[tuple[Any, Any]]  # (position, action the rules refuse there)


def _pool(game: "Game", seed: int) -> _Pool:
    from tutor.bots import RandomBot

    rng = random.Random(f"quiz-pool|{game.name}|{seed}")
    states: list[Any] = []
    refused: list[tuple[Any, Any]] = []
    for example in game.examples():
        for step in example.steps:
            if step.action is None or game.current_player(step.before) is None:
                continue
            if step.illegal:
                refused.append((step.before, step.action))
            states.append(step.before)
    for g in range(3):
        ruleset = game.rulesets[g % len(game.rulesets)]
        counts = list(game.info.player_counts(ruleset))
        players = counts[0] if g == 0 else rng.choice(counts)  # one game at the fewest players: a beginner's table
        state = game.new_game(players, seed=rng.randrange(10**6), ruleset=ruleset)
        seats = [RandomBot() for _ in range(players)]
        trail = []
        for _ in range(min(300, game.info.max_actions)):
            seat = game.current_player(state)
            if seat is None:
                break
            trail.append(state)
            state = game.apply(state, seats[seat].choose(game, state))
        states.extend(rng.sample(trail, min(40, len(trail))))
    return _Pool(states, refused)


def _refuses(game: "Game", state: Any, action: Any) -> IllegalAction | None:
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        return exc
    return None


# ---------------------------------------------------------------- the generic kinds

def _legal(game: "Game", state: Any, rng: random.Random, lang: str, pool: _Pool, one: bool = False
           ) -> Question | None:
    """Which of these moves are legal?  Refused candidates come from the examples and from other positions.
    ``one``: exactly one of the choices is legal (a question answered with one pick)."""
    legal = game.legal_actions(state)
    if not legal:
        return None
    seen = {game.action_text(a) for a in legal}
    foreign: list[tuple[Any, IllegalAction]] = []
    candidates = [a for s, a in pool.refused if s is state]
    for other in rng.sample(pool.states, min(12, len(pool.states))):
        if other is not state and game.current_player(other) is not None:
            acts = game.legal_actions(other)
            candidates.extend(rng.sample(acts, min(3, len(acts))))
    for action in candidates:
        text = game.action_text(action)
        if text in seen:
            continue
        exc = _refuses(game, state, action)
        if exc is not None and exc.rule in game.rules:
            seen.add(text)
            foreign.append((action, exc))
        if len(foreign) >= 3:
            break
    if not foreign:
        return None
    n_bad = min(3, len(foreign)) if one else rng.randint(1, min(3, len(foreign)))
    n_good = 1 if one else min(len(legal), 4 - n_bad)
    picks = [(a, None) for a in rng.sample(legal, n_good)] + foreign[:n_bad]
    rng.shuffle(picks)
    player = game.current_player(state)
    assert player is not None
    choices, lines = [], []
    for action, exc in picks:
        text = game.action_text(action, lang)
        choices.append(text)
        if exc is None:
            lines.append(words("“{move}” is legal.", lang, move=text))
        else:
            lines.append(words("“{move}” is refused: {why}", lang, move=text, why=sentence(game.message(exc, lang))))
    rule = next(exc.rule for _, exc in picks if exc is not None)
    asked = ("{Seat} is to decide ({decision}). Which of these moves do the rules allow?" if one else
             "{Seat} is to decide ({decision}). Which of these moves are legal?")
    return Question(
        game=game.name, kind="legal", lang=lang, player=player, many=not one,
        prompt=words(asked, lang, seat=seat_name(game, player, lang),
                     decision=game.decision_name(game.decision(state), lang)),
        choices=tuple(choices), answer=tuple(i for i, (_, exc) in enumerate(picks) if exc is None),
        rule=rule, explanation=" ".join(lines), state=game.to_json(state),
        actions=tuple(str(a) for a, _ in picks), reasons=tuple(lines))


def _outcomes(game: "Game", state: Any, rng: random.Random, lang: str, limit: int = 12
              ) -> list[tuple[Any, Any, list["Event"]]]:
    """Up to ``limit`` legal actions with what they lead to; the first is drawn at random and the
    others are, first, those whose words start as its do (an attack among attacks ...)."""
    legal = game.legal_actions(state)
    if not legal:
        return []
    order = rng.sample(legal, len(legal))
    head = game.action_text(order[0]).split(" ")[0]
    order = order[:1] + sorted(order[1:], key=lambda a: game.action_text(a).split(" ")[0] != head)
    out = []
    for action in order[:limit]:
        after, events = game.apply_explained(state, action)
        out.append((action, after, events))
    return out


def content(text: str) -> set[str]:
    """The words that carry meaning in an English text, as stems (seats, their colours and small words
    left out: "Player 2 (red) takes red" says "take red" of whoever plays)."""
    from tutor.rulesearch import STOP, stem

    text = re.sub(r"\bplayers? \d+( \([a-z]+\))?", " ", text.lower())
    return {stem(w) for w in re.findall(r"[a-z0-9]+", text) if w not in STOP}


# a seat named at the start of a sentence, in any language: "Player 2 (red) ", "Joueur 2 ", "Giocatore 2 (rosso) "
_SUBJECT = re.compile(r"^\S+ \d+( \([^)]*\))? ")


def telling(game: "Game", action: Any, events: Sequence["Event"]) -> list["Event"]:
    """The events of an action that say more than the action's own words (not "Player 2 takes blue"
    after "take blue"): what a learner has to know the rules to predict."""
    said = content(game.action_text(action))
    out = []
    for e in events:
        if not e.text or e.rule not in game.rules:
            continue
        words_here = content(e.text)
        if words_here and not words_here <= said:
            out.append(e)
    return out


def most_telling(game: "Game", action: Any, events: Sequence["Event"]) -> "Event":
    """Of ``events`` (none empty), the one that says most beyond the words of ``action`` (the swap of
    pawns, not the card drawn); the first of those that say as much."""
    said = content(game.action_text(action))
    return max(events, key=lambda e: (len(content(e.text) - said), -events.index(e)))


def _keys(game: "Game", options: Sequence[tuple[Any, list["Event"]]]) -> list["Event"] | None:
    """Each option's telling event that the other options do not share and that says most beyond
    the move's own words (the swap of pawns, not the card drawn), or None when two options cannot be
    told apart that way.  Decided on the English texts, so every language asks the same question."""
    common = set.intersection(*({e.text for e in events} for _, events in options))
    keys = []
    for action, events in options:
        own = [e for e in events if e.text not in common]
        if not own:
            return None
        keys.append(most_telling(game, action, own))
    return keys if len({k.text for k in keys}) == len(keys) else None


def word_count(text: str) -> int:
    """The words a reader counts: French's spaced colons and other marks alone are not words.

    >>> word_count("Les deux cartes sont révélées : Joueur 1 joue Archer.")
    9
    """
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


def _shorten(text: str) -> str | None:
    """A choice as a learner reads it at a glance: the sentence when short enough; else without the
    seat it starts with ("Player 1 (blue) attacks ..." -> "attacks ..."), then up to its ";" (a
    parenthesis it opened closed).  None when that is still over ``LONGEST`` words: a few choices of
    a set may run a little over ``MAX_WORDS`` rather than lose the clause that tells them apart."""
    def fits(t: str) -> bool:
        return word_count(t) <= MAX_WORDS

    if fits(text):
        return text
    end = "." if text.rstrip().endswith(".") else ""
    m = _SUBJECT.match(text)
    if m:
        text = text[m.end():]
    if not fits(text) and ";" in text:
        head = text.split(";")[0].rstrip()
        text = head + ")" * (head.count("(") - head.count(")")) + end
    return text if word_count(text) <= LONGEST else None


def _short(texts: Sequence[str]) -> list[str] | None:
    """Every choice shortened (:func:`_shorten`), or None when one cannot be."""
    out = [_shorten(t) for t in texts]
    return None if any(t is None for t in out) else [t for t in out if t is not None]


def _effect(game: "Game", state: Any, rng: random.Random, lang: str, pool: _Pool,
            action: Any = None) -> Question | None:
    """What does this action do?  Each choice is the one consequence that tells an action's outcome
    apart from the others' (what the rules add to the move's own words), in at most ``MAX_WORDS``
    words; the whole narration of each is its reason.  ``action``, when given, is the one asked
    about; else one drawn at random."""
    outcomes = _outcomes(game, state, rng, lang)
    if not outcomes:
        return None
    if action is not None:
        head = game.action_text(action).split(" ")[0]
        rest = sorted((o for o in outcomes if o[0] != action),
                      key=lambda o: game.action_text(o[0]).split(" ")[0] != head)
        outcomes = [(action, *game.apply_explained(state, action))] + rest
    first = outcomes[0][0]
    options = [(a, telling(game, a, events), events) for a, _after, events in outcomes]
    if not options[0][1]:
        return None  # the move's own words say all that happens: nothing to ask
    chosen = [options[0]]
    for option in options[1:]:
        if option[1] and _keys(game, [(a, t) for a, t, _ in chosen + [option]]) is not None:
            chosen.append(option)
        if len(chosen) == 4:
            break
    keys = _keys(game, [(a, t) for a, t, _ in chosen]) if len(chosen) >= 2 else None
    if keys is None:
        return None
    english = _short([k.text for k in keys])
    if english is None or any(_short([game.message(k, other) for k in keys]) is None for other in game.languages):
        return None  # too long to read at a glance in one of the page's languages
    player = game.current_player(state)
    assert player is not None
    move_en = game.action_text(first)
    prompt_en = words("{Seat} chooses: {move}. What happens?", "en", seat=seat_name(game, player, "en"), move=move_en)
    apart = content(english[0]) - set().union(*(content(t) for t in english[1:]))
    if not apart or apart & content(prompt_en):
        return None  # a word that sets the answer apart is in the prompt: matching words would answer it
    order = list(range(len(chosen)))
    rng.shuffle(order)
    texts = _short([game.message(k, lang) for k in keys]) or [game.message(k, lang) for k in keys]
    target = order.index(0)
    rule = first_rule(game, [keys[0], *chosen[0][2]])
    title = game.rules[rule].wording(lang)[0]
    move = game.action_text(first, lang)
    reasons = []
    for i in order:
        whole = narration(game, chosen[i][2], lang)
        if i == 0:
            reasons.append(words("{text} ({rule})", lang, text=whole, rule=title))
        else:
            reasons.append(words("That follows “{other}”, not “{move}”.", lang,
                                 other=game.action_text(chosen[i][0], lang), move=move))
    return Question(
        game=game.name, kind="effect", lang=lang, player=player,
        prompt=words("{Seat} chooses: {move}. What happens?", lang, seat=seat_name(game, player, lang), move=move),
        choices=tuple(texts[i] for i in order), answer=(target,), rule=rule,
        explanation=words("{text} ({rule})", lang, text=narration(game, chosen[0][2], lang), rule=title),
        state=game.to_json(state), action=str(first), actions=tuple(str(chosen[i][0]) for i in order),
        reasons=tuple(reasons))


def _score(game: "Game", state: Any, rng: random.Random, lang: str, pool: _Pool) -> Question | None:
    """What does this player score once this action is done?"""
    before = game.scores(state)
    for action, after, events in _outcomes(game, state, rng, lang, limit=30):
        now = game.scores(after)
        changed = [p for p in range(len(now)) if now[p] != before[p]]
        if not changed or not first_rule(game, events):
            continue
        who = max(changed, key=lambda p: (abs(now[p] - before[p]), -p))
        rule = score_rule(game, events, who)
        right = now[who]
        options = [right]
        for d in (before[who], right + 1, right - 1, right + 2, right - 2, *now):
            if d not in options and d >= 0:
                options.append(d)
        options = options[:4]
        rng.shuffle(options)
        mover = game.current_player(state)
        assert mover is not None
        explanation = words("{text} {Who}: {before} → {after}.", lang, text=narration(game, events, lang),
                            who=seat_name(game, who, lang), before=before[who], after=right)
        title = game.rules[rule].wording(lang)[0]
        reasons = tuple(
            explanation if o == right else
            words("Not {wrong}: {who} goes from {before} to {after} ({rule}).", lang, wrong=o,
                  who=seat_name(game, who, lang), before=before[who], after=right, rule=title)
            for o in options)
        return Question(
            game=game.name, kind="score", lang=lang, player=who,
            prompt=words("{Seat} chooses: {move}. What is {who}'s score afterwards? It is {score} now.", lang,
                         seat=seat_name(game, mover, lang), move=game.action_text(action, lang),
                         who=seat_name(game, who, lang), score=before[who]),
            choices=tuple(str(o) for o in options), answer=(options.index(right),), rule=rule,
            explanation=explanation, state=game.to_json(state), action=str(action), reasons=reasons)
    return None


def step_question(game: "Game", example: Any, index: int, lang: str = "en") -> Question | None:
    """The "Your turn" question of step ``index`` of a worked example, asked before the step is shown.

    A step the rules refuse asks whether the move is allowed (kind
    ``allowed``: the refusal explains); a step with a legal action asks what it
    does (kind ``effect``, the other choices what other legal moves would do).
    None for a narration-only step or one whose effect cannot be told apart.
    """
    if not 0 <= index < len(example.steps):
        return None
    step = example.steps[index]
    state = step.before
    player = game.current_player(state)
    if step.action is None or player is None:
        return None
    rng = random.Random(f"step|{game.name}|{example.id}|{index}")
    move = game.action_text(step.action, lang)
    if step.illegal:
        exc = _refuses(game, state, step.action)
        why = (words("“{move}” is refused: {why}", lang, move=move, why=sentence(game.message(exc, lang)))
               if exc is not None else words("“{move}” is legal.", lang, move=move))
        rule = exc.rule if exc is not None and exc.rule in game.rules else step.illegal
        return with_level(game, Question(
            game=game.name, kind="allowed", lang=lang, player=player,
            prompt=words("{Seat} tries: {move}. Do the rules allow it?", lang, seat=seat_name(game, player, lang),
                         move=move),
            choices=(words("Yes, it is legal", lang), words("No, the rules refuse it", lang)),
            answer=((1,) if exc is not None else (0,)), rule=rule, explanation=why, state=game.to_json(state),
            action=str(step.action), actions=(str(step.action), str(step.action)), reasons=(why, why)))
    q = None
    for make in game.question_kinds().values():  # a game's own question about this very move comes first: it
        # asks what the move decides in the game's terms (Kamikaze: who wins the duel), where the generic one
        # sets the move's consequences beside those of other moves
        if q is None and "action" in inspect.signature(make).parameters:
            q = make(game, state, rng, lang, action=step.action)
    if q is None:
        q = _effect(game, state, rng, lang, _Pool([], []), action=step.action)
    if q is None:  # nothing the move's own words leave open: ask which moves the rules allow here
        others = [s.before for s in example.steps if s.before is not state] + [s.after for s in example.steps]
        refused = [(s.before, s.action) for s in example.steps if s.illegal and s.before is state]
        q = _legal(game, state, rng, lang, _Pool(others, refused), one=True)
    return with_level(game, q) if q is not None else None


GENERIC_KINDS: dict[str, Callable[..., Question | None]] = {"legal": _legal, "effect": _effect, "score": _score}


def position_question(game: "Game", state: Any, lang: str = "en", seed: int = 0,
                      others: Sequence[Any] = ()) -> Question | None:
    """A question about ``state`` itself (a position on the table, not an example's step): what a
    legal move does, else which moves are legal (the refused ones drawn from the moves of the
    ``others`` positions), else what a move scores, else one of the game's own kinds; None when
    none fits.  The same ``seed`` draws the same moves in every language."""
    if game.current_player(state) is None:
        return None
    pool = _Pool([s for s in others if s is not state and game.current_player(s) is not None], [])
    makers = [_effect, _legal, _score, *(_without_pool(make) for make in game.question_kinds().values())]
    for make in makers:
        q = make(game, state, random.Random(f"position|{game.name}|{seed}"), lang, pool)
        if q is not None:
            return with_level(game, q)
    return None


def with_level(game: "Game", q: Question) -> Question:
    """``q`` with its level and a reason for every choice.

    The level counts what answering takes: more players than the fewest the game allows (a crowded
    table), the rules the engine cites when the move is played (one rule, two, three or more) and
    several right choices to find.  A game's own kind that gives no reasons gets the engine's
    explanation for every choice: why the right one is right, and so why another is not."""
    from dataclasses import replace

    state = game.from_json(q.state)
    players = len(game.scores(state))
    crowd = 0 if players <= game.info.min_players + 1 else 1 if players <= game.info.min_players + 2 else 2
    rules: set[str] = set()
    if q.action:
        try:
            _after, events = game.apply_explained(state, game.parse_action(state, q.action))
            rules = {e.rule for e in events if e.rule in game.rules}
        except (IllegalAction, ValueError):
            rules = {q.rule}
    needs = max(0, min(2, len(rules) - 2)) + (1 if q.many else 0)  # a move and the end of a turn: two rules
    points = crowd + needs
    level = 1 if points == 0 else 2 if points <= 2 else 3
    reasons = q.reasons
    if len(reasons) != len(q.choices):
        reasons = tuple(q.explanation if i in q.answer else words("Not so: {text}", q.lang, text=q.explanation)
                        for i in range(len(q.choices)))
    return replace(q, level=level, reasons=reasons)


def _without_pool(make: Maker) -> Callable[..., Question | None]:
    """A game's own maker (game, state, rng, lang) called as the generic ones are (with the pool too)."""
    return lambda game, state, rng, lang, _pool: make(game, state, rng, lang)


def kinds(game: "Game") -> list[str]:
    """The kinds of question ``game`` is asked: the generic ones, then its own."""
    return list(GENERIC_KINDS) + list(game.question_kinds())


# ---------------------------------------------------------------- generate, save, load

def generate(game: str, seed: int, n: int, lang: str = "en") -> list[Question]:
    """``n`` questions (fewer if the positions run out) about ``game``; same seed, same questions.

    The kinds take turns, so any four questions cover four kinds.
    """
    from tutor import games

    g = games.get(game)
    n = max(0, min(n, MAX_QUESTIONS))
    if lang not in g.languages:
        raise ValueError(f"unknown language {lang!r}")
    pool = _pool(g, seed)
    own = g.question_kinds()
    makers: list[tuple[str, Callable[..., Question | None]]] = list(GENERIC_KINDS.items())
    makers += [(name, _without_pool(mk)) for name, mk in own.items()]
    rng = random.Random(f"quiz|{game}|{seed}")
    out: list[Question] = []
    seen: set[tuple[str, str, str]] = set()
    dry = 0
    turn = 0
    while len(out) < n and dry < len(makers) and pool.states:
        name, make = makers[turn % len(makers)]
        turn += 1
        found = None
        for _ in range(TRIES):
            state = rng.choice(pool.states)
            if g.current_player(state) is None:
                continue
            q = make(g, state, rng, lang, pool)
            if q is not None and (q.kind, q.prompt, q.state) not in seen:
                found = q
                break
        if found is None:
            dry += 1
            continue
        dry = 0
        seen.add((found.kind, found.prompt, found.state))
        out.append(with_level(g, found))
    return out


def save(questions: Sequence[Question], results: dict | None = None) -> str:
    """A question set as a JSON file's text (:func:`load` reads it back).

    ``results``, when given, is the learner's progress exported with the set (``"quiz"``: the
    answers; ``"scenarios"``: the Scenarios tab's solved ids and attempts); :func:`load` ignores it."""
    data: dict[str, Any] = {"format": FORMAT, "questions": [q.to_dict() for q in questions]}
    if results:
        data["results"] = results
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def load(text: str | bytes) -> list[Question]:
    """The questions of a saved set; ScenarioError naming the field for a bad file."""
    data = parse_json_object(text)
    r = ScenarioReader(data)
    r.int("format", 1, FORMAT)
    items = r.list("questions", max_len=MAX_QUESTIONS)
    return [Question.from_dict(item, f"questions[{i}]") for i, item in enumerate(items)]
