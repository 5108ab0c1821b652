"""The guided first game on a game's page, by clicks (no browser)."""

from __future__ import annotations

import pytest

from tutor import games
from widgets.panels.common import esc
from widgets.page import spec

NAMES = games.names()


@pytest.mark.parametrize("name", NAMES)
def test_the_page_opens_on_the_guided_game_and_walks_it_to_the_examples(name):
    page = spec(name).make_page()
    st = page.stepper
    panel = st.guide
    assert panel is not None and st.guide_box.children == (panel,)
    assert st.board not in st.children and st.nav not in st.children  # the guide instead
    g = panel.guide
    title, text = g.text("en")
    assert esc(text) in panel.header.value and "data-rule='" in panel.header.value
    assert panel.board.html  # the learner's seat's view is drawn
    steps = 0
    while not g.done:
        suggested = panel.moves.children[0]
        assert suggested.description.startswith("★ ") and suggested.button_style == "primary"
        index = g.index
        suggested.click()
        assert g.index == index + 1 and "rt-msg-ok" in panel.feedback.value
        steps += 1
    assert 5 <= steps <= 11
    assert panel.next_button.layout.display is None  # on to the rulebook's examples
    panel.next_button.click()
    assert st.chooser.value == 1 and st.guide_box.children == () and st.nav in st.children and st.board in st.children


def test_a_move_the_rules_refuse_says_why_and_changes_nothing():
    page = spec("fire-bulls").make_page()
    panel = page.stepper.guide
    g = panel.guide
    game = panel.game
    state = g.state
    other = next(a for a in game.legal_actions(game.new_game(2, seed=g.seed + 5)) if a not in game.legal_actions(state))
    panel.play(other)
    assert "rt-msg-error" in panel.feedback.value and "data-rule=" in panel.feedback.value
    assert g.state == state and g.index == 0


def test_the_guide_speaks_the_pages_language():
    page = spec("tir-nan-og").make_page()
    panel = page.stepper.guide
    page.language.lang = "it"
    title, text = panel.guide.text("it")
    assert esc(text) in panel.header.value and "La tua prima partita" in panel.header.value
    assert "Tocca a te." in panel.todo.value
    panel.moves.children[1].click() if len(panel.moves.children) > 1 else panel.moves.children[0].click()
    assert "Una mossa legale" in panel.feedback.value or "La mossa consigliata" in panel.feedback.value


def test_the_other_moves_list_plays_only_a_line_the_learner_chose():
    """Fire Bulls' first step offers more moves than buttons: the list of the others opens with no line
    chosen and its button off; drawn again (Start again) it opens so again (it kept the line chosen
    before, a move the learner had not picked this time)."""
    panel = spec("fire-bulls").make_page().stepper.guide
    assert panel.more.options and panel.more.value is None and panel.more_play.disabled
    panel.more.index = len(panel.more.options) - 1
    assert not panel.more_play.disabled
    panel.restart.click()
    assert panel.more.options and panel.more.value is None and panel.more_play.disabled
    panel.more.index = 0
    chosen = panel.more.value
    panel.more_play.click()
    assert panel.reply is not None and panel.guide.moves_since_last_step()[0][1] == chosen
