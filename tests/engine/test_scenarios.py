"""The scenario library: every shipped scenario is checked against the engine.

For every game: the goal is not reached at the start, the first move of the solution is legal, replaying
the solution (the replies included) reaches it, playing only the learner's moves against the scenario's
replies reaches it too, and the obvious (greedy) move does not; titles and goals read in three languages;
a teacher's file in the documented schema loads and a bad one is refused with a ScenarioError naming
the field, whatever the junk.
"""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import bots, games, scenarios
from tutor.core import IllegalAction, ScenarioError

NAMES = games.names()


def _cases():
    return [(name, sc.id) for name in NAMES for sc in scenarios.library(name)]


def _get(name, sid):
    return next(sc for sc in scenarios.library(name) if sc.id == sid)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_ships_at_least_eight_with_unique_ids(name):
    lib = scenarios.library(name)
    assert len(lib) >= 8
    assert len({sc.id for sc in lib}) == len(lib)
    game = games.get(name)
    for sc in lib:
        assert sc.rule in game.rules
        assert 1 <= sc.difficulty <= 5
        assert sc.origin.get("kind") in ("search", "example") and sc.origin.get("how")


@pytest.mark.parametrize("name,sid", _cases())
def test_solution_reaches_the_goal_and_the_start_does_not(name, sid):
    game, sc = games.get(name), _get(name, sid)
    start = sc.start(game)
    assert not sc.solved(game, start)
    assert game.current_player(start) == sc.seat
    first = game.parse_action(start, sc.solution[0])
    assert first in game.legal_actions(start)
    states = scenarios.replay(game, sc)
    assert sc.solved(game, states[-1])
    scenarios.verify(game, sc)  # what a teacher's file is checked by, too


@pytest.mark.parametrize("name,sid", _cases())
def test_learner_moves_against_the_replies_solve_it_and_greedy_does_not(name, sid):
    game, sc = games.get(name), _get(name, sid)
    states = scenarios.replay(game, sc)
    own = [t for t, s in zip(sc.solution, states) if game.current_player(s) == sc.seat]
    assert 1 <= len(own) <= sc.goal.moves
    session = scenarios.Session(game, sc)
    # the learner's own moves of the solution, in order (the replies come from the scenario)
    for text in own:
        if session.solved:
            break
        session.play(text)
    assert session.solved and not session.failed
    # the obvious move, played every time, does not reach the goal
    greedy = scenarios.Session(game, sc)
    while not (greedy.solved or greedy.failed):
        greedy.play(bots.get("greedy").choose(game, greedy.state))
    assert greedy.failed and not greedy.solved
    with pytest.raises(IllegalAction):
        greedy.play(sc.solution[0])
    greedy.reset()
    assert not greedy.solved and not greedy.failed and greedy.moves == 0


@pytest.mark.parametrize("name", NAMES)
def test_the_library_is_worth_playing(name):
    """Several use the game's own goal, several need two or more of the learner's decisions, the
    difficulties spread, and the obvious move fails wherever the origin says so."""
    game = games.get(name)
    lib = scenarios.library(name)
    own_kinds = game.goal_kinds()
    assert sum(sc.goal.kind in own_kinds for sc in lib) >= 4
    own_moves = []
    for sc in lib:
        states = scenarios.replay(game, sc)
        own_moves.append(sum(game.current_player(s) == sc.seat for s in states[:-1]))
    assert sum(n >= 2 for n in own_moves) >= 4
    assert {sc.difficulty for sc in lib} == {1, 2, 3}  # one learner's decision, two, three or more
    greedy = bots.get("greedy")
    for sc in lib:
        start = sc.start(game)
        assert sc.origin["greedy"] == game.action_text(greedy.choose(game, start))
        assert sc.origin["greedy_fails"] is True
        assert not scenarios.greedy_reaches(game, start, sc.seat, sc.goal)


@pytest.mark.parametrize("name", NAMES)
def test_every_scenarios_words_are_in_the_catalog_in_three_languages(name):
    """Titles and goal sentences come from the game's catalog, never English-only data."""
    game = games.get(name)
    catalog = game.catalog.messages.catalog
    kinds = scenarios.goal_kinds(game)
    for sc in scenarios.library(name):
        assert sc.heading in catalog, sc.id
        assert catalog[sc.heading].get("it") and catalog[sc.heading].get("fr"), sc.id
        template = kinds[sc.goal.kind].template
        source = catalog if sc.goal.kind in game.goal_kinds() else scenarios.core_catalog().messages.catalog
        assert source[template].get("it") and source[template].get("fr"), sc.id
        titles = [sc.title(game, lang) for lang in ("en", "it", "fr")]
        assert titles[0] == sc.heading and titles[1] == catalog[sc.heading]["it"]
        assert len({sc.goal_text(lang) for lang in ("en", "it", "fr")}) == 3


@pytest.mark.parametrize("name", NAMES)
def test_titles_and_goals_in_three_languages(name):
    game = games.get(name)
    for sc in scenarios.library(name):
        texts = {lang: (sc.title(game, lang), sc.goal_text(lang)) for lang in ("en", "it", "fr")}
        assert all(t and "{" not in t for pair in texts.values() for t in pair)
        assert texts["it"][1] != texts["en"][1] and texts["fr"][1] != texts["en"][1]
    sc = scenarios.library(name)[0]
    if sc.goal.kind == "score_at_least":
        assert str(sc.goal.n) in sc.goal_text("fr")


@pytest.mark.parametrize("name", NAMES)
def test_the_games_own_goal_kinds_are_worded_in_three_languages(name):
    game = games.get(name)
    own = game.goal_kinds()
    assert own and not set(own) & set(scenarios.CORE_KINDS)
    catalog = game.catalog.messages.catalog
    for kind in own.values():
        assert kind.template in catalog and any(kind.rule.format(ruleset=r) in game.rules for r in game.rulesets)
        goal = scenarios.Goal(kind.name, kind.n[0] if kind.n else 0, 2)
        texts = [goal.text(lang, game) for lang in ("en", "it", "fr")]
        assert texts[0] == kind.template.format(n=goal.n, moves=2)
        assert len(set(texts)) == 3 and all("{" not in t for t in texts)
    # a kind the game does not know is refused, naming the field
    _, data = _file(name)
    other = "fountain" if name != "tir-nan-og" else "colonel"
    data["scenarios"][0]["goal"] = {"kind": other}
    with pytest.raises(ScenarioError) as e:
        scenarios.load(game, json.dumps(data))
    assert e.value.field == "scenarios[0].goal.kind"


GAME_GOALS = {  # the issue's words, as each game's catalog says them
    "fire-bulls": ("colonel", "Win the Colonel this turn."),
    "tir-nan-og": ("fountain", "Take a magic fountain within 2 of your moves."),
    "kamikaze-attack": ("survive_kamikaze", "Survive the Kamikaze with more cards in hand, within 2 of your moves."),
    "formula-e": ("first_across", "Be first across the line within 3 of your turns."),
}


@pytest.mark.parametrize("name", NAMES)
def test_the_issues_goals_read_as_the_issue_says(name):
    kind, sentence = GAME_GOALS[name]
    game = games.get(name)
    assert scenarios.Goal(kind, 3 if kind == "first_across" else 0, 2).text("en", game) == sentence


def test_goal_words_say_the_kind():
    assert scenarios.Goal("win", 0, 2).text("en") == "Win the game within 2 of your moves."
    assert scenarios.Goal("score_at_least", 7, 1).text("it") == "Arriva a 7 punti entro 1 tue mosse."
    assert scenarios.Goal("leader", 0, 3).text("fr") == "Prenez la tête au score en 3 de vos coups au plus."


@pytest.mark.parametrize("name", NAMES)
def test_a_teachers_file_loads_and_round_trips(name):
    game = games.get(name)
    lib = scenarios.library(name)
    text = scenarios.dump(game, lib[:2])
    assert scenarios.load(game, text) == lib[:2]
    # a file written by hand: the minimal fields, goal from the documented list, no solution
    sc = lib[0]
    teacher = {"game": name, "scenarios": [{"id": "mine", "state": sc.state, "seat": sc.seat,
                                             "goal": {"kind": "leader", "moves": 3}, "solution": []}]}
    try:
        loaded = scenarios.load(game, json.dumps(teacher))
    except ScenarioError as e:  # the seat may already lead here: then the engine says so, by field
        assert e.field == "scenarios[0].goal"
    else:
        assert loaded[0].goal == scenarios.Goal("leader", 0, 3) and loaded[0].replies == "greedy"


def _file(name):
    game = games.get(name)
    return game, json.loads(scenarios.dump(game, scenarios.library(name)[:1]))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("key,junk", [
    ("id", 5), ("id", ""), ("seat", 9), ("seat", "0"), ("goal", "win"), ("solution", "take it"),
    ("solution", [["x"]]), ("replies", "oracle"), ("rule", "no/such/rule"), ("difficulty", 0), ("state", []),
])
def test_bad_fields_are_named(name, key, junk):
    game, data = _file(name)
    data["scenarios"][0][key] = junk
    with pytest.raises(ScenarioError) as e:
        scenarios.load(game, json.dumps(data))
    assert e.value.field.startswith(f"scenarios[0].{key}")


@pytest.mark.parametrize("name", NAMES)
def test_bad_goals_and_lines_are_named(name):
    game, data = _file(name)
    cases = [({"kind": "checkmate"}, "scenarios[0].goal.kind"), ({"kind": "score_at_least"}, "scenarios[0].goal.n"),
             ({"kind": "win", "moves": 0}, "scenarios[0].goal.moves")]
    for goal, field in cases:
        d = copy.deepcopy(data)
        d["scenarios"][0]["goal"] = goal
        with pytest.raises(ScenarioError) as e:
            scenarios.load(game, json.dumps(d))
        assert e.value.field == field
    d = copy.deepcopy(data)
    d["scenarios"][0]["solution"] = ["fly to the moon"]
    with pytest.raises(ScenarioError) as e:
        scenarios.load(game, json.dumps(d))
    assert e.value.field == "scenarios[0].solution"
    d = copy.deepcopy(data)
    d["scenarios"].append(copy.deepcopy(d["scenarios"][0]))
    with pytest.raises(ScenarioError) as e:
        scenarios.load(game, json.dumps(d))
    assert e.value.field == "scenarios[1].id"
    with pytest.raises(ScenarioError) as e:
        scenarios.load(game, json.dumps({"game": "chess", "scenarios": []}))
    assert e.value.field == "game"


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)
KEYS = ["id", "title", "state", "seat", "goal", "solution", "replies", "rule", "difficulty", "origin"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), key=st.sampled_from(KEYS), junk=JSON)
def test_junk_in_any_field_is_refused_by_field_or_loads(name, key, junk):
    game, data = _file(name)
    data["scenarios"][0][key] = junk
    try:
        scenarios.load(game, json.dumps(data))
    except ScenarioError as e:
        assert e.field.startswith(f"scenarios[0].{key}") or e.field.startswith("scenarios[0].goal") \
            or e.field == "scenarios[0].solution"


@settings(max_examples=30, deadline=None)
@given(text=st.text(max_size=60) | st.binary(max_size=60))
def test_junk_files_are_scenario_errors(text):
    game = games.get("kamikaze-attack")
    try:
        scenarios.load(game, text)
    except ScenarioError:
        pass


def _hostile(name):
    """A shipped scenario's file turned hostile in the two ways a teacher's file broke the Scenarios tab."""
    game, data = _file(name)
    start = scenarios.library(name)[0].start(game)
    players = len(game.scores(start))
    # 1. fixed replies that answer no move of the learner's (in a scenario whose line has replies): a legal
    #    move got the engine's refusal of the reply, as if the learner's own move were refused
    replied = next(sc for sc in scenarios.library(name)
                   if any(game.current_player(s) != sc.seat for s in scenarios.replay(game, sc)[:-1]))
    unanswered = json.loads(scenarios.dump(game, [replied]))
    unanswered["scenarios"][0].update(replies=["fly to the moon"])
    # 2. the learner plays the next seat, and no reply is given for the seat to move first
    no_reply = copy.deepcopy(data)
    no_reply["scenarios"][0].update(seat=(game.current_player(start) + 1) % players, replies=[], solution=[])
    return game, {"unanswered": unanswered, "no_reply": no_reply}


@pytest.mark.parametrize("name", NAMES)
def test_a_teachers_file_whose_replies_fail_the_learner_is_refused_by_field(name):
    """A teacher's scenario is checked as the shipped ones are (scenarios.verify): the learner's every legal
    first move must be answered by the replies, and the replies before it must apply."""
    game, files = _hostile(name)
    for kind, data in files.items():
        with pytest.raises(ScenarioError) as e:
            scenarios.load(game, json.dumps(data))
        assert e.value.field == "scenarios[0].replies", kind
        words = {lang: scenarios.explain(game, e.value, lang) for lang in ("en", "it", "fr")}
        assert words["en"].startswith("scenarios[0].replies: ") and len(set(words.values())) == 3, words
    it = scenarios.explain(game, _refusal(game, files["unanswered"]), "it")
    assert "le risposte non rispondono alla mossa legale dell'allievo" in it


def _refusal(game, data):
    try:
        scenarios.load(game, json.dumps(data))
    except ScenarioError as e:
        return e
    raise AssertionError("loaded")


def test_a_reply_refused_during_an_attempt_changes_nothing():
    """A fixed reply the engine refuses after the learner's move leaves the attempt where it was."""
    game = games.get("tir-nan-og")
    sc = dataclasses.replace(scenarios.library("tir-nan-og")[0], replies=("fly to the moon",))
    session = scenarios.Session(game, sc)
    before = game.to_json(session.state)
    with pytest.raises(IllegalAction):
        session.play(game.legal_actions(session.state)[0])
    assert game.to_json(session.state) == before and session.moves == 0
