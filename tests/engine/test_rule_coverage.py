"""Fire Bulls cites only rules that exist and quotes its rulebooks.

(That every rule of every game has a test: ``tests/conformance/test_conformance.py``.)"""

import re
from pathlib import Path

from tutor import games

ROOT = Path(__file__).resolve().parents[2]


def test_fire_bulls_cites_only_rules_that_exist():
    game = games.get("fire-bulls")
    src = "".join(p.read_text() for p in sorted((ROOT / "tutor/games/fire_bulls").glob("*.py")))
    cited = set()
    for topic, ruleset in re.findall(r'rid\(f?"([^"{]+)"(?:,\s*"(\w+)")?\)', src):
        cited.add(f"fire-bulls/{topic}" + (f"/{ruleset}" if ruleset else ""))
    for topic in re.findall(r'rid\("([^"]+)",\s*(?:w\.ruleset|ruleset|rs)\)', src):
        cited |= {f"fire-bulls/{topic}/it", f"fire-bulls/{topic}/fr"}
    for kind in ("soldier", "bo", "general", "palisade"):
        cited.add(f"fire-bulls/cards/{kind}")
    for kind in ("wu", "xi", "colonel"):
        cited |= {f"fire-bulls/cards/{kind}/it", f"fire-bulls/cards/{kind}/fr"}
    assert len(cited) > 40
    unknown = sorted(c for c in cited if c not in game.rules)
    assert unknown == []


def test_rules_quote_their_rulebooks():
    game = games.get("fire-bulls")
    for rule in game.rules:
        if rule.id == "fire-bulls/notation":
            continue
        assert rule.quotes, rule.id
        for q in rule.quotes:
            assert q.lang in ("it", "fr") and q.file.startswith(("000_", "001_")) and q.text.strip()
            assert (q.lang == "it") == q.file.startswith("000_")
        for r in rule.rulesets:
            assert r in game.rulesets
        if rule.reconstructed:
            assert rule.note, f"{rule.id} is a reconstruction and must say why"
        for lang in ("it", "fr"):
            title, text = rule.wording(lang)
            assert title and text and text != rule.text, (rule.id, lang)


def test_differences_point_at_both_rulesets():
    game = games.get("fire-bulls")
    diffs = game.differences()
    assert len(diffs) >= 8
    for d in diffs:
        assert game.rules[d["it"]].applies_to("it") and game.rules[d["fr"]].applies_to("fr")
        assert d["summary"]
