"""``python -m tutor.games.formula_e [--games N] [--players N]``: the search bot against greedy (``make bench``)."""

from .search import main

raise SystemExit(main())
