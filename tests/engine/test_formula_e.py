"""Formula E (rulebook 002): a test per rule, the worked examples, properties over 3-6 players,
and the conformance checks run directly on the game (it is not in the registry yet).

Expected values come from the rulebook's text (positions worked out by hand on
the small practice tracks of the examples), never from the engine under test.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conformance import checks as C
from tests.rulecov import covers
from tutor.core import ActionParseError, IllegalAction, ScenarioError
from tutor.games.formula_e import (GAME, TRACKS, Allow, Cancel, Discard, EndTurn, Give, Move, Place, Play,
                                   PlayPair, RatTo, Steal, Take, parse, parse_cell, positions, progress)
from tutor.games.formula_e.cards import COUNTS, DECK_SIZE
from tutor.games.formula_e.examples import OPEN, arranged
from tutor.games.formula_e.track import track_for

EXAMPLES = {e.id: e for e in GAME.examples()}
cell = parse_cell


def example_final(example_id: str):
    ex = EXAMPLES[example_id]
    assert GAME.verify_example(ex) == []
    return ex


def placed(players: int = 4, seed: int = 3):
    """A new race with every elephant placed on the first free start space."""
    s = GAME.new_game(players, seed)
    while GAME.decision(s) == "place":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def random_game(players: int, seed: int, limit: int = GAME.info.max_actions):
    rng = random.Random(seed)
    s = GAME.new_game(players, seed)
    states, actions = [s], []
    while not GAME.is_over(s) and len(actions) < limit:
        a = rng.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        states.append(s)
        actions.append(a)
    return states, actions


# ------------------------------------------------------------------ the board and the deck
@covers("formula-e/track/map")
def test_two_reconstructed_tracks_with_every_feature_and_the_right_side_per_player_count():
    assert track_for(3) is track_for(4) is TRACKS["small"]
    assert track_for(5) is track_for(6) is TRACKS["large"]
    for t in TRACKS.values():
        assert t.problem() is None and len(t.start) == 6
        text = "".join(t.rows)
        for feature in "CB=~o":
            assert feature in text, (t.name, feature)
    assert GAME.rules["formula-e/track/map"].reconstructed


@pytest.mark.parametrize("rows, field_word", [
    (["SSS", "SSS", "###", "...", "o.."], "cannot be reached"),
    (["SSS", "SS", "...", "o.."], "same width"),
    (["SSS", "SSS", "..X", "o.."], "legend"),
    (["SSS", "SSS", "...", "..."], "rat hole"),
])
@covers("formula-e/track/map")
def test_a_scenario_may_carry_its_own_track_and_a_bad_one_is_named(rows, field_word):
    data = json.loads(GAME.to_json(arranged(OPEN, ["a1", "b1", "c1"], ["g1"] * 6)))
    data["track"] = {"name": "mine", "rows": rows}
    with pytest.raises(ScenarioError) as info:
        GAME.from_json(json.dumps(data))
    assert info.value.field == "track.rows" and field_word in str(info.value) and len(str(info.value)) < 300
    assert GAME.message(info.value, "it") != GAME.message(info.value, "en")  # explained in Italian too


@covers("formula-e/track/map")
def test_overlapping_pieces_and_unknown_cells_are_refused():
    data = json.loads(GAME.to_json(arranged(OPEN, ["a1", "b1", "c1"], ["g1"] * 6, cows=("b4",))))
    data["cows"] = ["a1"]
    with pytest.raises(ScenarioError) as info:
        GAME.from_json(json.dumps(data))
    assert "two pieces" in str(info.value)
    data["cows"] = ["z9"]
    with pytest.raises(ScenarioError) as info:
        GAME.from_json(json.dumps(data))
    assert info.value.field == "cows[0]"


@covers("formula-e/deck/manifest")
def test_the_deck_holds_72_cards_green_purple_and_yellow():
    assert DECK_SIZE == 72 and sum(COUNTS.values()) == 72
    s = GAME.new_game(3, 1)
    assert GAME.conserved(s)["cards"] == 72
    assert GAME.rules["formula-e/deck/manifest"].reconstructed
    for yellow in ("charge", "carpet", "mango", "rat", "cow", "monkey", "prayer", "snake", "tiger"):
        assert COUNTS[yellow] > 0


# ------------------------------------------------------------------ setup
@covers("formula-e/setup/pieces")
def test_cows_on_their_spaces_and_the_rat_in_the_first_hole_past_the_start():
    s = GAME.new_game(4, 2)
    assert positions(s)["cows"] == ["b5", "a8", "c9", "b15", "a19"]  # the C spaces of the small map
    assert positions(s)["rat"] == "b3"  # row 3 holds the first hole past the start grid


@covers("formula-e/setup/place-order", "formula-e/setup/first-player")
def test_elephants_are_placed_counter_clockwise_from_the_last_player_the_first_player_last():
    for seed in range(6):
        s = GAME.new_game(5, seed)
        first = s.first
        order = []
        while GAME.decision(s) == "place":
            order.append(GAME.current_player(s))
            s = GAME.apply(s, GAME.legal_actions(s)[-1])
        assert order == [(first - k) % 5 for k in range(1, 6)]
        assert GAME.current_player(s) == first and GAME.decision(s) == "turn"
        s = GAME.apply(s, next(a for a in GAME.legal_actions(s) if isinstance(a, Discard)))
        while GAME.decision(s) == "discard":
            s = GAME.apply(s, GAME.legal_actions(s)[0])
        assert GAME.current_player(s) == (first + 1) % 5  # clockwise
    assert len({GAME.new_game(4, seed).first for seed in range(20)}) > 1  # drawn at random


@covers("formula-e/setup/place-order")
def test_a_taken_start_space_is_refused():
    s = GAME.new_game(3, 0)
    s = GAME.apply(s, Place(cell("a1")))
    assert Place(cell("a1")) not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, Place(cell("a1")))
    assert info.value.rule == "formula-e/setup/place-order"


@covers("formula-e/setup/deal")
def test_six_cards_each_the_rest_is_the_deck():
    for n in (3, 6):
        s = GAME.new_game(n, 9)
        assert s.hand_sizes() == [6] * n and len(s.deck) == 72 - 6 * n


# ------------------------------------------------------------------ the turn
@covers("formula-e/turn/choice")
def test_the_three_kinds_of_turn_and_what_goes_with_what():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["p5", "g2", "charge", "carpet", "rat", "tiger"])
    legal = GAME.legal_actions(s)
    assert Play("p5") in legal and Play("g2") in legal and Play("rat") in legal and Play("tiger") in legal
    assert Play("charge") not in legal and Play("carpet") not in legal  # only with a green
    assert PlayPair("charge", "g2") in legal and PlayPair("charge", "p5") not in legal  # purple alone
    assert Discard(("g2", "p5", "rat")) in legal
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, Play("g4"))
    assert info.value.rule == "formula-e/turn/choice" and "does not hold" in str(info.value)


@covers("formula-e/turn/pair-order")
def test_a_green_then_a_yellow_the_first_resolving_before_the_second():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g2", "g1", "rat", "cow", "snake", "p5"])
    s = GAME.apply(GAME.apply(s, Play("g2")), Move(("f", "f")))
    assert positions(s)["elephants"][0] == "a3"  # the move is done before the second card
    legal = GAME.legal_actions(s)
    assert GAME.decision(s) == "second" and EndTurn() in legal and Play("rat") in legal
    assert Play("g1") not in legal and Play("p5") not in legal  # one green a turn, purple alone
    s = arranged(OPEN, ["a1", "b1", "c1"], ["p5", "g1", "rat", "cow", "snake", "prayer"])
    s = GAME.apply(GAME.apply(s, Play("p5")), Move(("f",) * 5))
    assert GAME.current_player(s) == 1  # a purple card is the whole turn


@covers("formula-e/turn/discard-any", "formula-e/draw/up-to-six")
def test_discarding_any_number_is_a_turn_then_draw_back_to_six():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g2", "g1", "rat", "cow", "snake", "p5"])
    s = GAME.apply(s, Discard(("g1", "rat", "cow")))
    assert s.hands[0].__len__() == 6 and len(s.discard) == 3 and GAME.current_player(s) == 1


@covers("formula-e/turn/discard-any")
def test_every_discard_of_a_hand_is_listed_once_and_each_is_played():
    # "discard any number of cards": green 1 twice, green 2, Rat twice and a Tiger can be discarded in
    # 3 x 2 x 3 x 2 - 1 = 35 ways (none of each kind up to all of them, but not nothing), beside 4 single plays
    s = arranged(OPEN, ["a1", "b1", "c1"], ["rat", "g1", "tiger", "g2", "rat", "g1"])
    legal = GAME.legal_actions(s)
    discards = [a for a in legal if isinstance(a, Discard)]
    assert len(legal) == 39 and len(discards) == 35 and len(set(discards)) == 35
    assert legal[4:] == discards  # (the plays first, then the discards, listed lazily but in full)
    assert Discard(("g1", "g1", "g2", "rat", "rat", "tiger")) in legal and Discard(("rat", "rat")) in legal
    assert Discard(("g1", "g1", "g1")) not in legal and Discard(("rat", "g1")) not in legal  # not held / unsorted
    for a in discards:
        after = GAME.apply(s, a)
        assert len(after.hands[0]) == 6 and after.discard[-len(a.cards):] == a.cards and GAME.current_player(after) == 1


@covers("formula-e/draw/up-to-six")
def test_no_draw_at_six_or_more():
    ex = example_final("banana")
    assert GAME.view(ex.final, None)["hand_sizes"][0] == 8


@covers("formula-e/draw/cobra")
def test_one_discard_per_cobra_when_drawing():
    ex = example_final("cobra-draw")
    kinds = [GAME.decision(step.after) for step in ex.steps]
    assert "discard" in kinds
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g2", "g1", "rat", "cow", "snake", "p5"], cobras=(2, 0, 0))
    s = GAME.apply(s, Discard(("g1",)))
    assert GAME.decision(s) == "discard" and GAME.current_player(s) == 0 and s.owed == 2
    for _ in range(2):
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert len(s.hands[0]) == 4 and GAME.current_player(s) == 1


@covers("formula-e/draw/reshuffle")
def test_the_discards_become_the_deck_when_it_runs_out():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g2", "g1", "rat", "cow", "snake", "p5"])
    s = replace(s, deck=s.deck[:1], discard=s.discard + s.deck[1:])
    before = GAME.conserved(s)
    s = GAME.apply(s, Discard(("g1", "rat")))
    assert len(s.hands[0]) == 6 and GAME.conserved(s) == before
    assert s.discard == () and len(s.deck) == 72 - 18  # 18 in hands: the rest is the new deck


# ------------------------------------------------------------------ the Tiger
@covers("formula-e/tiger/window")
def test_the_tiger_window_asks_every_other_player_in_turn_order():
    others = [["g1", "g2", "rat", "cow", "snake", "prayer"], ["tiger", "g1", "g2", "rat", "cow", "snake"],
              ["g1", "g2", "rat", "cow", "mango", "prayer"]]
    s = arranged(OPEN, ["a1", "b1", "c1", "a2"], ["g3", "g1", "rat", "cow", "snake", "prayer"], others=others)
    s = GAME.apply(s, Play("g3"))
    asked = []
    while GAME.decision(s) == "tiger":
        asked.append(GAME.current_player(s))
        legal = GAME.legal_actions(s)
        assert Allow() in legal
        assert (Cancel("g3") in legal) == ("tiger" in s.hands[GAME.current_player(s)])
        s = GAME.apply(s, Allow())
    assert asked == [1, 2, 3] and GAME.decision(s) == "move"
    # no other Tiger: no window
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g3", "tiger", "rat", "cow", "snake", "prayer"])
    assert GAME.decision(GAME.apply(s, Play("g3"))) == "move"


@covers("formula-e/tiger/window")
def test_a_seat_view_in_the_window_does_not_show_who_holds_a_tiger():
    others = [["g1", "g2", "rat", "cow", "snake", "prayer"], ["tiger", "g1", "g2", "rat", "cow", "snake"]]
    s = GAME.apply(arranged(OPEN, ["a1", "b1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"],
                           others=others), Play("g3"))
    v = GAME.view(s, 0)
    assert v["hands"][1] is None and v["hands"][2] is None and v["decision"] == "tiger"


@covers("formula-e/tiger/cancel")
def test_a_cancelled_green_counts_as_played_and_does_not_move():
    ex = example_final("tiger-monkey")
    assert "monkey" in ex.final.discard and "tiger" in ex.final.discard
    others = [["tiger", "g1", "g2", "rat", "cow", "snake"], ["g1", "g2", "rat", "cow", "snake", "prayer"]]
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"], others=others)
    s = GAME.apply(GAME.apply(s, Play("g3")), Cancel("g3"))
    assert positions(s)["elephants"][0] == "a1"
    legal = GAME.legal_actions(s)
    assert GAME.decision(s) == "second" and Play("rat") in legal and Play("g1") not in legal


@covers("formula-e/tiger/cancel")
def test_the_cancel_is_told_with_whose_card_was_lost_in_three_languages():
    # player 1 plays a green 3; player 2, holding a Tiger, cancels it: the log says whose card it was
    others = [["tiger", "g1", "g2", "rat", "cow", "snake"], ["g1", "g2", "rat", "cow", "snake", "prayer"]]
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"], others=others)
    _, events = GAME.apply_explained(GAME.apply(s, Play("g3")), Cancel("g3"))
    told = {lang: GAME.message(events[0], lang) for lang in ("en", "it", "fr")}
    assert told["en"] == ("Player 2 plays a Tiger out of turn and cancels Player 1's green 3: it counts as played, "
                          "with no effect.")
    assert "annulla la carta verde 3 del Giocatore 1" in told["it"] and told["it"].startswith("Giocatore 2")
    assert "annule la carte vert 3 du Joueur 1" in told["fr"] and told["fr"].startswith("Joueur 2")


# ------------------------------------------------------------------ movement
@covers("formula-e/move/points", "formula-e/move/all-points")
def test_a_movement_card_uses_all_its_points():
    ex = example_final("move-full")
    assert ex.steps[1].illegal == "formula-e/move/all-points"
    # "se possibile, deve consumare tutti i punti movimento": the refused two-space move of a green 3 says so,
    # in the reader's language only
    told = {lang: GAME.example_text(ex, lang)["steps"][1] for lang in ("en", "it", "fr")}
    assert told["en"] == ("move forward, forward: This move covers 2 spaces while one of 3 is open: "
                          "a card's points must all be used when they can be.")
    assert told["it"] == ("muovi avanti, avanti: Questa mossa copre 2 caselle mentre una di 3 è possibile: "
                          "i punti di una carta vanno usati tutti quando si può.")
    assert told["fr"].startswith("avancer\u00a0: tout droit, tout droit\u00a0: Ce déplacement fait 2 cases")


@covers("formula-e/move/no-cross", "formula-e/move/cow-obstacle", "formula-e/move/sideways")
def test_blocked_by_a_cow_the_player_chooses_the_side():
    ex = example_final("sideways-choice")
    s = ex.steps[1].before
    assert set(GAME.legal_actions(s)) == {Move(("f", "l", "f")), Move(("f", "r", "f"))}


@covers("formula-e/move/sideways")
def test_sideways_keeps_its_side_until_forward_is_open():
    rows = ("SSS.", "SSS.", "....", "CC..", "....", "o...")
    s = arranged(rows, ["a3", "b1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"], cows=("a4", "b4"))
    s = GAME.apply(s, Play("g3"))
    # a4 and b4 hold cows: right twice (pushing nobody) to c3, then forward to c4
    assert GAME.legal_actions(s) == [Move(("r", "r", "f"))]


@covers("formula-e/move/push")
def test_moving_forward_pushes_the_line():
    example_final("push-line")


@covers("formula-e/move/push", "formula-e/move/sideways")
def test_sideways_pushes_the_elephants_in_the_way():
    s = arranged(OPEN, ["a3", "b3", "c1"], ["g1", "g2", "rat", "cow", "snake", "prayer"], cows=("a4",))
    s = GAME.apply(GAME.apply(s, Play("g1")), Move(("r",)))
    assert positions(s)["elephants"][:2] == ["b3", "c3"]


@covers("formula-e/move/no-back", "formula-e/move/no-diagonal")
def test_no_elephant_goes_back_but_by_a_rat_and_no_diagonal_but_with_mango():
    for n in (3, 6):
        states, actions = random_game(n, 11)
        for before, a, after in zip(states, actions, states[1:]):
            if isinstance(a, Move):
                assert before.mode == "mango" or not any(x in ("dl", "dr") for x in a.steps)
            if isinstance(a, RatTo):
                continue
            for p in range(n):
                if before.elephants[p] is not None:
                    assert after.elephants[p][0] >= before.elephants[p][0], (a, p)


@covers("formula-e/board/banana")
def test_a_banana_tree_draws_to_nine_only_at_the_end_of_ones_own_move():
    example_final("banana")
    rows = ("SSS", "SSS", "...", ".B.", "...", "o..")
    s = arranged(rows, ["b2", "b3", "c1"], ["g1", "g2", "rat", "cow", "snake", "prayer"])
    s = GAME.apply(GAME.apply(s, Play("g1")), Move(("f",)))  # pushes seat 1 onto the banana tree
    assert positions(s)["elephants"][1] == "b4" and len(s.hands[1]) == 6


@covers("formula-e/board/bridge")
def test_a_pushed_elephant_stops_before_a_bridge():
    example_final("bridge-stop")


# ------------------------------------------------------------------ cards
@covers("formula-e/card/charge")
def test_charge_pushes_elephants_onto_the_bridge_and_cows_ahead():
    example_final("charge-bridge")
    s = arranged(OPEN, ["b2", "a1", "c1"], ["charge", "g2", "rat", "cow", "snake", "prayer"], cows=("b3",))
    s = GAME.apply(GAME.apply(s, PlayPair("charge", "g2")), Move(("f", "f")))
    assert positions(s)["elephants"][0] == "b4" and positions(s)["cows"] == ["b5"]


@covers("formula-e/card/carpet")
def test_a_flying_carpet_that_cannot_land_cannot_be_played():
    ex = example_final("carpet")
    assert ex.steps[0].illegal == "formula-e/card/carpet"


@covers("formula-e/card/mango")
def test_mango_juice_moves_diagonally_into_free_spaces_without_pushing():
    example_final("mango")


@covers("formula-e/card/rat", "formula-e/card/rat-scare")
def test_the_rat_scares_an_elephant_back_and_sideways_at_the_end_of_a_lane():
    example_final("rat-scare")


@covers("formula-e/card/rat")
def test_the_rat_counts_hole_to_hole_as_one_and_stops_on_the_first_elephant():
    rows = ("SSS", "SSS", "o..", "...", "...", "...", "...", "...", "...", "..o")
    s = arranged(rows, ["a1", "b1", "c1"], ["rat", "g1", "g2", "cow", "snake", "prayer"], rat="a3", cows=("c9",))
    s = GAME.apply(s, Play("rat"))
    targets = {a.cell for a in GAME.legal_actions(s)}
    assert cell("c10") in targets  # hole to hole: one move
    assert cell("c9") not in targets  # a cow's space: through, not onto
    assert cell("c8") in targets  # c10 -> c9 (through the cow) -> c8: three moves
    assert cell("a1") in targets and cell("b1") in targets  # a2 -> a1 would stop on the elephant
    assert cell("b10") in targets  # c10, then b10: two moves (nine on foot)


@covers("formula-e/card/rat-scare")
def test_the_scared_elephant_pushes_elephants_and_cows_behind_it():
    s = arranged(OPEN, ["c1", "b6", "a1"], ["rat", "g1", "g2", "cow", "snake", "prayer"], rat="a8", cows=("b5",))
    s = GAME.apply(GAME.apply(s, Play("rat")), RatTo(cell("b6")))
    assert positions(s)["elephants"][1] == "b3" and positions(s)["cows"] == ["b2"]
    assert positions(s)["rat"] == "a8"


@covers("formula-e/card/cow")
def test_the_sacred_cow_moves_up_to_eight_spaces():
    ex = example_final("sacred-cow")
    assert ex.steps[1].after.cow_left == 7
    s = arranged(OPEN, ["a1", "b1", "c1"], ["cow", "g1", "g2", "rat", "snake", "prayer"], cows=("b4",))
    s = GAME.apply(s, Play("cow"))
    for _ in range(8):
        a = next(a for a in GAME.legal_actions(s) if getattr(a, "direction", "") in ("forward", "back"))
        s = GAME.apply(s, a)
    assert GAME.decision(s) == "second"  # the eighth move ends the card


@covers("formula-e/card/monkey")
def test_a_stolen_green_may_be_played_at_once():
    ex = example_final("monkey-green")
    assert GAME.decision(ex.steps[1].after) == "second"


@covers("formula-e/card/monkey")
def test_the_monkey_steals_two_random_cards():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["monkey", "rat", "cow", "snake", "prayer", "prayer"])
    s = GAME.apply(s, Play("monkey"))
    assert GAME.decision(s) == "monkey" and set(GAME.legal_actions(s)) == {Steal(1), Steal(2)}
    before = GAME.conserved(s)
    t = GAME.apply(s, Steal(2))
    assert len(t.hands[0]) == 7 and len(t.hands[2]) == 4 and GAME.conserved(t) == before
    stolen = [c for c in t.hands[0] if c not in ("rat", "cow", "snake", "prayer")]
    assert any(c.startswith("g") for c in stolen)
    assert GAME.decision(t) == "second" and any(isinstance(a, Play) for a in GAME.legal_actions(t))


@covers("formula-e/card/prayer")
def test_a_green_taken_by_prayer_may_be_played():
    example_final("prayer")


@covers("formula-e/card/prayer")
def test_the_prayer_takes_any_card_from_the_discards():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["prayer", "rat", "cow", "snake", "monkey", "monkey"])
    deck = list(s.deck)
    deck.remove("g4")
    deck.remove("p6")
    s = replace(s, deck=tuple(deck), discard=("g4", "p6"))
    s = GAME.apply(s, Play("prayer"))
    assert GAME.view(s, 0)["discard"] is not None and GAME.view(s, 1)["discard"] is None
    assert set(GAME.legal_actions(s)) == {Take("g4"), Take("p6")}
    s = GAME.apply(s, Take("g4"))
    assert "g4" in s.hands[0] and s.discard == ("p6", "prayer") and GAME.decision(s) == "second"


@covers("formula-e/card/snake")
def test_the_snake_charmer_gives_a_cobra_or_moves_one_when_all_four_are_out():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["snake", "rat", "cow", "g1", "prayer", "prayer"])
    s = GAME.apply(s, Play("snake"))
    assert set(GAME.legal_actions(s)) == {Give(None, 1), Give(None, 2)}
    s = arranged(OPEN, ["a1", "b1", "c1"], ["snake", "rat", "cow", "g1", "prayer", "prayer"], cobras=(1, 3, 0))
    s = GAME.apply(s, Play("snake"))
    legal = set(GAME.legal_actions(s))
    assert Give(0, 2) in legal and Give(None, 2) not in legal and Give(1, 1) not in legal
    assert Give(1, 0) not in legal  # "ad un altro giocatore": never to the player of the Snake Charmer
    s = GAME.apply(s, Give(1, 2))
    assert s.cobras == (1, 2, 1)


@covers("formula-e/card/tiger-yellow", "formula-e/draw/cobra")
def test_without_cobras_the_draw_costs_no_discard():
    ex = example_final("tiger-yellow")
    assert all(GAME.decision(step.after) != "discard" for step in ex.steps)


@covers("formula-e/card/tiger-yellow")
def test_the_tiger_in_ones_own_turn_drops_ones_cobras():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["tiger", "rat", "cow", "g1", "prayer", "prayer"], cobras=(2, 1, 0))
    s = GAME.apply(s, Play("tiger"))
    assert s.cobras == (0, 1, 0)


@covers("formula-e/win/line")
def test_crossing_the_red_line_wins_moving_or_pushed():
    ex = example_final("pushed-across")
    assert GAME.winners(ex.final) == [1] and GAME.current_player(ex.final) is None
    s = arranged(("SSS", "SSS", "...", "o.."), ["a3", "b1", "c1"], ["g2", "g1", "rat", "cow", "snake", "prayer"])
    s = GAME.apply(GAME.apply(s, Play("g2")), Move(("f", "f")))
    assert GAME.winners(s) == [0] and GAME.legal_actions(s) == []
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, EndTurn())
    assert info.value.rule == "formula-e/win/line"


@covers("formula-e/action/unknown")
def test_junk_actions_are_refused_with_the_unknown_rule():
    s = placed()
    for junk in ("", "fly me to the moon", "play green 9", None, 3, "place at z99"):
        with pytest.raises(IllegalAction) as info:
            GAME.apply(s, junk)
        assert info.value.rule == "formula-e/action/unknown"
    with pytest.raises(ActionParseError):
        parse("move sideways")
    for a in GAME.legal_actions(s)[:40]:
        assert parse(str(a)) == a


def test_every_example_speaks_three_languages():
    for ex in GAME.examples():
        for lang in ("en", "it", "fr"):
            told = GAME.example_text(ex, lang)
            assert told["title"] and told["outcome"] and len(told["steps"]) == len(ex.steps)
        assert GAME.example_text(ex, "it")["title"] != ex.title


# ------------------------------------------------------------------ properties over 3-6 players
@settings(max_examples=8, deadline=None, derandomize=True, database=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 10**6))
def test_random_races_keep_the_invariants(players, seed):
    states, actions = random_game(players, seed)
    assert GAME.is_over(states[-1]) and len(actions) <= GAME.info.max_actions  # games end within the bound
    first = GAME.conserved(states[0])
    for k, s in enumerate(states):
        cells = [c for c in s.elephants if c is not None] + list(s.cows)
        board = [c for c in cells if c[0] < s.track.rows_count]
        assert len(set(cells)) == len(cells), "two pieces on one space"
        assert all(s.track.on_board(c) for c in board), "a piece off the board"
        assert len(board) >= len(cells) - 1 and (len(board) == len(cells) or s.winner is not None)
        assert GAME.conserved(s) == first
        if k % 25 == 0 or k == len(states) - 1:
            assert GAME.from_json(GAME.to_json(s)) == s
            for p in range(players):
                v = GAME.view(s, p)
                assert [h is not None for h in v["hands"]] == [q == p for q in range(players)]
                assert GAME.view(GAME.resample_hidden(s, p, random.Random(k)), p) == v
    replay = GAME.new_game(players, seed)
    for a in actions:
        replay = GAME.apply(replay, a)
    assert replay == states[-1]
    assert progress(states[-1], GAME.winners(states[-1])[0]) == states[-1].track.rows_count


# ------------------------------------------------------------------ the conformance checks, run directly
PLAY_CHECKS = ["check_games_end", "check_decisions", "check_conserved", "check_apply_pure", "check_round_trip",
               "check_replay", "check_action_text", "check_refusals", "check_views", "check_hidden",
               "check_error_words"]


@pytest.fixture(scope="module")
def plays():
    return C.playouts(GAME)


@pytest.mark.parametrize("check", PLAY_CHECKS)
def test_conformance(check, plays):
    getattr(C, check)(GAME, plays)


def test_conformance_catalog(plays):
    C.check_catalog(GAME, plays, C.check_refusals(GAME, plays, per_state=15))


def test_conformance_examples():
    C.check_examples(GAME)


def test_conformance_every_rule_has_a_test():
    from tests.rulecov import stale, uncovered

    assert uncovered(GAME) == [] and stale(GAME) == []


def test_game_info():
    info = GAME.info
    assert (info.min_players, info.max_players) == (3, 6) and info.hidden_information
    assert set(info.decisions) >= {"tiger", "turn", "move", "discard"}


@covers("formula-e/win/line", "formula-e/card/charge")
def test_the_narrated_four_player_race_ends_with_the_pushed_elephant_across_the_line():
    ex = example_final("race")
    assert GAME.winners(ex.final) == [1]
    told = GAME.example_text(ex, "en")["steps"][-1]
    assert "Player 2 crosses the red line" in told and "pushed to" not in told


def test_the_greedy_bot_races_ahead_of_random_players():
    from tutor import bots

    wins = 0
    for seed in range(6):
        seats = [bots.get("greedy")] + [bots.get("random") for _ in range(3)]
        end, actions = bots.play(GAME, GAME.new_game(4, seed), seats)
        assert GAME.is_over(end)
        wins += GAME.winners(end) == [0]
    assert wins >= 5  # it plays its movement cards and moves the farthest it can


def test_positions_and_progress_helpers():
    s = arranged(OPEN, ["a1", "b3", "c1"], ["g1"] * 6, cows=("b5",), rat="a8")
    assert positions(s) == {"elephants": ["a1", "b3", "c1"], "cows": ["b5"], "rat": "a8"}
    assert [progress(s, p) for p in range(3)] == [0, 2, 0]


def test_fuzzed_files_actions_and_texts_are_harmless():
    """The fuzz suite's mutators (tests/conformance/fuzz.py) on Formula E: only ScenarioError / IllegalAction."""
    from tests.conformance import fuzz as F

    counts = F.run(GAME, 400, 3, report=lambda _: None)
    failures = {k: v for k, v in counts.items() if k[1].startswith("FAILURE")}
    assert failures == {}
    assert counts[("scenario", "accepted")] > 0 and sum(counts.values()) == 1200


@covers("formula-e/tiger/cancel", "formula-e/card/charge")
def test_cancelling_one_card_of_a_pair_leaves_the_other():
    others = [["tiger", "g1", "g2", "rat", "cow", "snake"], ["g1", "g2", "rat", "cow", "snake", "prayer"]]
    start = arranged(OPEN, ["b2", "a1", "c1"], ["charge", "g2", "rat", "cow", "snake", "prayer"], cows=("b3",),
                     others=others)
    s = GAME.apply(start, PlayPair("charge", "g2"))
    assert set(GAME.legal_actions(s)) == {Allow(), Cancel("charge"), Cancel("g2")}
    plain = GAME.apply(s, Cancel("charge"))  # the green 2 alone: the cow on b3 blocks, sideways
    assert GAME.decision(plain) == "tiger"  # (rule tiger/pair: the green 2 may still be cancelled; nobody does)
    while GAME.decision(plain) == "tiger":
        plain = GAME.apply(plain, Allow())
    assert GAME.decision(plain) == "move" and Move(("f", "f")) not in GAME.legal_actions(plain)
    assert set(GAME.legal_actions(plain)) == {Move(("l", "f")), Move(("r", "f"))}
    nothing = GAME.apply(s, Cancel("g2"))  # Charge! without its movement card does nothing
    assert positions(nothing)["elephants"][0] == "b2" and positions(nothing)["cows"] == ["b3"]


def test_the_preview_shows_where_pieces_will_stand():
    from tutor.games.formula_e import preview

    s = GAME.apply(arranged(OPEN, ["b1", "b2", "b3"], ["g2", "g1", "rat", "cow", "snake", "prayer"]), Play("g2"))
    assert preview(s, Move(("f", "f")))["elephants"] == ["b3", "b4", "b5"]
    assert preview(s, Move(("f",))) is None  # refused: nothing to preview
    assert preview(GAME.apply(s, Move(("f", "f"))), Play("g1")) is None  # a card is played at once


@covers("formula-e/card/carpet", "formula-e/win/line")
def test_a_carpet_across_the_line_wins_and_the_file_reads_back():
    s = arranged(("SSS", "SSS", "...", "o.."), ["b3", "a1", "c1"], ["carpet", "g4", "rat", "cow", "snake", "prayer"])
    s = GAME.apply(GAME.apply(s, PlayPair("carpet", "g4")), Move(("fly",)))
    assert GAME.winners(s) == [0] and positions(s)["elephants"][0] == "finish"
    assert GAME.from_json(GAME.to_json(s)) == s


def test_a_count_in_the_narration_takes_singular_or_plural_in_each_language():
    """One card is "1 card" / "1 carta" / "1 carte", three are "cards" / "carte" / "cartes" (no "card(s)")."""
    draw = "{Player} draws {n} {n:card|cards} back up to six."
    said = {(lang, n): GAME.catalog.render(draw, {"player": 0, "n": n}, lang)
            for lang in ("en", "it", "fr") for n in (1, 3)}
    assert "draws 1 card back" in said["en", 1] and "draws 3 cards back" in said["en", 3]
    assert "pesca 1 carta per" in said["it", 1] and "pesca 3 carte per" in said["it", 3]
    assert "pioche 1 carte pour" in said["fr", 1] and "pioche 3 cartes pour" in said["fr", 3]
