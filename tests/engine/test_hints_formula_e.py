"""Formula E hints that say why: the advised move and one sentence naming the fact on the board (which elephant
is where, how far from the red line, what the card does to it here) and the rule that makes it matter.

Positions are arranged by hand on small practice tracks (``examples.arranged``: seat 0 to play, the other hands
hold no Tiger unless given).  Every space and distance expected below is worked out by hand from rulebook 002:
a track of 8 rows has its red line after row 8, so an elephant on row r is 9 - r rows from it (the steps it needs
to cross it, what the page shows as "rows to the line"); the Rat
moves up to six spaces, never diagonally, and stops on the first elephant it enters; its scare sends that
elephant three spaces back; Charge! pushes the Sacred Cows ahead; a Cobra costs a discard at every draw.
"""

from __future__ import annotations

import ast
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from tutor import hints
from tutor.games.formula_e import GAME, Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Play, PlayPair, RatTo, \
    Steal, parse_cell
from tutor.games.formula_e import hints as fe_hints
from tutor.games.formula_e import search as fe_search
from tutor.games.formula_e.examples import OPEN, arranged
from tutor.games.formula_e.search import SearchBot

BANANA = ("SSS", "SSS", "...", "B..", "...", "...", "...", "o..")
HAND = ["g1", "g2", "g3", "g4", "p5", "rat"]


def said(state, seat, action, lang="en"):
    got = GAME.hint_reason(state, seat, action, lang)
    assert got is not None, f"no fact for {action}"
    return got


# ------------------------------------------------------------------ a turn's card
def test_the_rat_names_the_rival_near_the_line_and_where_its_scare_sends_it():
    # Player 2 on b7, two steps from the red line; the Rat in the hole at a8 reaches b7 in two moves (b8, b7)
    # and scares it three spaces back, to b4
    s = arranged(OPEN, ["a1", "b7", "c2"], HAND)
    assert said(s, 0, Play("rat")) == (
        "Play Rat: Player 2's elephant at b7 is 2 rows from the red line and within six moves of the Rat, whose "
        "scare sends it back to b4 (The Rat's scare).", "formula-e/card/rat-scare")
    rat = GAME.apply(s, Play("rat"))
    assert said(rat, 0, RatTo(parse_cell("b7"))) == (
        "Send the Rat to b7: Player 2's elephant there is 2 rows from the red line, and the Rat's scare sends it "
        "back to b4 (The Rat's scare).", "formula-e/card/rat-scare")


def test_a_movement_card_says_where_it_takes_your_elephant_and_who_leads():
    # green 2 from a1: a2, a3 (row 3, six steps from the line); Player 2 on b6 is three steps from it
    s = arranged(OPEN, ["a1", "b6", "c1"], HAND)
    assert said(s, 0, Play("g2")) == (
        "Play green 2: green 2 takes your elephant from a1 to a3, 6 rows from the red line; Player 2 leads at b6, "
        "3 rows from it (Movement points).", "formula-e/move/points")
    # Player 2 on b3: green 2 brings your elephant level with it
    s = arranged(OPEN, ["a1", "b3", "c1"], HAND)
    assert said(s, 0, Play("g2"))[0] == (
        "Play green 2: green 2 takes your elephant from a1 to a3, 6 rows from the red line, level with Player 2's "
        "elephant at b3, the furthest of your rivals (Movement points).")


def test_a_move_ending_on_a_banana_tree_says_so():
    s = arranged(BANANA, ["a1", "b1", "c1"], HAND)
    assert said(s, 0, Play("g3")) == (
        "Play green 3: green 3 takes your elephant from a1 to the banana tree at a4, where it draws up to nine "
        "cards (Banana tree).", "formula-e/board/banana")


def test_charge_names_the_cow_a_plain_move_would_go_round():
    # green 3 alone: a2, then the cow on a3 blocks forward, so sideways to b2 and forward to b3;
    # with Charge! the cow is pushed ahead: a2, a3, a4
    s = arranged(OPEN, ["a1", "c1", "c2"], ["g3", "charge", "g1", "g2", "g4", "p5"], cows=("a3",))
    assert said(s, 0, PlayPair("charge", "g3")) == (
        "Play Charge! with green 3: green 3 alone would stop your elephant at b3; with Charge! it reaches a4, 5 "
        "rows from the red line (Charge!).", "formula-e/card/charge")


def test_discarding_a_hand_that_cannot_move_says_so():
    s = arranged(OPEN, ["a1", "b1", "c1"], ["rat", "cow", "monkey", "snake", "prayer", "tiger"])
    assert said(s, 0, Discard(("rat", "cow"))) == (
        "Discard Rat, Sacred Cow: you hold no green or purple card to move your elephant, and you draw 2 new cards "
        "back up to six (Draw back up to six).", "formula-e/draw/up-to-six")


def test_the_monkey_and_the_cobra_go_to_the_rival_the_board_names():
    # Player 3 holds seven cards, the others six; Player 2 is on b7, two steps from the line
    seven = ["g2", "g2", "g3", "g3", "g4", "p5", "p6"]
    s = arranged(OPEN, ["a1", "b7", "c2"], ["monkey", "snake", "g1", "g2", "g3", "g4"], others=[None, seven])
    monkey = GAME.apply(s, Play("monkey"))
    assert said(monkey, 0, Steal(2)) == (
        "Steal from seat 3: Player 3, at c2, holds 7 cards, the most of your rivals, and the Monkey steals two of "
        "them at random (Monkey).", "formula-e/card/monkey")
    snake = GAME.apply(s, Play("snake"))
    assert said(snake, 0, Give(None, 1)) == (
        "Give a Cobra to seat 2: Player 2 leads at b7, 2 rows from the red line, and a Cobra makes them discard a "
        "card at every draw (Cobra discards).", "formula-e/draw/cobra")


def test_a_cow_step_that_blocks_a_rival_names_it():
    # the cow on c4 steps left to b4, the space right ahead of Player 2 on b3
    s = arranged(OPEN, ["a1", "b3", "c1"], ["cow", "g1", "g2", "g3", "g4", "p5"], cows=("c4",))
    cow = GAME.apply(s, Play("cow"))
    assert said(cow, 0, CowStep(parse_cell("c4"), "left")) == (
        "Move the cow at c4 left: the cow stands at b4, right ahead of Player 2's elephant at b3, and blocks its "
        "way (Cows are obstacles).", "formula-e/move/cow-obstacle")


def test_ending_the_turn_counts_the_cards_drawn():
    # green 1 played from six cards: five left, one drawn back up to six (the Rat may still follow the green)
    s = arranged(OPEN, ["a1", "b1", "c1"], HAND)
    second = GAME.apply(GAME.apply(s, Play("g1")), Move(("f",)))
    assert GAME.decision(second) == "second"
    assert said(second, 0, EndTurn()) == (
        "End the turn: you draw 1 new card back up to six (Draw back up to six).", "formula-e/draw/up-to-six")


# ------------------------------------------------------------------ the Tiger window and the Cobra discards
def _window(elephants, card, asker_hand=("tiger", "g1", "g1", "g2", "g2", "g3")):
    s = arranged(OPEN, elephants, HAND, others=[list(asker_hand)])
    s = GAME.apply(s, Play(card))
    assert GAME.decision(s) == "tiger" and GAME.current_player(s) == 1
    return s


def test_cancel_names_where_the_card_would_carry_the_rival():
    # Player 1's green 3 from a1: a2, a3, a4 (five steps from the line), past Player 2's elephant on b2
    s = _window(["a1", "b2", "c1"], "g3")
    assert said(s, 1, Cancel("g3")) == (
        "Cancel green 3 with a Tiger: it would take Player 1's elephant from a1 to a4, 5 rows from the red line "
        "and past your elephant at b2 (The Tiger cancels a card).", "formula-e/tiger/cancel")
    # from a6, green 3 goes a7, a8 and across the line: the race is won
    s = _window(["a6", "b2", "c1"], "g3")
    assert said(s, 1, Cancel("g3")) == (
        "Cancel green 3 with a Tiger: it would carry Player 1's elephant across the red line to win the race "
        "(The Tiger cancels a card).", "formula-e/tiger/cancel")


def test_letting_a_small_card_resolve_says_it_stays_behind_you():
    s = _window(["a1", "b5", "c1"], "g1")
    assert said(s, 1, Allow()) == (
        "Let it resolve: at most green 1 takes Player 1's elephant to a2, still behind your elephant at b5 "
        "(The Tiger window).", "formula-e/tiger/window")


def test_a_cobra_discard_names_the_card_you_miss_least():
    # green 1 takes the elephant on a1 only to a2, green 4 to a5; the Rat in a8 is more than six moves from
    # b1 and c1 (seven rows and a lane or two)
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g1", "g4", "rat", "cow", "monkey", "snake"])
    s = replace(s, phase="discard", owed=1, resume="end", cobras=(1, 0, 0))
    assert said(s, 0, Discard(("g1",))) == (
        "Discard green 1: green 1 would take your elephant only to a2; you keep green 4, which reaches a5 "
        "(Cobra discards).", "formula-e/draw/cobra")
    assert said(s, 0, Discard(("rat",))) == (
        "Discard Rat: no rival's elephant is within the Rat's six moves of a8 (Cobra discards).",
        "formula-e/draw/cobra")


# ------------------------------------------------------------------ the languages
IT_FR = {
    "it": ("Gioca Topo: l'Elefante del Giocatore 2 in b7 è a 2 righe dalla linea rossa ed entro sei mosse del "
           "Topo, il cui spavento lo rimanda indietro in b4 (Lo spavento del Topo)."),
    "fr": ("Jouer Rat\u00a0: l'éléphant du Joueur 2 en b7 est à 2 rangées de la ligne rouge et à portée des six "
           "déplacements du Rat, dont la peur le renvoie en b4 (La peur du Rat)."),
}


@pytest.mark.parametrize("lang", sorted(IT_FR))
def test_the_rat_in_italian_and_french(lang):
    s = arranged(OPEN, ["a1", "b7", "c2"], HAND)
    assert said(s, 0, Play("rat"), lang)[0] == IT_FR[lang]


ENGLISH = re.compile(r"\b(the|your|elephant|spaces?|rows?|from|and|with|ahead|behind|would|red line|draws?|"
                     r"holds?)\b")


def _positions():
    """The arranged positions above, with the seat to decide."""
    found = [arranged(OPEN, ["a1", "b7", "c2"], HAND), arranged(OPEN, ["a1", "b6", "c1"], HAND),
             arranged(BANANA, ["a1", "b1", "c1"], HAND),
             arranged(OPEN, ["a1", "c1", "c2"], ["g3", "charge", "g1", "g2", "g4", "p5"], cows=("a3",)),
             arranged(OPEN, ["a1", "b1", "c1"], ["rat", "cow", "monkey", "snake", "prayer", "tiger"]),
             _window(["a1", "b2", "c1"], "g3"), _window(["a6", "b2", "c1"], "g3"), _window(["a1", "b5", "c1"], "g1")]
    s = arranged(OPEN, ["a1", "b1", "c1"], ["g1", "g4", "rat", "cow", "monkey", "snake"])
    found.append(replace(s, phase="discard", owed=1, resume="end", cobras=(1, 0, 0)))
    return found


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_no_english_is_left_in_italian_and_french(lang):
    told = 0
    for s in _positions():
        seat = GAME.current_player(s)
        for action in list(GAME.legal_actions(s))[:40]:
            got = GAME.hint_reason(s, seat, action, lang)
            if got is None:
                continue
            told += 1
            rest = got[0].split(":", 1)[1]
            assert not ENGLISH.search(rest), got[0]
    assert told >= 20


def test_every_sentence_of_the_hints_has_italian_and_french():
    tree = ast.parse(Path(fe_hints.__file__).read_text(encoding="utf-8"))
    templates = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                 and n.value.startswith("{Move}")}
    assert len(templates) > 40
    catalog = GAME.catalog
    for t in templates:
        for lang in ("it", "fr"):
            assert catalog.messages.template(t, lang) != t, (lang, t)


# ------------------------------------------------------------------ what the seat cannot see
def test_a_hint_does_not_change_when_another_seats_hidden_hand_changes(monkeypatch):
    monkeypatch.setattr(fe_search, "TIME_LIMIT", 60.0)
    monkeypatch.setattr(hints, "advisor", lambda game: SearchBot(iterations=24, seconds=60))
    s = arranged(OPEN, ["a1", "b7", "c2"], HAND)
    # Player 3's hand dealt anew from what seat 0 cannot see (the other hands and the deck)
    other = GAME.resample_hidden(s, 0, random.Random(5))
    assert other.hands[2] != s.hands[2] and GAME.view(other, 0) == GAME.view(s, 0)
    other = replace(other, seed=s.seed)
    for action in GAME.legal_actions(s):
        assert GAME.hint_reason(s, 0, action) == GAME.hint_reason(other, 0, action)
    a, b = hints.hint(GAME, s), hints.hint(GAME, other)
    assert (a.action, a.sentence, a.rule) == (b.action, b.sentence, b.rule)
    assert (a.sentence, a.rule) == GAME.hint_reason(s, 0, a.action)  # the board fact, not the fixed phrase
    assert a.source == "search" and "%" not in a.sentence and "out of 100" in a.details


def test_the_hint_button_says_the_board_fact_and_keeps_the_numbers_in_the_details(monkeypatch):
    monkeypatch.setattr(fe_search, "TIME_LIMIT", 60.0)
    monkeypatch.setattr(hints, "advisor", lambda game: SearchBot(iterations=24, seconds=60))
    h = hints.hint(GAME, _window(["a6", "b2", "c1"], "g3"))
    assert h.action == Cancel("g3") and h.rule == "formula-e/tiger/cancel"
    assert h.sentence == ("Cancel green 3 with a Tiger: it would carry Player 1's elephant across the red line to "
                          "win the race (The Tiger cancels a card).")
    assert "simulated deals" in h.details


def test_a_forced_move_names_its_fact_not_only_that_it_is_forced():
    s = arranged(BANANA, ["a1", "b1", "c1"], HAND)
    s = GAME.apply(s, Play("g3"))  # a clear lane: one path, three steps forward
    assert GAME.legal_actions(s) == [Move(("f", "f", "f"))]
    h = hints.hint(GAME, s)
    assert h.sentence == ("Move forward, forward, forward: green 3 takes your elephant from a1 to the banana tree "
                          "at a4, where it draws up to nine cards (Banana tree).")
    assert h.details == "It is the only legal move."
