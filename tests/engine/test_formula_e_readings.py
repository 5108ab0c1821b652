"""Formula E (rulebook 002): the rules where an audit found the engine departing from the text, and the
readings the project chose where the text is silent.

Each position is built by hand on a small practice track; each expected value is worked out by hand from the
quoted sentence, never computed by the engine under test.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rulecov import covers
from tutor.core import IllegalAction, ScenarioError
from tutor.games.formula_e import GAME, Allow, Cancel, Discard, Give, Move, Play, PlayPair, RatTo, Take, parse_cell
from tutor.games.formula_e import positions
from tutor.games.formula_e.examples import OPEN, arranged

cell = parse_cell
HAND = ["g2", "g1", "rat", "cow", "snake", "p5"]


def rules_cited(events) -> set[str]:
    return {e.rule.removeprefix("formula-e/") for e in events}


# ------------------------------------------------------------------ the Flying Carpet and the Rat
@covers("formula-e/card/carpet")
def test_a_flying_carpet_cannot_land_on_the_rat():
    # "la casella di atterraggio deve essere libera da pedine": the Rat is a "pedina Topo".  From b1 a carpet
    # with a green 2 lands on b3; with the Rat on b3 the carpet cannot be played, with the Rat in its hole it can.
    hand = ["carpet", "g2", "rat", "cow", "snake", "prayer"]
    on_rat = arranged(OPEN, ["b1", "a1", "c1"], hand, rat="b3")
    assert PlayPair("carpet", "g2") not in GAME.legal_actions(on_rat)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(on_rat, PlayPair("carpet", "g2"))
    assert info.value.rule == "formula-e/card/carpet"
    free = arranged(OPEN, ["b1", "a1", "c1"], hand, rat="a8")
    assert PlayPair("carpet", "g2") in GAME.legal_actions(free)
    s = GAME.apply(GAME.apply(free, PlayPair("carpet", "g2")), Move(("fly",)))
    assert positions(s)["elephants"][0] == "b3"


# ------------------------------------------------------------------ the Snake Charmer
@covers("formula-e/card/snake")
def test_the_snake_charmer_never_gives_the_cobra_to_its_player():
    # "devi dare un disco Cobra ad un altro giocatore"; all four out: "scegli un qualsiasi disco Cobra in gioco
    # (compresi quelli che hai di fronte ...) e dallo ad un giocatore differente".  Player 1 (seat 0) holds one
    # Cobra, player 2 three: player 1's own goes to player 2 or 3, player 2's to player 3 only (not back to
    # player 2, not to player 1 who plays the card).
    hand = ["snake", "rat", "cow", "g1", "prayer", "prayer"]
    s = GAME.apply(arranged(OPEN, ["a1", "b1", "c1"], hand, cobras=(1, 3, 0)), Play("snake"))
    assert set(GAME.legal_actions(s)) == {Give(0, 1), Give(0, 2), Give(1, 2)}
    with pytest.raises(IllegalAction):
        GAME.apply(s, Give(1, 0))
    # fewer than four out: a free Cobra to another player
    s = GAME.apply(arranged(OPEN, ["a1", "b1", "c1"], hand, cobras=(2, 0, 0)), Play("snake"))
    assert set(GAME.legal_actions(s)) == {Give(None, 1), Give(None, 2)}


# ------------------------------------------------------------------ the reshuffle
@covers("formula-e/draw/reshuffle", "formula-e/card/prayer")
def test_the_discards_become_the_deck_the_moment_it_runs_out_and_a_prayer_finds_none():
    # "Quando il mazzo di gioco si esaurisce, mischia tutti gli scarti per andare a formare un nuovo mazzo."
    # Two cards are left in the deck, 52 lie in the discards (72 less 18 in hands and the 2).  Player 1
    # discards two cards and draws the last two: the deck has run out, so the 54 discards become the new deck
    # at once, and player 2's Prayer finds no discard to take.
    others = [["prayer", "g1", "g2", "rat", "cow", "snake"], ["g1", "g2", "rat", "cow", "snake", "monkey"]]
    s = arranged(OPEN, ["a1", "b1", "c1"], HAND, others=others)
    s = replace(s, deck=s.deck[-2:], discard=s.deck[:-2])
    assert len(s.discard) == 52
    s = GAME.apply(s, Discard(("g1", "rat")))
    assert len(s.hands[0]) == 6 and s.discard == () and len(s.deck) == 54
    s = GAME.apply(s, Play("prayer"))
    assert GAME.decision(s) == "prayer" and GAME.legal_actions(s) == [Take("")]


# ------------------------------------------------------------------ the Tiger on a pair
@covers("formula-e/tiger/pair", "formula-e/tiger/cancel")
def test_each_card_of_a_pair_can_be_cancelled_by_its_own_tiger():
    # "la carta Tigre cancella l'effetto di una carta", played "prima che il giocatore attivo cominci a
    # risolvere gli effetti"; a Charge! and its green "vanno risolte contemporaneamente", so neither has begun
    # when one is cancelled (the project's reading).  Player 2 cancels the Charge!; the window goes on for the
    # green 2: player 2 is asked again (one Tiger left), lets it be, then player 3 cancels the green 2 too.
    others = [["tiger", "tiger", "g1", "rat", "cow", "snake"], ["tiger", "g1", "g2", "rat", "cow", "snake"],
              ["g1", "g2", "rat", "cow", "snake", "prayer"]]
    start = arranged(OPEN, ["b2", "a1", "c1", "a2"], ["charge", "g2", "rat", "cow", "snake", "prayer"],
                     cows=("b3",), others=others)
    s = GAME.apply(start, PlayPair("charge", "g2"))
    s, events = GAME.apply_explained(s, Cancel("charge"))
    assert "tiger/pair" in rules_cited(events)
    assert GAME.decision(s) == "tiger" and GAME.current_player(s) == 1
    assert set(GAME.legal_actions(s)) == {Allow(), Cancel("g2")}
    s = GAME.apply(s, Allow())
    assert GAME.decision(s) == "tiger" and GAME.current_player(s) == 2
    assert set(GAME.legal_actions(s)) == {Allow(), Cancel("g2")}
    s = GAME.apply(s, Cancel("g2"))
    assert positions(s)["elephants"][0] == "b2" and positions(s)["cows"] == ["b3"]  # nothing resolved
    assert s.discard.count("tiger") == 2 and "charge" in s.discard and "g2" in s.discard
    assert GAME.rules["formula-e/tiger/pair"].reconstructed


@covers("formula-e/tiger/pair")
def test_a_pair_whose_charge_was_cancelled_still_moves_when_nobody_cancels_the_green():
    others = [["tiger", "g1", "g2", "rat", "cow", "snake"], ["g1", "g2", "rat", "cow", "snake", "prayer"]]
    start = arranged(OPEN, ["b2", "a1", "c1"], ["charge", "g2", "rat", "cow", "snake", "prayer"], cows=("b3",),
                     others=others)
    s = GAME.apply(GAME.apply(start, PlayPair("charge", "g2")), Cancel("charge"))
    assert GAME.decision(s) == "tiger" and set(GAME.legal_actions(s)) == {Allow()}  # no Tiger left: only let it be
    s = GAME.apply(GAME.apply(s, Allow()), Allow())
    # the green 2 alone: the cow on b3 blocks, sideways then forward
    assert GAME.decision(s) == "move" and set(GAME.legal_actions(s)) == {Move(("l", "f")), Move(("r", "f"))}


# ------------------------------------------------------------------ the scared elephant and the bridge
@covers("formula-e/card/rat-scare", "formula-e/board/bridge")
def test_a_scared_elephant_pushes_a_cow_onto_a_bridge_but_not_an_elephant():
    # "Un Elefante non può essere spinto in una Casella Ponte o in una casella Fiume": only elephants.  The Rat
    # (a8 -> b8 -> b7) scares player 2 on b7: back to b6, b5, then b4, pushing the cow from b4 onto the bridge
    # on b3.
    rows = ("SSS", "SSS", ".=.", "...", "...", "...", "...", "o..")
    hand = ["rat", "g1", "g2", "cow", "snake", "prayer"]
    s = arranged(rows, ["c1", "b7", "a1"], hand, cows=("b4",), rat="a8")
    s = GAME.apply(GAME.apply(s, Play("rat")), RatTo(cell("b7")))
    assert positions(s)["elephants"][1] == "b4" and positions(s)["cows"] == ["b3"]
    # an elephant on b4 instead of the cow is not pushed onto the bridge: the scared one stops on b5
    s = arranged(rows, ["c1", "b7", "b4"], hand, cows=("c8",), rat="a8")
    s = GAME.apply(GAME.apply(s, Play("rat")), RatTo(cell("b7")))
    assert positions(s)["elephants"][1:] == ["b5", "b4"]


# ------------------------------------------------------------------ all the points
STRAND = ("SSS", "SSS", "...", "#..", "...", "...", "...", "o..")


@covers("formula-e/move/all-points", "formula-e/move/sideways")
def test_a_move_that_strands_the_elephant_is_refused_when_another_uses_every_point():
    # "Il tuo Elefante, se possibile, deve consumare tutti i punti movimento".  Green 3 from b3, a cow on b4:
    # left to a3 leaves it stuck after one point (a4 is off the board, nothing further left), right to c3 then
    # c4 and c5 uses all three.  Only the second is legal.
    s = arranged(STRAND, ["b3", "a1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"], cows=("b4",))
    s = GAME.apply(s, Play("g3"))
    assert GAME.legal_actions(s) == [Move(("r", "f", "f"))]
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, Move(("l",)))
    assert info.value.rule == "formula-e/move/all-points"


@covers("formula-e/move/all-points")
def test_when_no_move_uses_every_point_the_longest_ones_are_open():
    # the project's reading of "se possibile": as many points as possible.  Green 4 from b3, cows on b4 and c5:
    # left strands on a3 after one point; right goes to c3, forward to c4, then the cow on c5 blocks, b4 holds a
    # cow and there is no lane right of c: stuck after two points, the most any move can use.
    s = arranged(STRAND, ["b3", "a1", "c1"], ["g4", "g1", "rat", "cow", "snake", "prayer"], cows=("b4", "c5"))
    s = GAME.apply(s, Play("g4"))
    assert GAME.legal_actions(s) == [Move(("r", "f"))]
    assert GAME.rules["formula-e/move/all-points"].reconstructed


# ------------------------------------------------------------------ the readings marked
READINGS = [  # (rule, a word its note must carry: the reading it rests on)
    ("formula-e/turn/discard-any", "zero"),  # no passing: a discard of no card is refused while cards are held
    ("formula-e/card/rat", "puoi"),  # the Rat must be moved, though the text says "puoi"
    ("formula-e/card/rat", "cow"),  # the Rat does not stop on a cow
    ("formula-e/card/monkey", "puoi"),  # the steal is compulsory
    ("formula-e/card/prayer", "puoi"),  # the take is compulsory
    ("formula-e/turn/pair-order", "purple"),  # a Charge!/Carpet/Mango pair only with a green card
    ("formula-e/card/mango", "oppure"),  # forward and diagonal steps mixed in one move
    ("formula-e/card/carpet", "gap"),  # the carpet flies over spaces off the board in its lane
    ("formula-e/card/rat-scare", "not counted"),  # a scared elephant's sideways steps
    ("formula-e/card/rat-scare", "any"),  # triggered by any blocked step back
    ("formula-e/card/rat-scare", "nearest hole"),
    ("formula-e/track/map", "start grid"),  # the straight-line lap: the back of the start grid ends each lane
    ("formula-e/move/sideways", "side"),  # the one-side sideways run
]


@pytest.mark.parametrize("rule, word", READINGS)
def test_every_reading_the_project_chose_is_marked_reconstructed_with_its_reason(rule, word):
    r = GAME.rules[rule]
    assert r.reconstructed and word in r.note.lower(), (rule, r.note)


def test_no_passing_a_discard_of_no_card_is_refused_while_cards_are_held_and_said_to_be_a_reading():
    s = arranged(OPEN, ["a1", "b1", "c1"], HAND)
    assert Discard(()) not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, Discard(()))
    assert GAME.rules["formula-e/turn/discard-any"].reconstructed


# ------------------------------------------------------------------ the narration names the rule that moved
@covers("formula-e/move/sideways", "formula-e/move/cow-obstacle")
def test_a_sideways_step_round_a_cow_cites_the_sideways_and_the_cow_rules():
    s = arranged(OPEN, ["b2", "a1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"], cows=("b4",))
    _, events = GAME.apply_explained(GAME.apply(s, Play("g3")), Move(("f", "l", "f")))
    assert {"move/sideways", "move/cow-obstacle"} <= rules_cited(events)
    assert "board/bridge" not in rules_cited(events)
    # the same green 3 with no cow: a straight run cites only the points
    s = arranged(OPEN, ["b2", "a1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"])
    _, events = GAME.apply_explained(GAME.apply(s, Play("g3")), Move(("f", "f", "f")))
    assert rules_cited(events) == {"move/points"}


@covers("formula-e/board/bridge", "formula-e/move/no-cross")
def test_a_stop_before_an_elephant_held_by_a_bridge_cites_the_bridge_and_no_crossing():
    rows = ("SSS", "SSS", "...", "...", "#=.", "#=.", "...", "o..")
    s = arranged(rows, ["b2", "b4", "c1"], ["g2", "g1", "rat", "cow", "snake", "prayer"])
    _, events = GAME.apply_explained(GAME.apply(s, Play("g2")), Move(("f", "l")))
    assert {"board/bridge", "move/no-cross", "move/sideways"} <= rules_cited(events)
    assert "move/cow-obstacle" not in rules_cited(events)


@covers("formula-e/tiger/pair")
def test_a_file_whose_pair_lost_its_green_is_refused():
    # a position read from a file: the green 2 of the pair already cancelled, the window still open. No turn
    # reaches it (a cancelled movement card leaves the yellow card nothing to act on: the window closes), so
    # the file is refused by its field, and a Tiger on the Charge! can never move the elephant with the green
    import json

    others = [["tiger", "tiger", "g1", "rat", "cow", "snake"], ["tiger", "g1", "g2", "rat", "cow", "snake"],
              ["g1", "g2", "rat", "cow", "snake", "prayer"]]
    start = arranged(OPEN, ["b2", "a1", "c1", "a2"], ["charge", "g2", "rat", "cow", "snake", "prayer"],
                     cows=("b3",), others=others)
    data = json.loads(GAME.to_json(GAME.apply(start, PlayPair("charge", "g2"))))
    data["cancelled"] = "g2"
    with pytest.raises(ScenarioError) as info:
        GAME.from_json(json.dumps(data))
    assert info.value.field == "cancelled"
