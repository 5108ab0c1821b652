"""The conformance checks: what every game keeps.

Each ``check_*`` function takes a game (a :class:`tutor.core.Game`) and, for
most checks, the random games recorded by :func:`playouts`; it raises
AssertionError naming the first broken property and passes silently
otherwise.  ``test_conformance.py`` runs them on every registered game and on
the toy game; ``test_breakage.py`` runs them on toy variants that each break
one property, to show each check can fail.

The random games are cheap to record and shared by the checks (cached per
game object).  Checks that cost more than a ``to_json`` per position look at
a sample of positions (:func:`sample`), always including the first and the
last.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import random
import re
from dataclasses import dataclass, field, fields, is_dataclass
from collections.abc import Sequence
from typing import Any

from tutor.core import FORMAT, ActionParseError, Event, Game, IllegalAction, ScenarioError

COMMON_KEYS = ("game", "player", "players", "current_player", "decision", "scores", "over", "ruleset",
               "hands", "hand_sizes")
LANGS = ("en", "it", "fr")
GAMES_PER_SETUP = 2  # random games per ruleset and player count
SAMPLE = 24  # positions per random game for the dearer checks


def game_named(name: str) -> Game:
    """A registered game, or ``"toy"`` for the toy game; AssertionError when it is not a :class:`Game`."""
    from tests.conformance.toy import GAME as TOY
    from tutor import games

    game = TOY if name == "toy" else games.get(name)
    if not isinstance(game, Game):
        missing = sorted(m for m in Game.__abstractmethods__ if not hasattr(game, m))
        raise AssertionError(f"{name} does not subclass tutor.core.Game; it lacks {', '.join(missing) or 'nothing'}")
    return game


@dataclass
class Playout:
    """One random legal game: its setup, every position and every action."""

    ruleset: str
    players: int
    seed: int
    states: list = field(default_factory=list)  # states[i + 1] = apply(states[i], actions[i])
    actions: list = field(default_factory=list)
    events: list = field(default_factory=list)  # the events of each action
    mutated: list = field(default_factory=list)  # (step, action) where apply changed its input
    ended: bool = False

    def label(self) -> str:
        return f"{self.ruleset}/{self.players}p/seed {self.seed}"


def playout(game: Game, players: int, ruleset: str, seed: int) -> Playout:
    """A random legal game; choices come from the seed, so it replays exactly.

    Stops after ``info.max_actions`` actions (``ended`` says whether the game
    ended by then), and records any action whose ``apply`` changed the state
    it was given (compared by ``to_json`` before and after).
    """
    rng = random.Random(f"{game.name}|{ruleset}|{players}|{seed}")
    state = game.new_game(players, seed, ruleset)
    play = Playout(ruleset, players, seed, [state])
    for step in range(game.info.max_actions + 1):
        if game.current_player(state) is None:
            play.ended = True
            break
        legal = game.legal_actions(state)
        assert legal, f"{game.name} {play.label()}: a running game with no legal action at step {step}"
        action = rng.choice(legal)
        before = game.to_json(state)
        state, events = game.apply_explained(state, action)
        if game.to_json(play.states[-1]) != before:
            play.mutated.append((step, action))
        play.states.append(state)
        play.actions.append(action)
        play.events.append(events)
    return play


def setups(game: Game) -> list[tuple[str, int]]:
    """Every (ruleset, player count) the game declares."""
    return [(rs, n) for rs in game.info.rulesets for n in game.info.player_counts(rs)]


@functools.lru_cache(maxsize=16)
def playouts(game: Game, per_setup: int = GAMES_PER_SETUP) -> tuple[Playout, ...]:
    """``per_setup`` random games for every ruleset and player count (cached per game)."""
    return tuple(playout(game, n, rs, seed) for rs, n in setups(game) for seed in range(per_setup))


def sample(states: list, k: int = SAMPLE) -> list:
    """At most ``k`` positions spread over a game, the first and the last included."""
    if len(states) <= k:
        return list(states)
    step = (len(states) - 1) / (k - 1)
    return [states[round(i * step)] for i in range(k)]


def _where(game: Game, play: Playout, i: int | None = None) -> str:
    return f"{game.name} {play.label()}" + (f" step {i}" if i is not None else "")


# ------------------------------------------------------------------ play
def check_games_end(game: Game, plays: tuple[Playout, ...]) -> None:
    """Random legal games for each ruleset and player count end within ``info.max_actions``."""
    assert {(p.ruleset, p.players) for p in plays} == set(setups(game))
    for play in plays:
        assert play.ended, f"{_where(game, play)}: still running after {game.info.max_actions} actions"
        assert game.is_over(play.states[-1])


def check_decisions(game: Game, plays: tuple[Playout, ...]) -> None:
    """``current_player`` is None exactly when the game is over; ``decision`` is a declared kind."""
    for play in plays:
        for i, s in enumerate(play.states):
            who, kind = game.current_player(s), game.decision(s)
            over = game.is_over(s)
            assert (who is None) == over, f"{_where(game, play, i)}: current_player {who!r}, is_over {over}"
            if who is None:
                assert kind == "", f"{_where(game, play, i)}: decision {kind!r} once the game is over"
                assert game.legal_actions(s) == [], f"{_where(game, play, i)}: legal actions once over"
            else:
                assert type(who) is int and 0 <= who < play.players, f"{_where(game, play, i)}: seat {who!r}"
                assert kind in game.info.decisions, f"{_where(game, play, i)}: decision {kind!r} is not declared"
            winners = game.winners(s)
            assert winners == [] if not over else set(winners) <= set(range(play.players)), \
                f"{_where(game, play, i)}: winners {winners!r} (over: {over})"


def check_listing(game: Game, plays: tuple[Playout, ...]) -> None:
    """``legal_actions`` lists every action in full: a list or a read-only sequence whose length is exact, whose
    every action is reached by index (from either end, and by slice), whose iteration yields them all in the same
    order, and which ``in``, ``index`` and ``==`` with a list agree with (it may make its actions lazily)."""
    for play in plays:
        for s in sample(play.states):
            legal = game.legal_actions(s)
            where = _where(game, play)
            assert isinstance(legal, Sequence) and not isinstance(legal, (str, bytes)), \
                f"{where}: legal_actions gave a {type(legal).__name__}, not a sequence"
            every = list(legal)
            n = len(every)
            assert len(legal) == n, f"{where}: len(legal_actions) is {len(legal)}, iteration yields {n}"
            assert [legal[i] for i in range(n)] == every, f"{where}: legal_actions[i] differs from iteration"
            assert [legal[i - n] for i in range(n)] == every, f"{where}: legal_actions[-i] differs from iteration"
            assert list(legal[1:n:2]) == every[1:n:2], f"{where}: a slice of legal_actions differs from iteration"
            assert legal == every and every == legal and not legal != every, f"{where}: legal_actions != its list"
            assert legal != every + [object()], f"{where}: legal_actions equals a longer list"
            for a in every[:3] + every[-3:]:
                assert a in legal, f"{where}: {a!r} listed, but not in legal_actions"
                assert legal.index(a) == every.index(a), f"{where}: legal_actions.index({a!r}) is wrong"
            for bad in (n, -n - 1):
                try:
                    legal[bad]
                except IndexError:
                    continue
                raise AssertionError(f"{where}: legal_actions[{bad}] of {n} actions is no IndexError")


def check_conserved(game: Game, plays: tuple[Playout, ...]) -> None:
    """What the game declares as conserved is the same at every step of every game."""
    for play in plays:
        first = game.conserved(play.states[0])
        assert first and all(type(v) is int for v in first.values()), f"{game.name}: conserved() is {first!r}"
        for i, s in enumerate(play.states):
            now = game.conserved(s)
            assert now == first, f"{_where(game, play, i)}: conserved {_diff(first, now)} after {play.actions[i - 1]}"


def _diff(a: dict, b: dict) -> str:
    keys = sorted(set(a) | set(b), key=str)
    return ", ".join(f"{k}: {a.get(k)} -> {b.get(k)}" for k in keys if a.get(k) != b.get(k))


def check_apply_pure(game: Game, plays: tuple[Playout, ...]) -> None:
    """``apply`` never changes the state it is given; apply and apply_explained agree."""
    for play in plays:
        assert not play.mutated, f"{_where(game, play)}: apply changed its input at (step, action) {play.mutated[:3]}"
        for j in sample(list(range(len(play.actions)))):
            s = play.states[j]
            before, snapshot = game.to_json(s), copy.deepcopy(s)
            after = game.apply(s, play.actions[j])
            assert game.to_json(s) == before and s == snapshot, f"{_where(game, play, j)}: apply changed its input"
            assert after == play.states[j + 1], f"{_where(game, play, j)}: apply and apply_explained disagree"


def check_round_trip(game: Game, plays: tuple[Playout, ...]) -> None:
    """``from_json(to_json(s)) == s`` with the same bytes, at every step; files carry game and format."""
    for play in plays:
        for i, s in enumerate(play.states):
            text = game.to_json(s)
            assert game.to_json(s) == text, f"{_where(game, play, i)}: to_json is not stable"
            back = game.from_json(text)
            assert back == s, f"{_where(game, play, i)}: from_json(to_json(s)) != s"
            assert game.to_json(back) == text, f"{_where(game, play, i)}: the bytes change on a round trip"
            assert game.from_json(text.encode("utf-8")) == s, f"{_where(game, play, i)}: bytes do not load"
        head = json.loads(game.to_json(play.states[0]))
        assert head.get("game") == game.name and head.get("format") == FORMAT, \
            f"{game.name}: a scenario file must carry \"game\": {game.name!r} and \"format\": {FORMAT}"


def check_replay(game: Game, plays: tuple[Playout, ...]) -> None:
    """The same seed and actions give the same states."""
    for play in plays:
        s = game.new_game(play.players, play.seed, play.ruleset)
        assert s == play.states[0], f"{_where(game, play)}: new_game is not decided by the seed alone"
        for i, a in enumerate(play.actions):
            s = game.apply(s, a)
            assert s == play.states[i + 1], f"{_where(game, play, i)}: replay differs after {a}"
            if i % 16 == 0 or i == len(play.actions) - 1:
                assert game.to_json(s) == game.to_json(play.states[i + 1])


def check_action_text(game: Game, plays: tuple[Playout, ...]) -> None:
    """``parse_action(s, str(a)) == a`` and ``action_text(a, "en") == str(a)``; words in every language."""
    for play in plays:
        for s in sample(play.states[:-1]):
            for a in game.legal_actions(s):
                text = str(a)
                assert game.action_text(a, "en") == text, f"{game.name}: action_text({a!r}) != {text!r}"
                back = game.parse_action(s, text)
                assert same(back, a), f"{game.name}: parse_action({text!r}) gives {back!r}, not {a!r}"
                for lang in LANGS[1:]:
                    words = game.action_text(a, lang)
                    assert isinstance(words, str) and words.strip(), f"{game.name}: no {lang} text for {text!r}"


JUNK = (None, 0, -1, 1, True, False, "", "junk", 10 ** 5000, 1.5, float("nan"), [], {}, (), ("x", 1),
        b"draw", object(), Event("x", "x"), IllegalAction("x", "x"))


def action_pool(game: Game, plays: tuple[Playout, ...], limit: int = 400) -> list:
    """Actions of other positions (every distinct one played, up to ``limit``) and junk values."""
    seen: list = []
    keys: set = set()
    for play in plays:
        for s in sample(play.states[:-1], 6):
            for a in game.legal_actions(s):
                key = (type(a).__name__, repr(a))
                if key not in keys:
                    keys.add(key)
                    seen.append(a)
    rng = random.Random(game.name)
    rng.shuffle(seen)
    texts = [str(a) for a in seen[:5]]
    return seen[:limit] + list(JUNK) + texts


def check_refusals(game: Game, plays: tuple[Playout, ...], per_state: int = 40) -> list[IllegalAction]:
    """An action that is not legal raises IllegalAction naming a rule of the game, and changes nothing.

    Returns the refusals met (the catalog check reads their templates).
    """
    pool = action_pool(game, plays)
    rng = random.Random(f"refuse|{game.name}")
    refusals: list[IllegalAction] = []
    for play in plays:
        for s in sample(play.states, 8):
            legal = game.legal_actions(s)
            before = game.to_json(s)
            for a in rng.sample(pool, min(per_state, len(pool))) + list(JUNK):
                if any(same(a, b) for b in legal):
                    continue
                for apply in (game.apply, game.apply_explained):
                    try:
                        result = apply(s, a)
                    except IllegalAction as exc:
                        assert exc.rule in game.rules, \
                            f"{game.name}: refusing {short_repr(a)} names rule {exc.rule!r}, which is not in the rules"
                        assert str(exc).strip(), f"{game.name}: refusing {short_repr(a)} says nothing"
                        refusals.append(exc)
                    except Exception as exc:  # noqa: BLE001 - anything else is the failure
                        raise AssertionError(f"{game.name}: {apply.__name__}({short_repr(a)}) raised "
                                             f"{type(exc).__name__}: {exc}, not IllegalAction") from exc
                    else:
                        if not reads_as_legal(game, s, a, result, legal):
                            raise AssertionError(f"{game.name}: {apply.__name__} accepted {short_repr(a)}, "
                                                 f"which is not a legal action there")
                    assert game.to_json(s) == before, f"{game.name}: refusing {short_repr(a)} changed the state"
    return refusals


def reads_as_legal(game: Game, state: Any, value: Any, result: Any, legal: list) -> bool:
    """Whether ``apply`` may accept ``value``, which is not a listed action: only a text that
    ``parse_action`` reads as a listed action, with the same result (the core lets a game take text)."""
    if not isinstance(value, str):
        return False
    try:
        action = game.parse_action(state, value)
    except IllegalAction:
        return False
    if not any(same(action, b) for b in legal):
        return False
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], list):
        result = result[0]  # apply_explained
    return bool(result == game.apply(state, action))


def short_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken repr is reported elsewhere
        text = type(value).__name__
    return text if len(text) < 80 else text[:77] + "..."


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (``True`` is not ``1`` here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if is_dataclass(a) and not isinstance(a, type):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in fields(a))
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001
        return False


# ------------------------------------------------------------------ views
def json_problem(value: Any, path: str = "view") -> str | None:
    """Where ``value`` is not plain JSON data (dict with str keys, list, str, int, bool, None)."""
    if value is None or isinstance(value, (str, bool, int)):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value!r}"
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = json_problem(v, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                return f"{path} has the key {k!r}, not text"
            found = json_problem(v, f"{path}.{k}")
            if found:
                return found
        return None
    return f"{path} is a {type(value).__name__}"


def check_view(game: Game, state: Any, player: int | None, where: str = "") -> dict:
    """One view: the common keys with the right values, plain JSON data."""
    where = where or game.name
    v = game.view(state, player)
    assert isinstance(v, dict), f"{where}: view is a {type(v).__name__}"
    missing = [k for k in COMMON_KEYS if k not in v]
    assert not missing, f"{where}: the view lacks {missing}"
    problem = json_problem(v)
    assert problem is None, f"{where}: not JSON data: {problem}"
    n = v["players"]
    want = {"game": game.name, "player": player, "current_player": game.current_player(state),
            "decision": game.decision(state), "scores": list(game.scores(state)), "over": game.is_over(state)}
    for key, value in want.items():
        assert v[key] == value, f"{where}: view[{key!r}] is {v[key]!r}, the game says {value!r}"
    assert v["ruleset"] in game.rulesets, f"{where}: view['ruleset'] is {v['ruleset']!r}"
    assert type(n) is int and len(v["hands"]) == n and len(v["hand_sizes"]) == n, \
        f"{where}: hands and hand_sizes need one entry per seat"
    for p, (hand, size) in enumerate(zip(v["hands"], v["hand_sizes"])):
        if hand is not None:
            assert isinstance(hand, list) and len(hand) == size, f"{where}: hands[{p}] does not hold {size} cards"
        if player is None or p == player:
            assert hand is not None, f"{where}: the {'teacher' if player is None else 'seat'} cannot see hands[{p}]"
    return v


def check_views(game: Game, plays: tuple[Playout, ...]) -> None:
    """Views for the teacher and every seat have the common keys and are JSON data."""
    for play in plays:
        for s in sample(play.states, 12):
            for player in [None, *range(play.players)]:
                check_view(game, s, player, f"{_where(game, play)} viewer {player}")


def check_hidden(game: Game, plays: tuple[Playout, ...], tries: int = 2) -> None:
    """``view(resample_hidden(s, p, rng), p) == view(s, p)``, and the resampled state is a state of the game.

    With hidden information, resampling must change the teacher's view
    somewhere (otherwise this check could not see a view that leaks).
    """
    changed = 0
    for play in plays:
        for k, s in enumerate(sample(play.states, 8)):
            for p in range(play.players):
                mine = game.view(s, p)
                teacher = game.view(s, None)
                for t in range(tries):
                    r = game.resample_hidden(s, p, random.Random(f"{play.seed}|{k}|{p}|{t}"))
                    assert game.view(r, p) == mine, \
                        f"{_where(game, play)} seat {p}: the view changes when only what seat {p} cannot see changes"
                    assert game.conserved(r) == game.conserved(s), f"{_where(game, play)}: resampling lost cards"
                    assert game.current_player(r) == game.current_player(s)
                    assert game.from_json(game.to_json(r)) == r, \
                        f"{_where(game, play)}: a resampled state does not load"
                    changed += game.view(r, None) != teacher
    if game.info.hidden_information:
        assert changed, f"{game.name}: declares hidden information, but resample_hidden never changes anything"


# ------------------------------------------------------------------ words
def _in_catalog(game: Game, template: str) -> bool:
    messages = game.catalog.messages
    return bool(messages.catalog.get(template) or messages.catalog.get(_lower_fields(template)))


def _lower_fields(template: str) -> str:
    return re.sub(r"\{([A-Z])", lambda m: "{" + m.group(1).lower(), template)


def check_catalog(game: Game, plays: tuple[Playout, ...], refusals: list[IllegalAction] | None = None) -> None:
    """Every template has Italian and French with the same placeholders; every event and refusal met
    in random games has its template in the catalog and its rule in the rules; every decision kind is named."""
    bad = game.catalog.untranslated()
    assert bad == [], f"{game.name}: templates without their translation: {bad[:5]}"
    for kind in game.info.decisions:
        for lang in LANGS:
            name = game.catalog.names.get(lang, {}).get("decisions", {}).get(kind)
            assert isinstance(name, str) and name.strip(), f"{game.name}: decision {kind!r} has no {lang} name"
    met: dict[str, Any] = {}
    for play in plays:
        for events in play.events:
            for ev in events:
                assert isinstance(ev, Event), f"{game.name}: apply_explained gave {ev!r}, not an Event"
                assert ev.rule in game.rules, f"{game.name}: event {ev.text!r} cites {ev.rule!r}, not a rule"
                assert ev.template, f"{game.name}: event {ev.text!r} has no template, so no translation"
                met.setdefault(ev.template, ev)
    for exc in refusals or ():
        assert exc.template, f"{game.name}: refusal {str(exc)!r} has no template, so no translation"
        met.setdefault(exc.template, exc)
    for template, obj in met.items():
        assert _in_catalog(game, template), f"{game.name}: {template!r} is not in the catalog"
        for lang in LANGS:
            text = game.message(obj, lang)
            assert isinstance(text, str) and text.strip(), f"{game.name}: {template!r} renders empty in {lang}"


def bad_files(game: Game, plays: tuple[Playout, ...]) -> list[str]:
    """Scenario files with one fault each: every top-level field dropped, then given a junk value
    (a game may accept some: an old file without ``format``, a field with a default)."""
    text = game.to_json(plays[0].states[len(plays[0].states) // 2])
    data = json.loads(text)
    files = ["", "not json", "[]"]
    for key in data:
        files.append(json.dumps({k: v for k, v in data.items() if k != key}))
        files.append(json.dumps({**data, key: "junk" if not isinstance(data[key], str) else [1]}))
    return files


def check_error_words(game: Game, plays: tuple[Playout, ...]) -> None:
    """Refused scenario files and unreadable action texts are explained in every language too
    (their templates are in the game's catalog, which falls back on the core one)."""
    met: list[Any] = []
    for text in bad_files(game, plays):
        try:
            game.from_json(text)
        except ScenarioError as exc:
            met.append(exc)
    assert met, f"{game.name}: no bad file refused"
    state = plays[0].states[0]
    for text in ("", "junk", "play", "9" * 50):
        try:
            game.parse_action(state, text)
        except ActionParseError as exc:
            met.append(exc)
    for exc in met:
        where = f"{game.name}: {type(exc).__name__} {str(exc)[:80]!r}"
        assert exc.template, f"{where} has no template, so no translation"
        assert _in_catalog(game, exc.template), f"{where}: {exc.template!r} is not in the catalog"
        for lang in LANGS:
            text = game.message(exc, lang)
            assert isinstance(text, str) and text.strip(), f"{where} renders empty in {lang}"


# ------------------------------------------------------------------ examples
def check_examples(game: Game) -> None:
    """Every worked example replays through ``apply`` and meets the outcome its rulebook states."""
    examples = game.examples()
    assert examples, f"{game.name}: no worked example"
    assert len({e.id for e in examples}) == len(examples), f"{game.name}: two examples share an id"
    for ex in examples:
        where = f"{game.name} example {ex.id}"
        assert ex.ruleset in game.rulesets, f"{where}: ruleset {ex.ruleset!r}"
        assert ex.expected, f"{where}: states no expected outcome"
        state = ex.start
        for i, step in enumerate(ex.steps):
            assert step.before == state, f"{where} step {i}: does not start where the last step ended"
            for rule in step.rules:
                assert rule in game.rules, f"{where} step {i}: cites {rule!r}, not a rule"
            if step.action is None:
                assert step.after == state, f"{where} step {i}: a narration step changes the state"
            elif step.illegal:
                assert step.illegal in game.rules, f"{where} step {i}: refused by {step.illegal!r}, not a rule"
                try:
                    game.apply(state, step.action)
                except IllegalAction as exc:
                    assert exc.rule == step.illegal, f"{where} step {i}: refused by {exc.rule}, not {step.illegal}"
                else:
                    raise AssertionError(f"{where} step {i}: {step.action} should be refused")
                assert step.after == state, f"{where} step {i}: a refused step changes the state"
            else:
                state = game.apply(state, step.action)
                assert step.after == state, f"{where} step {i}: after is not apply(before, {step.action})"
        assert ex.final == state
        problems = game.verify_example(ex)
        assert problems == [], f"{where}: {problems}"
        for lang in LANGS:
            told = game.example_text(ex, lang)
            assert told["title"] and len(told["steps"]) == len(ex.steps), f"{where}: no {lang} text"
