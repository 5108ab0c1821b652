"""Card and action notation, and scenario files."""

import json

import pytest

from tutor import ActionParseError, ScenarioError, games
from tutor.games import fire_bulls as fb
from tutor.games.fire_bulls import Action, arrange

from tests.rulecov import covers

G = games.get("fire-bulls")


@pytest.mark.parametrize("text,card", [
    ("soldier:green", "soldier:green"), ("Soldier:Green", "soldier:green"), ("wu:blue", "wu:blue"),
    ("wu:red+green", "wu:green+red"), ("wu:blue+blue", "wu:blue"), ("xi:white", "xi:white"), (" bo ", "bo"),
    ("colonel", "colonel"), ("general", "general"), ("palisade", "palisade"),
])
def test_parse_card(text, card):
    assert fb.parse_card(text) == card


@pytest.mark.parametrize("text", ["", "soldier", "soldier:pink", "wu:red+blue+green", "xi:", "king", "bo:red", 3])
def test_parse_card_rejects_nonsense(text):
    with pytest.raises(ValueError):
        fb.parse_card(text)


@pytest.mark.parametrize("card", sorted(set(G.yen_deck("it")) | set(G.yen_deck("fr"))))
def test_card_names_round_trip(card):
    assert fb.card_from_name(fb.card_name(card)) == card


@covers("fire-bulls/notation")
def test_every_legal_action_reads_back_from_its_text():
    rng = __import__("random").Random(5)
    seen = set()
    for seed in range(12):
        s = G.new_game(2 + seed % 4, seed, "it" if seed % 2 else "fr")
        while not G.is_over(s):
            for a in G.legal_actions(s):
                if a.kind not in seen or rng.random() < 0.05:
                    seen.add(a.kind)
                    assert G.parse_action(s, str(a)) == a, str(a)
            s = G.apply(s, rng.choice(G.legal_actions(s)))
    assert seen >= {"take", "draw", "attack", "pay", "stop", "power", "decline", "lose", "release"}


def test_parse_the_issue_example():
    a = G.parse_action(None, "attack from direction 3: pay Xi (white) with green, green, warrior")
    assert a == Action.attack(3, ["green", "green", "warrior"], "xi:white")
    assert G.parse_action(None, "ATTACK FROM DIRECTION 3: pay with warrior green green") == Action.attack(
        3, ["green", "green", "warrior"])
    assert G.parse_action(None, "Colonel: discard red from player 2 (blue)'s hand") == Action.colonel(1, "red")


@pytest.mark.parametrize("text", ["", "   ", "fly to the moon", "attack from direction 3: pay with pink",
                                  "take purple from the reserve", "attack from direction 3: pay with", None])
def test_nonsense_action_text_names_the_notation(text):
    with pytest.raises(ActionParseError) as info:
        G.parse_action(None, text)
    assert info.value.rule == "fire-bulls/notation"
    assert str(info.value)


def test_actions_are_small_hashable_values():
    a = Action.attack(3, ["warrior", "green"], "wu:green")
    assert a == Action.attack(3, ["green", "warrior"], "wu:green") and hash(a) == hash(
        Action.attack(3, ("green", "warrior"), "wu:green"))
    assert len({Action.draw(), Action.draw(), Action.draw(2)}) == 2
    with pytest.raises(AttributeError):
        a.direction = 4  # type: ignore[misc]


# ------------------------------------------------------------------ JSON


def test_json_round_trip_and_is_canonical():
    s = G.new_game(4, 9, "fr")
    text = G.to_json(s)
    assert G.from_json(text) == s
    assert G.to_json(G.from_json(text)) == text
    assert G.from_json(text.encode()) == s
    data = json.loads(text)
    assert data["game"] == "fire-bulls" and data["rows"]["A"] == s.slot("A")


def _mutated(mutate):
    data = json.loads(G.to_json(G.new_game(3, 4)))
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d.pop("ruleset"), "ruleset"),
    (lambda d: d.update(ruleset="de"), "ruleset"),
    (lambda d: d.update(seed="x"), "seed"),
    (lambda d: d.update(players=[]), "players"),
    (lambda d: d["players"][1].update(colour="pink"), "players[1].colour"),
    (lambda d: d["players"][0].update(pawn=9), "players[0].pawn"),
    (lambda d: d["players"][0].update(pawn=True), "players[0].pawn"),
    (lambda d: d["players"][2].update(hand=["green", "pink"]), "players[2].hand[1]"),
    (lambda d: d["players"][2].update(hand="green"), "players[2].hand"),
    (lambda d: d["players"][0].update(colour=d["players"][1]["colour"]), "players"),
    (lambda d: d.update(current_player=7), "current_player"),
    (lambda d: d["rows"].update(Z="bo"), "rows"),
    (lambda d: d["rows"].update(A="soldier:pink"), "rows.A"),
    (lambda d: d["rows"].update(A="general"), "rows.A"),
    (lambda d: d.update(piles=[[], []]), "piles"),
    (lambda d: d["piles"][0].append("bo"), "yen cards"),
    (lambda d: d["deck"].pop(), "qi cards"),
    (lambda d: d.update(exhaustions=5), "exhaustions"),
    (lambda d: d.update(end="won"), "end"),
    (lambda d: d["turn_state"].update(pending=["fly"]), "turn_state.pending[0]"),
    (lambda d: d["turn_state"].update(attack=9), "turn_state.attack"),
    (lambda d: d.update(game="chess"), "game"),
])
def test_malformed_scenarios_name_the_field(mutate, field):
    with pytest.raises(ScenarioError) as info:
        G.from_json(_mutated(mutate))
    assert info.value.field == field, str(info.value)
    assert info.value.message


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", b"\xff\xfe", "{\"ruleset\": \"it\"}"])
def test_not_a_scenario_at_all(text):
    with pytest.raises(ScenarioError):
        G.from_json(text)


def test_view_hides_other_hands_and_the_deck_order():
    s = G.new_game(3, 2)
    v = G.view(s, 1)
    assert v["hands"] == [None, list(s.hands[1]), None]
    assert v["hand_sizes"] == [3, 3, 3]
    flat = json.dumps(v)
    for p in (0, 2):  # no card of another hand is named anywhere but in the reserve and rows
        assert json.dumps(list(s.hands[p])) not in flat
    assert "deck" not in v and "piles" not in v and "discard" not in v
    assert v["deck_size"] == len(s.deck) and v["pile_sizes"] == [len(p) for p in s.piles]
    assert set(v) >= {"rows", "reserve", "won", "pawns", "scores", "decision", "over", "players"}
    teacher = G.view(s, None)
    assert teacher["hands"] == [list(h) for h in s.hands] and teacher["player"] is None
    assert teacher["deck"] == list(s.deck) and teacher["piles"] == [list(p) for p in s.piles]


def test_the_colonel_winner_sees_the_hand_they_choose_from():
    """000: the winner of the Vice-Generale makes each other player discard a card;
    the tutor's reading (the rule's note) lets the winner look at that hand."""
    s = arrange(3, rows={"G": "colonel"}, hands={0: ["red", "red", "red", "blue", "blue"], 1: ["green"],
                                                 2: ["yellow"]})
    s = G.apply(s, Action.attack(1, ["red", "red", "red", "blue", "blue"]))
    s = G.apply(s, Action.use_power("colonel"))
    assert G.decision(s) == "colonel" and G.current_player(s) == 0
    assert G.view(s, 0)["hands"] == [list(s.hands[0]), ["green"], None]
    assert G.view(s, 2)["hands"] == [None, None, ["yellow"]]
