"""The position editor puts on the table what lies beyond the hands and piles, by name, in the page's language.

Each position is described by hand from the rulebooks' sentences: Tir Nan Og's territory turned face
down after a lost dispute (004), Kamikaze's Sapper left on the field and a card laid face down in a
duel (003), Fire Bulls' three columns of three Yen cards and the pawns on the five directions (000),
Formula E's ten Sacred Cow pieces, the Rat piece and the elephants on the start grid (002).  The
engine's refusals are quoted as the page shows them.
"""

from __future__ import annotations

import copy
import json

from tutor import editor as E
from tutor import games

TNO = games.get("tir-nan-og")
KAMIKAZE = games.get("kamikaze-attack")
FIRE_BULLS = games.get("fire-bulls")
FORMULA_E = games.get("formula-e")


# ------------------------------------------------------------------ Tir Nan Og Wars (rulebook 004)
def test_a_consolidated_territory_turned_face_down_in_italian():
    """"ogni giocatore sconfitto, gira la carta territorio consolidato visibile a faccia in giù (che varrà
    così 0 punti e perde l'eventuale potere)": Giocatore 1 lost a dispute with a plain on top."""
    ed = E.Editor.from_state(TNO, TNO.new_game(3, seed=1), "it")
    for card in ed.contents("reserves.0"):  # the dealt reserve back to its pile
        assert ed.remove(card, "reserves.0").done
    assert ed.add("pianura 1", "stacks.0").legal
    assert ed.state().discount[0]  # a visible plain gives its discount
    out = ed.add("pianura 1", "face_down.0")
    assert out.done and out.legal, out.text
    assert ed.contents("stacks.0") == ["plain-1"]  # it stays in the stack
    assert ed.state().down[0] == ("plain-1",)
    assert not ed.state().discount[0]  # face down: no power
    assert ed.zone_label("face_down.0") == "Coperti tra i consolidati del Giocatore 1"


def test_only_a_card_of_the_stack_turns_face_down_and_the_mark_leaves_with_it():
    ed = E.Editor.from_state(TNO, TNO.new_game(3, seed=1), "fr")
    before = copy.deepcopy(ed.data)
    out = ed.add("château 1", "face_down.1")
    assert not out.done and ed.data == before
    assert out.text == ("Face cachée parmi les consolidés du Joueur 2 n'accepte qu'une carte qui se trouve dans "
                        "consolidés par le Joueur 2")
    assert ed.add("château 1", "stacks.1").done and ed.add("château 1", "face_down.1").legal
    assert ed.remove("castle-1", "stacks.1").legal  # back to its pile, face up again
    assert ed.contents("face_down.1") == [] and ed.state().down[1] == ()


# ------------------------------------------------------------------ Kamikaze Attack (rulebook 003)
def tecnobarbari() -> E.Editor:
    """Three players, the third with the Tecnobarbari deck (2 Familiars, 2 Sappers, 1 Archer, 1 Kamikaze)."""
    data = json.loads(KAMIKAZE.to_json(KAMIKAZE.new_game(3, seed=1)))
    data["decks"][2] = "tecnobarbari"
    data["hands"][2] = ["familiar", "familiar", "sapper", "sapper", "archer", "kamikaze"]
    ed = E.Editor(KAMIKAZE, data, "it")
    assert ed.set_pending("challenge").legal, ed.verdict()
    return ed


def test_a_sapper_left_on_the_field_in_italian():
    """"Il Geniere è come lo Scudiero, ma se viene sconfitto rimane in campo finché non viene sconfitto
    nuovamente (finché non succede, chi l'ha giocato non può giocare nuove carte)"."""
    ed = tecnobarbari()
    out = ed.move("Geniere", "hands.2", "field.2")
    assert out.done and out.legal, out.text
    assert ed.state().field[2] == "sapper" and ed.state().held[2]
    assert ed.contents("hands.2").count("sapper") == 1 and len(ed.contents("hands.2")) == 5
    full = ed.move("Geniere", "hands.2", "field.2")
    assert not full.done and full.text == "Campo del Giocatore 3 contiene già Geniere"


def test_a_card_on_the_field_outside_a_duel_is_refused_and_a_duel_takes_it_face_down():
    """A card played lies on the field only in its duel, face down until both duelists have laid theirs
    ("le carte vengono giocate coperte e rivelate contemporaneamente")."""
    ed = tecnobarbari()
    out = ed.move("Spadaccino", "hands.0", "field.0")
    assert out.done and not out.legal
    assert out.text == ("Il motore rifiuta questa posizione: Campo del Giocatore 1: una carta messa da parte "
                        "resta in campo solo durante il suo duello")
    duel = ed.set_pending("commit", opponent=1)  # Giocatore 1 challenged Giocatore 2
    assert duel.done and duel.legal, duel.text
    assert duel.text == "Il motore accetta questa posizione: decide Giocatore 2 (mette da parte una carta coperta)."
    s = ed.state()
    assert s.field[0] == "swordsman" and s.hidden[0] and s.opponent == 1
    back = ed.set_pending("challenge")  # no duel: the Swordsman back in hand
    assert back.legal and ed.state().field[0] is None and ed.contents("hands.0").count("swordsman") == 2


# ------------------------------------------------------------------ Fire Bulls (rulebook 000)
def test_the_rows_hold_one_yen_card_a_slot_and_never_the_general():
    """"Pescare 3 carte da ciascun mazzetto e ponetele scoperte lungo una colonna": nine slots, one card
    each; a card taken away goes back to a pile, so the 54 Yen cards still add up."""
    ed = E.Editor.from_state(FIRE_BULLS, FIRE_BULLS.new_game(2, seed=1), "it")
    first = ed.contents("rows.A")
    assert len(first) == 1
    assert ed.remove(first[0], "rows.A").legal
    out = ed.add("Bo", "rows.A")
    assert out.done and out.legal, out.text
    assert ed.state().slots[0] == "bo"
    again = ed.add("Bo", "rows.A")
    assert not again.done and again.text == "Posizione A contiene già Bo"
    assert ed.remove("bo", "rows.A").legal
    general = ed.add("Generale", "rows.A")
    assert general.done and not general.legal
    assert general.text.startswith("Il motore rifiuta questa posizione: Posizione A: ")


def test_a_pawn_moves_to_a_free_direction_only():
    """"ne piazza ... l'altro in una delle 5 direzioni": one pawn a direction."""
    ed = E.Editor.from_state(FIRE_BULLS, FIRE_BULLS.new_game(2, seed=1), "it")
    mine, theirs = ed.state().pawns
    taken = ed.move("pawn-0", f"directions.{mine}", f"directions.{theirs}")
    assert not taken.done and taken.text == f"Direzione {theirs} contiene già Toro di fuoco del Giocatore 2"
    free = next(d for d in range(1, 6) if d not in (mine, theirs))
    out = ed.move("Toro di fuoco del Giocatore 1", f"directions.{mine}", f"directions.{free}")
    assert out.done and out.legal, out.text
    assert ed.state().pawns == (free, theirs)
    for name in ("pion de joueur 1", "Pion du Joueur 1", "pawn of player 1", "toro di fuoco di giocatore 1"):
        assert ed.find(name) == "pawn-0", name
    kept = ed.remove("pawn-0", f"directions.{free}")
    assert not kept.done and kept.text == "Toro di fuoco del Giocatore 1 resta sul tavolo: spostalo dove va"


# ------------------------------------------------------------------ Formula E (rulebook 002)
def test_ten_sacred_cows_and_no_eleventh():
    """"10 pedine Mucca Sacra": the track's five and five more put down; the eleventh is refused."""
    ed = E.Editor.from_state(FORMULA_E, FORMULA_E.new_game(3, seed=1), "it")
    assert len(ed.state().cows) == 5
    for space in ("a3", "c3", "a5", "c6", "a7"):
        out = ed.add("Mucca Sacra", f"track.{space}")
        assert out.done and out.legal, out.text
    assert len(ed.state().cows) == 10
    out = ed.add("mucca sacra", "track.a12")
    assert out.done and not out.legal
    assert out.text == "Il motore rifiuta questa posizione: Mucche Sacre: attese al massimo 10 voci, trovate 11"
    assert ed.remove("Mucca Sacra", "track.a12").legal


def test_the_rat_piece_by_its_italian_name_and_an_elephant_on_the_start_grid():
    """"Piazza la pedina Topo nella prima tana del topo": "Topo" on a space is the piece, not the card.
    The start grid fills from the seat before the first player backwards: Giocatore 3, then 2."""
    ed = E.Editor.from_state(FORMULA_E, FORMULA_E.new_game(3, seed=1), "it")
    hands = copy.deepcopy(ed.data["hands"])
    out = ed.add("Topo", "track.a4")
    assert out.done and out.legal, out.text
    assert ed.data["hands"] == hands and ed.state().rat == (3, 0)
    assert ed.contents("track.a4") == ["piece-rat"]
    assert ed.add("Elefante del Giocatore 3", "track.b1").done
    out = ed.set_turn(1)
    assert out.legal, out.text
    assert out.text == ("Il motore accetta questa posizione: decide Giocatore 2 "
                        "(piazza il proprio Elefante sulla griglia di partenza).")
    # "Le Mucche Sacre non possono muovere in una casella occupata da un Elefante"
    cow = ed.add("Mucca Sacra", "track.b1")
    assert cow.done and not cow.legal and "due pedine su una casella" in cow.text
    assert cow.text.startswith("Il motore rifiuta questa posizione: ")
