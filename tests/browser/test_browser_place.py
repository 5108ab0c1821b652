"""Where you are is a link, in a real browser: a link opens a game's page
in its language at an example's step, the page shows the link of where it is
(and the address bar follows), a bad link opens the page with a message in its
language, each game links back to the landing page, which carries the language
to the games, and the browser tab names the game.  Marked ``browser``."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.conftest import SIZES
from tutor import games

pytestmark = pytest.mark.browser

# The words the page shows, from widgets/i18n.py's table, written out here
TITLE = {"en": "{game} — learn the rules", "it": "{game} — impara le regole", "fr": "{game} — apprendre les règles"}
STEP_OF = {"en": "Step {i} of {n}", "it": "Passo {i} di {n}", "fr": "Étape {i} sur {n}"}
NEXT = {"en": "Next", "it": "Avanti", "fr": "Suivant"}


def query_of(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


# Waits until the link in the field ``sel`` (or, with ``sel`` null, the address bar) has exactly
# the query ``want``, in any order: the page and the address bar follow the place a moment later.
SAME_QUERY = """([sel, want]) => {
    const url = sel === null ? location.href : document.querySelector(sel)?.value;
    if (!url) return false;
    const got = [...new URL(url, location.href).searchParams];
    return got.length === Object.keys(want).length && got.every(([k, v]) => want[k] === v);
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_a_link_opens_every_game_in_its_language_at_an_example_step(new_page, voila, artifacts, size):
    pg = new_page(size)
    for k, name in enumerate(games.names()):
        lang = ("it", "fr")[k % 2]
        game = games.get(name)
        ex = game.examples()[1]
        n = len(ex.steps)
        step = max(1, n - 1)
        pg.goto(voila.url(games.entry(name).notebook) + f"?lang={lang}&example={ex.id}&step={step}")
        pg.wait_for_selector(f".rt-next:has-text('{NEXT[lang]}')")
        expect(pg.locator(".rt-step-count")).to_contain_text(STEP_OF[lang].format(i=step, n=n))
        expect(pg.locator(".rt-step-title")).to_contain_text(game.example_text(ex, lang)["title"])
        # the browser tab and the document say the game and the language
        expect(pg).to_have_title(TITLE[lang].format(game=game.title))
        expect(pg.locator("html")).to_have_attribute("lang", lang)
        expect(pg.locator(".rt-link-notice")).to_have_text("")
        # the link shown is the address of this place, and the address bar says it too
        pg.click(".rt-place-link summary")
        place = {"lang": lang, "tab": "examples", "example": ex.id, "step": str(step)}
        pg.wait_for_function(SAME_QUERY, arg=[".rt-place-url", place])
        shown = pg.locator(".rt-place-url").input_value()
        assert query_of(shown) == place
        pg.wait_for_function(SAME_QUERY, arg=[None, place])
        assert query_of(pg.url) == query_of(shown)
        if size == "phone":  # the whole address on show, wrapped (a one-line field cut it) ...
            box = pg.locator(".rt-place-url")
            assert box.evaluate("e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1"
                                " && e.getBoundingClientRect().right <= innerWidth"), "the link is cut off"
            # ... and the tab titles on one line in Italian and French (the first one wrapped onto two)
            heights = pg.eval_on_selector_all(".rt-tabs > .lm-TabBar .lm-TabBar-tab",
                                              "els => els.map(e => e.getBoundingClientRect().height)")
            assert len(heights) == 5 and max(heights) < 40, heights
        pg.screenshot(path=str(artifacts / f"place-{name}-{size}.png"))
        # one step back: the link follows
        pg.click(".rt-page .rt-previous")
        pg.wait_for_function("s => document.querySelector('.rt-place-url').value.endsWith('step=' + s)",
                             arg=str(step - 1))
        pg.wait_for_function("s => location.search.endsWith('step=' + s)", arg=str(step - 1))


def test_the_shown_link_opens_the_same_place_in_a_new_browser(new_page, voila):
    pg = new_page("projector")
    pg.goto(voila.url("fire_bulls.ipynb") + "?lang=fr&example=fr-3&step=2")
    pg.wait_for_selector(".rt-next")
    pg.click(".lm-TabBar-tab >> nth=2")  # the Rules tab
    pg.wait_for_selector(".rt-rule-search input")
    pg.wait_for_function("document.querySelector('.rt-place-url').value.includes('tab=rules')")
    link = pg.locator(".rt-place-url").input_value()
    pg.context.close()
    pg = new_page("projector")  # another browser: nothing shared with the first
    pg.goto(link)
    pg.wait_for_selector(".rt-rule-search input")  # opened on the Rules tab
    expect(pg.locator(".lm-TabBar-tab.lm-mod-current")).to_contain_text("Règles")
    pg.click(".lm-TabBar-tab >> nth=0")
    expect(pg.locator(".rt-step-count")).to_contain_text("Étape 2 sur 5")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_bad_link_opens_the_page_with_a_message_in_its_language(new_page, voila, artifacts, size):
    pg = new_page(size)
    pg.goto(voila.url("kamikaze_attack.ipynb") + "?lang=fr&example=gone&step=zz&seed=-3&tab=nowhere")
    notice = expect(pg.locator(".rt-link-notice .rt-msg"))  # French spacing: no-break spaces, read as spaces
    notice.to_contain_text("Ce lien ne peut pas être suivi entièrement")
    for said in ("il n'y a pas d'exemple « gone »", "« -3 »", "« nowhere »"):
        notice.to_contain_text(said)
    # the page works: it opens on the guided first game, as it does without a link
    expect(pg.locator(".rt-guide-count")).to_contain_text("Votre première partie")
    expect(pg.locator("body")).not_to_contain_text("Traceback")
    pg.screenshot(path=str(artifacts / f"bad-link-{size}.png"))
    # a step past the end of a real example: its start, and how many steps it has
    pg.goto(voila.url("fire_bulls.ipynb") + "?lang=it&example=fr-1&step=40")
    expect(pg.locator(".rt-link-notice .rt-msg")).to_contain_text("questo esempio non ha il passo 40 (ne ha 2)")
    expect(pg.locator(".rt-step-count")).to_contain_text("Passo 0 di 2")


def test_a_seed_link_starts_the_game_with_that_seed(page, voila):
    page.goto(voila.url("fire_bulls.ipynb") + "?tab=play&ruleset=fr&seed=77")
    page.wait_for_selector(".rt-game .rt-to-move, .rt-game .rt-over")
    expect(page.locator(".rt-seed input")).to_have_value("77")
    expect(page.locator(".rt-ruleset button.mod-active")).to_contain_text("French rulebook")


def test_back_to_the_landing_page_and_on_to_another_game_in_the_same_language(page, voila, artifacts):
    page.goto(voila.url("tir_nan_og.ipynb") + "?lang=it")
    page.wait_for_selector(".rt-guide-count:has-text('La tua prima partita')")
    page.click("text=Français")  # the learner changes language on the game page
    page.wait_for_selector(".rt-back-link:has-text('Tous les jeux')")
    page.click(".rt-back-link")
    page.wait_for_selector(".rt-landing")
    assert "/voila/render/index.ipynb?lang=fr" in page.url
    expect(page.locator(".rt-landing")).to_contain_text("Ouvrir Fire Bulls")
    page.wait_for_function("document.title.includes('apprenez les règles')")
    page.click("text=English")  # changed here too: the links follow
    page.wait_for_selector(".rt-game-link[href='formula_e.ipynb?lang=en']")
    page.click("text=Italiano")
    page.wait_for_selector(".rt-game-link[href='formula_e.ipynb?lang=it']")
    page.screenshot(path=str(artifacts / "landing-it.png"))
    page.click(".rt-game-link[data-notebook='formula_e.ipynb']")
    page.wait_for_selector(".rt-guide-count:has-text('La tua prima partita')")
    expect(page).to_have_title("Formula E — impara le regole")


# the link box's Copy button copies the address and says so, in a secure context
# (navigator.clipboard: localhost, https) and over plain http on a school LAN (the selection copied)
def test_the_copy_button_copies_the_link_and_says_so(new_page, voila, artifacts):
    pg = new_page("phone", permissions=["clipboard-read", "clipboard-write"])
    example = next(ex.id for ex in games.get("tir-nan-og").examples() if len(ex.steps) >= 3)
    pg.goto(voila.url("tir_nan_og.ipynb") + f"?lang=it&example={example}&step=1")
    pg.wait_for_selector(".rt-next")
    pg.click(".rt-place-link summary")
    pg.wait_for_function("document.querySelector('.rt-place-url').value.endsWith('step=1')")
    copied = pg.locator(".rt-copied")
    expect(copied).to_have_text("")
    pg.click(".rt-copy-link")
    expect(copied).to_contain_text("Copiato")
    link = pg.locator(".rt-place-url").input_value()
    assert pg.evaluate("navigator.clipboard.readText()") == link
    pg.screenshot(path=str(artifacts / "link-copied-phone.png"))
    # a step on: the box shows the new address, the confirmation is gone until Copy again
    pg.click(".rt-page .rt-next")
    pg.wait_for_function("document.querySelector('.rt-place-url').value.endsWith('step=2')")
    expect(copied).to_have_text("")
    expect(pg.locator(".rt-place-link")).to_have_attribute("open", "")  # the box stays open (it shut on every step)
    # over http from another machine the page is no secure context: no navigator.clipboard
    pg.evaluate("Object.defineProperty(window, 'isSecureContext', {value: false})")
    pg.click(".rt-copy-link")
    expect(copied).to_contain_text("Copiato")
    assert pg.evaluate("navigator.clipboard.readText()") == pg.locator(".rt-place-url").input_value()


# ------------------------------------------------ links that carry a scenario, a game in progress
def link_now(pg, part: str) -> str:
    """The link box's address once it carries ``part`` (``scenario=``, ``table=`` ...)."""
    pg.wait_for_function("p => (document.querySelector('.rt-place-url')?.value || '').includes(p)", arg=part)
    return pg.locator(".rt-place-url").input_value()


def test_a_scenarios_tab_link_opens_that_scenario_in_a_fresh_page(new_page, voila, artifacts):
    from tutor import scenarios

    chosen = scenarios.library("kamikaze-attack")[2]
    title = chosen.title(games.get("kamikaze-attack"), "it")
    pg = new_page("projector")
    pg.goto(voila.url("kamikaze_attack.ipynb") + "?lang=it&tab=scenarios")
    pg.wait_for_selector(".rt-scn-pick select")
    pg.select_option(".rt-scn-pick select", label=title)
    link = link_now(pg, f"scenario={chosen.id}")
    assert query_of(link)["tab"] == "scenarios" and query_of(link)["lang"] == "it"
    pg.context.close()
    pg = new_page("phone")  # another device: nothing shared but the link
    pg.goto(link)
    pg.wait_for_selector(".rt-scn-pick select")
    expect(pg.locator(".lm-TabBar-tab.lm-mod-current")).to_contain_text("Scenari")
    pg.wait_for_function("t => { const s = document.querySelector('.rt-scn-pick select');"
                         " return s && s.value === t; }",
                         arg=title)
    expect(pg.locator(".rt-link-notice")).to_have_text("")
    pg.screenshot(path=str(artifacts / "link-scenario-phone.png"))


def board_of(pg) -> dict:
    """What a player sees of the Formula E race: whose decision, the elephants, the board's words."""
    pg.wait_for_selector(".rt-game .rt-to-move[data-player='0']")
    return {"to_move": pg.locator(".rt-game .rt-to-move").get_attribute("data-decision"),
            "elephants": sorted(pg.eval_on_selector_all(".rt-game .fe-elephant",
                                                        "els => els.map(e => e.getAttribute('data-cell'))")),
            "board": pg.locator(".rt-game .rt-board").inner_text()}


def test_a_formula_e_race_in_progress_is_shared_by_link_and_replays_to_the_same_board(new_page, voila, artifacts):
    pg = new_page("projector")
    pg.goto(voila.url("formula_e.ipynb") + "?lang=fr&tab=play&seed=5")
    pg.wait_for_selector(".rt-game .rt-to-move[data-player='0']")
    for _ in range(2):  # the person's moves (the bots' replies follow): the first move offered each time
        before = pg.locator(".rt-place-url").input_value()
        pg.locator(".rt-game .rt-controls button:not([disabled]) >> visible=true").first.click()
        pg.wait_for_function("b => document.querySelector('.rt-place-url').value !== b", arg=before)
        pg.wait_for_selector(".rt-game .rt-to-move[data-player='0']")
    pg.wait_for_timeout(1500)  # the bots' replies, one every 1.2 s, then the person decides again
    seen = board_of(pg)
    link = link_now(pg, "table=")
    assert len(link) < 2000
    assert len(seen["elephants"]) >= 2
    shot_first = artifacts / "link-formula-e-race-projector.png"
    pg.screenshot(path=str(shot_first))
    pg.context.close()
    other = new_page("phone")
    other.goto(link)
    again = board_of(other)
    assert again == seen
    expect(other.locator(".rt-link-notice")).to_have_text("")
    expect(other.locator(".lm-TabBar-tab.lm-mod-current")).to_contain_text("Jouer")
    other.locator(".rt-game .rt-board").evaluate("el => el.scrollIntoView({block: 'start'})")
    other.screenshot(path=str(artifacts / "link-formula-e-race-phone.png"))
    # the same link, tampered (its game cut short): the page says so in French and works
    value = query_of(link)["table"]
    other.goto(link.replace(value, value[: len(value) // 2]))
    notice = expect(other.locator(".rt-link-notice .rt-msg"))
    notice.to_contain_text("Ce lien ne peut pas être suivi entièrement")
    notice.to_contain_text("de ce lien est abîmée")
    expect(other.locator("body")).not_to_contain_text("Traceback")
    other.wait_for_selector(".rt-game .rt-to-move[data-player='0']")  # a new race at the link's seed instead
    other.locator(".rt-game .rt-controls button:not([disabled]) >> visible=true").first.click()
    link_now(other, "table=")  # it plays: the move made, the link follows it
    other.screenshot(path=str(artifacts / "link-tampered-phone.png"))
