"""A Scenarios-tab link after moves were played carries the moves: the page it opens makes them again
through the engine (with the scenario's replies) and shows the same board, the same moves used.

Without a browser; the browser side is tests/browser/test_browser_scenario_link.py."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from tutor import games, scenarios
from widgets.page import page
from widgets.panels import place as places
from widgets.panels import share
from widgets.panels.place import Place


def query_of(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def fresh(p):
    """A fresh page opened at the link ``p`` shows (another device: nothing shared but the link)."""
    return page(p.spec.game, query=urlsplit(p.url).query)


def play_first(panel, n: int) -> None:
    """The learner's first legal move, ``n`` times (each answered by the scenario's replies)."""
    for _ in range(n):
        s = panel.session
        panel.play(panel.game.legal_actions(s.state)[0])


def test_a_library_scenario_link_after_two_moves_opens_at_the_same_board():
    """Kamikaze Attack's third scenario ("survive the Kamikaze" in three moves): two duels played."""
    p = page("kamikaze-attack", query="lang=it&tab=scenarios")
    panel = p.scenarios
    sc = scenarios.library("kamikaze-attack")[2]
    panel.choose(sc.id)
    assert "played" not in query_of(p.url)  # the scenario at its start: its name only
    play_first(panel, 2)
    assert panel.session.moves == 2
    link = query_of(p.url)
    assert link["scenario"] == sc.id and "played" in link
    q = fresh(p)
    game = q.scenarios.game
    assert q.notice.value == "" and q.tabs.selected_index == 4
    assert q.scenarios.scenario.id == sc.id and q.scenarios.session.moves == 2
    assert game.to_json(q.scenarios.session.state) == game.to_json(panel.session.state)
    assert q.scenarios.session.played == panel.session.played
    assert "Mosse usate: 2 di 3" in q.scenarios.goal.value and q.scenarios.goal.value == panel.goal.value


def test_a_teachers_scenario_travels_with_its_moves():
    game = games.get("fire-bulls")
    sc = scenarios.library("fire-bulls")[0]
    mine = json.loads(share.scenario_json(sc, game))
    mine.update(id="ma-lezione", title="La mia lezione")
    p = page("fire-bulls", query="lang=it&tab=scenarios")
    assert p.scenarios.open_file(json.dumps({"game": "fire-bulls", "scenarios": [mine]}))
    play_first(p.scenarios, 1)
    link = query_of(p.url)
    assert "scn" in link and "played" in link
    q = fresh(p)
    assert q.notice.value == "" and q.scenarios.scenario.heading == "La mia lezione"
    assert q.scenarios.session.moves == 1
    assert game.to_json(q.scenarios.session.state) == game.to_json(p.scenarios.session.state)


def test_a_move_the_engine_refuses_in_a_link_leaves_the_scenario_at_its_start_and_says_so():
    sc = scenarios.library("kamikaze-attack")[2]
    q = page("kamikaze-attack", query=places.query(Place(lang="it", tab="scenarios", scenario=sc.id,
                                                         played=json.dumps(["fly to the moon"]))))
    assert q.notice.value != "" and q.scenarios.scenario.id == sc.id
    assert q.scenarios.session.moves == 0 and q.scenarios.session.played == []
    junk = page("kamikaze-attack", query=places.query(Place(lang="it", tab="scenarios", scenario=sc.id,
                                                            played=json.dumps({"a": 1}))))
    assert junk.notice.value != "" and junk.scenarios.session.moves == 0
