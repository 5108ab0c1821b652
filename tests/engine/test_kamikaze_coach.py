"""The exact coach of Kamikaze Attack's two-player base game."""

from __future__ import annotations

import random

import pytest

from tutor import bots
from tutor.games import kamikaze as K
from tutor.games.kamikaze import coaching as C

G = K.GAME


def test_solver_known_games():
    v, row, col = C.solve_matrix([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])  # rock-paper-scissors
    assert abs(v) < 1e-12 and all(abs(p - 1 / 3) < 1e-9 for p in row + col)
    v, row, col = C.solve_matrix([[3, 0], [1, 2]])
    assert abs(v - 1.5) < 1e-12 and abs(row[0] - 0.25) < 1e-9 and abs(col[0] - 0.5) < 1e-9
    assert C.solve_matrix([[2, 5], [1, 0]]) == (2.0, [1.0, 0.0], [1.0, 0.0])  # saddle point


@pytest.mark.parametrize("seed", range(30))
def test_solver_random_matrices_are_equilibria(seed):
    rng = random.Random(seed)
    m = [[rng.uniform(-1, 1) for _ in range(rng.randint(1, 4))]]
    m += [[rng.uniform(-1, 1) for _ in m[0]] for _ in range(rng.randint(0, 3))]
    v, row, col = C.solve_matrix(m)
    assert abs(sum(row) - 1) < 1e-9 and abs(sum(col) - 1) < 1e-9
    for j in range(len(m[0])):
        assert sum(row[i] * m[i][j] for i in range(len(m))) >= v - 1e-9
    for i in range(len(m)):
        assert sum(col[j] * m[i][j] for j in range(len(m[0]))) <= v + 1e-9


def test_opening_is_worth_zero_by_symmetry():
    s = G.new_game(2, seed=0)
    v, mix = K.coach(s)
    assert abs(v) < 1e-9
    assert abs(sum(mix.values()) - 1) < 1e-12
    assert set(mix) == {"swordsman", "shieldbearer", "archer", "kamikaze"}
    t = G.apply(s, K.Play("archer"))
    v2, mix2 = K.coach(t)
    assert abs(v2) < 1e-9 and abs(sum(mix2.values()) - 1) < 1e-12


def test_dominated_card_gets_zero():
    """A card whose every entry is worse than another card's is never advised."""
    from tutor import bots

    found = 0
    for seed in range(40):
        s = G.new_game(2, seed=seed)
        while not G.is_over(s):
            if s.current_player == 0 and G.decision(s) == "commit":
                rows, cols, m = C.matrix(C.key_of(s))
                mix = K.coach(s)[1]
                for i, a in enumerate(rows):
                    if any(all(m[i][j] < m[k][j] for j in range(len(cols))) for k in range(len(rows)) if k != i):
                        found += 1
                        assert mix[C.BASE[a]] == 0.0
            s = G.apply(s, _coachs_answer(s) or bots.get("random").choose(G, s))
    assert found >= 5


def test_coach_does_not_peek_at_the_committed_card():
    s = G.new_game(2, seed=0)
    advice = {c: K.coach(G.apply(s, K.Play(c))) for c in ("swordsman", "archer", "kamikaze")}
    assert len({repr(a) for a in advice.values()}) == 1


def _coachs_answer(s):
    """The coach's game ends where a player who repeated a card is asked whether to end it: that answer."""
    return K.Stop() if G.decision(s) == "repeat" else None


def _random_positions(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = G.new_game(2, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(12)):
            if G.is_over(s):
                break
            s = G.apply(s, _coachs_answer(s) or rng.choice(G.legal_actions(s)))
        if _coachs_answer(s):
            s = G.apply(s, _coachs_answer(s))
        if not G.is_over(s):
            out.append(s)
    return out


def test_advice_is_an_equilibrium_everywhere():
    for s in _random_positions(60, 1):
        key = C.key_of(s)
        rows, cols, m = C.matrix(key)
        v, mix = K.coach(s)
        assert abs(sum(mix.values()) - 1) < 1e-9 and all(p >= 0 for p in mix.values())
        if s.current_player == 0:
            assert abs(v - C.value(key)) < 1e-9
            for j in range(len(cols)):
                assert sum(mix[C.BASE[a]] * m[i][j] for i, a in enumerate(rows)) >= v - 1e-9
        else:
            assert abs(v + C.value(key)) < 1e-9
            for i in range(len(rows)):
                assert -sum(mix[C.BASE[b]] * m[i][j] for j, b in enumerate(cols)) >= v - 1e-9


def test_model_agrees_with_the_engine():
    for s in _random_positions(80, 2):
        if s.current_player != s.active:
            continue
        key = C.key_of(s)
        for a in sorted(set(s.hands[s.active])):
            for b in sorted(set(s.hands[s.opponent])):
                t = G.apply(G.apply(s, K.Play(a)), K.Play(b))
                t = G.apply(t, _coachs_answer(t)) if _coachs_answer(t) else t
                pair = (a, b) if s.active == 0 else (b, a)
                support = {k: p for p, k in C.outcomes(key, C._IDX[pair[0]], C._IDX[pair[1]])}
                if G.is_over(t):
                    g = K.scores(t)
                    res = {(0,): 1.0, (1,): -1.0}.get(tuple(K.winners(t)), 0.0)
                    h = tuple(tuple(t.hands[p].count(c) for c in C.BASE) for p in range(2))
                    assert any(C.terminal(k) == res and (k[0], k[1]) == h for k in support), (a, b)
                    assert any(k[2] == g[0] - g[1] for k in support)
                else:
                    assert C.key_of(t) in support, (a, b, C.key_of(t), support)
                    assert C.terminal(C.key_of(t)) is None  # the model does not end what the engine goes on with


def test_terminal_values_match_the_engine_winners():
    for seed in range(40):
        s, _ = bots.play(G, G.new_game(2, seed=seed), [bots.get("random"), bots.get("random")])
        h = [tuple(s.hands[p].count(c) for c in C.BASE) for p in range(2)]
        want = {(0,): 1.0, (1,): -1.0, (0, 1): 0.0}[tuple(G.winners(s))]
        lw = -1 if s.last_winner is None else s.last_winner
        assert C._result(h[0], h[1], len(s.graveyards[0]) - len(s.graveyards[1]), lw) == want


def test_model_keeps_the_refusal_rule():
    """The coach's game ends where the engine's does: not after two retreats at the opening,
    but when a repeated card cannot be answered, or the same duel retreats a third time."""
    SW, SH = C._IDX["swordsman"], C._IDX["shieldbearer"]
    s = G.new_game(2, seed=0)
    for n in (1, 2):
        s = G.apply(G.apply(s, K.Play("shieldbearer")), K.Play("swordsman"))
        key = C.key_of(s)
        assert key[4] == (0, n, 0) and C.terminal(key) is None  # (Shieldbearer, Swordsman) retreated n times
    [(_, third)] = C.outcomes(C.key_of(s), SH, SW)
    assert C.terminal(third) == 0.0  # the third identical retreat: a true tie at 0-0
    [(_, other)] = C.outcomes(C.key_of(s), SW, SH)
    assert C.terminal(other) is None
    # player 1 keeps a Shieldbearer back against Swordsman and Shieldbearer, leading 5 to 3
    r = K.scenario([["shieldbearer", "archer"], ["swordsman", "shieldbearer"]],
                   [["swordsman", "swordsman", "shieldbearer", "archer", "kamikaze"],
                    ["swordsman", "shieldbearer", "kamikaze"]])
    r = G.apply(G.apply(r, K.Play("shieldbearer")), K.Play("swordsman"))
    assert C.terminal(C.key_of(r)) is None
    [(_, refused)] = C.outcomes(C.key_of(r), SH, SH)
    assert C.terminal(refused) == 1.0
    assert K.coach(r)[0] == 1.0  # so the coach sees the win in the refusal


def test_coach_refuses_other_games():
    with pytest.raises(ValueError):
        K.coach(G.new_game(3, seed=0))
    with pytest.raises(ValueError):
        K.coach(G.new_game(2, seed=0, ruleset="expansion", decks=["base", "tecnobarbari"]))
    over, _ = bots.play(G, G.new_game(2, seed=0), [bots.get("random")] * 2)
    with pytest.raises(ValueError):
        K.coach(over)


def test_coach_bot_plays_legally_everywhere():
    bot = bots.get("coach")
    assert "coach" in bots.names()
    for n in (2, 3, 5):
        for seed in range(5):
            s = G.new_game(n, seed=seed)
            while not G.is_over(s):
                a = bot.choose(G, s)
                assert a in G.legal_actions(s)
                s = G.apply(s, a)


def test_coach_bot_does_not_lose_to_random_on_average():
    total = 0
    for seed in range(60):
        seats = [bots.get("coach"), bots.get("random")] if seed % 2 else [bots.get("random"), bots.get("coach")]
        me = seed % 2 == 0
        s, _ = bots.play(G, G.new_game(2, seed=seed), seats)
        w = G.winners(s)
        total += 0 if len(w) == 2 else (1 if w == [int(me)] else -1)
    assert total >= 0


def test_hint_words():
    assert "%" in C.hint(G.new_game(2, seed=0))


def test_benchmark_whole_base_game(capsys):
    v, n, secs = C.solve_all()
    assert abs(v) < 1e-9 and n > 1000
    with capsys.disabled():
        print(f"\n[benchmark] Kamikaze Attack base game solved exactly: {n} positions in {secs:.3f} s")


def test_two_threads_asking_at_once_solve_each_position_once():
    """The page's warm-up thread and a bot's first move may ask the coach together: every position
    is solved once (the second asker waits, then looks the values up), and both get one answer."""
    import sys
    import threading

    from tutor.games.kamikaze.scenario import scenario

    one_each = ["swordsman", "shieldbearer", "archer", "kamikaze"]
    s = scenario([one_each, one_each], [["swordsman", "shieldbearer"], ["swordsman", "shieldbearer"]])
    C.value.cache_clear()
    start, answers = threading.Barrier(2), []

    def ask():
        start.wait()
        answers.append(G.coach(s))

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # the threads take turns often: an unguarded solve would be done twice
    try:
        threads = [threading.Thread(target=ask) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    info = C.value.cache_info()
    assert info.currsize > 100 and info.misses == info.currsize, info  # no position solved twice
    assert len(answers) == 2 and answers[0] == answers[1]
    assert abs(answers[0][0]) < 1e-9  # the same four cards each: an even game, by symmetry
