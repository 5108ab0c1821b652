"""A Scenarios-tab link after moves were played carries the moves: the page it opens makes them again
through the engine (with the scenario's replies) and shows the same board, the same moves used.

Without a browser; the browser side is tests/browser/test_browser_scenario_link.py."""

from __future__ import annotations

import html
import json
import re
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



def board(p):
    """What the Scenarios tab shows of its position: the engine's position, as text."""
    return p.scenarios.game.to_json(p.scenarios.session.state)


def said(p) -> str:
    """The page's notice about its link, as a reader sees it (no markup)."""
    return html.unescape(re.sub(r"<[^>]+>", "", p.notice.value))


def test_a_link_whose_moves_cannot_be_replayed_shows_the_scenario_at_its_start_and_says_so():
    """A link's ``played=`` cut short, or naming a move the engine refuses: the scenario still opens,
    at its start, and the page says that it did (not that nothing was opened)."""
    sc = scenarios.library("kamikaze-attack")[2]
    start = page("kamikaze-attack", query=f"lang=en&tab=scenarios&scenario={sc.id}")
    assert said(start) == "" and start.scenarios.session.moves == 0
    refused = places.query(Place(lang="en", tab="scenarios", scenario=sc.id, played=json.dumps(["fly to the moon"])))
    packed = query_of("x?" + refused)["played"]
    cut = refused.replace(packed, packed[:-3])  # the link cut short inside its moves
    for query in (cut, refused):
        q = page("kamikaze-attack", query=query)
        assert q.tabs.selected_index == 4 and q.scenarios.scenario.id == sc.id
        assert q.scenarios.session.moves == 0 and board(q) == board(start)
        assert "the scenario opens at its start: the link's moves could not be replayed (" in said(q)
        assert "nothing was opened" not in said(q)
    assert "damaged" in said(page("kamikaze-attack", query=cut))
    fr = page("kamikaze-attack", query=refused.replace("lang=en", "lang=fr"))
    assert "le scénario s'ouvre à son début\u00a0: les coups du lien n'ont pas pu être rejoués (" in said(fr)
    assert "rien n'en a été ouvert" not in said(fr) and fr.scenarios.session.moves == 0
    assert board(fr) == board(start)
    it = page("kamikaze-attack", query=cut.replace("lang=en", "lang=it"))
    assert "lo scenario si apre dall'inizio: le mosse del link non si sono potute rifare (" in said(it)
    assert "danneggiata" in said(it)
