"""Worked examples of Kamikaze Attack, replayed through the engine.

Every cell of the base duel table, one example per expansion power, the
multi-player duel order, the double Kamikaze, both kinds of stalemate and a
full two-player game narrated duel by duel.  Each example states its outcome
in ``expected`` (pairs read by :func:`observe`); the tests replay the steps
and check them.

>>> from tutor.games import kamikaze as k
>>> exs = build_examples(k.GAME)
>>> len([e for e in exs if e.id.startswith("cell/")])
16
>>> observe(exs[0].final, "scores")
(1, 1)
"""

from __future__ import annotations

from typing import Any

from tutor.core import Example, IllegalAction, Quote, Step

from .actions import parse
from .cards import NAMES, RULE_MOST, R, card_rule, sort_cards
from .duels import scores, winners
from .engine import apply, explain, is_over, new_game
from .scenario import scenario
from .state import State


def _name(p: int) -> str:
    return f"Player {p + 1}"

# Where each card goes in a duel of the base game, transcribed by hand from the
# rulebook (003, "Svolgimento" and "Ecco le abilità delle carte"), never computed
# by the engine: (player 1's card, player 2's card) -> (where player 1's card
# goes, where player 2's card goes, who wins, random discards into (player 1's
# graveyard, player 2's)).  "hand": back to its player's hand; "own": its
# player's graveyard; "opponent": the other player's graveyard.  Who wins: "a"
# player 1, "b" player 2, "both" (both die), "retreat".  The sentences:
#   W "La carta che perde lo scontro viene scartata nel “cimitero” di chi l’ha
#      sconfitta; quella che vince torna in mano a chi l’ha giocata."
#   T "La carta che “batte in ritirata” torna in mano a chi l’ha giocata."
#   S "Spadaccino: vince contro l’Arciere e un altro Spadaccino (muoiono
#      entrambi), batte in ritirata con lo Scudiero."
#   H "Scudiero: non vince mai, batte in ritirata con lo Spadaccino e un altro Scudiero."
#   A "Arciere: vince contro lo Scudiero e un altro Arciere (muoiono entrambi),
#      non batte mai in ritirata."
#   K "Kamikaze: vince contro tutti e va nel cimitero di chi l’ha giocato. Inoltre
#      il giocatore in difesa deve scartare un’altra carta a caso, e anche questa
#      finisce nello stesso cimitero."
#   D "In caso di doppio Kamikaze, ognuno va nel cimitero avversario, e ogni
#      giocatore scarta una carta a caso nel cimitero avversario."
RULEBOOK_DUELS: dict[tuple[str, str], tuple[str, str, str, tuple[int, int]]] = {
    ("swordsman", "swordsman"): ("opponent", "opponent", "both", (0, 0)),      # S, W
    ("swordsman", "shieldbearer"): ("hand", "hand", "retreat", (0, 0)),        # S, T
    ("swordsman", "archer"): ("hand", "opponent", "a", (0, 0)),                # S, W
    ("swordsman", "kamikaze"): ("opponent", "own", "b", (0, 1)),               # K, W
    ("shieldbearer", "swordsman"): ("hand", "hand", "retreat", (0, 0)),        # H, T
    ("shieldbearer", "shieldbearer"): ("hand", "hand", "retreat", (0, 0)),     # H, T
    ("shieldbearer", "archer"): ("opponent", "hand", "b", (0, 0)),             # A, W
    ("shieldbearer", "kamikaze"): ("opponent", "own", "b", (0, 1)),            # K, W
    ("archer", "swordsman"): ("opponent", "hand", "b", (0, 0)),                # S, W
    ("archer", "shieldbearer"): ("hand", "opponent", "a", (0, 0)),             # A, W
    ("archer", "archer"): ("opponent", "opponent", "both", (0, 0)),            # A, W
    ("archer", "kamikaze"): ("opponent", "own", "b", (0, 1)),                  # K, W
    ("kamikaze", "swordsman"): ("own", "opponent", "a", (1, 0)),               # K, W
    ("kamikaze", "shieldbearer"): ("own", "opponent", "a", (1, 0)),            # K, W
    ("kamikaze", "archer"): ("own", "opponent", "a", (1, 0)),                  # K, W
    ("kamikaze", "kamikaze"): ("opponent", "opponent", "both", (1, 1)),        # D
}


def _table_counts(cell: tuple[str, str, str, tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Graveyard and hand sizes after one duel from the opening (six cards each), by the table."""
    fa, fb, _, (into_a, into_b) = cell
    graves = [into_a, into_b]
    hands = [6 - into_b, 6 - into_a]  # a card discarded into a graveyard leaves the other's hand
    for me, fate in ((0, fa), (1, fb)):
        if fate != "hand":
            hands[me] -= 1
            graves[me if fate == "own" else 1 - me] += 1
    return (graves[0], graves[1]), (hands[0], hands[1])


_GAME: list[Any] = []  # the game object build_examples was given (its rules and the bots)


def observe(state: State, key: str) -> Any:
    """A fact about a state, by name, as examples state their outcomes."""
    if key == "scores":
        return tuple(scores(state))
    if key == "hand_sizes":
        return tuple(len(h) for h in state.hands)
    if key == "hands":
        return tuple(tuple(h) for h in state.hands)
    if key == "graveyards":
        return tuple(tuple(sort_cards(g)) for g in state.graveyards)
    if key == "winners":
        return tuple(winners(state))
    if key == "outcome":
        return state.last("outcome")
    if key == "duel_winner":
        return state.last("winner")
    if key == "held":
        return tuple(state.held)
    if key == "field":
        return tuple(state.field)
    if key == "seen":
        return tuple((v, t, tuple(h)) for v, t, h, _ in state.seen)
    if key in ("phase", "end", "active", "current_player", "last_winner"):
        return getattr(state, key)
    raise KeyError(key)


def _quote(rule_id: str) -> Quote:
    return _GAME[0].rules[rule_id].quotes[0]


def _play(start: State, actions: list[str], notes: dict[int, str] | None = None) -> tuple[Step, ...]:
    """Replay action words from ``start``; an action prefixed "!" must be refused."""
    steps = []
    s = start
    notes = notes or {}
    for i, words in enumerate(actions):
        illegal = words.startswith("!")
        action = parse(words.lstrip("!"))
        who = _name(s.mover)
        if illegal:
            try:
                apply(s, action)
            except IllegalAction as exc:
                steps.append(Step(s, s, action, notes.get(i, f"{who} tries to {action}: refused — {exc.message}."),
                                  (exc.rule,), (), exc.rule))
                continue
            raise AssertionError(f"{words!r} should be illegal")
        events = tuple(explain(s, action))
        after = apply(s, action)
        text = notes.get(i, f"{who}: {action}.") + " " + " ".join(e.text for e in events)
        rules = tuple(dict.fromkeys(e.rule for e in events))
        steps.append(Step(s, after, action, text.strip(), rules, events))
        s = after
    return tuple(steps)


def _cells() -> list[Example]:
    out = []
    for (a, b), cell in RULEBOOK_DUELS.items():
        fa, fb, who, discards = cell
        graves, hands = _table_counts(cell)
        start = new_game(2, seed=11)
        steps = _play(start, [f"play the {a}", f"play the {b}"])
        rule = card_rule(a, b)
        out.append(Example(
            id=f"cell/{a}-vs-{b}",
            title=f"{NAMES[a]} against {NAMES[b]}",
            source=_quote(rule),
            ruleset="base",
            start=start,
            steps=steps,
            outcome=steps[-1].events[1].text if len(steps[-1].events) > 1 else steps[-1].narration,
            expected=(("fates", (fa, fb)), ("discards", discards),
                      ("outcome", "win" if who in ("a", "b") else who),
                      ("duel_winner", {"a": 0, "b": 1}.get(who)),
                      ("scores", graves), ("hand_sizes", hands)),
        ))
    return out


def replay_fates(steps: tuple[Step, ...]) -> tuple[str, ...]:
    """Where each duelist's card went in the last duel of a replay, in the order
    the duel names its players, read from what ``apply`` narrated (its events'
    data): "hand", "own", "opponent", "opponent-hand" or "field"."""
    start = next((i for i in range(len(steps) - 1, -1, -1)
                  if any(e.kind == "reveal" for e in steps[i].events)), None)
    if start is None:
        return ()
    events = [e for step in steps[start:] for e in step.events]
    reveal = [i for i, e in enumerate(events) if e.kind == "reveal"][-1]
    players = tuple(events[reveal].get("players"))
    fates: dict[int, str] = {}
    for e in events[reveal + 1:]:
        x = e.get("player")
        if x not in players or x in fates:
            continue
        to = e.get("to")
        if e.kind == "sapper":
            fates[x] = "field"
        elif e.kind == "move" and isinstance(to, str):
            if to == "hand":
                fates[x] = "hand"
            elif to == f"graveyard {x}":
                fates[x] = "own"
            elif to.startswith("graveyard "):
                fates[x] = "opponent"
            elif to.startswith("hand "):
                fates[x] = "opponent-hand"
    return tuple(fates.get(x, "?") for x in players)


def replay_discards(steps: tuple[Step, ...], players: int) -> tuple[int, ...]:
    """How many random discards the last step of a replay put into each graveyard."""
    into = [0] * players
    for e in steps[-1].events if steps else ():
        to = e.get("to")
        if e.kind == "discard" and isinstance(to, str) and to.startswith("graveyard "):
            into[int(to.split()[1])] += 1
    return tuple(into)


def verify(example: Example) -> list[str]:
    """How the replay of ``example`` differs from the outcome it states ([] when it matches).

    "fates" and "discards" are read from what the replay narrated; every other
    key from the final position (see :func:`observe`).
    """
    problems = []
    for key, want in example.expected:
        if key == "fates":
            got: Any = replay_fates(example.steps)
        elif key == "discards":
            got = replay_discards(example.steps, example.start.players)
        else:
            got = observe(example.final, key)
        if got != want:
            problems.append(f"{key}: got {got!r}, the rulebook says {want!r}")
    return problems


def _powers() -> list[Example]:
    out = []

    # Librarian
    start = new_game(2, seed=5, ruleset="expansion", decks=["base", "ora-et-pugna"])
    out.append(Example(
        "power/librarian", "The Librarian beats an Archer and reads a hand", _quote(R + "power/librarian"),
        "expansion", start, _play(start, ["play the Archer", "play the Librarian"]),
        "The Librarian wins like a Swordsman; player 2 now knows player 1's five remaining cards.",
        (("scores", (0, 1)),
         ("seen", ((1, 0, ("swordsman", "swordsman", "shieldbearer", "shieldbearer", "kamikaze")),))),
    ))
    # Cleric
    start = scenario(
        [["swordsman", "shieldbearer", "shieldbearer", "archer", "kamikaze"],
         ["librarian", "cleric", "cleric", "archer", "kamikaze"]],
        [["librarian"], ["swordsman"]], decks=["base", "ora-et-pugna"])
    out.append(Example(
        "power/cleric", "The Cleric retreats and takes a Librarian back", _quote(R + "power/cleric"),
        "expansion", start,
        _play(start, ["play the Swordsman", "play the Cleric", "!take back the Swordsman", "take back the Librarian"]),
        "Swordsman and Cleric retreat; player 2 takes the Librarian back from player 1's graveyard.",
        (("scores", (0, 1)), ("hand_sizes", (5, 6)), ("graveyards", ((), ("swordsman",)))),
    ))
    # Familiar
    start = new_game(2, seed=5, ruleset="expansion", decks=["base", "tecnobarbari"])
    out.append(Example(
        "power/familiar", "The Familiar is swapped for a Sapper", _quote(R + "power/familiar"),
        "expansion", start,
        _play(start, ["play the Swordsman", "play the Familiar", "!swap the Familiar for the Kamikaze",
                      "swap the Familiar for the Sapper"]),
        "Seeing the Swordsman, player 2 swaps the Familiar for a Sapper: the Familiar goes to player 2's own "
        "graveyard and the Sapper retreats.",
        (("scores", (0, 1)), ("hand_sizes", (6, 5)), ("outcome", "retreat")),
    ))
    # Sapper
    start = new_game(2, seed=5, ruleset="expansion", decks=["base", "tecnobarbari"])
    out.append(Example(
        "power/sapper", "The Sapper stays on the field until beaten twice", _quote(R + "power/sapper"),
        "expansion", start,
        _play(start, ["play the Archer", "play the Sapper", "play the Shieldbearer", "play the Archer"],
              {2: "Player 2 is blocked by the Sapper, so only player 1 chooses a card."}),
        "Beaten once, the Sapper stays and blocks player 2; it survives a retreat; beaten again by the Archer "
        "it goes to player 1's graveyard.",
        (("scores", (1, 0)), ("hand_sizes", (6, 5)), ("held", (False, False)), ("field", (None, None))),
    ))
    # Paladin
    start = new_game(2, seed=5, ruleset="expansion", decks=["base", "note-della-giustizia"])
    out.append(Example(
        "power/paladin", "A beaten Paladin goes to its own graveyard", _quote(R + "power/paladin"),
        "expansion", start, _play(start, ["play the Swordsman", "play the Paladin"]),
        "Swordsman and Paladin fall together: the Swordsman into player 2's graveyard as usual, and the Paladin "
        "into player 2's own graveyard too.",
        (("scores", (0, 2)), ("graveyards", ((), ("swordsman", "paladin")))),
    ))
    # Bard
    start = new_game(2, seed=5, ruleset="expansion", decks=["base", "note-della-giustizia"])
    out.append(Example(
        "power/bard", "The Archer that beats a Bard changes sides", _quote(R + "power/bard"),
        "expansion", start, _play(start, ["play the Archer", "play the Bard"]),
        "The Archer beats the Bard, which goes to player 1's graveyard; the Archer joins player 2's hand.",
        (("scores", (1, 0)), ("hand_sizes", (5, 6)),
         ("hands", (("swordsman", "swordsman", "shieldbearer", "shieldbearer", "kamikaze"),
                    ("archer", "archer", "kamikaze", "paladin", "paladin", "bard")))),
    ))
    # Multi-player duel order
    start = new_game(3, seed=5)
    out.append(Example(
        "multi/duel-order", "Three players: challenge, retreat, loser plays next",
        _quote(R + "multi/retreat-same-player"),
        "expansion", start,
        _play(start, ["challenge player 3", "play the Shieldbearer", "play the Librarian",
                      "challenge player 2", "play the Archer", "play the Shieldbearer"]),
        "After the retreat player 1 goes on and changes opponent; player 2 loses the next duel and chooses next.",
        (("scores", (1, 0, 0)), ("active", 1), ("phase", "challenge"), ("current_player", 1)),
    ))
    return out


def _specials() -> list[Example]:

    out = []
    start = new_game(2, seed=2)
    out.append(Example(
        "duel/double-kamikaze", "Double Kamikaze", _quote(R + "duel/double-kamikaze"), "base", start,
        _play(start, ["play the Kamikaze", "play the Kamikaze"]),
        "Each Kamikaze goes to the other player's graveyard and each player loses a random card to the other's.",
        (("scores", (2, 2)), ("hand_sizes", (4, 4)), ("outcome", "both"), ("last_winner", None)),
    ))
    start = scenario(
        [["archer", "shieldbearer"], ["swordsman", "shieldbearer"]],
        [["swordsman", "shieldbearer", "archer", "kamikaze"], ["swordsman", "swordsman", "shieldbearer", "kamikaze"]])
    out.append(Example(
        "end/stalemate", "Stalemate: the cards left cannot defeat each other", _quote(R + "end/stalemate"), "base",
        start, _play(start, ["play the Archer", "play the Swordsman"]),
        "The Swordsman beats the Archer; a lone Shieldbearer against Swordsman and Shieldbearer can only "
        "retreat, so the game ends at once and player 2 wins 5 to 4.",
        (("phase", "over"), ("end", "stalemate"), ("scores", (4, 5)), ("winners", (1,)), ("hand_sizes", (1, 2))),
    ))
    start = scenario(
        [["shieldbearer", "archer"], ["swordsman", "shieldbearer"]],
        [["swordsman", "swordsman", "shieldbearer", "archer", "kamikaze"], ["swordsman", "shieldbearer", "kamikaze"]])
    out.append(Example(
        "end/stalemate-refusal", "Stalemate: a player will not play another card", _quote(R + "end/stalemate-refusal"),
        "base", start,
        _play(start, ["play the Shieldbearer", "play the Swordsman", "play the Shieldbearer", "play the Shieldbearer",
                      "end the game in stalemate"],
              {0: "Player 1 leads 5 to 3 and will not risk the Archer against a Swordsman: "
                  "Player 1 plays the Shieldbearer.",
               2: "Player 1 plays the Shieldbearer again.",
               4: "Player 1 will not play anything else: Player 1 ends the game in stalemate."}),
        "Player 1 plays the Shieldbearer twice from the same position, nothing player 2 holds (Swordsman, "
        "Shieldbearer) can defeat it, and player 1 chooses to end the game: stalemate, the cards stay in hand "
        "and player 1 wins 5 to 3.",
        (("phase", "over"), ("end", "repetition"), ("winners", (0,)), ("scores", (5, 3)), ("hand_sizes", (2, 2))),
    ))
    return out


def _full_game() -> Example:
    from tutor import bots

    start = new_game(2, seed=4)
    seats = [bots.get("coach"), bots.get("greedy")]
    s = start
    words = []
    while not is_over(s):
        a = seats[s.mover].choose(_GAME[0], s)
        words.append(str(a))
        s = apply(s, a)
    steps = _play(start, words)
    return Example(
        "game/full", "A whole two-player game, coach against greedy", _quote(RULE_MOST), "base", start, steps,
        f"Game over after {s.duels} duels ({s.end}): graveyards {scores(s)[0]}-{scores(s)[1]}; "
        + ("winner: player " + str(winners(s)[0] + 1) if len(winners(s)) == 1 else "a true tie") + ".",
        (("phase", "over"), ("scores", tuple(scores(s))), ("winners", tuple(winners(s)))),
        note="Player 1 follows the coach's equilibrium mix; player 2 the greedy bot. Replayed from the seed.",
    )


def build_examples(game: Any) -> list[Example]:
    _GAME[:] = [game]
    return _cells() + _specials() + _powers() + [_full_game()]
