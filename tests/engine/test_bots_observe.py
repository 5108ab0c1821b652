"""Bots are told every action of the game they sit at (tutor.bots.tell): by bots.play and by the shell, each seat's
bot one object for the whole game, told each move in order, its own and the others'."""

from __future__ import annotations

from tutor import bots, games
from widgets.page import page


class Watcher:
    """A greedy player that writes down what it is told."""

    name = "watcher"

    def __init__(self) -> None:
        self.seen: list = []

    def choose(self, game, state):
        return bots.GreedyBot().choose(game, state)

    def observe(self, game, before, action, after):
        self.seen.append((before, action, after))


def test_play_tells_each_bot_every_action_once_even_one_in_two_seats():
    g = games.get("fire-bulls")
    w = Watcher()
    final, actions = bots.play(g, g.new_game(3, seed=4), [w, bots.GreedyBot(), w])
    assert [a for _, a, _ in w.seen] == actions
    assert w.seen[-1][2] == final
    assert all(w.seen[i][2] == w.seen[i + 1][0] for i in range(len(w.seen) - 1))  # one position to the next


def test_the_shell_keeps_one_bot_a_seat_and_tells_it_every_move(monkeypatch):
    made: list[Watcher] = []

    def factory() -> Watcher:
        made.append(Watcher())
        return made[-1]

    monkeypatch.setitem(bots._BOTS, "watcher", (factory, None))
    shell = page("fire-bulls").game
    shell.new_game(["watcher", "watcher"])  # no event loop here: the bots play to the end
    assert shell.game.current_player(shell.state) is None and len(made) == 2
    moves = [e.action for e in shell.history[1:]]
    for w in made:
        assert [a for _, a, _ in w.seen] == moves
        assert w.seen[-1][2] == shell.state
    shell.new_game(["watcher", "watcher"])
    assert len(made) == 4  # a new game, new bots


def test_a_bot_that_fails_to_observe_does_not_stop_the_game_and_is_logged(monkeypatch, caplog):
    class Broken(Watcher):
        def observe(self, game, before, action, after):
            raise RuntimeError("lost its notes")

    monkeypatch.setitem(bots._BOTS, "broken", (Broken, None))
    shell = page("fire-bulls").game
    with caplog.at_level("ERROR", logger="widgets.panels.shell"):
        shell.new_game(["broken", "broken"])
    assert shell.game.current_player(shell.state) is None  # the bots still played to the end
    assert any("could not be told" in r.getMessage() and r.exc_info for r in caplog.records)
