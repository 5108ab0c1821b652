"""The game in progress without a panel (tutor.table): moves, undo/redo, seats and bots, whose
view, and the JSON that carries a game whole.

The expected positions are the Kamikaze Attack rulebook's (003): each player holds "2 carte con
spada, 2 con scudo, 1 con arco e 1 con teschio"; both choose a card at once and show it when both
have chosen; "Spadaccino: vince contro l'Arciere"; the losing card goes "nel cimitero di chi l'ha
sconfitta" and the winner "torna in mano a chi l'ha giocata".
"""

from __future__ import annotations

import json

import pytest

from tutor import IllegalAction, ScenarioError, games
from tutor.table import SPEEDS, Table

KA = games.get("kamikaze-attack")
FULL_HAND = ["swordsman", "swordsman", "shieldbearer", "shieldbearer", "archer", "kamikaze"]


def _move(table: Table, text: str) -> list:
    return table.play(KA.parse_action(table.state, text))


def _duel() -> Table:
    """Player 1's Swordsman against Player 2's Archer, in hotseat."""
    table = Table(KA, 2, seed=3, seats=["person", "person"])
    _move(table, "play the Swordsman")
    _move(table, "play the Archer")
    return table


def test_two_moves_make_the_rulebook_duel_and_undo_redo_walk_it_exactly():
    table = Table(KA, 2, seed=3, seats=["person", "person"])
    start = table.state
    assert KA.view(start, None)["hands"] == [FULL_HAND, FULL_HAND]
    _move(table, "play the Swordsman")
    first = table.state
    _move(table, "play the Archer")
    view = KA.view(table.state, None)
    # the Archer loses: into the Swordsman's player's graveyard; the Swordsman goes back to its hand
    assert view["graveyards"] == [["archer"], []]
    assert view["hands"] == [FULL_HAND, ["swordsman", "swordsman", "shieldbearer", "shieldbearer", "kamikaze"]]
    after = table.state
    assert table.undo() and table.state is first and table.index == 1
    assert table.undo() and table.state is start and table.index == 0
    assert not table.undo() and table.state is start  # nothing before the start
    assert table.redo() and table.state is first
    assert table.redo() and table.state is after
    assert not table.redo() and not table.can_redo and table.can_undo


def test_a_move_after_an_undo_replaces_the_moves_undone():
    table = _duel()
    table.undo()
    _move(table, "play the Kamikaze")  # Player 2 answers the Swordsman with the Kamikaze instead
    assert len(table.history) == 3 and not table.can_redo
    # the Kamikaze beats all and goes to its own player's graveyard, with the Swordsman it beat and
    # one more card the defender discards at random
    view = KA.view(table.state, None)
    assert view["graveyards"][0] == [] and len(view["graveyards"][1]) == 3
    assert {"swordsman", "kamikaze"} <= set(view["graveyards"][1]) and view["hand_sizes"] == [4, 5]


def test_an_illegal_move_changes_nothing_and_names_its_rule():
    table = _duel()
    before, moves, shown, text = table.state, len(table.history), table.index, table.to_json()
    with pytest.raises(IllegalAction) as exc:
        _move(table, "play the Archer")  # Player 2's Archer lies in Player 1's graveyard now
    assert exc.value.rule == "kamikaze-attack/turn/play" and exc.value.rule in KA.rules
    assert table.state is before and len(table.history) == moves and table.index == shown
    assert table.to_json() == text


def test_to_json_and_back_replays_every_position_and_the_position_shown():
    table = _duel()
    table.undo()  # the second move undone, still there to redo
    again = Table.from_json(table.to_json())
    assert again.game is KA and again.seats == ["person", "person"]
    assert again.index == 1 and len(again.history) == 3
    assert [e.state for e in again.history] == [e.state for e in table.history]
    assert [str(e.action) for e in again.history[1:]] == ["play the Swordsman", "play the Archer"]
    assert again.redo() and KA.view(again.state, None)["graveyards"] == [["archer"], []]
    assert again.to_json() != table.to_json()  # the redo moved the position shown
    table.redo()
    assert again.to_json() == table.to_json()


def test_the_json_carries_the_setup_seats_pace_and_view():
    table = Table(KA, 3, seed=8, seats=["person", "greedy", "random"],
                  options={"decks": ["base", "ora-et-pugna", "base"]}, speed="fast", everything=True)
    data = json.loads(table.to_json())
    assert data["start"] == {"players": 3, "seed": 8, "options": {"decks": ["base", "ora-et-pugna", "base"]}}
    assert data["seats"] == ["person", "greedy", "random"] and data["moves"] == [] and data["at"] == 0
    assert data["pace"] == {"speed": "fast", "paused": False}
    assert data["view"] == {"everything": True, "hand_shown": False}
    again = Table.from_json(table.to_json(), KA)
    assert again.state == table.state and KA.view(again.state, None)["decks"] == ["base", "ora-et-pugna", "base"]
    assert again.speed == "fast" and again.delay == SPEEDS["fast"] and again.everything


def test_a_bot_seat_moves_by_itself_and_the_duel_is_revealed_when_both_chose():
    table = Table(KA, 2, seed=3, seats=["person", "greedy"])
    assert table.human_to_move and not table.bot_to_move and table.bot_move() is None
    _move(table, "play the Swordsman")
    assert table.to_decide == 1 and table.bot_to_move
    events = table.bot_move()
    assert events is not None and "kamikaze-attack/turn/reveal" in [e.rule for e in events]
    table.run_bots()
    assert table.human_to_move or table.to_decide is None


def test_bots_alone_play_a_whole_game_and_undo_pauses_them():
    fire_bulls = games.get("fire-bulls")
    table = Table(fire_bulls, 2, seed=4, seats=["random", "random"])
    moves = table.run_bots()
    assert table.to_decide is None and moves == len(table.history) - 1 > 0
    assert table.bots_running
    assert table.undo() and table.paused and table.index == moves - 1  # one bot move back, the bots paused


@pytest.mark.parametrize("name", games.names())
def test_a_whole_bot_game_replays_exactly_from_its_json(name):
    game = games.get(name)
    table = Table(game, game.max_players, seed=11, seats=["random"] * game.max_players)
    table.run_bots()
    table.undo()
    again = Table.from_json(table.to_json())
    assert again.index == table.index and len(again.history) == len(table.history)
    assert all(a.state == b.state for a, b in zip(again.history, table.history))
    assert again.to_json() == table.to_json()


def test_hotseat_hides_the_hand_of_the_seat_deciding_until_asked_and_again_after_a_secret_choice():
    table = Table(KA, 2, seed=3, seats=["person", "person"])
    assert table.hotseat and table.viewer() == 0 and table.hand_hidden()
    table.hand_shown = True
    assert not table.hand_hidden() and table.views()[0]["hands"][0] == FULL_HAND
    _move(table, "play the Swordsman")  # a card set aside face down: every hand hides again
    assert table.viewer() == 1 and table.hand_hidden() and table.views()[0]["hands"][1] is None
    table.everything = True
    assert table.viewer() is None and not table.hand_hidden()


def test_a_position_loaded_is_the_start_and_travels_in_the_json():
    table = _duel()
    position = KA.to_json(table.state)
    other = Table(KA, 2, seed=1, seats=["person", "greedy"])
    view = other.load(position)
    assert view["graveyards"] == [["archer"], []] and other.index == 0 and other.seats == ["person", "greedy"]
    _move(other, "play the Kamikaze") if other.to_decide == 0 else other.bot_move()
    again = Table.from_json(other.to_json())
    assert [e.state for e in again.history] == [e.state for e in other.history]
    assert json.loads(other.to_json())["start"]["scenario"]["game"] == "kamikaze-attack"


def test_a_bad_position_is_refused_and_the_table_stays_as_it_was():
    table = _duel()
    before, text = table.state, table.to_json()
    with pytest.raises(ScenarioError):
        table.load('{"game": "kamikaze-attack", "hands": 7}')
    assert table.state is before and table.to_json() == text


DUEL = {"game": "kamikaze-attack", "start": {"players": 2, "seed": 3}, "seats": ["person", "person"],
        "moves": ["play the Swordsman", "play the Archer"], "at": 2}


def _with(**changes) -> str:
    data = json.loads(json.dumps(DUEL))
    for key, value in changes.items():
        where, _, name = key.rpartition("__")
        (data[where] if where else data)[name] = value
    return json.dumps(data)


@pytest.mark.parametrize("text, field", [
    ("[" * 10_000, "file"),
    ('"a game"', "file"),
    (_with(game="chess"), "game"),
    (_with(start__players=9), "start.players"),
    (_with(start__seed="seven"), "start.seed"),
    (_with(start__ruleset="house rules"), "start.ruleset"),
    (_with(start__options={"decks": ["base", "dragons"]}), "start.options"),
    (_with(start__options={"__class__": 1}), "start.options"),
    (_with(start__options={"no such option!": 1}), "start.options.no such option!"),
    (_with(start={"seed": 3, "scenario": {"game": "kamikaze-attack", "hands": "all of them"}}), "start.scenario."),
    (_with(start={"players": 2, "seed": 3, "scenario": {}}), "start.players"),
    (_with(seats=["person", "skynet"]), "seats[1]"),
    (_with(seats=["person"]), "seats"),
    (_with(moves=["play the Swordsman", "play the Trebuchet"]), "moves[1]"),
    # Player 2's Archer lies in Player 1's graveyard: whichever of the two decides first is refused it
    (_with(moves=["play the Swordsman", "play the Archer", "play the Archer", "play the Archer"]), "moves["),
    (_with(moves=[42]), "moves[0]"),
    (_with(moves=["x" * 10_000]), "moves[0]"),
    (_with(at=3), "at"),
    (_with(cheat=True), "cheat"),
    (_with(pace={"speed": "warp"}), "pace.speed"),
    (_with(view={"everything": "yes"}), "view.everything"),
])
def test_hostile_json_is_refused_naming_the_field(text, field):
    with pytest.raises(ScenarioError) as exc:
        Table.from_json(text, KA if field != "game" else None)
    assert exc.value.field.startswith(field), exc.value
    assert len(str(exc.value)) < ScenarioError.MAX_CHARS
    assert KA.message(exc.value, "it") and KA.message(exc.value, "fr")


def test_a_table_for_another_game_is_refused_by_name():
    with pytest.raises(ScenarioError) as exc:
        Table.from_json(json.dumps(DUEL), games.get("fire-bulls"))
    assert exc.value.field == "game" and "kamikaze-attack" in str(exc.value)


def test_the_new_field_message_is_worded_in_every_language():
    with pytest.raises(ScenarioError) as exc:
        Table.from_json(_with(cheat=True), KA)
    assert KA.message(exc.value, "it") == "cheat: non è un campo di una partita in corso"
    assert KA.message(exc.value, "fr") == "cheat: n'est pas un champ d'une partie en cours"
