"""One test (at least) per Fire Bulls rule: each fails when its rule is broken."""

from collections import Counter

import pytest

from tutor import IllegalAction, games
from tutor.games import fire_bulls as fb
from tutor.games.fire_bulls import Action, arrange, can_pay, score_pile

from tests.rulecov import covers

G = games.get("fire-bulls")


def refused(state, action, rule):
    """The action is refused by ``rule`` and the state is untouched."""
    before = G.to_json(state)
    with pytest.raises(IllegalAction) as info:
        G.apply(state, action)
    assert info.value.rule == rule, (info.value.rule, str(info.value))
    assert str(info.value)  # a plain-words reason
    assert G.to_json(state) == before
    return info.value


def play(state, *actions):
    for a in actions:
        state = G.apply(state, a)
    return state


def all_yen(state):
    return Counter(
        [c for c in state.slots if c] + (["general"] if state.general else [])
        + [c for p in state.piles for c in p] + [c for w in state.won for c in w] + list(state.removed)
    )


# ----------------------------------------------------------------- setup


@covers("fire-bulls/setup/piles", "fire-bulls/setup/rows")
@pytest.mark.parametrize("seed", range(6))
def test_setup_three_piles_of_18_and_three_rows(seed):
    s = G.new_game(3, seed)
    assert all(c is not None and c != "general" for c in s.slots)
    # Each column came from its own pile: pile + column (+ the General) == 18.
    sizes = [len(p) + 3 for p in s.piles]
    assert sum(sizes) + s.general == 54
    assert all(n in (17, 18) for n in sizes)
    assert sizes.count(17) == int(s.general)


@covers("fire-bulls/setup/general")
def test_general_is_set_aside_when_drawn():
    seeds = [seed for seed in range(60) if G.new_game(2, seed).general]
    assert seeds, "some seed must put the General among the first cards"
    s = G.new_game(2, seeds[0])
    assert "general" not in s.slots and "general" not in [c for p in s.piles for c in p]
    # At refill too: put the General on top of pile 1, then empty G.
    s = arrange(2, ruleset="it", rows={"G": "soldier:red"}, hands={0: ["red"]})
    piles = [[c for c in p if c != "general"] for p in s.piles]
    pile = piles[0]
    s = fb.replace(s, piles=(tuple(["general"] + pile), tuple(piles[1]), tuple(piles[2])))
    after = play(s, Action.attack(2, ["red"]), )
    if after.phase == "attack":
        after = play(after, Action.stop())
    assert after.general is True
    assert after.slot("A") == pile[0]  # the next card of the same pile took its place
    assert all(c != "general" for c in after.slots)


@covers("fire-bulls/setup/pawns")
def test_pawns_on_distinct_directions_from_the_seed():
    for n in range(2, 6):
        s = G.new_game(n, 42)
        assert len(set(s.pawns)) == n and set(s.pawns) <= {1, 2, 3, 4, 5}
        assert len(set(s.colours)) == n
        assert G.new_game(n, 42).pawns == s.pawns
    assert len({G.new_game(4, seed).pawns for seed in range(20)}) > 1


@covers("fire-bulls/setup/deal")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal_three_qi_each_and_a_reserve_of_three(players):
    s = G.new_game(players, 5)
    assert [len(h) for h in s.hands] == [3] * players
    assert len(s.reserve) == 3
    assert len(s.deck) == 54 - 3 * players - 3


@covers("fire-bulls/setup/first-player", "fire-bulls/turn/sequence")
def test_turns_go_round_the_table_one_action_each():
    s = G.new_game(3, 1)
    assert s.current_player == 0 and s.turn == 0
    order = []
    for _ in range(4):
        order.append(s.current_player)
        s = G.apply(s, Action.draw())
    assert order == [0, 1, 2, 0] and s.turn == 4


# ----------------------------------------------------------------- gather


@covers("fire-bulls/gather/take-reserve")
def test_take_from_reserve_and_refill_it():
    s = arrange(2, reserve=["green", "red", "warrior"], deck_top=["blue"])
    after = G.apply(s, Action.take("warrior"))
    assert "warrior" in after.hands[0]
    assert sorted(after.reserve) == ["blue", "green", "red"]
    assert after.deck == s.deck[1:]
    refused(s, Action.take("brown"), "fire-bulls/gather/take-reserve")


@covers("fire-bulls/gather/take-reserve")
@pytest.mark.parametrize("ruleset,refilled", [("it", 0), ("fr", 1)])
def test_a_crowded_reserve_refills_by_the_rulebook(ruleset, refilled):
    """000 refills up to 3 cards, 001 turns up one card for the one taken."""
    s = arrange(2, ruleset=ruleset, reserve=["green", "red", "warrior", "blue", "blue"], deck_top=["brown"])
    after = G.apply(s, Action.take("warrior"))
    assert len(after.reserve) == 4 + refilled
    assert len(after.deck) == len(s.deck) - refilled


@covers("fire-bulls/gather/draw")
def test_draw_the_top_card_of_the_deck():
    s = arrange(2, deck_top=["brown"], hands={0: ["green"]})
    after = G.apply(s, Action.draw())
    assert after.hands[0] == ("green", "brown")
    assert after.deck == s.deck[1:]


@covers("fire-bulls/pawn/move")
def test_pawn_moves_one_step_only_with_a_draw():
    s = arrange(3, pawns=(2, 4, 5))
    assert G.apply(s, Action.draw(3)).pawns[0] == 3
    assert G.apply(s, Action.draw(1)).pawns[0] == 1
    refused(s, Action.draw(4), "fire-bulls/pawn/move")
    assert {a.direction for a in G.legal_actions(s) if a.kind == "draw"} == {0, 1, 3}


@covers("fire-bulls/pawn/diagonal")
def test_pawn_on_a_diagonal_moves_inward_only():
    s = arrange(2, pawns=(1, 4))
    assert {a.direction for a in G.legal_actions(s) if a.kind == "draw" and a.direction} == {2}
    refused(s, Action.draw(3), "fire-bulls/pawn/diagonal")
    s5 = arrange(2, pawns=(5, 1))
    assert {a.direction for a in G.legal_actions(s5) if a.kind == "draw" and a.direction} == {4}


@covers("fire-bulls/pawn/swap")
def test_pawns_swap_places():
    s = arrange(3, pawns=(2, 3, 5))
    assert G.apply(s, Action.draw(3)).pawns == (3, 2, 5)


# ----------------------------------------------------------------- paying


@covers("fire-bulls/pay/exact")
def test_pay_exactly_one_card_per_symbol():
    assert can_pay("soldier:red", ["red"])
    assert not can_pay("soldier:red", ["red", "red"])
    assert not can_pay("wu:blue", ["blue"])
    s = arrange(2, pawns=(3, 1), rows={"H": "soldier:red"}, hands={0: ["red", "red"]})
    refused(s, Action.attack(3, ["red", "red"]), "fire-bulls/pay/exact")


@covers("fire-bulls/pay/one-card-one-symbol")
def test_pay_with_cards_in_hand_which_go_to_the_discard():
    s = arrange(2, pawns=(3, 1), rows={"H": "wu:red"}, hands={0: ["red", "blue"]})
    refused(s, Action.attack(3, ["red", "red"]), "fire-bulls/pay/one-card-one-symbol")
    s2 = arrange(2, pawns=(3, 1), rows={"H": "wu:red"}, hands={0: ["red", "red", "blue"]})
    after = G.apply(s2, Action.attack(3, ["red", "red"]))
    assert after.hands[0] == ("blue",)
    assert Counter(after.discard) - Counter(s2.discard) == Counter({"red": 2})


@covers("fire-bulls/pay/warrior")
def test_warrior_replaces_any_one_symbol():
    assert can_pay("soldier:brown", ["warrior"])
    assert can_pay("wu:blue", ["warrior", "warrior"])
    assert can_pay("bo", ["green", "yellow", "red", "blue", "warrior"])
    assert can_pay("general", ["red"] * 4 + ["warrior"] * 3)
    assert not can_pay("soldier:brown", ["green"])


@covers("fire-bulls/pay/white")
def test_white_symbol_takes_any_colour():
    for colour in fb.COLOURS:
        assert can_pay("palisade", [colour])
        assert can_pay("xi:white", [colour] * 3, "fr")
    assert can_pay("palisade", ["warrior"])


@covers("fire-bulls/pay/white-same-colour")
def test_several_white_symbols_take_one_colour():
    assert can_pay("xi:white", ["green"] * 3, "fr")
    assert can_pay("xi:white", ["yellow", "yellow", "warrior"], "fr")
    assert not can_pay("xi:white", ["yellow", "red", "blue"], "fr")
    s = arrange(2, ruleset="fr", pawns=(3, 1), rows={"H": "xi:white"}, hands={0: ["yellow", "red", "blue"]})
    refused(s, Action.attack(3, ["yellow", "red", "blue"]), "fire-bulls/pay/white-same-colour")


# ----------------------------------------------------------------- the cards


@covers("fire-bulls/cards/soldier")
def test_soldier_one_bull_of_its_colour_one_point():
    assert can_pay("soldier:green", ["green"]) and not can_pay("soldier:green", ["red"])
    assert fb.face_value("soldier:green") == 1
    s = arrange(2, pawns=(3, 1), rows={"H": "soldier:green"}, hands={0: ["red"]})
    refused(s, Action.attack(3, ["red"]), "fire-bulls/cards/soldier")


@covers("fire-bulls/cards/wu/it")
def test_wu_italian_two_bulls_of_its_colour():
    assert can_pay("wu:yellow", ["yellow", "yellow"], "it")
    assert not can_pay("wu:yellow", ["yellow", "red"], "it")
    assert fb.face_value("wu:yellow") == 2
    assert all("+" not in c for c in G.deck_manifest["it"] if c.startswith("wu"))
    s = arrange(2, ruleset="it", pawns=(3, 1), rows={"H": "wu:yellow"}, hands={0: ["yellow", "red"]})
    refused(s, Action.attack(3, ["yellow", "red"]), "fire-bulls/cards/wu/it")


@covers("fire-bulls/cards/wu/fr")
def test_wu_french_the_two_printed_symbols():
    assert can_pay("wu:green+red", ["green", "red"], "fr")
    assert not can_pay("wu:green+red", ["green", "green"], "fr")
    assert any("+" in c for c in G.deck_manifest["fr"] if c.startswith("wu"))
    s = arrange(2, ruleset="fr", pawns=(3, 1), rows={"H": "wu:green+red"}, hands={0: ["green", "green"]})
    refused(s, Action.attack(3, ["green", "green"]), "fire-bulls/cards/wu/fr")


@covers("fire-bulls/cards/xi/it")
def test_xi_italian_three_bulls_of_its_colour():
    assert can_pay("xi:red", ["red"] * 3, "it")
    assert not can_pay("xi:red", ["green"] * 3, "it")
    assert fb.face_value("xi:red") == 3
    assert "xi:white" not in G.deck_manifest["it"]


@covers("fire-bulls/cards/xi/fr")
def test_xi_french_three_bulls_of_any_one_colour():
    assert set(c for c in G.deck_manifest["fr"] if c.startswith("xi")) == {"xi:white"}
    assert can_pay("xi:white", ["blue"] * 3, "fr")


@covers("fire-bulls/cards/bo")
def test_bo_five_different_colours_six_points():
    assert can_pay("bo", list(fb.COLOURS))
    assert not can_pay("bo", ["green", "green", "red", "blue", "brown"])
    assert fb.face_value("bo") == 6
    assert fb.symbols("bo") == fb.COLOURS


@covers("fire-bulls/cards/colonel/it")
def test_colonel_italian_three_plus_two():
    assert can_pay("colonel", ["red"] * 3 + ["blue"] * 2, "it")
    assert can_pay("colonel", ["red"] * 5, "it")
    assert not can_pay("colonel", ["red"] * 3 + ["blue", "green"], "it")
    assert fb.face_value("colonel") == 8
    s = arrange(2, ruleset="it", pawns=(3, 1), rows={"H": "colonel"}, hands={0: ["red"] * 3 + ["blue", "green"]})
    refused(s, Action.attack(3, ["red"] * 3 + ["blue", "green"]), "fire-bulls/cards/colonel/it")


@covers("fire-bulls/cards/colonel/fr")
def test_colonel_french_three_plus_three():
    assert can_pay("colonel", ["red"] * 3 + ["blue"] * 3, "fr")
    assert not can_pay("colonel", ["red"] * 3 + ["blue"] * 2, "fr")
    assert can_pay("colonel", ["blue"] * 4 + ["warrior"], "fr")
    assert not can_pay("colonel", ["red"] * 3 + ["blue"] * 3, "it")


@covers("fire-bulls/cards/general")
def test_general_four_plus_three_or_seven():
    assert can_pay("general", ["red"] * 4 + ["blue"] * 3)
    assert can_pay("general", ["red"] * 7)
    assert not can_pay("general", ["red"] * 4 + ["blue"] * 2 + ["green"])
    assert fb.face_value("general") == 12


@covers("fire-bulls/cards/palisade")
def test_palisade_any_one_card_zero_points():
    assert can_pay("palisade", ["brown"]) and not can_pay("palisade", ["brown", "red"])
    assert fb.face_value("palisade") == 0


# ----------------------------------------------------------------- attacks


@covers("fire-bulls/attack/order")
def test_attack_nearest_card_first_and_only_after_a_win():
    s = arrange(2, pawns=(3, 1), rows={"H": "soldier:red", "E": "soldier:blue"}, hands={0: ["blue", "red"]})
    refused(s, Action.attack(3, ["blue"], "soldier:blue"), "fire-bulls/attack/order")
    refused(s, Action.pay(["red"]), "fire-bulls/attack/order")
    mid = G.apply(s, Action.attack(3, ["red"]))
    assert mid.phase == "attack" and mid.current_player == 0
    assert [a.card for a in G.legal_actions(mid) if a.kind == "pay"] == ["soldier:blue"]


@covers("fire-bulls/attack/one-direction")
def test_an_attack_keeps_its_direction():
    s = arrange(2, pawns=(3, 1), rows={"H": "soldier:red", "E": "soldier:blue", "G": "soldier:green"},
                hands={0: ["red", "green", "blue"]})
    mid = G.apply(s, Action.attack(3, ["red"]))
    refused(mid, Action.attack(1, ["green"]), "fire-bulls/attack/one-direction")
    refused(mid, Action.draw(), "fire-bulls/attack/one-direction")


@covers("fire-bulls/attack/directions/it")
def test_italian_any_direction_up_to_three_cards():
    s = arrange(2, ruleset="it", pawns=(3, 1), rows={"G": "soldier:red", "E": "soldier:blue", "C": "soldier:green"},
                hands={0: ["red", "blue", "green"]})
    assert {a.direction for a in G.legal_actions(s) if a.kind == "attack"} >= {1, 2}
    after = play(s, Action.attack(1, ["red"]), Action.pay(["blue"]), Action.pay(["green"]))
    assert after.won[0] == ("soldier:red", "soldier:blue", "soldier:green")
    assert after.current_player == 1 and after.pawns == (3, 1)


@covers("fire-bulls/attack/direct/fr")
def test_french_direct_attack_takes_three():
    s = arrange(2, ruleset="fr", pawns=(1, 3), rows={"G": "soldier:red", "E": "soldier:blue", "C": "soldier:green"},
                hands={0: ["red", "blue", "green"]})
    after = play(s, Action.attack(1, ["red"]), Action.pay(["blue"]), Action.pay(["green"]))
    assert len(after.won[0]) == 3


@covers("fire-bulls/attack/deviated/fr")
def test_french_deviated_attack_neighbour_only_two_cards_no_swap():
    s = arrange(2, ruleset="fr", pawns=(2, 3), rows={"G": "soldier:red", "E": "soldier:blue", "C": "soldier:green",
                                                     "H": "soldier:blue", "I": "soldier:green"},
                hands={0: ["red", "blue", "green"]})
    # Every direction's nearest card is payable, so only the rule limits them: the pawn's own (2)
    # and its neighbours (1, 3) under 001; all five under 000.
    assert {a.direction for a in G.legal_actions(s) if a.kind == "attack"} == {1, 2, 3}
    assert {a.direction for a in G.legal_actions(fb.replace(s, ruleset="it")) if a.kind == "attack"} == {1, 2, 3, 4, 5}
    after = play(s, Action.attack(1, ["red"]), Action.pay(["blue"]))
    assert after.current_player == 1, "the deviated attack ended after 2 cards"
    assert after.won[0] == ("soldier:red", "soldier:blue") and after.pawns == (2, 3)
    far = arrange(2, ruleset="fr", pawns=(2, 3), rows={"I": "soldier:red"}, hands={0: ["red"]})
    refused(far, Action.attack(5, ["red"]), "fire-bulls/attack/deviated/fr")
    # The same attack under the Italian rulebook may take the third card.
    it = fb.replace(s, ruleset="it")
    assert play(it, Action.attack(1, ["red"]), Action.pay(["blue"])).phase == "attack"


def test_a_refused_direction_without_a_payment_names_its_rule_and_no_made_up_payment():
    """The Play tab asks why a direction is refused without naming a payment: the refusal cites the
    rule the attack breaks, and any payment it quotes is one the hand really holds."""
    # 001: a pawn on 2 may deviate to 1 or 3 only; direction 5 is refused by that rule, whatever the hand
    far = arrange(2, ruleset="fr", pawns=(2, 3), rows={"I": "wu:red"}, hands={0: ["green", "yellow", "red"]})
    why = refused(far, Action.attack(5, []), "fire-bulls/attack/deviated/fr")
    assert "(1 or 3)" in str(why) and "pay" not in str(why)
    # 000: any direction, but the Wu (red) nearest along 5 takes two red bulls (or Warriors): the hand
    # green, yellow, red holds no such pair, and the refusal says so under the Wu's price
    it = arrange(2, pawns=(3, 1), rows={"I": "wu:red"}, hands={0: ["green", "yellow", "red"]})
    why = refused(it, Action.attack(5, []), "fire-bulls/cards/wu/it")
    assert str(why) == ("your hand (green, yellow, red) holds no payment for the Wu (red) in I, "
                        "the nearest card along direction 5")
    assert G.message(why, "it").startswith("nessuna combinazione delle carte in mano (verde, giallo, rosso)")
    # a hand that can pay is told a real payment from it
    rich = arrange(2, pawns=(3, 1), rows={"I": "wu:red"}, hands={0: ["blue", "red", "red"]})
    why = refused(rich, Action.attack(5, []), "fire-bulls/pay/exact")
    assert str(why).endswith("for example red, red")
    assert G.apply(rich, Action.attack(5, ["red", "red"])).won[0] == ("wu:red",)


@covers("fire-bulls/attack/general")
def test_attack_the_general_alone():
    hand = ["red"] * 4 + ["blue"] * 3 + ["green"]
    s = arrange(2, general=True, pawns=(3, 1), rows={"H": "soldier:green"}, hands={0: hand})
    assert any(a.kind == "general" for a in G.legal_actions(s))
    after = G.apply(s, Action.general(["red"] * 4 + ["blue"] * 3))
    assert after.won[0] == ("general",) and after.general is False
    assert after.phase == "power"
    after = G.apply(after, Action.decline_power())
    assert after.current_player == 1, "no other Yen card may be attacked in that turn"
    no_general = arrange(2, pawns=(3, 1), hands={0: hand})
    refused(no_general, Action.general(["red"] * 4 + ["blue"] * 3), "fire-bulls/attack/general")


@covers("fire-bulls/attack/victory-pile")
def test_won_cards_go_face_up_to_the_victory_pile():
    s = arrange(2, pawns=(3, 1), rows={"H": "wu:red"}, hands={0: ["red", "red"]})
    after = G.apply(s, Action.attack(3, ["red", "red"]))
    assert after.won[0] == ("wu:red",)
    assert G.view(after, 1)["won"][0] == ["wu:red"]  # shown to everyone


# ----------------------------------------------------------------- rewards


def _three_card_attack(ruleset):
    return arrange(2, ruleset=ruleset, pawns=(1, 3),
                   rows={"G": "soldier:red", "E": "soldier:blue", "C": "soldier:green"},
                   hands={0: ["red", "blue", "green"]}, deck_top=["brown", "brown", "yellow"])


@covers("fire-bulls/reward/it")
def test_italian_three_cards_earn_two_qi():
    s = _three_card_attack("it")
    two = play(s, Action.attack(1, ["red"]), Action.pay(["blue"]))
    assert two.hands[0] == ("green",)
    three = G.apply(two, Action.pay(["green"]))
    assert three.hands[0] == ("brown", "brown")


@covers("fire-bulls/reward/fr")
def test_french_one_qi_per_card_beyond_the_first():
    s = _three_card_attack("fr")
    one = G.apply(s, Action.attack(1, ["red"]))
    assert one.hands[0] == ("green", "blue")
    two = G.apply(one, Action.pay(["blue"]))
    assert two.hands[0] == ("green", "brown")
    three = G.apply(two, Action.pay(["green"]))
    assert three.hands[0] == ("brown", "brown")


# ----------------------------------------------------------------- powers


def _win_power(card, ruleset="it", hands=None):
    hands = hands or {}
    pay = {"bo": list(fb.COLOURS), "colonel": ["red"] * 5, "general": ["red"] * 7}[card]
    hands = {0: pay + ["blue"], **hands}
    if card == "general":
        return arrange(3, ruleset=ruleset, general=True, pawns=(3, 1, 5), hands=hands), Action.general(pay)
    return arrange(3, ruleset=ruleset, pawns=(3, 1, 5), rows={"H": card}, hands=hands), Action.attack(3, pay)


@covers("fire-bulls/power/timing")
def test_power_is_offered_at_once_and_may_be_declined():
    s, win = _win_power("bo")
    mid = G.apply(s, win)
    assert mid.phase == "power" and mid.current_player == 0
    assert set(G.legal_actions(mid)) == {Action.use_power("bo"), Action.decline_power("bo")}
    refused(mid, Action.draw(), "fire-bulls/power/timing")
    declined = G.apply(mid, Action.decline_power())
    assert declined.hands[0] == mid.hands[0] and declined.phase != "power"
    refused(s, Action.use_power(), "fire-bulls/power/timing")


@covers("fire-bulls/power/bo")
def test_bo_draws_one_qi_card():
    s, win = _win_power("bo")
    mid = G.apply(s, win)
    used = G.apply(mid, Action.use_power())
    assert len(used.hands[0]) == len(mid.hands[0]) + 1
    assert used.deck == mid.deck[1:]


@covers("fire-bulls/power/colonel/it")
def test_italian_colonel_winner_chooses_a_card_from_each_opponent():
    s, win = _win_power("colonel", "it", {1: ["green", "brown"], 2: ["yellow"]})
    mid = play(s, win, Action.use_power())
    assert mid.pending[0] == "colonel:1"
    assert set(G.legal_actions(mid)) == {Action.colonel(1, "green"), Action.colonel(1, "brown"), Action.spare(1)}
    refused(mid, Action.colonel(1, "yellow"), "fire-bulls/power/colonel/it")
    mid2 = G.apply(mid, Action.colonel(1, "brown"))
    assert mid2.hands[1] == ("green",) and "brown" in mid2.discard
    end = G.apply(mid2, Action.spare(2))
    assert end.hands[2] == ("yellow",)


@covers("fire-bulls/power/colonel/fr")
def test_french_colonel_discards_a_random_card_from_each_opponent():
    s, win = _win_power("colonel", "fr", {1: ["green", "brown"], 2: ["yellow"]})
    s = fb.replace(s, slots=s.slots)  # same table under the French deck is not needed: colonel exists in both
    mid = G.apply(s, Action.attack(3, ["red"] * 5))
    used = G.apply(mid, Action.use_power())
    assert len(used.hands[1]) == 1 and used.hands[2] == ()
    assert len(used.discard) == len(mid.discard) + 2
    assert G.apply(mid, Action.use_power()) == used  # the chance comes from the seed


@pytest.mark.parametrize("ruleset", ["it", "fr"])
@covers("fire-bulls/power/general/it", "fire-bulls/power/general/fr")
def test_general_takes_a_card_from_each_opponent_into_the_hand(ruleset):
    s, win = _win_power("general", ruleset, {1: ["green", "brown"], 2: ["yellow"]})
    mid = G.apply(s, win)
    used = G.apply(mid, Action.use_power())
    assert len(used.hands[1]) == 1 and used.hands[2] == ()
    assert len(used.hands[0]) == len(mid.hands[0]) + 2 and "yellow" in used.hands[0]


# ----------------------------------------------------------------- warriors


@covers("fire-bulls/warrior/penalty/it")
def test_italian_warrior_costs_an_earlier_card_at_once():
    s = arrange(2, ruleset="it", pawns=(3, 1), rows={"H": "soldier:red", "E": "soldier:blue"},
                won={0: ["bo", "palisade"]}, hands={0: ["warrior", "blue"]})
    mid = G.apply(s, Action.attack(3, ["warrior"]))
    assert mid.phase == "penalty", "the card is lost at once, before the attack goes on"
    refused(mid, Action.pay(["blue"]), "fire-bulls/warrior/penalty/it")
    assert set(G.legal_actions(mid)) == {Action.lose("bo"), Action.lose("palisade")}
    after = G.apply(mid, Action.lose("palisade"))
    assert after.won[0] == ("bo", "soldier:red") and "palisade" in after.removed
    assert after.phase == "attack"


@covers("fire-bulls/warrior/penalty/fr")
def test_french_warrior_costs_a_card_per_warrior_at_end_of_turn():
    s = arrange(2, ruleset="fr", pawns=(3, 1), rows={"H": "soldier:red", "E": "soldier:blue"},
                won={0: ["bo", "palisade", "wu:red"]}, hands={0: ["warrior", "warrior"]})
    mid = G.apply(s, Action.attack(3, ["warrior"]))
    assert mid.phase == "attack", "no penalty before the end of the turn"
    mid = G.apply(mid, Action.pay(["warrior"]))
    assert mid.phase == "attack"
    mid = G.apply(mid, Action.stop())
    assert mid.phase == "penalty"
    first = G.apply(mid, Action.lose("bo"))
    assert first.phase == "penalty"
    done = G.apply(first, Action.lose("wu:red"))
    assert done.won[0] == ("palisade", "soldier:red", "soldier:blue")
    assert done.current_player == 1


@covers("fire-bulls/warrior/earlier-turn")
@pytest.mark.parametrize("ruleset", ["it", "fr"])
def test_warrior_never_costs_a_card_won_this_turn(ruleset):
    s = arrange(2, ruleset=ruleset, pawns=(3, 1), rows={"H": "soldier:red", "E": "soldier:blue"},
                hands={0: ["warrior", "blue"]})
    after = play(s, Action.attack(3, ["warrior"]), Action.pay(["blue"]))
    assert after.won[0] == ("soldier:red", "soldier:blue") and after.removed == s.removed
    # A Warrior can always be played, with nothing won before.
    assert any("warrior" in a.payment for a in G.legal_actions(s))


# ----------------------------------------------------------------- hand limit, refill


@covers("fire-bulls/hand/limit")
def test_hand_limit_eight_excess_to_the_reserve():
    hand = ["green"] * 4 + ["red"] * 4
    s = arrange(2, hands={0: hand}, deck_top=["blue"], reserve=["yellow", "yellow", "yellow"])
    mid = G.apply(s, Action.draw())
    assert mid.phase == "hand-limit" and len(mid.hands[0]) == 9
    refused(mid, Action.draw(), "fire-bulls/hand/limit")
    after = G.apply(mid, Action.release("blue"))
    assert len(after.hands[0]) == 8 and after.reserve[-1] == "blue" and after.current_player == 1
    # Anyone may take it from the reserve afterwards.
    assert Action.take("blue") in G.legal_actions(after)


@covers("fire-bulls/refill/compact", "fire-bulls/refill/fill")
def test_rows_slide_toward_the_pawns_then_refill_from_their_piles():
    rows = {"A": "soldier:green", "B": "soldier:yellow", "C": "wu:red", "D": "soldier:blue", "E": "palisade",
            "F": "soldier:brown", "G": "soldier:red", "H": "xi:blue", "I": "bo"}
    s = arrange(2, rows=rows, pawns=(1, 3), hands={0: ["red", "blue", "red", "red"]})
    after = play(s, Action.attack(1, ["red"]), Action.pay(["blue"]), Action.pay(["red", "red"]))
    assert [after.slot(x) for x in "GDHEFI"] == ["soldier:blue", "soldier:green", "xi:blue", "soldier:yellow",
                                                 "soldier:brown", "bo"]
    tops = [[c for c in p if c != "general"][0] for p in s.piles]
    assert [after.slot(x) for x in "ABC"] == tops


@covers("fire-bulls/refill/exhausted-pile")
def test_empty_pile_leaves_the_slot_empty():
    s = arrange(2, pawns=(2, 4), rows={"G": "soldier:red"}, hands={0: ["red"]}, pile_sizes=[0, 17, 18])
    after = play(s, Action.attack(2, ["red"]), Action.stop())
    assert after.slot("A") is None and after.slot("G") is not None


# ----------------------------------------------------------------- the Qi deck and the end


@covers("fire-bulls/deck/reshuffle")
def test_discards_are_shuffled_into_a_new_deck():
    s = arrange(2, deck_size=0)
    assert s.deck == () and s.discard
    after = G.apply(s, Action.draw())
    assert after.exhaustions == 1
    assert len(after.deck) == len(s.discard) - 1 and after.discard == ()
    assert Counter(after.deck) + Counter(after.hands[0]) == Counter(s.discard) + Counter(s.hands[0])


@covers("fire-bulls/deck/exhaustion")
def test_third_time_the_deck_runs_out_nothing_is_reshuffled():
    s = arrange(2, deck_size=0, exhaustions=2)
    after = G.apply(s, Action.draw())
    assert after.exhaustions == 3 and after.deck == () and after.hands[0] == s.hands[0]
    # Further draws in the same turn find it out for good: it is not counted again.
    s = arrange(2, ruleset="it", pawns=(1, 3), rows={"G": "soldier:red", "E": "soldier:blue", "C": "soldier:green"},
                hands={0: ["red", "blue", "green"]}, deck_size=0, exhaustions=2)
    after = play(s, Action.attack(1, ["red"]), Action.pay(["blue"]), Action.pay(["green"]))
    assert after.exhaustions == 3 and after.end == "escaped"


@covers("fire-bulls/end/check", "fire-bulls/end/escape")
def test_escape_ends_the_game_at_the_end_of_the_turn():
    s = arrange(2, ruleset="fr", pawns=(1, 3), rows={"G": "soldier:red", "E": "soldier:blue"},
                hands={0: ["red", "blue"]}, deck_size=0, exhaustions=2)
    mid = G.apply(s, Action.attack(1, ["red"]))
    mid = G.apply(mid, Action.pay(["blue"]))  # the bonus draw finds the deck out a third time
    assert mid.exhaustions == 3
    assert mid.phase == "attack" and not G.is_over(mid), "the end is only checked at the end of the turn"
    mid = G.apply(mid, Action.stop())
    assert mid.end == "escaped" and G.is_over(mid) and G.legal_actions(mid) == []
    refused(mid, Action.draw(), "fire-bulls/end/check")


@covers("fire-bulls/end/check")
def test_the_game_is_not_over_in_the_middle_of_a_turn():
    s = arrange(2, ruleset="it", pawns=(1, 3), rows={"G": "soldier:red", "E": "soldier:blue", "C": "soldier:green"},
                hands={0: ["red", "blue", "green", "warrior"]}, won={0: ["bo", "palisade"]}, deck_size=0, exhaustions=2)
    mid = G.apply(s, Action.attack(1, ["warrior"]))
    assert mid.phase == "penalty" and not G.is_over(mid)


@covers("fire-bulls/end/general")
def test_two_empty_piles_and_the_general_won_end_the_game():
    hand = ["red"] * 7
    s = arrange(2, general=True, pawns=(3, 1), hands={0: hand}, pile_sizes=[0, 0, 5])
    after = G.apply(s, Action.general(hand))
    after = G.apply(after, Action.decline_power())
    assert after.end == "general"
    one_empty = arrange(2, general=True, pawns=(3, 1), hands={0: hand}, pile_sizes=[0, 10, 5])
    not_yet = play(one_empty, Action.general(hand), Action.decline_power())
    assert not_yet.end is None


# ----------------------------------------------------------------- scoring


@covers("fire-bulls/score/escape-penalty")
def test_escape_penalty_removes_the_highest_card_the_cheaper_of_equals():
    s = score_pile(["bo", "bo", "soldier:red"], "red", escaped=True)
    assert s.removed == "bo" and s.total == 6 + 1 + 1 + 1
    # Two Xi worth 3: lose the one without the player's colour.
    s = score_pile(["xi:red", "xi:blue"], "red", escaped=True)
    assert s.removed == "xi:blue" and s.total == 4
    assert score_pile(["bo"], "red", escaped=False).removed is None


@covers("fire-bulls/score/face")
def test_score_is_the_sum_of_face_values():
    assert score_pile(["general", "colonel", "xi:white", "wu:blue", "soldier:red", "palisade"], "green",
                      escaped=False, ruleset="fr").face == 12 + 8 + 3 + 2 + 1 + 0


@covers("fire-bulls/score/bonus")
def test_one_bonus_point_per_card_showing_the_pawn_colour():
    s = score_pile(["bo", "wu:green+red", "soldier:red", "soldier:blue"], "red", escaped=False, ruleset="fr")
    assert s.bonus == 3 and s.total == 6 + 2 + 1 + 1 + 3


@covers("fire-bulls/score/white-no-bonus")
def test_white_symbols_never_earn_the_bonus():
    for colour in fb.COLOURS:
        assert score_pile(["palisade", "xi:white", "colonel", "general"], colour, False, "fr").bonus == 0


@covers("fire-bulls/score/tie-break")
def test_ties_go_to_the_highest_card_then_are_shared():
    a = score_pile(["bo"], "green", False)  # 7 with the bonus, highest card 6
    b = score_pile(["xi:red", "xi:blue", "soldier:red"], "red", False)  # 3+3+1 = 7, +2 bonus = 9
    c = score_pile(["xi:red", "wu:red", "soldier:red"], "blue", False)  # 6, no bonus
    assert fb.winners({"a": a, "b": b}) == ["b"]
    d = score_pile(["xi:yellow", "wu:yellow", "soldier:green"], "blue", False)  # 6, highest 3
    e = score_pile(["bo"], "blue", False)  # 7
    assert fb.winners({"c": c, "d": d}) == ["c", "d"]
    f = score_pile(["bo"], "red", False)
    assert fb.winners({"e": e, "f": f}) == ["e", "f"]
    g = score_pile(["wu:red", "wu:blue", "xi:green"], "brown", False)  # 7, highest 3
    assert fb.winners({"e": e, "g": g}) == ["e"]


@covers("fire-bulls/deck/manifest")
@pytest.mark.parametrize("ruleset", ["it", "fr"])
def test_deck_manifest_respects_what_the_texts_say(ruleset):
    deck = G.yen_deck(ruleset)
    kinds = Counter(fb.card_kind(c) for c in deck)
    assert kinds == {"soldier": 15, "wu": 12, "xi": 9, "bo": 6, "colonel": 3, "general": 1, "palisade": 8}
    for c in deck:
        syms = fb.symbols(c, ruleset)
        if c.startswith("soldier"):
            assert len(syms) == 1 and syms[0] != "white"
        if c == "palisade":
            assert syms == ("white",)
    assert "wu:blue" in deck  # example 3's card
    assert G.rules["fire-bulls/deck/manifest"].reconstructed
    assert sum(G.qi_manifest.values()) == 54 and G.qi_manifest["warrior"] == 4


def test_new_game_deck_is_the_manifest():
    for ruleset in ("it", "fr"):
        s = G.new_game(4, 3, ruleset)
        assert all_yen(s) == Counter(G.yen_deck(ruleset))


@covers("fire-bulls/end/escape", "fire-bulls/score/escape-penalty")
def test_escape_penalty_applies_when_both_end_conditions_come_together():
    s = arrange(2, ruleset="fr", pawns=(3, 1), won={0: ["bo"], 1: ["general"]},
                rows={"H": "soldier:red", "E": "palisade"}, hands={0: ["red", "blue"]},
                pile_sizes=[0, 1, 5], deck_size=0, exhaustions=2)
    s = play(s, Action.attack(3, ["red"], "soldier:red"), Action.pay(["blue"], "palisade"), Action.stop())
    assert sum(1 for p in s.piles if not p) >= 2 and s.exhaustions == 3
    assert s.end == "escaped"
    assert G.score_breakdown(s)[1].removed == "general"


def test_scenarios_keep_the_general_out_of_the_rows_and_in_a_pile():
    with pytest.raises(ValueError):
        arrange(2, rows={"G": "general"})
    for seed in range(20):
        s = arrange(2, seed=seed, pile_sizes=[0, 0, 3])
        assert "general" not in s.removed and any("general" in p for p in s.piles)
        assert G.apply(s, Action.draw()).end is None


@covers("fire-bulls/deck/exhaustion")
def test_with_nothing_to_reshuffle_each_needed_card_counts_a_run_out():
    s = arrange(2, deck_size=0)
    s = fb.replace(s, reserve=s.reserve + s.discard, discard=())
    counts = []
    for _ in range(3):
        s = G.apply(s, Action.draw())
        counts.append(s.exhaustions)
    assert counts == [1, 2, 3] and s.end == "escaped"
