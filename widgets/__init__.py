"""ipywidgets panels for the rules tutor: thin views over :mod:`tutor`.

Panels render engine states, call the engine and show its errors and rule
citations; no rule is decided here.  The parts:

- ``widgets.page`` (a game's page from its ``PAGE``) and ``widgets.index`` (the landing page):
  what the notebooks import;
- ``widgets.panels``: the shared panels (stepper, shell, rules, quiz, scenarios, presenter ...);
- ``widgets.games``: one module per game, its board and controls and its ``PAGE``;
- ``widgets.server``: the tutor's Voila server; ``widgets.site``: the static-site build;
- ``widgets/static``: the pages' CSS and JavaScript, as files.

Import from the modules themselves; this package module stays light so a notebook pays only
for what it shows.
"""
