"""Where you are is a link, without a browser: reading a place from a
query string, writing it back, the pages opened at a place, a bad or stale link
explained in the page's language.  The browser side is in tests/browser/test_browser_place.py."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import games
from widgets.panels import place as places
from widgets.index import landing
from widgets.page import GamePage, page, spec
from widgets.panels.place import Place, Problem

# A page with two examples (of 6 and 2 steps) and two rulebooks.
EXAMPLES = {"it-scoring": 6, "fr-1": 2}
RULESETS = ("it", "fr")


def parse(query: str):
    return places.parse(query, EXAMPLES, RULESETS, Place(example="it-scoring"))


# ------------------------------------------------------------ pure places
def test_a_full_link_names_language_tab_example_and_step():
    place, problems = parse("lang=fr&tab=examples&example=fr-1&step=2")
    assert place == Place(lang="fr", tab="examples", example="fr-1", step=2)
    assert problems == []


def test_an_empty_link_is_the_page_default():
    assert parse("") == (Place(example="it-scoring"), [])


def test_a_seed_and_a_ruleset_open_play():
    place, problems = parse("seed=42&ruleset=fr")
    assert (place.tab, place.seed, place.ruleset, problems) == ("play", 42, "fr", [])


def test_an_example_without_a_tab_opens_the_examples():
    assert parse("example=fr-1")[0].tab == "examples"


@pytest.mark.parametrize("query, key", [
    ("lang=de", "place_bad_lang"),
    ("tab=scores", "place_bad_tab"),
    ("example=fr-99", "place_bad_example"),
    ("example=fr-1&step=3", "place_bad_step"),  # fr-1 has 2 steps
    ("step=-1", "place_bad_step_value"),
    ("step=two", "place_bad_step_value"),
    ("ruleset=de", "place_bad_ruleset"),
    ("seed=abc", "place_bad_seed"),
    ("seed=-5", "place_bad_seed"),
    ("seed=99999999999", "place_bad_seed"),
])
def test_each_bad_part_of_a_link_is_named_and_the_rest_kept(query, key):
    place, problems = parse(query + "&lang=it")
    assert [p.key for p in problems] == [key]
    assert place.lang == "it" or key == "place_bad_lang"


def test_a_stale_example_opens_the_first_example_at_its_start():
    place, problems = parse("example=gone&step=4")
    assert (place.example, place.step) == ("it-scoring", 0)
    assert problems == [Problem("place_bad_example", {"value": "gone"})]  # no second complaint about the step


def test_a_step_past_the_end_says_how_many_steps_there_are():
    _place, problems = parse("example=fr-1&step=7")
    assert problems == [Problem("place_bad_step", {"value": "7", "n": 2})]


def test_unknown_keys_are_ignored_and_a_long_junk_value_is_cut_short():
    place, problems = parse("utm_source=x&example=" + "z" * 500)
    assert place.example == "it-scoring"
    assert len(problems[0].args["value"]) <= places.SHOWN + 1


@pytest.mark.parametrize("place", [
    Place(lang="it", tab="examples", example="fr-1", step=1),
    Place(lang="fr", tab="play", example="it-scoring", ruleset="fr", seed=7),
    Place(lang="en", tab="rules", example="it-scoring"),
])
def test_a_place_written_as_a_link_reads_back_the_same(place):
    back, problems = parse(places.query(place))
    assert problems == []
    assert (back.lang, back.tab) == (place.lang, place.tab)
    if place.tab == "examples":
        assert (back.example, back.step) == (place.example, place.step)
    if place.tab == "play":
        assert (back.ruleset, back.seed) == (place.ruleset, place.seed)


def test_the_link_sits_beside_the_page_voila_was_asked_for():
    url = places.link("kamikaze_attack.ipynb", "lang=it&tab=rules",
                      "http://host:8866/user/x/voila/render/fire_bulls.ipynb?lang=en")
    assert url == "http://host:8866/user/x/voila/render/kamikaze_attack.ipynb?lang=it&tab=rules"
    assert places.link("fire_bulls.ipynb", "lang=fr", None) == "fire_bulls.ipynb?lang=fr"
    assert places.link("fire_bulls.ipynb", "lang=fr", "javascript:alert(1)") == "fire_bulls.ipynb?lang=fr"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_query_string_gives_a_place_and_never_raises(query):
    place, problems = parse(query)
    assert place.lang in places.LANGS and place.tab in places.TABS
    assert place.example in EXAMPLES and 0 <= place.step <= EXAMPLES[place.example]
    assert all(isinstance(p, Problem) for p in problems)


# ------------------------------------------------------- pages at a place
def test_the_fire_bulls_page_opens_in_italian_at_step_4_of_the_scoring_example():
    p = page("fire-bulls", query="lang=it&example=it-scoring&step=4")
    assert p.language.lang == "it" and p.tabs.selected_index == 0
    assert p.stepper.example.id == "it-scoring" and p.stepper.position == 4
    assert "Passo 4 di 6" in p.stepper.header.value
    assert p.notice.value == ""


@pytest.mark.parametrize("name", games.names())
def test_every_game_opens_at_the_place_of_its_own_link(name):
    """The link a page shows opens the same place again (language, tab, example, step)."""
    game = games.get(name)
    ex = game.examples()[1]
    p = page(name, query=f"lang=fr&example={ex.id}&step={len(ex.steps)}")
    assert p.stepper.example.id == ex.id and p.stepper.position == len(ex.steps)
    p.tabs.selected_index = 2
    again = page(name, query=urlsplit(p.url).query)
    assert again.language.lang == "fr" and again.tabs.selected_index == 2
    assert again.stepper.example.id == ex.id and again.stepper.position == len(ex.steps)
    assert again.notice.value == ""


def test_the_link_control_follows_the_step_and_the_language():
    p = page("fire-bulls", query="")
    p.stepper.go(3)
    query = parse_qs(urlsplit(p.url).query)
    assert query["step"] == ["3"] and query["lang"] == ["en"]
    p.language.lang = "it"
    assert "lang=it" in p.url and "Link a questo punto" in p.link.value
    assert html.escape(p.url) in p.link.value
    # a Copy button in the page's language, with what it says once it has copied
    assert ">Copia</button>" in p.link.value.replace("</i> ", ">")
    assert "Copiato: incollalo dove la classe lo vedrà" in html.unescape(p.link.value)


def test_a_play_link_starts_the_new_game_with_its_seed_and_rulebook():
    p = page("fire-bulls", query="tab=play&ruleset=fr&seed=12")
    assert p.tabs.selected_index == 1
    assert p.game.seed.value == 12 and p.game.ruleset.value == "fr"
    assert p.game.game.view(p.game.state, None)["ruleset"] == "fr"
    query = parse_qs(urlsplit(p.url).query)
    assert (query["tab"], query["ruleset"], query["seed"]) == (["play"], ["fr"], ["12"])


@pytest.mark.parametrize("lang, words", [
    ("en", "This link could not be followed entirely"),
    ("it", "Questo link non si può seguire del tutto"),
    ("fr", "Ce lien ne peut pas être suivi entièrement"),
])
def test_a_stale_link_opens_the_page_with_a_message_in_its_language(lang, words):
    p = page("kamikaze-attack", query=f"lang={lang}&example=cell/nope&seed=x")
    assert words in p.notice.value
    assert "cell/nope" in p.notice.value
    assert p.stepper.example is not None and p.stepper.position == 0


def test_a_bad_language_opens_the_page_in_english_and_says_so():
    p = page("tir-nan-og", query="lang=klingon")
    assert p.language.lang == "en"
    assert "there is no language “klingon”" in p.notice.value


def test_a_page_links_back_to_the_landing_page_in_its_language():
    p = page("formula-e", query="lang=it")
    assert "href='index.ipynb?lang=it'" in p.back.value and "Tutti i giochi" in p.back.value
    p.language.lang = "fr"
    assert "href='index.ipynb?lang=fr'" in p.back.value


def test_the_browser_tab_is_named_after_the_game_in_the_page_language():
    p = page("fire-bulls", query="lang=fr")
    assert "Fire Bulls — apprendre les règles" in html.unescape(p.link.value)
    assert "documentElement.lang=\"fr\"" in html.unescape(p.link.value)


# --------------------------------------------------------- landing page
def test_the_landing_page_carries_its_language_to_every_game():
    box = landing(query="lang=it")
    body = box.children[-1]
    for entry in games.entries():
        assert f"href='{entry.notebook}?lang=it'" in body.value
    box.children[2].value = "fr"  # the language chooser
    assert f"href='{games.entries()[0].notebook}?lang=fr'" in body.value


def test_the_landing_page_explains_a_bad_language():
    box = landing(query="lang=zz")
    assert "there is no language “zz”" in box.children[3].value


# ------------------------------------------------ presenter=1
@pytest.mark.parametrize("query, on", [("presenter=1", True), ("presenter=0", False), ("presenter", True),
                                       ("presenter=true", True), ("", False)])
def test_a_link_says_whether_the_page_opens_in_presenter_mode(query, on):
    place, problems = parse(query + "&lang=fr")
    assert (place.presenter, place.lang, problems) == (on, "fr", [])


def test_a_bad_presenter_value_is_named_and_the_rest_of_the_link_kept():
    place, problems = parse("example=fr-1&step=1&presenter=projector")
    assert problems == [Problem("place_bad_presenter", {"value": "projector"})]
    assert (place.presenter, place.example, place.step) == (False, "fr-1", 1)


def test_presenter_mode_is_written_in_a_link_only_when_on():
    assert places.query(Place(example="fr-1", step=1)) == "lang=en&tab=examples&example=fr-1&step=1"
    on = Place(example="fr-1", step=1, presenter=True)
    assert places.query(on) == "lang=en&tab=examples&example=fr-1&step=1&presenter=1"
    assert parse(places.query(on)) == (on, [])


def test_a_presenter_link_opens_the_page_in_presenter_mode_and_its_links_leave_it_out():
    """Presenter mode belongs to the projecting page: neither the QR code nor "Link to this place"
    carries presenter=1 (every student's page opened in presenter mode), unless the teacher ticks
    that the link opens it too; the address bar keeps it (a reload stays in presenter mode)."""
    from widgets.panels.presenter import qr_svg

    p = page("fire-bulls", query="lang=it&example=fr-2&step=1&presenter=1")
    assert p.presenter.toggle.value and "rt-presenter" in p._dom_classes
    assert (p.stepper.example.id, p.stepper.position, p.language.lang) == ("fr-2", 1, "it")
    students = "fire_bulls.ipynb?lang=it&tab=examples&example=fr-2&step=1"
    want = students + "&presenter=1"
    assert p.url == students
    assert html.escape(students) + "</textarea>" in p.link.value
    assert qr_svg(students) in p.presenter.panel.value and qr_svg(want) not in p.presenter.panel.value
    assert "history.replaceState" in p.link.value and "presenter=1" in html.unescape(p.link.value)  # address bar
    p.presenter.also.value = True  # the teacher asks: "Link to this place" opens presenter mode too
    assert p.url == want and html.escape(want) in p.link.value
    assert qr_svg(students) in p.presenter.panel.value  # the class's QR code still without it
    assert "apre anche la modalità proiettore" in p.presenter.also.description
    p.presenter.toggle.value = False  # out of presenter mode, the link opens the page out of it
    assert p.url == students


# --------------------------- a page built first, its link read after
def snapshot(p) -> dict:
    """What a learner sees of a page's place."""
    return {"place": p.current_place, "url": p.url, "notice": p.notice.value, "link": p.link.value,
            "header": p.stepper.header.value, "board": p.stepper.board.html, "tab": p.tabs.selected_index,
            "presenter": p.presenter.panel.value, "titles": [p.tabs.get_title(i) for i in range(5)]}


@pytest.mark.parametrize("name, query", [
    ("fire-bulls", ""),
    ("fire-bulls", "lang=it&example=it-scoring&step=4"),
    ("fire-bulls", "lang=fr&example=fr-3&step=9&presenter=1"),  # fr-3 has 5 steps: named, opens its start
    ("kamikaze-attack", "tab=play&seed=12&lang=fr"),
    ("tir-nan-og", "tab=rules&lang=zz"),
])
def test_a_page_built_first_and_sent_to_its_link_after_is_the_page_built_at_that_link(name, query):
    """A pre-started kernel builds its page before its request (widgets.server.request) and then
    moves it to the place its link names: the learner sees the same page either way."""
    url = "http://tutor.school.lan:8866/voila/render/" + games.entry(name).notebook
    direct = snapshot(GamePage(spec(name), query=query, request_url=url))
    later = spec(name).make_page()
    later.go(query, url)
    assert snapshot(later) == direct


def test_in_the_static_site_the_browser_hands_the_page_its_address(monkeypatch):
    """No server gives a Pyodide kernel its page's query string: the page reads its address in
    the browser and types it into a hidden field; the page then moves to the place the link names
    (the same page as one built at that link), and the landing page takes the link's language."""
    import widgets.index
    import widgets.page

    monkeypatch.setattr(widgets.page, "IN_SITE", True)
    monkeypatch.setattr(widgets.index, "IN_SITE", True)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    query = "lang=it&example=it-scoring&step=4"
    url = "https://example.org/site/voici/render/fire_bulls.html?" + query
    p = page("fire-bulls")
    sink = p.children[-1]
    field = sink.children[0]
    # a game page's field also carries the game the browser kept (the resume sink); the landing page's only the address
    assert "rt-resume-sink" in field._dom_classes and sink.layout.display == "none"
    assert p.language.lang == "en"  # built at its default place, before the browser says where it is
    field.value = query + " " + url
    seen = snapshot(p)
    kept = re.findall(r"<img alt='' src='data:,' style='display:none' onerror=\"[^\"]*localStorage[^\"]*\">",
                      seen["link"])
    assert len(kept) == 1 and "rules-tutor:fire-bulls" in kept[0]  # the place written into the browser's storage
    seen["link"] = seen["link"].replace(kept[0], "")
    assert seen == snapshot(GamePage(spec("fire-bulls"), query=query, request_url=url))
    assert p.url.startswith("https://example.org/site/voici/render/fire_bulls.html?")  # the site's page, shared
    field.value = "x" * 3000  # anything else typed there is not an address: nothing moves
    assert p.language.lang == "it"
    home = landing()
    home.children[-1].children[0].value = "lang=fr https://example.org/site/voici/render/index.html?lang=fr"
    assert home.language.lang == "fr"
