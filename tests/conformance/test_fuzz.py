"""Bad input is harmless, for every registered game, by hypothesis.

Mutations of real scenario files, of action values and of action texts (the
mutators of ``fuzz.py``, driven by hypothesis); a few thousand examples per
game, derandomized so CI runs the same inputs every time.  ``make fuzz`` runs
10,000+ of each with a fresh seed and prints the counts by outcome.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, note, settings, strategies as st

from tests.conformance import checks as C
from tests.conformance import fuzz as F
from tests.conformance import test_breakage as B
from tutor import games

NAMES = games.names() + ["toy"]
EXAMPLES = {"scenario": 1200, "action": 1200, "text": 600}  # per registered game
TOY_SHARE = 4  # the toy game gets a quarter: it only shows the fuzz passes a sound game


def _settings(kind: str, name: str):
    n = EXAMPLES[kind] // (TOY_SHARE if name == "toy" else 1)
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


def _run(name: str, kind: str) -> None:
    game = C.game_named(name)
    base = F.positions(game)
    texts = [t for _, t in base]

    @_settings(kind, name)
    @given(rng=st.randoms(use_true_random=False))
    def one(rng):
        state, text = rng.choice(base)
        if kind == "scenario":
            bad = F.mutate_scenario(rng, text, texts)
            note(f"scenario file (first 2,000 characters): {bad[:2000]!r}")
            F.scenario_outcome(game, bad)
        elif kind == "action":
            action = F.mutate_action(rng, state, game)
            note(f"position: {game.to_json(state)[:2000]}\naction: {C.short_repr(action)}")
            F.action_outcome(game, state, action)
        else:
            words = F.mutate_text(rng, state, game)
            note(f"position: {game.to_json(state)[:2000]}\ntext: {C.short_repr(words)}")
            F.text_outcome(game, state, words)

    one()


@pytest.mark.parametrize("name", NAMES)
def test_mutated_scenario_files_are_refused_by_field_or_playable(name):
    _run(name, "scenario")


@pytest.mark.parametrize("name", NAMES)
def test_any_action_value_is_legal_or_refused(name):
    _run(name, "action")


@pytest.mark.parametrize("name", NAMES)
def test_any_action_text_is_read_or_refused(name):
    _run(name, "text")


# The fuzz can fail: toy games that mishandle bad input are caught.
class AcceptsAnyPhase(B.T.HighCard):
    """Loads a file without checking that the seat to move, the trick and the hands fit the phase."""

    @staticmethod
    def _phase_fits(phase, turn, leader, hands, table):
        return True


class KeyErrorOnMissingField(B.T.HighCard):
    def from_json(self, text):
        import json

        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            data = {}
        if isinstance(data, dict):
            data["leader"]  # noqa: B018 - the KeyError a careless reader raises
        return super().from_json(text)


class EchoesTheFile(B.T.HighCard):
    """Quotes the whole bad file in its message."""

    def from_json(self, text):
        try:
            return super().from_json(text)
        except F.ScenarioError as exc:
            err = F.ScenarioError(exc.field, exc.message)
            err.args = (f"{exc.field}: {exc.message} in {text!r}",)
            raise err from None


class AcceptsNumbersLikeCards(B.T.HighCard):
    """Takes True for the 1 and 5.0 for the 5 (Python's ``in`` says they are in the hand)."""

    def _check(self, state, action):
        if isinstance(action, B.T.Action) and action.kind == "play" and isinstance(action.card, (bool, float)):
            if state.phase == "play" and action.card in state.hands[state.turn]:
                return
        super()._check(state, action)


class ParseCrashes(B.T.HighCard):
    """Reads ``play <n>`` with int() and no guard."""

    def parse_action(self, state, text):
        words = text.split()
        if words and words[0] == "play":
            return B.T.Action("play", int(words[1]))
        return super().parse_action(state, text)


@pytest.mark.parametrize("variant, kind", [
    (AcceptsAnyPhase, "scenario"),
    (KeyErrorOnMissingField, "scenario"),
    (EchoesTheFile, "scenario"),
    (B.CrashesOnJunk, "action"),
    (AcceptsNumbersLikeCards, "action"),
    (ParseCrashes, "text"),
], ids=["accepts-any-phase", "key-error", "echoes-the-file", "crashes-on-junk-action", "accepts-numbers-as-cards",
        "parse-crashes"])
def test_the_fuzz_catches_a_careless_game(variant, kind):
    counts = F.run(variant(), 1500 if kind == "scenario" else 400, seed=1, kinds=(kind,), report=lambda line: None)
    failures = sum(k for (_, outcome), k in counts.items() if outcome.startswith("FAILURE"))
    assert failures, counts
