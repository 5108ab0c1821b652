"""The Scenarios tab by clicks: solve one, fail one, hint, reset, the solution stepped."""

from __future__ import annotations

import re

import pytest

from tutor import bots, games, scenarios
from widgets.page import page

NAMES = games.names()


def _click_move(panel, text):
    """Play the move labelled ``text`` (the engine's action text in the page's language): its button,
    or else its line in the list of the other moves and the button beside the list."""
    for b in panel.moves.children:
        if b.description == text:
            b.click()
            return
    listed = [label for label, _ in panel.more.options]
    if text in listed:
        panel.more.index = listed.index(text)
        panel.more_play.click()
        return
    raise AssertionError(f"no move {text!r} in {[b.description for b in panel.moves.children]} or {listed}")


def _own_moves(game, sc):
    states = scenarios.replay(game, sc)
    return [t for t, s in zip(sc.solution, states) if game.current_player(s) == sc.seat]


@pytest.mark.parametrize("name", NAMES)
def test_solve_one_by_clicks_then_fail_it_then_reset(name):
    p = page(name)
    p.tabs.selected_index = 4
    panel = p.scenarios
    assert panel is p.tabs.children[4]
    game = games.get(name)
    sc = panel.scenario
    assert sc is not None and sc.id == scenarios.library(name)[0].id
    assert "Goal:" in panel.goal.value and panel.moves.children
    for text in _own_moves(game, sc):
        if panel.session.solved:
            break
        label = game.action_text(game.parse_action(panel.session.state, text))
        _click_move(panel, label)
    assert "Solved!" in panel.verdict.value and "class='rt-cite' data-rule=" in panel.verdict.value
    assert "data-solved='1'" in panel.progress.value and "data-attempts='1'" in panel.progress.value
    assert panel.moves.children == ()  # nothing more to play
    # reset: a new attempt at the start; the greedy move every time does not reach the goal
    panel.reset_button.click()
    assert "data-attempts='2'" in panel.progress.value and panel.session.moves == 0
    greedy = bots.get("greedy")
    while panel.moves.children:
        label = game.action_text(greedy.choose(game, panel.session.state))
        _click_move(panel, label)
    assert "Not yet" in panel.verdict.value and "Solved!" not in panel.verdict.value
    assert "data-solved='1'" in panel.progress.value


def test_hint_names_a_legal_move_and_a_rule():
    p = page("tir-nan-og")
    panel = p.scenarios
    panel.hint_button.click()
    assert panel.hint_text.value and "rt-narration" in panel.hint_text.value


def test_filters_and_solution_stepped_in_italian():
    p = page("kamikaze-attack", "it")
    panel = p.scenarios
    game = games.get("kamikaze-attack")
    levels = [v for _, v in panel.level_pick.options if v]
    panel.level_pick.value = levels[-1]
    assert panel.shown() and all(s.difficulty == levels[-1] for s in panel.shown())
    assert panel.scenario.difficulty == levels[-1]
    assert "Obiettivo" in panel.goal.value
    sc = panel.scenario
    panel.solution_button.click()  # back to the start
    for _ in sc.solution:
        panel.solution_button.click()
    assert sc.solved(game, panel.session.state) and "Risolto!" in panel.verdict.value
    assert panel.solution_button.disabled
    # the solution shown is not counted as solved
    assert "data-solved='0'" in panel.progress.value
    rules = [v for _, v in panel.rule_pick.options if v]
    panel.rule_pick.value = rules[0]
    assert all(s.rule == rules[0] for s in panel.shown())


@pytest.mark.parametrize("name", NAMES)
def test_play_from_an_example_step_then_undo_back_to_it(name):
    p = page(name)
    game = games.get(name)
    st = p.stepper
    assert st.play_here.description == "Play from here" and st.play_here.layout.display is None
    for box in p.game.seat_boxes:  # the seats are chosen in the Play tab: here, people at every seat
        box.value = "person"
    st.go(1)
    here = st.state_at(1)
    st.play_here.click()
    assert p.tabs.selected_index == 1
    shell = p.game
    assert game.position_key(shell.history[0].state) == game.position_key(here)
    assert game.position_key(shell.state) == game.position_key(here)
    assert set(shell.seats) == {"person"}
    if game.current_player(here) is not None:
        shell.play(game.legal_actions(shell.state)[0])
        assert shell.index >= 1
        assert shell.undo()
        assert game.position_key(shell.state) == game.position_key(here)


def test_progress_exports_with_the_quiz_results():
    """One export: the quiz's file holds the answers and the Scenarios tab's solved ids and attempts."""
    import json

    from tutor import quiz

    name = "kamikaze-attack"
    p = page(name)
    game = games.get(name)
    panel = p.scenarios
    sc = panel.scenario
    for text in _own_moves(game, sc):
        if panel.session.solved:
            break
        _click_move(panel, game.action_text(game.parse_action(panel.session.state, text)))
    assert panel.session.solved
    panel.reset_button.click()  # a second attempt at the same scenario
    qp = p.quiz
    qp.choices.children[0].click()
    if qp.question.many:
        qp.check_button.click()
    text = qp.save()
    data = json.loads(text)
    assert data["results"]["scenarios"] == {"game": name, "solved": [sc.id], "attempts": {sc.id: 2}}
    assert data["results"]["quiz"]["answered"] == 1 and data["results"]["quiz"]["right"] in (0, 1)
    assert "2 attempts" in qp.file_msg.value and "1 solved" in qp.file_msg.value
    assert quiz.load(text) == qp.questions  # the set still loads back as before


@pytest.mark.parametrize("name", NAMES)
def test_a_play_position_saved_as_a_scenario_loads_back(name):
    """The teacher saves the Play tab's position with a goal from the engine's list (the game's own
    kind), by clicks; tutor.scenarios.load reads the file back; a goal already reached is refused."""
    p = page(name)
    game = games.get(name)
    shell = p.game
    for box in shell.seat_boxes:
        box.value = "person"
    shell.new_game()
    shell.play(game.legal_actions(shell.state)[0])  # a position of the game under way
    box = shell.save_as
    own = next(iter(game.goal_kinds()))
    labels = dict((v, k) for k, v in box.kind.options)
    assert set(labels) == set(scenarios.goal_kinds(game)) and "…" in labels["win"]
    box.kind.value = own
    box.moves.value = 3
    if game.goal_kinds()[own].n:
        box.n.value = 2
    box.title.value = "Mine"
    seat = game.current_player(shell.state)
    assert box.seat.value == seat
    box.button.click()
    assert "copy it to a file" in box.said.value and shell.files.selected_index == 0
    [sc] = scenarios.load(game, shell.scenario.value)
    assert (sc.goal.kind, sc.seat, sc.heading, sc.solution) == (own, seat, "Mine", ())
    assert sc.goal.moves == 3 and game.position_key(sc.start(game)) == game.position_key(shell.state)
    # a goal the seat has already reached (leader with more points than all: not at a fresh start) is refused
    box.kind.value = "score_at_least"
    box.n.value = -1
    before = shell.scenario.value
    box.button.click()
    assert "already reached" in box.said.value and shell.scenario.value == before


def test_play_from_a_lesson_step_and_from_an_answered_quiz_question():
    name = "tir-nan-og"
    p = page(name)
    game = games.get(name)
    st = p.stepper
    assert st.example.id == "lesson"  # the page opens on the guided first game, the lesson entry
    st.go(2)
    here = st.state_at(2)
    st.play_here.click()
    assert p.tabs.selected_index == 1 and game.position_key(p.game.state) == game.position_key(here)
    qp = p.quiz
    assert qp.play_here.layout.display == "none"  # not before the answer: playing on would show it
    qp.choices.children[0].click()
    if qp.question.many:
        qp.check_button.click()
    if not qp.solved:  # a wrong first answer stays open: the answer shown settles it
        qp.reveal_button.click()
    assert qp.play_here.layout.display is None and qp.play_here.description == "Play from here"
    p.tabs.selected_index = 3
    qp.play_here.click()
    assert p.tabs.selected_index == 1
    # the seats are the Play tab's (a bot may already have replied): undo goes back to the question's position
    assert game.position_key(p.game.history[0].state) == game.position_key(game.from_json(qp.question.state))


def test_the_link_carries_the_position_played_from_an_example_step():
    """"Play from here" puts ``from=step`` in the page's link; opening that link plays on from the same step."""
    from widgets.panels import place as places

    name = "kamikaze-attack"
    game = games.get(name)
    p = page(name)
    for box in p.game.seat_boxes:
        box.value = "person"
    p.stepper.go(1)  # the first lesson's second card
    p.stepper.play_here.click()
    assert p.current_place.start == "step" and "from=step" in p.url
    query = p.url.split("?", 1)[1]
    again = page(name, query=query)
    assert again.tabs.selected_index == 1 and not again.problems
    assert game.position_key(again.game.history[0].state) == game.position_key(p.game.history[0].state)
    p.game.new_game()  # a new game is no longer that step
    assert "from=step" not in p.url
    assert places.parse("from=move&example=x", {"x": 2}, ())[1][0].key == "place_bad_from"


def test_the_link_carries_the_quiz_question_played_from():
    """"Play from here" on a quiz question puts ``from=quiz`` and the question (seed-index) in the link;
    opening that link plays on from the same question's position, in a page that never opened the quiz."""
    from widgets.panels import place as places

    name = "fire-bulls"
    game = games.get(name)
    p = page(name)
    qp = p.quiz
    qp.new_set(4)
    qp.go(2)
    qp.choices.children[0].click()
    if qp.question.many:
        qp.check_button.click()
    if not qp.solved:  # a wrong first answer stays open: the answer shown settles it
        qp.reveal_button.click()
    p.tabs.selected_index = 3
    qp.play_here.click()
    assert p.tabs.selected_index == 1
    assert p.current_place.start == "quiz" and "question=4-2&from=quiz" in p.url
    again = page(name, query=p.url.split("?", 1)[1])
    assert again.tabs.selected_index == 1 and not again.problems
    assert game.position_key(again.game.history[0].state) == game.position_key(game.from_json(qp.questions[2].state))
    p.game.new_game()  # a new game is no longer that question
    assert "from=quiz" not in p.url
    bad = places.parse("tab=play&from=quiz&question=x-1", {}, ())[1]
    assert [pr.key for pr in bad] == ["place_bad_question", "place_bad_from"]
    assert places.parse("tab=play&from=quiz&question=4-2", {}, ())[0].question == (4, 2)


# ---------------------------------------------------------------- scn2: a teacher's scenario file in the tab

def _teachers_file(p, game, shipped, title="Mine"):
    """The teacher sets the shipped scenario's position in the Play tab, saves it as a scenario with the
    same goal by clicks, and writes the shipped line into the file as its solution."""
    import json

    shell = p.game
    for box in shell.seat_boxes:
        box.value = "person"
    assert shell.load(json.dumps(shipped.state))
    box = shell.save_as
    box.kind.value = shipped.goal.kind
    box.moves.value = shipped.goal.moves
    if scenarios.goal_kinds(game)[shipped.goal.kind].n:
        box.n.value = shipped.goal.n
    box.seat.value = shipped.seat
    box.title.value = title
    box.button.click()
    data = json.loads(shell.scenario.value)
    data["scenarios"][0]["solution"] = list(shipped.solution)
    return data


@pytest.mark.parametrize("name", NAMES)
def test_a_teachers_saved_position_opens_in_the_tab_and_is_solved_by_its_solution(name):
    import json

    p = page(name)
    game = games.get(name)
    shipped = scenarios.library(name)[0]
    data = _teachers_file(p, game, shipped)
    panel = p.scenarios
    shipped_ids = [v for _, v in panel.pick.options]
    panel.file_text.value = json.dumps(data)
    panel.open_button.click()
    assert "rt-msg-ok" in panel.file_msg.value and "New in the list: 1" in panel.file_msg.value
    ids = [v for _, v in panel.pick.options]
    assert ids[:-1] == shipped_ids and len(ids) == len(shipped_ids) + 1  # added to the list, the shipped kept
    assert dict((v, k) for k, v in panel.pick.options)[ids[-1]] == "Mine (teacher's)"
    sc = panel.scenario
    assert sc.id == ids[-1] and panel.pick.value == sc.id  # opened at once
    assert game.position_key(panel.session.first) == game.position_key(shipped.start(game))
    assert "Goal:" in panel.goal.value and panel.moves.children
    # its solution, stepped like a worked example, reaches the goal
    panel.solution_button.click()
    for _ in sc.solution:
        panel.solution_button.click()
    assert "Solved!" in panel.verdict.value and panel.solution_button.disabled
    # and played by clicks (the replies are the scenario's bot's): solved, counted
    panel.reset_button.click()
    for text in _own_moves(game, sc):
        if panel.session.solved:
            break
        _click_move(panel, game.action_text(game.parse_action(panel.session.state, text)))
    assert "Solved!" in panel.verdict.value
    assert "data-solved='1'" in panel.progress.value
    assert panel.progress_data()["solved"] == [sc.id]
    # the export marks the teacher's scenario as the teacher's (the shipped ones are not listed)
    assert panel.progress_data()["teacher"] == [sc.id]
    # the same file opened again adds nothing
    panel.open_button.click()
    assert [v for _, v in panel.pick.options] == ids and "New in the list: 0" in panel.file_msg.value


def test_a_bad_teachers_file_is_refused_with_the_field_named_and_the_list_unchanged():
    import json

    name = "kamikaze-attack"
    p = page(name, "it")
    game = games.get(name)
    shipped = scenarios.library(name)[1]
    good = _teachers_file(p, game, shipped)
    panel = p.scenarios
    before = (list(panel.pick.options), panel.scenario.id, panel.progress.value, len(panel.library))

    def unchanged():
        return (list(panel.pick.options), panel.scenario.id, panel.progress.value, len(panel.library)) == before

    bad_kind = json.loads(json.dumps(good))
    bad_kind["scenarios"][0]["goal"]["kind"] = "checkmate"
    panel.file_text.value = json.dumps(bad_kind)
    panel.open_button.click()
    said = panel.file_msg.value
    assert "rt-msg-error" in said and "scenarios[0].goal.kind" in said and "Non è cambiato nulla" in said
    assert unchanged()
    # a solution that does not reach the goal (the greedy move at every decision)
    wrong = json.loads(json.dumps(good))
    wrong["scenarios"][0]["solution"] = wrong["scenarios"][0]["solution"][:1]
    panel.file_text.value = json.dumps(wrong)
    panel.open_button.click()
    assert "scenarios[0].solution" in panel.file_msg.value and unchanged()
    # another game's file, then junk bytes uploaded
    other = json.loads(json.dumps(good))
    other["game"] = "tir-nan-og"
    panel.file_text.value = json.dumps(other)
    panel.open_button.click()
    assert "game" in panel.file_msg.value and "tir-nan-og" in panel.file_msg.value and unchanged()
    panel.upload.value = ({"name": "x.json", "type": "application/json", "size": 4, "last_modified": 0,
                           "content": memoryview(b"\xff{[1")},)
    assert "file" in panel.file_msg.value and unchanged()
    empty = dict(good, scenarios=[])
    panel.file_text.value = json.dumps(empty)
    panel.open_button.click()
    assert "scenarios" in panel.file_msg.value and unchanged()
    # a good file opens; a second teacher's file with the same id (every saved position is "teacher-1")
    # is a scenario of its own beside it, not a replacement
    assert panel.open_file(json.dumps(good)) and panel.scenario.id == "teacher-1"
    again = dict(good, scenarios=[dict(good["scenarios"][0], title="Another")])
    panel.file_text.value = json.dumps(again)
    panel.open_button.click()
    labels = dict((v, k) for k, v in panel.pick.options)
    assert labels["teacher-1"] == "Mine (dell'insegnante)" and labels["teacher-1-2"] == "Another (dell'insegnante)"
    assert panel.scenario.id == "teacher-1-2" and len(panel.library) == before[3] + 2
    assert panel.open_button.description == "Apri gli scenari"
    p.language.lang = "fr"  # the page's language changed: the marks follow
    labels = dict((v, k) for k, v in panel.pick.options)
    assert labels["teacher-1-2"] == "Another (de l'enseignant)"
    assert panel.open_button.description == "Ouvrir les scénarios"


@pytest.mark.parametrize("lang,nothing", [("en", "Nothing changed."), ("it", "Non è cambiato nulla."),
                                          ("fr", "Rien n'a changé.")])
def test_hostile_teachers_files_and_failing_callbacks_change_nothing(lang, nothing, monkeypatch):
    """A teacher's file whose replies would fail the learner (fixed replies that answer no move, no reply
    for the seat to move first) is refused at once, the field named, in the page's language; a callback
    that fails inside (a move, the hint, the solution, reset) says so and leaves the attempt as it was.
    No callback raises."""
    import html
    import json

    name = "tir-nan-og"
    p = page(name, lang)
    game = games.get(name)
    panel = p.scenarios
    shipped = next(sc for sc in scenarios.library(name)
                   if any(game.current_player(s) != sc.seat for s in scenarios.replay(game, sc)[:-1]))
    good = json.loads(scenarios.dump(game, [shipped]))["scenarios"][0]
    start = shipped.start(game)
    hostile = [dict(good, id="t1", replies=["fly to the moon"]),
               dict(good, id="t2", seat=(game.current_player(start) + 1) % len(game.scores(start)), replies=[],
                    solution=[])]

    def seen():
        return (list(panel.pick.options), panel.scenario.id, panel.progress.value, len(panel.library),
                game.to_json(panel.session.state), panel.session.moves)

    before = seen()
    for sc in hostile:
        text = json.dumps({"game": name, "scenarios": [sc]})
        assert panel.open_file(text) is False  # returns, never raises
        said = html.unescape(panel.file_msg.value)
        assert "rt-msg-error" in said and "scenarios[0].replies" in said and nothing in said, said
        assert seen() == before
        panel.file_msg.value = ""
        panel.file_text.value = text
        panel.open_button.click()
        assert "scenarios[0].replies" in panel.file_msg.value and seen() == before
    # the engine or a helper failing inside a callback: a message, and the attempt as it was
    def boom(*args, **kwargs):
        raise RuntimeError("broken")

    monkeypatch.setattr(game, "apply_explained", boom)
    panel.moves.children[0].click()
    assert panel.play(game.legal_actions(panel.session.state)[0]) is False
    assert "rt-msg-error" in panel.verdict.value and nothing in html.unescape(panel.verdict.value)
    assert seen() == before
    panel.solution_button.click()  # back to the start (nothing applied yet)
    panel.verdict.value = ""
    panel.solution_button.click()  # the first step of the solution fails
    assert "rt-msg-error" in panel.verdict.value and panel.solution_step == 0
    monkeypatch.undo()
    from tutor import hints

    monkeypatch.setattr(hints, "hint", boom)
    panel.reset_button.click()
    panel.verdict.value = ""
    before = seen()
    panel.hint_button.click()
    assert "rt-msg-error" in panel.verdict.value and seen() == before


def test_many_moves_are_a_few_buttons_of_each_kind_and_a_list():
    """Fire Bulls' first scenario offers 21 moves (2 reserve cards to take, the deck with or without a
    pawn move, 17 ways to attack): six buttons, two of each kind, and the other fifteen in one list whose
    chosen line is played with the button beside it.  Kamikaze's four cards stay four buttons."""
    p = page("fire-bulls")
    panel = p.scenarios
    game = games.get("fire-bulls")
    words = [b.description.split()[0] for b in panel.moves.children]
    assert words == ["take", "take", "draw", "draw", "attack", "attack"]
    listed = [label for label, _ in panel.more.options]
    assert len(listed) == 15 and all(label.startswith("attack from direction") for label in listed)
    assert panel.more.description == "Other moves (15)" and panel.more_row.layout.display is None
    assert panel.more.value is None and panel.more_play.disabled  # nothing chosen, nothing to play yet
    every = [game.action_text(a) for a in game.legal_actions(panel.session.state)]
    assert sorted(every) == sorted([b.description for b in panel.moves.children] + listed)
    panel.more.index = listed.index("attack from direction 3: pay Palisade with red")
    assert not panel.more_play.disabled
    panel.more_play.click()
    assert panel.session.moves == 1 and "Palisade" in panel.verdict.value
    k = page("kamikaze-attack").scenarios
    assert len(k.moves.children) == 4 and k.more.options == () and k.more_row.layout.display == "none"


# Tir Nan Og's turn, in the rulebook's words: "Durante il proprio turno ogni giocatore può fare UNA delle
# seguenti azioni": take 2 creature cards from the display, take a territory into the reserve, or play
# creature cards to consolidate a territory of the reserve (rule tir-nan-og/turn/one-action).
CREATURE = "(dragon|elf|fairy|griffin|centaur)"
TIR_NAN_OG_TURN = {
    "take creatures": re.compile(rf"^take {CREATURE}( and {CREATURE})?$"),
    "take a territory": re.compile(r"^take the (plain|castle|forest|river|temple|volcano)$"),
    "consolidate": re.compile(r"^consolidate the (plain|castle|forest|river|temple|volcano) paying "),
}


def _turn_action(text: str) -> str:
    found = [name for name, words in TIR_NAN_OG_TURN.items() if words.match(text)]
    assert len(found) == 1, f"{text!r} is not one of the rulebook's three actions"
    return found[0]


@pytest.mark.parametrize("sid", ["tir-nan-og-08", "tir-nan-og-10"])
def test_tir_nan_og_offers_each_of_the_three_actions_before_a_second_of_any(sid):
    """A Tir Nan Og turn where all three of the rulebook's actions are legal and there are more moves
    than buttons: each action has a button, whichever creature or territory it names, and none has a
    second before each has one (nor a third before each that has more has a second)."""
    p = page("tir-nan-og", query=f"lang=en&tab=scenarios&scenario={sid}")
    panel = p.scenarios
    assert panel.scenario.id == sid and panel.more_row.layout.display is None  # more moves than buttons
    shown = [_turn_action(b.description) for b in panel.moves.children]
    listed = [_turn_action(label) for label, _ in panel.more.options]
    assert set(shown + listed) == set(TIR_NAN_OG_TURN)  # the three are legal here
    assert len(shown) == 6 and set(shown) == set(TIR_NAN_OG_TURN)  # a button for each
    left = {a: shown.count(a) for a in set(listed)}  # the buttons of the actions with more moves in the list
    assert max(left.values()) - min(left.values()) <= 1 and all(shown.count(a) <= min(left.values())
                                                                  for a in set(shown) - set(listed))
    if sid == "tir-nan-og-10":  # several ways to consolidate here: two buttons of each action
        assert sorted(shown) == sorted(list(TIR_NAN_OG_TURN) * 2)
