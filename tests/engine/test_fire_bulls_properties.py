"""Property tests: thousands of random legal games keep the game's invariants."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import IllegalAction, games
from tutor.games import fire_bulls as fb
from tutor.games.fire_bulls import Action

G = games.get("fire-bulls")
MAX_ACTIONS = 2000  # far above the longest game seen (about 500 actions)

games_st = st.tuples(st.integers(0, 2**31), st.integers(2, 5), st.sampled_from(["it", "fr"]))


def yen_cards(s):
    return Counter([c for c in s.slots if c] + (["general"] if s.general else [])
                   + [c for p in s.piles for c in p] + [c for w in s.won for c in w] + list(s.removed))


def qi_cards(s):
    return Counter([c for h in s.hands for c in h] + list(s.deck) + list(s.discard) + list(s.reserve))


def random_game(seed, players, ruleset):
    rng = random.Random(seed)
    s = G.new_game(players, seed, ruleset)
    yield s, None
    n = 0
    while not G.is_over(s):
        acts = G.legal_actions(s)
        assert acts, "a position that is not over always offers an action"
        a = rng.choice(acts)
        s = G.apply(s, a)
        n += 1
        assert n < MAX_ACTIONS, "the game must end"
        yield s, a


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_st)
def test_random_games_end_and_conserve_every_card(params):
    seed, players, ruleset = params
    yen = Counter(G.yen_deck(ruleset))
    qi = Counter(G.qi_deck())
    last = None
    for i, (s, _) in enumerate(random_game(seed, players, ruleset)):
        assert yen_cards(s) == yen
        assert qi_cards(s) == qi
        if i % 20 == 0:
            assert min(G.scores(s)) >= 0
        assert len(s.reserve) >= 0 and all(len(h) <= 8 for i, h in enumerate(s.hands) if i != s.current_player)
        last = s
    assert G.is_over(last) and last.end in ("general", "escaped")
    scores = G.scores(last)
    assert all(x >= 0 for x in scores)
    assert G.winners(last) and set(G.winners(last)) <= set(range(players))
    best = max(scores)
    assert all(scores[w] == best for w in G.winners(last))


@settings(max_examples=60, deadline=None)
@given(games_st)
def test_json_round_trip_at_every_step(params):
    for s, _ in random_game(*params):  # noqa: B007 - s is the position reached, read after the loop
        text = G.to_json(s)
        back = G.from_json(text)
        assert back == s
        assert G.to_json(back) == text


@settings(max_examples=150, deadline=None)
@given(games_st)
def test_replay_from_seed_and_actions_is_identical(params):
    seed, players, ruleset = params
    states, actions = [], []
    for s, a in random_game(seed, players, ruleset):
        states.append(s)
        if a is not None:
            actions.append(a)
    again = G.new_game(players, seed, ruleset)
    assert G.to_json(again) == G.to_json(states[0])
    for a in actions:
        again = G.apply(again, a)
    assert G.to_json(again) == G.to_json(states[-1])
    # Action text replays too (the log a teacher can save).
    again = G.new_game(players, seed, ruleset)
    for a in actions:
        again = G.apply(again, G.parse_action(again, str(a)))
    assert again == states[-1]


PAYMENTS = st.lists(st.sampled_from(fb.QI_KINDS), min_size=0, max_size=8)
WILD = st.one_of(
    st.builds(Action.take, st.sampled_from(fb.QI_KINDS)),
    st.builds(Action.draw, st.one_of(st.none(), st.integers(1, 5))),
    st.builds(Action.attack, st.integers(0, 6), PAYMENTS),
    st.builds(Action.general, PAYMENTS),
    st.builds(Action.pay, PAYMENTS),
    st.just(Action.stop()), st.just(Action.use_power()), st.just(Action.decline_power()),
    st.builds(Action.colonel, st.integers(0, 4), st.sampled_from(fb.QI_KINDS)),
    st.builds(Action.spare, st.integers(0, 4)),
    st.builds(Action.lose, st.sampled_from(["bo", "palisade", "soldier:red", "general"])),
    st.builds(Action.release, st.sampled_from(fb.QI_KINDS)),
)


@settings(max_examples=300, deadline=None)
@given(games_st, st.integers(0, 400), WILD)
def test_any_action_is_either_legal_or_refused_without_change(params, steps, action):
    s = None
    for s, _ in random_game(*params):  # noqa: B007 - s is the position reached, read after the loop
        steps -= 1
        if steps < 0:
            break
    before = G.to_json(s)
    legal = G.legal_actions(s)
    try:
        after = G.apply(s, action)
    except IllegalAction as exc:
        assert exc.rule in G.rules, exc.rule
        assert str(exc)
        assert G.to_json(s) == before
        assert action not in legal
    else:
        assert G.to_json(s) == before
        assert yen_cards(after) == yen_cards(s) and qi_cards(after) == qi_cards(s)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_st)
def test_the_contract_holds_through_random_games(params):
    """Who decides, what each seat sees, and determinization, along whole random games."""
    seed, players, ruleset = params
    rng = random.Random(seed)
    counts = None
    n = 0
    for s, _ in random_game(seed, players, ruleset):
        n += 1
        assert n <= G.info.max_actions
        if counts is None:
            counts = G.conserved(s)
            # 54 Yen cards of the ruleset's deck and 54 Qi cards (000 and 001 list them)
            assert sum(v for k, v in counts.items() if k.startswith("yen:")) == 54
            assert sum(v for k, v in counts.items() if k.startswith("qi:")) == 54
        assert G.conserved(s) == counts
        if G.is_over(s):
            assert G.current_player(s) is None and G.decision(s) == "" and G.legal_actions(s) == []
            continue
        assert G.current_player(s) == s.current_player
        assert G.decision(s) in G.info.decisions
        if n % 7 == 0:
            seat = rng.randrange(players)
            other = G.resample_hidden(s, seat, rng)
            assert G.view(other, seat) == G.view(s, seat)
            assert G.conserved(other) == counts
            if seat == s.current_player:  # the mover's choices do not depend on what they cannot see
                assert G.legal_actions(other) == G.legal_actions(s)


def test_every_decision_is_named_in_three_languages():
    names = {lang: [G.decision_name(d, lang) for d in G.info.decisions] for lang in ("en", "it", "fr")}
    for lang, words in names.items():
        assert all(w and w not in G.info.decisions for w in words), (lang, words)
        assert len(set(words)) == len(words)
    assert names["it"] != names["en"] and names["fr"] != names["en"]
