"""Measuring the search bot: seeded games against greedy bots (``duel``), their figures in a line (``summary``),
and the command line of ``python -m tutor.games.formula_e`` (``make bench``)."""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time
from typing import Any, Iterable

from tutor.bots import GreedyBot, tell

from .engine import apply
from .game import GAME
from .search import SearchBot


# ------------------------------------------------------------------ measuring it
def interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson) interval of a win rate of ``wins`` out of ``games``.

    >>> [round(x, 2) for x in interval(15, 100)]
    [0.09, 0.23]
    """
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _one_game(args: tuple[int, int, int | None, int]) -> tuple[bool, list[float], int | None, int | None]:
    """One game of a duel: the search bot in seat ``g % players`` of seed ``seed0 + g`` against greedy bots; whether
    it won, the CPU time of each of its moves, the winner's seat counted on from the search bot's (0 the bot, 1
    the seat after it...), and the same for the game of that seed with a greedy bot in the search bot's seat."""
    g, players, iterations, seed0 = args
    seat = g % players
    search = SearchBot(iterations, seconds=math.inf) if iterations else SearchBot(seconds=math.inf)
    seats: list[Any] = [GreedyBot() for _ in range(players)]
    seats[seat] = search
    s = GAME.new_game(players, seed0 + g)
    times: list[float] = []
    while (p := s.current_player) is not None:
        t = time.process_time()
        a = seats[p].choose(GAME, s)
        if p == seat:
            times.append(time.process_time() - t)
        s, before = apply(s, a), s
        tell(seats, GAME, before, a, s)
    greedy = GreedyBot()
    alone = GAME.new_game(players, seed0 + g)
    while alone.current_player is not None:
        alone = apply(alone, greedy.choose(GAME, alone))
    return (s.winner == seat, times, None if s.winner is None else (s.winner - seat) % players,
            None if alone.winner is None else (alone.winner - seat) % players)


def duel(games: int = 100, players: int = 4, iterations: int | None = None, seed0: int = 0,
         report: Any = print, jobs: int = 1) -> dict[str, Any]:
    """The search bot in one seat against greedy bots in the others, ``games`` seeded games (seeds from
    ``seed0``; the search bot's seat turning round), each search ended by its ``iterations`` (no clock, so the
    games replay exactly whatever the load): the wins, and the CPU time (``time.process_time``) of each of
    the search bot's moves; ``seats``: how many games the seat k places after the search bot's won (k = 0: the
    bot), and ``greedy_seats`` the same for the games of the same seeds with a greedy bot in its seat (whether the
    seats that beat the bot are the seats those seeds favour anyway); ``won``: the seeds the search bot won (to pair
    two runs on the same seeds).  ``jobs``: the games are shared among that many processes (the same games, the
    same wins: each game is seeded on its own).

    >>> d = duel(2, 3, iterations=6, seed0=5, report=None, jobs=2)
    >>> d == duel(2, 3, iterations=6, seed0=5, report=None) | {"times": d["times"]} and 0 <= d["wins"] <= 2
    True
    >>> d["seats"][0] == d["wins"] and sum(d["seats"]) == sum(d["greedy_seats"]) == 2
    True
    >>> len(d["won"]) == d["wins"] and set(d["won"]) <= {5, 6}
    True
    """
    wins = 0
    times: list[float] = []
    todo = [(g, players, iterations, seed0) for g in range(games)]
    pool = None
    seats = [0] * players
    greedy_seats = [0] * players
    won: list[int] = []
    results: Iterable[tuple[bool, list[float], int | None, int | None]] = map(_one_game, todo)
    if jobs > 1:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        results = pool.imap(_one_game, todo)
    try:
        for g, (win, spent, rel, greedy_rel) in enumerate(results):
            wins += win
            if win:
                won.append(seed0 + g)
            times += spent
            if rel is not None:
                seats[rel] += 1
            if greedy_rel is not None:
                greedy_seats[greedy_rel] += 1
            if report and (g + 1) % 20 == 0:
                report(f"  {players} players, {g + 1} games: {wins} won")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return {"games": games, "players": players, "wins": wins, "times": sorted(times), "seats": seats,
            "greedy_seats": greedy_seats, "won": won}


def summary(d: dict[str, Any]) -> str:
    """A duel's figures in a line: the win rate, its 95% interval, an equal share, the moves' CPU times."""
    times, games, wins = d["times"], d["games"], d["wins"]
    low, high = interval(wins, games)

    def at(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] if times else 0.0

    return (f"search bot in one seat against {d['players'] - 1} greedy bots, {games} seeded games: won {wins} "
            f"({wins / games:.0%}, 95% interval {low:.0%}-{high:.0%}; an equal share is {1 / d['players']:.0%}, "
            f"the issue's target 50%); CPU time a move over {len(times)} moves: p50 {at(0.5):.3f} s, p95 "
            f"{at(0.95):.3f} s, max {at(1.0):.3f} s (target under 1 s)" + _by_seat(d))


def _by_seat(d: dict[str, Any]) -> str:
    """Who won the games, by seat counted on from the search bot's, beside the same seeds with a greedy bot there.

    >>> print(_by_seat({"players": 3, "seats": [5, 3, 2], "greedy_seats": [2, 4, 4]})[2:].replace("; ", "\\n"))
    won by the seats 1, 2 places after it: 3, 2
    with a greedy bot in its seat, by that seat and the seats 1, 2 after it: 2, 4, 4
    """
    if "seats" not in d:
        return ""
    places = ", ".join(str(k) for k in range(1, d["players"]))
    return (f"; won by the seats {places} places after it: {', '.join(str(x) for x in d['seats'][1:])}; with a greedy "
            f"bot in its seat, by that seat and the seats {places} after it: "
            f"{', '.join(str(x) for x in d['greedy_seats'])}")


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.games.formula_e [--games N] [--players N ...] [--iterations N] [--seed S] [--jobs N]
    [--list]``: the search bot against greedy bots, by iteration budget (the default bot's), each player count in
    turn (``--list``: and the seeds it won, to pair two runs on the same seeds game by game)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=1, help="games played in this many processes (same results)")
    parser.add_argument("--list", action="store_true", help="also print the seeds the search bot won")
    args = parser.parse_args(argv)
    ok = True
    for players in args.players:
        d = duel(args.games, players, args.iterations, args.seed, jobs=args.jobs)
        print(f"formula-e, {players} players, seeds {args.seed}-{args.seed + args.games - 1}, "
              f"{args.iterations or SearchBot().iterations} iterations a move: {summary(d)}")
        if args.list:
            print(f"won seeds: {' '.join(str(x) for x in d['won'])}")
        ok = ok and d["wins"] >= 0.5 * d["games"] and (not d["times"] or d["times"][-1] < 1.0)
    return 0 if ok else 1
