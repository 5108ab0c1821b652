"""Worked examples of Tir Nan Og Wars, replayed through the engine.

The rulebook's two examples (the fountain dispute: Carlo wins, Alfredo and
Alex turn their territory face down; the temple: Alfredo 8 against Alex 9
and Carlo 5), then one example per action and per power, the plain's
discount, the reserve limits, the hand limit, an absolute tie, the
intermediate and the final scoring and a narrated three-player game.  Each
states its outcome in ``expected`` as keys of the teacher's view, written
from the rulebook's numbers (not computed by the engine).

>>> from tutor.games.tir_nan_og import GAME
>>> ex = {e.id: e for e in GAME.examples()}
>>> GAME.view(ex["rulebook/temple"].final, None)["scores"]
[2, 3, 0]
"""

from __future__ import annotations

from typing import Any

from tutor.core import Example, IllegalAction, Step

from .actions import parse
from .engine import apply, explain
from .scenario import scenario
from .state import State

_GAME: list[Any] = []


def _quote(rule_id: str) -> Any:
    return _GAME[0].rules[rule_id].quotes[0]


def _play(start: State, actions: list[str]) -> tuple[Step, ...]:
    """Replay action words from ``start``; an action prefixed "!" must be refused."""
    steps = []
    s = start
    for words in actions:
        illegal = words.startswith("!")
        action = parse(words.lstrip("!"))
        who = f"Player {(s.current_player or 0) + 1}"
        if illegal:
            try:
                apply(s, action)
            except IllegalAction as exc:
                steps.append(Step(s, s, action, f"{who} tries to {action}: refused, {exc.message}.",
                                  (exc.rule,), (), exc.rule))
                continue
            raise AssertionError(f"{words!r} should be refused")
        events = tuple(explain(s, action))
        after = apply(s, action)
        text = f"{who}: {action}. " + " ".join(e.text for e in events)
        rules = tuple(dict.fromkeys(e.rule for e in events))
        steps.append(Step(s, after, action, text.strip(), rules, events))
        s = after
    return tuple(steps)


def _example(id: str, title: str, rule: str, start: State, actions: list[str], outcome: str,
             expected: dict[str, Any], note: str = "") -> Example:
    return Example(id=id, title=title, source=_quote(rule), ruleset="base", start=start,
                   steps=_play(start, actions), outcome=outcome, expected=tuple(expected.items()), note=note)


def _top(card: str, kind: str, face_up: bool) -> dict:
    return {"card": card, "kind": kind, "face_up": face_up}


def build_examples(game: Any) -> list[Example]:
    _GAME[:] = [game]
    out = []

    # --- the rulebook's dispute: Alfredo (player 1), Alex (player 2), Carlo (player 3)
    start = scenario(
        hands=[["griffin", "griffin"], ["dragon", "fairy", "fairy"], ["centaur", "griffin"]],
        stacks=[["plain-1"], ["volcano-1"], ["castle-1"]],
        tops={"river": ["river-3", "fountain-river"]},
    )
    out.append(_example(
        "rulebook/dispute", "The rulebook's fountain dispute", "tir-nan-og/fountain/count", start,
        ["take the river", "join the dispute", "join the dispute", "join the dispute"],
        "Alfredo 3 (three satyrs, the tutor's griffins), Alex 2, Carlo 3 (three centaurs); tied, Alfredo's "
        "second creature is 1 elf, Carlo's 2 satyrs (griffins): Carlo wins the fountain, Alfredo and Alex "
        "turn their territory face down.",
        {"fountains": [[], [], ["fountain-river"]],
         "tops": [_top("plain-1", "plain", False), _top("volcano-1", "volcano", False),
                  _top("castle-1", "castle", True)],
         "hand_sizes": [2, 3, 0]},
        "Alfredo is player 1, Alex player 2, Carlo player 3; Alfredo reveals the fountain by taking the river "
        "above it. Carlo holds only 2 cards, fewer than the 3 players of the dispute, so he discards both.",
    ))

    # --- the rulebook's temple
    start = scenario(
        hands=[["dragon", "elf", "fairy"], [], []],
        stacks=[["castle-3", "plain-3"], ["plain-2", "castle-2", "river-1"], ["river-2", "volcano-1"]],
        reserves=[["temple-1"], [], []],
    )
    out.append(_example(
        "rulebook/temple", "The rulebook's temple", "tir-nan-og/power/temple", start,
        ["consolidate the temple paying dragon, elf and fairy"],
        "Alfredo 8 (temple 3, plain 2, castle 3) beats Carlo's 5 (volcano 1, river 4): +2; Alex's 9 (river 4, "
        "castle 3, plain 2) beats Alfredo: Alex +3.",
        {"scores": [2, 3, 0]},
        "Alfredo's plain was his last consolidation, so the temple (dragon, elf, fairy, ?) costs one creature "
        "less: he leaves out the '?'.",
    ))

    # --- taking creatures, the refill and the hand limit
    start = scenario(hands=[["dragon", "dragon", "elf", "elf", "fairy", "griffin", "centaur"], ["elf"]],
                     display=["dragon", "elf", "fairy", "griffin", "centaur"])
    out.append(_example(
        "action/creatures-and-hand-limit", "Two creatures, and the hand limit", "tir-nan-og/creatures/hand-limit",
        start, ["take dragon and centaur", "discard one elf", "discard one elf"],
        "The display is back to 5 cards; player 1 took 2 cards to 9 and chose two to discard, back to 7.",
        {"hand_sizes": [7, 1], "current_player": 1},
    ))

    # --- taking territories: the reserve's limits
    start = scenario(hands=[["elf"], ["elf"]], reserves=[["plain-1", "castle-2"], ["plain-2"]],
                     tops={"river": ["river-1"], "plain": ["plain-4"], "volcano": ["volcano-2"]})
    out.append(_example(
        "action/territory-limits", "Taking territories: value 7 and one of a kind",
        "tir-nan-og/territory/reserve-value", start, ["!take the plain", "!take the river", "take the volcano"],
        "A second plain is refused (one of a kind), the river too (2 + 3 + 4 = 9, more than 7); the volcano "
        "fits (2 + 3 + 1 = 6).",
        {"reserves": [["plain-1", "castle-2", "volcano-2"], ["plain-2"]], "reserve_values": [6, 2]},
    ))

    # --- consolidating, the '?' and the plain's discount
    start = scenario(hands=[["elf", "griffin", "dragon", "dragon", "elf", "centaur"], ["fairy"]],
                     reserves=[["plain-1", "castle-2"], []])
    out.append(_example(
        "power/plain", "The plain's discount", "tir-nan-og/power/plain", start,
        ["consolidate the plain paying elf and griffin", "take dragon and elf",
         "consolidate the castle paying dragon, dragon and elf"],
        "The castle (dragon, dragon, elf, ?) costs 4 creatures; after the plain player 1 pays only 3.",
        {"discount": [False, False], "hand_sizes": [1, 3],
         "tops": [_top("castle-2", "castle", True), None]},
    ))

    # --- forest: the fairy feast
    start = scenario(hands=[["fairy", "fairy", "elf", "fairy", "centaur"], ["fairy", "fairy", "dragon"], ["dragon"]],
                     stacks=[[], ["forest-2"], []], reserves=[["forest-1"], [], []])
    out.append(_example(
        "power/forest", "The forest's fairy feast", "tir-nan-og/power/forest", start,
        ["consolidate the forest paying elf, fairy and fairy"],
        "Player 1 keeps 1 fairy and has 2 on the forest: 3 points; player 2 has 2 fairies and 1 on their forest: "
        "3 points; player 3 none. Players 1 and 2 each discard a fairy.",
        {"scores": [3, 3, 0], "hand_sizes": [1, 2, 1]},
    ))

    # --- volcano
    start = scenario(hands=[["dragon", "elf", "fairy", "griffin"], ["elf", "elf"], ["dragon", "fairy", "griffin"],
                            ["centaur", "centaur", "fairy", "fairy", "elf"]],
                     reserves=[["volcano-1"], [], [], []])
    out.append(_example(
        "power/volcano", "The volcano counts hands", "tir-nan-og/power/volcano", start,
        ["consolidate the volcano paying dragon, elf and fairy"],
        "After paying, player 1 holds 1 card (fewest: 3 points), player 2 holds 2 (second: 1 point).",
        {"scores": [3, 1, 0, 0]},
    ))

    # --- castle: income each turn
    start = scenario(hands=[["griffin", "centaur", "centaur", "dragon"], ["elf"], ["elf"]],
                     stacks=[[], ["forest-3"], ["river-4"]], reserves=[["castle-1"], [], []])
    out.append(_example(
        "power/castle", "The castle's income", "tir-nan-og/power/castle", start,
        ["consolidate the castle paying griffin, centaur, centaur and dragon", "take dragon and elf",
         "take dragon and elf", "take fairy and griffin"],
        "Player 1's castle earns 2 points in the turn it is consolidated (player 2's forest, player 3's river) and "
        "2 more on player 1's next turn.",
        {"scores": [4, 0, 0]},
    ))

    # --- river and the intermediate scoring
    start = scenario(hands=[["dragon", "dragon", "elf", "elf"], ["elf"]],
                     stacks=[["castle-2"], ["plain-2", "temple-2"]], reserves=[["river-1"], []],
                     down=[[], ["temple-2"]], fountains=[[], ["fountain-volcano"]], deck_size=2)
    out.append(_example(
        "scoring/intermediate", "A river, then the intermediate scoring", "tir-nan-og/end/first-runout", start,
        ["consolidate the river paying dragon, dragon, elf and elf", "take dragon and elf"],
        "When the deck runs out: player 1 scores castle 2 + river 3 = 5; player 2 plain 2 + face-down temple 0 "
        "+ fountain 4 = 6.",
        {"scores": [5, 6], "runouts": 1},
    ))

    # --- an absolute tie
    start = scenario(hands=[["elf", "elf", "dragon"], ["fairy", "fairy", "griffin"]],
                     stacks=[["river-1"], ["river-2"]], tops={"temple": ["temple-3", "fountain-temple"]})
    out.append(_example(
        "fountain/absolute-tie", "An absolute tie", "tir-nan-og/fountain/absolute-tie", start,
        ["take the temple", "join the dispute", "join the dispute"],
        "Player 1 counts 4 elves and 3 dragons (hand and river), player 2 4 fairies and 3 griffins: an "
        "absolute tie, and the fountain is discarded; nobody turns a territory face down.",
        {"fountains_lost": ["fountain-temple"], "fountains": [[], []],
         "tops": [_top("river-1", "river", True), _top("river-2", "river", True)]},
    ))

    # --- the end: the second run-out, the round completed, a tie broken by territory value
    start = scenario(hands=[["elf"], ["elf"]], stacks=[["river-1", "castle-2"], ["river-2", "plain-2"]],
                     points=[10, 11], first=0, turn=1, deck_size=1, runouts=1)
    out.append(_example(
        "scoring/final", "The end of the game", "tir-nan-og/scoring/tie-break", start,
        ["take dragon and elf"],
        "The deck runs out a second time in the last turn of the round, so the game ends with it: the final "
        "scoring gives player 1 river 3 + castle 2 = 5 (15 in all) and player 2 river 3 + plain 2 = 5 (16): "
        "player 2 wins.",
        {"scores": [15, 16], "over": True, "winners": [1]},
    ))
    start = scenario(hands=[["elf"], ["elf"]], stacks=[["river-1", "castle-2"], ["river-2", "plain-2"]],
                     points=[11, 11], first=0, turn=1, deck_size=1, runouts=1)
    out.append(_example(
        "scoring/tie-break", "Tied on points: the territory value decides", "tir-nan-og/scoring/tie-break", start,
        ["take dragon and elf"],
        "Both end on 16 points; player 1's territories are worth 4 + 3 = 7, player 2's 4 + 2 = 6: player 1 wins.",
        {"scores": [16, 16], "over": True, "winners": [0]},
    ))
    out.append(_narrated_game())
    return out


def _narrated_game() -> Example:
    """Three greedy bots play a whole game from seed 4, narrated move by move."""
    from tutor.bots import GreedyBot

    game = _GAME[0]
    start = game.new_game(3, seed=4)
    bot = GreedyBot()
    s = start
    words = []
    while s.current_player is not None:
        action = bot.choose(game, s)
        words.append(str(action))
        s = apply(s, action)
    return _example(
        "game/three-players", "A whole three-player game", "tir-nan-og/turn/one-action", start, words,
        "The deck runs out twice; after the second run-out the round is completed and the final scoring ends "
        "the game.",
        {"over": True, "runouts": 2},
        "Three greedy bots (each takes the move that scores most now) play from seed 4.",
    )
