"""Formula E's traces and previews: the path each piece takes, carried by the events, for the board to draw.

Expected paths are worked out by hand from the rulebook (002) on the small
practice tracks of the examples, never computed by the engine under test:
the Rat runs never diagonally and stops on the elephant it enters, which runs
back three spaces (sideways first when its lane ends behind it), then the Rat
goes to the nearest hole; moving forward pushes the whole line ahead; a
Tiger played out of turn cancels the active player's card.
"""

from __future__ import annotations

from tutor.core import Game
from tutor.games.formula_e import GAME, Allow, Cancel, CowStep, Move, Play, RatTo, StopCows, parse_cell
from tutor.games.formula_e.examples import OPEN, arranged

RAT_ROWS = ("SSS", "SSS", "#..", "...", "o..", "...", "...", "..o")


def _paths(trace: dict | None) -> dict:
    assert trace is not None
    return {(p["piece"], p["player"]): p["cells"] for p in trace["paths"]}


def test_the_rat_scare_is_traced_cell_by_cell():
    # the rulebook's case: "if the whole backward move is blocked by the end of a lane" -- sideways first
    s = arranged(RAT_ROWS, ["c2", "a4", "c1"], ["rat", "g1", "g2", "cow", "snake", "prayer"], rat="a5")
    s = GAME.apply(s, Play("rat"))
    after, events = GAME.apply_explained(s, RatTo(parse_cell("a4")))
    paths = _paths(GAME.trace(events))
    # the Rat: out of its hole on a5, onto the elephant on a4, then to the nearest hole (a5 again)
    assert paths[("rat", None)] == ["a5", "a4", "a5"]
    # player 2's elephant: no space behind a4 (the lane ends), so b4, then back three: b3, b2, b1
    assert paths[("elephant", 1)] == ["a4", "b4", "b3", "b2", "b1"]
    assert set(paths) == {("rat", None), ("elephant", 1)}  # nobody else moved


def test_a_rat_run_goes_around_an_elephant_never_diagonally():
    # the Rat on a5 runs to c6: a5 -> a6 -> b6 -> c6 is three moves (no diagonals); no elephant on the way
    s = arranged(RAT_ROWS, ["c2", "b2", "c1"], ["rat", "g1", "g2", "cow", "snake", "prayer"], rat="a5")
    s = GAME.apply(s, Play("rat"))
    preview = GAME.preview(s, RatTo(parse_cell("c6")))
    assert preview is not None and preview["rat"] == "c6"
    cells = _paths(preview["trace"])[("rat", None)]
    assert cells[0] == "a5" and cells[-1] == "c6" and len(cells) == 4
    for a, b in zip(cells, cells[1:]):  # one lane or one row at a time
        assert abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def test_a_push_traces_the_mover_and_every_pushed_elephant():
    s = GAME.apply(arranged(OPEN, ["b1", "b2", "b3"], ["g2", "g1", "rat", "cow", "snake", "prayer"]), Play("g2"))
    preview = GAME.preview(s, Move(("f", "f")))
    assert preview is not None
    assert preview["elephants"] == ["b3", "b4", "b5"]  # where each piece will end up, before it is confirmed
    assert _paths(preview["trace"]) == {("elephant", 0): ["b1", "b2", "b3"], ("elephant", 1): ["b2", "b3", "b4"],
                                        ("elephant", 2): ["b3", "b4", "b5"]}


def test_a_cow_step_is_traced_and_stopping_is_not_previewed():
    s = GAME.apply(arranged(OPEN, ["a1", "b1", "c1"], ["cow", "g1", "g2", "rat", "snake", "prayer"], cows=("b4",)),
                   Play("cow"))
    _, events = GAME.apply_explained(s, CowStep(parse_cell("b4"), "back"))
    assert _paths(GAME.trace(events)) == {("cow", None): ["b4", "b3"]}
    assert GAME.preview(s, StopCows()) is None


def test_the_tiger_cancel_names_the_card_its_owner_and_the_tiger():
    three = [["g1", "g2", "rat", "cow", "snake", "prayer"], ["tiger", "g1", "g2", "rat", "cow", "snake"]]
    s = arranged(OPEN, ["a1", "b1", "c1"], ["monkey", "rat", "cow", "snake", "prayer", "prayer"], others=three)
    s = GAME.apply(GAME.apply(s, Play("monkey")), Allow())
    assert GAME.preview(s, Cancel("monkey")) is None  # a Tiger is played at once, never previewed
    _, events = GAME.apply_explained(s, Cancel("monkey"))
    trace = GAME.trace(events)
    assert trace is not None and trace["paths"] == []
    assert trace["cancelled"] == [{"card": "monkey", "owner": 0, "by": 2}]


def test_nothing_to_trace_and_the_contract_default():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g1", "g2", "rat", "cow", "snake", "prayer"])
    _, events = GAME.apply_explained(s, Play("g1"))
    assert GAME.trace(events) is None
    assert Game.preview(GAME, s, Play("g1")) is None and Game.trace(GAME, events) is None
