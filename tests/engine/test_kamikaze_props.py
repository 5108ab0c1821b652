"""Property tests: random Kamikaze Attack games for 2-5 players and deck mixes."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings, strategies as st

from tutor import IllegalAction
from tutor.games import kamikaze as K

G = K.GAME
BOUND = 1000  # actions; a repeated position ends the game, so every game is finite


@st.composite
def setups(draw):
    n = draw(st.integers(2, 5))
    decks = draw(st.lists(st.sampled_from(sorted(K.DECKS)), min_size=n, max_size=n))
    seed = draw(st.integers(0, 2**31))
    picks = draw(st.lists(st.integers(0, 10**6), max_size=80))
    return n, decks, seed, picks


def _all_cards(s):
    cards = [c for h in s.hands for c in h] + [c for g in s.graveyards for c in g]
    return Counter(cards + [c for c in s.field if c is not None])


def _run(n, decks, seed, picks, check=None):
    s = G.new_game(n, seed=seed, ruleset="expansion", decks=decks)
    actions = []
    while not G.is_over(s):
        legal = G.legal_actions(s)
        assert legal
        i = len(actions)
        a = legal[picks[i] % len(legal)] if i < len(picks) else legal[(i * 7 + seed) % len(legal)]
        if check:
            check(s, a, legal)
        s = G.apply(s, a)
        actions.append(a)
        assert len(actions) <= BOUND
    return s, actions


def _invariants(s, a, legal):
    want = Counter(c for d in s.decks for c in K.DECKS[d])
    assert _all_cards(s) == want
    text = G.to_json(s)
    assert G.to_json(G.from_json(text)) == text and G.from_json(text) == s
    assert G.parse_action(s, str(a)) == a
    me = s.current_player
    assert me is not None
    for p in range(s.players):
        v = G.view(s, p)
        if p != me:
            assert v["legal_actions"] == []
        for q in range(s.players):
            if q != p and s.field[q] is not None and s.hidden[q]:
                assert v["field"][q] == "hidden"
    # an illegal action changes nothing
    bad = next((b for b in (K.Play("dragon"), K.Challenge(me), K.TakeBack("kamikaze"), K.Decline(), K.Keep())
                if b not in legal), None)
    if bad is not None:
        try:
            G.apply(s, bad)
        except IllegalAction as exc:
            assert exc.rule in G.rules
        else:
            raise AssertionError(f"{bad} was accepted")
        assert G.to_json(s) == text


@settings(max_examples=60, deadline=None)
@given(setups())
def test_random_games_conserve_cards_and_round_trip(setup):
    n, decks, seed, picks = setup
    s, actions = _run(n, decks, seed, picks, _invariants)
    assert _all_cards(s) == Counter(c for d in decks for c in K.DECKS[d])
    assert G.from_json(G.to_json(s)) == s
    w = G.winners(s)
    assert w and all(0 <= p < n for p in w)
    assert s.end in ("empty-hand", "stalemate", "repetition")


@settings(max_examples=40, deadline=None)
@given(setups())
def test_seed_replays_identically(setup):
    n, decks, seed, picks = setup
    s1, actions = _run(n, decks, seed, picks)
    s2 = G.new_game(n, seed=seed, ruleset="expansion", decks=decks)
    trail = [G.to_json(s2)]
    for a in actions:
        s2 = G.apply(s2, a)
        trail.append(G.to_json(s2))
    assert trail[-1] == G.to_json(s1)
    # and again from the saved start
    s3 = G.from_json(trail[0])
    for a in actions:
        s3 = G.apply(s3, a)
    assert G.to_json(s3) == trail[-1]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.lists(st.integers(0, 10**6), max_size=40))
def test_base_games_end_quickly(seed, picks):
    s, actions = _run(2, ["base", "base"], seed, picks)
    # each duel either fills a graveyard (at most 12 such duels, so at most 13
    # positions) or is a retreat; from one position each of the three retreating
    # pairs (Swordsman-Shieldbearer, Shieldbearer-Swordsman, two Shieldbearers)
    # may retreat twice, the next retreat ends the game (the same duel a third time)
    assert s.duels <= 12 + 13 * (3 * 2 + 1)


@settings(max_examples=2000, deadline=None)
@given(setups())
def test_thousands_of_random_games_end_and_conserve_cards(setup):
    """Cheap invariants over many games (the full checks above run on fewer)."""
    n, decks, seed, picks = setup
    s, actions = _run(n, decks, seed, picks)
    assert _all_cards(s) == Counter(c for d in decks for c in K.DECKS[d])
    assert all(x >= 0 for x in G.scores(s))
    w = G.winners(s)
    assert w and all(0 <= p < n for p in w)
