"""Issue 11 §1 and §4, for every game through the generic shell: moves as the rules offer them,
bots at the learner's pace, one name per seat.

Expected values come from the rulebooks: a Palisade is paid with one bull card; a pawn moves
one direction at a time; the Familiar cannot be swapped for the Kamikaze (Kamikaze Attack,
power/familiar); Charge! is played with a green card (Formula E); nobody keeps two visible
territories of one kind (Tir Nan Og Wars).  No test here times anything: the bots' pace is
checked through the callbacks the page's event loop would run.
"""

from __future__ import annotations

import ipywidgets as w
import pytest

from tutor import games
from tutor.core import IllegalAction
from widgets.panels import shell as shell_module
from widgets.panels import i18n

GAMES = ("fire-bulls", "kamikaze-attack", "tir-nan-og", "formula-e")


def _page_spec(name):
    from widgets.page import spec

    return spec(name)


def _buttons(widget) -> list[w.Button]:
    if isinstance(widget, w.Button):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in _buttons(child)]


def _visible_buttons(widget) -> list[w.Button]:
    """Buttons inside ``widget`` that are not hidden by ``display: none``."""
    if getattr(getattr(widget, "layout", None), "display", None) == "none":
        return []
    if isinstance(widget, w.Button):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in _visible_buttons(child)]


def _hotseat(name: str, seed: int = 3):
    g = games.get(name)
    return _page_spec(name).make_shell(players=g.min_players, seats=["person"] * g.min_players, seed=seed)


# ------------------------------------------------------------------ the contract
@pytest.mark.parametrize("name", GAMES)
def test_why_illegal_says_nothing_for_a_legal_move_and_refuses_junk(name):
    g = games.get(name)
    s = g.new_game(g.min_players, 2)
    assert g.why_illegal(s, g.legal_actions(s)[0]) is None
    for junk in ("fly to the moon", None, 42, object(), ("attack", -7)):
        why = g.why_illegal(s, junk)
        assert isinstance(why, IllegalAction) and g.message(why, "fr")


@pytest.mark.parametrize("name", GAMES)
def test_a_hidden_hand_offers_no_live_move_and_says_show_your_hand(name):
    shell = _hotseat(name)
    controls = shell.controls
    if name == "formula-e":  # it opens on placing the elephants, which shows nothing of the hand: a turn
        from tutor.games.formula_e.examples import OPEN, arranged

        assert shell.load(shell.game.to_json(arranged(OPEN, ["a3", "b3", "c3"], ["g3", "charge", "rat", "p5"])))
    assert shell.game.decision(shell.state) not in shell.public_decisions
    assert shell.hand_hidden() and shell.actions() == []
    live = [b for b in _visible_buttons(controls)
            if not b.disabled and not any("hint" in c for c in b._dom_classes)]  # the coach plays nothing
    assert live == []
    assert "Show the hand of" in controls.prompt.value
    shell.hand_button.value = True
    assert [b for b in _visible_buttons(controls) if not b.disabled and "rt-refused" not in b._dom_classes]


def test_kamikaze_hidden_hand_has_no_card_to_click():
    shell = _hotseat("kamikaze-attack")
    assert shell.controls.buttons.children == ()  # only the coach's button stays, which plays nothing
    assert "Show the hand of Player 1" in shell.controls.prompt.value


# ------------------------------------------------------------- a refused move
def test_fire_bulls_pawn_move_refused_with_its_reason_and_own_direction_absent():
    shell = _page_spec("fire-bulls").make_shell(players=2, seed=1, seats=["person", "greedy"])
    c = shell.controls
    own = shell.state.pawns[0]
    assert own == 3
    shown = _buttons(c)
    assert c.move_buttons[own - 1] not in shown  # the pawn's own direction is no move
    # from the middle column the pawn moves one direction at a time: 2 and 4, not 1 or 5
    assert [not c.move_buttons[d - 1].disabled for d in (1, 2, 4, 5)] == [False, True, True, False]
    far = c.move_buttons[0]
    assert far.tooltip.startswith("Not allowed") and "2 or 4" in far.tooltip
    before = shell.state
    far.click()  # clicked from code all the same: the engine refuses it and nothing changes
    assert shell.state is before and "rt-msg-error" in shell.msg.value
    # a direction with nothing to attack from: shown refused, and pressed it says why, its rule cited
    refused = c.attack_buttons[0]
    assert refused in _buttons(c) and refused.disabled
    refused.click()
    assert shell.state is before and refused.refusal.split(" (Rule")[0].replace("Not allowed: ", "") in shell.msg.value
    assert "rt-cite" in shell.msg.value


def test_fire_bulls_payments_are_named_and_play_themselves():
    shell = _page_spec("fire-bulls").make_shell(players=2, seed=1, seats=["person", "person"])
    shell.hand_button.value = True
    c = shell.controls
    labels = {b.description for b in c.pay_buttons}
    assert labels == {"green", "red", "Warrior"}  # a Palisade: one bull card, under "paying with:"
    green = next(b for b in c.pay_buttons if "fb-attack-3-green" in b._dom_classes)
    assert "direction 3" in green.tooltip and "green" in green.tooltip  # the engine's whole words on hover
    shell.language.lang = "it"
    assert {b.description for b in c.pay_buttons} == {"verde", "rosso", "Guerriero"}
    green = next(b for b in c.pay_buttons if "fb-attack-3-green" in b._dom_classes)
    green.click()
    assert shell.state.won[0] == ("palisade",)


def test_kamikaze_familiar_cannot_become_the_kamikaze_its_card_is_disabled():
    from widgets.games import kamikaze as ka

    shell = ka.game_panel(players=2, seats=["person", "person"], ruleset="expansion", decks=["base", "tecnobarbari"])
    shell.new_game()
    for card in ("swordsman", "familiar"):
        shell.hand_button.value = True
        next(b for b in shell.controls.buttons.children if f"ka-play-{card}" in b._dom_classes).click()
    shell.hand_button.value = True
    assert shell.state.phase == "familiar"
    cards = {b.card: b for b in shell.controls.buttons.children if "rt-card-button" in b._dom_classes}
    assert cards["kamikaze"].disabled and "cannot be swapped for the Kamikaze" in cards["kamikaze"].tooltip
    assert not cards["sapper"].disabled
    # pressed all the same (the page keeps it focusable): the reason above the moves, its rule cited
    before = shell.state
    cards["kamikaze"].click()
    assert shell.state is before and "cannot be swapped for the Kamikaze" in shell.msg.value
    assert "data-rule='kamikaze-attack/power/familiar'" in shell.msg.value
    cards["sapper"].click()  # clicking the card plays it
    assert shell.state.last("outcome") == "retreat"


def test_formula_e_charge_alone_is_refused_the_green_card_plays():
    from tutor.games import formula_e as F
    from tutor.games.formula_e.examples import OPEN, arranged
    from widgets.games import formula_e as fw

    shell = fw.game_panel(players=3, seats=["person"] * 3, seed=3)
    assert shell.load(F.GAME.to_json(arranged(OPEN, ["a3", "b3", "c3"], ["g3", "charge", "rat", "p5"])))
    assert not [b for b in shell.controls.buttons if "rt-card-button" in b._dom_classes]  # hand still hidden
    shell.hand_button.value = True
    cards = {b.card: b for b in shell.controls.buttons if "rt-card-button" in b._dom_classes}
    assert set(cards) == {"g3", "charge", "rat", "p5"}
    assert cards["charge"].disabled and "Not allowed" in cards["charge"].tooltip
    assert "Charge!" in shell.controls.refused.value
    # Charge! is offered with the green card instead, as a pair
    assert any("fe-pair-charge-g3" in b._dom_classes and not b.disabled for b in shell.controls.buttons)
    n = len(shell.history)
    cards["g3"].click()
    assert len(shell.history) == n + 1 and "green 3" in shell.log_html.value


def test_tir_nan_og_a_second_visible_territory_of_a_kind_is_refused():
    from widgets.games import tir_nan_og as tw

    shell = tw.game_panel(players=3, seats=["person"] * 3, seed=1)
    shell.hand_button.value = True
    plain = next(b for b in shell.controls.buttons if "tn-territory-plain" in b._dom_classes)
    assert plain.disabled and "already has a visible plain" in plain.tooltip
    assert "Never two of a kind in sight" in plain.tooltip  # the rule's title
    before = shell.state
    plain.click()  # pressed from the keyboard all the same: why not, and nothing changes
    assert shell.state is before and "already has a visible plain" in shell.msg.value
    assert "Never two of a kind in sight" in shell.msg.value
    assert not next(b for b in shell.controls.buttons if "tn-territory-castle" in b._dom_classes).disabled


# ----------------------------------------------------------------- one name
@pytest.mark.parametrize("name", GAMES)
def test_one_name_per_seat_in_header_log_and_narration(name):
    g = games.get(name)
    n = g.min_players
    shell = _page_spec(name).make_shell(players=n, seats=["person"] + ["random"] * (n - 1), seed=4)
    me = shell.to_decide
    assert me is not None
    name0 = shell.who(me)
    assert name0 == g.seat_name(shell.state, me, "en")
    assert name0 in shell.status.value
    shell.hand_button.value = True
    shell.play(shell.actions()[0])
    log = shell.log_html.value
    assert f"<b>{name0}</b>" in log  # the log names the mover as the header did
    assert "Bot " not in log and "Bot " not in shell.status.value  # a seat is never renamed for a bot
    for p in range(1, n):  # the bots' moves are logged under the seat's one name
        assert f"<b>{g.seat_name(shell.state, p, 'en')}</b>" in log or shell.to_decide is None


@pytest.mark.parametrize("name", GAMES)
def test_a_game_names_who_decides_what_once_in_its_status_not_again_above_the_board(name):
    """Kamikaze's board header repeated the status line ("Player 1 to move — set a card aside, face
    down" beside "Player 1: set a card aside, face down").  In a game the board's own words on it
    (marked ``rt-to-decide``, for the examples, where no status line says it) are hidden."""
    import html
    import re

    from widgets.panels.common import CSS

    assert ".rt-game > .rt-board .rt-to-decide { display: none; }" in CSS

    def shown(markup: str) -> str:  # the text a person sees: the hidden words and the tags taken out
        markup = re.sub(r"<span class='rt-to-decide'>.*?</span>", "", markup, flags=re.S)
        return html.unescape(re.sub(r"<[^>]+>", " ", markup))

    g = games.get(name)
    shell = _hotseat(name, seed=5)
    seen = set()
    for _ in range(12):
        if shell.to_decide is None:
            break
        said = g.decision_name(g.decision(shell.state), "en")
        seen.add(said)
        assert said in shown(shell.status.value)
        assert said not in shown(shell.board.html), f"{name}: {said!r} also above the board"
        shell.hand_button.value = True
        shell.play(shell.actions()[0])
    assert seen


def test_fire_bulls_narration_and_board_name_the_seat_as_the_header():
    shell = _page_spec("fire-bulls").make_shell(players=2, seed=1, seats=["person", "greedy"])
    shell.controls.draw_button.click()  # then the bot plays
    assert shell.who(1) == "Player 2 (green)"
    assert "<b>Player 2 (green)</b>" in shell.log_html.value
    assert "Hand of Player 2 (green)" in shell.board.html
    shell.language.lang = "fr"
    assert "Main du Joueur 2 (vert)" in shell.board.html and "<b>Joueur 2 (vert)</b>" in shell.log_html.value


def test_kamikaze_log_says_whose_card_goes_to_which_graveyard():
    from widgets.games import kamikaze as ka

    shell = ka.game_panel(seats=["person", "person"], seed=3)
    for card in ("archer", "shieldbearer"):  # the Archer beats the Shieldbearer
        shell.hand_button.value = True
        next(b for b in shell.controls.buttons.children if f"ka-play-{card}" in b._dom_classes).click()
    assert "Player 2&#x27;s Shieldbearer goes to Player 1&#x27;s graveyard." in shell.log_html.value
    shell.language.lang = "it"
    assert "La carta Scudiero del Giocatore 2 va nel cimitero del Giocatore 1." in shell.log_html.value


# ------------------------------------------------------------------ bot pace
class FakeLoop:
    """The page's event loop, run by hand: the callbacks the shell schedules and their delays."""

    def __init__(self):
        self.calls: list = []

    def call_later(self, delay, fn):
        self.calls.append((delay, fn))

    def time(self):
        return 0.0

    def run_one(self) -> float:
        delay, fn = self.calls.pop(0)
        fn()
        return delay


@pytest.fixture
def loop(monkeypatch):
    fake = FakeLoop()
    monkeypatch.setattr(shell_module, "_kernel_loop", lambda: fake)
    return fake


def _all_bots(name: str = "fire-bulls"):
    g = games.get(name)
    return _page_spec(name).make_shell(players=g.min_players, seats=["random"] * g.min_players, seed=2)


def test_step_by_step_plays_one_bot_move_per_press(loop):
    shell = _all_bots()
    shell.speed.value = "step"
    shell.new_game()
    while loop.calls:  # whatever was scheduled before: nobody moves by themselves
        loop.run_one()
    assert len(shell.history) == 1
    assert not shell.bot_button.disabled
    shell.bot_button.click()
    assert len(shell.history) == 2 and loop.calls == []
    assert shell.pause_button.disabled  # nothing to pause step by step


def test_slow_and_fast_wait_between_moves_pause_undo_resume(loop):
    shell = _all_bots()
    assert shell.speed.value == "slow" and shell.bot_row.layout.display is None
    delay = loop.run_one()  # the new game scheduled the first bot move
    assert delay == shell_module.SPEEDS["slow"] and len(shell.history) == 2
    assert loop.calls[-1][0] == shell_module.SPEEDS["slow"]  # and the next one, as slowly
    shell.speed.value = "fast"
    assert loop.calls[-1][0] == shell_module.SPEEDS["fast"]
    while loop.calls and len(shell.history) < 6:
        loop.run_one()
    assert len(shell.history) == 6 and loop.calls[-1][0] == shell_module.SPEEDS["fast"]
    # pause: the scheduled move does nothing
    shell.pause_button.value = True
    moves = len(shell.history)
    while loop.calls:
        loop.run_one()
    assert len(shell.history) == moves and shell.pause_button.description == "Resume"
    # undo goes back one bot move at a time while paused
    shown = shell.index
    assert shell.undo() and shell.index == shown - 1
    assert shell.undo() and shell.index == shown - 2
    # resume plays on from the position shown (the undone moves are replaced)
    shell.pause_button.value = False
    assert loop.calls
    loop.run_one()
    assert shell.index == shown - 1 and len(shell.history) == shown


def test_undo_pauses_an_all_bot_game(loop):
    shell = _all_bots()
    loop.run_one()
    loop.run_one()
    assert len(shell.history) == 3
    assert shell.undo() and shell.pause_button.value is True and shell.index == 1
    while loop.calls:
        loop.run_one()
    assert shell.index == 1  # paused: nothing moves until "Resume"


@pytest.mark.parametrize("name", GAMES)
def test_to_the_end_plays_the_whole_game(loop, name):
    shell = _all_bots(name)
    shell.speed.value = "end"
    for _ in range(50):
        if not loop.calls:
            break
        loop.run_one()
    assert shell.to_decide is None and "rt-over" in shell.status.value


def test_speed_labels_in_three_languages():
    shell = _all_bots()
    for lang, words in (("en", "to the end"), ("it", "fino alla fine"), ("fr", "jusqu'à la fin")):
        shell.language.lang = lang
        assert words in shell.speed._options_labels
    assert shell.speed.value == "slow"  # a new language does not change the pace


# --------------------------------------------------------------- the words
def test_french_and_italian_interface_words():
    t = i18n.t
    assert t("person", "fr") == "humain" and t("person", "it") == "umano"
    assert "Graine" not in t("seed", "fr") and t("seed", "fr") == "Partie n°"
    assert t("winner", "fr", who="Joueur 1") == "Gagnant\u00a0: Joueur 1"
    bad = [k for k in i18n._STRINGS if any(f" {p}" in t(k, "fr") for p in ":;!?")]
    assert bad == []
    assert i18n.missing() == []


def test_french_engine_messages_have_no_break_spaces():
    from tutor.games import fire_bulls as fb

    g = games.get("fire-bulls")
    s = g.new_game(2, 1)
    why = g.why_illegal(s, fb.Action.attack(1, ["green"]))
    text = g.message(why, "fr")
    assert " :" not in text and "\u00a0:" in text


def test_tab_labels_are_never_cut():
    from widgets.panels.common import CSS

    assert "max-width: none" in CSS and "text-overflow: clip" in CSS
