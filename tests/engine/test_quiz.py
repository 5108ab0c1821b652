"""The quiz: questions built from real positions, every answer checked here against the engine's
``legal_actions``/``apply`` (and, for Kamikaze's duels, against the rulebook's duel table)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import games, quiz
from tutor.core import IllegalAction, ScenarioError, core_catalog
from tutor.games.formula_e.reading import positions
from tutor.games.kamikaze import cards as kamikaze_cards

NAMES = games.names()
# kinds each game must ask (the generic three and the game's own)
OWN = {"fire-bulls": {"yen"}, "kamikaze-attack": {"duel", "fate"}, "tir-nan-og": {"territory"},
       "formula-e": {"where"}}


def _refused(game, state, text):
    """Whether the rules refuse the action written ``text`` in ``state`` (unreadable counts as refused)."""
    try:
        game.apply(state, game.parse_action(state, text))
    except IllegalAction:
        return True
    return False


def _check_kamikaze(game, state, q):
    action = game.parse_action(state, q.action)
    p, qq = state.active, state.opponent
    a, b = state.card(p), action.card
    seat = {x: quiz.seat_name(game, x, q.lang) for x in (p, qq)}
    result = kamikaze_cards.clash(a, b)  # the rulebook's duel table, not the engine's resolution
    if q.kind == "duel":
        want = {"a": quiz.words("{Seat} wins the duel", q.lang, seat=seat[p]),
                "b": quiz.words("{Seat} wins the duel", q.lang, seat=seat[qq]),
                "both": quiz.words("Both cards fall", q.lang),
                "retreat": quiz.words("Both cards retreat: nobody wins", q.lang)}[result]
    else:
        _, goes = kamikaze_cards.duel(a, b)
        template, who = {"hand": ("back to {seat}'s hand", qq), "own": ("into {seat}'s graveyard", qq),
                         "opponent": ("into {seat}'s graveyard", p), "field": ("it stays on the field", qq),
                         "opponent-hand": ("into {seat}'s hand", p)}[goes]
        want = quiz.words(template, q.lang, seat=seat[who])
    assert [q.choices[i] for i in q.answer] == [want], q


def check(q: quiz.Question) -> None:
    """Recompute the answer of ``q`` from the engine (and the duel table) and compare."""
    game = games.get(q.game)
    state = game.from_json(q.state)
    assert game.current_player(state) is not None
    assert q.rule in game.rules and q.explanation and q.prompt
    assert len(set(q.choices)) == len(q.choices) >= 2, q.choices
    assert len(q.reasons) == len(q.choices) and all(q.reasons), q  # a reason for every choice
    assert 1 <= q.level <= quiz.LEVELS
    if q.kind in ("legal", "territory"):
        refused = [_refused(game, state, text) for text in q.actions]
        assert sorted(q.answer) == [i for i, r in enumerate(refused) if not r]
        assert any(refused) and (q.many or len(q.answer) == 1)
    elif q.kind == "allowed":
        assert q.answer == ((1,) if _refused(game, state, q.action) else (0,))
    elif q.kind == "effect":
        _, events = game.apply_explained(state, game.parse_action(state, q.action))
        told = quiz.narration(game, events, q.lang)
        # the right choice is a sentence of what the engine narrates (shortened), its reason the whole story
        assert q.choices[q.answer[0]].rstrip(".)").split(";")[0][:40] in told, (q.choices, told)
        assert told in q.reason(q.answer[0])
        assert q.actions[q.answer[0]] == q.action
    elif q.kind == "score":
        after = game.apply(state, game.parse_action(state, q.action))
        assert q.choices[q.answer[0]] == str(game.scores(after)[q.player])
        assert game.scores(after)[q.player] != game.scores(state)[q.player]
    elif q.kind == "yen":
        takeable = {a.card for a in game.legal_actions(state) if a.kind in ("attack", "general")}
        assert {q.actions[i] for i in q.answer} == takeable & set(q.actions)
        assert q.answer and len(q.answer) < len(q.choices)
    elif q.kind == "where":
        after = game.apply(state, game.parse_action(state, q.action))
        cell = positions(after)["elephants"][q.player]
        assert q.choices[q.answer[0]] == (quiz.words("past the finish line", q.lang) if cell == "finish" else cell)
    elif q.kind in ("duel", "fate"):
        _check_kamikaze(game, state, q)
    else:  # pragma: no cover - a new kind needs its check here
        raise AssertionError(f"no check for kind {q.kind}")


@pytest.mark.parametrize("name", NAMES)
def test_at_least_four_kinds_each_checked(name):
    qs = quiz.generate(name, seed=3, n=12)
    assert len(qs) == 12
    kinds = {q.kind for q in qs}
    # Fire Bulls narrates its moves at length: few of its outcomes fit a short choice in all three
    # languages, so its sets lean on the payment and Yen-card questions
    assert {"legal", "score"} | OWN[name] | ({"effect"} if name != "fire-bulls" else set()) <= kinds
    for q in qs:
        check(q)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**6), lang=st.sampled_from(["en", "it", "fr"]))
def test_every_generated_answer_is_the_engines(name, seed, lang):
    for q in quiz.generate(name, seed=seed, n=6, lang=lang):
        assert q.lang == lang
        check(q)


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_questions_in_every_language(name):
    en = quiz.generate(name, seed=11, n=6)
    assert quiz.generate(name, seed=11, n=6) == en
    assert quiz.generate(name, seed=12, n=6) != en
    for lang in ("it", "fr"):
        other = quiz.generate(name, seed=11, n=6, lang=lang)
        assert [(q.kind, q.state, q.answer, q.rule) for q in other] == [(q.kind, q.state, q.answer, q.rule)
                                                                        for q in en]
        assert [q.prompt for q in other] != [q.prompt for q in en]


@pytest.mark.parametrize("name", NAMES)
def test_your_turn_questions_on_every_example_step(name):
    game = games.get(name)
    asked = refused = decisions = 0
    for example in game.examples():
        for i, step in enumerate(example.steps):
            decisions += step.action is not None and game.current_player(step.before) is not None
            q = quiz.step_question(game, example, i, "fr")
            if q is None:
                continue
            check(q)
            asked += 1
            if step.illegal:  # the rulebook's refused moves are asked as such, and refused
                assert q.kind == "allowed" and q.answer == (1,)
                refused += 1
            elif q.kind == "effect":  # what the step's move does
                assert q.action == str(step.action)
            elif q.kind == "legal":  # its move's own words tell what it does: which move the rules allow here
                assert not q.many and len(q.answer) == 1
            else:  # the game's own question about this very move (Kamikaze: who wins the duel)
                assert q.kind in OWN[name] and q.action == str(step.action)
    # "Your turn" asks at nearly every decision of every example; not at a Kamikaze card laid face
    # down first (nothing happens yet: any card of the hand may go), a quarter of that game's steps
    assert asked >= 10 and refused >= 1 and asked >= (0.7 if name == "kamikaze-attack" else 0.85) * decisions, \
        (asked, decisions)
    assert quiz.step_question(game, game.examples()[0], 999) is None


def test_refused_moves_are_explained_by_their_refusal():
    game = games.get("tir-nan-og")
    for q in quiz.generate("tir-nan-og", seed=5, n=12, lang="fr"):
        if q.kind != "legal":
            continue
        state = game.from_json(q.state)
        for i, text in enumerate(q.actions):
            if i in q.answer:
                continue
            try:
                game.apply(state, game.parse_action(state, text))
            except IllegalAction as exc:
                assert game.message(exc, "fr").rstrip(".") in q.explanation
            else:  # pragma: no cover
                raise AssertionError(text)


def test_a_kamikaze_duel_from_the_rulebook_table():
    # the rulebook's table: the Archer beats the Shieldbearer (cards.clash is written from it)
    from tutor.games.kamikaze import GAME, Play, scenario

    s = scenario([["shieldbearer", "swordsman"], ["archer", "swordsman"]],
                 [["swordsman", "shieldbearer", "archer", "kamikaze"],
                  ["swordsman", "shieldbearer", "shieldbearer", "kamikaze"]])
    s = GAME.apply(s, Play("shieldbearer"))
    import random

    for seed in range(20):  # the question picks the challenged card at random: find the Archer
        q = GAME.question_kinds()["duel"](GAME, s, random.Random(seed), "en")
        if q.action == "play the Archer":
            break
    assert q.prompt == "Player 1 has played the Shieldbearer; Player 2 plays the Archer. Who wins this duel?"
    assert q.choices[q.answer[0]] == "Player 2 wins the duel"
    assert q.rule.startswith("kamikaze-attack/duel/")


# ------------------------------------------------------------------ files

def test_save_and_load_back():
    qs = [q for name in NAMES for q in quiz.generate(name, seed=2, n=5, lang="it")]
    text = quiz.save(qs)
    assert quiz.load(text) == qs
    assert quiz.load(text.encode("utf-8")) == qs
    assert quiz.load(quiz.save([])) == []


def _bad(mutate):
    data = json.loads(quiz.save(quiz.generate("kamikaze-attack", seed=2, n=3)))
    mutate(data)
    with pytest.raises(ScenarioError) as err:
        quiz.load(json.dumps(data))
    return err.value.field


def test_a_bad_question_file_names_the_field():
    assert _bad(lambda d: d["questions"][1].update(answer=[7])) == "questions[1].answer[0]"
    assert _bad(lambda d: d["questions"][0].update(answer=[])) == "questions[0].answer"
    assert _bad(lambda d: d["questions"][0].update(rule="fire-bulls/attack/order")) == "questions[0].rule"
    assert _bad(lambda d: d["questions"][2].update(game="chess")) == "questions[2].game"
    assert _bad(lambda d: d["questions"][0].update(choices=["one"])) == "questions[0].choices"
    assert _bad(lambda d: d["questions"][0].update(choices=[1, 2, 3, 4])) == "questions[0].choices[0]"
    assert _bad(lambda d: d["questions"][0].update(state="{}")).startswith("questions[0].state")
    assert _bad(lambda d: d["questions"][0].update(state=5)) == "questions[0].state"
    assert _bad(lambda d: d["questions"][0].pop("prompt")) == "questions[0].prompt"
    assert _bad(lambda d: d["questions"].append("junk")) == "questions[3]"
    assert _bad(lambda d: d.update(format=9)) == "format"
    assert _bad(lambda d: d.pop("questions")) == "questions"
    for text in ("", "[1]", "{", b"\xff", "[" * 5000, '{"format": 1, "questions": 3}'):
        with pytest.raises(ScenarioError):
            quiz.load(text)


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=30),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=12)
_SAVED = json.loads(quiz.save(quiz.generate("fire-bulls", seed=4, n=2)))


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(sorted(_SAVED["questions"][0])), value=_JSON)
def test_any_junk_in_a_question_file_is_a_scenario_error(field, value):
    data = json.loads(json.dumps(_SAVED))
    data["questions"][0][field] = value
    try:
        loaded = quiz.load(json.dumps(data))
    except ScenarioError as exc:
        assert (exc.field == "file" or exc.field.startswith("questions[0]")) and len(str(exc)) < ScenarioError.MAX_CHARS
    else:  # a value that is fine where it stands (an equal number, a free text)
        assert len(loaded) == 2


def test_quiz_words_are_translated():
    assert core_catalog().untranslated() == []


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_choices_are_short_and_the_prompt_never_gives_the_answer_away(name, lang):
    """At most about 12 words a choice (under 5% over in every game and language), and an effect
    question's prompt never holds the words that set its right choice apart from the others."""
    from tutor.quiz import content

    total = over = 0
    for q in quiz.generate(name, seed=5, n=24, lang=lang):
        total += len(q.choices)
        over += sum(quiz.word_count(c) > quiz.MAX_WORDS for c in q.choices)
        if q.kind == "effect" and lang == "en":
            right = content(q.choices[q.answer[0]])
            apart = right - set().union(*(content(c) for i, c in enumerate(q.choices) if i not in q.answer))
            assert apart and not apart & content(q.prompt), q
    assert over / total < 0.05, (name, over, total)


def test_a_wrong_effect_choice_says_which_move_it_follows():
    q = next(q for name in NAMES for q in quiz.generate(name, seed=2, n=16) if q.kind == "effect")
    game = games.get(q.game)
    state = game.from_json(q.state)
    for i, reason in enumerate(q.reasons):
        if i not in q.answer:
            assert game.action_text(game.parse_action(state, q.actions[i])) in reason


def test_a_crowded_table_and_many_rules_make_a_harder_question():
    game = games.get("fire-bulls")
    two = [quiz.with_level(game, q) for q in quiz.generate("fire-bulls", seed=3, n=20)
           if len(game.scores(game.from_json(q.state))) == 2 and not q.many]
    five = [q for q in quiz.generate("fire-bulls", seed=3, n=40) if len(game.scores(game.from_json(q.state))) == 5]
    assert two and five
    assert min(q.level for q in five) >= 2 > min(q.level for q in two) - 1
    assert max(q.level for q in two) <= max(q.level for q in five)


def test_a_question_file_may_carry_reasons_and_levels_and_refuses_bad_ones():
    qs = quiz.generate("tir-nan-og", seed=2, n=3)
    assert quiz.load(quiz.save(qs)) == qs
    data = json.loads(quiz.save(qs))
    data["questions"][0]["reasons"] = ["only one"]
    with pytest.raises(ScenarioError) as info:
        quiz.load(json.dumps(data))
    assert info.value.field == "questions[0].reasons"
    data["questions"][0]["reasons"] = []
    data["questions"][0]["level"] = 7
    with pytest.raises(ScenarioError) as info:
        quiz.load(json.dumps(data))
    assert info.value.field == "questions[0].level"


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_fire_bulls_longest_choices_fit_twelve_words(lang):
    """Fire Bulls' longest choices, written out by hand: an attack paying a Bo with its five colours
    (rulebook 000: a Bo takes five bulls all of different colours) and what paying a Colonel with three
    bulls of one colour and two of another says, at most 12 words each."""
    from tutor.core import Event
    from tutor.games.fire_bulls.actions import Action
    from tutor.games.fire_bulls.words import Who

    game = games.get("fire-bulls")
    attack = game.action_text(Action.attack(4, ["green", "yellow", "red", "blue", "brown"], "bo"), lang)
    paid = Event("fire-bulls/cards/colonel/it", "", template="{Who} pays {payment} for the {card} in {slot}; the Qi "
                 "cards go to the discard pile.", data=(("who", Who(0, "red")), ("card", "colonel"), ("slot", "I"),
                 ("payment", ("green",) * 3 + ("blue",) * 2)))
    said = game.message(paid, lang)
    assert {"en": "Bo", "it": "Bo", "fr": "Bo"}[lang] in attack and "4" in attack
    short = said.split(";")[0].split(" ", 3)[3]  # as a quiz choice shows it: no seat, up to the ";"
    assert {"en": "for the Colonel in I", "it": "per la carta Vice-Generale in I",
            "fr": "pour la carte Colonel en I"}[lang] in short
    assert quiz.word_count(attack) <= quiz.MAX_WORDS, attack
    assert quiz.word_count(short) <= quiz.MAX_WORDS, short
