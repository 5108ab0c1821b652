"""How well the tutor teaches, measured: ``python -m benchmarks.teach_report`` (``make teach-report``).

Per game and language it prints:

* the guided first game: its steps and the share of them whose position follows from the one
  before by the moves made (target 100%);
* the quiz (a 24-question set): the share of choices over 12 words (target under 5%) and the
  longest; effect questions whose prompt holds a word that sets the right choice apart (target 0);
  choices without a reason (target 0);
* hints: over one position of every decision kind met in seeded games, the hints whose sentence
  holds a percentage or a playout count (target 0), the decision kinds without a hint (target 0), and
  the share whose reason (the sentence without the move's own words and the rule's title) names
  something on the board (target 100%): a word of a seat's name or of a legal move's text (the
  cards, colours, spaces and pieces a player sees), counted from the words of the page's language,
  or the name of a space the seat's view shows ("b7": where an elephant, a cow or the Rat stands).

Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from tutor import games, hints, quiz
from tutor.bots import RandomBot
from tutor.guide import Guide

LANGS = ("en", "it", "fr")
WORD = re.compile(r"[^\W\d_]{3,}")
SPACE = re.compile(r"\b[a-z]\d{1,2}\b")  # a space of a board lettered by lane and numbered by row ("b7")
STATISTIC = re.compile(r"\d\s?%|simulat|playout|simulé|partite giocate|parties jouées|smazzate|donnes simul")


def guide_line(name: str) -> tuple[int, float]:
    """(steps, share of steps whose position follows from the one before by the moves made)."""
    game = games.get(name)
    g = Guide.start(name)
    states = [g.state]
    while not g.done:
        g.play(g.suggested)
        states.append(g.state)
    path = [game.new_game(g.players, seed=g.seed)]
    for text in g.actions:
        path.append(game.apply(path[-1], game.parse_action(path[-1], text)))
    follows = sum(any(s == p for p in path) for s in states)
    return len(states), follows / len(states)


def quiz_line(name: str, lang: str) -> dict[str, Any]:
    qs = quiz.generate(name, seed=5, n=24, lang=lang)
    choices = [c for q in qs for c in q.choices]
    over = sum(quiz.word_count(c) > quiz.MAX_WORDS for c in choices)
    leaks = 0
    if lang == "en":
        for q in qs:
            if q.kind != "effect":
                continue
            right = quiz.content(q.choices[q.answer[0]])
            apart = right - set().union(*(quiz.content(c) for i, c in enumerate(q.choices) if i not in q.answer))
            leaks += bool(apart & quiz.content(q.prompt))
    no_reason = sum(1 for q in qs for i in range(len(q.choices)) if not (q.reasons and q.reasons[i]))
    return {"questions": len(qs), "over": over / max(1, len(choices)),
            "longest": max((quiz.word_count(c) for c in choices), default=0), "leaks": leaks, "no_reason": no_reason}


def decision_positions(name: str, seeds: int = 4, limit: int = 400) -> dict[str, Any]:
    """One position of every decision kind met in a few seeded games between random bots."""
    game = games.get(name)
    found: dict[str, Any] = {}
    for seed in range(seeds):
        players = game.info.min_players + seed % 2 if game.info.min_players + 1 <= game.max_players else \
            game.info.min_players
        state = game.new_game(players, seed=seed)
        for _ in range(limit):
            if game.current_player(state) is None:
                break
            found.setdefault(str(game.decision(state)), state)
            state = game.apply(state, RandomBot().choose(game, state))
    return found


def board_words(game: Any, state: Any, lang: str) -> set[str]:
    """The words a player reads on the board: what tells the seats apart in their names (a colour,
    not "player") and the words of the legal moves' texts (cards, colours, spaces, pieces)."""
    seats = [set(_words(game.seat_name(state, p, lang))) for p in range(len(game.scores(state)))]
    found = set().union(*seats) - set.intersection(*seats)
    for a in game.legal_actions(state):
        found |= set(_words(game.action_text(a, lang)))
    return found | set(SPACE.findall(json.dumps(game.view(state, game.current_player(state))).lower()))


def _words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def names_the_board(game: Any, state: Any, h: Any, lang: str) -> bool:
    """The hint's reason, past the move's own words and without its rule's title, names a board word."""
    move = game.action_text(h.action, lang)
    rest = h.sentence[len(move):] if h.sentence.lower().startswith(move.lower()) else h.sentence
    rest = rest.replace(f"({game.rules[h.rule].wording(lang)[0]})", "") if h.rule in game.rules else rest
    return bool((set(_words(rest)) | set(SPACE.findall(rest.lower()))) & board_words(game, state, lang))


def hint_line(name: str, lang: str, positions: dict[str, Any]) -> dict[str, Any]:
    game = games.get(name)
    statistic, missing, named = 0, [], 0
    for kind, state in positions.items():
        try:
            h = hints.hint(game, state, lang=lang)
        except Exception:  # noqa: BLE001 - a decision kind without a hint is what this counts
            missing.append(kind)
            continue
        if not h.sentence or h.action not in game.legal_actions(state):
            missing.append(kind)
        statistic += bool(STATISTIC.search(h.sentence.lower()))
        named += names_the_board(game, state, h, lang)
    return {"kinds": len(positions), "statistic": statistic, "missing": missing,
            "named": named / max(1, len(positions))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=games.names(), action="append", help="only this game (repeatable)")
    args = ap.parse_args(argv)
    names = args.game or games.names()
    ok = True
    print(f"{'game':<16} {'lang':<4} {'guide steps':>11} {'follow':>7} {'quiz >12 w':>10} {'longest':>8} "
          f"{'leaks':>6} {'no reason':>9} {'hint stats':>10} {'no hint':>8} {'board':>6}")
    for name in names:
        steps, follows = guide_line(name)
        positions = decision_positions(name)
        for lang in LANGS:
            qz = quiz_line(name, lang)
            ht = hint_line(name, lang, positions)
            print(f"{name:<16} {lang:<4} {steps:>11} {follows:>7.0%} {qz['over']:>10.1%} {qz['longest']:>8} "
                  f"{qz['leaks']:>6} {qz['no_reason']:>9} {ht['statistic']:>4} of {ht['kinds']:<3} "
                  f"{len(ht['missing']):>8} {ht['named']:>6.0%}")
            if ht["missing"]:
                print(f"    no hint for: {', '.join(ht['missing'])}")
            ok = ok and follows == 1 and qz["over"] < 0.05 and not qz["leaks"] and not qz["no_reason"] \
                and not ht["statistic"] and not ht["missing"] and ht["named"] == 1
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
