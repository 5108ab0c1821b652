"""Formula E's fast paths agree with the general, checked way (the speed work must not change a rule).

``apply`` takes a short way for the actions a state itself listed (a turn's discard, a Cobra's discard, letting
a card through the Tiger window) and the state keeps ``current_player`` instead of working it out on each read.
Here every listed action of positions from seeded random games is applied both ways (``apply_explained``
narrates, and a narrated action always takes the general way), and actions that were not listed, or copies of
listed ones, still get the full check and the rule-naming refusal.
"""

from __future__ import annotations

import random

import pytest

from tutor.core import IllegalAction
from tutor.games.formula_e import GAME, Allow, Discard
from tutor.games.formula_e import base, drawing, engine, legal
from tutor.games.formula_e import movement as mv
from tutor.games.formula_e.cards import value_of
from tutor.games.formula_e.state import who_decides


def positions_of(players: int, seed: int) -> list:
    """Every position of one seeded random game (the bench's loop)."""
    choice = random.Random(seed).choice
    s = GAME.new_game(players, seed)
    out = [s]
    while GAME.current_player(s) is not None:
        s = GAME.apply(s, choice(GAME.legal_actions(s)))
        out.append(s)
    return out


def same_state(a, b) -> bool:
    return a == b and GAME.to_json(a) == GAME.to_json(b) and a.current_player == b.current_player


def full_path(s, action):
    """The general way: a narrated apply is never short-cut."""
    return engine.apply_explained(s, action)[0]


@pytest.mark.parametrize("players,seed", [(3, 1), (3, 3), (4, 3), (5, 4), (6, 5)])
def test_every_listed_action_gives_the_same_position_by_the_fast_and_the_full_way(players, seed):
    kinds = set()
    for s in positions_of(players, seed)[::3]:
        legal = GAME.legal_actions(s)
        for a in legal:
            fast = GAME.apply(s, a)
            assert same_state(fast, full_path(s, a)), (s.phase, a)
            kinds.add((s.phase, type(a).__name__))
        s.__dict__.pop("_legal", None)  # a position met afresh: its list made again, the same
        assert list(GAME.legal_actions(s)) == list(legal)
    # the fast ways were all taken (a turn's and a Cobra's discard, the Tiger window)
    assert {("turn", "Discard"), ("tiger", "Allow")} <= kinds
    if players == 3:
        assert ("discard", "Discard") in kinds


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_stored_current_player_is_the_seat_that_decides(players):
    """None once the race is over, the seat the Tiger window asks, else the active player."""
    for s in positions_of(players, 11):
        assert s.current_player == who_decides(s.phase, s.active, s.asker)
        if s.phase == "tiger":
            assert s.current_player == s.asker != s.active
        back = GAME.from_json(GAME.to_json(s))
        assert back == s and back.current_player == s.current_player
    assert s.current_player is None and s.phase == "over"


def test_a_discard_the_hand_does_not_hold_is_refused_and_changes_nothing():
    """An interned discard listed for another hand takes the fast way's test and is refused by the full check."""
    states = positions_of(3, 7)
    turn = next(s for s in states if s.phase == "turn" and len(s.hands[s.active]) == 6)
    hand = turn.hands[turn.active]
    other = next(c for c in ("g1", "g2", "g3", "g4", "p5", "p6", "charge", "carpet", "mango", "rat", "cow",
                             "monkey", "prayer", "snake", "tiger") if c not in hand)
    foreign = legal.DISCARDS[(other,)]  # the very value another state lists
    before = GAME.to_json(turn)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(turn, foreign)
    assert err.value.rule == "formula-e/turn/choice"
    assert GAME.to_json(turn) == before
    # a copy of a listed discard (not the listed value) is checked and made the same
    listed = next(a for a in GAME.legal_actions(turn) if type(a) is Discard)
    copy = Discard(tuple(listed.cards))
    assert copy is not listed and same_state(GAME.apply(turn, copy), GAME.apply(turn, listed))


def test_a_cobra_discard_of_two_cards_or_of_a_card_not_held_is_refused():
    """"draw/cobra": one card for each Cobra, from the hand."""
    owing = next(s for seed in range(20) for s in positions_of(3, seed)
                 if s.phase == "discard" and len(s.hands[s.active]) >= 2)
    hand = owing.hands[owing.active]
    two = legal.DISCARDS[hand[:2]]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(owing, two)
    assert err.value.rule == "formula-e/draw/cobra"
    missing = next(c for c in ("g1", "g2", "g3", "g4", "p5", "p6", "tiger", "snake") if c not in hand)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(owing, legal.DISCARDS[(missing,)])
    assert err.value.rule == "formula-e/draw/cobra"
    one = GAME.apply(owing, legal.DISCARDS[hand[:1]])
    assert len(one.hands[owing.active]) == len(hand) - 1 and one.discard[-1] == hand[0]


def test_letting_a_card_through_the_window_asks_the_next_seat_then_resolves():
    """"tiger/window": each other player in turn order may cancel the card, or let it resolve."""
    window = next(s for seed in range(20) for s in positions_of(5, seed)
                  if s.phase == "tiger" and (s.asker + 1) % s.players != s.active)
    nxt = GAME.apply(window, Allow())
    assert nxt.phase == "tiger" and nxt.asker == (window.asker + 1) % 5 == nxt.current_player
    assert same_state(nxt, full_path(window, Allow()))
    last = next(s for seed in range(20) for s in positions_of(5, seed)
                if s.phase == "tiger" and (s.asker + 1) % s.players == s.active)
    resolved = GAME.apply(last, Allow())
    assert resolved.phase != "tiger" and resolved.asker is None
    assert same_state(resolved, full_path(last, Allow()))


def test_a_clear_lane_gives_the_one_straight_move_the_search_finds():
    """"move/all-points": with nothing ahead every point is a step forward (or the lap ends at the red line)."""
    seen = 0
    for players, seed in ((3, 21), (4, 22), (6, 23)):
        for s in positions_of(players, seed):
            if s.phase != "move" or s.mode in ("carpet", "mango"):
                continue
            board = base.pieces(s)
            points = value_of(legal.move_card(s))
            clear = mv.straight(s.track, board, s.active, points)
            searched = search_paths(s.track, board, s.active, points, s.mode)
            if clear is not None:
                seen += 1
                assert clear == searched
                assert all(step == "f" for step in clear[0][0])
    assert seen >= 10


def search_paths(track, board, seat, points, mode):
    """``movement.paths`` without its clear-lane short cut (the step-by-step search)."""
    straight = mv.straight
    mv.straight = lambda *args: None
    try:
        return mv.paths(track, board, seat, points, mode)
    finally:
        mv.straight = straight


def test_the_reshuffle_is_the_permutation_random_random_gives():
    """"draw/reshuffle": the discards shuffled by the generator seeded with the game's seed and chance count."""
    for n in (0, 1, 2, 3, 17, 40, 71, 72):
        for seed, chance in ((0, 0), (5, 3), (123456789, 40)):
            expected = [f"c{i}" for i in range(n)]
            random.Random(f"formula-e|{seed}|{chance}").shuffle(expected)
            got = [f"c{i}" for i in range(n)]
            drawing.reshuffle(seed, chance, got)
            assert got == expected, (n, seed, chance)


def test_a_hand_out_of_order_lists_what_its_sorted_hand_lists():
    """A turn's actions do not depend on the order a hand is written in (the rules keep hands sorted)."""
    s = next(s for s in positions_of(3, 9) if s.phase == "turn" and len(set(s.hands[s.active])) >= 4)
    hand = s.hands[s.active]
    for shuffled in (hand[::-1], hand[1:] + hand[:1], hand[2:] + hand[:2]):
        assert list(legal.turn_actions(s, shuffled)) == list(legal.turn_actions(s, hand))
