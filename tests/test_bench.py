"""`make bench`: a figure for every registered game and player count, beside OpenSpiel when it is there."""

import pytest

from tests.conformance.toy import GAME as TOY
from tutor import bench, games


def test_bench_measures_through_the_contract():
    rate, ms = bench.playout_rate(TOY, 3, "base", 5, 0)
    assert rate > 0 and ms > 0


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
