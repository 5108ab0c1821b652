"""The conformance suite: every registered game keeps the contract of :class:`tutor.core.Game`.

A game gets these tests by being registered in ``tutor/games/__init__.py``.
They also run on the toy game of ``toy.py`` (not registered), which keeps
the contract; ``test_breakage.py`` shows each check failing on a toy that
breaks it.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

from tests.conformance import checks as C
from tests.conformance.toy import GAME as TOY
from tests.rulecov import covers, stale, uncovered
from tutor import games
from tutor.core import Game, IllegalAction

NAMES = games.names() + ["toy"]


def load(name: str) -> Game:
    return C.game_named(name)


@pytest.fixture(params=NAMES, scope="module")
def game(request) -> Game:
    return load(request.param)


@pytest.fixture(scope="module")
def plays(game):
    return C.playouts(game)


def test_registry_lists_each_game_once_with_its_info():
    names = games.names()
    assert len(names) == len(set(names)) >= 2
    for name in names:
        game = load(name)
        info = game.info
        assert info.name == name and game.name == name
        assert 1 <= info.min_players <= info.max_players and info.default_ruleset in info.rulesets
        assert info.decisions and info.max_actions > 0 and set(info.languages) >= {"en", "it", "fr"}
        for rs in info.rulesets:
            assert list(info.player_counts(rs)), f"{name}: ruleset {rs} seats nobody"


def test_random_games_end_within_the_bound(game, plays):
    C.check_games_end(game, plays)


def test_who_decides(game, plays):
    C.check_decisions(game, plays)


def test_legal_actions_are_listed_in_full(game, plays):
    C.check_listing(game, plays)


def test_conserved_at_every_step(game, plays):
    C.check_conserved(game, plays)


def test_apply_never_changes_its_input(game, plays):
    C.check_apply_pure(game, plays)


def test_scenario_files_round_trip_with_stable_bytes(game, plays):
    C.check_round_trip(game, plays)


def test_replay_from_the_seed(game, plays):
    C.check_replay(game, plays)


def test_actions_read_back_from_their_text(game, plays):
    C.check_action_text(game, plays)


def test_refused_actions_name_a_rule_and_change_nothing(game, plays):
    C.check_refusals(game, plays)


def test_views_have_the_common_keys_and_are_json(game, plays):
    C.check_views(game, plays)


def test_hidden_cards_do_not_show_in_a_seat_view(game, plays):
    C.check_hidden(game, plays)


def test_every_word_in_every_language(game, plays):
    C.check_catalog(game, plays, C.check_refusals(game, plays, per_state=15))


_PLURAL_BY_HAND = re.compile(r"\w\(s\)|\w/[ei]\b")  # "card(s)", "carte(s)", "carta/e", "disco/i"


def test_counted_words_agree_with_their_number_and_no_text_is_written_twice(game):
    """"1 card", "3 cards": a text with a count writes ``{n} {n:card|cards}`` (``core.Count``), not "card(s)" or
    "carta/e"; and the catalog file does not hold one English text twice (a second entry silently replaces the
    first, so an edit to one of them is lost)."""
    for english, entry in game.catalog.messages.catalog.items():
        for text in (english, *entry.values()):
            assert not _PLURAL_BY_HAND.search(text), f"{game.name}: {text!r} writes a plural by hand"
    path = Path(inspect.getfile(type(game))).parent / "data" / "messages.json"
    if path.exists():
        keys: list[str] = []

        def pairs(items: list) -> dict:
            keys.extend(k for k, _ in items if " " in k)  # texts, not the file's structural keys
            return dict(items)

        json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=pairs)
        assert not [k for k in set(keys) if keys.count(k) > 1], f"{path.name} holds a text twice"


def test_bad_files_and_texts_are_explained_in_every_language(game, plays):
    C.check_error_words(game, plays)


def test_worked_examples_replay_to_the_rulebook_outcome(game):
    C.check_examples(game)


@pytest.mark.parametrize("name", NAMES)
def test_every_rule_has_a_test(name):
    """Every rule id is named by some test's ``@covers`` mark, anywhere under tests/ (needs only ``rules``)."""
    game = TOY if name == "toy" else games.get(name)
    missing = uncovered(game)
    assert missing == [], f"{name}: rules without a test: {missing}"
    assert stale(game) == [], f"{name}: tests name rules that do not exist: {stale(game)}"


# The toy game's own rule tests (the coverage check above needs them).
@covers("high-card/turn/play", "high-card/action/unknown")
def test_toy_refuses_a_card_not_in_hand_and_junk():
    s = TOY.from_json(TOY.to_json(TOY.new_game(2, 1)))
    hand = set(s.hands[0])
    other = next(c for c in range(1, 10) if c not in hand)
    with pytest.raises(IllegalAction) as info:
        TOY.apply(s, TOY.parse_action(s, f"play {other}"))
    assert info.value.rule == "high-card/turn/play"
    with pytest.raises(IllegalAction) as info:
        TOY.parse_action(s, "play 10")
    assert info.value.rule == "high-card/action/unknown"


@covers("high-card/trick/highest", "high-card/trick/draw", "high-card/end/empty-hand")
def test_toy_highest_card_takes_the_trick_and_may_draw():
    ex = TOY.examples()[0]
    final = ex.final
    assert TOY.scores(final) == [0, 12] and TOY.current_player(final) == 1
    assert [str(a) for a in TOY.legal_actions(final)] == ["draw", "stop"]
    s = final
    while not TOY.is_over(s):
        s = TOY.apply(s, TOY.legal_actions(s)[-1])
    assert any(not h for h in s.hands)
