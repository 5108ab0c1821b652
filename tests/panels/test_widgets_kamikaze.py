"""The Kamikaze Attack panels without a browser: build them, click, set values,
check the panels and the engine state."""

from __future__ import annotations

import json


from tutor.games import kamikaze as K
from widgets.panels import i18n
from widgets.games import kamikaze as ka


def _buttons(shell) -> dict:
    """The move buttons on show, by their CSS class (ka-play-archer, ka-keep, ...)."""
    out = {}
    for b in shell.controls.buttons.children:
        cls = next(c for c in b._dom_classes if c.startswith("ka-"))
        out[cls] = b
    return out


def _hotseat(**kw):
    kw.setdefault("players", 2)
    return ka.game_panel(seats=["person"] * kw["players"], seed=3, **kw)


def test_every_string_has_three_languages():
    import widgets.index  # noqa: F401

    assert i18n.missing() == []
    for card in K.CARDS:  # card names come from the engine, in every language
        names = {K.GAME.card_name(card, lang) for lang in i18n.LANGS}
        assert all(n and n != card for n in names)
        assert K.GAME.card_name(card, "it") == K.ITALIAN[card]  # the rulebook's names


def test_cards_are_told_apart_without_colour():
    marks = set()
    for card in K.CARDS:
        html = ka.chip(card, "en")
        icon = ka.KIND_STYLE[K.LIKE[card]][2] + ka.POWER_ICON.get(card, "")
        assert icon in html and f">{K.LETTERS[card]}<" in html
        marks.add((icon, K.LETTERS[card]))
    assert len(marks) == len(K.CARDS)


# ------------------------------------------------------------------ stepper
def test_stepper_lists_every_example_and_walks_one_back_and_forth():
    st = ka.stepper()
    assert len(st.examples) == len(st.chooser.options) == 1 + 27  # the first lesson, then the examples
    assert st.example.id == ka.FIRST_EXAMPLE == "lesson"
    st.chooser.value = [ex.id for ex in st.examples].index("cell/swordsman-vs-archer")
    pages = [st.board.html + st.narration.value]
    while not st.next.disabled:
        st.next.click()
        pages.append(st.board.html + st.narration.value)
    assert st.position == 2
    # step 1: player 1's Swordsman lies face down; step 2: revealed, the Archer falls
    assert "ka-facedown" in pages[1] and "ka-changed" in pages[1]
    assert "data-outcome='win'" in pages[2] and "rt-cite" in pages[2]
    assert "data-player='0' data-score='1'" in pages[2]
    assert "Swordsman" in st.outcome.value or st.outcome.value
    for i in range(len(pages) - 1, -1, -1):
        assert st.position == i
        assert st.board.html + st.narration.value == pages[i]
        st.prev.click()


def test_every_example_steps_to_its_end():
    st = ka.stepper()
    for i in range(len(st.examples)):
        st.chooser.value = i
        assert st.position == 0
        st.last.click()
        assert st.outcome.value
        assert "ka-field" in st.board.html


# --------------------------------------------------------------------- game
def test_hotseat_duel_by_clicks_with_hidden_commitment_then_undo():
    shell = _hotseat()
    s0 = shell.state
    assert s0.phase == "commit" and shell.seats == ["person", "person"]
    # both hands hidden, no card offered until player 1 asks to see theirs
    assert "ka-back" in shell.board.html and "data-card" not in shell.board.html.split("ka-sec")[0]
    assert _buttons(shell) == {}
    assert "Show the hand of Player 1" in shell.controls.prompt.value
    shell.hand_button.value = True
    _buttons(shell)["ka-play-archer"].click()
    s1 = shell.state
    assert s1.field[0] == "archer" and s1.hidden[0] and s1.current_player == 1
    # player 2 sees a face-down card, not which: the field and hands show backs only
    assert shell.hand_button.value is False
    field = shell.board.section("field")
    assert "ka-back" in field and "archer" not in field
    assert "data-card" not in shell.board.section("hands")
    assert _buttons(shell) == {}
    shell.hand_button.value = True
    assert "archer" not in shell.board.section("field")  # still hidden from player 2
    _buttons(shell)["ka-play-shieldbearer"].click()
    s2 = shell.state
    assert s2.duels == 1 and s2.last("cards") == ("archer", "shieldbearer")
    assert K.scores(s2) == [1, 0]
    last = shell.board.section("last")
    assert "data-card='archer'" in last and "data-card='shieldbearer'" in last
    assert "Player 1 wins the duel" in last
    # the loser, player 2, commits first in the next duel: unseen again
    assert s2.current_player == 1 and shell.hand_button.value is False
    assert "data-card" not in shell.board.section("hands") and _buttons(shell) == {}
    assert "archer-beats-shieldbearer" in shell.log_html.value
    # undo: back to player 2 choosing (player 1's card still face down), then to the start
    shell.undo_button.click()
    assert shell.state is s1
    shell.undo_button.click()
    assert shell.state is s0
    shell.redo_button.click()
    shell.redo_button.click()
    assert shell.state is s2


def test_against_the_coach_the_bot_commits_unseen():
    shell = ka.game_panel(seats=["coach", "person"], seed=5)
    s = shell.state
    # the bot (player 1) committed at once; its card is drawn as a back for the person
    assert s.current_player == 1 and s.hidden[0]
    assert "ka-back" in shell.board.section("field")
    assert f"data-card='{s.field[0]}'" not in shell.board.section("field")
    assert "ka-play-kamikaze" in _buttons(shell)  # the person's own hand is shown
    _buttons(shell)["ka-play-kamikaze"].click()
    assert shell.state.duels == 1
    assert shell.status.value  # narrated, the game goes on


def test_wrong_clicks_say_why_cite_the_rule_and_change_nothing():
    shell = ka.game_panel(players=2, seats=["person", "person"], ruleset="expansion",
                          decks=["base", "tecnobarbari"])
    shell.new_game()
    assert shell.state.decks == ("base", "tecnobarbari")
    shell.hand_button.value = True
    _buttons(shell)["ka-play-swordsman"].click()
    shell.hand_button.value = True
    _buttons(shell)["ka-play-familiar"].click()
    assert shell.state.phase == "familiar"
    shell.hand_button.value = True
    before, n = shell.state, len(shell.history)
    # only legal moves are live: the Kamikaze card is shown disabled, the rule's reason on hover
    refused = _buttons(shell)["ka-swap-kamikaze"]
    assert refused.disabled and "cannot be swapped for the Kamikaze" in refused.tooltip
    assert "cannot be swapped for the Kamikaze" in shell.controls.refused.value
    assert not _buttons(shell)["ka-swap-sapper"].disabled and not _buttons(shell)["ka-keep"].disabled
    assert shell.play(K.Swap("kamikaze")) is False  # the Familiar cannot become a Kamikaze
    assert "rt-msg-error" in shell.msg.value and "rt-cite" in shell.msg.value
    assert "power/familiar" in shell.msg.value
    assert shell.state is before and len(shell.history) == n
    # an action that is not a move at this moment
    assert shell.play(K.Challenge(1)) is False
    assert "rt-msg-error" in shell.msg.value and shell.state is before
    for nonsense in ("fly", None, 42):
        assert shell.play(nonsense) is False and shell.state is before
    _buttons(shell)["ka-swap-sapper"].click()
    assert shell.state.last("outcome") == "retreat" and shell.msg.value == ""


def test_click_at_the_wrong_moment():
    shell = ka.game_panel(seats=["person", "greedy"], seed=2)
    shell.auto.value = False
    _buttons(shell)["ka-play-archer"].click()
    assert not shell.human_to_move
    before = shell.state
    assert shell.play(K.Play("archer")) is False  # the bot's turn
    assert "Bot move" in shell.msg.value and shell.state is before
    assert shell.bot_move() is True and shell.human_to_move
    # the game over: a click says so
    shell.load(shell.game.to_json(K.scenario(
        [["archer", "shieldbearer"], ["swordsman", "shieldbearer"]],
        [["swordsman", "shieldbearer", "archer", "kamikaze"], ["swordsman", "swordsman", "shieldbearer", "kamikaze"]])))
    _buttons(shell)["ka-play-archer"].click()
    shell.bot_move()
    assert shell.game.is_over(shell.state) and shell.state.end == "stalemate"
    assert shell.play(K.Play("shieldbearer")) is False and "game is over" in shell.msg.value


def _repeat_position():
    """Player 1 has played the Shieldbearer twice against Swordsmen, and player 2 holds nothing that beats it."""
    s = K.scenario([["swordsman", "swordsman", "shieldbearer", "shieldbearer"]] * 2,
                   [["kamikaze", "archer"], ["kamikaze", "archer"]], last_winners=[0, 1])
    for card in ("shieldbearer", "swordsman", "shieldbearer", "swordsman"):
        s = K.GAME.apply(s, K.Play(card))
    return s


def test_a_repeated_card_asks_its_player_to_end_the_game_or_play_on():
    shell = _hotseat()
    assert shell.load(shell.game.to_json(_repeat_position())) is True
    # the choice shows nothing of the hand: offered at once, two buttons, no card of the hand
    buttons = _buttons(shell)
    assert set(buttons) == {"ka-stop", "ka-play-on"}
    assert buttons["ka-stop"].description == "end the game in stalemate"
    assert buttons["ka-play-on"].description == "play on with another card"
    assert "Shieldbearer twice" in shell.controls.prompt.value and "Player 2" in shell.controls.prompt.value
    shell.language.lang = "it"
    buttons = _buttons(shell)
    assert buttons["ka-stop"].description == "termina la partita in stallo"
    assert buttons["ka-play-on"].description == "continua con un'altra carta"
    assert "Scudiero" in shell.controls.prompt.value
    shell.language.lang = "en"
    # playing on: player 1 commits next, the Shieldbearer refused with its reason
    _buttons(shell)["ka-play-on"].click()
    assert shell.state.phase == "commit" and shell.state.current_player == 0
    shell.hand_button.value = True
    refused = _buttons(shell)["ka-play-shieldbearer"]
    assert refused.disabled and "play on" in refused.tooltip
    assert not _buttons(shell)["ka-play-swordsman"].disabled
    # back, and end the game: a true tie, the cards in hand
    shell.undo_button.click()
    _buttons(shell)["ka-stop"].click()
    assert shell.game.is_over(shell.state) and shell.state.end == "repetition"
    assert shell.game.winners(shell.state) == [0, 1] and [len(h) for h in shell.state.hands] == [4, 4]


def test_three_players_challenge_then_duel_and_decks_per_seat():
    shell = ka.game_panel(players=3, ruleset="expansion", seats=["person", "person", "person"],
                          decks=["base", "note-della-giustizia", "ora-et-pugna"])
    assert shell.state.decks == ("base", "note-della-giustizia", "ora-et-pugna")
    assert [b.layout.display for b in shell.deck_boxes] == [None, None, None, "none", "none"]
    assert shell.state.phase == "challenge"
    assert set(_buttons(shell)) == {"ka-challenge-1", "ka-challenge-2"}
    _buttons(shell)["ka-challenge-2"].click()
    assert shell.state.opponent == 2 and shell.state.phase == "commit"
    assert "Duel 1: Player 1 against Player 3" in shell.board.html


def test_a_bad_setup_is_refused_with_a_message():
    shell = ka.game_panel(seats=["person", "greedy"])
    before = shell.state
    shell.players.value = 3  # the base game is for two
    shell.new_button.click()
    assert "rt-msg-error" in shell.msg.value and "2 players" in shell.msg.value
    assert shell.state is before


def test_the_one_hint_button_asks_the_exact_coach_in_the_base_game():
    shell = ka.game_panel(seats=["person", "greedy"], seed=1)
    # one Hint per page: the shell's; the controls have no coach button of their own
    assert not [b for b in shell.controls.buttons.children if "hint" in " ".join(b._dom_classes)]
    shell.hint_box.button.click()
    h, text = shell.hint_box.hint, shell.hint_box.text.value
    assert h.source == "coach" and h.action in shell.game.legal_actions(shell.state)
    # the coach's numbers in words: the cards it mixes, with their shares, and what the game is worth
    value, mix = K.coach(shell.state)
    for card, p in mix.items():
        if p > 1e-9:
            assert f"{ka.card_name(card)} {round(100 * p)}%" in text
    assert "with best play" in text and f"data-rule='{h.rule}'" in text
    shell.language.lang = "it"
    shell.hint_box.button.click()
    assert "Spadaccino" in shell.hint_box.text.value or "Scudiero" in shell.hint_box.text.value
    shell.language.lang = "en"
    # a move clears the advice
    _buttons(shell)["ka-play-archer"].click()
    assert shell.hint_box.text.value == ""
    # an expansion table: the coach is not exact there; the search bot hints instead
    exp = ka.game_panel(players=3, ruleset="expansion", seats=["person", "greedy", "greedy"])
    exp.hint_box.button.click()
    assert exp.hint_box.hint.source != "coach"
    assert exp.hint_box.hint.action in exp.game.legal_actions(exp.state)


def test_save_and_load_scenarios_and_refuse_bad_files():
    shell = ka.game_panel(players=3, ruleset="expansion", seats=["person", "greedy", "greedy"],
                          decks=["tecnobarbari", "base", "ora-et-pugna"])
    shell.save_button.click()
    text = shell.scenario.value
    assert json.loads(text)["decks"] == ["tecnobarbari", "base", "ora-et-pugna"]
    other = ka.game_panel(seats=["person", "greedy"])
    assert other.load(text) is True and "rt-msg-ok" in other.msg.value
    assert other.players.value == 3
    assert [b.value for b in other.deck_boxes[:3]] == ["tecnobarbari", "base", "ora-et-pugna"]
    before = other.state
    for bad in ("{oops", "[]", json.dumps({"ruleset": "base"}), text.replace('"tecnobarbari"', '"nope"', 1)):
        assert other.load(bad) is False
        assert "cannot be loaded" in other.msg.value and other.state is before


def test_a_game_between_bots_ends_with_the_table():
    shell = ka.game_panel(seats=["coach", "greedy"], seed=4)
    assert shell.game.is_over(shell.state)
    assert "rt-over" in shell.status.value
    assert "Graveyard (score)" in shell.end_table.value
    assert shell.controls.buttons.children == ()


def test_language_switch_relabels_board_buttons_and_messages():
    p = ka.page()
    shell = p.game
    p.language.lang = "it"
    assert p.tabs.titles == ("Esempi del regolamento", "Gioca", "Regole", "Quiz", "Scenari")
    assert "Mano del Giocatore" in shell.board.html and "Spadaccino" in shell.board.html
    assert any("Spadaccino" in b.description for b in shell.controls.buttons.children)
    assert shell.deck_boxes[0].description == "Mazzo 1"
    assert "Cimitero" in p.stepper.board.html
    shell.load("{")
    assert "non si può caricare" in shell.msg.value
    p.language.lang = "fr"
    assert "Main du Joueur" in shell.board.html and "Épéiste" in shell.board.html
    assert shell.hint_box.button.description == "Indice"
    assert "Chercher" in p.rules.search.description


# -------------------------------------------------------------------- rules
def test_rules_panel_marks_and_filters_reconstructed_clauses():
    rp = ka.rules_panel()
    n = len(rp.game.rules)
    recon = [r for r in rp.game.rules if r.reconstructed]
    assert rp.list.value.count("class='rt-rule'") == n
    assert rp.list.value.count("class='rt-recon'") >= len(recon) > 0
    rp.only_recon.value = True
    assert rp.list.value.count("class='rt-rule'") == len(recon)
    rp.only_recon.value = False
    rp.search.value = "Sapper"
    assert 0 < rp.list.value.count("class='rt-rule'") < n


def test_the_landing_page_links_the_kamikaze_page():
    from widgets.index import NOTEBOOKS, landing_html

    assert "href='kamikaze_attack.ipynb?lang=en'" in landing_html("en")
    assert (NOTEBOOKS / "kamikaze_attack.ipynb").exists()


# The check that no rule is decided in the panel runs for every registered game
# in tests/panels/test_page.py (test_no_rule_is_decided_in_the_panel).


def test_examples_and_log_are_worded_in_italian_and_french():
    for ex in K.GAME.examples():
        for lang in ("it", "fr"):
            assert K.GAME.example_text(ex, lang)["title"] != ex.title or ex.id == "duel/double-kamikaze"
            for step in ex.steps:
                for ev in step.events:
                    text = K.GAME.message(ev, lang)
                    assert text and text != ev.text, (ex.id, ev.kind, ev.rule)
    p = ka.page()
    st = p.stepper
    st.chooser.value = [ex.id for ex in st.examples].index("power/bard")
    st.last.click()
    p.language.lang = "it"
    assert st.position == 2 and "Bardo" in st.chooser.options[st.chooser.value][0]
    assert "va nella mano del Giocatore 2" in st.narration.value
    assert "rt-cite" in st.narration.value
    shell = p.game
    _buttons(shell)["ka-play-archer"].click()
    assert "<b>Giocatore 1</b>: gioca Arciere" in shell.log_html.value
    assert "Carte rivelate" in shell.log_html.value
    p.language.lang = "fr"
    assert "Cartes révélées" in shell.log_html.value


def test_hotseat_log_never_names_a_card_still_face_down():
    """Between the two commitments the log must not tell player 2 what player 1 played."""
    from widgets.games.kamikaze import game_panel

    shell = game_panel(players=2, seed=1)
    shell.seat_boxes[1].value = "person"
    shell.new_button.click()
    g = shell.game
    archer = next(a for a in g.legal_actions(shell.state) if getattr(a, "card", "") == "archer")
    shell.play(archer)
    assert shell.state.current_player == 1
    for lang in ("en", "it", "fr"):
        shell.language.lang = lang
        log = shell.log_html.value.lower()
        assert "archer" not in log and "arciere" not in log, (lang, log)
    shell.language.lang = "en"
    second = next(a for a in g.legal_actions(shell.state) if getattr(a, "card", "") == "shieldbearer")
    shell.play(second)
    assert "archer" in shell.log_html.value.lower(), "once both are revealed the log names the cards"


def test_opening_the_play_tab_warms_the_coach_in_the_background(monkeypatch):
    """The first coach hint used to take seconds (a cold solve): the Play tab fills the coach's
    memo once, in a thread of its own, so the page (and the kernel) never wait for it."""
    import threading

    from widgets.panels import shell as shell_mod

    calls = []
    monkeypatch.setattr(type(K.GAME), "warm", lambda self: calls.append(threading.current_thread().name))
    monkeypatch.setattr(shell_mod, "_WARMING", {})
    first = ka.game_panel(seats=["person", "greedy"])
    first.warming.join(timeout=30)
    second = ka.game_panel(seats=["person", "greedy"])
    assert second.warming is first.warming  # once per game, not once per table
    assert calls == [first.warming.name] and calls[0] != threading.main_thread().name
    # a game with nothing to warm starts no thread
    from widgets.games import fire_bulls

    assert fire_bulls.game_panel().warming is None


def test_warming_solves_the_base_game_so_later_hints_are_lookups():
    from tutor.games.kamikaze import coaching

    K.GAME.warm()
    solved = coaching.value.cache_info().misses
    state = K.GAME.new_game(2, seed=7)
    state = K.GAME.apply(state, K.GAME.legal_actions(state)[0])  # a card set aside: the other seat decides
    K.coach(state)
    assert coaching.value.cache_info().misses == solved  # nothing left to solve
