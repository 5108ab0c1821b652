"""``python -m tutor.games.tir_nan_og``: the search bot against greedy bots in seeded games (``make bench``)."""

from __future__ import annotations

import time
from typing import Any

from tutor.bots import GreedyBot

from .engine import apply
from .game import GAME
from .scoring import winners
from .search import SearchBot


def duel(games: int = 200, players: int = 2, bot: SearchBot | None = None,
         report: Any = print) -> tuple[float, float]:
    """The search bot against greedy bots in ``games`` seeded games (seats alternate): (win rate, slowest move)."""
    wins = 0.0
    slowest = 0.0
    for g in range(games):
        seat = g % players
        search = bot or SearchBot()
        seats: list[Any] = [GreedyBot() for _ in range(players)]
        seats[seat] = search
        s = GAME.new_game(players, g)
        while (p := s.current_player) is not None:
            t = time.perf_counter()
            a = seats[p].choose(GAME, s)
            if p == seat:
                slowest = max(slowest, time.perf_counter() - t)
            s = apply(s, a)
        won = winners(s)
        wins += 1.0 / len(won) if seat in won else 0.0
        if report and (g + 1) % 20 == 0:
            report(f"  {g + 1} games: {wins / (g + 1):.0%}")
    return wins / games, slowest


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.games.tir_nan_og [--games N]``: the search bot's rate against greedy."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    rate, slowest = duel(args.games, args.players)
    print(f"tir-nan-og search bot against greedy, {args.players} players, {args.games} seeded games: "
          f"won {rate:.0%} (target 60%), slowest move {slowest:.2f} s (limit 1 s)")
    return 0 if rate >= 0.6 and slowest < 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
