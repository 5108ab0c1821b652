"""`python -m tutor.bench`: how fast the engines play, in figures (not a test).

For every game and player count: random playouts (legal-action listing
included, as a bot or a search would use them), actions applied per second
and whole games per second, the median of several runs.  If the
``open-spiel`` package is installed, its pure-Python ``python_block_dominoes``
is measured the same way in the same run, for scale.

Options: ``--runs N`` (default 5), ``--games N`` per run (default 40),
``--game NAME`` (default: all).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor import games


def playout_rate(game, players: int, n_games: int, seed0: int) -> tuple[float, float, float]:
    """(actions/s, games/s, median ms per game) for random playouts."""
    total_actions = 0
    per_game = []
    start = time.perf_counter()
    for i in range(n_games):
        seed = seed0 + i
        rng = random.Random(seed)
        t0 = time.perf_counter()
        state = game.new_game(players, seed)
        legal, apply, over, choice = game.legal_actions, game.apply, game.is_over, rng.choice
        while not over(state):
            state = apply(state, choice(legal(state)))
            total_actions += 1
        per_game.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    return total_actions / elapsed, n_games / elapsed, statistics.median(per_game) * 1000


def openspiel_rate(n_games: int, seed0: int) -> tuple[float, float, float] | None:
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except Exception:
        return None
    import pyspiel

    game = pyspiel.load_game("python_block_dominoes")
    total_actions = 0
    per_game = []
    start = time.perf_counter()
    for i in range(n_games):
        rng = random.Random(seed0 + i)
        t0 = time.perf_counter()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            total_actions += 1
        per_game.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    return total_actions / elapsed, n_games / elapsed, statistics.median(per_game) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", default=None)
    args = parser.parse_args(argv)
    names = [args.game] if args.game else games.names()
    print(f"random playouts, median of {args.runs} runs of {args.games} games each")
    print(f"{'game':<22}{'players':>8}{'actions/s':>12}{'games/s':>10}{'ms/game':>10}")
    for name in names:
        game = games.get(name)
        for players in range(game.min_players, game.max_players + 1):
            runs = [playout_rate(game, players, args.games, 1000 * r) for r in range(args.runs)]
            a = statistics.median(r[0] for r in runs)
            g = statistics.median(r[1] for r in runs)
            ms = statistics.median(r[2] for r in runs)
            print(f"{name:<22}{players:>8}{a:>12,.0f}{g:>10,.1f}{ms:>10.2f}")
    runs = [openspiel_rate(args.games, 1000 * r) for r in range(args.runs)]
    if runs[0] is None:
        print("open-spiel is not installed: no python_block_dominoes figure in this run")
    else:
        a = statistics.median(r[0] for r in runs)
        g = statistics.median(r[1] for r in runs)
        ms = statistics.median(r[2] for r in runs)
        print(f"{'open_spiel block_dominoes':<22}{2:>8}{a:>12,.0f}{g:>10,.1f}{ms:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
