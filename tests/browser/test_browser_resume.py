"""The Voilà page remembers where the learner was, as the static site does: a return visit by the game's bare
address (the landing page's link, a bookmark) opens the example step and the game in progress kept in this
browser; a link that names a place opens that place.  Marked ``browser``."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tutor import games

pytestmark = pytest.mark.browser

KEPT = "() => { try { return JSON.parse(localStorage.getItem('rules-tutor:fire-bulls')).place.includes(%r); }" \
       " catch (e) { return false; } }"


def test_a_return_visit_by_the_bare_address_opens_the_step_and_the_game_kept(new_page, voila, artifacts):
    pg = new_page("projector")
    url = voila.url(games.entry("fire-bulls").notebook)
    ex = games.get("fire-bulls").examples()[1]
    n = len(ex.steps)
    pg.goto(url + f"?lang=it&example={ex.id}&step=2")
    expect(pg.locator(".rt-step-count")).to_contain_text(f"Passo 2 di {n}")
    pg.wait_for_function(KEPT % "step=2")  # kept once the page has drawn it
    pg.goto(url + "?lang=it")  # the landing page's link: no place
    expect(pg.locator(".rt-step-count")).to_contain_text(f"Passo 2 di {n}")
    expect(pg.locator(".rt-step-title")).to_contain_text(games.get("fire-bulls").example_text(ex, "it")["title"])

    # a game in progress: attack the 3 paying green, then stop; the bot (green) answers
    pg.goto(url + "?lang=en&tab=play")
    pg.click(".fb-attack-3-green")
    pg.click(".fb-stop")
    log = pg.locator(".rt-game .rt-log")
    expect(log).to_contain_text("It is player 1 (yellow)'s turn")
    played = log.text_content()
    assert "Player 1 (yellow): attack from direction 3" in played
    pg.wait_for_function("() => { try { return !!JSON.parse(localStorage.getItem('rules-tutor:fire-bulls')).table; }"
                         " catch (e) { return false; } }")
    pg.goto(url + "?lang=en")
    expect(pg.locator(".rt-game .rt-log")).to_have_text(played)
    expect(pg.locator(".lm-TabBar-tab.lm-mod-current")).to_contain_text("Play")
    pg.screenshot(path=str(artifacts / "voila-resumed-game.png"))
    # a link naming a place opens that place, not what was kept
    pg.goto(url + f"?lang=en&example={ex.id}&step=1")
    expect(pg.locator(".rt-step-count")).to_contain_text(f"Step 1 of {n}")
    expect(pg.locator(".lm-TabBar-tab.lm-mod-current")).to_contain_text("examples")
