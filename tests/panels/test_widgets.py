"""The panels without a browser: build them, click, set values, check panel and engine state."""

from __future__ import annotations

import json
import re

import pytest

from widgets.panels import i18n



@pytest.fixture
def fb():
    from tutor.games import fire_bulls

    return fire_bulls


def test_every_string_has_three_languages():
    import widgets.games.fire_bulls  # noqa: F401  (adds its strings)
    import widgets.index  # noqa: F401

    assert i18n.missing() == []
    assert i18n.t("next", "it") == "Avanti"


# ------------------------------------------------------------------ stepper
@pytest.mark.parametrize("name", ["fire-bulls", "kamikaze-attack", "tir-nan-og", "formula-e"])
def test_a_step_sends_the_board_to_the_page_as_one_update_and_its_style_never(name):
    """cls2: each widget update is a message from the kernel to every page; a step used to send
    one a board section (five or six), the board's sections are now the divs of one HTML widget."""
    from widgets.page import page

    st = page(name, "en").stepper
    sent: list[str] = []
    for part in st.board.children:
        part.observe(lambda ch, part=part: sent.append("style" if part is st.board.style else "body"), "value")
    board_changes = 0
    while not st.next.disabled:
        before = st.board.body.value
        st.next.click()
        board_changes += st.board.body.value != before
    assert sent == ["body"] * board_changes and board_changes >= 1
    shown = st.board.body.value
    # each section is in the page, in its own div
    names = [n for n in ("info", "rows", "hands", "field", "track", "seats") if st.board.section(n)]
    assert names and all(f"<div class='rt-sec-{n}'>{st.board.section(n)}</div>" in shown for n in names)
    assert "<style" in st.board.style.value and "<style" not in shown


def test_stepper_opens_on_the_first_lesson_and_walks_the_scoring_example():
    from widgets.games.fire_bulls import stepper

    st = stepper()
    assert len(st.chooser.options) == len(st.examples) == 1 + 10  # the first lesson, then the examples
    assert st.example.id == "lesson"
    st.chooser.value = [ex.id for ex in st.examples].index("it-scoring")
    assert "23" in st.example.title
    assert st.position == 0 and st.first.disabled and st.prev.disabled
    pages = [st.board.html + st.narration.value]
    while not st.next.disabled:
        st.next.click()
        pages.append(st.board.html + st.narration.value)
    assert st.position == len(st.example.steps)
    # the last step ends on the breakdown: penalty card, face values, bonus, total 23
    assert "data-total='23'" in st.board.html
    assert "fb-removed" in st.board.html and "fb-bonus" in st.board.html
    assert "23" in st.outcome.value
    # stepping back shows exactly the earlier steps
    for i in range(len(pages) - 1, -1, -1):
        assert st.position == i
        assert st.board.html + st.narration.value == pages[i]
        st.prev.click()
    st.last.click()
    assert st.position == len(st.example.steps)
    st.first.click()
    assert st.position == 0
    st.slider.value = 2
    assert st.board.html + st.narration.value == pages[2]


def test_stepper_cites_rules_and_highlights_changes():
    from widgets.games.fire_bulls import stepper

    st = stepper()
    st.next.click()
    assert "rt-cite" in st.narration.value
    assert "fb-changed" in st.board.html


def test_every_example_can_be_stepped_to_its_end():
    from widgets.games.fire_bulls import stepper

    st = stepper()
    for i in range(len(st.examples)):
        st.chooser.value = i
        assert st.position == 0
        st.last.click()
        assert st.outcome.value  # the rulebook's stated outcome is shown


def test_language_switch_relabels_the_stepper():
    from widgets.games.fire_bulls import page

    p = page()
    p.language.lang = "it"
    assert p.stepper.next.description == "Avanti"
    assert p.tabs.titles[1] == "Gioca"
    assert "Mazzo 1" in p.stepper.board.html
    p.language.lang = "fr"
    assert p.stepper.next.description == "Suivant"
    assert p.game.new_button.description == "Nouvelle partie"
    assert "Pile 1" in p.stepper.board.html


# --------------------------------------------------------------------- game
def _shell(**kw):
    from widgets.games.fire_bulls import game_panel

    return game_panel(players=2, seed=1, **kw)


def _payment(shell, cls):
    """The payment button with CSS class ``cls`` (fb-attack-3-green, fb-pay-red ...)."""
    return next(b for b in shell.controls.pay_buttons if cls in b._dom_classes)


def _group_title(shell, button) -> str:
    """The words of the line a payment button is in ("from 3:")."""
    from widgets.games.fire_bulls import _inside

    group = next(g for g in shell.controls.children if _inside(button, [g]) and hasattr(g, "children"))
    while button not in group.children:
        group = next(g for g in group.children if _inside(button, [g]))
    return " ".join(ch.value for ch in group.children if hasattr(ch, "value") and isinstance(ch.value, str))


def test_win_a_yen_card_by_clicks_then_the_bot_plays(fb):
    shell = _shell()
    s0 = shell.state
    assert s0.current_player == 0 and s0.pawns[0] == 3
    target = s0.slot(fb.attack_path(3)[0])
    button = _payment(shell, "fb-attack-3-green")
    assert button.description == "green"  # the payment in the learner's words, in the line "from 3:"
    assert "from 3:" in _group_title(shell, button)
    button.click()  # attack from direction 3, paying one green bull
    assert shell.msg.value == "", shell.msg.value
    # The nearest card is a Palisade, beaten by one bull card of any colour:
    # the click itself wins it, and the attack may go on to the next card.
    assert target == "palisade"
    assert shell.state.won[0] == ("palisade",)
    assert shell.state.phase == "attack" and shell.human_to_move
    shell.controls.stop_button.click()  # end the attack here; the bot answers
    assert "palisade" in shell.state.won[0]
    assert len(shell.history) > 2  # the bot's moves were played and logged
    assert "rt-log-entry" in shell.log_html.value


def test_wrong_move_says_why_and_changes_nothing(fb):
    shell = _shell()
    before, n = shell.state, len(shell.history)
    # a Palisade is paid with exactly one bull card: three are refused, with the rule cited
    assert shell.play(fb.Action.attack(3, ["green", "red", "warrior"])) is False
    assert "rt-msg-error" in shell.msg.value and "rt-cite" in shell.msg.value
    assert shell.state is before and len(shell.history) == n


def test_a_game_in_progress_carried_as_json_is_drawn_the_same_by_another_shell():
    """The shell draws its table: another shell given the table read back from its JSON shows the
    same board, status, log and undo/redo, and the move undone is still there to redo."""
    from tutor.table import Table
    from widgets.games.kamikaze import game_panel

    first = game_panel(players=2, seed=3, seats=["person", "person"])
    for text in ("play the Swordsman", "play the Archer"):
        assert first.play(first.game.parse_action(first.state, text))
    assert first.undo()
    other = game_panel(players=2, seed=9, seats=["person", "greedy"])
    other.show_table(Table.from_json(first.table.to_json(), first.game))
    assert other.seats == ["person", "person"] and other.seed.value == 3
    assert (other.board.html, other.status.value, other.log_html.value) == \
        (first.board.html, first.status.value, first.log_html.value)
    assert not other.redo_button.disabled and not other.undo_button.disabled
    assert other.redo() and first.redo()
    assert other.board.html == first.board.html and "rt-log-entry" in other.log_html.value


def test_nonsense_actions_get_a_message_and_change_nothing():
    shell = _shell()
    before = shell.state
    for nonsense in ("fly to the moon", 42, None, ("attack", -7)):
        assert shell.play(nonsense) is False
        assert "rt-msg-error" in shell.msg.value
        assert shell.state is before


def test_click_at_the_wrong_moment(fb):
    shell = _shell()
    shell.auto.value = False
    shell.controls.draw_button.click()
    assert shell.state.current_player == 1 and not shell.human_to_move
    before = shell.state
    assert shell.play(fb.Action.draw()) is False
    assert "Bot" in shell.msg.value
    assert shell.state is before
    assert shell.bot_move() is True
    assert shell.human_to_move


def test_undo_and_redo(fb):
    shell = _shell()
    start = shell.state
    shell.controls.draw_button.click()
    after = shell.state
    assert after is not start and shell.human_to_move  # the bot played already
    shell.undo_button.click()
    assert shell.state is start
    assert shell.undo() is False and "rt-msg-info" in shell.msg.value
    shell.redo_button.click()
    assert shell.state is after
    # a new move after an undo drops the redo branch
    shell.undo()
    shell.controls.move_buttons[1].click()  # draw and move the pawn to direction 2
    assert shell.state.pawns[0] == 2
    assert shell.redo() is False


def test_hotseat_hides_each_hand_until_asked():
    shell = _shell(seats=["person", "person"])
    assert "fb-hidden" in shell.board.html
    # while the hand is face down no move is live, and the page says to show the hand
    assert shell.controls.children == (shell.controls.prompt,) and shell.controls.pay_buttons == []
    assert "Show the hand of Player 1 (yellow)" in shell.controls.prompt.value
    shell.hand_button.value = True
    assert len(shell.controls.pay_buttons) == 9  # green, red or warrior, from 3, 4 or 5
    shell.controls.draw_button.click()
    assert shell.hand_button.value is False  # the next player must ask again
    assert shell.controls.pay_buttons == [] and "Player 2 (green)" in shell.controls.prompt.value


def test_save_and_load_a_scenario_and_refuse_bad_files():
    shell = _shell()
    shell.controls.draw_button.click()
    text = shell.save() if False else (shell.save_button.click() or shell.scenario.value)
    assert json.loads(text)
    saved = shell.state
    shell.new_game()
    assert shell.state != saved
    shell.scenario.value = text
    shell.load_button.click()
    assert "rt-msg-ok" in shell.msg.value
    assert shell.game.to_json(shell.state) == text
    before = shell.state
    for bad in ("{not json", "[]", json.dumps({"ruleset": "it"}), text.replace('"it"', '"xx"', 1), b"\xff\xfe"):
        shell.scenario.value = bad if isinstance(bad, str) else ""
        assert shell.load(bad) is False
        assert "rt-msg-error" in shell.msg.value and "cannot be loaded" in shell.msg.value
        assert shell.state is before


def test_upload_a_bad_file_gives_a_message():
    shell = _shell()
    before = shell.state
    shell._uploaded({"new": [{"name": "x.json", "content": memoryview(b"{oops")}]})
    assert "cannot be loaded" in shell.msg.value
    assert shell.state is before


def test_a_whole_game_between_bots_ends_with_table_and_chart():
    shell = _shell(seats=["greedy", "random"])
    assert shell.game.is_over(shell.state)
    assert "rt-breakdown" in shell.end_table.value and "Total" in shell.end_table.value
    assert shell.end.value[:8] == b"\x89PNG\r\n\x1a\n"  # the chart of scores over turns
    turns, series = shell.scores_over_turns()
    assert series[-1] == shell.game.scores(shell.state)
    assert "rt-over" in shell.status.value


def test_language_switch_relabels_the_game_and_messages():
    from widgets.games.fire_bulls import page

    p = page()
    p.language.lang = "it"
    shell = p.game
    assert shell.undo_button.description == "Annulla"
    shell.load("{")
    assert "non si può caricare" in shell.msg.value
    p.language.lang = "fr"
    assert shell.controls.draw_button.description == "Piocher"


# -------------------------------------------------------------------- rules
def test_rules_panel_lists_searches_and_compares():
    from widgets.games.fire_bulls import rules_panel

    rp = rules_panel()
    n = len(rp.game.rules)
    assert rp.list.value.count("class='rt-rule'") == n
    rp.search.value = "bonus"
    found = rp.list.value.count("class='rt-rule'")
    assert 0 < found < n
    rp.search.value = "zzzz qqqq"
    assert "rt-no-match" in rp.list.value
    rp.search.value = ""
    # one row per difference, each rulebook's rule on one line that opens
    assert rp.diffs.value.count("<tr class='rt-diff'>") == len(rp.game.differences()) > 0
    assert "<td lang='it'><details class='rt-cite' data-rule='fire-bulls/cards/colonel/it'>" in rp.diffs.value
    if any(r.reconstructed for r in rp.game.rules):
        assert "rt-recon" in rp.list.value
    rp.language.lang = "fr"
    assert "Chercher" in rp.search.description and "combien" in rp.search.placeholder


def test_index_links_name_existing_notebooks():
    from widgets.index import NOTEBOOKS, landing_html, pages

    assert any(nb for _, _, nb in pages())
    html = landing_html("en")
    for _, _, nb in pages():
        if nb:
            assert f"href='{nb}?lang=en'" in html and (NOTEBOOKS / nb).exists()


def test_narration_follows_the_language():
    """Example narrations, engine events, refusals and the log speak the page's language."""
    from html import escape

    from tutor import games
    from widgets.games.fire_bulls import page

    game = games.get("fire-bulls")
    p = page()
    index = [e.id for e in p.stepper.examples].index("it-scoring")
    p.stepper.chooser.value = index
    ex = p.stepper.example
    p.stepper.next.click()
    assert escape(ex.steps[0].narration, quote=True) in p.stepper.narration.value
    p.language.lang = "it"
    assert p.stepper.position == 1, "switching the language keeps the step"
    italian = game.example_text(ex, "it")
    assert escape(italian["steps"][0], quote=True) in p.stepper.narration.value
    assert p.stepper.chooser.options[index][0] == italian["title"]
    p.stepper.next.click()
    ev = next(e for e in ex.steps[1].events if e.template)
    assert escape(game.message(ev, "it"), quote=True) in p.stepper.narration.value
    # A refused step (example 2) ends with the engine's refusal in French.
    p.language.lang = "fr"
    fr2 = next(i for i, e in enumerate(p.stepper.examples) if e.id == "fr-2")
    p.stepper.chooser.value = fr2
    p.stepper.next.click()
    p.stepper.next.click()
    assert "Refusé" in p.stepper.narration.value
    # A wrong click in the game, then the log, in Italian.
    from tutor import IllegalAction
    from tutor.games.fire_bulls import Action

    p.language.lang = "it"
    shell = p.game
    state = shell.state
    assert shell.human_to_move
    pawn = state.pawns[state.current_player]
    wrong = Action.draw(5 if pawn <= 3 else 1)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, wrong)
    shell.play(wrong)
    assert escape(game.message(info.value, "it"), quote=True) in shell.msg.value
    assert shell.state == state
    shell.controls.draw_button.click()
    assert escape(game.action_text(Action.draw(), "it"), quote=True) in shell.log_html.value


# ------------------------------------------------- the Fire Bulls panel draws views
class _FakeShell:
    """What the controls need of a shell: the game, and a play that records the move."""

    def __init__(self, game, state=None):
        self.game = game
        self.state = state
        self.played = []

    def play(self, action):
        self.played.append(action)
        return True


def test_the_board_draws_only_what_the_view_shows(fb):
    from widgets.games.fire_bulls import board

    g = fb.GAME
    s = fb.arrange(3, hands={0: ["green", "red"], 1: ["blue", "blue", "warrior"], 2: ["brown"]})
    seat = board(g.view(s, 0), None, "en", lambda p: f"P{p + 1}")
    assert seat["hands"].count("fb-hidden") == 2  # seats 2 and 3 face down
    assert "fb-qi" not in seat["hands"] and seat["hands"].count("fb-sym fb-blue") == 0
    assert "🂠🂠🂠" in seat["hands"] and "P2" in seat["hands"]
    teacher = board(g.view(s, None), None, "en", lambda p: f"P{p + 1}")
    assert "fb-hidden" not in teacher["hands"] and teacher["hands"].count("fb-sym fb-blue") == 2
    # the decision is worded by the engine, in the page's language
    assert g.decision_name("action", "it") in board(g.view(s, 0), None, "it", lambda p: "")["info"]


def test_the_board_outlines_what_changed_between_two_views(fb):
    from widgets.games.fire_bulls import board

    g = fb.GAME
    s = fb.arrange(2, rows={"H": "palisade"}, hands={0: ["green"]})
    after = g.apply(s, fb.Action.attack(3, ["green"]))
    html = board(g.view(after, 0), g.view(s, 0), "en", lambda p: "")
    changed = re.findall(r"class='fb-card fb-changed[^']*' data-slot='(\w)'", html["rows"])
    assert changed == ["H"]  # the palisade won from H, nothing else moved


def test_the_controls_offer_only_legal_moves(fb):
    from widgets.games.fire_bulls import FireBullsControls

    g = fb.GAME
    # pawn on the corner direction 1: the pawn may move only to 2 (001 and 000 alike)
    s = fb.arrange(2, pawns=(1, 3), rows={"G": "palisade", "H": "bo", "I": "bo"}, hands={0: ["green"]})
    shell = _FakeShell(g, s)
    c = FireBullsControls(shell)
    c.refresh(g.view(s, 0), g.legal_actions(s), "en")
    live = {b for b in _buttons_in(c) if not b.disabled}
    assert c.draw_button in live
    # the pawn's own direction is not offered; 3 to 5 are refused, with the engine's reason:
    # a pawn on a diagonal moves only to the nearest column
    assert [b for b in c.move_buttons if b in live] == [c.move_buttons[1]]
    assert c.move_buttons[0] not in _buttons_in(c)
    for d in (3, 4, 5):
        b = c.move_buttons[d - 1]
        assert b.disabled and "only move to the nearest column, direction 2" in b.tooltip
        assert "Rule: A pawn on a diagonal" in b.tooltip
    assert "nearest column" in c.refused.value  # the reasons, also as text a keyboard reaches
    # one green bull pays only the palisade, nearest along 1 (G E C) and 2 (G D A)
    assert [(b.action.direction, b.action.payment, b.description) for b in c.pay_buttons] == [
        (1, ("green",), "green"), (2, ("green",), "green")]  # in the lines "from 1:", "from 2:"
    assert all(b.disabled and b.tooltip.startswith("Not allowed") for b in c.attack_buttons[2:])
    # a refused direction names what breaks: one green bull pays no Bo (five colours), no made-up payment
    assert "your hand (green) holds no payment for the Bo in H, the nearest card along direction 3" \
        in c.attack_buttons[2].tooltip and "Rule: Bo" in c.attack_buttons[2].tooltip
    assert "does not fit" not in c.refused.value and "not 1" not in c.refused.value
    c.pay_buttons[1].click()
    assert [(a.kind, a.direction, a.payment) for a in shell.played] == [("attack", 2, ("green",))]
    # nobody to decide here (a bot's turn, or a hidden hand): nothing is offered
    c.refresh(g.view(s, 0), [], "en")
    assert c.children == (c.prompt,) and c.pay_buttons == []


def _buttons_in(widget):
    import ipywidgets as w

    if isinstance(widget, w.Button):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in _buttons_in(child)]


def test_the_end_table_reads_the_teacher_view(fb):
    from widgets.games.fire_bulls import breakdown

    g = fb.GAME
    ex = {e.id: e for e in g.examples()}["it-scoring"]
    table = breakdown(g, g.view(ex.final, None), "en", lambda p: f"P{p + 1}")
    gong = table.iloc[0].to_dict()
    # 000's scoring example: Gong loses the Vice-General, 6+6+2+2+1+1+1+1 = 20, plus 3 bonus = 23
    assert (gong["Player"], gong["Face value"], gong["Colour bonus"], gong["Total"]) == ("P1", 20, 3, 23)
    assert gong["Penalty (removed)"] == "Colonel" and gong["Marks"].count("+1") == 3


def test_an_uploaded_file_is_read_once_for_every_panel():
    """The Play tab's, the Quiz's and the Scenarios tab's uploads read a FileUpload's value with one helper:
    ipywidgets 8's tuple of files, 7's dict by name, and a cleared upload (nothing to load)."""
    from widgets.panels.common import uploaded_bytes

    assert uploaded_bytes({"new": ({"name": "a.json", "content": memoryview(b'{"a": 1}')},)}) == b'{"a": 1}'
    assert uploaded_bytes({"new": {"a.json": {"metadata": {}, "content": b"[]"}}}) == b"[]"
    assert uploaded_bytes({"new": ()}) is None and uploaded_bytes({"new": ({"name": "a.json"},)}) is None


def test_panel_words_with_a_count_agree_with_it():
    """Panel words write a count's word as ``{n:discard|discards}`` (``core.Count``), never "discard(s)" or
    "carta/e"; Formula E's Cobra line says "1 Cobra discard" and "2 carte"."""
    from widgets import page  # noqa: F401  (every game's panel module adds its words)
    from widgets.page import spec
    from tutor import games

    for name in games.names():
        spec(name)
    for key, row in i18n._STRINGS.items():
        for text in row:
            assert not re.search(r"\w\(s\)|\w/[ei]\b", text), f"{key}: {text!r} writes a plural by hand"
    assert i18n.t("fe_owed", "en", who="Player 1", n=1) == "Player 1 owes 1 Cobra discard"
    assert i18n.t("fe_owed", "it", who="Giocatore 1", n=2) == "Giocatore 1 deve scartare 2 carte per i Cobra"


def test_the_move_log_reads_as_sentences_and_names_rules_only_for_the_teacher():
    """A learner's log is sentences in the page's language; the rule ids are the teacher's."""
    from html import escape

    from widgets.page import spec

    p = spec("fire-bulls").make_page()
    p.language.lang = "fr"
    shell = p.game
    shell.controls.draw_button.click()
    log = shell.log_html.value
    assert "rt-log-entry" in log
    assert not re.search(r"\[fire-bulls/[^\]]*\]", log) and "rt-rule-id" not in log
    rules = set(re.findall(r"data-rule='([^']+)'", log))
    assert rules and rules <= {r.id for r in shell.game.rules}
    # each sentence carries its rule's French title as a tooltip
    rule = shell.game.rules[sorted(rules)[0]]
    assert f"title='{escape(rule.wording('fr')[0], quote=True)}'" in log
    shell.teacher.value = True
    assert "rt-rule-id" in shell.log_html.value and sorted(rules)[0] in shell.log_html.value
