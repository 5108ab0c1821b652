"""Kamikaze Attack hints name what a player sees on the table, for every decision of the game.

Positions are built by hand (``scenario``); the expected words come from the rulebook (003): each base
deck holds 2 Swordsmen, 2 Shieldbearers, an Archer and a Kamikaze; the Swordsman beats the Archer and
retreats before the Shieldbearer; the Archer beats the Shieldbearer; the Kamikaze beats every card;
the expansion's Librarian and Familiar fight like a Swordsman, its Cleric and Sapper like a
Shieldbearer; a Cleric that retreats takes a card back from the opponent's graveyard; the most cards
in the graveyard win.
"""

from __future__ import annotations

import re

import pytest

from tutor import hints
from tutor.games import kamikaze as K

GAME = K.GAME
LANGS = ("en", "it", "fr")
ENGLISH = re.compile(r"\b(the|they|you|your|hold|holds|beats?|only|none|graveyard|cards?|revealed|and|with)\b",
                     re.IGNORECASE)


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """Searches end on their iteration count only, so the same position gives the same hint under load."""
    monkeypatch.setattr(hints, "TIME_LIMIT", 60.0)


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


def test_the_coach_names_the_cards_the_rival_holds():
    # the rival holds a Shieldbearer and an Archer: a Swordsman beats the Archer and retreats before the other
    s = K.scenario([["swordsman", "swordsman"], ["archer", "shieldbearer"]],
                   [["shieldbearer", "shieldbearer", "archer", "kamikaze"],
                    ["swordsman", "swordsman", "shieldbearer", "kamikaze"]])
    for lang, words in (("en", "they hold Shieldbearer and Archer"), ("it", "ha Scudiero e Arciere"),
                        ("fr", "il a Porte-bouclier et Archer")):
        h = hints.hint(GAME, s, lang=lang)
        assert h.source == "coach" and h.action == K.Play("swordsman")
        assert words in h.sentence, h.sentence
        if lang != "en":
            assert not ENGLISH.search(h.sentence), h.sentence


def _three():
    """Three players (two base decks and Ora et pugna): Player 1 holds a Swordsman and an Archer, the rivals a
    Shieldbearer, a Kamikaze, a Librarian and a Cleric between them; Player 1 challenges Player 2."""
    s = K.scenario([["swordsman", "archer"], ["shieldbearer", "kamikaze"], ["librarian", "cleric"]],
                   [["swordsman"] * 3 + ["shieldbearer"] * 3, ["archer", "archer", "kamikaze", "kamikaze"],
                    ["librarian", "cleric"]])
    return GAME.apply(s, K.Challenge(1))


def test_a_card_is_advised_for_what_the_unseen_cards_can_do_to_it():
    s = _three()
    text, rule = said(s, K.Play("swordsman"))
    assert "of the cards you cannot see (Shieldbearer, Kamikaze, Librarian and Cleric), only the Kamikaze beats " \
           "the Swordsman" in text
    assert rule == "kamikaze-attack/duel/kamikaze-beats-all"
    text, _ = said(s, K.Play("archer"))
    assert "only the Kamikaze and Librarian beat the Archer" in text
    assert "Scudiero, Kamikaze, Bibliotecario e Chierico" in said(s, K.Play("swordsman"), "it")[0]
    assert "Porte-bouclier, Kamikaze, Bibliothécaire et Clerc" in said(s, K.Play("swordsman"), "fr")[0]


def test_a_challenge_names_the_rivals_graveyard_and_hand():
    s = K.scenario([["swordsman", "archer"], ["shieldbearer", "kamikaze"], ["librarian", "cleric"]],
                   [["swordsman"] * 3 + ["shieldbearer"] * 3, ["archer", "archer", "kamikaze", "kamikaze"],
                    ["librarian", "cleric"]])
    text, rule = said(s, K.Challenge(1))  # Player 2 has 4 cards in the graveyard, Player 3 has 2
    assert "Player 2 leads with 4 cards in their graveyard" in text and rule == "kamikaze-attack/victory/graveyard"
    for lang in ("it", "fr"):
        said(s, K.Challenge(2), lang)


def test_the_familiar_choice_names_the_card_the_rival_revealed():
    s = K.scenario([["archer", "swordsman"], ["familiar", "sapper"]],
                   [["swordsman", "shieldbearer", "shieldbearer", "kamikaze"],
                    ["familiar", "sapper", "archer", "kamikaze"]], decks=["base", "tecnobarbari"])
    s = GAME.apply(GAME.apply(s, K.Play("archer")), K.Play("familiar"))
    assert GAME.decision(s) == "familiar" and GAME.current_player(s) == 1
    text, rule = said(s, K.Keep())
    assert "Player 1 revealed the Archer, and the Familiar beats it" in text
    assert rule == "kamikaze-attack/duel/swordsman-beats-archer"
    text, rule = said(s, K.Swap("sapper"))
    assert "Player 1 revealed the Archer, and it beats the Sapper" in text
    assert rule == "kamikaze-attack/duel/archer-beats-shieldbearer"
    assert "Giocatore 1 ha rivelato Arciere" in said(s, K.Keep(), "it")[0]
    assert "Joueur 1 a révélé Archer" in said(s, K.Keep(), "fr")[0]


def test_the_clerics_choice_names_the_rivals_graveyard():
    # a Cleric retreats before a Swordsman, then takes back a card from Player 1's graveyard (3 cards)
    s = K.scenario([["swordsman", "archer"], ["cleric", "librarian"]],
                   [["librarian", "cleric", "archer"], ["swordsman", "shieldbearer", "shieldbearer", "kamikaze",
                                                        "kamikaze"]], decks=["base", "ora-et-pugna"])
    s = GAME.apply(GAME.apply(s, K.Play("swordsman")), K.Play("cleric"))
    assert GAME.decision(s) == "cleric" and GAME.current_player(s) == 1
    text, rule = said(s, K.TakeBack("archer"))
    assert "the Archer leaves the graveyard of Player 1, down from 3 cards to 2" in text
    assert rule == "kamikaze-attack/power/cleric"
    text, _ = said(s, K.Decline())
    assert "the graveyard of Player 1 holds Archer, Librarian and Cleric" in text
    assert "il cimitero del Giocatore 1 contiene Arciere, Bibliotecario e Chierico" in said(s, K.Decline(), "it")[0]
    assert "le cimetière du Joueur 1 contient Archer, Bibliothécaire et Clerc" in said(s, K.Decline(), "fr")[0]


def test_ending_in_stalemate_names_the_card_and_the_graveyards():
    # nothing Player 2 holds (a Swordsman, a Shieldbearer) beats a Shieldbearer: played twice from the same
    # position, Player 1 may end the game, 5 cards to 3 in the graveyards
    s = K.scenario([["shieldbearer", "archer"], ["swordsman", "shieldbearer"]],
                   [["swordsman", "swordsman", "swordsman", "shieldbearer", "kamikaze"],
                    ["shieldbearer", "archer", "kamikaze"]])
    for _ in range(2):
        s = GAME.apply(GAME.apply(s, K.Play("shieldbearer")), K.Play("swordsman"))
    assert GAME.decision(s) == "repeat" and GAME.current_player(s) == 0
    h = hints.hint(GAME, s)
    assert h.action == K.Stop()
    assert "nothing Player 2 holds beats your Shieldbearer, and ending the game now you win, 5 cards to 3" \
        in h.sentence
    for lang in ("it", "fr"):
        said(s, K.Stop(), lang), said(s, K.PlayOn(), lang)


def test_a_seats_hint_does_not_change_with_another_seats_hidden_cards():
    s = _three()
    swapped = K.scenario([["swordsman", "archer"], ["librarian", "cleric"], ["shieldbearer", "kamikaze"]],
                         [["swordsman"] * 3 + ["shieldbearer"] * 3, ["archer", "archer", "kamikaze", "kamikaze"],
                          ["librarian", "cleric"]])
    swapped = GAME.apply(swapped, K.Challenge(1))
    assert GAME.view(s, 0) == GAME.view(swapped, 0)
    for a in GAME.legal_actions(s):
        for lang in LANGS:
            assert GAME.hint_reason(s, 0, a, lang) == GAME.hint_reason(swapped, 0, a, lang)
    assert hints.hint(GAME, s).sentence == hints.hint(GAME, swapped).sentence
    # the second duelist to commit: the first one's face-down card is not named
    one = GAME.apply(s, K.Play("swordsman"))
    other = GAME.apply(s, K.Play("archer"))
    assert GAME.view(one, 1) == GAME.view(other, 1)
    for a in GAME.legal_actions(one):
        assert GAME.hint_reason(one, 1, a) == GAME.hint_reason(other, 1, a)


@pytest.mark.parametrize("ruleset,players", [("base", 2), ("expansion", 3), ("expansion", 5)])
def test_no_reason_changes_when_what_the_seat_cannot_see_is_dealt_anew(ruleset, players):
    import random

    from tutor import bots

    s = GAME.new_game(players, seed=players, ruleset=ruleset)
    for step in range(80):
        seat = GAME.current_player(s)
        if seat is None:
            break
        other = GAME.resample_hidden(s, seat, random.Random(step))
        assert GAME.view(other, seat) == GAME.view(s, seat)
        for a in GAME.legal_actions(s):
            assert GAME.hint_reason(s, seat, a) == GAME.hint_reason(other, seat, a), a
        s = GAME.apply(s, bots.RandomBot().choose(GAME, s))
