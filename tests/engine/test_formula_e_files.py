"""Formula E scenario files that cannot break a game.

A file ``from_json`` accepts is a position the rules or an editor could reach: along a random playout from it
no card, elephant, cow or Cobra is gained or lost, no listed action is refused or raises, and every position
(the file's own first) saves and reads back identically.  Anything else is refused with a ScenarioError
naming the field.  The hypothesis test mutates real positions (the fuzz's mutators); the hand-written files
below are positions no turn of the rules leaves behind, each refused by the field at fault.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, note, settings, strategies as st

from tests.conformance import fuzz as F
from tutor import games
from tutor.core import ScenarioError

GAME = games.get("formula-e")


@settings(max_examples=1500, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(rng=st.randoms(use_true_random=False))
def test_an_accepted_file_conserves_cards_and_pieces_and_reads_back(rng):
    base = F.positions(GAME)
    _, text = rng.choice(base)
    bad = F.mutate_scenario(rng, text, [t for _, t in base])
    try:
        state = GAME.from_json(bad)
    except ScenarioError as exc:
        assert exc.field
        return
    note(f"accepted file: {bad[:3000]!r}")
    assert GAME.from_json(GAME.to_json(state)) == state
    assert F.breakage(GAME, state, rng) is None


def _position(phase: str) -> dict:
    """A real position of a seeded 4-player game in ``phase`` (the first one met)."""
    state = GAME.new_game(4, 3)
    for _ in range(3000):
        if state.phase == phase:
            return json.loads(GAME.to_json(state))
        state = GAME.apply(state, GAME.legal_actions(state)[0] if phase != "cow" else _towards_cow(state))
    raise AssertionError(f"no {phase} position met")


def _towards_cow(state):
    from tutor.games.formula_e.actions import Play

    legal = list(GAME.legal_actions(state))
    return Play("cow") if Play("cow") in legal else legal[-1] if state.phase == "turn" else legal[0]


def _refused(data: dict) -> str:
    with pytest.raises(ScenarioError) as exc:
        GAME.from_json(json.dumps(data))
    return exc.value.field


def test_the_positions_used_below_load_as_they_are():
    for phase in ("place", "turn", "cow"):
        data = _position(phase)
        assert GAME.from_json(json.dumps(data)).phase == phase


def test_a_turn_starts_with_no_card_played():
    # "played" lists the cards of this turn: a new turn has none (a third card would be written and refused)
    data = _position("turn")
    data["played"] = ["g1", "rat"]
    assert _refused(data) == "played"


def test_a_card_pending_once_resolved_is_refused():
    # a card pending on a fresh turn would be overwritten by the next card played: a card lost
    data = _position("turn")
    card = data["deck"].pop()
    data["pending"] = [card]
    assert _refused(data) == "pending"


def test_the_sacred_cow_moves_only_while_steps_are_left():
    # "up to eight spaces": once none is left the card has resolved
    data = _position("cow")
    assert data["cow_left"] == 8
    data["cow_left"] = 0
    assert _refused(data) == "cow_left"
    data = _position("turn")
    data["cow_left"] = 3
    assert _refused(data) == "cow_left"


def test_the_start_grid_fills_backwards_from_the_seat_before_the_first_player():
    data = _position("place")
    n, first, active = data["players"], data["first"], data["active"]
    assert active == (first - 1) % n and data["elephants"] == [None] * n
    # the first player places last: an elephant of theirs on the grid before the others' is refused
    rows = data["track"]["rows"]
    row = next(i for i, r in enumerate(rows) if "S" in r)
    data["elephants"][first] = "abcdefgh"[rows[row].index("S")] + str(row + 1)
    with pytest.raises(ScenarioError) as exc:
        GAME.from_json(json.dumps(data))
    assert exc.value.field == f"elephants[{first}]" and "before its turn to place" in str(exc.value)


def test_a_winner_stands_past_the_red_line():
    data = _position("turn")
    data.update(phase="over", winner=0)
    assert _refused(data) == "elephants[0]"


def test_cobra_discards_are_owed_only_while_they_are_made():
    data = _position("turn")
    data["owed"] = 1
    assert _refused(data) == "owed"


def test_a_refusal_is_worded_in_italian_and_french():
    data = _position("turn")
    data["played"] = ["g1"]
    with pytest.raises(ScenarioError) as exc:
        GAME.from_json(json.dumps(data))
    texts = {lang: GAME.message(exc.value, lang) for lang in ("en", "it", "fr")}
    assert "un turno comincia senza carte giocate" in texts["it"]
    assert "un tour commence sans carte jouée" in texts["fr"]


def test_a_race_played_on_from_a_file_with_a_million_turns_saves_and_reads_back():
    """A count a file may hold leaves room for the race to go on: its own save a few turns later reads back."""
    data = dict(_position("turn"), turns=10**6, chance=10**6)
    state = GAME.from_json(json.dumps(data))
    for _ in range(2000):  # whole hands discarded and drawn again until the deck is reshuffled
        if GAME.current_player(state) is None or state.chance > 10**6:
            break
        state = GAME.apply(state, GAME.legal_actions(state)[-1])  # (a turn's last action: a discard, which draws)
    assert state.turns > 10**6 and state.chance > 10**6
    assert GAME.from_json(GAME.to_json(state)) == state
