"""ipywidgets panels for the rules tutor: thin views over :mod:`tutor`.

Panels render engine states, call the engine and show its errors and rule
citations; no rule is decided here.  Import the panels from their modules
(``widgets.stepper``, ``widgets.rules``, ``widgets.game``, ``widgets.fire_bulls``);
this package module stays light so a notebook pays only for what it shows.
"""
