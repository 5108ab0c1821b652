"""Worked examples: each movement rule, board feature and card, replayed through ``apply``.

Each starts from an arranged position on a small practice track (a scenario
may carry its own track); every expected outcome is written from the
rulebook's text, not computed by the engine.
"""

from __future__ import annotations

from typing import Any

from tutor.core import Example, IllegalAction, Quote, Step

from .actions import (Allow, Cancel, CowStep, Discard, EndTurn, Give, Move, Play, PlayPair, RatTo, Steal,
                      StopCows, Take)
from .cards import RULEBOOK_FILE, full_deck, sort_cards
from .state import State
from .track import Track, parse_cell

R = "formula-e/"
OPEN = ("SSS", "SSS", "...", "...", "...", "...", "...", "o..")


def arranged(rows: tuple[str, ...], elephants: list[str], hand: list[str], cows: tuple[str, ...] = (),
             rat: str = "", cobras: tuple[int, ...] = (), others: list[list[str]] | None = None,
             discard: tuple[str, ...] = ()) -> State:
    """Seat 0 to play a turn on a practice track; the other hands hold no Tiger unless given, and the
    deck's Tigers lie at its bottom (no Tiger window opens by surprise)."""
    track = Track("practice", rows)
    n = len(elephants)
    deck = full_deck()
    for c in list(hand) + list(discard):
        deck.remove(c)
    hands = [sort_cards(hand)]
    for q in range(1, n):
        given = (others or [])[q - 1] if others and q - 1 < len(others) else None
        if given is None:
            given = [c for c in deck if c != "tiger"][:6]
        for c in given:
            deck.remove(c)
        hands.append(sort_cards(given))
    deck = [c for c in deck if c == "tiger"] + [c for c in deck if c != "tiger"]  # Tigers at the bottom
    cells = [parse_cell(e) for e in elephants]
    return State(track=track, players=n, seed=0, first=0, active=0, phase="turn",
                 elephants=tuple(cells),
                 cows=tuple(sorted(parse_cell(c) for c in cows)) or track.cows,  # type: ignore[misc]
                 rat=parse_cell(rat) if rat else track.holes[0], hands=tuple(hands), deck=tuple(deck),  # type: ignore[arg-type]
                 discard=tuple(discard), cobras=cobras or (0,) * n)


def replay(game: Any, start: State, moves: list[tuple[Any, tuple[str, ...], str | None]]) -> tuple[Step, ...]:
    steps = []
    state = start
    for action, rules, illegal in moves:
        if illegal:
            try:
                game.apply(state, action)
            except IllegalAction as exc:
                text = f"{action}: refused, {exc}"
            else:  # pragma: no cover - the conformance check reports it
                text = f"{action}: accepted"
            steps.append(Step(state, state, action, text, rules, (), illegal))
            continue
        after, events = game.apply_explained(state, action)
        steps.append(Step(state, after, action, " ".join(e.text for e in events) or str(action), rules,
                          tuple(events)))
        state = after
    return tuple(steps)


def quote(text: str) -> Quote:
    return Quote(RULEBOOK_FILE, "it", text)


def build_examples(game: Any) -> list[Example]:
    ex: list[Example] = []

    def add(id: str, title: str, source: str, start: State, moves: list, outcome: str, expected: dict,
            note: str = "") -> None:
        ex.append(Example(id, title, quote(source), "base", start, replay(game, start, moves), outcome,
                          tuple(expected.items()), note))

    add("move-full", "A green 3 moves three spaces",
        "Il tuo Elefante, se possibile, deve consumare tutti i punti movimento",
        arranged(OPEN, ["a1", "c1", "b2"], ["g3", "g1", "rat", "cow", "snake", "prayer"]),
        [(Play("g3"), (R + "turn/choice",), None),
         (Move(("f", "f")), (R + "move/all-points",), R + "move/all-points"),
         (Move(("f", "f", "f")), (R + "move/points", R + "move/all-points"), None)],
        "Player 1's elephant goes from a1 to a4: all three points are used.",
        {"elephants": ["a4", "c1", "b2"]})

    add("sideways-choice", "Blocked by a cow: sideways, to the side the player chooses",
        "Quando sei obbligato a muovere lateralmente, puoi scegliere di andare\na sinistra o a destra",
        arranged(OPEN, ["b2", "a1", "c1"], ["g3", "g1", "rat", "cow", "snake", "prayer"], cows=("b4",)),
        [(Play("g3"), (R + "turn/choice",), None),
         (Move(("f", "f", "f")), (R + "move/no-cross", R + "move/cow-obstacle"), R + "move/all-points"),
         (Move(("f", "l", "f")), (R + "move/sideways", R + "move/no-diagonal"), None)],
        "Forward to b3, the cow on b4 blocks, the player chooses left to a3, then forward to a4.",
        {"elephants": ["a4", "a1", "c1"], "cows": ["b4"]},
        "Right (c3, then c4) was open too: the side is the player's choice.")

    add("push-line", "Moving forward pushes the whole line ahead",
        "Quando muovi in avanti, il tuo Elefante spinge tutti gli altri Elefanti",
        arranged(OPEN, ["b1", "b2", "b3"], ["g2", "g1", "rat", "cow", "snake", "prayer"]),
        [(Play("g2"), (R + "turn/choice",), None),
         (Move(("f", "f")), (R + "move/push",), None)],
        "Player 1 moves b1 to b3 and pushes the line of two elephants ahead by two: b4 and b5.",
        {"elephants": ["b3", "b4", "b5"]})

    bridge = ("SSS", "SSS", "...", "...", "#=.", "#=.", "...", "o..")
    add("bridge-stop", "No elephant is pushed onto a bridge",
        "Un Elefante non può essere spinto in una Casella Ponte o in una casella Fiume.",
        arranged(bridge, ["b2", "b4", "c1"], ["g2", "g1", "rat", "cow", "snake", "prayer"]),
        [(Play("g2"), (R + "turn/choice",), None),
         (Move(("f", "f")), (R + "board/bridge",), R + "move/all-points"),
         (Move(("f", "l")), (R + "board/bridge", R + "move/sideways"), None)],
        "Player 2's elephant on b4 cannot be pushed onto the bridge on b5: it is an obstacle like a cow, so "
        "player 1 goes to b3, then sideways to a3.",
        {"elephants": ["a3", "b4", "c1"]})

    add("charge-bridge", "Charge! pushes onto the bridge",
        "Un Elefante che si ferma a causa del Ponte o del Fiume può essere spinto sul Ponte o sul Fiume",
        arranged(bridge, ["b3", "b4", "c1"], ["charge", "g2", "rat", "cow", "snake", "prayer"]),
        [(PlayPair("charge", "g2"), (R + "turn/pair-order", R + "card/charge"), None),
         (Move(("f", "f")), (R + "card/charge", R + "board/bridge"), None)],
        "With Charge!, player 1 pushes player 2 two spaces, onto the bridge: b5 and b6.",
        {"elephants": ["b5", "b6", "c1"]})

    add("carpet", "A Flying Carpet that cannot land, and one that can",
        "la casella di atterraggio deve essere libera da pedine",
        arranged(OPEN, ["b1", "b2", "c4"], ["carpet", "g2", "g3", "rat", "cow", "snake"], cows=("b3",)),
        [(PlayPair("carpet", "g2"), (R + "card/carpet",), R + "card/carpet"),
         (PlayPair("carpet", "g3"), (R + "card/carpet", R + "turn/pair-order"), None),
         (Move(("fly",)), (R + "card/carpet",), None)],
        "Two spaces ahead (b3) holds a cow, so the carpet cannot be played with the green 2; with the green 3 "
        "player 1 flies over the elephant and the cow to b4.",
        {"elephants": ["b4", "b2", "c4"], "cows": ["b3"]})

    add("mango", "Mango Juice: diagonally forward into free spaces",
        "oppure di muovere in avanti in direzione\ndiagonale all’interno di caselle libere",
        arranged(OPEN, ["b1", "b2", "a2"], ["mango", "g2", "rat", "cow", "snake", "prayer"]),
        [(PlayPair("mango", "g2"), (R + "card/mango",), None),
         (Move(("dl", "f")), (R + "card/mango", R + "move/no-diagonal"), R + "move/all-points"),
         (Move(("dr", "f")), (R + "card/mango",), None)],
        "a2 is taken, so no diagonal to the left; player 1 goes diagonally right to c2 (no push), then forward "
        "to c3; player 2 on b2 is not pushed.",
        {"elephants": ["c3", "b2", "a2"]})

    rat_rows = ("SSS", "SSS", "#..", "...", "o..", "...", "...", "..o")
    add("rat-scare", "The Rat scares an elephant at the end of its lane",
        "Se l’intero ammontare dei movimenti all’indietro è bloccato dal termine di una linea",
        arranged(rat_rows, ["c2", "a4", "c1"], ["rat", "g1", "g2", "cow", "snake", "prayer"], rat="a5"),
        [(Play("rat"), (R + "card/rat",), None),
         (RatTo(parse_cell("a4")), (R + "card/rat", R + "card/rat-scare", R + "move/no-back"), None)],  # type: ignore[arg-type]
        "The Rat enters a4 from its hole on a5 and scares player 2: behind a4 there is no space (the lane ends), "
        "so the elephant goes sideways to b4, then back three spaces to b1; the Rat returns to the nearest "
        "hole, a5.",
        {"elephants": ["c2", "b1", "c1"], "rat": "a5"})

    add("sacred-cow", "Sacred Cow: up to eight cow moves, stopping when you like",
        "Non sei obbligato ad utilizzare tutti gli 8 movimenti.",
        arranged(OPEN, ["a1", "b1", "c1"], ["cow", "g1", "g2", "rat", "snake", "prayer"], cows=("b4",)),
        [(Play("cow"), (R + "card/cow",), None),
         (CowStep(parse_cell("b4"), "back"), (R + "card/cow",), None),  # type: ignore[arg-type]
         (CowStep(parse_cell("b3"), "left"), (R + "card/cow",), None),  # type: ignore[arg-type]
         (StopCows(), (R + "card/cow",), None)],
        "The cow goes b4 to b3 to a3 (two of the eight moves), then player 1 stops; a second card may follow.",
        {"cows": ["a3"], "decision": "second"})

    three = [["g1", "g2", "rat", "cow", "snake", "prayer"], ["tiger", "g1", "g2", "rat", "cow", "snake"]]
    add("tiger-monkey", "The Tiger cancels a Monkey",
        "La carta cancellata è considerata a tutti gli effetti come una carta regolarmente\ngiocata",
        arranged(OPEN, ["a1", "b1", "c1"], ["monkey", "rat", "cow", "snake", "prayer", "prayer"], others=three),
        [(Play("monkey"), (R + "card/monkey", R + "tiger/window"), None),
         (Allow(), (R + "tiger/window",), None),
         (Cancel("monkey"), (R + "tiger/cancel",), None)],
        "Player 2 (no Tiger) lets it resolve; player 3 cancels the Monkey with a Tiger. The Monkey counts as "
        "played, steals nothing, and player 1, holding no green, ends the turn and draws back to six.",
        {"hand_sizes": [6, 6, 5], "discard_size": 2, "current_player": 1, "decision": "turn"})

    add("cobra-draw", "A Cobra costs a discard at every draw",
        "Se peschi delle carte, scarta una carta a scelta per ogni disco Cobra che hai di fronte",
        arranged(OPEN, ["a1", "b1", "c1"], ["snake", "g1", "rat", "cow", "prayer", "prayer"]),
        [(Play("snake"), (R + "card/snake",), None),
         (Give(None, 1), (R + "card/snake",), None),
         (EndTurn(), (R + "draw/up-to-six",), None),
         (Discard(("g1", "g2")), (R + "turn/discard-any", R + "draw/up-to-six", R + "draw/cobra"), None),
         (Discard(("g1",)), (R + "draw/cobra",), None)],
        "Player 1 gives a Cobra to player 2 and draws back to six. Player 2 discards two cards as a turn, draws "
        "two, then discards one for the Cobra: five cards.",
        {"cobras": [0, 1, 0], "hand_sizes": [6, 5, 6], "current_player": 2})

    banana = ("SSS", "SSS", "...", "B..", "...", "...", "...", "o..")
    add("banana", "Ending a move on a banana tree",
        "pesca subito tante carte quante te ne servono per arrivare ad avere nove carte in\nmano",
        arranged(banana, ["a2", "b1", "c1"], ["g2", "g1", "rat", "cow", "snake", "prayer"], cobras=(1, 0, 0)),
        [(Play("g2"), (R + "turn/choice",), None),
         (Move(("f", "f")), (R + "board/banana",), None),
         (Discard(("cow",)), (R + "draw/cobra",), None),
         (EndTurn(), (R + "draw/up-to-six",), None)],
        "Player 1 ends on the banana tree at a4 and draws up to nine, then discards one for the Cobra: eight "
        "cards, so no draw at the end of the turn.",
        {"elephants": ["a4", "b1", "c1"], "hand_sizes": [8, 6, 6]})

    short_track = ("SSS", "SSS", "...", "o..")
    add("pushed-across", "Pushed across the red line: the pushed elephant wins",
        "o che è stato spinto\noltre la linea rossa",
        arranged(short_track, ["b3", "b4", "c1"], ["g1", "g2", "rat", "cow", "snake", "prayer"],
                 cows=("a4",)),
        [(Play("g1"), (R + "turn/choice",), None),
         (Move(("f",)), (R + "win/line", R + "move/push"), None)],
        "Player 1 pushes player 2 across the red line: player 2 has completed the lap and wins.",
        {"winner": 1, "over": True})
    add("monkey-green", "The Monkey steals a green card, played at once",
        "Se rubi una carta verde e non hai ancora giocato una carta verde durante il turno in corso, puoi\ngiocare "
        "subito la carta verde che hai appena rubato.",
        arranged(OPEN, ["a1", "b1", "c1"], ["monkey", "rat", "cow", "snake", "prayer", "mango"],
                 others=[["g1"] * 6]),
        [(Play("monkey"), (R + "card/monkey",), None),
         (Steal(1), (R + "card/monkey",), None),
         (Play("g1"), (R + "card/monkey", R + "turn/pair-order"), None),
         (Move(("f",)), (R + "move/points",), None)],
        "Player 2 holds only green 1s, so both stolen cards are green; no green has been played this turn, so "
        "player 1 plays one at once and moves a1 to a2. Six cards left: no draw.",
        {"hand_sizes": [6, 4, 6], "elephants": ["a2", "b1", "c1"], "current_player": 1})

    add("prayer", "The Prayer takes a card from the discards",
        "puoi esaminare il mazzo degli scarti e prendere una carta a tua\nscelta, aggiungendola alla tua mano.",
        arranged(OPEN, ["b1", "a1", "c1"], ["prayer", "rat", "cow", "snake", "monkey", "mango"],
                 discard=("g1", "g4", "p6")),
        [(Play("prayer"), (R + "card/prayer",), None),
         (Take("g4"), (R + "card/prayer",), None),
         (Play("g4"), (R + "card/prayer", R + "turn/pair-order"), None),
         (Move(("f", "f", "f", "f")), (R + "move/points",), None)],
        "Player 1 looks through the discards, takes the green 4 and, having played no green yet, plays it: b1 "
        "to b5.",
        {"elephants": ["b5", "a1", "c1"], "discard_top": "g4"})

    add("tiger-yellow", "The Tiger in one's own turn drops one's Cobras",
        "Quando la giochi durante il tuo turno, la carta Tigre ti permette di scartare tutti i dischi Cobra",
        arranged(OPEN, ["a1", "b1", "c1"], ["tiger", "rat", "cow", "snake", "prayer", "monkey"],
                 cobras=(2, 1, 0)),
        [(Play("tiger"), (R + "card/tiger-yellow", R + "draw/up-to-six", R + "draw/cobra"), None)],
        "Player 1 drops both Cobras, so drawing back to six at the end of the turn costs no discard.",
        {"cobras": [0, 1, 0], "hand_sizes": [6, 6, 6], "current_player": 1})

    race = ("SSS.", "SSS.", "....", ".C..", "B...", "o...")
    hands = [["g3", "g1", "cow", "rat", "snake", "prayer"], ["g2", "mango", "cow", "rat", "snake", "monkey"],
             ["g4", "charge", "cow", "rat", "snake", "monkey"]]
    add("race", "A four-player race on a short practice track",
        "Il primo Elefante che riesce a completare un giro oltrepassando la linea rossa del traguardo",
        arranged(race, ["a1", "b1", "c1", "c2"], ["g2", "g1", "rat", "cow", "snake", "prayer"], others=hands),
        [(Play("g2"), (R + "turn/choice",), None),
         (Move(("f", "f")), (R + "move/points",), None),
         (EndTurn(), (R + "draw/up-to-six",), None),
         (Play("g3"), (R + "turn/choice",), None),
         (Move(("f", "f", "r")), (R + "move/cow-obstacle", R + "move/sideways"), None),
         (EndTurn(), (R + "draw/up-to-six",), None),
         (PlayPair("mango", "g2"), (R + "card/mango",), None),
         (Move(("dr", "f")), (R + "card/mango",), None),
         (PlayPair("charge", "g4"), (R + "card/charge",), None),
         (Move(("f", "f", "f", "f")), (R + "card/charge", R + "move/push", R + "win/line"), None)],
        "Player 1 runs a1 to a3. Player 2 runs b1 to b3, where the cow on b4 blocks; left is closed (player 1 "
        "on a3 cannot be pushed off the track), so right to c3. Player 3 drinks Mango Juice: diagonally to d2 "
        "and on to d3. Player 4 charges from c2 with a green 4, pushing player 2 ahead of it, c4, c5, c6 and "
        "across the red line: player 2, pushed over the line, wins the race.",
        {"winner": 1, "over": True, "elephants": ["a3", "finish", "d3", "c6"]})
    return ex


__all__ = ["build_examples", "arranged"]
