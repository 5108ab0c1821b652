"""``python -m tutor.games.tir_nan_og [--games N]``: the search bot against greedy (``make bench`` runs it)."""

from .duel import main

raise SystemExit(main())
