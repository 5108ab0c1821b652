"""`make bench`: a figure for every registered game and player count, beside OpenSpiel when it is there."""

import pytest

from tests.conformance.toy import GAME as TOY
from tutor import bench, games
from tutor.playout import play_random


def test_bench_measures_through_the_contract():
    rate, ms = bench.playout_rate(TOY, 3, "base", 5, 0)
    assert rate > 0 and ms > 0


def test_a_playout_counts_every_action_to_the_end_and_replays_from_its_seed(monkeypatch):
    """Both benches count with ``play_random``; bench_instr replays the same seeds in a child process."""
    applied, ends = [], []
    apply, who = TOY.apply, TOY.current_player

    def counting_apply(state, action):
        applied.append(action)
        return apply(state, action)

    def noting_who(state):
        player = who(state)
        ends.append(player is None)
        return player

    monkeypatch.setattr(TOY, "apply", counting_apply)
    monkeypatch.setattr(TOY, "current_player", noting_who)
    n = play_random(TOY, 3, "base", 11)
    assert n == len(applied) >= 9  # three players, three cards each: at least nine cards played
    assert ends[-1] and not any(ends[:-1])  # played until the game is over, and no further
    first = list(applied)
    applied.clear()
    assert play_random(TOY, 3, "base", 11) == n and applied == first


@pytest.mark.parametrize("openspiel", [True, False], ids=["with-openspiel", "without-openspiel"])
def test_bench_prints_every_game_and_player_count(openspiel, monkeypatch, capsys):
    if openspiel:
        monkeypatch.setattr(bench, "openspiel_playout", lambda: (lambda n, seed: (1000.0, 1.0)))
    else:
        monkeypatch.setattr(bench, "openspiel_playout", lambda: "ModuleNotFoundError: No module named 'pyspiel'")
    assert bench.main(["--runs", "1", "--games", "1"]) == 0
    out = capsys.readouterr().out
    for name in games.names():
        game = games.get(name)
        for rs in game.info.rulesets:
            for n in game.info.player_counts(rs):
                row = next((line for line in out.splitlines() if line.split()[:3] == [name, rs, str(n)]), None)
                assert row, f"no row for {name} {rs} {n} players"
                ratio = row.split()[-1]
                assert (ratio != "-") == openspiel
    assert ("open-spiel is not installed" in out) != openspiel
    if openspiel:
        assert "block_dominoes" in out
