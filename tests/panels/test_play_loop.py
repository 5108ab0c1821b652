"""The play loop on the Play tab: new deals, replaying one, the rulebook of the page's language,
and the end of a game in one sentence with what to do next (no browser)."""

from __future__ import annotations

import pytest

from tutor import games
from widgets.panels.common import esc
from widgets.page import page, spec


def _shell(name="fire-bulls", lang="en"):
    p = spec(name).make_page()
    p.language.lang = lang
    return p.game


def test_new_game_deals_a_new_game_each_time_and_replay_keeps_the_deal():
    shell = _shell()
    first = shell.state
    assert shell.table.start.seed == shell.seed.value == 1
    shell.new_button.click()  # nothing played yet: the deal shown is the new one
    assert shell.table.start.seed == 1 and shell.state == first
    shell.play(shell.game.legal_actions(shell.state)[0])
    shell.new_button.click()  # a game was played: a new deal, its seed shown
    assert shell.seed.value == 2 and shell.table.start.seed == 2 and shell.state != first
    shell.play(shell.game.legal_actions(shell.state)[0])
    shell.replay_button.click()  # the same deal from its start
    assert shell.table.start.seed == 2 and len(shell.table.history) == 1
    shell.seed.value = 1  # a seed typed by hand is dealt as it is
    shell.new_button.click()
    assert shell.table.start.seed == 1 and shell.state == first


@pytest.mark.parametrize("lang, ruleset", [("fr", "fr"), ("it", "it"), ("en", None)])
def test_the_play_tab_follows_the_pages_rulebook(lang, ruleset):
    p = page("fire-bulls", query=f"lang={lang}")
    shell = p.game
    want = ruleset or games.get("fire-bulls").default_ruleset
    assert shell.ruleset.value == want and shell.table.start.ruleset == want


@pytest.mark.parametrize("name", games.names())
def test_the_end_of_a_game_says_who_won_how_and_by_what_rule(name):
    shell = _shell(name, "fr")
    game = shell.game
    n = game.info.min_players
    shell.players.value = n
    shell.new_game(seats=["greedy"] * n)
    shell.table.run_bots(20_000)
    shell.refresh()
    assert shell.to_decide is None
    sentence, rule = shell.table.result("fr")
    winners = game.winners(shell.state)
    assert rule in game.rules and game.rules[rule].wording("fr")[0] in sentence
    assert all(f"Joueur {w + 1}" in sentence for w in winners)
    assert shell.end_box.layout.display is None and esc(sentence) in shell.result.value
    assert shell.again_button.description == "Rejouer"
    # a rematch: the same deal, each player one seat on (here bots: they play it out again at once)
    shell.seat_boxes[0].value = "random"
    shell.new_game(seats=["random"] + ["greedy"] * (n - 1))
    shell.table.run_bots(20_000)
    seed, before = shell.table.start.seed, list(shell.seats[:n])
    shell.rematch_button.click()
    assert shell.seats[:n] == before[-1:] + before[:-1] and shell.table.start.seed == seed


def test_play_again_deals_a_new_game():
    shell = _shell("kamikaze-attack")
    shell.new_game(seats=["greedy", "greedy"])
    shell.table.run_bots(20_000)
    shell.refresh()
    seed = shell.table.start.seed
    shell.again_button.click()
    assert shell.table.start.seed == seed + 1 and shell.seed.value == seed + 1  # a new deal, its seed shown
