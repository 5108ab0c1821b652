"""The conformance suite: what every registered game is held to.

A game gets it by being listed in ``tutor/games/__init__.py``.  It must:

- subclass :class:`tutor.core.Game` and declare ``info`` (a ``GameInfo``):
  every ``decision`` kind in ``info.decisions``, a ``max_actions`` no random
  game exceeds, and ``ruleset_players`` for a ruleset that seats fewer
  players than the game (each ruleset is played with each of its counts);
- keep ``current_player`` None exactly when the game is over, with
  ``decision`` "" then and ``legal_actions`` empty, and at least one legal
  action while it runs;
- count in ``conserved`` what never appears or vanishes (the same at every step);
- write scenario files with ``"game"`` and ``"format": FORMAT``, read them back
  equal with the same bytes (``str`` or ``bytes``), and refuse any other input
  with ``ScenarioError`` naming the field, under 300 characters, within a second;
  a file it accepts is playable (every legal action applies);
- replay exactly from ``new_game(players, seed, ruleset)`` and the actions;
- never change the state ``apply`` is given; refuse every value that is not
  one of ``legal_actions`` (compared with types: ``True`` is not ``1``, a list
  is not a tuple) with ``IllegalAction`` naming a rule in ``rules``;
- read ``str(a)`` back with ``parse_action`` (ActionParseError for any other
  text), with ``action_text(a, "en") == str(a)`` and words in it and fr;
- give views (``None``: the teacher) of plain JSON data with the common keys
  (``game, player, players, current_player, decision, scores, over, ruleset,
  hands, hand_sizes``), every hand visible to the teacher and a seat's own hand
  to that seat; ``view(resample_hidden(s, p, rng), p) == view(s, p)``, and with
  hidden information ``resample_hidden`` must change something;
- have every catalog template in it and fr with the same placeholders, a
  template in the catalog for every event and refusal, and a name for every
  decision kind in en, it and fr;
- have worked examples whose steps replay through ``apply`` (refused steps by
  the named rule) and whose ``expected`` pairs hold (``Game.verify_example``:
  by default each key read from the teacher view of the final position);
- have a test marked ``@covers(rule_id)`` (``tests/rulecov.py``) for every rule,
  and no mark naming a rule that does not exist.

``checks.py`` holds the checks, ``test_conformance.py`` runs them,
``test_breakage.py`` shows each failing on a broken toy game (``toy.py``),
``fuzz.py`` and ``test_fuzz.py`` feed bad input.
"""
