"""Bots, and `python -m tutor` (what `make run` printed before the dashboard)."""

import io

import pytest

from tutor import bots, games
from tutor.__main__ import main, play_bots, walk_example

G = games.get("fire-bulls")


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_legal_actions_to_the_end(bot):
    state = G.new_game(3, 8, "fr")
    final, actions = bots.play(G, state, [bots.get(bot)] * 3)
    assert G.is_over(final)
    s = state
    for a in actions:
        assert a in G.legal_actions(s)
        s = G.apply(s, a)
    assert s == final


def test_bot_games_replay_from_the_seed():
    seats = [bots.get("greedy"), bots.get("random")]
    a = bots.play(G, G.new_game(2, 99), seats)[1]
    b = bots.play(G, G.new_game(2, 99), seats)[1]
    assert a == b


def test_greedy_takes_the_most_points_now():
    from tutor.games.fire_bulls import Action, arrange

    s = arrange(2, pawns=(3, 1), rows={"H": "soldier:red", "G": "bo"},
                hands={0: ["red", "green", "yellow", "blue", "brown"]})
    choice = bots.get("greedy").choose(G, s)
    assert choice.kind == "attack" and choice.card == "bo"
    assert bots.get("random").choose(G, s) in G.legal_actions(s)
    with pytest.raises(KeyError):
        bots.get("oracle")


def test_greedy_beats_random_more_often_than_not():
    wins = 0
    for seed in range(20):
        final, _ = bots.play(G, G.new_game(2, seed), [bots.get("greedy"), bots.get("random")])
        wins += 0 in G.winners(final)
    assert wins >= 12


def test_terminal_walk_prints_the_scoring_example_and_a_bot_game():
    out = io.StringIO()
    walk_example(G, out=out)
    scores = play_bots(G, 2026, "it", out=out)
    text = out.getvalue()
    assert "20 + 3 = 23" in text and "«" in text
    assert "Final scores" in text and len(scores) == 3
    assert main(["--quiet", "--seed", "3"]) == 0


def test_a_game_specific_bot_is_offered_only_for_its_game():
    games.get("kamikaze-attack")  # registers the exact coach
    assert "coach" in bots.names("kamikaze-attack")
    assert "coach" not in bots.names("fire-bulls")
    assert {"random", "greedy"} <= set(bots.names("fire-bulls"))
