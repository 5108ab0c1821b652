"""Fire Bulls hints name what a player sees on the board, for every decision of the game.

Positions are built by hand (``arrange``); the expected words come from the rulebooks (000 and 001):
the paths of the five directions (direction 3 runs H, E, B; direction 2 runs G, D, A), a Soldier is
worth 1 point, a Wu 2 (paid with 2 bulls of its colour under 000), a Xi 3, a Bo 6 (five bulls all of
different colours), the Vice-General 8 (3 bulls of one colour and 2 of another), the General 12;
three cards won in a turn earn 2 Qi cards (000); the hand limit is 8.
"""

from __future__ import annotations

import re

import pytest

from tutor import hints
from tutor.games import fire_bulls as F
from tutor.games.fire_bulls.actions import Action

GAME = F.GAME
EMPTY = {s: None for s in "ABCDEFGHI"}
LANGS = ("en", "it", "fr")
# words only English has (a French or Italian sentence holding one is part English)
ENGLISH = re.compile(r"\b(the|you|your|with|holds|hold|takes|worth|then|which|pays|hand|player|cards?|draw|more)\b",
                     re.IGNORECASE)


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """Searches end on their iteration count only, so the same position gives the same hint under load."""
    monkeypatch.setattr(hints, "TIME_LIMIT", 60.0)


def rows(**cards):
    return dict(EMPTY, **cards)


def said(state, action, lang="en"):
    seat = GAME.current_player(state)
    assert action in GAME.legal_actions(state), action
    found = GAME.hint_reason(state, seat, action, lang)
    assert found is not None, action
    sentence, rule = found
    assert rule in GAME.rules and GAME.rules[rule].wording(lang)[0] in sentence, (sentence, rule)
    if lang != "en":
        assert not ENGLISH.search(sentence.replace(GAME.action_text(action, lang), "")), sentence
    return sentence, rule


def test_a_reserve_card_is_advised_for_the_bulls_it_brings_a_bo_closer():
    # a Bo on H (direction 3 only): green in hand, yellow from the reserve, three colours still to find
    s = F.arrange(2, rows=rows(H="bo"), hands={0: ["green"]}, reserve=["yellow", "red", "red"])
    text, rule = said(s, Action.take("yellow"))
    assert "then 3 more Qi cards pay the Bo in direction 3" in text and rule == "fire-bulls/pay/exact"
    assert "mancano ancora 3 carte Qi per pagare la carta Bo nella direzione 3" in \
        said(s, Action.take("yellow"), "it")[0]
    assert "il vous manque ensuite 3 cartes Qi pour payer la carte Bo dans la direction 3" in \
        said(s, Action.take("yellow"), "fr")[0]


def test_a_draw_says_the_reserve_holds_nothing_the_card_in_reach_asks_for():
    # a blue Wu on H: the reserve's red cards pay none of its two blue symbols
    s = F.arrange(2, rows=rows(H="wu:blue"), hands={0: ["green"]}, reserve=["red", "red", "red"])
    text, rule = said(s, Action.draw())
    assert "the reserve (red, red, red) holds nothing that brings the Wu (blue) in direction 3 closer" in text
    assert rule == "fire-bulls/gather/draw"
    assert "nella riserva (rosso, rosso, rosso) niente avvicina la carta Wu (blu)" in said(s, Action.draw(), "it")[0]
    assert "rien dans la Réserve (rouge, rouge, rouge) ne rapproche de la carte Wu (bleu)" in \
        said(s, Action.draw(), "fr")[0]


def test_a_french_pawn_move_says_which_card_it_faces_and_whose_pawn_it_swaps():
    # 001: a pawn moves one step when its player draws; it swaps with the pawn already there
    s = F.arrange(2, ruleset="fr", colours=("red", "yellow"), pawns=(2, 3), rows=rows(H="bo"),
                  hands={0: ["green"]}, reserve=["red", "red", "red"])
    move = Action.draw(move_to=3)
    text, rule = said(s, move)
    assert "your pawn then faces the Bo in direction 3, and player 2 (yellow) goes to direction 2" in text
    assert rule == "fire-bulls/pawn/swap"
    assert "il giocatore 2 (giallo) passa alla direzione 2" in said(s, move, "it")[0]
    assert "le joueur 2 (jaune) passe à la direction 2" in said(s, move, "fr")[0]


def test_the_general_is_advised_for_its_twelve_points():
    s = F.arrange(2, rows=rows(H="soldier:red"), general=True, hands={0: ["green"] * 7})
    attack = next(a for a in GAME.legal_actions(s) if a.kind == "general")
    text, rule = said(s, attack)
    assert "General" in text and "12 points" in text and rule == "fire-bulls/attack/general"
    assert "12 punti" in said(s, attack, "it")[0] and "12 points" in said(s, attack, "fr")[0]


def _attacked(state, action):
    return GAME.apply(state, action)


def test_ending_an_attack_names_the_card_the_hand_cannot_pay():
    # blue pays the blue Soldier on H; the red Xi on E comes next along direction 3 and nothing is left to pay it
    s = _attacked(F.arrange(2, rows=rows(H="soldier:blue", E="xi:red"), hands={0: ["blue"]}),
                  Action.attack(3, ["blue"], "soldier:blue"))
    assert GAME.decision(s) == "attack" and GAME.legal_actions(s) == [Action.stop()]
    h = hints.hint(GAME, s)  # the only move, with the fact that leaves it
    assert h.source == "only" and "no payment for the Xi (red) next along direction 3" in h.sentence
    assert "la carta Xi (rosso), la prossima lungo la direzione 3" in hints.hint(GAME, s, lang="it").sentence
    assert "la carte Xi (rouge), la suivante dans la direction 3" in hints.hint(GAME, s, lang="fr").sentence


def test_paying_on_for_the_third_card_names_its_reward():
    s = F.arrange(2, rows=rows(H="soldier:blue", E="soldier:red", B="wu:green"),
                  hands={0: ["blue", "red", "green", "green"]})
    s = _attacked(s, Action.attack(3, ["blue"], "soldier:blue"))
    s = _attacked(s, Action.pay(["red"], "soldier:red"))
    text, rule = said(s, Action.pay(["green", "green"], "wu:green"))
    assert "the Wu (green) next along direction 3 is card 3 this turn, which earns 2 Qi cards" in text
    assert rule == "fire-bulls/reward/it"


def test_the_bos_power_names_the_card_the_extra_draw_helps_pay():
    # after the Bo on H, the blue Wu on B is next along direction 3; one blue is left for its two blue symbols
    s = F.arrange(2, rows=rows(H="bo", B="wu:blue"), hands={0: ["green", "yellow", "red", "blue", "brown", "blue"]})
    s = _attacked(s, Action.attack(3, ["green", "yellow", "red", "blue", "brown"], "bo"))
    assert GAME.decision(s) == "power"
    text, rule = said(s, Action.use_power("bo"))
    assert "one more Qi card toward the Wu (blue) in direction 3, which needs 1 more" in text
    assert rule == "fire-bulls/power/bo"
    for lang in ("it", "fr"):
        said(s, Action.decline_power("bo"), lang)


def _colonel_choice():
    # 000: the Vice-General's winner looks at each other hand and picks a card to discard
    s = F.arrange(2, colours=("blue", "yellow"), rows=rows(H="colonel", B="wu:red"),
                  hands={0: ["green", "green", "green", "blue", "blue"], 1: ["green", "red", "red"]})
    s = _attacked(s, Action.attack(3, ["green", "green", "green", "blue", "blue"], "colonel"))
    text, rule = said(s, Action.use_power("colonel"))
    assert "player 2 (yellow) holds 3" in text and rule == "fire-bulls/power/colonel/it"
    return GAME.apply(s, Action.use_power("colonel"))


def test_the_colonels_choice_names_the_card_the_rival_could_pay():
    s = _colonel_choice()
    assert GAME.decision(s) == "colonel"
    text, rule = said(s, Action.colonel(1, "red"))
    assert "without it player 2 (yellow) can no longer pay the Wu (red) in direction 3" in text
    assert rule == "fire-bulls/power/colonel/it"
    assert "senza questa carta il giocatore 2 (giallo) non può più pagare la carta Wu (rosso)" in \
        said(s, Action.colonel(1, "red"), "it")[0]
    assert "sans elle, le joueur 2 (jaune) ne peut plus payer la carte Wu (rouge)" in \
        said(s, Action.colonel(1, "red"), "fr")[0]
    assert "green, red, red" in said(s, Action.spare(1))[0]


def test_the_warrior_penalty_names_the_dearer_card_kept():
    # 000: a Warrior costs one Yen card won in an earlier turn, at once: a red Soldier (1) or a green Xi (3)
    s = F.arrange(2, colours=("blue", "yellow"), rows=rows(H="soldier:brown"), hands={0: ["warrior"]},
                  won={0: ["soldier:red", "xi:green"]})
    s = _attacked(s, Action.attack(3, ["warrior"], "soldier:brown"))
    assert GAME.decision(s) == "penalty"
    text, rule = said(s, Action.lose("soldier:red"))
    assert "at 1 point it costs you less than your Xi (green)" in text and rule == "fire-bulls/warrior/penalty/it"
    assert "3 points" in said(s, Action.lose("xi:green"))[0]
    said(s, Action.lose("soldier:red"), "it"), said(s, Action.lose("soldier:red"), "fr")


def test_the_hand_limit_names_a_card_nothing_in_reach_asks_for():
    s = F.arrange(2, rows=rows(H="wu:green"), hands={0: ["green", "green", "green", "yellow", "yellow", "red",
                                                        "red", "blue"]}, reserve=["brown", "red", "red"])
    s = GAME.apply(s, Action.take("brown"))
    assert GAME.decision(s) == "hand-limit"
    text, rule = said(s, Action.release("brown"))
    assert "you hold 9 Qi cards, more than 8, and no Yen card in reach asks for brown" in text
    assert rule == "fire-bulls/hand/limit"
    assert "marrone" in said(s, Action.release("brown"), "it")[0]


def test_every_move_of_every_decision_has_a_board_reason_in_every_language():
    positions = [
        F.arrange(2, rows=rows(H="bo", D="soldier:red"), hands={0: ["green", "red"]},
                  reserve=["yellow", "red", "blue"]),
        F.arrange(3, ruleset="fr", pawns=(2, 3, 4), rows=rows(H="bo", D="soldier:red"), hands={0: ["red"]}),
        _colonel_choice(),
    ]
    for s in positions:
        for a in GAME.legal_actions(s):
            for lang in LANGS:
                said(s, a, lang)


def test_a_seats_hint_does_not_change_with_another_seats_hidden_cards():
    kwargs = dict(rows=rows(H="bo", D="wu:blue"), reserve=["yellow", "red", "blue"])
    one = F.arrange(2, hands={0: ["green", "blue"], 1: ["red", "red", "brown"]}, **kwargs)
    other = F.arrange(2, hands={0: ["green", "blue"], 1: ["warrior", "yellow", "green"]}, **kwargs)
    assert GAME.view(one, 0) == GAME.view(other, 0)
    for a in GAME.legal_actions(one):
        for lang in LANGS:
            assert GAME.hint_reason(one, 0, a, lang) == GAME.hint_reason(other, 0, a, lang)
    assert hints.hint(GAME, one).sentence == hints.hint(GAME, other).sentence


@pytest.mark.parametrize("ruleset,players", [("it", 2), ("fr", 3), ("it", 4)])
def test_no_reason_changes_when_what_the_seat_cannot_see_is_dealt_anew(ruleset, players):
    import random

    from tutor import bots

    s = GAME.new_game(players, seed=players, ruleset=ruleset)
    for step in range(120):
        seat = GAME.current_player(s)
        if seat is None:
            break
        if step % 3 == 0:
            other = GAME.resample_hidden(s, seat, random.Random(step))
            assert GAME.view(other, seat) == GAME.view(s, seat)
            for a in GAME.legal_actions(s)[:10]:
                assert GAME.hint_reason(s, seat, a) == GAME.hint_reason(other, seat, a), a
        s = GAME.apply(s, bots.RandomBot().choose(GAME, s))
