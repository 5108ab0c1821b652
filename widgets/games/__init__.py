"""One module per game: its board, move controls and end table, and ``PAGE = PageSpec(...)``, the
page the registry (tutor.games) names for the game.  A game page imports the panels, never another game."""
