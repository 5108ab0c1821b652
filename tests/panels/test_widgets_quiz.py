"""The Quiz tab and the Hint button, by clicks, for every game (no browser)."""

from __future__ import annotations

import pytest

from tutor import games, quiz
from widgets.panels import i18n
from widgets.panels.common import esc
from widgets.page import page

NAMES = games.names()


def _click_choice(panel, i):
    panel.choices.children[i].click()


@pytest.mark.parametrize("name", NAMES)
def test_quiz_tab_right_and_wrong_with_a_running_score(name):
    pg = page(name)
    pg.tabs.selected_index = 3
    panel = pg.quiz
    assert pg.tabs.children[3] is panel
    assert len(panel.questions) == 10
    right_done = wrong_done = False
    for _ in range(len(panel.questions)):
        q = panel.question
        assert esc(q.prompt) in panel.prompt.value
        assert [b.description for b in panel.choices.children] == list(q.choices)
        if not right_done:  # answer right: every right choice (then Check for a many-answer question)
            for k in q.answer:
                _click_choice(panel, k)
            if q.many:
                panel.check_button.click()
            assert panel.answered[panel.index] is True
            assert "rt-msg-ok" in panel.feedback.value
            right_done = True
        elif not wrong_done:  # answer wrong: a choice that is not right (or too few for many)
            wrong = [k for k in range(len(q.choices)) if k not in q.answer]
            if not wrong:
                panel.next_button.click()
                continue
            _click_choice(panel, wrong[0])
            if q.many:
                panel.check_button.click()
            assert panel.answered[panel.index] is False
            assert "rt-msg-error" in panel.feedback.value
            wrong_done = True
        # the feedback cites the question's rule and gives the explanation
        assert f"data-rule='{q.rule}'" in panel.feedback.value
        assert all(b.disabled for b in panel.choices.children)
        # answered choices: the right ones are green
        assert [k for k, b in enumerate(panel.choices.children) if b.button_style == "success"] == sorted(q.answer)
        assert [k for k, b in enumerate(panel.choices.children) if b.description.startswith("✓ ")] == sorted(q.answer)
        if right_done and wrong_done:
            break
        panel.next_button.click()
    assert right_done and wrong_done
    assert "data-right='1' data-answered='2'" in panel.progress.value


def test_quiz_speaks_the_pages_language_and_keeps_the_questions():
    pg = page("tir-nan-og")
    panel = pg.quiz
    english = [(q.state, q.answer) for q in panel.questions]
    pg.language.lang = "it"
    assert [(q.state, q.answer) for q in panel.questions] == english
    assert all(q.lang == "it" for q in panel.questions)
    assert panel.next_button.description == i18n.t("quiz_next", "it")
    assert pg.tabs.get_title(3) == "Quiz"


def test_quiz_set_saved_and_loaded_back_and_a_bad_file_refused():
    pg = page("kamikaze-attack")
    panel = pg.quiz
    saved = panel.questions
    panel.save_button.click()
    text = panel.text.value
    assert quiz.load(text) == saved
    panel.new_button.click()
    assert panel.questions != saved
    panel.text.value = text
    panel.load_button.click()
    assert panel.questions == saved and "rt-msg-ok" in panel.file_msg.value
    panel.text.value = text.replace('"answer": [', '"answer": [99, ', 1)
    panel.load_button.click()
    assert "rt-msg-error" in panel.file_msg.value and "questions[0].answer" in panel.file_msg.value
    assert panel.questions == saved
    other = quiz.save(quiz.generate("fire-bulls", 1, 2))
    assert not panel.load(other)


@pytest.mark.parametrize("name", NAMES)
def test_hint_button_in_the_play_tab(name):
    from tutor import hints

    pg = page(name)
    shell = pg.game
    # a person to move: seat 0 is a person at a new table; let the bots play until it is their turn
    for _ in range(50):
        if shell.to_decide is None or shell.human_to_move:
            break
        shell.bot_move()
    assert shell.human_to_move
    hints.TIME_LIMIT, old = 60.0, hints.TIME_LIMIT
    try:
        shell.hint_box.button.click()
    finally:
        hints.TIME_LIMIT = old
    h = shell.hint_box.hint
    assert h is not None and h.action in shell.game.legal_actions(shell.state)
    assert esc(h.sentence) in shell.hint_box.text.value
    assert f"data-rule='{h.rule}'" in shell.hint_box.text.value
    # the hint goes once the position changes
    shell.play(h.action)
    assert shell.hint_box.text.value == ""


@pytest.mark.parametrize("name", NAMES)
def test_your_turn_in_the_stepper_right_and_wrong(name):
    pg = page(name)
    st = pg.stepper
    turn = st.your_turn
    turn.switch.value = True
    # an example with a step the rules refuse (every game's rulebook examples have one)
    index = next(i for i, ex in enumerate(st.examples) if any(s.illegal for s in ex.steps))
    st.chooser.value = index
    ex = st.example
    outcomes = []
    while st.position < len(ex.steps):
        pos = st.position
        st.next.click()
        q = turn.question
        if q is None:  # a step with nothing to predict: shown at once
            assert st.position == pos + 1
            continue
        assert st.position == pos and st.next.disabled  # asked before the step is shown
        assert esc(q.prompt) in turn.prompt.value
        step = ex.steps[pos]
        if step.illegal:
            assert q.kind == "allowed"
            assert turn.choices.children[1].description == "No, the rules refuse it"
        pick = q.answer[0] if len(outcomes) % 2 == 0 else next(k for k in range(len(q.choices)) if k not in q.answer)
        turn.choices.children[pick].click()
        ok = pick in q.answer
        outcomes.append(ok)
        assert st.position == pos + 1  # then the step is shown
        assert ("rt-msg-ok" if ok else "rt-msg-error") in turn.feedback.value
        assert f"data-rule='{q.rule}'" in turn.feedback.value
    assert True in outcomes and False in outcomes
    # asked once: stepping back and forth again shows the steps directly
    st.first.click()
    st.next.click()
    assert st.position == 1 and turn.question is None
    turn.switch.value = False
    st.next.click()
    assert st.position == 2
