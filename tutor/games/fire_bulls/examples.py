"""The rulebooks' worked examples, replayed through the Fire Bulls engine.

Each example starts from a scenario built with :func:`fire_bulls.arrange`,
applies its actions through ``apply`` and must reach the outcome its rulebook
states (``Example.expected``; :func:`verify` compares).

>>> from tutor import games
>>> ex = {e.id: e for e in games.get("fire-bulls").examples()}
>>> games.get("fire-bulls").scores(ex["it-scoring"].final)[0]
23
"""

from __future__ import annotations

from typing import Any

from tutor.core import Example, IllegalAction, Quote, Step
from tutor.games.fire_bulls.actions import Action
from tutor.games.fire_bulls.cards import NAMES, TEXT, card_name, face_value, rid
from tutor.games.fire_bulls.words import message
from tutor.games.fire_bulls.scenario import arrange
from tutor.games.fire_bulls.state import State

IT = "000_a458e329692643ba.txt"
FR = "001_5e70fcb92d62facb.txt"


class _Script:
    """Records the steps of an example as it is played."""

    def __init__(self, game: Any, start: State):
        self.game = game
        self.start = start
        self.state = start
        self.steps: list[Step] = []

    def do(self, action: Action, narration: str, rules: tuple[str, ...] = ()) -> _Script:
        before = self.state
        after, events = self.game.apply_explained(before, action)
        cited = tuple(dict.fromkeys(rules + tuple(e.rule for e in events)))
        self.steps.append(Step(before, after, action, narration, cited, tuple(events)))
        self.state = after
        return self

    def refuse(self, action: Action, narration: str) -> _Script:
        try:
            self.game.apply(self.state, action)
        except IllegalAction as exc:
            self.steps.append(
                Step(self.state, self.state, action, f"{narration} Refused: {exc.message}.", (exc.rule,),
                     illegal=exc.rule)
            )
            return self
        raise AssertionError(f"example expected {action} to be refused")

    def say(self, narration: str, rules: tuple[str, ...] = ()) -> _Script:
        self.steps.append(Step(self.state, self.state, None, narration, rules))
        return self


def _example(id, title, source, ruleset, script: _Script, outcome, expected, note="") -> Example:
    return Example(
        id=id, title=title, source=source, ruleset=ruleset, start=script.start, steps=tuple(script.steps),
        outcome=outcome, expected=tuple(expected.items()), note=note,
    )


# ------------------------------------------------------------------ scoring


_GONG = ["colonel", "bo", "bo", "wu:green", "wu:red", "palisade", "palisade",
         "soldier:yellow", "soldier:green", "soldier:red", "soldier:blue"]


def _scoring(game, ruleset: str) -> Example:
    it = ruleset == "it"
    name = "Gong" if it else "Yellow"
    start = arrange(
        2, ruleset=ruleset, seed=3, colours=("yellow", "blue"), pawns=(3, 1),
        won={0: _GONG, 1: ["xi:blue" if it else "xi:white", "soldier:blue", "palisade"]},
        hands={0: ["green", "red"], 1: ["blue", "blue", "warrior"]},
        deck_size=0, exhaustions=2,
    )
    s = _Script(game, start)
    s.say(f"{name} (yellow pawn) has won a Colonel, two Bo, two Wu, two palisades and four soldiers. "
          "The Qi deck has already run out twice and is empty again.",
          (rid("attack/victory-pile"),))
    s.do(Action.draw(), f"{name} draws from the deck: it has run out for the third time, so nothing is "
         "reshuffled and the game ends at the end of this turn.", (rid("end/escape"),))
    b = game.score_breakdown(s.state)[0]
    s.say(f"The Yen army escapes: {name} loses the card with the highest face value, the "
          f"{card_name(b.removed)} ({face_value(b.removed)} points).", (rid("score/escape-penalty"),))
    faces = "+".join(str(face_value(c)) for c in sorted(b.cards, key=face_value, reverse=True)
                     if face_value(c))
    s.say(f"Face values of the cards left: {faces} = {b.face} points (palisades are worth 0).",
          (rid("score/face"),))
    s.say(f"Cards with a yellow symbol earn 1 bonus point each: "
          f"{', '.join(card_name(c) for c in b.bonus_cards)} = {b.bonus} points. "
          "The Wu cards and palisades show no yellow; white symbols never earn the bonus.",
          (rid("score/bonus"), rid("score/white-no-bonus")))
    s.say(f"{name}'s final score: {b.face} + {b.bonus} = {b.total}.", (rid("score/bonus"),))
    if it:
        return _example(
            "it-scoring", "Scoring: Gong, yellow, 23 points", Quote(IT, "it",
            "Gong somma le sue carte rimaste $6+6+2+2+1+1+1+1=20$ punti."), "it", s,
            "Gong loses the Colonel (8; the Italian rulebook calls it the Vice-General), scores "
            "6+6+2+2+1+1+1+1 = 20, plus 3 bonus points (2 Bo and 1 soldier are yellow): 23.",
            {"score": (0, 23), "removed": (0, "colonel"), "face": (0, 20), "bonus": (0, 3), "end": "escaped"})
    return _example(
        "fr-9", "Example 9: scoring the yellow player", Quote(FR, "fr",
        "Au total, il marquera donc un score final de 23 points."), "fr", s,
        "Yellow removes the Colonel, scores 6+6+2+2+1+1+1+1 = 20, plus 3 points for the two Bo and the "
        "yellow soldier: 23.",
        {"score": (0, 23), "removed": (0, "colonel"), "face": (0, 20), "bonus": (0, 3), "end": "escaped"})


# ------------------------------------------------------------------ pawns


_FIG2: dict[str, Any] = {"colours": ("yellow", "blue", "green", "brown"), "pawns": (2, 3, 4, 5)}


def _ex1(game) -> Example:
    start = arrange(4, ruleset="fr", seed=11, current=0, **_FIG2)
    s = _Script(game, start)
    s.say("Yellow's pawn stands on direction 2, Blue's on 3, Green's on 4 and Brown's on 5.",
          (rid("setup/pawns"),))
    s.do(Action.draw(3), "Yellow draws from the deck and moves the pawn one step right, to direction 3, "
         "where Blue's pawn stands: the two pawns swap.", (rid("pawn/move"), rid("pawn/swap")))
    return _example(
        "fr-1", "Example 1: moving a pawn swaps it with the pawn already there", Quote(FR, "fr",
        "il permute alors son pion avec celui du joueur Bleu : Bleu passe sur la direction n°2, et Jaune passe "
        "sur la direction n°3."), "fr", s,
        "Blue goes to direction 2 and Yellow to direction 3.", {"pawns": (3, 2, 4, 5)})


def _ex2(game) -> Example:
    start = arrange(4, ruleset="fr", seed=12, current=3, **_FIG2)
    s = _Script(game, start)
    s.say("Brown's pawn stands on the right-hand diagonal, direction 5.", (rid("pawn/diagonal"),))
    s.refuse(Action.draw(3), "Brown tries to move the pawn to direction 3.")
    s.do(Action.draw(4), "Brown draws from the deck and moves the pawn to direction 4, the nearest column, "
         "swapping with Green.", (rid("pawn/diagonal"), rid("pawn/swap")))
    return _example(
        "fr-2", "Example 2: a pawn on a diagonal only moves inward", Quote(FR, "fr",
        "Il ne pourra être bougé que sur la Direction n°4, et permutera alors avec le pion Vert."), "fr", s,
        "Brown can only go to direction 4, and swaps with Green.",
        {"pawns": (2, 3, 5, 4), "moves_from_5": (4,)})


# ------------------------------------------------------------------ paying


def _ex3(game) -> Example:
    start = arrange(
        2, ruleset="fr", seed=13, colours=("blue", "red"), pawns=(2, 4),
        rows={"G": "palisade", "D": "soldier:red", "A": "wu:blue"},
        won={0: ["soldier:green"]}, hands={0: ["green", "red", "blue", "blue", "warrior", "warrior"]},
    )
    s = _Script(game, start)
    s.say("Card A, a Wu, shows two blue symbols. Blue's pawn faces direction 2 (G, D, A): "
          "A can only be reached after G and D.", (rid("attack/order"), rid("cards/wu", "fr")))
    s.do(Action.attack(2, ["green"], "palisade"), "Blue attacks directly from direction 2 and takes the "
         "palisade in G with a green bull (a white symbol takes any colour).", (rid("pay/white"),))
    s.do(Action.pay(["red"], "soldier:red"), "Blue goes on: the red soldier in D is paid with a red bull.")
    s.say("For A the rulebook offers three ways: two blue bulls, a blue bull and a Warrior, or two Warriors.",
          (rid("pay/warrior"),))
    s.do(Action.pay(["blue", "warrior"], "wu:blue"), "Blue pays A with a blue bull and a Warrior; at the end of "
         "the turn the Warrior costs the soldier won in an earlier turn.", (rid("warrior/penalty", "fr"),))
    return _example(
        "fr-3", "Example 3: paying two blue symbols", Quote(FR, "fr",
        "Le Joueur Actif peut jouer deux cartes Taureau bleus, une carte Taureau bleu et une carte Guerrier, ou "
        "deux cartes Guerrier pour prendre cette carte « A » (les cartes Guerrier remplaçant les cartes Taureau "
        "bleu)."), "fr", s,
        "A can be taken with blue+blue, blue+Warrior or Warrior+Warrior.",
        {"payments": (3, (("blue", "blue"), ("blue", "warrior"), ("warrior", "warrior"))),
         "won": (0, ("palisade", "soldier:red", "wu:blue")), "removed_contains": "soldier:green"})


def _ex4(game) -> Example:
    start = arrange(
        2, ruleset="fr", seed=14, colours=("red", "blue"), pawns=(4, 2),
        rows={"I": "palisade", "F": "palisade", "C": "xi:white"},
        hands={0: ["green", "green", "green", "yellow", "yellow", "warrior", "brown", "brown"]},
    )
    s = _Script(game, start)
    s.say("Card C, a Xi, shows three white symbols: any colour may pay, but all three must be the same colour.",
          (rid("cards/xi", "fr"), rid("pay/white-same-colour")))
    s.do(Action.attack(4, ["brown"], "palisade"), "Red attacks from direction 4 and takes the palisade in I "
         "with a brown bull.")
    s.do(Action.pay(["brown"], "palisade"), "Red goes on and takes the palisade in F with the other brown bull.")
    s.say("Now C: three green bulls would do, and so would two yellow bulls and a Warrior.",
          (rid("pay/white-same-colour"),))
    s.refuse(Action.pay(["yellow", "green", "warrior"], "xi:white"),
             "Red tries to mix colours, like the rulebook's yellow, red and blue bulls.")
    s.do(Action.pay(["yellow", "yellow", "warrior"], "xi:white"), "Red pays with two yellow bulls and a Warrior.",
         (rid("pay/warrior"),))
    return _example(
        "fr-4", "Example 4: several white symbols take one colour", Quote(FR, "fr",
        "Cela signifie que cette carte peut être prise avec 3 Taureaux verts, ou 2 Taureaux jaunes et 1 Guerrier, "
        "mais pas avec un Taureau jaune, un Taureau rouge et un Taureau bleu."), "fr", s,
        "C can be taken with 3 green bulls, or 2 yellow bulls and a Warrior, but not with mixed colours.",
        {"payments_include": (4, (("green", "green", "green"), ("yellow", "yellow", "warrior"))),
         "won": (0, ("palisade", "palisade", "xi:white")), "refused": (4, "fire-bulls/pay/white-same-colour")})


# ------------------------------------------------------------------ attacks


_FIG4: dict[str, Any] = {"colours": ("red", "yellow", "blue", "green", "brown"), "pawns": (1, 2, 3, 4, 5)}


def _ex5(game) -> Example:
    start = arrange(
        5, ruleset="fr", seed=15, current=0, **_FIG4,
        rows={"G": "soldier:red", "E": "palisade", "C": "wu:red"},
        hands={0: ["red", "red", "red", "blue", "warrior"]},
    )
    s = _Script(game, start)
    s.say("Red's pawn faces direction 1, the left-hand diagonal: G, then E, then C.", (rid("attack/direct", "fr"),))
    s.do(Action.attack(1, ["red"], "soldier:red"), "Red attacks directly and takes G.")
    s.do(Action.pay(["blue"], "palisade"), "Having won G, Red may attack E, and takes it.",
         (rid("attack/order"),))
    s.do(Action.pay(["red", "red"], "wu:red"), "Having won E, Red may attack C: a direct attack may take three "
         "cards. Each card beyond the first earns a bonus Qi card.", (rid("reward", "fr"),))
    return _example(
        "fr-5", "Example 5: a direct attack takes G, E and C", Quote(FR, "fr",
        "Le pion Rouge qui est face à la direction n°1 pourra attaquer directement la carte « G », puis "
        "successivement, la carte « E », enfin la carte « C » s'il a assez de cartes en main pour réussir."),
        "fr", s, "Red takes G, then E, then C.",
        {"won": (0, ("soldier:red", "palisade", "wu:red")), "bonus_cards_drawn": (0, 2)})


def _ex6(game) -> Example:
    start = arrange(
        5, ruleset="fr", seed=16, current=2, **_FIG4,
        rows={"G": "soldier:blue", "D": "palisade", "A": "soldier:green"},
        hands={2: ["blue", "green", "green", "yellow"]},
    )
    s = _Script(game, start)
    s.say("Blue's pawn faces direction 3. A deviated attack may come from direction 2 (as if in Yellow's place) "
          "or 4 (Green's place), and takes at most 2 cards.", (rid("attack/deviated", "fr"),))
    s.refuse(Action.attack(1, ["blue"]), "Blue tries to attack from direction 1, two steps away.")
    s.do(Action.attack(2, ["blue"], "soldier:blue"), "Blue makes a deviated attack from direction 2 and takes G.")
    s.do(Action.pay(["green"], "palisade"), "Blue takes D: that is the second card, the most a deviated attack "
         "allows, so the attack ends although Blue could pay for A. The pawns did not move.",
         (rid("attack/deviated", "fr"),))
    return _example(
        "fr-6", "Example 6: a deviated attack takes at most 2 cards", Quote(FR, "fr",
        "Dans chaque cas, le joueur bleu ne pourra prendre qu'un maximum de 2 cartes (Cartes « G » et « D » s'il "
        "attaquait depuis la direction n°2 ; cartes « I » et « F » s'il attaquait depuis le direction n°4)."),
        "fr", s, "Blue takes G and D only; no pawn moves.",
        {"won": (2, ("soldier:blue", "palisade")), "pawns": (1, 2, 3, 4, 5)})


def _ex7(game) -> Example:
    start = arrange(
        5, ruleset="fr", seed=17, current=4, **_FIG4,
        rows={"I": "soldier:brown", "H": "soldier:red"},
        hands={4: ["brown", "red", "yellow"]},
    )
    s = _Script(game, start)
    s.say("Brown's pawn is in the corner, direction 5.", (rid("attack/deviated", "fr"),))
    s.refuse(Action.attack(3, ["red"]), "Brown tries a deviated attack from direction 3.")
    s.do(Action.attack(4, ["brown"], "soldier:brown"), "Brown deviates to direction 4, the only neighbour, and "
         "takes I.")
    return _example(
        "fr-7", "Example 7: a corner pawn deviates to one direction only", Quote(FR, "fr",
        "Le pion Marron (face à la direction n°5) qui voudrait effectuer une Attaque déviée ne peut la mener "
        "qu'à partir de la direction n°4."), "fr", s,
        "Brown can only deviate to direction 4.",
        {"directions_for_brown": (4, 5), "refused": (1, "fire-bulls/attack/deviated/fr")})


def _ex8(game) -> Example:
    rows = {"A": "soldier:green", "B": "soldier:yellow", "C": "wu:red", "D": "soldier:blue",
            "E": "palisade", "F": "soldier:brown", "G": "soldier:red", "H": "xi:blue", "I": "bo"}
    start = arrange(
        2, ruleset="it", seed=18, colours=("yellow", "green"), pawns=(2, 4), rows=rows,
        hands={0: ["red", "red", "red", "blue", "green"]},
    )
    s = _Script(game, start)
    s.say("001's figure 5: an attack from direction 1 (the left diagonal G, E, C) that takes 3 cards. 001's own "
          "rule limits a deviated attack to 2 cards, so this is replayed under the Italian rulebook (000), where "
          "any of the 5 directions may take up to 3 cards.",
          (rid("attack/directions", "it"), rid("attack/deviated", "fr")))
    s.do(Action.attack(1, ["red"], "soldier:red"), "Yellow attacks from direction 1 and takes G.")
    s.do(Action.pay(["blue"], "palisade"), "Yellow takes E.")
    s.do(Action.pay(["red", "red"], "wu:red"), "Yellow takes C, the third card. At the end of the turn the "
         "remaining cards slide toward the pawns, then each column is completed from its own pile.",
         (rid("refill/compact"), rid("refill/fill")))
    return _example(
        "fr-8", "Example 8: compacting and refilling after a diagonal attack", Quote(FR, "fr",
        "Les cartes Point restantes sont alors décalées vers le bas, puis chaque Rangée d'Attaque est complétée "
        "avec une carte de la Pile lui correspondant."), "it", s,
        "The remaining cards slide down (A to D, D to G; B to E; F and I stay) and each column gets one new card "
        "from its pile (in A, B and C).",
        {"slots_after": (("G", "soldier:blue"), ("D", "soldier:green"), ("E", "soldier:yellow"),
                         ("H", "xi:blue"), ("F", "soldier:brown"), ("I", "bo")),
         "new_from_piles": ("A", "B", "C")},
        note="001 shows this attack as deviated with 3 cards, which its own rule forbids (at most 2); under the "
             "French ruleset the third card is refused.")


def build(game) -> list[Example]:
    """All ten worked examples, the Italian scoring example first (``game.examples()`` keeps them)."""
    return [
        _scoring(game, "it"), _ex1(game), _ex2(game), _ex3(game), _ex4(game), _ex5(game), _ex6(game),
        _ex7(game), _ex8(game), _scoring(game, "fr"),
    ]


def localized(game, example: Example, lang: str) -> dict:
    """Title, outcome, note and step narrations of an example in ``lang``.

    English is the example as written; Italian and French come from the
    texts data file (English where a translation is missing).  A refused
    step ends with the engine's refusal, rendered in the same language.
    """
    steps_en = [s.narration for s in example.steps]
    if lang == "en":
        return {"title": example.title, "outcome": example.outcome, "note": example.note, "steps": steps_en}
    texts = TEXT["examples"].get(example.id, {})

    def pick(entry: dict, default: str) -> str:
        return entry.get(lang) or default

    steps = []
    refused = NAMES[lang]["refused"]
    for i, step in enumerate(example.steps):
        entry = texts.get("steps", [])[i] if i < len(texts.get("steps", [])) else {}
        if step.illegal:
            base = pick(entry, step.narration.split(" Refused: ")[0])
            try:
                game.apply(step.before, step.action)
                reason = ""
            except IllegalAction as exc:
                reason = message(exc, lang)
            steps.append(f"{base} {refused}: {reason}.")
        else:
            steps.append(pick(entry, step.narration))
    told = {
        "title": pick(texts.get("title", {}), example.title),
        "outcome": pick(texts.get("outcome", {}), example.outcome),
        "note": pick(texts.get("note", {}), example.note) if example.note else "",
        "steps": steps,
    }
    return told


def verify(game, example: Example) -> list[str]:
    """Compare an example's end with the outcome its rulebook states; [] when it matches."""
    problems: list[str] = []
    final = example.final
    exp = dict(example.expected)

    def check(what, got, want):
        if got != want:
            problems.append(f"{what}: got {got!r}, the rulebook says {want!r}")

    if "score" in exp:
        p, want = exp["score"]
        check("score", game.scores(final)[p], want)
    breakdown = game.score_breakdown(final)
    if "removed" in exp:
        p, want = exp["removed"]
        check("card lost to the end penalty", breakdown[p].removed, want)
    if "face" in exp:
        p, want = exp["face"]
        check("face values", breakdown[p].face, want)
    if "bonus" in exp:
        p, want = exp["bonus"]
        check("colour bonus", breakdown[p].bonus, want)
    if "end" in exp:
        check("end of the game", final.end, exp["end"])
    if "pawns" in exp:
        check("pawns", final.pawns, tuple(exp["pawns"]))
    if "won" in exp:
        p, want = exp["won"]
        got = final.won[p][-len(want):] if len(final.won[p]) >= len(want) else final.won[p]
        check("cards won", tuple(got), tuple(want))
    if "removed_contains" in exp and exp["removed_contains"] not in final.removed:
        problems.append(f"{exp['removed_contains']} should have been removed by the Warrior penalty")
    if "payments" in exp or "payments_include" in exp:
        key = "payments" if "payments" in exp else "payments_include"
        idx, want = exp[key]
        st = example.steps[idx].before
        got = {a.payment for a in game.legal_actions(st) if a.kind in ("pay", "attack")}
        if key == "payments":
            check("ways to pay", got, set(want))
        else:
            for pay in want:
                if pay not in got:
                    problems.append(f"paying with {', '.join(pay)} should be possible")
            for pay in got:
                if len(pay) == 3 and len({c for c in pay if c != "warrior"}) > 1:
                    problems.append(f"mixed colours {pay} should not pay")
    if "refused" in exp:
        idx, rule = exp["refused"]
        check("refusing rule", example.steps[idx].illegal, rule)
    if "bonus_cards_drawn" in exp:
        p, want = exp["bonus_cards_drawn"]
        drawn = sum(1 for st in example.steps for e in st.events
                    if e.kind == "draw" and e.rule.startswith("fire-bulls/reward"))
        check("bonus Qi cards drawn", drawn, want)
    if "moves_from_5" in exp:
        st = example.start
        got = tuple(a.direction for a in game.legal_actions(st) if a.kind == "draw" and a.direction)
        check("moves from direction 5", got, exp["moves_from_5"])
    if "directions_for_brown" in exp:
        st = example.start
        got = tuple(sorted({a.direction for a in game.legal_actions(st) if a.kind == "attack"}))
        check("directions Brown may attack from", got, exp["directions_for_brown"])
    if "slots_after" in exp:
        for slot, card in exp["slots_after"]:
            check(f"slot {slot}", final.slot(slot), card)
        before_last = example.steps[-1].before
        for slot in exp["new_from_piles"]:
            col = "ABC".index(slot)
            check(f"slot {slot} refilled from pile {col + 1}", final.slot(slot), before_last.piles[col][0])
    return problems
