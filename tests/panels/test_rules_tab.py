"""Citations on one line and the Rules tab of every game, without a browser.

Expected answers come from the rule files (ids, titles, quotes), never from
the panel under test."""

from __future__ import annotations

import re

import pytest

from tutor import games, rulesearch
from widgets.panels.common import cite, esc
from widgets.page import spec


def summary(html: str) -> str:
    m = re.search(r"<summary>(.*?)</summary>", html, re.S)
    assert m, html[:200]
    return m.group(1)


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_a_citation_reads_in_the_page_language_first_and_opens_for_the_rulebook(lang):
    game = games.get("fire-bulls")
    rule = game.rules["fire-bulls/hand/limit"]
    html = cite(game, rule.id, lang)
    assert html.startswith("<details class='rt-cite' data-rule='fire-bulls/hand/limit'>")
    line = summary(html)
    # closed: the title and the wording in the page's language, not the rulebook's Italian sentence
    title, text = rule.wording(lang)  # the catalog's wording with the language's typography
    assert title == rule.translations[lang]["title"] and title in line and esc(text) in line
    assert rule.quotes[0].text not in line and rule.text not in line
    # open: the rulebook's own sentence; the Rules tab's full citation adds the id, English, the file
    body = html.split("</summary>", 1)[1]
    assert esc(rule.quotes[0].text) in body
    assert esc(rule.text) in body and rule.quotes[0].file in body and rule.id in body


@pytest.mark.parametrize("name", games.names())
def test_a_learners_citation_names_no_file_and_no_rule_id(name):
    game = games.get(name)
    quoted = [r for r in game.rules if r.quotes]
    for rule in quoted[:40]:
        html = cite(game, rule.id, "fr", brief=True)
        body = html.split("</summary>", 1)[1]
        assert esc(rule.quotes[0].text) in body  # the rulebook's sentence, one click away
        assert rule.quotes[0].file not in html
        assert f">{rule.id}<" not in html and f" {rule.id}<" not in html and "rt-rule-id" not in html


def test_a_reconstructed_clause_says_so_on_its_line():
    game = games.get("kamikaze-attack")
    recon = next(r for r in game.rules if r.reconstructed)
    assert "rt-recon" in summary(cite(game, recon.id, "fr"))


def test_an_unknown_rule_id_is_shown_not_raised():
    game = games.get("fire-bulls")
    assert "no/such" in cite(game, "no/such", "en")
    assert "&lt;b&gt;" in cite(game, "<b>", "en")


def test_a_step_stacks_its_citations_one_line_each():
    page = spec("fire-bulls").make_page()
    st = page.stepper
    step_rules = set()
    for i, ex in enumerate(st.examples):  # an example with a step citing two rules or more
        for k, step in enumerate(ex.steps):
            if len(set(step.rules)) >= 2:
                st.chooser.value = i
                st.go(k + 1)
                step_rules = set(step.rules) | ({step.illegal} if step.illegal else set())
                break
        if step_rules:
            break
    assert step_rules
    narration = st.narration.value
    assert narration.count("<details class='rt-cite'") == len(step_rules)
    assert set(re.findall(r"<details class='rt-cite' data-rule='([^']+)'>", narration)) == step_rules


@pytest.mark.parametrize("name", games.names())
def test_every_rules_tab_has_contents_filter_and_ranked_search(name):
    panel = spec(name).make_rules()
    book = panel.game.rules
    panel.language.lang = "it"
    # contents: every topic named in Italian, each a link to its heading
    for topic, group in rulesearch.topics(book):
        it_name = book.topics[topic]["it"]
        assert f">{it_name}</a>&nbsp;<span class='rt-src'>({len(group)})</span>" in panel.toc.value.replace(
            "&#x27;", "'")
        assert f"id='rt-topic-{topic}'" in panel.list.value
    assert panel.list.value.count("class='rt-rule'") == len(book)
    # the reconstructed-only filter
    panel.only_recon.value = True
    recon = [r.id for r in book if r.reconstructed]
    shown = re.findall(r"<div class='rt-rule' data-rule='([^']+)'>", panel.list.value)
    assert shown == recon and recon
    panel.only_recon.value = False
    # a title typed in the page's language finds its rule first
    target = next(r for r in book if len(r.wording("it")[0].split()) >= 2)
    panel.search.value = target.wording("it")[0]
    first = re.search(r"<div class='rt-rule' data-rule='([^']+)'>", panel.list.value).group(1)
    assert book[first].wording("it")[0] == target.wording("it")[0]
    assert "rt-toc" not in panel.toc.value  # a ranked list, not the contents


def test_fire_bulls_tab_answers_how_many_cards_and_keeps_differences_compact():
    panel = spec("fire-bulls").make_rules()
    panel.search.value = "how many cards"
    first = re.search(r"data-rule='([^']+)'", panel.list.value).group(1)
    assert first == "fire-bulls/hand/limit"
    panel.search.value = ""
    diffs = panel.game.differences()
    assert panel.diffs.value.count("<tr class='rt-diff'>") == len(diffs) == 10


def test_a_ranked_list_marks_where_mere_mentions_begin():
    panel = spec("fire-bulls").make_rules()
    panel.search.value = "warrior"
    head, tail = panel.list.value.split("rt-mentioned", 1)
    assert head.count("class='rt-rule'") == 4  # the Warrior's own rules
    assert "data-rule='fire-bulls/setup/deal'" in tail  # "Starting hands" only mentions one


def test_the_search_follows_the_typing_once_the_learner_pauses():
    """Every keystroke reaches the kernel (no Enter needed); the list is redrawn once, after a pause."""
    import asyncio

    from widgets.panels.rules import SEARCH_PAUSE

    panel = spec("fire-bulls").make_rules()
    assert panel.search.continuous_update
    contents = panel.list.value
    redraws = []
    panel.list.observe(lambda ch: redraws.append(ch["new"]), "value")

    async def type_slowly_then_pause():
        for typed in ["h", "ha", "han", "hand", "hand l", "hand li"]:
            panel.search.value = typed
            await asyncio.sleep(SEARCH_PAUSE / 10)
        during = list(redraws)
        await asyncio.sleep(SEARCH_PAUSE * 2)
        return during

    during = asyncio.run(type_slowly_then_pause())
    assert during == [] and panel.list.value != contents  # nothing while typing, then the results
    assert len(redraws) == 1
    first = re.search(r"<div class='rt-rule' data-rule='([^']+)'>", panel.list.value).group(1)
    assert first == "fire-bulls/hand/limit"  # "li" is still being typed: it already finds "limit"
