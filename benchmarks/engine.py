"""`python -m benchmarks.engine`: how fast the engines play, beside a peer (figures, not a test).

Bots and hints search by playing games out, so random-playout speed is what
a hint can see in a second.  For every registered game, ruleset and player
count: random playouts through the contract (``game.current_player``,
``legal_actions`` listed in full, ``apply``), in actions applied per second,
the median of several runs; beside it, OpenSpiel's pure-Python
``python_block_dominoes`` played the same way in the same process, runs
interleaved with the games', and the ratio of the two (the project asks for at
least 1.5).  OpenSpiel applies chance outcomes (the deal) as actions, and
they count as actions here too.

Every row plays its own seeds (:func:`first_seed`): no two rows or runs play
the same games.  (Kamikaze's base and expansion rulesets deal the same two
decks to two players; with shared seeds the second row replayed the first
one's games with its memos already filled, and looked 1.5x faster.)  Before
the first run every row, and the peer, plays one untimed warm-up game with a
seed of its own, so no row's first run pays a one-off start (a lazily built
table, a first position) that later games never pay again.

``make bench`` installs OpenSpiel (the ``bench`` extra); without it the
figures are printed without the ratio, with a message saying so.

Options: ``--runs N`` (default 5), ``--games N`` per run (default 20),
``--game NAME`` (repeatable; default: every registered game), ``--cpu``
(time with the process's CPU time, ``time.process_time``, instead of the wall
clock: on a quiet machine the two agree, since a playout is one thread; on a
shared one the wall clock also counts the time other processes held the CPU,
and a long row, a Formula E run of seconds, is interrupted far more often than
the peer's run of 50 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

from tutor import games
from tutor.core import Game
from tutor.playout import dominoes, play_dominoes, play_random

TARGET = 1.5  # the ratio to python_block_dominoes every game is held to


def playout_rate(game: Game, players: int, ruleset: str, n_games: int, seed0: int) -> tuple[float, float]:
    """(actions/s, median ms per game) for ``n_games`` random playouts (``tutor.playout.play_random``)."""
    return _timed(lambda seed: play_random(game, players, ruleset, seed), n_games, seed0)


def openspiel_playout() -> Callable[[int, int], tuple[float, float]] | str:
    """A playout function for ``python_block_dominoes`` (``tutor.playout.play_dominoes``), or why there is none."""
    try:
        peer = dominoes()
    except Exception as exc:  # noqa: BLE001 - any failure to import means no peer figure
        return f"{type(exc).__name__}: {exc}"
    return lambda n_games, seed0: _timed(lambda seed: play_dominoes(peer, seed), n_games, seed0)


CLOCK: list[Callable[[], float]] = [time.perf_counter]  # --cpu sets time.process_time (see main)


def _timed(play: Callable[[int], int], n_games: int, seed0: int) -> tuple[float, float]:
    """(actions/s, median ms per game) of ``play(seed)`` for seeds ``seed0 .. seed0+n_games-1``."""
    clock = CLOCK[0]
    total = 0
    per_game = []
    start = clock()
    for i in range(n_games):
        t0 = clock()
        total += play(seed0 + i)
        per_game.append(clock() - t0)
    return total / (clock() - start), statistics.median(per_game) * 1000


WARM_UP = 10**9  # the warm-up games' seeds start here, away from every timed seed


def first_seed(row: int, run: int, n_games: int, runs: int) -> int:
    """The first seed of row ``row``'s run ``run`` (row 0 is the peer): rows and runs never share a game.

    >>> [first_seed(row, run, 20, 5) for row in (0, 1) for run in (0, 1, 4)]
    [0, 20, 80, 100, 120, 180]
    """
    return (row * runs + run) * n_games


def setups(game: Game) -> list[tuple[str, int]]:
    return [(rs, n) for rs in game.info.rulesets for n in game.info.player_counts(rs)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--cpu", action="store_true",
                        help="time with this process's CPU time instead of the wall clock")
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.cpu else time.perf_counter
    chosen = [games.get(name) for name in (args.game or games.names())]
    peer = openspiel_playout()
    rows = [(game, rs, n) for game in chosen for rs, n in setups(game)]
    runs: dict[tuple[str, str, int], list[tuple[float, float]]] = {(g.name, rs, n): [] for g, rs, n in rows}
    peer_runs: list[tuple[float, float]] = []
    if not isinstance(peer, str):  # one untimed warm-up game per row, the peer's too (see above)
        peer(1, WARM_UP)
    for j, (game, rs, n) in enumerate(rows, 1):
        play_random(game, n, rs, WARM_UP + j)
    for r in range(args.runs):  # interleaved, so a slower moment of the machine hits every row alike
        if not isinstance(peer, str):
            peer_runs.append(peer(args.games, first_seed(0, r, args.games, args.runs)))
        for j, (game, rs, n) in enumerate(rows, 1):
            seed0 = first_seed(j, r, args.games, args.runs)
            runs[(game.name, rs, n)].append(playout_rate(game, n, rs, args.games, seed0))
    peer_rate = statistics.median(a for a, _ in peer_runs) if peer_runs else None
    print(f"random playouts: median of {args.runs} runs of {args.games} games each, "
          f"{'CPU time of this process' if args.cpu else 'wall clock'}")
    print(f"{'game':<18}{'ruleset':<11}{'players':>7}{'actions/s':>12}{'ms/game':>10}"
          f"{'x dominoes':>12}")
    if peer_rate is not None:
        ms = statistics.median(m for _, m in peer_runs)
        print(f"{'block_dominoes':<18}{'openspiel':<11}{2:>7}{peer_rate:>12,.0f}{ms:>10.2f}{1:>12.2f}")
    slow = []
    for (name, rs, n), measured in runs.items():
        rate = statistics.median(a for a, _ in measured)
        ms = statistics.median(m for _, m in measured)
        ratio = f"{rate / peer_rate:>12.2f}" if peer_rate else f"{'-':>12}"
        print(f"{name:<18}{rs:<11}{n:>7}{rate:>12,.0f}{ms:>10.2f}{ratio}")
        if peer_rate and rate / peer_rate < TARGET:
            slow.append(f"{name} {rs} {n}p")
    verdict(slow, peer if isinstance(peer, str) else None)
    return 0


def verdict(slow: list[str], peer_missing: str | None) -> None:
    """Print the last line of a table beside the peer: why there is no ratio, what is below target, or that none is.

    >>> verdict(["tir-nan-og base 3p"], None)
    below the target of 1.5x python_block_dominoes: tir-nan-og base 3p
    """
    if peer_missing is not None:
        print(f"open-spiel is not installed ({peer_missing}): no python_block_dominoes figure, no ratio. "
              "`make bench` installs it (pip install -e '.[bench]').")
    elif slow:
        print(f"below the target of {TARGET}x python_block_dominoes: {', '.join(slow)}")
    else:
        print(f"every game at least {TARGET}x python_block_dominoes")


if __name__ == "__main__":
    raise SystemExit(main())
