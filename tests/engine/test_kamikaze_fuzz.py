"""Bad input is harmless: mutated scenario files and junk action values.

A scenario file is refused with a short ScenarioError naming the field, or
accepted as a position the rules can play on; an action value or text is
refused with IllegalAction / ActionParseError, or it is one the rules list.
"""

from __future__ import annotations

import copy
import json
import random
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import ActionParseError, IllegalAction, ScenarioError
from tutor.games import kamikaze as K

G = K.GAME


def _positions() -> list:
    """Real positions of every phase, from random games of 2 to 5 players."""
    out = []
    for seed in range(12):
        n = 2 + seed % 4
        s = G.new_game(n, seed, "expansion" if n > 2 or seed % 3 else "base")
        rng = random.Random(seed)
        while True:
            out.append(s)
            if G.is_over(s):
                break
            s = G.apply(s, rng.choice(G.legal_actions(s)))
    phases = {s.phase for s in out}
    assert {"challenge", "commit", "over"} <= phases
    return out[::3]


POSITIONS = _positions()
TEXTS = [G.to_json(s) for s in POSITIONS]

junk = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([10**17, -1, 0, 1, 2, 5, 99]) | st.text(max_size=20)
    | st.sampled_from(list(K.CARDS) + list(K.DECKS) + ["hidden", "x" * 5000, "commit", "over", "challenge"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _mutate(data, path, how, new):
    if not path:
        return new if how == "replace" else data
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "replace":
        parent[key] = new
    elif how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        parent[0], parent[-1] = parent[-1], parent[0]
    return data


def _check_load(text):
    t0 = time.perf_counter()
    try:
        s = G.from_json(text)
    except ScenarioError as exc:
        assert len(str(exc)) < 300 and exc.field
        assert time.perf_counter() - t0 < 1.0
        return None
    assert time.perf_counter() - t0 < 1.0
    # an accepted file is a position the rules can play on
    actions = G.legal_actions(s)
    assert G.is_over(s) == (actions == [])
    for a in actions[:3]:
        G.apply(s, a)
    json.loads(json.dumps(G.view(s, None)))
    assert G.from_json(G.to_json(s)) == s
    return s


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=len(TEXTS) - 1), st.randoms(use_true_random=False),
       st.sampled_from(["replace", "replace", "delete", "duplicate", "swap"]), junk)
def test_mutated_scenario_files_are_refused_or_playable(i, rnd, how, new):
    data = json.loads(TEXTS[i])
    paths = list(_paths(data))
    for _ in range(rnd.randint(1, 2)):
        path = rnd.choice(paths)
        try:
            data = _mutate(data, path, how, copy.deepcopy(new))
        except (KeyError, IndexError, TypeError):
            pass
        paths = list(_paths(data))
    _check_load(json.dumps(data))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=60) | st.text(max_size=60))
def test_garbage_files_are_refused(raw):
    try:
        G.from_json(raw)
    except ScenarioError as exc:
        assert len(str(exc)) < 300
    else:  # pragma: no cover - garbage is never a scenario
        raise AssertionError(raw)


def test_old_files_without_a_format_still_load():
    data = json.loads(TEXTS[5])
    assert data.pop("format") == 2
    assert G.from_json(json.dumps(data)) == G.from_json(TEXTS[5])


def test_huge_and_deep_files_are_refused_fast():
    data = json.loads(TEXTS[0])
    huge = json.dumps({**data, "seed": 1}).replace('"seed": 1', '"seed": ' + "9" * 5000)
    for bad in ({"_text": huge}, {"hands": [["archer"] * 100_000, []]}, {"decks": [[[[[[[[[[[[[[1]]]]]]]]]]]]]]},
                {"positions": {"x" * 1_000_000: 1}}, {"ruleset": "y" * 1_000_000}):
        text = bad["_text"] if "_text" in bad else json.dumps({**data, **bad})
        t0 = time.perf_counter()
        try:
            G.from_json(text)
        except ScenarioError as exc:
            assert len(str(exc)) < 300
        else:
            raise AssertionError(bad)
        assert time.perf_counter() - t0 < 1.0


actions = st.one_of(
    st.builds(K.Play, junk), st.builds(K.Swap, junk), st.builds(K.TakeBack, junk), st.builds(K.Challenge, junk),
    st.builds(K.Play, st.sampled_from(K.CARDS)), st.builds(K.Swap, st.sampled_from(K.CARDS)),
    st.builds(K.TakeBack, st.sampled_from(K.CARDS)),
    st.builds(K.Challenge, st.integers(-3, 7) | st.booleans() | st.just(10**5000)),
    st.just(K.Keep()), st.just(K.Decline()), junk,
)


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=len(POSITIONS) - 1), actions)
def test_any_action_value_is_refused_or_listed(i, action):
    s = POSITIONS[i]
    before = G.to_json(s)
    try:
        after = G.apply(s, action)
    except IllegalAction as exc:
        assert exc.rule in G.rules
        assert len(str(exc)) < 300
    else:
        assert action in G.legal_actions(s)
        assert after is not s
    assert G.to_json(s) == before


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=len(POSITIONS) - 1),
       st.text(max_size=40) | st.sampled_from(["challenge player " + "9" * 5000, "play the " + "x" * 10**5,
                                               "take back the Kamikaze", "gioca l'Arciere", "challenge p0"])
       | junk)
def test_any_action_text_is_read_or_refused(i, text):
    s = POSITIONS[i]
    try:
        action = G.parse_action(s, text)
    except ActionParseError as exc:
        assert len(str(exc)) < 300
    else:
        assert G.parse_action(s, str(action)) == action
