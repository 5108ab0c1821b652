"""Kamikaze Attack keeps the shared contract: who decides, what each seat sees,
what is conserved, hidden cards dealt anew, and every word in three languages."""

from __future__ import annotations

import json
import random

from tutor import IllegalAction
from tutor.core import Game
from tutor.games import kamikaze as K

G = K.GAME

# the rulebook's decks: each seat holds six cards
BASE_DECK = ["swordsman", "swordsman", "shieldbearer", "shieldbearer", "archer", "kamikaze"]


def play(s, *words):
    for w in words:
        s = G.apply(s, G.parse_action(s, w))
    return s


def test_the_game_declares_itself_as_data():
    assert isinstance(G, Game)
    info = G.info
    assert (info.min_players, info.max_players) == (2, 5)
    assert info.hidden_information and info.secret_choices and info.chance
    assert set(info.decisions) == {"challenge", "commit", "familiar", "cleric", "repeat"}
    assert info.rulesets == ("base", "expansion")


def test_who_decides_and_what():
    s = G.new_game(3, seed=1)
    assert (G.current_player(s), G.decision(s)) == (0, "challenge")
    s = play(s, "challenge player 3")
    assert (G.current_player(s), G.decision(s)) == (0, "commit")
    s = play(s, "play the Archer")
    assert (G.current_player(s), G.decision(s)) == (2, "commit")  # the challenged player commits second


def test_a_finished_game_has_nobody_to_decide():
    s = play(G.new_game(2, seed=2), *["play the Shieldbearer", "play the Swordsman"] * 3)
    assert G.is_over(s)
    assert G.current_player(s) is None and G.decision(s) == ""
    assert G.legal_actions(s) == []


def test_each_seat_sees_its_own_hand_and_the_teacher_sees_all():
    s = play(G.new_game(2, seed=0), "play the Archer")
    mine, theirs, teacher = G.view(s, 0), G.view(s, 1), G.view(s, None)
    # player 1's Archer lies face down: player 2 sees a hidden card, player 1 and the teacher the Archer
    assert theirs["field"] == ["hidden", None]
    assert mine["field"] == ["archer", None] and teacher["field"] == ["archer", None]
    assert mine["hands"][1] is None and theirs["hands"][0] is None
    assert theirs["hands"][1] == BASE_DECK
    assert teacher["hands"][1] == BASE_DECK and len(teacher["hands"][0]) == 5
    assert mine["hand_sizes"] == theirs["hand_sizes"] == [5, 6]
    assert teacher["player"] is None and teacher["decision"] == "commit" and teacher["current_player"] == 1
    for v in (mine, theirs, teacher):
        assert json.loads(json.dumps(v)) == v
        assert {"game", "player", "players", "current_player", "decision", "scores", "over", "ruleset",
                "hands", "hand_sizes"} <= set(v)


def test_what_a_seat_sees_does_not_depend_on_the_hidden_card():
    a = play(G.new_game(2, seed=0), "play the Archer")
    b = play(G.new_game(2, seed=0), "play the Kamikaze")
    assert G.view(a, 1) == G.view(b, 1)
    assert G.view(a, 0) != G.view(b, 0) and G.view(a, None) != G.view(b, None)


def test_every_card_is_conserved():
    s = G.new_game(2, seed=3)
    assert G.conserved(s) == {"swordsman": 4, "shieldbearer": 4, "archer": 2, "kamikaze": 2}
    rng = random.Random(3)
    while not G.is_over(s):
        s = G.apply(s, rng.choice(G.legal_actions(s)))
        assert G.conserved(s) == {"swordsman": 4, "shieldbearer": 4, "archer": 2, "kamikaze": 2}


def test_resampling_keeps_what_the_seat_sees():
    s = play(G.new_game(2, seed=0), "play the Kamikaze")
    seen = set()
    for i in range(40):
        t = G.resample_hidden(s, 1, random.Random(i))
        assert G.view(t, 1) == G.view(s, 1)
        assert G.conserved(t) == G.conserved(s)
        seen.add(t.field[0])
    # player 2 cannot tell which of player 1's six cards lies face down
    assert seen == {"swordsman", "shieldbearer", "archer", "kamikaze"}
    # the player who committed knows their own card: nothing to deal anew
    assert G.resample_hidden(s, 0, random.Random(1)) == s


def test_resampling_three_players_keeps_hand_sizes_and_legality():
    rng = random.Random(5)
    s = G.new_game(4, seed=5)
    for _ in range(30):
        if G.is_over(s):
            break
        me = G.current_player(s)
        t = G.resample_hidden(s, me, random.Random(rng.random()))
        assert G.view(t, me) == G.view(s, me)
        assert G.legal_actions(t) == G.legal_actions(s)
        s = G.apply(s, rng.choice(G.legal_actions(s)))


def test_a_hand_shown_by_the_librarian_is_not_dealt_anew():
    s = play(G.new_game(2, seed=5, ruleset="expansion", decks=["base", "ora-et-pugna"]),
             "play the Archer", "play the Librarian")
    assert s.seen and s.seen[0][:2] == (1, 0)
    for i in range(10):
        assert G.resample_hidden(s, 1, random.Random(i)).hands[0] == s.hands[0]


def test_actions_and_cards_are_worded_in_three_languages():
    assert G.action_text(K.Play("archer"), "en") == "play the Archer" == str(K.Play("archer"))
    assert G.action_text(K.Play("archer"), "it") == "gioca Arciere"
    assert G.action_text(K.Swap("sapper"), "fr") == "échanger le Familier contre Sapeur"
    assert G.action_text(K.Challenge(1), "it") == "sfida il giocatore 2"
    assert G.card_name("shieldbearer", "it") == "Scudiero"  # the rulebook's name
    assert G.card_name("shieldbearer", "fr") == "Porte-bouclier"
    assert G.decision_name("commit", "en") == "set a card aside, face down"
    for a in [K.Keep(), K.Decline(), K.TakeBack("librarian"), K.Challenge(3), K.Play("bard")]:
        assert G.action_text(a, "en") == str(a)
        assert G.action_text(a, "it") != str(a) and G.action_text(a, "fr") != str(a)


def test_narration_and_refusals_in_italian_and_french():
    s = G.new_game(2, seed=11)
    s, events = G.apply_explained(play(s, "play the Swordsman"), K.Play("archer"))
    win = next(e for e in events if e.kind == "win")
    assert G.message(win, "en") == win.text == "The Swordsman of Player 1 defeats the Archer of Player 2."
    assert G.message(win, "it") == "Spadaccino del Giocatore 1 sconfigge Arciere del Giocatore 2."
    assert G.message(win, "fr") == "Épéiste du Joueur 1 bat Archer du Joueur 2."
    try:
        G.apply(s, K.Play("bard"))
    except IllegalAction as exc:
        # player 2 lost the duel, so player 2 plays first in the next one
        assert G.message(exc, "it") == "Giocatore 2 non ha Bardo in mano"
    else:
        raise AssertionError("a card not in hand was played")


def test_every_message_has_its_italian_and_french():
    assert G.catalog.untranslated() == []


def test_examples_are_narrated_in_italian_and_french():
    for ex in G.examples():
        en = G.example_text(ex, "en")
        assert en["title"] == ex.title and en["steps"] == [s.narration for s in ex.steps]
        for lang in ("it", "fr"):
            texts = G.example_text(ex, lang)
            assert len(texts["steps"]) == len(ex.steps)
            if ex.id != "duel/double-kamikaze":
                assert texts["title"] != ex.title, (ex.id, lang)
            for mine, english in zip(texts["steps"], ex.steps):
                assert mine and mine != english.narration, (ex.id, lang)
    bard = next(ex for ex in G.examples() if ex.id == "power/bard")
    assert G.example_text(bard, "it")["title"] == "L'Arciere che batte un Bardo cambia parte"


def test_every_template_the_engine_uses_has_its_italian_and_french():
    import ast
    from pathlib import Path

    src = Path(K.__file__).parent
    positions = {"_bad": 1, "error": 1, "error_at": 1, "illegal": 1, "_parse_error": 1, "say": 2}
    used = set()
    for name in ("engine.py", "duels.py", "stalemate.py", "seat.py", "scenario.py", "actions.py"):
        for node in ast.walk(ast.parse((src / name).read_text())):
            if isinstance(node, ast.Call):
                f = node.func
                fn = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                args = node.args[positions[fn]:positions[fn] + 1] if fn in positions else []
                for a in args:
                    for c in (a.body, a.orelse) if isinstance(a, ast.IfExp) else (a,):
                        if isinstance(c, ast.Constant) and isinstance(c.value, str):
                            used.add(c.value)
    assert len(used) > 60
    catalog = G.catalog.messages.catalog
    missing = [t for t in used if not (catalog.get(t, {}).get("it") and catalog.get(t, {}).get("fr"))]
    assert missing == []


def test_a_commit_nobody_can_make_is_refused():
    """The issue's file: a commit phase whose player to commit has no card left."""
    s = play(G.new_game(2, seed=0), "play the Archer")
    data = json.loads(G.to_json(s))
    data["graveyards"][0] += data["hands"][1]  # player 2's six cards moved to a graveyard
    data["hands"][1] = []
    try:
        G.from_json(json.dumps(data))
    except Exception as exc:  # noqa: BLE001 - the kind is what the test checks
        assert type(exc).__name__ == "ScenarioError" and exc.field == "hands[1]"
        assert "no card to play" in str(exc)
    else:
        raise AssertionError("a running game with no legal action was accepted")


def test_files_carry_their_format_and_old_ones_load():
    s = play(G.new_game(3, seed=2), "challenge player 2")
    data = json.loads(G.to_json(s))
    assert (data["game"], data["format"]) == ("kamikaze-attack", 2)
    del data["format"]  # as saved before the format was written
    assert G.from_json(json.dumps(data)) == s
    data["format"] = 3
    try:
        G.from_json(json.dumps(data))
    except Exception as exc:  # noqa: BLE001
        assert type(exc).__name__ == "ScenarioError" and exc.field == "format"
    else:
        raise AssertionError("a file from a future format was accepted")


# -- a Cleric's take-back, with and without narration (regressions found by the conformance suite)

def _cleric_table(players=2):
    """Player 1 (base deck) holds a Shieldbearer and a Swordsman, neither of which beats a Cleric;
    player 2 (Ora et pugna) holds a Cleric and an Archer; player 1's graveyard holds a Librarian
    and a Cleric that player 2 lost.  A third player, if any, still has a whole base deck."""
    hands = [["shieldbearer", "swordsman"], ["cleric", "archer"]]
    graves = [["librarian", "librarian", "cleric", "kamikaze"], ["swordsman", "shieldbearer", "archer", "kamikaze"]]
    decks = ["base", "ora-et-pugna"]
    if players == 3:
        hands.append(list(BASE_DECK))
        graves.append([])
        decks.append("base")
    return K.scenario(hands, graves, decks=decks, ruleset="expansion")


def _both_ways(s, *words):
    """Play ``words`` with apply and with apply_explained: both must reach the same positions."""
    for w in words:
        a = G.parse_action(s, w)
        quiet, (told, _events) = G.apply(s, a), G.apply_explained(s, a)
        assert quiet == told, f"apply and apply_explained disagree after {w!r}"
        s = quiet
    return s


def test_a_cleric_taking_a_card_back_changes_the_game_even_unnarrated():
    """Shieldbearer against Cleric retreats (the Cleric is like the Shieldbearer); the Cleric then takes
    a card back from the opponent's graveyard.  That duel changed something, so it does not count towards
    the stalemate by refusal: only two duels from the same position that change nothing end the game."""
    s = _both_ways(_cleric_table(), "play the Shieldbearer", "play the Cleric", "take back the Librarian")
    assert sorted(s.hands[1]) == ["archer", "cleric", "librarian"]
    assert sorted(s.graveyards[0]) == ["cleric", "kamikaze", "librarian"]
    # the same duel again from here, nothing taken: the first duel from this position that changes nothing
    s = _both_ways(s, "play the Shieldbearer", "play the Cleric", "take nothing back")
    assert not G.is_over(s) and G.current_player(s) == 0  # after a retreat player 1 plays again
    # a second time: player 2 will only play the Cleric here and player 1 cannot beat it; player 2 says
    # whether that ends the game
    s = _both_ways(s, "play the Shieldbearer", "play the Cleric", "take nothing back")
    assert not G.is_over(s) and G.decision(s) == "repeat" and G.current_player(s) == 1
    s = _both_ways(s, "end the game in stalemate")
    assert G.is_over(s) and s.end == "repetition"


def test_the_duel_remembers_what_its_cleric_took_back_across_a_save():
    s = play(_cleric_table(), "play the Shieldbearer", "play the Cleric", "take back the Librarian")
    saved = json.loads(G.to_json(s))
    assert saved["last_duel"]["taken"] == [{"player": 1, "card": "librarian"}]
    assert G.view(s, 0)["last_duel"]["taken"] == [{"player": 1, "card": "librarian"}]
    assert G.from_json(G.to_json(s)) == s
    # a file saved before the duel recorded its take-backs: nothing was taken
    del saved["last_duel"]["taken"]
    assert G.from_json(json.dumps(saved)).last("taken") == ()
    # only the player whose Cleric retreated took a card back, never a Kamikaze
    for entry, field in (({"player": 0, "card": "librarian"}, "last_duel.taken[0].player"),
                         ({"player": 1, "card": "kamikaze"}, "last_duel.taken[0].card"),
                         ({"player": 1, "card": "joker"}, "last_duel.taken[0].card"),
                         ("librarian", "last_duel.taken[0]")):
        saved["last_duel"]["taken"] = [entry]
        try:
            G.from_json(json.dumps(saved))
        except Exception as exc:  # noqa: BLE001 - the kind is what the test checks
            assert type(exc).__name__ == "ScenarioError" and exc.field == field, (entry, exc)
            assert len(str(exc)) < 300
        else:
            raise AssertionError(f"a take-back {entry!r} was accepted")


def test_resampling_leaves_a_retreated_cleric_in_its_hand():
    """Both cards were revealed and retreated to their hands: while player 2 decides what the Cleric takes
    back, everybody knows player 2 holds the Cleric and player 1 the Shieldbearer."""
    s = play(_cleric_table(3), "challenge player 2", "play the Shieldbearer", "play the Cleric")
    assert (G.decision(s), G.current_player(s)) == ("cleric", 1)
    dealt = set()
    for viewer in (0, 2):
        for i in range(30):
            r = G.resample_hidden(s, viewer, random.Random(i))
            assert G.view(r, viewer) == G.view(s, viewer)
            if viewer != 0:
                assert "shieldbearer" in r.hands[0]
            assert "cleric" in r.hands[1] and G.legal_actions(r) == G.legal_actions(s)
            assert G.from_json(G.to_json(r)) == r
            dealt.add((r.hands[0], r.hands[1], r.hands[2]))
    assert len(dealt) > 2  # the cards nobody saw were dealt anew


def test_resampling_leaves_a_familiar_something_to_swap_for():
    """Player 2's revealed Familiar may be swapped for another card in hand, not the Kamikaze: everybody
    sees player 2 asked, so a deal that leaves player 2 only a Kamikaze is not a position the others
    could be in."""
    s = K.scenario([["swordsman", "shieldbearer"], ["familiar", "sapper"], list(BASE_DECK)],
                   [["familiar", "sapper", "archer", "kamikaze"], ["swordsman", "shieldbearer", "archer", "kamikaze"],
                    []],
                   decks=["base", "tecnobarbari", "base"], ruleset="expansion")
    s = play(s, "challenge player 2", "play the Swordsman", "play the Familiar")
    assert (G.decision(s), G.current_player(s)) == ("familiar", 1)
    dealt = set()
    for viewer in (0, 2):
        for i in range(40):
            r = G.resample_hidden(s, viewer, random.Random(i))
            assert G.view(r, viewer) == G.view(s, viewer)
            assert any(c != "kamikaze" for c in r.hands[1]) and G.decision(r) == "familiar"
            assert G.from_json(G.to_json(r)) == r
            dealt.add(r.hands[1])
    assert len(dealt) > 2  # player 2's one card in hand was dealt anew
