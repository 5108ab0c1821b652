"""The quiz: questions built from real positions, every answer checked here against the engine's
``legal_actions``/``apply`` (and, for Kamikaze's duels, against the rulebook's duel table)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import games, quiz
from tutor.core import IllegalAction, ScenarioError, core_catalog
from tutor.games.formula_e.engine import positions
from tutor.games.kamikaze import cards as kamikaze_cards

NAMES = games.names()
# kinds each game must ask (the generic three and the game's own)
OWN = {"fire-bulls": {"yen"}, "kamikaze-attack": {"duel", "fate"}, "tir-nan-og": {"territory"},
       "formula-e": {"where"}}


def _refused(game, state, text):
    """Whether the rules refuse the action written ``text`` in ``state`` (unreadable counts as refused)."""
    try:
        game.apply(state, game.parse_action(state, text))
    except IllegalAction:
        return True
    return False


def _check_kamikaze(game, state, q):
    action = game.parse_action(state, q.action)
    p, qq = state.active, state.opponent
    a, b = state.card(p), action.card
    seat = {x: quiz.seat_name(game, x, q.lang) for x in (p, qq)}
    result = kamikaze_cards.clash(a, b)  # the rulebook's duel table, not the engine's resolution
    if q.kind == "duel":
        want = {"a": quiz.words("{Seat} wins the duel", q.lang, seat=seat[p]),
                "b": quiz.words("{Seat} wins the duel", q.lang, seat=seat[qq]),
                "both": quiz.words("Both cards fall", q.lang),
                "retreat": quiz.words("Both cards retreat: nobody wins", q.lang)}[result]
    else:
        _, goes = kamikaze_cards.duel(a, b)
        template, who = {"hand": ("back to {seat}'s hand", qq), "own": ("into {seat}'s graveyard", qq),
                         "opponent": ("into {seat}'s graveyard", p), "field": ("it stays on the field", qq),
                         "opponent-hand": ("into {seat}'s hand", p)}[goes]
        want = quiz.words(template, q.lang, seat=seat[who])
    assert [q.choices[i] for i in q.answer] == [want], q


def check(q: quiz.Question) -> None:
    """Recompute the answer of ``q`` from the engine (and the duel table) and compare."""
    game = games.get(q.game)
    state = game.from_json(q.state)
    assert game.current_player(state) is not None
    assert q.rule in game.rules and q.explanation and q.prompt
    assert len(set(q.choices)) == len(q.choices) >= 2, q.choices
    if q.kind in ("legal", "territory"):
        refused = [_refused(game, state, text) for text in q.actions]
        assert sorted(q.answer) == [i for i, r in enumerate(refused) if not r]
        assert q.many and any(refused)
    elif q.kind == "allowed":
        assert q.answer == ((1,) if _refused(game, state, q.action) else (0,))
    elif q.kind == "effect":
        _, events = game.apply_explained(state, game.parse_action(state, q.action))
        assert q.choices[q.answer[0]] == quiz.narration(game, events, q.lang)
        assert q.actions[q.answer[0]] == q.action
    elif q.kind == "score":
        after = game.apply(state, game.parse_action(state, q.action))
        assert q.choices[q.answer[0]] == str(game.scores(after)[q.player])
        assert game.scores(after)[q.player] != game.scores(state)[q.player]
    elif q.kind == "yen":
        takeable = {a.card for a in game.legal_actions(state) if a.kind in ("attack", "general")}
        assert {q.actions[i] for i in q.answer} == takeable & set(q.actions)
        assert q.answer and len(q.answer) < len(q.choices)
    elif q.kind == "where":
        after = game.apply(state, game.parse_action(state, q.action))
        cell = positions(after)["elephants"][q.player]
        assert q.choices[q.answer[0]] == (quiz.words("past the finish line", q.lang) if cell == "finish" else cell)
    elif q.kind in ("duel", "fate"):
        _check_kamikaze(game, state, q)
    else:  # pragma: no cover - a new kind needs its check here
        raise AssertionError(f"no check for kind {q.kind}")


@pytest.mark.parametrize("name", NAMES)
def test_at_least_four_kinds_each_checked(name):
    qs = quiz.generate(name, seed=3, n=12)
    assert len(qs) == 12
    kinds = {q.kind for q in qs}
    assert {"legal", "effect", "score"} | OWN[name] <= kinds
    for q in qs:
        check(q)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**6), lang=st.sampled_from(["en", "it", "fr"]))
def test_every_generated_answer_is_the_engines(name, seed, lang):
    for q in quiz.generate(name, seed=seed, n=6, lang=lang):
        assert q.lang == lang
        check(q)


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_questions_in_every_language(name):
    en = quiz.generate(name, seed=11, n=6)
    assert quiz.generate(name, seed=11, n=6) == en
    assert quiz.generate(name, seed=12, n=6) != en
    for lang in ("it", "fr"):
        other = quiz.generate(name, seed=11, n=6, lang=lang)
        assert [(q.kind, q.state, q.answer, q.rule) for q in other] == [(q.kind, q.state, q.answer, q.rule)
                                                                        for q in en]
        assert [q.prompt for q in other] != [q.prompt for q in en]


@pytest.mark.parametrize("name", NAMES)
def test_your_turn_questions_on_every_example_step(name):
    game = games.get(name)
    asked = refused = 0
    for example in game.examples():
        for i, step in enumerate(example.steps):
            q = quiz.step_question(game, example, i, "fr")
            if q is None:
                continue
            check(q)
            asked += 1
            if step.illegal:  # the rulebook's refused moves are asked as such, and refused
                assert q.kind == "allowed" and q.answer == (1,)
                refused += 1
            else:
                assert q.kind == "effect" and q.action == str(step.action)
    assert asked >= 10 and refused >= 1
    assert quiz.step_question(game, game.examples()[0], 999) is None


def test_refused_moves_are_explained_by_their_refusal():
    game = games.get("tir-nan-og")
    for q in quiz.generate("tir-nan-og", seed=5, n=12, lang="fr"):
        if q.kind != "legal":
            continue
        state = game.from_json(q.state)
        for i, text in enumerate(q.actions):
            if i in q.answer:
                continue
            try:
                game.apply(state, game.parse_action(state, text))
            except IllegalAction as exc:
                assert game.message(exc, "fr").rstrip(".") in q.explanation
            else:  # pragma: no cover
                raise AssertionError(text)


def test_a_kamikaze_duel_from_the_rulebook_table():
    # the rulebook's table: the Archer beats the Shieldbearer (cards.clash is written from it)
    from tutor.games.kamikaze import GAME, Play, scenario

    s = scenario([["shieldbearer", "swordsman"], ["archer", "swordsman"]],
                 [["swordsman", "shieldbearer", "archer", "kamikaze"],
                  ["swordsman", "shieldbearer", "shieldbearer", "kamikaze"]])
    s = GAME.apply(s, Play("shieldbearer"))
    import random

    for seed in range(20):  # the question picks the challenged card at random: find the Archer
        q = GAME.question_kinds()["duel"](GAME, s, random.Random(seed), "en")
        if q.action == "play the Archer":
            break
    assert q.prompt == "Player 1 has played the Shieldbearer; Player 2 plays the Archer. Who wins this duel?"
    assert q.choices[q.answer[0]] == "Player 2 wins the duel"
    assert q.rule.startswith("kamikaze-attack/duel/")


# ------------------------------------------------------------------ files

def test_save_and_load_back():
    qs = [q for name in NAMES for q in quiz.generate(name, seed=2, n=5, lang="it")]
    text = quiz.save(qs)
    assert quiz.load(text) == qs
    assert quiz.load(text.encode("utf-8")) == qs
    assert quiz.load(quiz.save([])) == []


def _bad(mutate):
    data = json.loads(quiz.save(quiz.generate("kamikaze-attack", seed=2, n=3)))
    mutate(data)
    with pytest.raises(ScenarioError) as err:
        quiz.load(json.dumps(data))
    return err.value.field


def test_a_bad_question_file_names_the_field():
    assert _bad(lambda d: d["questions"][1].update(answer=[7])) == "questions[1].answer[0]"
    assert _bad(lambda d: d["questions"][0].update(answer=[])) == "questions[0].answer"
    assert _bad(lambda d: d["questions"][0].update(rule="fire-bulls/attack/order")) == "questions[0].rule"
    assert _bad(lambda d: d["questions"][2].update(game="chess")) == "questions[2].game"
    assert _bad(lambda d: d["questions"][0].update(choices=["one"])) == "questions[0].choices"
    assert _bad(lambda d: d["questions"][0].update(choices=[1, 2, 3, 4])) == "questions[0].choices[0]"
    assert _bad(lambda d: d["questions"][0].update(state="{}")).startswith("questions[0].state")
    assert _bad(lambda d: d["questions"][0].update(state=5)) == "questions[0].state"
    assert _bad(lambda d: d["questions"][0].pop("prompt")) == "questions[0].prompt"
    assert _bad(lambda d: d["questions"].append("junk")) == "questions[3]"
    assert _bad(lambda d: d.update(format=9)) == "format"
    assert _bad(lambda d: d.pop("questions")) == "questions"
    for text in ("", "[1]", "{", b"\xff", "[" * 5000, '{"format": 1, "questions": 3}'):
        with pytest.raises(ScenarioError):
            quiz.load(text)


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=30),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=12)
_SAVED = json.loads(quiz.save(quiz.generate("fire-bulls", seed=4, n=2)))


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(sorted(_SAVED["questions"][0])), value=_JSON)
def test_any_junk_in_a_question_file_is_a_scenario_error(field, value):
    data = json.loads(json.dumps(_SAVED))
    data["questions"][0][field] = value
    try:
        loaded = quiz.load(json.dumps(data))
    except ScenarioError as exc:
        assert (exc.field == "file" or exc.field.startswith("questions[0]")) and len(str(exc)) < ScenarioError.MAX_CHARS
    else:  # a value that is fine where it stands (an equal number, a free text)
        assert len(loaded) == 2


def test_quiz_words_are_translated():
    assert core_catalog().untranslated() == []
