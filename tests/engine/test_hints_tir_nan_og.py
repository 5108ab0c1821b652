"""Tir Nan Og Wars' hints say why in the game's terms: the fact a player counts on the table and the
rule that makes it matter, in English, Italian and French, from what the seat can see.

Positions are laid out by hand; every expected number is counted here from rulebook 004: a castle earns
1 point a turn per visible forest and river of the others, the temple compares the top three territories'
values (plain 2, castle 3, river 4, volcano 1, temple 3), the volcano gives 3 to the fewest cards in hand,
the forest 1 per fairy in hand and on the visible territory, a river scores 3 instead of 2, a dispute
counts the hand and the visible territory's creatures ('?' ignored).  Card symbols are the tutor's
(data/territories.json): plain-1 griffin, elf; castle-1 griffin, centaur, centaur, ?; forest-1 fairy,
fairy, elf; river-2 fairy, fairy, griffin, griffin; volcano-1 dragon, ?, ?; temple-1 dragon, elf, fairy, ?.
"""

from __future__ import annotations

import re

import pytest

from tutor import hints
from tutor.games.tir_nan_og import GAME, scenario
from tutor.games.tir_nan_og.actions import Consolidate, Discard, Join, Pass, StayOut, TakeCreatures, TakeTerritory

LANGS = ("en", "it", "fr")
R = "tir-nan-og/"


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """The search ends on its iteration count only, so the same view gives the same hint under load."""
    monkeypatch.setattr(hints, "TIME_LIMIT", 60.0)


def play(s, *words):
    for w in words:
        s = GAME.apply(s, GAME.parse_action(s, w))
    return s


def said(s, action, lang="en", seat=None):
    assert action in GAME.legal_actions(s), action
    seat = GAME.current_player(s) if seat is None else seat
    found = GAME.hint_reason(s, seat, action, lang)
    assert found is not None, f"no reason for {action}"
    sentence, rule = found
    assert rule in GAME.rules and GAME.rules[rule].wording(lang)[0] in sentence, (sentence, rule)
    return re.sub("[\u00a0\u202f]", " ", sentence), rule  # French puts no-break spaces before : and ?


def consolidate(s, kind):
    return next(a for a in GAME.legal_actions(s) if isinstance(a, Consolidate) and a.kind == kind)


# ------------------------------------------------------------------ consolidating
CASTLE = {"en": ("the forest of Player 2", "the river of Player 3", "2 points"),
          "it": ("la foresta del Giocatore 2", "il fiume del Giocatore 3", "2 punti"),
          "fr": ("la forêt du Joueur 2", "la rivière du Joueur 3", "2 points")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_castle_names_the_forests_and_rivers_it_earns_from(lang):
    # Player 2 shows a forest on top, Player 3 a river: 1 point each, every turn the castle stays on top
    s = scenario([["griffin", "centaur", "centaur", "dragon"], ["elf"], ["elf"]],
                 stacks=[[], ["forest-1"], ["river-2"]], reserves=[["castle-1"], [], []])
    sentence, rule = said(s, consolidate(s, "castle"), lang)
    assert rule == R + "power/castle"
    assert all(fact in sentence for fact in CASTLE[lang]), sentence


TEMPLE = {"en": ("worth 8", "Player 3 (5)", "2 points for you", "3 each for Player 2"),
          "it": ("varranno 8", "del Giocatore 3 (5)", "2 punti per te", "3 a testa per il Giocatore 2"),
          "fr": ("vaudront 8", "le Joueur 3 (5)", "2 points pour toi", "3 chacun pour le Joueur 2")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_temple_compares_the_top_three_as_in_the_rulebooks_example(lang):
    # Alfredo: temple 3 + plain 2 + castle 3 = 8; Alex: river 4 + castle 3 + plain 2 = 9; Carlo: river 4 +
    # volcano 1 = 5.  Alfredo beats Carlo (2 points) and loses to Alex (3 points to Alex).
    s = scenario([["dragon", "elf", "fairy"], [], []],
                 stacks=[["castle-3", "plain-3"], ["plain-2", "castle-2", "river-1"], ["river-2", "volcano-1"]],
                 reserves=[["temple-1"], [], []])
    sentence, rule = said(s, consolidate(s, "temple"), lang)
    assert rule == R + "power/temple"
    assert all(fact in sentence for fact in TEMPLE[lang]), sentence


VOLCANO = {"en": ("1 card", "4 for Player 2", "3 for Player 3", "3 points"),
           "it": ("1 carta", "4 per il Giocatore 2", "3 per il Giocatore 3", "3 punti"),
           "fr": ("1 carte", "4 pour le Joueur 2", "3 pour le Joueur 3", "3 points")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_volcano_counts_the_hands_after_paying(lang):
    # four cards, three paid for the volcano: one left against the others' 4 and 3, the fewest: 3 points
    s = scenario([["dragon", "elf", "fairy", "griffin"], ["elf"] * 4, ["fairy"] * 3],
                 reserves=[["volcano-1"], [], []])
    action = Consolidate("volcano", ("dragon", "elf", "fairy"))
    sentence, rule = said(s, action, lang)
    assert rule == R + "power/volcano"
    assert all(fact in sentence for fact in VOLCANO[lang]), sentence


FOREST = {"en": ("1 fairy you keep in hand", "the 2 on the forest", "3 points"),
          "it": ("la 1 fata che tieni in mano", "sulla foresta (2)", "3 punti"),
          "fr": ("la 1 fée que tu gardes en main", "de la forêt (2)", "3 points")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_forest_counts_the_fairies_kept_and_shown(lang):
    # three fairies, two paid: one stays in hand, and the forest itself shows two: 3 points at once
    s = scenario([["fairy", "fairy", "fairy", "elf", "dragon"], ["elf"]], reserves=[["forest-1"], []])
    sentence, rule = said(s, Consolidate("forest", ("elf", "fairy", "fairy")), lang)
    assert rule == R + "power/forest"
    assert all(fact in sentence for fact in FOREST[lang]), sentence


PLAIN = {"en": ("the castle in your reserve", "3 creatures instead of 4"),
         "it": ("il castello della tua riserva", "3 creature invece di 4"),
         "fr": ("le château de ta réserve", "3 créatures au lieu de 4")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_plain_names_the_territory_it_makes_cheaper(lang):
    s = scenario([["griffin", "elf"], ["elf"]], reserves=[["plain-1", "castle-1"], []])
    sentence, rule = said(s, consolidate(s, "plain"), lang)
    assert rule == R + "power/plain"
    assert all(fact in sentence for fact in PLAIN[lang]), sentence


RIVER = {"en": ("3, not 2", "20 cards left", "final"), "it": ("3 punti, non 2", "20 carte rimaste", "finale"),
         "fr": ("3 points, et non 2", "20 cartes restantes", "final")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_river_names_the_scorings_to_come(lang):
    s = scenario([["fairy", "fairy", "griffin", "griffin"], ["elf"]], reserves=[["river-2"], []], deck_size=20)
    sentence, rule = said(s, consolidate(s, "river"), lang)
    assert rule == R + "power/river"
    assert all(fact in sentence for fact in RIVER[lang]), sentence


# ------------------------------------------------------------------ taking
@pytest.mark.parametrize("lang,facts", [("en", ("3 of the 4", "griffin, centaur, centaur, ?")),
                                        ("it", ("3 delle 4", "grifone, centauro, centauro, ?")),
                                        ("fr", ("3 des 4", "griffon, centaure, centaure, ?"))])
def test_a_territory_is_advised_for_the_creatures_the_hand_already_holds(lang, facts):
    # the castle asks griffin, centaur, centaur, ?: the hand's griffin, one centaur and (for the '?') the
    # dragon cover 3 of its 4 creatures
    s = scenario([["griffin", "centaur", "dragon"], ["elf"]], tops={"castle": ["castle-1"]}, reserves=[[], []])
    sentence, rule = said(s, TakeTerritory("castle"), lang)
    assert rule == R + "consolidate/pay" and all(f in sentence for f in facts), sentence
    # with the second centaur the hand pays it all ('?' takes the dragon)
    t = scenario([["griffin", "centaur", "centaur", "dragon"], ["elf"]], tops={"castle": ["castle-1"]})
    pays, _ = said(t, TakeTerritory("castle"), lang)
    assert facts[1] in pays and {"en": "already pays", "it": "paga già", "fr": "paie déjà"}[lang] in pays, pays


TAKE = {"en": ("pays for the castle in your reserve", "will then need 1 creature instead of 2"),
        "it": ("paga il castello della tua riserva", "chiederà poi 1 creatura invece di 2"),
        "fr": ("paie le château de ta réserve", "demandera ensuite 1 créature au lieu de 2")}


@pytest.mark.parametrize("lang", LANGS)
def test_creatures_are_advised_for_what_the_reserve_still_needs(lang):
    # the castle asks griffin, centaur, centaur, ?; the hand holds griffin and centaur: 2 still needed
    s = scenario([["griffin", "centaur"], ["elf"]], reserves=[["castle-1"], []],
                 display=["centaur", "dragon", "elf", "fairy", "fairy"])
    done, rule = said(s, TakeCreatures(("dragon", "centaur")), lang)  # the centaur and, for the '?', the dragon
    assert rule == R + "consolidate/pay" and TAKE[lang][0] in done, done
    half, _ = said(s, TakeCreatures(("dragon", "elf")), lang)  # only the '?' is paid: a centaur is missing
    assert TAKE[lang][1] in half, half


# ------------------------------------------------------------------ the fountain dispute
def _rulebook_dispute():
    """The rulebook's dispute: Alfredo shows a plain (satyr, the tutor's griffin, and elf) and holds two
    satyrs; Alex a volcano (a dragon) holding a dragon and two fairies; Carlo a castle (a satyr, two
    centaurs) holding a centaur and a satyr.  Alfredo reveals the fountain under the river he takes."""
    return scenario([["griffin", "griffin"], ["dragon", "fairy", "fairy"], ["centaur", "griffin"]],
                    stacks=[["plain-1"], ["volcano-1"], ["castle-1"]], tops={"river": ["river-3", "fountain-river"]})


JOIN = {"en": ("3 griffins", "Player 2 (3 cards in hand, 1 dragon on top)",
               "Player 3 (2 cards in hand, 2 centaurs on top)"),
        "it": ("3 grifoni", "al Giocatore 2 (3 carte in mano, 1 drago in cima)",
               "al Giocatore 3 (2 carte in mano, 2 centauri in cima)"),
        "fr": ("3 griffons", "le Joueur 2 (3 cartes en main, 1 dragon au-dessus)",
               "le Joueur 3 (2 cartes en main, 2 centaures au-dessus)")}


@pytest.mark.parametrize("lang", LANGS)
def test_joining_counts_your_majority_against_what_the_rivals_show(lang):
    s = play(_rulebook_dispute(), "take the river")
    assert GAME.decision(s) == "dispute" and GAME.current_player(s) == 0
    sentence, rule = said(s, Join(), lang)
    assert rule == R + "fountain/count"
    assert all(fact in sentence for fact in JOIN[lang]), sentence


@pytest.mark.parametrize("lang,facts", [("en", ("2 dragons", "the volcano", "face down")),
                                        ("it", ("2 draghi", "il vulcano", "faccia in giù")),
                                        ("fr", ("2 dragons", "le volcan", "face cachée"))])
def test_staying_out_names_the_territory_a_lost_dispute_turns_face_down(lang, facts):
    # Alex counts 2 dragons (one in hand, one on the volcano) or 2 fairies: his volcano is at stake
    s = play(_rulebook_dispute(), "take the river", "join")
    sentence, rule = said(s, StayOut(), lang)
    assert rule == R + "fountain/losers"
    assert all(f in sentence for f in facts), sentence


def test_joining_when_nobody_can_count_more_and_when_nobody_else_is_in():
    s = scenario([["dragon"] * 4, ["elf"]], tops={"river": ["river-3", "fountain-river"]})
    s = play(s, "take the river")
    sentence, rule = said(s, Join())
    assert rule == R + "fountain/count"
    assert "4 dragons" in sentence and "none of your rivals (Player 2) can count more than 1" in sentence
    last = play(s, "stay out")  # Player 2 declares last, nobody joined
    sentence, rule = said(last, Join())
    assert rule == R + "fountain/nobody" and "yours alone" in sentence


def test_the_reason_for_a_seat_ignores_the_hand_it_cannot_see():
    """Alex's hand (same size, other cards) is hidden from Alfredo: his hint does not change."""
    s = play(_rulebook_dispute(), "take the river")
    other = play(scenario([["griffin", "griffin"], ["elf", "elf", "centaur"], ["centaur", "griffin"]],
                          stacks=[["plain-1"], ["volcano-1"], ["castle-1"]],
                          tops={"river": ["river-3", "fountain-river"]}), "take the river")
    assert GAME.view(other, 0) == GAME.view(s, 0) and other.hands[1] != s.hands[1]
    for action in (Join(), StayOut()):
        for lang in LANGS:
            assert said(s, action, lang) == said(other, action, lang)
    assert "3 griffins" in said(s, Join())[0]
    h, k = hints.hint(GAME, s), hints.hint(GAME, other)
    assert (h.action, h.sentence, h.rule) == (k.action, k.sentence, k.rule)


# ------------------------------------------------------------------ discarding, passing
DISCARD = {"en": ("no territory in your reserve", "plain (griffin, elf)", "dragon symbol"),
           "it": ("nessun territorio della tua riserva", "pianura (grifone, elfo)", "simbolo drago"),
           "fr": ("aucun territoire de ta réserve", "plaine (griffon, elfe)", "symbole dragon")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_discard_names_the_creature_the_reserve_does_not_ask_for(lang):
    s = scenario([["dragon", "elf", "elf", "fairy", "griffin", "centaur", "centaur"], ["elf"]],
                 reserves=[["plain-1"], []], display=["dragon", "dragon", "fairy", "fairy", "centaur"])
    s = play(s, "take dragon and dragon")
    assert GAME.decision(s) == "discard"
    sentence, rule = said(s, Discard("dragon"), lang)
    assert rule == R + "consolidate/pay" and all(f in sentence for f in DISCARD[lang]), sentence
    spare = {"en": ("2 elves", "only 1 elf"), "it": ("2 elfi", "solo 1 elfo"), "fr": ("2 elfes", "que 1 elfe")}
    sentence, _ = said(s, Discard("elf"), lang)
    assert all(f in sentence for f in spare[lang]), sentence


def test_a_discard_with_an_empty_reserve_keeps_the_majority():
    s = scenario([["dragon"] * 4 + ["elf", "fairy", "griffin"], ["elf"]], reserves=[[], []],
                 display=["centaur", "centaur", "fairy", "fairy", "elf"])
    s = play(s, "take centaur and centaur")
    sentence, rule = said(s, Discard("elf"))
    assert rule == R + "fountain/count" and "1 elf" in sentence and "4 dragons" in sentence


def test_a_pass_says_the_display_is_empty():
    s = scenario([[], ["elf"]], reserves=[["castle-2", "river-1"], []], display=[], deck_size=0, runouts=2)
    assert GAME.legal_actions(s) == [Pass()]
    sentence, rule = said(s, Pass())
    assert rule == R + "turn/pass" and "display is empty" in sentence


# ------------------------------------------------------------------ the hint itself, and its languages
def test_the_hint_gives_the_board_reason_and_keeps_the_numbers_in_the_details():
    s = scenario([["griffin", "centaur", "centaur", "dragon"], ["elf"], ["elf"]],
                 stacks=[[], ["forest-1"], ["river-2"]], reserves=[["castle-1"], [], []])
    h = hints.hint(GAME, s)
    assert h.sentence == GAME.hint_reason(s, 0, h.action, "en")[0]
    assert not re.search(r"\d\s?%|simulat", h.sentence) and "%" in h.details


ENGLISH = {"the", "your", "you", "will", "with", "and", "hand", "creatures", "reserve", "against", "scoring",
           "instead", "cards", "top", "of", "on", "fairy", "fairies", "griffin", "griffins", "centaur",
           "centaurs", "elf", "elves", "plain", "castle", "forest", "river", "volcano", "nobody", "count"}


def _positions():
    """One position for every kind of reason above, with the move it explains."""
    dispute = play(_rulebook_dispute(), "take the river")
    castle = scenario([["griffin", "centaur", "centaur", "dragon"], ["elf"], ["elf"]],
                      stacks=[[], ["forest-1"], ["river-2"]], reserves=[["castle-1"], [], []])
    temple = scenario([["dragon", "elf", "fairy"], [], []],
                      stacks=[["castle-3", "plain-3"], ["plain-2", "castle-2", "river-1"], ["river-2", "volcano-1"]],
                      reserves=[["temple-1"], [], []])
    full = play(scenario([["dragon", "elf", "elf", "fairy", "griffin", "centaur", "centaur"], ["elf"]],
                         reserves=[["plain-1"], []], display=["dragon", "dragon", "fairy", "fairy", "centaur"]),
                "take dragon and dragon")
    take = scenario([["griffin", "centaur"], ["elf"]], reserves=[["castle-1"], []], tops={"forest": ["forest-4"]},
                    display=["centaur", "dragon", "elf", "fairy", "fairy"])
    return [(dispute, Join()), (play(dispute, "join"), StayOut()), (castle, consolidate(castle, "castle")),
            (temple, consolidate(temple, "temple")), (full, Discard("dragon")), (full, Discard("elf")),
            (take, TakeCreatures(("dragon", "centaur"))), (take, TakeTerritory("forest")),
            (scenario([["fairy", "fairy", "fairy", "elf"], ["elf"]], reserves=[["forest-1"], []]),
             Consolidate("forest", ("elf", "fairy", "fairy")))]


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_no_english_is_left_in_italian_and_french(lang):
    for s, action in _positions():
        sentence, _ = said(s, action, lang)
        english, _ = said(s, action, "en")
        assert sentence != english
        leftover = set(re.findall(r"[^\W\d_]+", sentence.lower())) & ENGLISH
        assert not leftover, (leftover, sentence)


def test_every_hint_sentence_is_in_the_catalog_in_both_languages():
    from tutor.games.tir_nan_og import hints as tno_hints

    source = open(tno_hints.__file__, encoding="utf-8").read()
    templates = set(re.findall(r'"(\{Move\}[^"]*(?:"\s*"[^"]*)*)"', source))
    assert len(templates) > 20
    catalog = GAME.catalog.messages.catalog
    for template in templates:
        text = re.sub(r'"\s*"', "", template)
        assert text in catalog and catalog[text].get("it") and catalog[text].get("fr"), text


def test_a_move_no_board_fact_explains_keeps_the_move_kinds_phrase():
    """Two centaurs for a hand of 7 already paying its plain (centaur, ?), while the three dragons stay its
    largest group: nothing on the board is about them, so the hint says the move kind's phrase."""
    from tutor.games.tir_nan_og.search import why

    s = scenario([["dragon", "dragon", "dragon", "elf", "elf", "fairy", "centaur"], ["elf"]],
                 reserves=[["plain-8"], []], display=["centaur", "centaur", "fairy", "griffin", "elf"],
                 tops={kind: [card] for kind, card in (("plain", "plain-2"), ("castle", "castle-4"),
                                                       ("forest", "forest-1"), ("river", "river-7"),
                                                       ("temple", "temple-4"), ("volcano", "volcano-8"))})
    take = TakeCreatures(("centaur", "centaur"))
    assert GAME.hint_reason(s, 0, take, "en") is None
    assert why(GAME, s, take, "it") == ("Prendi centauro e centauro: le creature pagano la tua riserva.", None)
