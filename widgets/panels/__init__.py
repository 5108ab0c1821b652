"""The shared panels every game page is built from: the example stepper, the game shell, the rules,
quiz and scenarios tabs, presenter mode, the end-of-game table, links to a place, the shared words
(i18n) and the page style (common).  They import tutor, never a game page or the server."""
