"""Each conformance check fails on a game that breaks its property.

Every variant below is the toy game with one fault; the check that guards
that property must raise AssertionError on it (and the same check passes on
the unbroken toy, in ``test_conformance.py``).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from tests.conformance import checks as C
from tests.conformance import toy as T
from tests.rulecov import stale, uncovered
from tutor.core import Catalog, Event, IllegalAction, RuleBook, core_catalog


class MutatesItsInput(T.HighCard):
    def apply_explained(self, state, action):
        result = super().apply_explained(state, action)
        object.__setattr__(state, "seed", state.seed + 1)  # a "frozen" state changed in place
        return result


class LosesACard(T.HighCard):
    def apply_explained(self, state, action):
        s, ev = super().apply_explained(state, action)
        if action.kind == "draw" and s.deck:
            s = dataclasses.replace(s, deck=s.deck[1:])  # burns a second card without a trace
        return s, ev


class ForgetsTheLeader(T.HighCard):
    def from_json(self, text):
        return dataclasses.replace(super().from_json(text), leader=0)


class UnstableBytes(T.HighCard):
    def to_json(self, state):
        data = json.loads(super().to_json(state))
        keys = list(data)
        random.shuffle(keys)
        return json.dumps({k: data[k] for k in keys})


class ReadsItsTextWrong(T.HighCard):
    def parse_action(self, state, text):
        a = super().parse_action(state, text)
        return a._replace(card=str(a.card)) if a.kind == "play" else a


class EnglishTextIsNotStr(T.HighCard):
    def action_text(self, action, lang="en"):
        return "I " + str(action) if lang == "en" else super().action_text(action, lang)


class CitesAMissingRule(T.HighCard):
    def _check(self, state, action):
        try:
            super()._check(state, action)
        except IllegalAction as exc:
            raise IllegalAction("high-card/no-such-rule", str(exc), exc.template, exc.params) from None


class IgnoresTheHand(T.HighCard):
    def _check(self, state, action):
        if isinstance(action, T.Action) and action.kind == "play" and state.phase == "play" and T._card(action.card):
            return
        super()._check(state, action)

    def apply_explained(self, state, action):
        self._check(state, action)
        if action.kind == "play" and action.card not in state.hands[state.turn]:
            hands = list(state.hands)
            hands[state.turn] = hands[state.turn][1:] + (action.card,)
            state = dataclasses.replace(state, hands=tuple(hands))
        return super().apply_explained(state, action)


class TakesText(T.HighCard):
    """Lets apply take an action's text: allowed, where the text reads as a listed action."""

    def apply_explained(self, state, action):
        if isinstance(action, str):
            action = self.parse_action(state, action)
        return super().apply_explained(state, action)


class TakesAnyText(T.HighCard):
    """Takes any text as "stop"."""

    def apply_explained(self, state, action):
        if isinstance(action, str) and state.phase == "draw":
            action = T.Action("stop")
        return super().apply_explained(state, action)


class CrashesOnJunk(T.HighCard):
    def _check(self, state, action):
        action.kind.upper()  # AttributeError on None, ints ...
        super()._check(state, action)


class ChanceNotFromTheSeed(T.HighCard):
    def new_game(self, players, seed, ruleset=None, **options):
        return super().new_game(players, random.randrange(10**6), ruleset)


class BoundTooLow(T.HighCard):
    info = dataclasses.replace(T.HighCard.info, max_actions=3)


class AlwaysSomeoneToMove(T.HighCard):
    def current_player(self, state):
        return state.leader


class UndeclaredDecision(T.HighCard):
    def decision(self, state):
        return "pick" if state.phase == "draw" else super().decision(state)


class ViewWithTuples(T.HighCard):
    def view(self, state, player):
        v = super().view(state, player)
        v["table"] = tuple(v["table"])
        return v


class ViewWithoutHandSizes(T.HighCard):
    def view(self, state, player):
        v = super().view(state, player)
        del v["hand_sizes"]
        return v


class ViewLeaksAHand(T.HighCard):
    def view(self, state, player):
        v = super().view(state, player)
        v["hands"] = [list(h) for h in state.hands]
        return v


class ResamplesMyHand(T.HighCard):
    def resample_hidden(self, state, player, rng):
        pool = list(state.deck) + [c for h in state.hands for c in h]
        rng.shuffle(pool)
        hands = []
        for h in state.hands:
            hands.append(tuple(sorted(pool[:len(h)])))
            pool = pool[len(h):]
        return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool))


class ResamplesNothing(T.HighCard):
    def resample_hidden(self, state, player, rng):
        return state


class NoFrench(T.HighCard):
    def __init__(self):
        super().__init__()
        data = json.loads(json.dumps(T.CATALOG))
        del data["messages"]["{Who} stops."]["fr"]
        self._catalog = Catalog(data, T._param, fallback=core_catalog())


class UntemplatedEvent(T.HighCard):
    def apply_explained(self, state, action):
        s, ev = super().apply_explained(state, action)
        return s, ev + [Event(T.RULE_PLAY, "Well played!")]


class UntranslatedFileError(T.HighCard):
    def from_json(self, text):
        try:
            return super().from_json(text)
        except T.ScenarioError as exc:
            raise T.ScenarioError(exc.field, "this file is wrong") from None


class NoDecisionName(T.HighCard):
    def __init__(self):
        super().__init__()
        data = json.loads(json.dumps(T.CATALOG))
        del data["names"]["it"]["decisions"]["draw"]
        self._catalog = Catalog(data, T._param, fallback=core_catalog())


class ExampleOutcomeWrong(T.HighCard):
    def examples(self):
        ex = super().examples()[0]
        return [dataclasses.replace(ex, expected=(("scores", [12, 0]),))]


class ExampleStepWrong(T.HighCard):
    def examples(self):
        ex = super().examples()[0]
        steps = list(ex.steps)
        steps[0] = dataclasses.replace(steps[0], after=ex.start)
        return [dataclasses.replace(ex, steps=tuple(steps))]


class ExampleRefusedByAnotherRule(T.HighCard):
    def examples(self):
        ex = super().examples()[0]
        steps = list(ex.steps)
        steps[1] = dataclasses.replace(steps[1], illegal=T.RULE_DRAW)
        return [dataclasses.replace(ex, steps=tuple(steps))]


class RuleWithoutATest(T.HighCard):
    def __init__(self):
        super().__init__()
        data = json.loads(json.dumps(T.RULES))
        data["rules"].append({"id": "high-card/end/ties", "title": "Ties", "text": "Ties share the win."})
        self._rules = RuleBook.from_data(T.NAME, data)


class RuleRenamed(T.HighCard):
    """The draw rule renamed in the data, its test still naming the old id."""

    def __init__(self):
        super().__init__()
        data = json.loads(json.dumps(T.RULES))
        for rule in data["rules"]:
            if rule["id"] == T.RULE_DRAW:
                rule["id"] = "high-card/trick/draw-or-stop"
        self._rules = RuleBook.from_data(T.NAME, data)


class ShortList(Sequence):
    """A lazy listing that forgets its last action when iterated (its length still counts it)."""

    def __init__(self, actions: list) -> None:
        self.actions = actions

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i):
        return self.actions[i]

    def __iter__(self):
        return iter(self.actions[:-1])


class ListsLazilyButLosesOne(T.HighCard):
    def legal_actions(self, state):
        return ShortList(super().legal_actions(state))


def _plays(game: Any) -> Any:
    return C.playouts(game)


BROKEN = [
    (MutatesItsInput, C.check_apply_pure, "changed its input"),
    (LosesACard, C.check_conserved, "conserved"),
    (ForgetsTheLeader, C.check_round_trip, "from_json"),
    (UnstableBytes, C.check_round_trip, "stable"),
    (ReadsItsTextWrong, C.check_action_text, "parse_action"),
    (EnglishTextIsNotStr, C.check_action_text, "action_text"),
    (CitesAMissingRule, C.check_refusals, "not in the rules"),
    (IgnoresTheHand, C.check_refusals, "accepted"),
    (CrashesOnJunk, C.check_refusals, "AttributeError"),
    (TakesAnyText, C.check_refusals, "accepted"),
    (ChanceNotFromTheSeed, C.check_replay, "seed"),
    (BoundTooLow, C.check_games_end, "still running"),
    (ListsLazilyButLosesOne, C.check_listing, "iteration yields"),
    (AlwaysSomeoneToMove, C.check_decisions, "current_player|no legal action"),
    (UndeclaredDecision, C.check_decisions, "not declared"),
    (ViewWithTuples, C.check_views, "tuple"),
    (ViewWithoutHandSizes, C.check_views, "hand_sizes"),
    (ViewLeaksAHand, C.check_hidden, "view changes"),
    (ResamplesMyHand, C.check_hidden, "view changes"),
    (ResamplesNothing, C.check_hidden, "never changes"),
    (NoFrench, C.check_catalog, "translation"),
    (UntemplatedEvent, C.check_catalog, "no template"),
    (NoDecisionName, C.check_catalog, "no it name"),
    (UntranslatedFileError, C.check_error_words, "no template"),
]


@pytest.mark.parametrize("variant, check, says", BROKEN, ids=[b[0].__name__ for b in BROKEN])
def test_the_check_catches_a_broken_game(variant, check, says):
    game = variant()
    with pytest.raises(AssertionError, match=says):
        check(game, _plays(game))


@pytest.mark.parametrize("variant, says", [
    (ExampleOutcomeWrong, "the rulebook says"),
    (ExampleStepWrong, "after is not apply"),
    (ExampleRefusedByAnotherRule, "refused by"),
], ids=lambda v: getattr(v, "__name__", ""))
def test_the_example_check_catches_a_broken_example(variant, says):
    with pytest.raises(AssertionError, match=says):
        C.check_examples(variant())


def test_the_rule_coverage_check_catches_a_rule_without_a_test():
    assert uncovered(T.GAME) == []
    assert uncovered(RuleWithoutATest()) == ["high-card/end/ties"]


def test_the_rule_coverage_check_catches_a_test_naming_a_rule_that_is_gone():
    assert stale(T.GAME) == []
    assert stale(RuleRenamed()) == [T.RULE_DRAW]
    assert uncovered(RuleRenamed()) == ["high-card/trick/draw-or-stop"]


def test_apply_may_take_the_text_of_a_listed_action():
    game = TakesText()
    C.check_refusals(game, C.playouts(game))


def test_a_running_game_without_a_legal_action_is_caught():
    class Stuck(T.HighCard):
        def legal_actions(self, state):
            return [] if state.phase == "draw" else super().legal_actions(state)

    with pytest.raises(AssertionError, match="no legal action"):
        C.playouts(Stuck())


def test_the_unbroken_toy_passes_every_check():
    plays = C.playouts(T.GAME)
    for _, check, _ in BROKEN:
        check(T.GAME, plays)
    C.check_examples(T.GAME)
