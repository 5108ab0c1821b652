"""`python -m tutor`: the tutor in a terminal.

Walks through the Italian rulebook's scoring example, then plays a seeded
3-player Fire Bulls game between bots with its narrated log and final scores.
Options: ``--seed N`` (default 2026), ``--ruleset it|fr``, ``--quiet`` (scores only).
"""

from __future__ import annotations

import argparse
import sys

from tutor import bots, games


def _cite(game, rule_id: str) -> str:
    rule = game.rules[rule_id]
    quote = rule.quotes[0] if rule.quotes else None
    mark = " [reconstructed]" if rule.reconstructed else ""
    head = f"      rule {rule_id}{mark}: {rule.text}"
    return head + (f"\n      ({quote.lang}) «{quote.text}»" if quote else "")


def walk_example(game, example_id: str = "it-scoring", out=sys.stdout) -> None:
    ex = next(e for e in game.examples() if e.id == example_id)
    print(f"== Worked example: {ex.title} ({ex.source.file}) ==", file=out)
    for i, step in enumerate(ex.steps, 1):
        action = f" [{step.action}]" if step.action is not None else ""
        print(f"  {i}.{action} {step.narration}", file=out)
        for ev in step.events:
            print(f"      - {ev.text}", file=out)
        for rule in step.rules[:2]:
            print(_cite(game, rule), file=out)
    print(f"  Rulebook outcome: {ex.outcome}", file=out)


def play_bots(game, seed: int, ruleset: str, quiet: bool = False, out=sys.stdout) -> list[int]:
    seats = [bots.get("greedy"), bots.get("random"), bots.get("greedy")]
    state = game.new_game(3, seed, ruleset)
    names = [f"player {p + 1} ({state.colours[p]}, {seats[p].name} bot)" for p in range(3)]
    ruleset_name = dict(game.info.ruleset_names).get(ruleset, ruleset)
    print(f"\n== A 3-player game, seed {seed}, {ruleset_name} ==", file=out)
    print("   " + "; ".join(f"{n} on direction {state.pawns[p]}" for p, n in enumerate(names)), file=out)
    actions = 0
    while (mover := game.current_player(state)) is not None:
        action = seats[mover].choose(game, state)
        state, events = game.apply_explained(state, action)
        actions += 1
        if not quiet:
            print(f"  {names[mover]}: {action}", file=out)
            for ev in events:
                if ev.kind not in ("turn",):
                    print(f"      - {ev.text}", file=out)
    scores = game.scores(state)
    how = "the Yen army escaped" if state.end == "escaped" else "the General fell"
    print(f"\n== Final scores after {actions} actions ({how}) ==", file=out)
    for p, b in enumerate(game.score_breakdown(state)):
        lost = f", lost {game.card_name(b.removed)}" if b.removed else ""
        print(f"  {names[p]}: {b.face} face + {b.bonus} bonus = {b.total}{lost}", file=out)
    print("  Winner(s): " + ", ".join(names[w] for w in game.winners(state)), file=out)
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ruleset", choices=("it", "fr"), default="it")
    parser.add_argument("--quiet", action="store_true", help="print only the example and the final scores")
    args = parser.parse_args(argv)
    game = games.get("fire-bulls")
    walk_example(game)
    play_bots(game, args.seed, args.ruleset, args.quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
