"""Narration, errors, actions and worked examples in English, Italian and French."""

import ast
import random
import string
from pathlib import Path

import pytest

from tutor import IllegalAction, games
from tutor.core import scenario_io
from tutor.games import fire_bulls as fb
from tutor.games.fire_bulls import Action, arrange

G = games.get("fire-bulls")
SRC = "\n".join(p.read_text() for p in sorted(Path(fb.__file__).parent.glob("*.py")))


def _fields(template):
    return {f.lower() for _, f, _, _ in string.Formatter().parse(template) if f}


def _templates_in_code():
    """Every English template the engine can narrate or raise with."""
    found = set()
    for node in ast.walk(ast.parse(SRC)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            for i in {"log": [2], "illegal": [1], "draw_into_hand": [2, 3], "_say": [0], "_already": [1]}.get(name, []):
                if i < len(node.args) and isinstance(node.args[i], ast.Constant):
                    found.add(node.args[i].value)
            if name == "render" and node.args and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
        if isinstance(node, ast.IfExp):  # template = "a" if ... else "b"
            for branch in (node.body, node.orelse):
                if isinstance(branch, ast.Constant) and isinstance(branch.value, str) and "{" in branch.value:
                    found.add(branch.value)
        if isinstance(node, ast.FunctionDef) and node.name == "_price_message":
            for r in ast.walk(node):
                if isinstance(r, ast.Return) and isinstance(r.value, ast.Tuple):
                    found.add(r.value.elts[0].value)
    return found


def test_every_template_has_italian_and_french():
    catalog = G.catalog.messages.catalog
    templates = _templates_in_code()
    assert len(templates) > 80
    missing = [t for t in templates if t not in catalog]
    assert missing == []
    for template in templates:
        for lang in ("it", "fr"):
            text = catalog[template][lang]
            assert text, (template, lang)
            assert _fields(text) <= _fields(template), (template, lang, text)


def test_no_stale_entries_in_the_catalog():
    catalog = set(fb.TEXT["messages"])
    used = _templates_in_code() | _scenario_templates() | {f"{v} the {{card}}'s power" for v in ("use", "decline")} | {
        f"{v} the power" for v in ("use", "decline")}
    from tutor import scenarios  # the scenario goals' sentences and the library's titles

    used |= {k.template for k in G.goal_kinds().values()} | {sc.heading for sc in scenarios.library("fire-bulls")}
    assert catalog - used == set()


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_a_whole_game_narrates_in_the_language(lang):
    rng = random.Random(4)
    s = G.new_game(3, 4, "fr" if lang == "fr" else "it")
    seen = 0
    while not G.is_over(s):
        a = rng.choice(G.legal_actions(s))
        label = G.action_text(a, lang)
        assert label and "{" not in label
        s, events = G.apply_explained(s, a)
        for ev in events:
            text = G.message(ev, lang)
            assert text and "{" not in text and "}" not in text
            if ev.template:
                assert text != ev.text or ev.text.isdigit(), (lang, ev.text)
                seen += 1
    assert seen > 100


def test_errors_in_three_languages():
    s = arrange(2, ruleset="fr", pawns=(3, 1), rows={"H": "xi:white"}, hands={0: ["yellow", "red", "blue"]})
    with pytest.raises(IllegalAction) as info:
        G.apply(s, Action.attack(3, ["yellow", "red", "blue"]))
    en, it, fr = (G.message(info.value, lang) for lang in ("en", "it", "fr"))
    assert en == str(info.value)
    assert len({en, it, fr}) == 3
    assert "giallo" in it and "jaune" in fr


def test_action_text_and_card_names():
    a = Action.attack(3, ["green", "green", "warrior"], "xi:white")
    assert G.action_text(a, "en") == str(a)
    assert "Guerriero" in G.action_text(a, "it") and "Guerrier" in G.action_text(a, "fr")
    assert fb.card_name("palisade", "fr") == "Fortification" and fb.card_name("colonel", "it") == "Vice-Generale"


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_every_example_is_told_in_the_language(lang):
    for ex in G.examples():
        en = G.example_text(ex, "en")
        tr = G.example_text(ex, lang)
        assert tr["title"] and tr["title"] != en["title"]
        assert tr["outcome"] and tr["outcome"] != en["outcome"]
        assert len(tr["steps"]) == len(ex.steps)
        for step, told, english in zip(ex.steps, tr["steps"], en["steps"]):
            assert told and told != english, (ex.id, told)
            if step.illegal:
                assert fb.NAMES[lang]["refused"] in told


def test_example_english_in_the_data_matches_the_code():
    """The translations were made from these English sentences: keep them in step."""
    for ex in G.examples():
        data = fb.TEXT["examples"][ex.id]
        assert data["title"]["en"] == ex.title and data["outcome"]["en"] == ex.outcome
        for step, entry in zip(ex.steps, data["steps"]):
            base = step.narration.split(" Refused: ")[0] if step.illegal else step.narration
            assert entry["en"] == base


CORE_FILE_TEMPLATES = {
    "is not UTF-8 text (byte {at} cannot be read)", "expected JSON text, got {got}",
    "is not valid JSON (line {line}, column {column})", "a scenario must be a JSON object, between braces",
    *("is not valid JSON (line {line}, column {column}: " + reason + ")" for _, reason in scenario_io.JSON_REASONS),
}


def _scenario_templates():
    found = set(CORE_FILE_TEMPLATES)
    for node in ast.walk(ast.parse(SRC)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            i = {"bad": 1, "NotationError": 0}.get(name)
            if i is not None and len(node.args) > i and isinstance(node.args[i], ast.Constant):
                found.add(node.args[i].value)
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "_EXPECTED":
            found |= {v.value for v in node.value.values}
    return found


def test_scenario_errors_have_italian_and_french():
    catalog = G.catalog.messages.catalog
    templates = _scenario_templates()
    assert len(templates) > 25
    for template in templates:
        for lang in ("it", "fr"):
            assert catalog[template][lang], (template, lang)
            assert _fields(catalog[template][lang]) <= _fields(template)


def test_a_bad_scenario_is_explained_in_three_languages():
    import json

    from tutor import ScenarioError

    data = json.loads(G.to_json(G.new_game(3, 4)))
    data["deck"].pop()
    with pytest.raises(ScenarioError) as info:
        G.from_json(json.dumps(data))
    en, it, fr = (G.message(info.value, lang) for lang in ("en", "it", "fr"))
    assert en == str(info.value) and en.startswith("qi cards: ")
    assert "mancano" in it and "il manque" in fr
    data = json.loads(G.to_json(G.new_game(3, 4)))
    data["rows"]["A"] = "soldier:pink"
    with pytest.raises(ScenarioError) as info:
        G.from_json(json.dumps(data))
    assert info.value.field == "rows.A" and "non è una carta Yen" in G.message(info.value, "it")


def test_a_file_that_is_not_json_is_explained_in_italian():
    from tutor import ScenarioError

    with pytest.raises(ScenarioError) as info:
        G.from_json("{")
    assert info.value.field == "file" and info.value.template in CORE_FILE_TEMPLATES
    assert "non è un JSON valido" in G.message(info.value, "it")
    assert "n'est pas un JSON valide" in G.message(info.value, "fr")


# the JSON parser's reason was shown in English on an Italian or French page
@pytest.mark.parametrize("text, it, fr", [
    ('{"players": 3,}', "ci vuole un nome tra virgolette doppie", "il faut un nom entre guillemets droits doubles"),
    ('{"players" 3}', "mancano i due punti", "il manque un deux-points"),
    ('{"players": 3 "seed": 1}', "manca una virgola", "il manque une virgule"),
    ('{"players": tre}', "manca un valore, o è scritto male", "une valeur manque ou est mal écrite"),
    ('{"title": "a}', "un testo tra virgolette non è mai chiuso", "un texte entre guillemets n'est jamais fermé"),
    ('{"a": 1} x', "qualcosa segue la fine dello scenario", "quelque chose suit la fin du scénario"),
    (b'{"title": "\xff"}', "il byte 12 non si può leggere", "l'octet 12 est illisible"),
])
def test_a_broken_file_is_explained_without_the_parsers_english(text, it, fr):
    from tutor import ScenarioError

    with pytest.raises(ScenarioError) as info:
        G.from_json(text)
    assert info.value.field == "file"
    said = {lang: G.message(info.value, lang) for lang in ("it", "fr")}
    assert it in said["it"] and fr.replace(" :", "\u00a0:") in said["fr"]
    for words in said.values():
        assert "Expecting" not in words and "delimiter" not in words and "byte 0x" not in words
        assert len(words) < 300
