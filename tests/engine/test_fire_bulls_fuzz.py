"""Bad input is harmless: mutated scenario files and malformed action values.

A scenario file either loads as a position the rules can play on (legal
actions listed, at least one while the game runs, a legal action applies) or
is refused with a short ScenarioError naming a field, fast.  An action value
or text is either one the rules list or refused with IllegalAction /
ActionParseError; nothing else is ever raised.
"""

import json
import os
import random
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import ActionParseError, IllegalAction, ScenarioError, games
from tutor.games.fire_bulls import QI_KINDS, Action
from tutor.games.fire_bulls.cards import YEN_CARDS

G = games.get("fire-bulls")
# A few hundred examples per test in the test run; FUZZ_EXAMPLES=10000 for a long hunt.
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def _positions():
    """Real positions of every phase: random games of both rulesets, a few per game."""
    found = []
    for seed in range(12):
        rng = random.Random(seed)
        s = G.new_game(2 + seed % 4, seed, ("it", "fr")[seed % 2])
        n = 0
        while not G.is_over(s):
            if n % 23 == 0 or G.decision(s) not in ("action", "attack"):
                found.append(s)
            s = G.apply(s, rng.choice(G.legal_actions(s)))
            n += 1
        found.append(s)
    return found


POSITIONS = _positions()
FILES = [json.loads(G.to_json(s)) for s in POSITIONS]

# Values a careless or malicious file may hold anywhere.
junk = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 12), st.integers(-(10**18), 10**18), st.just(10**17), st.just(-1),
    st.sampled_from(list(QI_KINDS) + list(YEN_CARDS) + ["general", "colonel:1", "penalty", "limit", "", "A", "fr"]),
    st.text(max_size=8), st.just("x" * 100_000),
    st.lists(st.sampled_from(list(QI_KINDS) + list(YEN_CARDS)), max_size=12),
    st.lists(st.integers(-2, 9), max_size=4), st.dictionaries(st.sampled_from(list("ABCZ")), st.none(), max_size=3),
)


def _paths(data, prefix=()):
    """Every place in a JSON object: (container path, key or index)."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield prefix, k
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield prefix, i
            yield from _paths(v, prefix + (i,))


def _at(data, path):
    for k in path:
        data = data[k]
    return data


@st.composite
def mutated_files(draw):
    data = json.loads(json.dumps(draw(st.sampled_from(FILES))))
    for _ in range(draw(st.integers(1, 3))):
        places = list(_paths(data))
        path, key = draw(st.sampled_from(places))
        parent = _at(data, path)
        how = draw(st.sampled_from(["replace", "replace", "delete", "move", "duplicate"]))
        if how == "replace":
            parent[key] = draw(junk)
        elif how == "delete":
            del parent[key]
        elif how in ("move", "duplicate") and isinstance(parent, list) and parent:
            # a card moved or copied to another list: counts that do not add up, or a real-looking move
            card = parent[key] if how == "duplicate" else parent.pop(key)
            lists = [p for p, k in _paths(data) if isinstance(_at(data, p), list)]
            if lists:
                target = _at(data, draw(st.sampled_from(lists)))
                if isinstance(target, list):
                    target.append(json.loads(json.dumps(card)))  # a copy: never a list inside itself
    return data


def _check_loaded(s):
    """An accepted file is a position the rules can play on."""
    acts = G.legal_actions(s)
    if G.is_over(s):
        assert acts == [] and G.current_player(s) is None
        return
    assert acts, "a running game has a legal action"
    assert G.decision(s) in G.info.decisions
    G.view(s, None)
    G.view(s, G.current_player(s))
    after = G.apply(s, random.Random(0).choice(acts))
    assert G.conserved(after) == G.conserved(s)
    assert G.from_json(G.to_json(s)) == s


@FUZZ
@given(mutated_files())
def test_a_mutated_scenario_loads_as_a_playable_position_or_is_refused_by_field(data):
    text = json.dumps(data)
    start = time.perf_counter()
    try:
        s = G.from_json(text)
    except ScenarioError as exc:
        assert exc.field and len(str(exc)) < 300, str(exc)[:400]
        for lang in ("it", "fr"):
            assert len(G.message(exc, lang)) < 400
    else:
        _check_loaded(s)
    assert time.perf_counter() - start < 1.0


def test_the_bad_files_the_issue_names_are_refused():
    """turn_state.attack -1 made legal_actions raise KeyError; 10^100 Warriors made apply grow without bound."""
    base = FILES[0]
    for mutate, field in [
        (lambda d: d["turn_state"].update(attack=-1), "turn_state.attack"),
        (lambda d: d["turn_state"].update(warriors=10**100), "file"),  # a number no scenario uses
        (lambda d: d["turn_state"].update(warriors=10**15), "turn_state.warriors"),
        (lambda d: d["turn_state"].update(attack=3), "turn_state.won_this_turn"),
        (lambda d: d["turn_state"].update(pending=["penalty"] * 10**4), "turn_state.pending"),
        (lambda d: d["players"][0].update(hand=[["green"]]), "players[0].hand[0]"),
        (lambda d: d.update(ruleset="x" * 200_000), "ruleset"),
        (lambda d: d.update(format=3), "format"),
    ]:
        data = json.loads(json.dumps(base))
        mutate(data)
        try:
            G.from_json(json.dumps(data))
        except ScenarioError as exc:
            assert exc.field == field, str(exc)
            assert len(str(exc)) < 300
        else:
            raise AssertionError(f"accepted a file with a bad {field}")


def test_files_saved_before_the_format_field_still_load():
    for s in POSITIONS[:20]:
        data = json.loads(G.to_json(s))
        assert data["format"] == 2 and data["game"] == "fire-bulls"
        del data["format"]
        assert G.from_json(json.dumps(data)) == s


# ----------------------------------------------------------------- actions

any_value = st.one_of(
    st.none(), st.booleans(), st.integers(-6, 8), st.just(10**5000), st.text(max_size=6), st.just([]),
    st.sampled_from(list(QI_KINDS) + list(YEN_CARDS) + ["white", "General"]),
)
kinds = st.one_of(st.sampled_from(["take", "draw", "attack", "general", "pay", "stop", "power", "decline",
                                   "colonel", "spare", "lose", "release"]), any_value)
payments = st.one_of(
    st.lists(st.sampled_from(QI_KINDS), max_size=8).map(tuple),
    st.lists(any_value, max_size=3).map(tuple), any_value,
)
actions = st.builds(Action, kinds, st.one_of(st.integers(0, 5), any_value), st.one_of(st.none(), any_value),
                    payments, st.one_of(st.integers(-1, 4), any_value))


def _listed(state, action):
    """The listed action ``action`` stands for (an attack may leave the card unnamed, a payment unsorted)."""
    for a in G.legal_actions(state):
        if (a.kind, a.direction, a.player) == (action.kind, action.direction, action.player) and \
                sorted(a.payment) == sorted(action.payment) and action.card in (a.card, None):
            return a
    return None


@FUZZ
@given(st.sampled_from(POSITIONS), st.one_of(actions, actions, any_value, st.tuples(any_value, any_value)))
def test_any_action_value_is_a_listed_move_or_refused(state, action):
    try:
        after = G.apply(state, action)
    except IllegalAction as exc:
        assert exc.rule in G.rules, exc.rule
        assert len(str(exc)) < 300
    else:
        assert isinstance(action, Action) and _listed(state, action) is not None, action
        assert G.conserved(after) == G.conserved(state)
    if isinstance(action, Action):  # an action value always has a text, whatever it holds
        assert repr(action) and str(action)


@FUZZ
@given(st.sampled_from(POSITIONS), st.one_of(
    st.text(max_size=60), st.just("x" * 1_000_000),
    st.sampled_from(["attack from direction 9: pay with red", "colonel: spare player 0", "lose warrior to the "
                     "warrior penalty", "take pink from the reserve", "draw from the deck and move the pawn to "
                     "direction 7", "attack from direction 3: pay " + "Bo " * 2000 + "with red"]),
    st.builds(lambda a: str(a), actions), any_value))
def test_any_action_text_reads_as_an_action_or_is_refused(state, text):
    try:
        action = G.parse_action(state, text)
    except ActionParseError as exc:
        assert len(str(exc)) < 300
        return
    assert isinstance(action, Action)
    try:
        G.apply(state, action)
    except IllegalAction:
        pass


def test_the_action_values_the_issue_names_are_refused():
    s = G.new_game(3, 1)
    for bad in (Action("draw", True), Action("lose", card="warrior"), Action("take", card=["red"]),
                Action("draw", 10**5000), Action("stop", payment=("red",)), ("draw", 0, None, (), -1)):
        try:
            G.apply(s, bad)
        except IllegalAction as exc:
            assert exc.rule == "fire-bulls/turn/sequence"
        else:
            raise AssertionError(f"accepted {bad!r}")
    assert "warrior" in repr(Action("lose", card="warrior"))
