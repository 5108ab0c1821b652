"""The position editor's panel (widgets/panels/editor.py) without a browser: reached from every kind
of place, its clicks, its refusals in the page's language, and what it hands on."""

from __future__ import annotations

import html
import json

from widgets.games import kamikaze as KW
from widgets.games import tir_nan_og as TW


def said(pe) -> str:
    return html.unescape(pe.said.value)


def buttons(box, cls):
    return [c for c in box.children if cls in c._dom_classes]


def test_every_place_opens_the_editor_in_the_page_language():
    page = TW.page("it")
    page.stepper.go(2)
    buttons(page.stepper.nav, "rt-edit-step")[0].click()
    editor = page.game.editor
    assert page.tabs.selected_index == 1 and editor.is_open
    assert "rt-editing" in page.game._dom_classes
    assert editor.verdict.value.count("Il motore accetta questa posizione") == 1
    assert editor.editor.state() == page.stepper.state_at(2)
    editor.close_editor()
    assert "rt-editing" not in page.game._dom_classes
    tools = [c for c in page.scenarios.children if "rt-scn-tools" in c._dom_classes][0]
    buttons(tools, "rt-edit-scenario")[0].click()
    assert editor.is_open and editor.editor.state() == page.scenarios.session.state


def test_pick_put_take_away_and_a_refusal_said_in_french():
    shell = TW.game_panel(players=3)
    shell.language.lang = "fr"
    pe = shell.editor
    assert pe.open_button.description == "Modifier cette position"
    pe.open_button.click()
    assert pe.put("hands.0") is False and "Choisissez d'abord une carte" in said(pe)
    pe.pick("centaur")
    hand = list(pe.editor.contents("hands.0"))
    assert pe.put("hands.0") and pe.editor.contents("hands.0").count("centaur") == hand.count("centaur") + 1
    assert not pe.put("piles.0") and "Pile plaine n'accepte pas centaure" in said(pe)
    assert pe.placed_clicked("centaur", "hands.0") and pe.editor.contents("hands.0") == hand


def test_play_save_and_share_hand_on_the_position():
    shell = TW.game_panel(players=3)
    pe = shell.editor
    pe.edit()
    pe.pick("dragon")
    pe.put("hands.2")
    want = json.loads(pe.editor.to_json())
    assert pe.share_button.layout.display == "none"  # until the page connects its link maker
    pe.on_share = lambda text: "https://example.org/?position=" + str(len(text))
    pe.draw()
    assert pe.share_button.layout.display is None and pe.share().startswith("https://example.org/")
    assert pe.save() and not pe.is_open and shell.files.selected_index == 0
    assert json.loads(shell.game.to_json(shell.state)) == want


def test_an_illegal_position_is_not_played():
    shell = TW.game_panel(players=2)
    pe = shell.editor
    pe.edit()
    pe.pick("elf")
    for _ in range(8):
        pe.put("hands.1")
    assert pe.play_button.disabled and "rt-msg-error" in pe.verdict.value
    before = shell.state
    assert pe.play() is False and shell.state == before and pe.is_open


def test_kamikaze_cards_are_picked_up_and_moved():
    shell = KW.game_panel()
    shell.language.lang = "it"
    pe = shell.editor
    pe.edit()
    card = pe.editor.contents("hands.1")[0]
    assert pe.placed_clicked(card, "hands.1") and "Ora scegli dove va" in said(pe)
    assert pe.put("graveyards.0") and pe.editor.contents("graveyards.0") == [card]


def test_a_position_built_in_the_editor_is_shared_by_a_link_that_opens_it():
    """The page connects the editor's Share to its links: the link opens the edited position in a fresh
    page's Play tab with the seats the teacher chose (three people here), and no bot plays on from it."""
    from urllib.parse import urlsplit

    from widgets.page import page as game_page

    teacher = TW.page("it")
    shell = teacher.game
    shell.players.value = 3
    for box in shell.seat_boxes[:3]:
        box.value = "person"
    shell.new_game()
    pe = shell.editor
    pe.edit()
    pe.pick("dragon")
    assert pe.put("hands.1")
    assert pe.share_button.layout.display is None  # connected by the page
    link = pe.share()
    assert "table=" in link
    student = game_page("tir-nan-og", query=urlsplit(link).query)
    game = student.spec.engine
    assert student.game.table.seats == ["person"] * 3
    assert len(student.game.table.history) == 1  # the position itself, no move made from it
    assert game.to_json(student.game.state) == game.to_json(game.from_json(pe.editor.to_json()))
    assert student.game.state.hands[1].count("dragon") == pe.editor.state().hands[1].count("dragon")
