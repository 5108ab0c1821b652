"""`make bench`: a figure for every registered game and player count, beside OpenSpiel when it is there."""

import pytest

from tests.conformance.toy import GAME as TOY
from benchmarks import engine as bench
from tutor import games
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


def test_every_row_plays_its_own_games_after_an_untimed_warm_up(monkeypatch, capsys):
    """Kamikaze's base and expansion 2-player rows deal the same decks: with shared seeds the second
    row replayed the first one's games (memos filled) and looked 1.5x faster.  No row may replay another's."""
    timed: dict[tuple, list[int]] = {}
    warm: list[tuple] = []

    def recording_rate(game, players, ruleset, n_games, seed0):
        timed.setdefault((game.name, ruleset, players), []).extend(range(seed0, seed0 + n_games))
        return 1.0, 1.0

    def recording_play(game, players, ruleset, seed):
        warm.append((game.name, ruleset, players))
        return 1

    monkeypatch.setattr(bench, "playout_rate", recording_rate)
    monkeypatch.setattr(bench, "play_random", recording_play)
    peer_seeds: list[int] = []
    monkeypatch.setattr(bench, "openspiel_playout",
                        lambda: (lambda n, seed0: (peer_seeds.extend(range(seed0, seed0 + n)), (1.0, 1.0))[1]))
    assert bench.main(["--runs", "3", "--games", "4", "--game", "kamikaze-attack"]) == 0
    capsys.readouterr()
    assert set(warm) == set(timed) and len(warm) == len(timed) == 5  # one warm-up game a row, before timing
    assert peer_seeds[0] == bench.WARM_UP  # the peer's warm-up: one game, then 3 runs of 4
    seen = peer_seeds[1:]
    for seeds in timed.values():
        assert len(seeds) == 12
        seen += seeds
    assert len(seen) == len(set(seen)) == 6 * 12  # peer and five rows: no game played twice
    assert bench.WARM_UP not in seen  # the warm-up game is not timed


def test_cpu_option_times_with_the_process_cpu_clock(monkeypatch, capsys):
    import time

    monkeypatch.setattr(bench, "openspiel_playout", lambda: "ModuleNotFoundError: No module named 'pyspiel'")
    assert bench.main(["--runs", "1", "--games", "1", "--game", "kamikaze-attack", "--cpu"]) == 0
    assert bench.CLOCK[0] is time.process_time and "CPU time" in capsys.readouterr().out
    assert bench.main(["--runs", "1", "--games", "1", "--game", "kamikaze-attack"]) == 0
    assert bench.CLOCK[0] is time.perf_counter and "wall clock" in capsys.readouterr().out
