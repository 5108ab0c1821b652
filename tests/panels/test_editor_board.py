"""The editor's boards without a browser: Formula E's track and Fire Bulls' rows and directions drawn where
their places lie, pieces put on them by clicks, and Kamikaze's duel chosen with whom was challenged."""

from __future__ import annotations

import html

from widgets.games import fire_bulls as FW
from widgets.games import formula_e as EW
from widgets.games import kamikaze as KW


def boards(pe):
    return {c._dom_classes[-1]: c for c in pe.table.children if "rt-editor-board" in c._dom_classes}


def cell(board, space: str):
    return next(c for c in board.children if "rt-editor-cell" in c._dom_classes
                and f"rt-zone-{space}" in c.children[0]._dom_classes)


def test_formula_e_track_is_drawn_finish_at_the_top_and_takes_a_cow_by_clicks():
    shell = EW.game_panel(players=3)
    shell.language.lang = "it"
    pe = shell.editor
    pe.open_button.click()
    track = boards(pe)["rt-board-track"]
    # the small track: 20 rows of 3 lanes, its last row first; no space where the map has none (a10, a11)
    assert track.layout.grid_template_columns == "repeat(3, minmax(0, 1fr))"
    assert "Il tracciato (l&#x27;arrivo in alto)" in track.children[0].value
    assert len(track.children) == 1 + 60
    spaces = [c.children[0].description for c in track.children if "rt-editor-cell" in c._dom_classes]
    assert len(spaces) == 58 and "a10" not in spaces and "a11" not in spaces and "b10" in spaces
    # the map's river (row 16: "~~.") and bridge (row 10: "#=.") in the track's colours
    assert "rt-space-river" in cell(track, "track-a16")._dom_classes
    assert "rt-space-bridge" in cell(track, "track-b10")._dom_classes
    assert "rt-space-plain" in cell(track, "track-c16")._dom_classes
    first = track.children[1].children[0]
    assert first.description == "a20" and first.tooltip == "Metti qui: Casella a20"
    pe.pick("piece-cow")
    assert pe.put("track.a12")
    box = cell(boards(pe)["rt-board-track"], "track-a12")
    assert [b.description for b in box.children[1].children] == ["● Mucca Sacra"]
    # a click on the cow takes it off the track
    box.children[1].children[0].click()
    assert pe.editor.contents("track.a12") == []
    pe.pick("elephant-2")
    assert pe.put("track.b1")
    box = cell(boards(pe)["rt-board-track"], "track-b1")
    assert [b.description for b in box.children[1].children] == ["● 3"]  # seat 3's elephant, short in its space
    assert box.children[1].children[0].tooltip == "Togli Elefante del Giocatore 3 da Casella b1"


def test_fire_bulls_rows_and_directions_are_boards_and_a_pawn_is_moved():
    shell = FW.game_panel(players=2)
    pe = shell.editor
    pe.open_button.click()
    got = boards(pe)
    rows, directions = got["rt-board-rows"], got["rt-board-directions"]
    assert [c.children[0].description for c in rows.children[1:]] == list("ABCDEFGHI")
    assert [c.children[0].description for c in directions.children[1:]] == ["1", "2", "3", "4", "5"]
    assert "(1 and 5: the diagonals)" in directions.children[0].value
    mine = pe.editor.state().pawns[0]
    free = next(d for d in range(1, 6) if d not in pe.editor.state().pawns)
    pawn = cell(directions, f"directions-{mine}").children[1].children[0]
    assert pawn.description == "♟ 1"
    pawn.click()  # a pawn is picked up, never taken away
    assert "Now choose where it goes" in html.unescape(pe.said.value)
    assert pe.put(f"directions.{free}")
    assert pe.editor.state().pawns[0] == free


def test_kamikaze_duel_names_the_challenged_player_in_italian():
    shell = KW.game_panel(players=2)
    shell.language.lang = "it"
    pe = shell.editor
    pe.open_button.click()
    pe.pending.value = "challenge"
    assert pe.editor.pending()[0] == "challenge"
    pe.pending.value = "commit"
    box = pe._option_widgets["opponent"]
    assert box.description == "Sfidato"
    assert [label for label, _ in box.options] == ["Giocatore 1", "Giocatore 2"]
    assert box.value == 1  # Giocatore 1 to play: the other player by default
    assert pe.set_pending()
    assert pe.editor.state().opponent == 1 and pe.editor.state().phase == "commit"
