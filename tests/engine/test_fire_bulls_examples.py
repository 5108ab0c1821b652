"""Every worked example of the Fire Bulls rulebooks reaches its stated outcome."""

import pytest

from tutor import IllegalAction, games
from tutor.games import fire_bulls as fb
from tutor.games.fire_bulls.examples import verify

G = games.get("fire-bulls")
EXAMPLES = {e.id: e for e in G.examples()}


def test_all_ten_examples_in_rulebook_order():
    assert list(EXAMPLES) == ["it-scoring"] + [f"fr-{i}" for i in range(1, 10)]


@pytest.mark.parametrize("ex_id", list(EXAMPLES))
def test_example_reaches_the_rulebook_outcome(ex_id):
    ex = EXAMPLES[ex_id]
    assert verify(G, ex) == []
    assert ex.source.text and ex.source.lang in ("it", "fr")


@pytest.mark.parametrize("ex_id", list(EXAMPLES))
def test_example_replays_through_apply(ex_id):
    """Each step's state is what apply gives; refused steps change nothing."""
    ex = EXAMPLES[ex_id]
    state = ex.start
    for step in ex.steps:
        assert step.before == state
        if step.action is None:
            assert step.after == state
        elif step.illegal:
            with pytest.raises(IllegalAction) as info:
                G.apply(state, step.action)
            assert info.value.rule == step.illegal
            assert step.after == state
        else:
            state = G.apply(state, step.action)
            assert step.after == state
        for rule in step.rules:
            assert rule in G.rules, rule
    assert ex.final == state


@pytest.mark.parametrize("ex_id", ["it-scoring", "fr-9"])
def test_scoring_examples_are_23(ex_id):
    final = EXAMPLES[ex_id].final
    b = G.score_breakdown(final)[0]
    assert (b.removed, b.face, b.bonus, b.total) == ("colonel", 20, 3, 23)
    assert sorted(b.bonus_cards) == ["bo", "bo", "soldier:yellow"]
    assert G.is_over(final) and final.end == "escaped"
    # The steps end on the breakdown: penalty card, face values, bonus, total.
    texts = [s.narration for s in EXAMPLES[ex_id].steps[-4:]]
    assert "Colonel" in texts[0] and "20" in texts[1] and "3" in texts[2] and "23" in texts[3]


def test_example_8_is_replayed_under_the_ruleset_that_allows_it():
    ex = EXAMPLES["fr-8"]
    assert ex.ruleset == "it"
    assert "001" in ex.steps[0].narration and "2 cards" in ex.steps[0].narration
    # Under the French rulebook the third card of this deviated attack is refused.
    state = fb.replace(ex.start, ruleset="fr")
    for step in ex.steps[1:3]:
        state = G.apply(state, step.action)
    assert state.current_player == 1, "the deviated attack ended after 2 cards"
    with pytest.raises(IllegalAction):
        G.apply(state, ex.steps[3].action)


def test_example_4_refuses_mixed_colours():
    ex = EXAMPLES["fr-4"]
    refused = [s for s in ex.steps if s.illegal]
    assert [s.illegal for s in refused] == ["fire-bulls/pay/white-same-colour"]


def test_verify_notices_a_wrong_outcome():
    ex = EXAMPLES["it-scoring"]
    broken = ex.__class__(**{**ex.__dict__, "expected": (("score", (0, 24)),)})
    assert verify(G, broken) != []
