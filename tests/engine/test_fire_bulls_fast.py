"""Fire Bulls' fast paths give what the full paths give (the speed work must not change a rule).

``apply`` takes shortcuts on the playout path: the usual end of a turn in one step, a
draw or a take straight off a non-empty deck, a payment recognised in the list the
listing just used, and action values the engine built itself known to be well formed.
These tests play seeded random games under both rulebooks and check, for every listed
action of every position met, that the shortcut's result is the step-by-step one, and
that a value nobody listed still meets the full check and its rule-naming refusal.
"""

from __future__ import annotations

import random

import pytest

from tutor import IllegalAction, games
from tutor.games.fire_bulls import Action, engine
from tutor.games.fire_bulls.actions import shape_is_known

G = games.get("fire-bulls")
SETUPS = [("it", 2), ("it", 4), ("fr", 3), ("fr", 5)]


def _positions(ruleset: str, players: int, seeds: range, every: int = 3):
    """Positions of seeded random games (every ``every``-th action's), each with its listed actions."""
    for seed in seeds:
        state = G.new_game(players, seed, ruleset)
        choice = random.Random(seed).choice
        k = 0
        while G.current_player(state) is not None:
            legal = G.legal_actions(state)
            if k % every == 0:
                yield state, legal
            state = G.apply(state, choice(legal))
            k += 1


@pytest.mark.parametrize("ruleset,players", SETUPS)
def test_every_listed_action_has_its_kinds_shape_checked_the_long_way(ruleset, players):
    # shape_ok trusts the values the engine builds itself without looking: the real look agrees
    for _, legal in _positions(ruleset, players, range(3)):
        for a in legal:
            assert type(a) is Action and shape_is_known(a), a


@pytest.mark.parametrize("ruleset,players", SETUPS)
def test_the_turn_ends_in_one_step_as_it_does_stage_by_stage(ruleset, players, monkeypatch):
    met = 0
    for state, legal in _positions(ruleset, players, range(4)):
        for a in legal:
            fast = G.apply(state, a)
            with monkeypatch.context() as m:
                m.setattr(engine, "_proceed", engine._proceed_steps)  # no shortcut: every stage of the turn's end
                slow = G.apply(state, a)
                explained, _ = G.apply_explained(state, a)
            assert fast == slow == explained, a
            assert G.to_json(fast) == G.to_json(slow)
            met += fast.turn != state.turn
    assert met > 100  # (the shortcut is taken: many of these actions end a turn)


@pytest.mark.parametrize("ruleset,players", SETUPS)
def test_an_equal_action_built_anew_does_what_the_listed_one_does(ruleset, players):
    for state, legal in _positions(ruleset, players, range(2)):
        for a in legal:
            again = Action(*a)  # the same value, a new object: shape_ok has never seen it
            assert again is not a
            assert G.apply(state, again) == G.apply(state, a)


def test_values_nobody_listed_still_meet_the_full_check_and_its_rule():
    state = G.new_game(3, 7, "fr")
    state = state.__class__(**{**{f: getattr(state, f) for f in state.__dataclass_fields__},
                               "reserve": ("green", "green", "red"), "hands": (("blue", "blue", "brown"),
                                                                              ("red",), ("yellow",))})
    cases = [
        (Action.take("blue"), "fire-bulls/gather/take-reserve"),  # no blue in the reserve
        (Action("draw", True), "fire-bulls/turn/sequence"),  # a direction that is a bool, not a number
        (Action("take", 0, "green", (), 0), "fire-bulls/turn/sequence"),  # a player field a take does not use
        (Action.stop(), "fire-bulls/attack/order"),  # no attack under way
        (Action.lose("bo"), "fire-bulls/warrior/earlier-turn"),  # no Warrior penalty owed
        (Action.release("green"), "fire-bulls/hand/limit"),  # hand limit checked only at the end of the turn
        (Action.colonel(1, "red"), "fire-bulls/power/timing"),  # no power to use
        (("take", 0, "green", (), -1), "fire-bulls/turn/sequence"),  # a plain tuple, equal to a listed take
    ]
    listed = G.legal_actions(state)
    for action, rule in cases:
        assert not any(a is action for a in listed)
        with pytest.raises(IllegalAction) as info:
            G.apply(state, action)
        assert info.value.rule == rule, (action, info.value.rule, str(info.value))


def test_an_attack_paying_with_cards_not_held_is_refused_though_its_kind_was_listed():
    state = G.new_game(2, 3, "it")
    for seed in range(40):
        state = G.new_game(2, seed, "it")
        attacks = [a for a in G.legal_actions(state) if a.kind == "attack"]
        if attacks:
            break
    a = attacks[0]
    hand = state.hands[state.current_player]
    missing = next(c for c in ("green", "yellow", "red", "blue", "brown", "warrior") if c not in hand)
    forged = Action.attack(a.direction, (missing,) * len(a.payment), a.card)
    with pytest.raises(IllegalAction) as info:
        G.apply(state, forged)
    assert info.value.rule == "fire-bulls/pay/one-card-one-symbol"
