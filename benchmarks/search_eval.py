"""How well the Rules tab's search answers the questions learners ask.

``python -m benchmarks.search_eval`` (or ``make search-eval``) reads
``benchmarks/rulesearch_questions.json`` (at least 20 questions a game, each in
English, Italian and French, with the rules that answer it, written by hand)
and prints, per game and language, the share of questions whose answer is the
first result (top-1) and among the first three (top-3), then the questions
missed at top-3.  Exits 1 when a game's top-3 accuracy is under 90% in a language.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from tutor import games, rulesearch

QUESTIONS = Path(__file__).resolve().parent / "rulesearch_questions.json"
LANGS = ("en", "it", "fr")
TARGET_TOP3 = 0.9


@dataclass(frozen=True)
class Score:
    game: str
    lang: str
    asked: int
    top1: int
    top3: int
    missed: tuple[tuple[str, list[str], list[str]], ...]  # (question, expected, first three found)


def questions() -> dict[str, list[dict]]:
    data = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    return {name: qs for name, qs in data.items() if name != "about"}


def evaluate(name: str, lang: str, qs: list[dict]) -> Score:
    book = games.get(name).rules
    top1 = top3 = 0
    missed = []
    for q in qs:
        expected = {f"{name}/{r}" for r in q["rules"]}
        found = [r.id for r in rulesearch.search(book, q[lang], lang=lang)[:3]]
        top1 += bool(found and found[0] in expected)
        if expected & set(found):
            top3 += 1
        else:
            missed.append((q[lang], sorted(expected), found))
    return Score(name, lang, len(qs), top1, top3, tuple(missed))


def scores() -> list[Score]:
    return [evaluate(name, lang, qs) for name, qs in questions().items() for lang in LANGS]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--missed", action="store_true", help="list the questions missed at top-3")
    args = ap.parse_args(argv)
    results = scores()
    print(f"{'game':<16} {'lang':<4} {'questions':>9} {'top-1':>7} {'top-3':>7}")
    for s in results:
        print(f"{s.game:<16} {s.lang:<4} {s.asked:>9} {s.top1 / s.asked:>7.0%} {s.top3 / s.asked:>7.0%}")
    total = sum(s.asked for s in results)
    print(f"{'all':<16} {'':<4} {total:>9} {sum(s.top1 for s in results) / total:>7.0%} "
          f"{sum(s.top3 for s in results) / total:>7.0%}")
    if args.missed:
        for s in results:
            for question, expected, found in s.missed:
                print(f"  {s.game} {s.lang}: {question!r}: wanted {expected}, got {found}")
    return 0 if all(s.top3 / s.asked >= TARGET_TOP3 for s in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
