"""The generic panels on their own: the game shell, the stepper and the page
skeleton, driven with a toy game on the contract (tests/shell_toy.py) and a
board that draws only views.  Who looks decides what is drawn: that is
decided here, once, for every game."""

from __future__ import annotations

import pytest

from tests.shell_toy import COLOURS, HighCard, Play, SecretHighCard, ToyControls, board, breakdown
from tutor import games
from widgets.panels.shell import GameShell, SeatChoices
from widgets.page import GamePage, PageSpec

TOY = HighCard()


def shell(seats, game=TOY, players=2, **kw):
    sh = GameShell(game, board, controls=ToyControls, breakdown=breakdown, players=players, seed=1,
                   seats=seats, **kw)
    return sh


def hands_drawn(sh) -> list[str]:
    """What the board shows of each hand ("hidden" or the cards)."""
    import re

    return [m.split(": ", 1)[1] for m in re.findall(r"<div class='toy-hand' data-player='\d'>([^<]*)</div>",
                                                   sh.board.html)]


# ------------------------------------------------------------------ viewer
def test_against_a_bot_the_person_sees_only_their_hand_and_moves():
    sh = shell(["person", "greedy"])
    view, actions, lang = sh.controls.last
    assert sh.viewer() == 0 and view["player"] == 0
    assert view["hands"][1] is None and hands_drawn(sh)[1] == "hidden"
    own = sh.state.hands[0]
    assert hands_drawn(sh)[0] == " ".join(map(str, own))
    assert actions == [Play(c) for c in own]  # only legal moves are offered
    assert "Player 1 to move" in sh.status.value and "play a card" in sh.status.value
    assert sh.hand_button.layout.display == "none"  # nothing to show: the hand is the person's own


def test_when_a_bot_decides_the_person_is_offered_nothing():
    sh = shell(["person", "greedy"])
    sh.auto.value = False
    sh.play(sh.controls.last[1][0])
    assert sh.to_decide == 1 and not sh.human_to_move
    view, actions, _ = sh.controls.last
    assert actions == [] and view["player"] == 0  # still the person's view: the bot's hand stays hidden
    assert hands_drawn(sh)[1] == "hidden"
    assert sh.bot_move() is True and sh.human_to_move


def test_only_bots_the_teacher_sees_everything_to_the_end():
    sh = shell(["greedy", "random"])
    assert sh.game.is_over(sh.state) and sh.viewer() is None
    assert "rt-over" in sh.status.value and "Winner" in sh.status.value
    assert "rt-breakdown" in sh.end_table.value and "Player 1" in sh.end_table.value
    assert sh.end.value[:8] == b"\x89PNG\r\n\x1a\n"
    # three rounds: the chart counts turns 1..4 (the start and after each round)
    turns, series = sh.scores_over_turns()
    assert turns == [1, 2, 3, 4] and sum(series[-1]) == 3
    assert sh.teacher.layout.display == "none"  # nothing more to show
    sh.undo()  # back to the start: both hands drawn (no person at the table)
    assert "hidden" not in hands_drawn(sh)


def test_hotseat_hides_the_hand_of_the_seat_to_decide_until_asked():
    sh = shell(["person", "person"])
    view, actions, _ = sh.controls.last
    assert hands_drawn(sh) == ["hidden", "hidden"] and actions == []
    assert sh.hand_button.layout.display is None and "Show the hand of Player 1" in sh.hand_button.description
    sh.hand_button.value = True
    view, actions, _ = sh.controls.last
    assert view["player"] == 0 and hands_drawn(sh)[1] == "hidden" and hands_drawn(sh)[0] != "hidden"
    assert actions == [Play(c) for c in sh.state.hands[0]]
    assert sh.play(actions[0])
    # player 2 decides now: their view, their hand hidden until they ask, nothing offered
    assert sh.hand_button.value is False and sh.viewer() == 1
    view, actions, _ = sh.controls.last
    assert view["player"] == 1 and hands_drawn(sh) == ["hidden", "hidden"] and actions == []
    assert "Player 2 to move" in sh.status.value
    sh.hand_button.value = True
    assert hands_drawn(sh)[0] == "hidden" and hands_drawn(sh)[1] != "hidden"
    # undo goes back to player 1's decision, hand hidden again
    sh.undo()
    assert sh.viewer() == 0 and sh.hand_button.value is False and hands_drawn(sh) == ["hidden", "hidden"]


def test_the_teacher_toggle_shows_everything_and_lets_the_person_move():
    sh = shell(["person", "person"])
    sh.teacher.value = True
    view, actions, _ = sh.controls.last
    assert sh.viewer() is None and view["player"] is None
    assert "hidden" not in hands_drawn(sh)
    assert actions == [Play(c) for c in sh.state.hands[0]]
    assert sh.hand_button.layout.display == "none"
    sh.teacher.value = False
    assert hands_drawn(sh) == ["hidden", "hidden"]


def test_a_secret_choice_stays_hidden_from_the_next_player():
    sh = shell(["person", "person"], game=SecretHighCard())
    sh.hand_button.value = True
    card = sh.controls.last[1][-1].card
    sh.play(Play(card))
    assert sh.hand_button.value is False
    assert "back" in sh.board.html and f"'>{card} -<" not in sh.board.html
    sh.hand_button.value = True  # player 2 looks at their hand: player 1's card is still face down
    assert "back" in sh.board.html
    sh.teacher.value = True
    assert f"{card} -" in sh.board.html


def test_the_log_and_the_status_speak_the_page_language():
    sh = shell(["person", "greedy"])
    sh.language.lang = "it"
    assert "Tocca al Giocatore 1" in sh.status.value and "gioca una carta" in sh.status.value
    sh.play(sh.controls.last[1][0])
    assert "giocatore 1 gioca" in sh.log_html.value.lower()
    # the rule behind each sentence is kept for the page, not printed as an id in the learner's log
    assert "data-rule='toy-high-card/play/own-card'" in sh.log_html.value
    assert "[toy-high-card/play/own-card]" not in sh.log_html.value
    sh.language.lang = "fr"
    assert "joueur 1 joue" in sh.log_html.value.lower()


# ------------------------------------------------------------- refusals
def test_a_refused_move_is_explained_with_its_rule_and_changes_nothing():
    sh = shell(["person", "greedy"])
    before, n = sh.state, len(sh.history)
    missing = next(c for c in range(1, 10) if c not in sh.state.hands[0])
    assert sh.play(Play(missing)) is False
    assert "rt-msg-error" in sh.msg.value and f"You have no {missing}" in sh.msg.value
    assert "toy-high-card/play/own-card" in sh.msg.value  # the rule is cited
    sh.language.lang = "it"
    assert sh.play(Play(missing)) is False and f"Non hai {missing} in mano" in sh.msg.value
    for junk in ("fly to the moon", 42, None, ("play", -7), Play(10 ** 50)):
        assert sh.play(junk) is False and "rt-msg-error" in sh.msg.value
    assert sh.state is before and len(sh.history) == n


def test_moves_out_of_turn_or_after_the_end_are_refused():
    sh = shell(["person", "greedy"])
    sh.auto.value = False
    sh.play(sh.controls.last[1][0])
    before = sh.state
    assert sh.play(Play(sh.state.hands[1][0])) is False and "Bot" in sh.msg.value
    assert sh.state is before
    bots_only = shell(["greedy", "greedy"])
    assert bots_only.play(Play(1)) is False and "over" in bots_only.msg.value


# ---------------------------------------------------------------- files
def test_save_load_and_bad_files():
    sh = shell(["person", "greedy"])
    sh.play(sh.controls.last[1][0])
    text = sh.save()
    saved = sh.state
    sh.new_game()
    sh.load(text)
    assert "rt-msg-ok" in sh.msg.value and sh.state == saved
    before = sh.state
    for bad in ("{", "[]", b"\xff\xfe", "x" * 2_000_000, '{"players": 7}', '{"players": 2, "hands": "ab"}'):
        assert sh.load(bad) is False
        assert "rt-msg-error" in sh.msg.value and "cannot be loaded" in sh.msg.value
        assert "Nothing changed" in sh.msg.value
        assert len(sh.msg.value) < 700  # a short message, never the file echoed
        assert sh.state is before
    sh.language.lang = "it"
    sh.load("{")
    assert "non si può caricare" in sh.msg.value


def test_a_file_for_three_players_sets_the_table_and_the_seat_choices():
    spec = SeatChoices("colours", COLOURS, names=lambda game, c, lang: {"it": {"red": "rosso"}}.get(lang, {}).get(c, c),
                       label="seat", defaults=("red", "blue"))
    sh = shell(["person", "greedy"], setup=spec)
    assert [b.value for b in sh.extra.boxes[:2]] == ["red", "blue"]
    assert sh.extra.boxes[2].layout.display == "none"
    sh.extra.boxes[1].value = "green"
    sh.new_button.click()
    assert sh.state.colours == ("red", "green")
    other = TOY.new_game(3, seed=4, colours=["blue", "green", "red"])
    assert sh.load(TOY.to_json(other))
    assert sh.players.value == 3 and len(sh.seats) == 3
    assert [b.value for b in sh.extra.boxes] == ["blue", "green", "red"]
    assert sh.extra.boxes[2].layout.display is None
    sh.language.lang = "it"
    assert ("rosso", "red") in sh.extra.boxes[0].options


# -------------------------------------------------------------- stepper
def test_the_stepper_draws_the_teachers_view_of_each_step():
    from widgets.panels.stepper import ExampleStepper

    st = ExampleStepper(TOY, board)
    ex = st.example
    assert "hidden" not in st.board.html  # a worked example shows every hand
    st.next.click()
    assert "toy-changed" in st.board.html and "Player 1 plays their highest card." in st.narration.value
    assert "rt-cite" in st.narration.value
    st.last.click()
    assert "Player 1 takes the round." in st.outcome.value
    assert st.position == len(ex.steps)


# ----------------------------------------------------------------- page
@pytest.fixture
def toy_spec(monkeypatch):
    real = games.get
    monkeypatch.setattr(games, "get", lambda name: TOY if name == TOY.name else real(name))
    return PageSpec(game=TOY.name, board=board, controls=ToyControls, breakdown=breakdown, css_class="toy-page")


def test_the_page_skeleton_builds_play_and_rules_when_first_opened(toy_spec):
    p = GamePage(toy_spec)
    assert "High Card" in p.heading.value
    assert p.tabs.titles == ("Rulebook examples", "Play", "Rules", "Quiz", "Scenarios")
    assert p._game is None and p._rules is None and p._quiz is None and p._scenarios is None  # a fast first page
    p.tabs.selected_index = 1
    assert isinstance(p.tabs.children[1], GameShell) and p.game is p.tabs.children[1]
    assert p.game.seats == ["person", "greedy"]
    p.tabs.selected_index = 2
    assert "toy-high-card/round/highest" in p.rules.list.value
    p.language.lang = "fr"
    assert p.tabs.titles == ("Exemples de la règle", "Jouer", "Règles", "Quiz", "Scénarios")
    p.tabs.selected_index = 3  # a game registered later gets the generic questions too
    assert p.quiz is p.tabs.children[3] and {q.kind for q in p.quiz.questions} >= {"legal", "score"}
    assert p.game.new_button.description == "Nouvelle partie" and p.stepper.next.description == "Suivant"
    assert "toy-page" in p._dom_classes and "rt-page-toy-high-card" in p._dom_classes


def test_a_page_declaration_must_name_its_game(monkeypatch):
    import types

    from widgets import page as page_module

    fake = types.SimpleNamespace(PAGE=PageSpec(game="kamikaze-attack", board=board))
    monkeypatch.setattr(page_module.importlib, "import_module", lambda name: fake)
    with pytest.raises(TypeError):
        page_module.spec("fire-bulls")


# ------------------------------------------------------- registered games
# These need the game branches (boards that draw views): every registered
# game gets them by being registered.

@pytest.mark.parametrize("name", games.names())
def test_every_registered_game_has_a_page(name):
    from widgets.page import page, spec

    p = page(name)
    assert spec(name).game == name and games.get(name).title in p.heading.value
    assert p.stepper.examples and p.stepper.board.html
    p.tabs.selected_index = 1
    assert p.game.board.html and p.game.status.value
    p.tabs.selected_index = 2
    assert p.rules.list.value.count("class='rt-rule'") == len(games.get(name).rules)


@pytest.mark.parametrize("name", games.names())
def test_the_moves_heading_does_not_repeat_the_status_line(name):
    """Who decides and what is said once, by the status line, not again over the moves."""
    from widgets.panels.common import esc
    from widgets.page import spec

    game = games.get(name)
    sh = spec(name).make_shell(seats=["person"] * game.min_players)
    sh.teacher.value = True  # every hand shown: the moves are offered
    for _ in range(4):
        if game.is_over(sh.state):
            break
        sh.refresh()
        said = esc(game.decision_name(game.decision(sh.state), "en")).lower()
        assert said in sh.status.value.lower()
        assert said not in sh.controls.prompt.value.lower(), sh.controls.prompt.value
        assert sh.play(game.legal_actions(sh.state)[0])


@pytest.mark.parametrize("name", games.names())
def test_no_rule_is_decided_in_the_panel(name):
    """Every position the page shows is the engine's: a person's moves and the
    bots' replay through ``game.apply`` to the same states, the controls are
    offered exactly the legal actions, and a refused move changes nothing."""
    from widgets.page import spec

    game = games.get(name)
    sh = spec(name).make_shell(seats=["person"] + ["random"] * (game.min_players - 1))
    offered = []
    real = sh.controls.refresh

    def spy(view, actions, lang):
        offered.append((sh.state, list(actions)))
        return real(view, actions, lang)

    sh.controls.refresh = spy
    for _ in range(6):  # a few of the person's moves, each time the first one offered
        if game.is_over(sh.state):
            break
        sh.refresh()
        state, actions = offered[-1]
        assert actions == game.legal_actions(state) and actions
        before = sh.state
        assert sh.play(object()) is False and sh.state is before  # junk: refused, nothing changes
        assert sh.play(actions[0])
    for prev, entry in zip(sh.history, sh.history[1:]):
        assert game.to_json(game.apply(prev.state, entry.action)) == game.to_json(entry.state)


def test_the_landing_page_lists_every_registered_game_in_order():
    from widgets.index import NOTEBOOKS, landing_html, pages

    assert [name for name, _, _ in pages()] == games.names()
    html = landing_html("en")
    positions = []
    for entry in games.entries():
        title = games.get(entry.name).title
        assert f"href='{entry.notebook}?lang=en'" in html and f"Open {title}" in html
        assert (NOTEBOOKS / entry.notebook).exists()
        positions.append(html.index(f"href='{entry.notebook}?lang=en'"))
    assert positions == sorted(positions)
    assert "Apri " in landing_html("it")


def test_each_game_on_the_landing_page_says_how_many_play_and_how_it_is_won():
    import re

    from widgets.index import landing_html

    cards = dict(re.findall(r"data-notebook='(\w+)\.ipynb'>(.*?)</a>", landing_html("it")))
    # the rulebooks: 000 "Numero di giocatori: 2-5 giocatori"; 002 "3-6"; 003 two players, five with the
    # expansion; 004 "Gioco per 2-4 giocatori"
    assert "da 2 a 5 giocatori" in cards["fire_bulls"] and "da 3 a 6 giocatori" in cards["formula_e"]
    assert "da 2 a 5 giocatori" in cards["kamikaze_attack"] and "da 2 a 4 giocatori" in cards["tir_nan_og"]
    # how it is won, in a sentence (002: "Il primo Elefante che riesce a completare un giro oltrepassando la linea
    # rossa del traguardo [...] vince la gara"; 003: the beaten card goes to the "cimitero" of the winner)
    assert "linea rossa" in cards["formula_e"] and "cimitero" in cards["kamikaze_attack"]
    assert "Scopo —" not in cards["kamikaze_attack"]  # the sentence without its heading word
    assert "Apri Formula E" in cards["formula_e"]


def test_without_controls_the_shell_offers_the_legal_moves_in_a_chooser():
    sh = GameShell(TOY, board, seats=["person", "person"], seed=1)
    assert sh.controls.choices.options == () and sh.controls.go.disabled  # hand hidden: nothing offered
    sh.hand_button.value = True
    hand = sh.state.hands[0]
    assert [a for _, a in sh.controls.choices.options] == [Play(c) for c in hand]
    assert sh.controls.choices.value == Play(hand[0])  # ready to play
    sh.controls.choices.value = Play(hand[-1])
    sh.controls.go.click()
    assert sh.state.table[0] == hand[-1] and len(sh.history) == 2
    sh.language.lang = "it"
    sh.hand_button.value = True
    assert sh.controls.choices.options[0][0].startswith("gioca ")


def test_an_engine_fault_on_a_move_is_a_message_not_a_traceback():
    class Broken(HighCard):
        def apply_explained(self, state, action):
            raise KeyError("bug")

    sh = shell(["person", "greedy"], game=Broken())
    before = sh.state
    assert sh.play(Play(sh.state.hands[0][0])) is False
    assert "not a move of this game" in sh.msg.value and "Nothing changed" in sh.msg.value
    assert sh.state is before


def test_every_page_word_has_three_languages():
    """The chrome words of the generic panels and of every registered game's page module."""
    import importlib

    from widgets.panels import i18n

    for entry in games.entries():
        importlib.import_module(entry.page)
    importlib.import_module("widgets.index")
    assert i18n.missing() == []
    for key in ("show_everything", "not_a_move", "to_move", "show_hand"):
        assert len({i18n.t(key, lang, who="X") for lang in i18n.LANGS}) == 3, key


def test_a_public_decision_is_offered_in_hotseat_without_showing_the_hand():
    sh = shell(["person", "person"], public_decisions=("play",))
    view, actions, _ = sh.controls.last
    assert view["hands"][0] is None  # the hand stays hidden ...
    assert actions == TOY.legal_actions(sh.state) and actions  # ... yet the moves are offered


# "Mano di Giocatore 1", "Main de Joueur 1", "Tocca a Giocatore 1" are not
# Italian or French: a seat after a preposition takes its article, on the board and in the status line
@pytest.mark.parametrize("name", games.names())
def test_a_seat_takes_its_article_in_italian_and_french(name):
    import re

    from widgets.page import spec

    game = games.get(name)
    sh = spec(name).make_shell(seats=["person"] * game.min_players)
    sh.teacher.value = True  # every hand on the board
    for lang, hand, turn, wrong in (("it", "Mano del Giocatore 1", "Tocca al Giocatore", r"\b(di|a) Giocatore \d"),
                                    ("fr", "Main du Joueur 1", "C&#x27;est au Joueur", r"\b(de|à) Joueur \d")):
        sh.language.lang = lang
        assert hand in sh.board.html and turn in sh.status.value
        assert not re.search(wrong, sh.board.html + sh.status.value + sh.hand_button.description)
        # the articles are joined to the seat's noun: every game names its seats with it
        assert game.seat_name(sh.state, 1, lang).startswith({"it": "Giocatore 2", "fr": "Joueur 2"}[lang])


def _french_text(html: str) -> str:
    """The words a French page shows: no style sheet, no tags, entities read."""
    import html as htmllib
    import re

    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))


# French puts a no-break space before ":" (and ; ! ?): labels built as f"{label}:" missed it
@pytest.mark.parametrize("name", games.names())
def test_french_boards_put_a_no_break_space_before_every_colon(name):
    import re

    from widgets.page import page

    p = page(name, "fr")
    p.tabs.selected_index = 1
    sh = p.game
    sh.teacher.value = True
    game = games.get(name)
    shown = []
    for _ in range(6):
        sh.refresh()
        shown += [sh.board.html, sh.status.value]
        if game.is_over(sh.state) or not sh.play(game.legal_actions(sh.state)[-1]):
            break
    st = p.stepper
    for _ in range(4):  # the examples' boards (their narration quotes rulebooks in their own language)
        shown.append(st.board.html)
        st.next.click()
    text = _french_text(" ".join(shown))
    bad = [text[max(0, m.start() - 30):m.end() + 5] for m in re.finditer(r"[^\s\d][ \t\n]?[:;!?](?=\s|$)", text)]
    assert not bad, bad[:5]


# after "tra"/"entre" only the first seat of a list took its article
# ("Un vero pareggio tra il Giocatore 1 e Giocatore 2"): each seat of the list takes it
def test_every_seat_of_a_list_takes_its_article():
    from tutor.core import Event

    game = games.get("kamikaze-attack")
    tie = Event("result", "", template="A true tie between {winners}.", data={"winners": (0, 1)})
    assert game.message(tie, "it") == "Un vero pareggio tra il Giocatore 1 e il Giocatore 2."
    assert game.message(tie, "fr") == "Une vraie égalité entre le Joueur 1 et le Joueur 2."
    assert game.message(tie, "en") == "A true tie between Player 1 and Player 2."
    # two seats may swap their Familiar: no singular verb after two subjects ("... e Giocatore 2 può")
    swap = Event("decision", "", data={"players": (0, 1)},
                 template="{Players} may swap the Familiar for another card in hand (not the Kamikaze).")
    assert game.message(swap, "it").endswith("(non il Kamikaze) dal Giocatore 1 e dal Giocatore 2.")
    assert game.message(swap, "fr").endswith("(pas le Kamikaze) par le Joueur 1 et le Joueur 2.")


# one text-finishing function: the engine's messages and the panels' words end the same way
@pytest.mark.parametrize("lang, raw, shown", [
    ("it", "Pareggio tra Giocatore 1, Giocatore 3 e Giocatore 4: la mano di Giocatore 2",
     "Pareggio tra il Giocatore 1, il Giocatore 3 e il Giocatore 4: la mano del Giocatore 2"),
    ("fr", "Égalité entre Joueur 1 et Joueur 2 ; main de Joueur 3 et Joueur 4 !",
     "Égalité entre le Joueur 1 et le Joueur 2\u00a0; main du Joueur 3 et du Joueur 4\u00a0!"),
    ("en", "A tie between Player 1 and Player 2; hand of Player 3!",
     "A tie between Player 1 and Player 2; hand of Player 3!"),
])
def test_messages_and_panel_words_are_finished_alike(lang, raw, shown):
    from tutor.core import Messages, finish_text
    from widgets.panels import i18n

    assert finish_text(raw, lang) == shown
    assert Messages({}).render("{text}", {"text": raw}, lang) == shown  # the engine's path
    assert i18n.t("{text}", lang, text=raw) == shown  # the panels' path (an unknown key shows as itself)
