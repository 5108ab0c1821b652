"""The Tir Nan Og Wars panels without a browser: build them, click, check the
panels and the engine state.

Expected values come from the rulebook (004) and the reconstructed card data
the rules panel marks: a dispute is won by the highest majority of creatures
counted over the hand plus the visible consolidated territory's symbols ('?'
ignored); losers turn that territory face down; the winner discards one card
per participant; a castle is worth 3, a river 4, a plain 2.
"""

from __future__ import annotations

import re

import pytest

from tutor.games import tir_nan_og as T
from widgets.panels import i18n
from widgets.games import tir_nan_og as tw


def _buttons(shell) -> dict:
    """The move buttons on show, by their CSS class (tn-take-dragon-elf, tn-join, ...)."""
    out = {}
    for b in shell.controls.buttons:
        cls = next(c for c in b._dom_classes if c.startswith("tn-"))
        out[cls] = b
    return out


def _all_buttons(widget) -> list:
    from widgets.panels.controls import all_buttons as every

    return every(widget)


def _part(shell, name: str) -> str:
    return shell.board.section(name)


def _hotseat(players: int = 2, seed: int = 3):
    return tw.game_panel(players=players, seats=["person"] * players, seed=seed)


# The dispute position: player 1 is to play and a fountain lies under the temple on top of its pile.
#  player 1: hand griffin, griffin, elf; consolidated castle-1 (griffin, centaur, centaur, ?)
#            -> counts griffin x3, centaur x2, elf x1: majorities 3, 2, 1
#  player 2: hand centaur, centaur, dragon; consolidated river-2 (fairy, fairy, griffin, griffin)
#            -> counts centaur x2, fairy x2, griffin x2, dragon x1: majorities 2, 2, 2, 1
#  player 3: hand fairy, elf; nothing consolidated
DISPUTE = dict(
    hands=[["griffin", "griffin", "elf"], ["centaur", "centaur", "dragon"], ["fairy", "elf"]],
    stacks=[["castle-1"], ["river-2"], []],
    reserves=[[], [], []],
    tops={"temple": ["temple-1", "fountain-temple"]},
)


def _dispute_shell():
    shell = _hotseat(players=3)
    assert shell.load(T.GAME.to_json(T.scenario(**DISPUTE)))
    assert shell.seats == ["person"] * 3
    return shell


def test_every_string_has_three_languages_and_species_carry_a_symbol():
    assert i18n.missing() == []
    icons = {tw.SPECIES_STYLE[c][2] for c in T.SPECIES}
    assert len(icons) == len(T.SPECIES)  # told apart without colour
    for card in T.SPECIES:
        html = tw.creature_chip(card, "it")
        assert tw.SPECIES_STYLE[card][2] in html and T.GAME.card_name(card, "it").split(" ")[0] in html
    # the cards are named as the rulebook's component list names the species ("draghi, elfi, fate,
    # grifoni, centauri"), the same word on a card and on a territory's symbol; the dispute example's
    # satyrs are told apart in that example
    for lang, word in (("en", "griffin"), ("it", "grifone"), ("fr", "griffon")):
        assert T.GAME.card_name("griffin", lang) == word
        chip = tw.creature_chip("griffin", lang)
        assert chip.endswith(f" {word}</span>") and "sat" not in chip
    dispute = next(e for e in T.GAME.examples() if e.id == "rulebook/dispute")
    assert "satiri, i grifoni del tutor" in T.GAME.example_text(dispute, "it")["outcome"]


def test_the_stepper_opens_on_the_first_lesson_and_walks_the_rulebook_dispute():
    st = tw.stepper()
    assert st.example.id == "lesson"
    st.chooser.value = [ex.id for ex in st.examples].index("rulebook/dispute")
    st.last.click()
    assert "tn-down" in st.board.html  # the losers' territories lie face down
    assert st.outcome.value


def test_take_two_creatures_by_clicks_in_hotseat():
    shell = _hotseat()
    s0 = shell.state
    me = s0.current_player
    # the hand is hidden and nothing is offered until its player asks to see it
    assert _buttons(shell) == {}
    assert f"Show the hand of Player {me + 1}" in shell.controls.prompt.value
    hand_html = _part(shell, "seats").split("tn-hand")[me + 1]
    assert "tn-back" in hand_html and "data-card" not in hand_html.split("</div>")[0]
    shell.hand_button.value = True
    pair = s0.display[:2]
    cls = "tn-take-" + "-".join(pair)
    _buttons(shell)[cls].click()
    s1 = shell.state
    assert len(s1.hands[me]) == 3 + 2  # three dealt, two taken
    assert len(s1.display) == 5  # the display refilled from the deck
    assert s1.current_player == (me + 1) % 2 and shell.hand_button.value is False
    assert f"Player {(me + 1) % 2 + 1} to move" in shell.status.value


def test_take_a_territory_into_the_reserve():
    shell = _hotseat()
    me = shell.state.current_player
    top = shell.state.piles[T.KINDS.index("castle")][0]
    shell.hand_button.value = True
    _buttons(shell)["tn-territory-castle"].click()
    assert top in shell.state.reserves[me]
    reserve = _part(shell, "seats").split("tn-reserve")[me + 1]
    assert f"data-card='{top}'" in reserve.split("</div>")[0]


def test_consolidate_paying_creatures_and_the_plains_discount_shows():
    shell = _hotseat()
    # player 1: a plain (griffin, elf) in reserve and griffin, elf, dragon in hand
    assert shell.load(T.GAME.to_json(T.scenario([["dragon", "elf", "griffin"], ["fairy"]],
                                                reserves=[["plain-1"], []])))
    shell.hand_button.value = True
    buttons = _buttons(shell)
    assert "tn-consolidate-plain-elf-griffin" in buttons
    assert "tn-consolidate-plain-dragon-elf" not in buttons  # the dragon pays no symbol of the plain
    assert buttons["tn-consolidate-plain-elf-griffin"].description == "consolidate the plain paying elf and griffin"
    buttons["tn-consolidate-plain-elf-griffin"].click()
    s = shell.state
    assert s.stacks[0] == ("plain-1",) and s.hands[0] == ("dragon",) and s.reserves[0] == ()
    seats = _part(shell, "seats")
    stack = seats.split("tn-stack")[1]
    assert "data-card='plain-1'" in stack.split("</div>")[0]
    assert "next consolidation: one creature less" in seats


def test_a_dispute_each_seat_declares_in_turn_and_the_screen_says_whose_decision():
    shell = _dispute_shell()
    shell.hand_button.value = True
    _buttons(shell)["tn-territory-temple"].click()
    assert shell.state.phase == "dispute"
    declared = []
    # clockwise from the revealer, player 1: 1 joins, 2 joins, 3 stays out
    for seat, choice in ((0, "tn-join"), (1, "tn-join"), (2, "tn-stay-out")):
        status = shell.status.value
        assert f"Player {seat + 1} to move" in status and "join the fountain dispute or stay out" in status
        dispute = _part(shell, "dispute")
        assert "tn-dispute" in dispute and "Player 1 revealed it" in dispute
        assert f"data-player='{seat}' data-declared='deciding'" in dispute
        for earlier, what in declared:
            assert f"data-player='{earlier}' data-declared='{what}'" in dispute
        for later in range(seat + 1, 3):
            assert f"data-player='{later}' data-declared='waiting'" in dispute
        if seat:  # hotseat: a new seat to declare first asks to see their hand; the revealer still sees theirs
            assert _buttons(shell) == {} and shell.hand_button.value is False
            assert f"Show the hand of Player {seat + 1}" in shell.controls.prompt.value
            shell.hand_button.value = True
        assert set(_buttons(shell)) == {"tn-join", "tn-stay-out"}
        _buttons(shell)[choice].click()
        declared.append((seat, "joined" if choice == "tn-join" else "out"))
    s = shell.state
    # player 1's majority of 3 griffins beats player 2's 2: player 1 wins the fountain (4 points at scoring)
    assert s.fountains[0] == ("fountain-temple",) and s.fountains[1] == ()
    assert s.down[1] == ("river-2",) and s.down[0] == ()  # the loser's river lies face down
    shown = _part(shell, "dispute")
    assert "tn-dispute'" not in shown and "Hands revealed in the last dispute" in shown
    assert re.search(r"data-player='0'>.*?data-majorities='3-2-1'", shown)
    assert re.search(r"data-player='1'>.*?data-majorities='2-2-2-1'", shown)
    assert "data-player='2'>" not in shown  # player 3 stayed out: their hand stays secret
    # the winner discards one card per participant: two
    assert s.phase == "fountain-discard" and s.current_player == 0
    assert "Player 1 must discard 2 more" in shown
    seats = _part(shell, "seats")
    assert "tn-down" in seats.split("tn-stack")[2].split("</div>")[0]
    assert "data-player='1' data-fountains='0'" in seats and "data-player='0' data-fountains='1'" in seats
    shell.hand_button.value = True
    assert set(_buttons(shell)) == {"tn-discard-griffin", "tn-discard-elf"}
    _buttons(shell)["tn-discard-elf"].click()
    shell.hand_button.value = True
    _buttons(shell)["tn-discard-griffin"].click()
    assert shell.state.hands[0] == ("griffin",) and shell.state.current_player == 1
    # the end table's tie-break: face-up consolidated value, castle 3, the river face down 0
    table = tw.breakdown(T.GAME, T.GAME.view(shell.state, None), "en", shell.who)
    assert list(table["Territory value (tie-break)"]) == [3, 0, 0]
    assert list(table["Fountains"]) == [1, 0, 0]
    assert "face down" in table["Consolidated territories"][1]


def test_a_refused_move_shows_a_message_and_changes_nothing():
    shell = _dispute_shell()
    shell.hand_button.value = True
    before, n = shell.state, len(shell.history)
    # player 1 already shows a castle: a second visible castle is refused
    castle = _buttons(shell)["tn-territory-castle"]  # only legal moves are live: this one is greyed, with why
    assert castle.disabled and "already has a visible castle" in castle.tooltip
    assert shell.play(T.TakeTerritory("castle")) is False
    assert "rt-msg-error" in shell.msg.value and "rt-cite" in shell.msg.value
    assert "already has a visible castle" in shell.msg.value
    assert shell.state is before and len(shell.history) == n
    for junk in (T.Join(), "fly", None, 42):
        assert shell.play(junk) is False and shell.state is before
    _buttons(shell)["tn-territory-temple"].click()
    assert shell.msg.value == "" and shell.state.phase == "dispute"


@pytest.mark.parametrize("lang, words", [
    ("en", ("Display", "take the temple", "Hand of Player 1", "griffin")),
    ("it", ("Esposizione", "prendi il territorio tempio", "Mano del Giocatore 1", "grifone")),
    ("fr", ("Étalage", "prendre le territoire temple", "Main du Joueur 1", "griffon")),
])
def test_three_languages(lang, words):
    shell = _dispute_shell()
    shell.hand_button.value = True
    shell.language.lang = lang
    page = shell.board.html + shell.controls.prompt.value + " ".join(b.description for b in shell.controls.buttons)
    text = page.replace("&#x27;", "'")
    for word in words:
        assert word in text, word
    assert T.GAME.decision_name("turn", lang) in shell.status.value


def test_the_hint_names_a_legal_move_of_the_person_to_decide():
    shell = _dispute_shell()
    hint = shell.hint_box  # the page's one Hint button (the game has no second one of its own)
    assert hint.button.disabled  # hand hidden: no hint yet
    assert not [b for b in _all_buttons(shell.controls) if "hint" in " ".join(b._dom_classes)]
    shell.hand_button.value = True
    assert not hint.button.disabled
    hint.button.click()
    assert hint.hint.action in T.GAME.legal_actions(shell.state)
    legal = [T.GAME.action_text(a, "en").capitalize() for a in T.GAME.legal_actions(shell.state)]
    assert any(move in hint.text.value for move in legal)
    assert "simulated games" in hint.text.value  # the search bot's reason


def test_the_search_bot_sits_at_the_table():
    shell = tw.game_panel(seats=["person", "search"], seed=4)
    assert "search" in [v for _, v in shell.seat_boxes[1].options]
    assert shell.human_to_move  # the bot played its turn if it began


def test_over_the_hand_limit_the_player_chooses_what_to_discard():
    shell = _hotseat()
    # player 1 holds 6 cards; taking 2 makes 8, one over the limit of 7
    hand = ["dragon", "dragon", "elf", "fairy", "griffin", "centaur"]
    display = ["elf", "elf", "fairy", "centaur", "dragon"]
    assert shell.load(T.GAME.to_json(T.scenario([hand, ["fairy"]], display=display)))
    shell.hand_button.value = True
    _buttons(shell)["tn-take-elf-elf"].click()
    assert shell.state.phase == "discard" and shell.state.current_player == 0
    assert "discard down to 7 cards" in shell.status.value and "Player 1 to move" in shell.status.value
    assert "Player 1 must discard 1 more" in _part(shell, "dispute")
    buttons = _buttons(shell)  # the same player decides again: their hand is still on show
    assert set(buttons) == {f"tn-discard-{c}" for c in ("dragon", "elf", "fairy", "griffin", "centaur")}
    buttons["tn-discard-dragon"].click()
    assert len(shell.state.hands[0]) == 7 and shell.state.current_player == 1


def test_a_refusal_and_the_hint_in_italian():
    shell = _dispute_shell()
    shell.language.lang = "it"
    shell.hand_button.value = True
    assert shell.play(T.TakeTerritory("castle")) is False
    assert T.GAME.message(_refusal(T.TakeTerritory("castle")), "it") in shell.msg.value.replace("&#x27;", "'")
    assert "castello" in shell.msg.value
    shell.hint_box.button.click()
    assert "partite simulate" in shell.hint_box.text.value  # the search bot's reason, in the page's language


def _refusal(action):
    from tutor import IllegalAction

    try:
        T.GAME.apply(T.scenario(**DISPUTE), action)
    except IllegalAction as exc:
        return exc
    raise AssertionError("expected a refusal")


def test_bots_only_to_the_end_the_table_shows_points_and_the_tie_break():
    shell = tw.game_panel(players=3, seats=["random", "random", "random"], seed=2)
    s = shell.state
    assert T.GAME.is_over(s)
    assert "rt-over" in shell.status.value and "tn-winner" in _part(shell, "scores")
    table = shell.end_table.value
    assert "rt-breakdown" in table and "Territory value (tie-break)" in table
    frame = tw.breakdown(T.GAME, T.GAME.view(s, None), "en", shell.who)
    winners = [i for i, w in enumerate(frame["Winner"]) if w == "yes"]
    assert winners == T.GAME.winners(s) and len(frame) == 3
    best = max(frame["Points"])
    # the winner has the most points; among those tied on points, the higher territory value
    tied = [i for i in range(3) if frame["Points"][i] == best]
    assert set(winners) <= set(tied)
    top_value = max(frame["Territory value (tie-break)"][i] for i in tied)
    assert all(frame["Territory value (tie-break)"][i] == top_value for i in winners)


@pytest.mark.parametrize("lang, meaning", [
    ("en", "any creature card"), ("it", "carta creatura qualsiasi"), ("fr", "n'importe quelle carte créature"),
])
def test_the_board_says_what_a_question_mark_on_a_territory_means(lang, meaning):
    # rulebook 004: "Il simbolo '?' sulla carta territorio indica che per esso si può giocare una
    # qualsiasi carta creatura" -- the piles showed a bare '?' chip with no word about it
    shell = _dispute_shell()
    shell.language.lang = lang
    piles = _part(shell, "piles").replace("&#x27;", "'")
    assert "data-card='?'" in piles or "tn-any" in piles
    key = re.search(r"<div class='tn-muted tn-any-key'>(.*?)</div>", piles)
    assert key and meaning in key.group(1)
    # player 1's castle carries a '?': its chip's tooltip says it too
    tips = re.findall(r"data-card='\?' title='([^']*)'", _part(shell, "seats"))
    assert tips and all(meaning in tip.replace("&#x27;", "'") for tip in tips)


def test_the_french_status_says_whose_turn_it_is_in_a_sentence():
    # "À Joueur 1 de jouer" is not French; nor is "C'est à Joueur 1": "au Joueur 1"
    shell = _dispute_shell()
    shell.language.lang = "fr"
    assert "C'est au Joueur 1 de jouer" in shell.status.value.replace("&#x27;", "'")
