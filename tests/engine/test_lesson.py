"""The first lesson and the order of the examples, for every registered game.

Expected values come from the rulebooks (/work/shared/rulebooks/000 and 001 for Fire Bulls'
scoring: "6+6+2+2+1+1+1+1=20", the Colonel / Vice-Generale worth 8, 3 bonus points, 23 in all).
"""

from __future__ import annotations

import html
import re

import pytest

from tutor import games
from tutor.core import LESSON, plain_math
from widgets.page import spec

LANGS = ("en", "it", "fr")
KINDS = {"goal", "turn", "rule", "tip"}


@pytest.mark.parametrize("name", games.names())
def test_every_game_has_a_short_first_lesson_that_cites_its_rules(name):
    game = games.get(name)
    lesson = game.lesson()
    assert lesson is not None and lesson.id == LESSON
    cards = game.lesson_data()["cards"]
    assert 3 <= len(lesson.steps) == len(cards) <= 7  # short
    kinds = [c["kind"] for c in cards]
    assert set(kinds) <= KINDS and kinds[0] == "goal" and "turn" in kinds and "tip" in kinds
    assert "rule" in kinds  # one or two core rules
    examples = {ex.id: ex for ex in game.examples()}
    for card, step in zip(cards, lesson.steps):
        assert card["rule"] in game.rules, card["rule"]
        assert step.rules == (card["rule"],) and step.action is None and not step.illegal
        ex = examples[card["example"]]  # a position of the engine's own example
        assert 0 <= card["step"] <= len(ex.steps)
        want = ex.start if card["step"] == 0 else ex.steps[card["step"] - 1].after
        assert game.to_json(step.after) == game.to_json(want)
    # position 0 quotes the rulebook: the first card's rule (the goal)
    assert lesson.source in game.rules[cards[0]["rule"]].quotes


@pytest.mark.parametrize("name", games.names())
def test_the_lesson_is_worded_in_three_languages(name):
    game = games.get(name)
    lesson = game.lesson()
    seen = {}
    for lang in LANGS:
        texts = game.example_text(lesson, lang)
        assert texts["title"] and texts["outcome"]
        assert len(texts["steps"]) == len(lesson.steps) and all(texts["steps"])
        seen[lang] = texts
    for a, b in (("en", "it"), ("en", "fr"), ("it", "fr")):
        assert seen[a]["title"] != seen[b]["title"]
        assert all(x != y for x, y in zip(seen[a]["steps"], seen[b]["steps"]))


@pytest.mark.parametrize("name", games.names())
def test_the_page_opens_on_the_lesson_then_the_examples_in_their_order(name):
    game = games.get(name)
    order = game.lesson_data()["order"]
    ids = [ex.id for ex in game.examples()]
    assert sorted(order) == sorted(ids) and len(set(order)) == len(order)  # every example, once
    st = spec(name).make_stepper()
    assert st.example.id == LESSON and st.position == 0
    assert [ex.id for ex in st.examples] == [LESSON] + order
    assert st.chooser.options[0][0] == game.example_text(game.lesson(), "en")["title"]
    st.next.click()
    assert "rt-cite" in st.narration.value and game.lesson_data()["cards"][0]["rule"] in st.narration.value
    card = game.example_text(game.lesson(), "en")["steps"][0]
    assert "rt-lesson-card" in st.header.value and html.escape(card, quote=True) in st.header.value


# The simplest example first and the scoring (or whole-game) one last, as chosen from each rulebook.
FIRST_AND_LAST = {
    "fire-bulls": ("fr-1", "it-scoring"),  # a pawn move; "Gong ... 23"
    "kamikaze-attack": ("cell/swordsman-vs-archer", "game/full"),
    "tir-nan-og": ("action/creatures-and-hand-limit", "game/three-players"),
    "formula-e": ("move-full", "race"),
}


@pytest.mark.parametrize("name", games.names())
def test_the_examples_go_from_the_simplest_to_the_scoring_one(name):
    order = [ex.id for ex in games.get(name).course()][1:]
    first, last = FIRST_AND_LAST[name]
    assert order[0] == first and order[-1] == last
    if name == "fire-bulls":  # both scoring examples close the list
        assert order[-2:] == ["fr-9", "it-scoring"]
    if name == "tir-nan-og":
        assert order.index("scoring/final") > order.index("scoring/intermediate") > order.index("power/plain")


def test_plain_math_renders_the_rulebooks_formula():
    assert plain_math("Gong somma $6+6+2+2+1+1+1+1=20$ punti.") == "Gong somma 6+6+2+2+1+1+1+1 = 20 punti."
    assert plain_math("Il marque alors : $6+6+2+2+1+1+1+1$, soit 20") == "Il marque alors : 6+6+2+2+1+1+1+1, soit 20"
    assert plain_math("costs $5") == "costs $5"  # a lone dollar is not math


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("lang", LANGS)
def test_every_step_0_shows_the_quote_with_its_translation_and_no_raw_dollar(name, lang):
    game = games.get(name)
    st = spec(name).make_stepper()
    st.language.lang = lang
    for index, ex in enumerate(st.examples):
        st.chooser.value = index
        assert st.position == 0
        html = st.narration.value + st.header.value
        assert "$" not in html, (ex.id, html)
        if ex.source.lang != lang:
            said = game.source_translation(ex, lang)
            assert said, f"{ex.id}: no {lang} wording beside the {ex.source.lang} quote"
            assert "rt-translation" in html and f"lang='{lang}'" in html
        texts = game.example_text(ex, lang)
        for text in [texts["title"], texts["outcome"], *texts["steps"]]:
            assert "$" not in text, (ex.id, text)


def test_the_scoring_quote_reads_as_text_beside_its_english():
    game = games.get("fire-bulls")
    st = spec("fire-bulls").make_stepper()
    st.chooser.value = [ex.id for ex in st.examples].index("it-scoring")
    html = st.narration.value
    assert "6+6+2+2+1+1+1+1 = 20" in html and "$" not in html
    said = game.source_translation(st.example, "en")
    assert "20 points" in said
    # the page's language first, the rulebook's Italian sentence under it, named by its rulebook not its file
    assert html.index("rt-translation") < html.index("6+6+2+2+1+1+1+1 = 20")
    assert "Italian rulebook" in html and st.example.source.file not in html


def _gong_line(st) -> str:
    won = st.board.html
    line = re.search(r"data-player='0'.*?class='fb-score' data-total='(\d+)'>(.*?)</span><br>", won, re.S)
    assert line, won
    return line.group(1), html.unescape(re.sub(r"<[^>]+>", "", line.group(2)))


@pytest.mark.parametrize("lang", LANGS)
def test_fire_bulls_scoring_board_adds_up_to_the_title(lang):
    """000: 'la sua carta più alta è il Vice-Generale (valore 8 punti), questa verrà scartata ...
    $6+6+2+2+1+1+1+1=20$ punti ... 3 punti bonus per un totale finale di 23'."""
    game = games.get("fire-bulls")
    st = spec("fire-bulls").make_stepper()
    st.language.lang = lang
    st.chooser.value = [ex.id for ex in st.examples].index("it-scoring")
    title = game.example_text(st.example, lang)["title"]
    assert "23" in title
    colonel = game.card_name("colonel", lang)
    st.go(2)  # the deck runs out a third time: the scoring begins
    while True:
        total, line = _gong_line(st)
        assert total == "23"
        # the numbers on screen add up: the face values, the bonus, the total of the title
        terms, face, bonus, shown = re.search(r"([\d+]+) = (\d+)\D+(\d+)\D+= (\d+)", line).groups()
        assert terms == "6+6+2+2+1+1+1+1" and sum(map(int, terms.split("+"))) == int(face) == 20
        assert int(bonus) == 3 and int(face) + int(bonus) == int(shown) == 23
        assert f"{colonel} (8)" in line  # the penalty card and its points
        if st.next.disabled:
            break
        st.next.click()
    # before the end, the board says the pile is counted later (its 28 + 3 is not the final score)
    st.go(0)
    total, line = _gong_line(st)
    terms, face = re.search(r"([\d+]+) = (\d+)", line).groups()
    assert sum(map(int, terms.split("+"))) == int(face) == 28 and int(total) == 31
    from widgets.panels.i18n import t

    assert t("score_so_far", lang) in line and total not in title


@pytest.mark.parametrize("ex_id", ["it-scoring", "fr-9"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_scoring_words_name_the_same_card_as_the_narration(ex_id, lang):
    """The removed card has one name per language in the outcome and in the narration."""
    game = games.get("fire-bulls")
    ex = {e.id: e for e in game.examples()}[ex_id]
    texts = game.example_text(ex, lang)
    colonel = game.card_name("colonel", lang)  # Colonel, Vice-Generale, Colonel
    assert colonel in texts["outcome"]
    assert colonel in " ".join(texts["steps"])
    if lang == "en":
        assert "Vice-General (" not in texts["outcome"] and "Vice-General" not in " ".join(texts["steps"])
