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


def _answer(panel, q, picks):
    for k in picks:
        _click_choice(panel, k)
    if q.many:
        panel.check_button.click()


@pytest.mark.parametrize("name", NAMES)
def test_quiz_tab_right_then_wrong_with_a_reason_and_a_retry(name):
    pg = page(name)
    pg.tabs.selected_index = 3
    panel = pg.quiz
    assert pg.tabs.children[3] is panel
    assert len(panel.questions) == 10
    # the set starts at its simplest question
    assert panel.question.level == min(q.level for q in panel.questions)
    right_done = wrong_done = False
    for _ in range(len(panel.questions)):
        q = panel.question
        assert esc(q.prompt) in panel.prompt.value
        assert [b.description for b in panel.choices.children] == list(q.choices)
        wrong = [k for k in range(len(q.choices)) if k not in q.answer]
        if not right_done:  # answer right at the first try: why it is right, and the rule
            _answer(panel, q, q.answer)
            assert panel.answered[panel.index] is True
            assert "rt-msg-ok" in panel.feedback.value
            assert all(esc(q.reason(k)) in panel.feedback.value for k in q.answer)
            right_done = True
        elif not wrong_done and wrong:  # a wrong answer: its reason at once, the question stays open
            _answer(panel, q, [wrong[0]])
            assert panel.answered[panel.index] is False
            assert "rt-msg-error" in panel.feedback.value and esc(q.reason(wrong[0])) in panel.feedback.value
            tried = panel.choices.children[wrong[0]]
            assert tried.disabled and tried.description.startswith("✗ ")
            assert not all(b.disabled for b in panel.choices.children)  # try again
            _answer(panel, q, q.answer)  # the second try is right, but the score keeps the first
            assert panel.answered[panel.index] is False and "rt-msg-ok" in panel.feedback.value
            wrong_done = True
        else:
            panel.next_button.click()
            continue
        assert f"data-rule='{q.rule}'" in panel.feedback.value
        assert all(b.disabled for b in panel.choices.children)
        # answered: the right ones are green and marked
        assert [k for k, b in enumerate(panel.choices.children) if b.button_style == "success"] == sorted(q.answer)
        assert [k for k, b in enumerate(panel.choices.children) if b.description.startswith("✓ ")] == sorted(q.answer)
        if right_done and wrong_done:
            break
        panel.next_button.click()
    assert right_done and wrong_done
    assert "data-right='1' data-answered='2'" in panel.progress.value


def test_show_the_answer_gives_every_choices_reason():
    panel = page("fire-bulls").quiz
    q = panel.question
    wrong = next(k for k in range(len(q.choices)) if k not in q.answer)
    _answer(panel, q, [wrong])
    assert panel.reveal_button.layout.display is None
    panel.reveal_button.click()
    for k in range(len(q.choices)):
        assert f"data-choice='{k}'" in panel.feedback.value and esc(q.reason(k)) in panel.feedback.value
    assert all(b.disabled for b in panel.choices.children)


def test_the_level_moves_up_after_a_right_first_try_and_down_after_a_wrong_one():
    panel = page("formula-e").quiz
    levels = [q.level for q in panel.questions]
    assert len(set(levels)) > 1, levels  # a set spans levels
    start = panel.question.level
    _answer(panel, panel.question, panel.question.answer)
    panel.next_button.click()
    assert panel.run.level == min(3, start + 1)
    q = panel.question
    wrong = [k for k in range(len(q.choices)) if k not in q.answer]
    _answer(panel, q, wrong[:1] if not q.many else q.answer[:-1] or wrong[:1])
    assert panel.run.level == min(3, start + 1) - 1


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
    if h.details:  # the numbers behind the advice, closed until opened
        assert "<details class='rt-hint-details'>" in shell.hint_box.text.value
        assert shell.hint_box.text.value.index(esc(h.sentence)) < shell.hint_box.text.value.index(esc(h.details))
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


@pytest.mark.parametrize("name", NAMES)
def test_several_right_choices_a_short_pick_says_how_many_are_left(name):
    """A question with several right choices, checked with only some of them: the page says how many
    more are right (none picked was wrong), keeps the right picks, and the rest then completes it."""
    pg = page(name, "fr")
    pg.tabs.selected_index = 3
    panel = pg.quiz
    for i, q in enumerate(panel.questions):
        if q.many and len(q.answer) >= 2:
            panel.go(i)
            break
    else:
        pytest.skip(f"{name}: no question with several right choices in this set")
    q = panel.question
    _click_choice(panel, q.answer[0])
    panel.check_button.click()
    left = len(q.answer) - 1
    said = i18n.t("quiz_missing_one" if left == 1 else "quiz_missing", "fr", n=left)
    assert esc(said) in panel.feedback.value and panel.reveal_button.layout.display != "none"
    assert not panel.solved and panel.picked == {q.answer[0]}
    for k in q.answer[1:]:
        _click_choice(panel, k)
    panel.check_button.click()
    assert panel.solved and "rt-msg-ok" in panel.feedback.value
