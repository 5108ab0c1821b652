"""The Formula E panels without a browser: build them, click, check the panels and the engine state.

Expected values come from the rulebook (002) and the reconstructed track the
rules panel marks: a movement card moves the elephant its full value forward
when nothing is in the way ("usare tutti i punti"); a played card may be
cancelled out of turn by another player's Tiger, before it resolves, and the
cancelled card counts as played; the first elephant across the red line wins.
The positions are arranged with the engine's example helper on a practice
track (rows 1-2 the start grid, row 8 the last before the line).
"""

from __future__ import annotations

import re

from tutor.games import formula_e as F
from tutor.games.formula_e.examples import OPEN, arranged
from widgets.panels import i18n
from widgets.games import formula_e as fw


def _buttons(shell) -> dict:
    """The move buttons on show, by their CSS class (fe-play-g3, fe-move-f-f-f, fe-allow, ...)."""
    out = {}
    for b in shell.controls.buttons:
        cls = next((c for c in b._dom_classes if c.startswith("fe-")), None)
        if cls is not None:
            out[cls] = b
    return out


def _part(shell, name: str) -> str:
    return shell.board.section(name)


def _hotseat(players: int = 4, seed: int = 3):
    return fw.game_panel(players=players, seats=["person"] * players, seed=seed)


def _elephant_cell(svg: str, player: int) -> str:
    m = re.search(rf"class='fe-elephant[^']*' data-player='{player}' data-cell='(\w+)'", svg)
    assert m, svg[:300]
    return m.group(1)


def _confirm(shell) -> None:
    """Press Confirm under a chosen (previewed) move."""
    ok = [b for b in shell.controls.buttons if "rt-confirm" in b._dom_classes]
    assert len(ok) == 1, "no chosen move to confirm"
    ok[0].click()


def _loaded(state, players: int = 3):
    shell = _hotseat(players)
    assert shell.load(F.GAME.to_json(state))
    assert shell.seats == ["person"] * players
    return shell


def test_every_string_has_three_languages_and_the_legend_names_every_feature():
    assert i18n.missing() == []
    shell = _hotseat(3)
    track, legend = _part(shell, "track"), _part(shell, "legend")
    for word in ("start grid", "banana tree", "bridge", "river", "rat hole", "finish line", "Sacred Cow", "Rat"):
        assert word in legend
    # the reconstructed 3-4 player side: 20 rows of 3 lanes, the red line after row 20
    across, up = track.split("fe-track-v")
    assert across.count("class='fe-cell") == up.count("class='fe-cell") == 20 * 3 - 2  # '#' beside the bridge
    assert "class='fe-finish'" in track and "#d50000" in track
    assert "(reconstructed)" in _part(shell, "info") and "board map is lost" in _part(shell, "info")


def test_start_a_four_player_hotseat_race_placing_elephants_from_the_last_seat():
    shell = _hotseat(4)
    s = shell.state
    # "the last player places first, the first player last": placing shows no hand, so it is offered at once
    placer = s.current_player
    assert placer == (s.first - 1) % 4
    assert shell.game.decision(s) == "place"
    buttons = _buttons(shell)
    assert sorted(buttons) == sorted(f"fe-place-{c}" for c in ("a1", "b1", "c1", "a2", "b2", "c2"))
    buttons["fe-place-b2"].click()
    assert _elephant_cell(_part(shell, "track"), placer) == "b2"
    assert "fe-place-b2" not in _buttons(shell)  # a taken space is no longer offered
    for _ in range(3):
        next(iter(_buttons(shell).values())).click()
    s = shell.state
    assert shell.game.decision(s) == "turn" and s.current_player == s.first
    # the first player's cards stay hidden until they ask; then the cards are offered
    assert _buttons(shell) == {}
    assert f"Show the hand of Player {s.first + 1}" in shell.controls.prompt.value
    seats = _part(shell, "seats")
    assert seats.count("fe-back") == 4 * 6 and "data-card" not in seats
    shell.hand_button.value = True
    hand = s.hands[s.first]
    assert {f"fe-play-{c}" for c in hand} <= set(_buttons(shell)) | {"fe-play-carpet", "fe-play-charge",
                                                                    "fe-play-mango"}
    mine = _part(shell, "seats").split("fe-seat")[s.first + 1]
    assert all(f"data-card='{c}'" in mine for c in hand)


def test_a_green_card_moves_the_elephant_its_full_value_and_the_board_marks_it():
    # three elephants side by side on row 3; player 1 holds a green 3, nobody a Tiger
    start = arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-g3"].click()
    assert shell.game.decision(shell.state) == "move"
    buttons = _buttons(shell)
    # the preview on the button: three forward steps put Player 1 on a6
    assert buttons["fe-move-f-f-f"].description == "move forward, forward, forward → Player 1 a6"
    chosen = shell.state
    buttons["fe-move-f-f-f"].click()
    # chosen, not played: the board shows a ghost of player 1 on a6 and the dashed path a3-a4-a5-a6
    assert shell.state is chosen and F.positions(shell.state)["elephants"][0] == "a3"
    track = _part(shell, "track")
    assert "class='fe-ghost fe-ghost-elephant' data-player='0' data-cell='a6'" in track
    assert "data-player='0' data-cells='a3 a4 a5 a6'" in track and "fe-preview-path" in track
    assert _elephant_cell(track, 0) == "a3"
    assert "Chosen: move forward, forward, forward" in shell.controls.groups.children[0].children[0].value
    _confirm(shell)
    assert F.positions(shell.state)["elephants"][0] == "a6"
    track = _part(shell, "track")
    assert _elephant_cell(track, 0) == "a6"
    assert re.search(r"class='fe-elephant fe-moved' data-player='0'", track)
    assert "class='fe-from' data-player='0'" in track  # where it came from, dashed
    assert "fe-ghost" not in track and "fe-preview-path" not in track
    assert "class='fe-path fe-path-elephant' data-piece='elephant' data-player='0' data-cells='a3 a4 a5 a6'" in track
    assert not re.search(r"class='fe-elephant fe-moved' data-player='1'", track)
    assert "Played this turn: green 3" in _part(shell, "table")


def test_a_refused_move_shows_why_and_changes_nothing():
    start = arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-g3"].click()
    before, length, board = shell.state, len(shell.history), _part(shell, "track")
    # one step of a green 3 when three are possible: all the points must be used
    assert not shell.play(F.Move(("f",)))
    assert "rt-msg-error" in shell.msg.value
    assert shell.state is before and len(shell.history) == length and _part(shell, "track") == board
    assert not shell.play("rubbish")  # junk is refused the same way
    assert shell.state is before and "rt-msg-error" in shell.msg.value


def test_the_tiger_window_asks_the_next_seat_who_cancels_the_monkey():
    # player 1 plays the Monkey; player 2 holds a Tiger and is asked first (clockwise)
    start = arranged(OPEN, ["a3", "b3", "c3"], ["monkey", "g1", "g2", "rat", "cow", "p5"],
                     others=[["tiger", "g1", "g2", "g3", "p5", "p6"], ["g1", "g2", "g3", "g4", "p5", "p6"]])
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-monkey"].click()
    s = shell.state
    assert shell.game.decision(s) == "tiger" and s.current_player == 1
    assert "data-player='1' data-decision='tiger'" in shell.status.value
    # not a public decision: nothing is offered until player 2 shows their hand (else all would see a Tiger)
    assert _buttons(shell) == {}
    assert "Show the hand of Player 2" in shell.controls.prompt.value
    assert "Just played, waiting for the Tiger window: Monkey" in _part(shell, "table")
    shell.hand_button.value = True
    buttons = _buttons(shell)
    assert set(buttons) == {"fe-cancel-monkey", "fe-allow"}
    assert "Player 1 played Monkey" in shell.controls.prompt.value
    buttons["fe-cancel-monkey"].click()
    s = shell.state
    assert "tiger" not in s.hands[1]
    assert sorted(s.hands[0]) == sorted(["g1", "g2", "p5", "rat", "cow"])
    assert len(s.hands[2]) == 6  # the Monkey stole nothing
    assert "Player 2 plays a Tiger out of turn and cancels Player 1&#x27;s Monkey" in shell.log_html.value
    assert s.current_player == 0  # back to player 1, whose Monkey counts as played
    # on the board too, while player 1 goes on: whose card, which, and who cancelled it
    table = _part(shell, "table")
    assert "Tiger! Player 1&#x27;s Monkey was cancelled by Player 2" in table  # (the apostrophe escaped)
    shell.language.lang = "it"
    assert "Tigre! La carta Scimmia del Giocatore 1 è stata annullata dal Giocatore 2" in _part(shell, "table")
    shell.language.lang = "fr"
    assert "Tigre\u00a0! La carte Singe du Joueur 1 a été annulée par le Joueur 2" in _part(shell, "table")
    shell.language.lang = "en"
    # the banner is about the last move: once player 1 plays on, it goes (the log keeps it)
    shell.hand_button.value = True
    _buttons(shell)["fe-end-turn"].click()
    assert "fe-tiger-cancel" not in _part(shell, "table")
    assert "cancels Player 1&#x27;s Monkey" in shell.log_html.value


def test_a_window_nobody_can_use_still_asks_each_seat_in_turn_and_allow_passes_it_on():
    start = arranged(OPEN, ["a3", "b3", "c3"], ["monkey", "g1", "g2", "rat", "cow", "p5"],
                     others=[["g1", "g2", "g3", "g4", "p5", "p6"], ["tiger", "g1", "g2", "g3", "p5", "p6"]])
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-monkey"].click()
    assert shell.state.current_player == 1
    shell.hand_button.value = True
    assert set(_buttons(shell)) == {"fe-allow"}  # no Tiger in player 2's hand
    _buttons(shell)["fe-allow"].click()
    assert shell.state.current_player == 2 and shell.game.decision(shell.state) == "tiger"
    assert shell.hand_button.value is False  # the next seat asks for its own hand


def test_discard_picker_offers_only_the_hand_and_discards_the_chosen_cards():
    start = arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    shell.hand_button.value = True
    picks = {tb._dom_classes[0]: tb for tb in shell.controls.picks}
    assert len(shell.controls.picks) == 6
    assert shell.controls.discard_button.disabled  # nothing chosen yet
    picks["fe-pick-rat"].value = True
    picks["fe-pick-cow"].value = True
    assert not shell.controls.discard_button.disabled
    shell.controls.discard_button.click()
    s = shell.state
    assert "rat" in s.discard and "cow" in s.discard
    assert s.current_player == 1  # a discard is the whole turn


def test_crossing_the_line_wins_and_the_end_table_says_so():
    # player 1 on b7 of the practice track's 8 rows: a green 2 takes it across the red line
    start = arranged(OPEN, ["b7", "a3", "c3"], ["g2", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-g2"].click()
    _buttons(shell)["fe-move-f-f"].click()
    _confirm(shell)
    assert shell.to_decide is None and shell.game.winners(shell.state) == [0]
    assert "Winner: Player 1" in _part(shell, "table")
    assert "data-cell='finish'" in _part(shell, "track")
    table = shell.end_table.value
    assert "Player 1" in table and "past the line" in table
    df = fw.breakdown(shell.game, shell.game.view(shell.state, None), "en", shell.who)
    assert list(df["Winner"]) == ["yes", "no", "no"]
    # rows still to cross: none for the winner; from row 3 of the 8-row track, 6 (rows 3 to 8)
    assert list(df["Rows to the line"]) == [0, 6, 6]
    said = re.findall(r"class='fe-progress' data-progress='\d+'>([^<]*)<", _part(shell, "seats"))
    assert said == ["across the line", "rows to the line: 6", "rows to the line: 6"]


def test_three_languages_on_the_board_and_the_buttons():
    start = arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    shell.hand_button.value = True
    for lang, play, legend in (("it", "gioca verde 3", "albero di banane"),
                               ("fr", "jouer vert 3", "bananier"),
                               ("en", "play green 3", "banana tree")):
        shell.language.lang = lang
        card = _buttons(shell)["fe-play-g3"]  # the card of the hand: a click plays it
        assert "rt-card-button" in card._dom_classes and card.tooltip == play
        assert card.description == F.GAME.card_name("g3", lang)
        assert legend in _part(shell, "legend")
        assert F.GAME.card_name("g3", lang) in _part(shell, "seats")


def test_the_teacher_sees_every_hand_and_the_page_builds():
    shell = _hotseat(3)
    shell.teacher.value = True
    seats = _part(shell, "seats")
    assert "fe-back" not in seats and seats.count("data-card=") == 18
    page = fw.page("fr")
    assert page.spec.game == "formula-e"
    assert "tiger" not in fw.PAGE.public_decisions


def test_every_position_of_bot_races_draws_on_both_tracks_and_in_every_view():
    """Random races (3 players on the small side, 6 on the large): the board draws every position, for the
    teacher and for the seat to decide, every elephant on the track or past the line, the winner named."""
    from tutor import bots

    g = F.GAME
    for players, seed, rows in ((3, 5, 20), (6, 7, 25)):
        state = g.new_game(players, seed=seed)
        final, actions = bots.play(g, state, [bots.get("random") for _ in range(players)])
        assert g.winners(final)
        s, before = state, None
        for i, action in enumerate(actions + [None]):
            if i % 3 == 0 or action is None:  # every third position, and the last
                for viewer in (None, g.current_player(s)):
                    view = g.view(s, viewer)
                    parts = fw.board(view, before, "it", lambda p: f"P{p + 1}")
                    placed = sum(c is not None for c in view["elephants"])
                    assert parts["track"].count("class='fe-elephant") == 2 * placed  # across, and up for phones
                    assert parts["seats"].count("class='fe-seat") == players
                    hidden = sum(h is None for h in view["hands"])
                    assert hidden == (0 if viewer is None else players - 1)
            before = g.view(s, None)
            if action is not None:
                s = g.apply(s, action)
        assert fw.track_svg(g.view(s, None), None, "en", str).count("class='fe-cell") == sum(
            ch != "#" for row in s.track.rows for ch in row)
        assert len(s.track.rows) == rows
        assert "Vincitore" in fw.board(g.view(s, None), None, "it", lambda p: f"P{p + 1}")["table"]


def test_the_prayer_shows_the_discards_only_to_its_player_once_they_show_their_hand():
    # "the Prayer: take any card from the discards" -- examined by its player only
    start = arranged(OPEN, ["a3", "b3", "c3"], ["prayer", "g1", "g2", "rat", "cow", "p5"],
                     discard=("monkey", "g4"))
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-prayer"].click()
    assert shell.game.decision(shell.state) == "prayer" and shell.state.current_player == 0
    assert "fe-discards" in _part(shell, "info")  # the same player goes on, hand shown
    shell.hand_button.value = False  # hidden again (another player looks): the discards hide too
    assert "fe-discards" not in _part(shell, "info")
    assert _buttons(shell) == {}
    shell.hand_button.value = True
    info = _part(shell, "info")
    assert "fe-discards" in info and "data-card='monkey'" in info and "data-card='g4'" in info
    assert set(_buttons(shell)) == {"fe-take-monkey", "fe-take-g4"}
    _buttons(shell)["fe-take-monkey"].click()
    assert "monkey" in shell.state.hands[0] and "monkey" not in shell.state.discard


RAT_ROWS = ("SSS", "SSS", "#..", "...", "o..", "...", "...", "..o")


def test_a_rat_scare_is_previewed_then_traced_step_by_step():
    # the rulebook's case: the scared elephant's lane ends behind it, so it goes sideways first (b4), then
    # back three (b3, b2, b1); the Rat ran a5 -> a4 and goes back to the nearest hole, a5
    start = arranged(RAT_ROWS, ["c2", "a4", "c1"], ["rat", "g1", "g2", "cow", "snake", "prayer"], rat="a5")
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-rat"].click()
    assert shell.game.decision(shell.state) == "rat"
    before = shell.state
    _buttons(shell)["fe-rat-a4"].click()
    assert shell.state is before  # nothing played yet
    track = _part(shell, "track")
    assert "class='fe-ghost fe-ghost-elephant' data-player='1' data-cell='b1'" in track
    assert "data-piece='rat' data-cells='a5 a4 a5'" in track and "fe-preview-path fe-path-rat" in track
    assert "rt-chosen" in _buttons(shell)["fe-rat-a4"]._dom_classes
    _confirm(shell)
    assert F.positions(shell.state)["elephants"] == ["c2", "b1", "c1"] and F.positions(shell.state)["rat"] == "a5"
    track = _part(shell, "track")
    assert "fe-ghost" not in track
    assert "class='fe-path fe-path-rat' data-piece='rat' data-cells='a5 a4 a5'" in track
    assert "data-piece='elephant' data-player='1' data-cells='a4 b4 b3 b2 b1'" in track
    steps = track.split("<g class='fe-steps' data-piece='elephant' data-player='1'>")[1].split("</g></g>")[0]
    assert re.findall(r"data-step='(\d)'", steps) == ["1", "2", "3", "4"]  # each step numbered in order
    assert "The Rat scares Player 2" in shell.log_html.value


def test_cancel_forgets_the_chosen_move_and_another_can_be_chosen():
    start = arranged(OPEN, ["b3", "a4", "c1"], ["g2", "g1", "rat", "cow", "p5", "monkey"], cows=("b4",))
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-g2"].click()
    moves = set(_buttons(shell))
    # "sideways only when forward is impossible, to the side the player chooses": the cow on b4 blocks
    assert moves == {"fe-move-l-f", "fe-move-r-f"}
    state = shell.state
    _buttons(shell)["fe-move-l-f"].click()
    track = _part(shell, "track")  # ghosts: player 1 to a4 (by a3), pushing player 2 from a4 to a5
    assert "fe-ghost-elephant' data-player='0' data-cell='a4'" in track
    assert "fe-ghost-elephant' data-player='1' data-cell='a5'" in track
    cancel = [b for b in shell.controls.buttons if "rt-cancel-choice" in b._dom_classes]
    cancel[0].click()
    assert shell.chosen is None and shell.state is state and "fe-ghost" not in _part(shell, "track")
    assert not any("rt-confirm" in b._dom_classes for b in shell.controls.buttons)
    _buttons(shell)["fe-move-r-f"].click()
    assert "class='fe-ghost fe-ghost-elephant' data-player='0' data-cell='c4'" in _part(shell, "track")
    _confirm(shell)
    assert F.positions(shell.state)["elephants"][0] == "c4"


def test_the_worked_example_of_the_rat_traces_its_path():
    stepper = fw.stepper(example=None)
    index = next(i for i, ex in enumerate(stepper.examples) if ex.id == "rat-scare")
    stepper.chooser.value = index
    stepper.go(2)
    track = stepper.board.section("track")
    assert "data-piece='rat' data-cells='a5 a4 a5'" in track
    assert "data-piece='elephant' data-player='1' data-cells='a4 b4 b3 b2 b1'" in track


def test_the_track_is_drawn_up_for_phones_with_the_same_pieces():
    shell = _loaded(arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"]))
    across, up = _part(shell, "track").split("<svg class='fe-track fe-track-v'")
    assert "fe-track-h" in across
    # eight rows of three lanes, the same cells and pieces either way; up: taller than wide
    assert across.count("class='fe-cell") == up.count("class='fe-cell") == 24
    assert across.count("class='fe-elephant") == up.count("class='fe-elephant") == 3
    w, h = map(int, re.search(r"viewBox='0 0 (\d+) (\d+)'", up).groups())
    assert h > 2 * w
    assert "@media (max-width: 700px)" in _part(shell, "css")


def test_against_bots_the_board_traces_everything_since_the_person_last_decided():
    # player 1 (a person) moves a green 3 from a3 and ends the turn; both bots then play; back to player 1,
    # the board traces every elephant that moved since player 1 last decided, each path ending where it stands
    start = arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"])
    shell = fw.game_panel(players=3, seats=["person", "greedy", "greedy"], seed=3)
    assert shell.load(F.GAME.to_json(start))
    _buttons(shell)["fe-play-g3"].click()
    _buttons(shell)["fe-move-f-f-f"].click()
    _confirm(shell)
    assert shell.to_decide == 0 and shell.game.decision(shell.state) == "second"  # a yellow may follow
    assert "data-player='0' data-cells='a3 a4 a5 a6'" in _part(shell, "track")
    before = F.positions(shell.state)["elephants"]
    _buttons(shell)["fe-end-turn"].click()
    assert {e.player for e in shell.history[1:]} >= {1, 2}  # the bots played in between
    now = F.positions(shell.state)["elephants"]
    track = _part(shell, "track").split("fe-track-v")[0]
    moved = [p for p in range(3) if before[p] != now[p]]
    assert moved, "the greedy bots moved"
    for p in moved:
        m = re.search(rf"class='fe-path fe-path-elephant' data-piece='elephant' data-player='{p}' "
                      r"data-cells='([^']*)'", track)
        assert m and m.group(1).split()[-1] == now[p]
    assert "data-cells='a3 a4 a5 a6'" not in track  # player 1's own move was before their last decision


def test_the_new_words_in_three_languages():
    start = arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    shell.hand_button.value = True
    _buttons(shell)["fe-play-g3"].click()
    _buttons(shell)["fe-move-f-f-f"].click()
    for lang, confirm, cancel, chosen, path, ghost in (
            ("it", "Conferma", "Annulla", "Scelta: muovi", "percorso dell'ultima mossa", "dove finirà"),
            ("fr", "Confirmer", "Annuler", "Choisi\u00a0: avancer", "chemin du dernier coup", "où elle finira"),
            ("en", "Confirm", "Cancel", "Chosen: move", "path of the last move", "where it will end up")):
        shell.language.lang = lang
        by_class = {c: b for b in shell.controls.buttons for c in b._dom_classes if c.startswith("rt-")}
        assert by_class["rt-confirm"].description == confirm and by_class["rt-cancel-choice"].description == cancel
        assert chosen in shell.controls.groups.children[0].children[0].value
        legend = _part(shell, "legend")
        assert path in legend.replace("&#x27;", "'") and ghost in legend


def test_the_practice_track_of_the_examples_is_named_in_the_page_language():
    # the examples' small track was named by its bare key "practice" in every language
    start = arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    for lang, name in (("it", "Pista: tracciato di prova"), ("fr", "Piste\u00a0: piste d'essai"),
                       ("en", "Track: practice track")):
        shell.language.lang = lang
        info = shell.board.html.replace("&#x27;", "'")
        assert name in info


def test_a_bot_placing_is_named_not_told_to_place_your_elephant():
    """the status said "place your elephant" while a bot placed; it names who places, and no "your"."""
    shell = fw.game_panel(players=3, seats=["person", "greedy", "greedy"], seed=1)
    shell.speed.value = "step"  # the bots wait for "Bot move": a bot's placement is on show
    shell.new_game()
    for _ in range(4):
        if F.GAME.decision(shell.state) == "place" and shell.seats[shell.to_decide] != "person":
            break
        shell.play(F.GAME.legal_actions(shell.state)[0]) if shell.human_to_move else shell.bot_move()
    assert F.GAME.decision(shell.state) == "place" and shell.seats[shell.to_decide] != "person"
    bot = shell.to_decide
    for lang, seat, words in (("en", f"Player {bot + 1} to move", ("your",)),
                              ("it", f"Tocca al Giocatore {bot + 1}", ("tuo", "tua")),
                              ("fr", f"C&#x27;est au Joueur {bot + 1}", ("votre", "vos"))):
        shell.language.lang = lang
        status = shell.status.value
        assert seat in status and F.GAME.decision_name("place", lang) in status
        assert not any(re.search(rf"\b{w}\b", status) for w in words), status


# the legend leads with what the board shown has; the features it lacks follow apart, greyed
def test_the_legend_names_first_what_this_board_has():
    # the open practice track: the start grid and one rat hole (row 8), no cow, no banana tree, bridge or river
    shell = _loaded(arranged(OPEN, ["a3", "b3", "c3"], ["g3", "g1", "rat", "cow", "p5", "monkey"], rat="a8"))
    here, absent = _part(shell, "legend").split("fe-legend-absent")
    for word in ("start grid", "rat hole", "Rat", "finish line"):
        assert word in here
    for word in ("banana tree", "bridge", "river", "Sacred Cow"):
        assert word not in here and word in absent
    assert "Not on this board" in absent
    shell.language.lang = "fr"
    assert "Pas sur ce plateau\u00a0:" in _part(shell, "legend")
    # the race track has every feature: nothing set apart
    assert "fe-legend-absent" not in _part(_hotseat(3), "legend")


def _up(shell) -> str:
    return _part(shell, "track").split("<svg class='fe-track fe-track-v'")[1]


def _line_y(svg: str) -> int:
    return int(re.search(r"class='fe-finish' x1='\d+' y1='(-?\d+)'", svg).group(1))


def test_the_phones_track_has_a_row_past_the_line_only_for_an_elephant_there():
    """Drawn up for a phone, the red line is the track's top: with no elephant across it, nothing is
    drawn above it (an empty band across the screen); an elephant that crosses it stands above it,
    inside the drawing, and so does the ghost of one that the chosen move takes across."""
    start = arranged(OPEN, ["b7", "a3", "c3"], ["g2", "g1", "rat", "cow", "p5", "monkey"])
    shell = _loaded(start)
    assert "data-cell='finish'" not in _part(shell, "track")
    assert 0 < _line_y(_up(shell)) <= 20  # the line and a margin above it, no row
    shell.hand_button.value = True
    _buttons(shell)["fe-play-g2"].click()
    _buttons(shell)["fe-move-f-f"].click()  # chosen, not yet confirmed: a ghost past the line
    up = _up(shell)
    assert _drawn_above_the_line(up, "fe-ghost")
    _confirm(shell)
    assert _drawn_above_the_line(_up(shell), "fe-elephant")


def _drawn_above_the_line(up: str, kind: str) -> bool:
    """Whether player 1's piece (``kind``) past the line is drawn whole above it, inside the drawing."""
    found = re.search(rf"class='{kind}[^']*' data-player='0' data-cell='finish'>.*?cx='\d+' cy='(\d+)' r='(\d+)'", up)
    return found is not None and int(found.group(2)) <= int(found.group(1)) < _line_y(up) - int(found.group(2))
