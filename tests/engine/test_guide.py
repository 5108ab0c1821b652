"""The guided first game of every game (tutor.guide), without a browser.

What a learner would check: one idea a step, the goal first, every position following from the
one before by the moves made, a refused move changing nothing, words in their language."""

from __future__ import annotations

import re

import pytest

from tutor import games
from tutor.core import ScenarioError
from tutor.guide import MAX_STEPS, MIN_STEPS, Guide
from widgets.page import spec

NAMES = games.names()


def _walk(name):
    """The guide followed by its suggested moves to its end: the guide and each step's state."""
    g = Guide.start(name)
    states = [g.state]
    while not g.done:
        reply = g.play(g.suggested)
        assert reply.kind == "suggested"
        states.append(g.state)
    return g, states


@pytest.mark.parametrize("name", NAMES)
def test_the_guide_opens_on_the_goal_then_a_turn_and_ends_once_the_goal_is_met(name):
    game = games.get(name)
    g = Guide.start(name)
    assert g.players == game.info.min_players and g.learner == 0
    assert g.step.kind == "goal" and g.ideas[1].kind == "turn"
    g, _ = _walk(name)
    assert g.goal_met, name  # the learner saw the game's goal met once
    assert MIN_STEPS <= g.index + 1 <= MAX_STEPS
    # one idea a step: no rule taught twice, every one a rule of the game
    rules = [s.rule for s in g.ideas]
    assert len(rules) == len(set(rules)) and all(r in game.rules for r in rules)


@pytest.mark.parametrize("name", NAMES)
def test_every_position_follows_from_the_one_before_by_the_moves_made(name):
    game = games.get(name)
    g, states = _walk(name)
    replayed = game.new_game(g.players, seed=g.seed)
    seen = [replayed]
    for text in g.actions:
        replayed = game.apply(replayed, game.parse_action(replayed, text))
        seen.append(replayed)
    assert replayed == g.state
    assert all(any(s == t for t in seen) for s in states)  # each step's position is on that one path


@pytest.mark.parametrize("name", NAMES)
def test_another_legal_move_is_answered_and_an_illegal_one_changes_nothing(name):
    game = games.get(name)
    g = Guide.start(name)
    state, index = g.state, g.index
    legal = game.legal_actions(state)
    # an action of another position that the rules refuse here
    other = Guide.start(name, g.seed + 1)
    refused = next((a for a in game.legal_actions(other.state) if a not in legal), None)
    if refused is not None:
        reply = g.play(refused)
        assert reply.kind == "illegal" and reply.refusal is not None and reply.refusal.rule in game.rules
        assert g.state == state and g.index == index
    reply = g.play("no such move at all")
    assert reply.kind == "illegal" and g.state == state
    different = next((a for a in legal if a != g.suggested), None)
    if different is not None:
        reply = g.play(different)
        assert reply.kind == "other" and reply.events and g.index == index + 1


@pytest.mark.parametrize("name", NAMES)
def test_every_step_speaks_the_learners_language(name):
    g, _ = _walk(name)
    for i in range(g.index + 1):
        g.index = i
        en = g.text("en")
        assert all(en), (name, i)
        for lang in ("it", "fr"):
            title, text = g.text(lang)
            assert title and text
            assert (title, text) != en, (name, i, lang)  # translated, not English left on the page


def test_the_names_and_colours_in_the_narration_are_the_ones_drawn():
    """Fire Bulls: "Player 1 (red)" in what a step tells is the colour the view gives seat 1."""
    game = games.get("fire-bulls")
    g, _ = _walk("fire-bulls")
    colours = game.view(g.state, None)["colours"]
    told = " ".join(e.text for _, _, events in g._log for e in events)
    named = re.findall(r"[Pp]layer (\d) \((\w+)\)", told)
    assert named
    for seat, colour in named:
        assert colours[int(seat) - 1] == colour


def test_a_guide_is_kept_as_data_and_a_bad_one_refused():
    g = Guide.start("tir-nan-og")
    for _ in range(3):
        g.play(g.suggested)
    back = Guide.from_dict(g.to_dict())
    assert back.state == g.state and back.index == g.index and back.ideas == g.ideas
    data = g.to_dict()
    data["learner_moves"] = ["consolidate the moon"]
    with pytest.raises(ScenarioError) as info:
        Guide.from_dict(data)
    assert info.value.field == "guide.learner_moves[0]"
    with pytest.raises(ScenarioError):
        Guide.from_dict({"game": "chess", "seed": 1, "learner_moves": []})


# What the lesson chooser's first entry is called, in the learner's words, per language.
GUIDED_TITLE = {"en": "guided first game", "it": "prima partita guidata", "fr": "première partie guidée"}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", sorted(GUIDED_TITLE))
def test_the_choosers_first_entry_is_called_the_guided_first_game(name, lang):
    st = spec(name).make_stepper()
    st.language.lang = lang
    first = st.chooser.options[0][0]
    assert GUIDED_TITLE[lang] in first.lower() and games.get(name).info.title in first
    assert "lesson" not in first.lower() and "lezione" not in first.lower() and "leçon" not in first.lower()
