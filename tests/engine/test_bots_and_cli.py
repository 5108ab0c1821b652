"""Bots, and `python -m tutor` (what `make run` printed before the dashboard)."""

import io

import pytest

from tests.conformance.toy import GAME as TOY
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
    from tutor.games.fire_bulls import arrange

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


class _Watched:
    """A game, counting how often it is asked who decides."""

    def __init__(self, game):
        self.game = game
        self.asked = 0

    def __getattr__(self, name):
        return getattr(self.game, name)

    def current_player(self, state):
        self.asked += 1
        return self.game.current_player(state)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_ask_the_game_who_decides(bot):
    """The toy's state has no current_player field (its seat to move is ``turn``): the bots and
    ``bots.play`` must go through ``game.current_player(state)``, out-of-turn decisions included."""
    assert not hasattr(TOY.new_game(2, 1), "current_player")
    watched = _Watched(TOY)
    final, actions = bots.play(watched, TOY.new_game(3, 5), [bots.get(bot)] * 3)
    assert TOY.is_over(final) and watched.asked == len(actions) + 1
    # the trick's winner decides to draw or stop: a decision that is not "the next seat's turn"
    s = TOY.new_game(3, 5)
    movers = []
    for a in actions:
        movers.append(TOY.current_player(s))
        s = TOY.apply(s, a)
    assert any(m == p for m, p in zip(movers[1:], movers)), "someone decided twice in a row"
    assert bots.play(TOY, TOY.new_game(3, 5), [bots.get(bot)] * 3)[1] == actions


def test_a_game_that_does_not_end_within_its_bound_is_stopped():
    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        bots.play(TOY, TOY.new_game(2, 1), [bots.get("random")] * 2, max_actions=3)
