"""The static site's page keeps its place and game in progress in the browser, and a return visit opens them.

Without a browser: what the page writes into storage (``Keeper.changes``) is kept in a dict as the
browser's ``localStorage`` would keep it, and a new page is handed it with its address as the browser
types them.  The browser side is in tests/site/test_site_resume.py."""

from __future__ import annotations

import json

from widgets.page import spec
from widgets.panels import resume

URL = "http://127.0.0.1:8000/voici/render/fire_bulls.html"


def site_page(link: str, storage: dict[str, str], lang: str = "en"):
    """A Fire Bulls page as the static site builds it, opened at ``link`` (a query) with ``storage``."""
    p = resume.with_sink(spec("fire-bulls").make_page(lang))
    p.keeper.arrived(f"{link} {URL}?{link} {storage.get(p.keeper.key, '')}")
    return p


def keep(p, storage: dict[str, str]) -> None:
    """What the page's last drawing wrote, merged into the browser's storage."""
    from widgets.panels import place as places

    kept = json.loads(storage.get(p.keeper.key, "{}"))
    kept.update(p.keeper.changes(places.query(p.current_place)))
    storage[p.keeper.key] = json.dumps(kept)


def play_two(shell) -> list:
    for _ in range(2):
        assert shell.human_to_move
        assert shell.play(shell.game.legal_actions(shell.state)[0])
    shell.table.run_bots()
    shell.refresh()
    return [str(e.action) for e in shell.history[1:shell.index + 1]]


def moves(p) -> list:
    return [str(e.action) for e in p.game.history[1:p.game.index + 1]]


def test_a_return_visit_opens_the_game_in_progress_and_new_game_forgets_it():
    storage: dict[str, str] = {}
    first = site_page("lang=en", storage)
    assert first.tabs.selected_index == 0  # nothing kept: the page's own start
    first.tabs.selected_index = 1
    played = play_two(first.game)
    keep(first, storage)
    # the landing page's link names only the language: the page opens in the Play tab, the same game
    back = site_page("lang=fr", storage)
    assert back.tabs.selected_index == 1 and back.language.lang == "fr"
    assert moves(back) == played
    assert back.game.game.to_json(back.game.state) == first.game.game.to_json(first.game.state)
    # the student went to the examples, then came back: the game waits in the Play tab
    back.tabs.selected_index = 0
    keep(back, storage)
    later = site_page("lang=en", storage)
    assert later.tabs.selected_index == 0
    later.tabs.selected_index = 1
    assert moves(later) == played
    # a teacher's link to another deal opens that deal, not the game kept
    other = site_page("lang=en&tab=play&seed=777", storage)
    assert other.game.table.start.seed == 777
    assert not any(other.game.table.is_person(e.player) for e in other.game.history[1:])
    # New game: the game kept is forgotten, a return visit deals afresh
    later.game.new_button.click()
    keep(later, storage)
    assert json.loads(storage[later.keeper.key])["table"] is None
    fresh = site_page("lang=en", storage)
    assert fresh.tabs.selected_index == 1
    assert not any(fresh.game.table.is_person(e.player) for e in fresh.game.history[1:])


def test_what_was_kept_damaged_opens_the_page_as_its_link_says():
    storage = {resume.storage_key("fire-bulls"): json.dumps({"place": "lang=it&tab=play", "table": "eNo-broken"})}
    p = site_page("", storage)
    assert p.tabs.selected_index == 1 and p.language.lang == "it"
    assert not any(p.game.table.is_person(e.player) for e in p.game.history[1:])  # a new game, no traceback
    storage = {resume.storage_key("fire-bulls"): "not json"}
    p = site_page("lang=fr", storage)
    assert p.tabs.selected_index == 0 and p.language.lang == "fr"


def test_new_game_is_forgotten_in_the_very_drawing_that_shows_the_new_deal():
    """The page's first drawing after "New game" already says the new deal: a reload at once opens it,
    not the game before (whose seed the kept place no longer names)."""
    storage: dict[str, str] = {}
    p = site_page("lang=en&tab=play", storage)
    play_two(p.game)
    keep(p, storage)
    p.game.new_game(fresh=True)  # the shell's own handler, before the page hears of the click
    keep(p, storage)
    kept = json.loads(storage[p.keeper.key])
    assert kept["table"] is None and "seed=2" in kept["place"]
    # and a link naming the kept game's own seed still opens it; another seed does not
    old = {p.keeper.key: json.dumps({"place": "lang=en&tab=play&seed=1", "table": seed_one_game()})}
    assert resume.resumed_query("lang=en&tab=play&seed=1", old[p.keeper.key])[1] is not None
    assert resume.resumed_query("lang=en&tab=play&seed=2", old[p.keeper.key])[1] is None


def seed_one_game():
    """A packed game of seed 1 with two moves, as the page keeps it."""
    q = site_page("lang=en&tab=play&seed=1", {})
    play_two(q.game)
    return q.keeper.changes("x")["table"]
