"""`python -m benchmarks.instructions`: machine instructions per random-playout action, beside a peer.

Wall-clock speed on a shared or busy machine moves with the load; the number
of instructions the CPU executes for the same seeded work does not.  For every
registered game, ruleset and player count (and for OpenSpiel's pure-Python
``python_block_dominoes``), a child process plays the same loop as
``python -m benchmarks.engine`` (``current_player``, ``legal_actions`` listed in
full, ``apply``; dominoes' chance outcomes, the deal, count as actions) under
``valgrind --tool=callgrind``, which counts the instructions executed.

Start-up (the interpreter, imports) is taken out by difference: one child
plays games ``0..N-1`` and another games ``0..2N-1`` with the same seeds, and
the figure is (instructions of the second - of the first) / (actions of the
second - of the first), i.e. the cost of games ``N..2N-1`` after ``N`` games
of warm-up.  ``N`` is the smallest number of games reaching ``--actions``
actions (default 2,000).  Children run with ``PYTHONHASHSEED=0``.

The ratio printed is dominoes' instructions per action over the game's: the
speed ratio ``benchmarks.engine`` measures in actions per second, without the load's
noise (every game is held to at least 1.5).  Without valgrind on PATH (or without
OpenSpiel, for the peer) it says so and prints what it can.

Options: ``--game NAME`` (repeatable), ``--ruleset RS``, ``--players N``,
``--actions N``, ``--jobs N`` (children at once; default: the CPU count).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Iterable

PEER = "dominoes"  # the child's name for OpenSpiel's python_block_dominoes

_COLLECTED = re.compile(r"Collected\s*:\s*([\d,]+)")


def _game_lengths(name: str, ruleset: str, players: int) -> Callable[[int], int]:
    """A function playing seeded game ``i`` and returning its number of actions (``tutor.playout``)."""
    from tutor.playout import dominoes, play_dominoes, play_random

    if name == PEER:
        peer = dominoes()
        return lambda i: play_dominoes(peer, i)
    from tutor import games

    game = games.get(name)
    return lambda i: play_random(game, players, ruleset, i)


def play_games(name: str, ruleset: str, players: int, n_games: int) -> int:
    """Play seeded games ``0..n_games-1``; the number of actions applied."""
    play = _game_lengths(name, ruleset, players)
    return sum(play(i) for i in range(n_games))


def games_for(name: str, ruleset: str, players: int, actions: int) -> int:
    """The smallest N whose seeded games 0..N-1 apply at least ``actions`` actions (played here, natively)."""
    play = _game_lengths(name, ruleset, players)
    total = n = 0
    while total < actions:
        total += play(n)
        n += 1
    return n


def collected(stderr: str) -> int:
    """The instruction count callgrind reports on its stderr.

    >>> collected("==12== Callgrind, a call-graph generating cache profiler\\n==12== Collected : 1,234,567\\n")
    1234567
    """
    found = _COLLECTED.findall(stderr)
    if not found:
        raise RuntimeError(f"no 'Collected' line in valgrind's output: {stderr[-300:]!r}")
    return int(found[-1].replace(",", ""))


def per_action(short: tuple[int, int], long: tuple[int, int]) -> float:
    """Instructions per action from two (instructions, actions) runs, start-up taken out.

    >>> per_action((1_000_000, 100), (2_500_000, 250))
    10000.0
    """
    (i1, a1), (i2, a2) = short, long
    if a2 <= a1:
        raise ValueError("the longer run applied no more actions than the shorter")
    return (i2 - i1) / (a2 - a1)


def measure(name: str, ruleset: str, players: int, n_games: int) -> tuple[int, int]:
    """(instructions, actions) of one child playing ``n_games`` seeded games under callgrind."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(root))
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           sys.executable, "-m", "benchmarks.instructions", "--child", name, ruleset, str(players), str(n_games)]
    done = subprocess.run(cmd, env=env, cwd=root, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[3:])} failed: {done.stderr[-500:]}")
    return collected(done.stderr), int(done.stdout.split()[-1])


def instructions_per_action(row: tuple[str, str, int], actions: int) -> float:
    name, ruleset, players = row
    n = games_for(name, ruleset, players, actions)
    return per_action(measure(name, ruleset, players, n), measure(name, ruleset, players, 2 * n))


def rows(names: Iterable[str], ruleset: str | None, players: int | None) -> list[tuple[str, str, int]]:
    from tutor import games
    from benchmarks.engine import setups

    return [(name, rs, n) for name in names for rs, n in setups(games.get(name))
            if (ruleset is None or rs == ruleset) and (players is None or n == players)]


def main(argv: list[str] | None = None) -> int:
    from benchmarks.engine import TARGET, verdict  # here, not at the top: the measured child stays light

    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--ruleset", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--child", nargs=4, metavar=("GAME", "RULESET", "PLAYERS", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        name, ruleset, players, n_games = args.child
        print(play_games(name, ruleset, int(players), int(n_games)))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not on PATH: no instruction counts (install valgrind, e.g. apt-get install valgrind).")
        return 0
    from tutor import games

    todo = rows(args.game or games.names(), args.ruleset, args.players)
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import block_dominoes  # noqa: F401
    except Exception as exc:  # noqa: BLE001 - any failure to import means no peer figure
        peer_missing: str | None = f"{type(exc).__name__}: {exc}"
    else:
        peer_missing = None
        todo.insert(0, (PEER, "openspiel", 2))
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        figures = list(pool.map(lambda row: instructions_per_action(row, args.actions), todo))
    peer = figures[0] if peer_missing is None else None
    print(f"valgrind (callgrind) instructions per random-playout action, games N..2N-1 of seeded games "
          f"(N: at least {args.actions:,} actions), start-up taken out")
    print(f"{'game':<18}{'ruleset':<11}{'players':>7}{'instr/action':>14}{'x dominoes':>12}")
    slow = []
    for (name, rs, n), figure in zip(todo, figures):
        label = "block_dominoes" if name == PEER else name
        ratio = f"{peer / figure:>12.2f}" if peer else f"{'-':>12}"
        print(f"{label:<18}{rs:<11}{n:>7}{figure:>14,.0f}{ratio}")
        if peer and name != PEER and peer / figure < TARGET:
            slow.append(f"{name} {rs} {n}p")
    verdict(slow, peer_missing)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
