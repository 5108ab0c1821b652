"""``python -m tutor.games.formula_e [--games N] [--players N ...] [--seed S] [--jobs N]``: the search bot against
greedy (``make bench``); ``--jobs`` plays the seeded games in that many processes, with the same results."""

from .duel import main

raise SystemExit(main())
