"""Every place has a link, custom positions included, without a browser.

A position that is not shipped travels in the link packed (``pos=``, ``table=``, ``scn=``: zlib and
base64url) and is read back through the engine with all its checks.  Here: every position of every
worked example and every library scenario round-trips through its link and fits a QR code; a game in
progress, a loaded position and a scenario (the library's or a teacher's) open again on a fresh page;
the link follows every move, undo and load; a tampered link opens the page with a message in its
language and changes nothing; under ``make class`` the links give the room's address, under
``make run`` the presenter panel says they work on this computer only.  The browser side is in
tests/browser/test_browser_place.py and test_browser_presenter.py."""

from __future__ import annotations

import functools
import json
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import games, scenarios
from widgets.page import page
from widgets.panels import place as places
from widgets.panels import share
from widgets.panels.place import Place

QR = 2000  # characters: what a QR code (and any chat) holds, the target for the largest position


def query_of(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def positions(game):
    """Every position of every worked example (and the lesson) of ``game``: (where, state)."""
    for ex in game.course():
        for i, state in enumerate([ex.start] + [s.after for s in ex.steps]):
            yield f"{ex.id}@{i}", state


# ------------------------------------------------------------ pure: every position round-trips
@pytest.mark.parametrize("name", games.names())
def test_every_position_of_every_worked_example_round_trips_through_its_link(name):
    game = games.get(name)
    longest = 0
    for where, state in positions(game):
        written = game.to_json(state)
        url = places.position_link(games.entry(name).notebook, written, "it",
                                   "http://192.168.1.20:8866/voila/render/x.ipynb")
        place, problems = places.parse(urlsplit(url).query, {}, ())
        assert problems == [] and place.tab == "play" and place.lang == "it", where
        again = game.from_json(place.position)  # the engine's own reading, all its checks
        assert game.to_json(again) == written, where
        longest = max(longest, len(url))
    assert longest < QR, f"{name}: the longest example link has {longest} characters"


@pytest.mark.parametrize("name", games.names())
def test_every_library_scenario_round_trips_through_its_link(name):
    game = games.get(name)
    library = scenarios.library(name)
    assert library, f"{name} ships no scenario"
    for sc in library:
        # shipped: its id; a teacher's copy: the scenario itself, read back as a teacher's file is
        for carried in (Place(tab="scenarios", scenario=sc.id),
                        Place(tab="scenarios", scenario_data=share.scenario_json(sc, game)),
                        Place(tab="play", position=json.dumps(sc.state))):
            query = places.query(carried)
            assert len(query) < QR, (sc.id, len(query))
            back, problems = places.parse(query, {}, ())
            assert problems == [] and back.tab == carried.tab
            if carried.scenario is not None:
                assert back.scenario == sc.id
            elif carried.scenario_data is not None:
                [read] = scenarios.load(game, json.dumps({"game": name, "scenarios": [json.loads(back.scenario_data)]}))
                assert read == sc  # the same position, seat, goal, solution and replies
            else:
                assert game.to_json(game.from_json(back.position)) == game.to_json(sc.start(game))


# ------------------------------------------------------------ pages: each kind of place
def fresh(p) -> object:
    """A fresh page opened at the link ``p`` shows (another device: nothing shared but the link)."""
    return page(p.spec.game, query=urlsplit(p.url).query)


def play_some(shell, moves: int) -> None:
    for _ in range(moves):
        if shell.to_decide is None or not shell.human_to_move:
            break
        assert shell.play(shell.game.legal_actions(shell.state)[0])


def test_a_formula_e_race_in_progress_is_shared_and_replays_to_the_same_board():
    p = page("formula-e", query="lang=it&tab=play&seed=5")
    shell = p.game
    play_some(shell, 4)
    assert shell.index >= 4
    link = query_of(p.url)
    assert "table" in link and "seed" in link and link["tab"] == "play"
    q = fresh(p)
    assert q.notice.value == "" and q.tabs.selected_index == 1 and q.language.lang == "it"
    assert q.game.game.to_json(q.game.state) == shell.game.to_json(shell.state)
    assert [e.action for e in q.game.history] == [e.action for e in shell.history[:shell.index + 1]]
    assert q.game.board.children and q.url == p.url  # the same board, and the same link again
    # undo: the link follows at once, and opens the position undone to
    shell.undo()
    assert query_of(p.url)["table"] != link["table"]
    assert fresh(p).game.game.to_json(fresh(p).game.state) == shell.game.to_json(shell.state)


def test_a_new_game_before_its_first_move_keeps_the_short_link():
    p = page("kamikaze-attack", query="tab=play&seed=9")
    link = query_of(p.url)
    assert link["seed"] == "9" and not {"table", "pos"} & set(link)


def test_a_loaded_position_is_shared_by_its_link():
    """The issue's teacher: she loads her own position, and the link opens it, not the example."""
    game = games.get("tir-nan-og")
    sc = scenarios.library("tir-nan-og")[-1]
    p = page("tir-nan-og", query="lang=it")
    p.tabs.selected_index = 1
    assert p.game.load(json.dumps(sc.state))
    link = query_of(p.url)
    assert "pos" in link and "table" not in link
    q = fresh(p)
    assert q.tabs.selected_index == 1 and q.notice.value == ""
    assert game.to_json(q.game.state) == game.to_json(sc.start(game))
    # a move, then the link carries the game from that position
    play_some(p.game, 1)
    assert "table" in query_of(p.url)
    assert game.to_json(fresh(p).game.state) == game.to_json(p.game.state)


def test_an_example_step_played_on_then_moved_links_the_game():
    game = games.get("fire-bulls")
    ex, step = next((ex, i) for ex in game.examples() for i in range(1, len(ex.steps) + 1)
                    if game.current_player(ex.steps[i - 1].after) == 0)  # the person (seat 1) to move
    p = page("fire-bulls", query=f"example={ex.id}&step={step}")
    p.stepper.on_play_here(p.stepper.state_at(step))
    assert query_of(p.url)["from"] == "step"  # no move yet: the step names it
    play_some(p.game, 1)
    link = query_of(p.url)
    assert "table" in link and "from" not in link
    assert p.game.game.to_json(fresh(p).game.state) == p.game.game.to_json(p.game.state)


def test_a_library_scenario_link_opens_that_scenario():
    p = page("kamikaze-attack", query="lang=fr&tab=scenarios")
    panel = p.scenarios
    other = panel.library[2]
    panel.choose(other.id)
    assert query_of(p.url)["scenario"] == other.id
    q = fresh(p)
    assert q.tabs.selected_index == 4 and q.scenarios.scenario.id == other.id and q.notice.value == ""
    assert q.scenarios.pick.value == other.id
    assert q.scenarios.attempts == {other.id: 1}  # the scenario the tab opened on by itself was no attempt


def test_a_teachers_scenario_travels_whole_in_its_link():
    game = games.get("fire-bulls")
    sc = scenarios.library("fire-bulls")[0]
    mine = json.loads(share.scenario_json(sc, game))
    mine.update(id="ma-lezione", title="La mia lezione")
    p = page("fire-bulls", query="lang=it&tab=scenarios")
    assert p.scenarios.open_file(json.dumps({"game": "fire-bulls", "scenarios": [mine]}))
    link = query_of(p.url)
    assert "scn" in link and "scenario" not in link
    q = fresh(p)
    assert q.tabs.selected_index == 4 and q.notice.value == ""
    shown = q.scenarios.scenario
    assert shown.id in q.scenarios.teacher_ids and shown.heading == "La mia lezione"
    assert "La mia lezione (dell'insegnante)" in [label for label, _ in q.scenarios.pick.options]


def test_the_position_url_a_position_editor_asks_for_opens_that_position():
    game = games.get("tir-nan-og")
    state = game.course()[1].steps[0].after
    p = page("tir-nan-og", query="lang=fr")
    url = p.position_url(game.to_json(state))
    assert query_of(url)["lang"] == "fr" and query_of(url)["tab"] == "play"
    q = page("tir-nan-og", query=urlsplit(url).query)
    assert game.to_json(q.game.state) == game.to_json(state)


# ------------------------------------------------------------ tampered links
@functools.cache
def packed_link(name: str) -> tuple[str, str]:
    """A page's real link carrying a game in progress, and the packed value in it."""
    p = page(name, query="tab=play&seed=3")
    play_some(p.game, 2)
    query = urlsplit(p.url).query
    return query, query_of(p.url)["table"]


@pytest.mark.parametrize("lang, words", [
    ("en", "the “table=” part of this link is damaged"),
    ("it", "la parte «table=» di questo link è danneggiata"),
    ("fr", "la partie « table= » de ce lien est abîmée"),
])
def test_a_link_cut_short_opens_the_page_with_a_message_in_its_language(lang, words):
    query, value = packed_link("formula-e")
    cut = query.replace(value, value[: len(value) // 2]).replace("lang=en", f"lang={lang}")
    p = page("formula-e", query=cut)
    assert words in p.notice.value.replace("\u00a0", " ")  # French spacing: no-break spaces
    # nothing replayed: the page the link names without its game (a new game at the link's seed)
    assert same_play(p, without_table(query))
    assert p.game.seed.value == 3


def without_table(query: str):
    return page("formula-e", query="&".join(part for part in query.split("&") if not part.startswith("table=")))


def same_play(p, q) -> bool:
    a, b = p.game, q.game
    return (a.index, [e.action for e in a.history], a.game.to_json(a.state)) == (
        b.index, [e.action for e in b.history], b.game.to_json(b.state))


def test_a_link_whose_position_the_engine_refuses_says_why_in_the_pages_language():
    game = games.get("tir-nan-og")
    data = json.loads(game.to_json(game.course()[1].start))
    data["deck"] = ["centaur"] * 3  # not a deck the game has
    p = page("tir-nan-og", query=places.query(Place(lang="it", tab="play", position=json.dumps(data))))
    assert "la posizione di questo link è rifiutata" in p.notice.value
    assert p.game.table.start.scenario is None  # nothing opened from it: a new game


def test_a_scenario_id_the_library_lacks_is_named():
    p = page("fire-bulls", query="lang=fr&scenario=nope-99")
    assert "il n&#x27;y a pas de scénario « nope-99 »" in p.notice.value.replace("\u00a0", " ")
    assert p.tabs.selected_index == 4  # the Scenarios tab, at its first scenario


@settings(max_examples=40)
@given(data=st.data())
def test_any_change_to_a_packed_link_gives_a_message_and_changes_nothing(data):
    query, value = packed_link("formula-e")
    where = data.draw(st.integers(0, len(value) - 1))
    how = data.draw(st.sampled_from(["replace", "cut", "insert", "swap"]))
    char = data.draw(st.sampled_from("AZaz09-_+/=%."))
    tampered = {"replace": value[:where] + char + value[where + 1:], "cut": value[:where],
                "insert": value[:where] + char + value[where:],
                "swap": value[:where] + value[where + 1:where + 2] + value[where:where + 1] + value[where + 2:]}[how]
    if tampered == value:
        return
    place, problems = places.parse(query.replace(value, tampered), {}, ())
    if place.table is None:  # damaged: named, nothing unpacked
        damaged = [p for p in problems if p.key == "place_bad_packed"]
        assert damaged == [places.Problem("place_bad_packed", {"part": "table"})]
        return
    # it still unpacks (a change zlib's checksum did not catch): the engine reads it or refuses it
    opened = page("formula-e", query=query.replace(value, tampered))
    if opened.notice.value:
        assert "position in this link is refused" in opened.notice.value
        assert same_play(opened, without_table(query))
    else:
        assert opened.game.game.to_json(opened.game.state)


@settings(max_examples=200)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=%&", max_size=300))
def test_any_packed_value_either_unpacks_or_is_named_and_parse_never_raises(junk):
    for key in places.PACKED:
        place, problems = places.parse(f"{key}={junk}&lang=fr", {}, ())
        assert place.lang == "fr"
        assert all(p.key == "place_bad_packed" for p in problems)


def test_a_zip_bomb_is_refused():
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b"0," * 2_000_000 + b"0]", 9)).decode().rstrip("=")
    assert len(bomb) < places.MAX_PACKED
    with pytest.raises(ValueError):
        places.unpack(bomb)


# ------------------------------------------------------------ long links
@pytest.mark.parametrize("name", games.names())
def test_a_whole_game_played_by_bots_fits_a_qr_code_and_replays(name):
    """The longest link a Play tab gives: a whole game, every move in it."""
    p = page(name, query="lang=it&tab=play&seed=2")
    shell = p.game
    assert shell.new_game(seats=["greedy"] * shell.game.max_players)  # bots alone
    shell.table.run_bots()
    shell.refresh()
    assert shell.to_decide is None and shell.index > 5
    assert len(p.url) < QR and "rt-link-long" not in p.link.value
    again = fresh(p).game
    assert again.to_decide is None and again.game.to_json(again.state) == shell.game.to_json(shell.state)


def test_the_qr_code_of_a_long_link_is_drawn_larger():
    """A game's link needs more of the QR code's modules: they stay three pixels wide each."""
    import re

    p = page("fire-bulls", query="tab=play&seed=4&presenter=1")
    short = int(re.search(r"--rt-qr: (\d+)px", p.presenter.panel.value).group(1))
    play_some(p.game, 3)
    assert "table=" in p.student_url
    long = int(re.search(r"--rt-qr: (\d+)px", p.presenter.panel.value).group(1))
    assert 120 <= short < long <= 400


def test_a_link_past_what_a_qr_code_holds_says_so_and_names_the_file():
    note = share.link_note(Place(), "http://x/" + "a" * 2100, "fr")
    assert "2109 caractères" in note and "Fichier de scénario (JSON)" in note
    assert share.link_note(Place(), "http://x/short", "fr") == ""


def test_a_position_too_long_for_a_link_is_left_out_and_the_page_says_so():
    here = Place(tab="play", position=json.dumps({"junk": [str(i * 7919) for i in range(9000)]}))
    assert "pos=" not in places.query(here)
    assert "troppo lunga per un link" in share.link_note(here, "x", "it")


# ------------------------------------------------------------ the room's address
def test_under_make_class_the_links_give_the_address_students_reach(monkeypatch):
    from widgets.server import serve

    assert serve.ROOM_ENV == share.ROOM_ENV
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://localhost:8866/voila/render/fire_bulls.ipynb?lang=it")
    monkeypatch.setenv(share.ROOM_ENV, "http://192.168.1.20:8866")
    p = page("fire-bulls", query="lang=it&presenter=1")
    assert p.url.startswith("http://192.168.1.20:8866/voila/render/fire_bulls.ipynb?lang=it")
    assert "http://192.168.1.20:8866/voila/render/fire_bulls.ipynb?lang=it" in p.presenter.panel.value
    assert "localhost" not in p.presenter.panel.value and "rt-presenter-local" not in p.presenter.panel.value


def test_every_link_a_page_hands_out_goes_to_the_same_address_and_a_teachers_name_is_kept(monkeypatch):
    """The link box, the presenter's QR code and the live lesson's link: one address for the class.
    A page the teacher opened at localhost hands out the room's address; one opened at a name the
    school's network knows (or the room's own address) hands out the name the teacher used."""
    monkeypatch.setenv(share.ROOM_ENV, "http://192.168.1.20:8866")
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://127.0.0.1:8866/voila/render/kamikaze_attack.ipynb")
    p = page("kamikaze-attack", query="presenter=1")
    p.live.code, p.live.role = "K7QP2M", "teacher"
    assert p.live.student_url() == "http://192.168.1.20:8866/voila/render/kamikaze_attack.ipynb?room=K7QP2M"
    assert p.url.startswith("http://192.168.1.20:8866/voila/render/kamikaze_attack.ipynb")
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://tutor.school.lan:8866/voila/render/kamikaze_attack.ipynb")
    q = page("kamikaze-attack", query="presenter=1")
    q.live.code, q.live.role = "K7QP2M", "teacher"
    assert q.live.student_url() == "http://tutor.school.lan:8866/voila/render/kamikaze_attack.ipynb?room=K7QP2M"
    assert q.url.startswith("http://tutor.school.lan:8866/") and "tutor.school.lan:8866" in q.presenter.panel.value
    assert "192.168.1.20" not in q.presenter.panel.value
    monkeypatch.delenv(share.ROOM_ENV)  # make run: the link as the page was opened
    assert share.reachable("http://localhost:8866/x.ipynb") == "http://localhost:8866/x.ipynb"


def test_under_make_run_the_presenter_panel_says_the_link_works_only_here(monkeypatch):
    monkeypatch.delenv(share.ROOM_ENV, raising=False)
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://localhost:8866/voila/render/fire_bulls.ipynb?lang=it")
    p = page("fire-bulls", query="lang=it&presenter=1")
    panel = p.presenter.panel.value.replace("&#x27;", "'")
    assert "Questo link funziona solo su questo computer" in panel and "make class" in panel
    p.language.lang = "fr"
    assert "Ce lien ne marche que sur cet ordinateur" in p.presenter.panel.value.replace("&#x27;", "'")
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://tutor.school.lan:8866/voila/render/fire_bulls.ipynb")
    q = page("fire-bulls", query="presenter=1")
    assert "rt-presenter-local" not in q.presenter.panel.value


def test_a_pooled_page_sent_to_a_game_link_after_it_was_built_opens_that_game():
    """Under make class a pre-started kernel builds its page first and follows the link after
    (GamePage.go): a game in progress and a scenario open there as on a page built at the link."""
    from widgets.page import GamePage, spec

    query, _ = packed_link("formula-e")
    url = "http://192.168.1.20:8866/voila/render/formula_e.ipynb"
    direct = GamePage(spec("formula-e"), query=query, request_url=url)
    later = spec("formula-e").make_page()
    later.go(query, url)
    assert later.url == direct.url and same_play(later, direct) and later.tabs.selected_index == 1
    sid = scenarios.library("formula-e")[1].id
    later.go(f"lang=it&scenario={sid}", url)
    assert later.tabs.selected_index == 4 and later.scenarios.scenario.id == sid and later.notice.value == ""


def test_under_a_jupyterhub_the_class_opens_the_link_on_its_own_servers(monkeypatch):
    """On a school's JupyterHub the teacher's page is on the teacher's single-user server, which no
    student may open: the live lesson's link and the link box go through the Hub to each student's own."""
    monkeypatch.delenv(share.ROOM_ENV, raising=False)
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/ms.rossi/")
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    monkeypatch.setenv("VOILA_REQUEST_URL",
                       "https://hub.school.org/user/ms.rossi/voila/render/kamikaze_attack.ipynb?lang=it")
    p = page("kamikaze-attack", query="lang=it")
    p.live.code, p.live.role = "K7QP2M", "teacher"
    assert p.live.student_url() == \
        "https://hub.school.org/hub/user-redirect/voila/render/kamikaze_attack.ipynb?room=K7QP2M"
    assert p.url.startswith("https://hub.school.org/hub/user-redirect/voila/render/kamikaze_attack.ipynb?lang=it")
    p.live.draw()
    assert "user-redirect" in p.live.head.value and "ms.rossi" not in p.live.head.value  # the link and its QR code
