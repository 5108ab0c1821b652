"""A toy card game that keeps the whole contract of :class:`tutor.core.Game`.

It is not registered in the tutor: the conformance suite runs on it to show
that its checks pass on a game that keeps the contract, and on broken
variants of it (``tests/conformance/test_breakage.py``) to show that each
check fails when a game breaks the property it guards.

The game, "High Card": 2-3 players, a deck of the cards 1-9 shuffled by the
seed, three cards dealt to each (hidden from the others).  In turn each
player plays a card face up; when everyone has played, the highest card wins
the trick and scores the sum of the cards.  The trick's winner then decides
whether to draw a card from the deck ("draw") or not ("stop"), and leads the
next trick.  The game ends when a trick is to be led and the leader has no
card left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from tutor.core import (
    ActionParseError,
    Catalog,
    Event,
    Example,
    Game,
    GameInfo,
    IllegalAction,
    Quote,
    RuleBook,
    ScenarioError,
    ScenarioReader,
    Step,
    check_header,
    core_catalog,
    dump_json,
    parse_json_object,
    short,
)

NAME = "high-card"
CARDS = tuple(range(1, 10))
HAND = 3
R = NAME + "/"
RULE_PLAY = R + "turn/play"
RULE_DRAW = R + "trick/draw"
RULE_HIGH = R + "trick/highest"
RULE_END = R + "end/empty-hand"
RULE_ACTION = R + "action/unknown"

RULES = {
    "rules": [
        {"id": RULE_PLAY, "title": "Play a card", "text": "On your turn play one card from your hand.",
         "quotes": [{"file": "toy", "lang": "en", "text": "Play one of your cards."}]},
        {"id": RULE_HIGH, "title": "Highest card", "text": "The highest card wins the trick and scores its sum.",
         "quotes": [{"file": "toy", "lang": "en", "text": "The highest card takes all."}]},
        {"id": RULE_DRAW, "title": "Draw or stop", "text": "The trick's winner may draw a card from the deck.",
         "quotes": [{"file": "toy", "lang": "en", "text": "The winner may draw."}]},
        {"id": RULE_END, "title": "End", "text": "The game ends when the leader has no card.",
         "quotes": [{"file": "toy", "lang": "en", "text": "No card, no game."}]},
        {"id": RULE_ACTION, "title": "Actions", "text": "Only the actions of the game can be played.",
         "quotes": [{"file": "toy", "lang": "en", "text": "Play by the rules."}]},
    ]
}

CATALOG = {
    "names": {
        "en": {"decisions": {"play": "play a card", "draw": "draw or stop"},
               "cards": {str(c): str(c) for c in CARDS}},
        "it": {"decisions": {"play": "gioca una carta", "draw": "pesca o fermati"}},
        "fr": {"decisions": {"play": "jouer une carte", "draw": "piocher ou s'arrêter"}},
    },
    "messages": {
        "{Who} plays {card}.": {"it": "{Who} gioca {card}.", "fr": "{Who} joue {card}."},
        "{Who} wins the trick and scores {points}.": {
            "it": "{Who} vince la presa e segna {points}.", "fr": "{Who} remporte le pli et marque {points}."},
        "{Who} draws a card.": {"it": "{Who} pesca una carta.", "fr": "{Who} pioche une carte."},
        "{Who} stops.": {"it": "{Who} si ferma.", "fr": "{Who} s'arrête."},
        "The game is over.": {"it": "La partita è finita.", "fr": "La partie est finie."},
        "{card} is not in your hand.": {"it": "{card} non è nella tua mano.", "fr": "{card} n'est pas dans ta main."},
        "Now is not the time to {kind}.": {"it": "Non è il momento di {kind}.",
                                           "fr": "Ce n'est pas le moment de {kind}."},
        "The deck is empty.": {"it": "Il mazzo è vuoto.", "fr": "La pioche est vide."},
        "Not an action of this game: {got}.": {"it": "Non è un'azione del gioco: {got}.",
                                              "fr": "Pas une action du jeu : {got}."},
        "The game is already over.": {"it": "La partita è già finita.", "fr": "La partie est déjà finie."},
        "unknown card {got}": {"it": "carta sconosciuta {got}", "fr": "carte inconnue {got}"},
        "card {got} appears twice": {"it": "la carta {got} compare due volte",
                                     "fr": "la carte {got} apparaît deux fois"},
        "cards missing: {got}": {"it": "carte mancanti: {got}", "fr": "cartes manquantes : {got}"},
        "does not fit the phase {phase}": {"it": "non corrisponde alla fase {phase}",
                                           "fr": "ne correspond pas à la phase {phase}"},
    },
    "examples": {
        "toy/trick": {
            "title": {"en": "A first trick", "it": "Una prima presa", "fr": "Un premier pli"},
            "outcome": {"en": "Player 2 scores 12.", "it": "Il giocatore 2 segna 12.",
                        "fr": "Le joueur 2 marque 12."},
        }
    },
}


def _param(name: str, value: Any, lang: str) -> str:
    if name == "who":
        return {"en": "player {}", "it": "giocatore {}", "fr": "joueur {}"}[lang].format(value + 1)
    return str(value)


_CATALOG = Catalog(CATALOG, _param, fallback=core_catalog())


class Action(NamedTuple):
    kind: str  # "play", "draw", "stop"
    card: int | None = None

    def __str__(self) -> str:
        return f"play {self.card}" if self.kind == "play" else self.kind


@dataclass(frozen=True)
class State:
    players: int
    seed: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    won: tuple[tuple[int, ...], ...]
    table: tuple[int | None, ...]  # the card each seat played to this trick
    leader: int
    turn: int | None
    phase: str  # "play", "draw", "over"


def _illegal(rule: str, template: str, cls: type[IllegalAction] = IllegalAction, **params: Any) -> IllegalAction:
    return cls(rule, _CATALOG.render(template, params), template, params)


def _card(value: Any) -> bool:
    return type(value) is int and value in CARDS


class HighCard(Game):
    info = GameInfo(
        name=NAME, title="High Card", min_players=2, max_players=3, rulesets=("base",),
        default_ruleset="base", decisions=("play", "draw"), max_actions=40,
        hidden_information=True, chance=True,
    )

    def __init__(self) -> None:
        self._rules = RuleBook.from_data(NAME, RULES)
        self._catalog = _CATALOG

    @property
    def rules(self) -> RuleBook:
        return self._rules

    @property
    def catalog(self) -> Catalog:
        return self._catalog

    # ------------------------------------------------------------ play
    def new_game(self, players: int, seed: int, ruleset: str | None = None, **options: Any) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"High Card is for 2-3 players, not {players}")
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        hands = tuple(tuple(sorted(deck[i * HAND:(i + 1) * HAND])) for i in range(players))
        return State(players, seed, tuple(deck[players * HAND:]), hands, ((),) * players,
                     (None,) * players, 0, 0, "play")

    def current_player(self, state: State) -> int | None:
        return state.turn

    def decision(self, state: State) -> str:
        return "" if state.phase == "over" else state.phase

    def legal_actions(self, state: State) -> list[Action]:
        if state.turn is None:
            return []
        if state.phase == "draw":
            return ([Action("draw")] if state.deck else []) + [Action("stop")]
        return [Action("play", c) for c in state.hands[state.turn]]

    def _check(self, state: State, action: Any) -> None:
        if not isinstance(action, Action) or type(action.kind) is not str or not (
                (action.kind == "play" and _card(action.card)) or
                (action.kind in ("draw", "stop") and action.card is None)):
            raise _illegal(RULE_ACTION, "Not an action of this game: {got}.", got=short(action))
        if state.turn is None:
            raise _illegal(RULE_END, "The game is already over.")
        if action.kind == "play":
            if state.phase != "play":
                raise _illegal(RULE_DRAW, "Now is not the time to {kind}.", kind="play")
            if action.card not in state.hands[state.turn]:
                raise _illegal(RULE_PLAY, "{card} is not in your hand.", card=action.card)
        else:
            if state.phase != "draw":
                raise _illegal(RULE_PLAY, "Now is not the time to {kind}.", kind=action.kind)
            if action.kind == "draw" and not state.deck:
                raise _illegal(RULE_DRAW, "The deck is empty.")

    def apply_explained(self, state: State, action: Any) -> tuple[State, list[Event]]:
        self._check(state, action)
        ev: list[Event] = []
        p = state.turn
        assert p is not None

        def log(rule: str, template: str, **params: Any) -> None:
            ev.append(Event(rule, self.catalog.render(template, params), data=tuple(params.items()),
                            template=template))

        n = state.players
        if action.kind == "play":
            hands = list(state.hands)
            hands[p] = tuple(c for c in hands[p] if c != action.card)
            table = list(state.table)
            table[p] = action.card
            log(RULE_PLAY, "{Who} plays {card}.", who=p, card=action.card)
            nxt = (p + 1) % n
            if table[nxt] is None:
                return replace(state, hands=tuple(hands), table=tuple(table), turn=nxt), ev
            played = [c for c in table if c is not None]
            winner = table.index(max(played))
            won = list(state.won)
            won[winner] = tuple(sorted(won[winner] + tuple(played)))
            log(RULE_HIGH, "{Who} wins the trick and scores {points}.", who=winner, points=sum(played))
            s = replace(state, hands=tuple(hands), table=(None,) * n, won=tuple(won), leader=winner,
                        turn=winner, phase="draw")
            return s, ev
        s = state
        if action.kind == "draw":
            hands = list(s.hands)
            hands[p] = tuple(sorted(hands[p] + s.deck[:1]))
            s = replace(s, hands=tuple(hands), deck=s.deck[1:])
            log(RULE_DRAW, "{Who} draws a card.", who=p)
        else:
            log(RULE_DRAW, "{Who} stops.", who=p)
        if not s.hands[p] or any(not h for h in s.hands):
            log(RULE_END, "The game is over.")
            return replace(s, turn=None, phase="over"), ev
        return replace(s, phase="play"), ev

    def apply(self, state: State, action: Any) -> State:
        return self.apply_explained(state, action)[0]

    def parse_action(self, state: Any, text: str) -> Action:
        words = text.split() if isinstance(text, str) else []
        if words == ["draw"] or words == ["stop"]:
            return Action(words[0])
        if len(words) == 2 and words[0] == "play" and words[1] in {str(c) for c in CARDS}:
            return Action("play", int(words[1]))
        raise _illegal(RULE_ACTION, "Not an action of this game: {got}.", ActionParseError, got=short(text))

    def scores(self, state: State) -> list[int]:
        return [sum(w) for w in state.won]

    def winners(self, state: State) -> list[int]:
        if state.turn is not None:
            return []
        sc = self.scores(state)
        return [p for p, v in enumerate(sc) if v == max(sc)]

    def view(self, state: State, player: int | None) -> dict:
        return {
            "game": NAME, "player": player, "players": state.players, "ruleset": "base",
            "current_player": state.turn, "decision": self.decision(state),
            "scores": self.scores(state), "over": state.turn is None,
            "hands": [list(h) if player is None or player == p else None for p, h in enumerate(state.hands)],
            "hand_sizes": [len(h) for h in state.hands],
            "deck": list(state.deck) if player is None else None,
            "deck_size": len(state.deck), "table": list(state.table),
            "won": [list(w) for w in state.won], "leader": state.leader,
        }

    # ---------------------------------------------------------- files
    def to_json(self, state: State) -> str:
        return dump_json({
            "game": NAME, "format": 2, "players": state.players, "seed": state.seed,
            "deck": list(state.deck), "hands": [list(h) for h in state.hands],
            "won": [list(w) for w in state.won], "table": list(state.table),
            "leader": state.leader, "turn": state.turn, "phase": state.phase,
        })

    def from_json(self, text: str | bytes) -> State:
        data = parse_json_object(text)
        check_header(data, NAME)
        r = ScenarioReader(data)
        n = r.int("players", 2, 3)
        seed = r.int("seed", 0, 2**63)

        def cards(value: Any, field: str) -> tuple[int, ...]:
            if not isinstance(value, list):
                raise r.error_at(field, "expected {what}, got {got}", what="a list", got=short(value))
            for i, c in enumerate(value):
                if not _card(c):
                    raise r.error_at(f"{field}[{i}]", "unknown card {got}", got=short(c))
            return tuple(value)

        deck = cards(r.list("deck", max_len=9), "deck")
        hands = tuple(tuple(sorted(cards(h, f"hands[{p}]"))) for p, h in enumerate(r.list("hands", n)))
        won = tuple(tuple(sorted(cards(w, f"won[{p}]"))) for p, w in enumerate(r.list("won", n)))
        table_raw = r.list("table", n)
        for i, c in enumerate(table_raw):
            if c is not None and not _card(c):
                raise r.error_at(f"table[{i}]", "unknown card {got}", got=short(c))
        table = tuple(table_raw)
        seen: set[int] = set()
        for c in deck + sum(hands, ()) + sum(won, ()) + tuple(c for c in table if c is not None):
            if c in seen:
                raise r.error_at("hands", "card {got} appears twice", got=c)
            seen.add(c)
        if len(seen) != len(CARDS):
            raise r.error_at("deck", "cards missing: {got}",
                             got=", ".join(str(c) for c in CARDS if c not in seen))
        leader = r.int("leader", 0, n - 1)
        phase = r.choice("phase", ("play", "draw", "over"))
        turn = r.optional_int("turn", 0, n - 1)
        if not self._phase_fits(phase, turn, leader, hands, table):
            raise r.error("phase", "does not fit the phase {phase}", phase=phase)
        return State(n, seed, deck, hands, won, table, leader, turn, phase)

    @staticmethod
    def _phase_fits(phase: str, turn: int | None, leader: int, hands: tuple, table: tuple) -> bool:
        """Whether the seat to move, the leader, the hands and the trick fit ``phase``."""
        n = len(hands)
        played = [p for p in range(n) if table[p] is not None]
        # the seats that played this trick are the leader and those after them, in order
        order = [(leader + k) % n for k in range(len(played))]
        if phase == "play":
            return (turn is not None and len(played) < n and sorted(order) == played
                    and turn == (leader + len(played)) % n and all(hands[q] for q in range(n) if q not in played))
        if phase == "draw":
            return turn == leader and not played
        return turn is None and not played and any(not h for h in hands)

    # ------------------------------------------------------- teaching
    def build_examples(self) -> list[Example]:
        start = self.from_json(dump_json({
            "game": NAME, "format": 2, "players": 2, "seed": 1, "deck": [1, 2, 3],
            "hands": [[5, 6, 9], [4, 7, 8]], "won": [[], []], "table": [None, None],
            "leader": 0, "turn": 0, "phase": "play"}))
        quote = Quote("toy", "en", "The highest card takes all.")
        steps = []
        s = start
        for action, illegal, narration in ((Action("play", 5), None, "Player 1 leads the 5."),
                                           (Action("play", 9), RULE_PLAY, "Player 2 has no 9."),
                                           (Action("play", 7), None, "Player 2 beats it with the 7.")):
            if illegal:
                steps.append(Step(s, s, action, narration, (illegal,), illegal=illegal))
                continue
            after, events = self.apply_explained(s, action)
            steps.append(Step(s, after, action, narration, (RULE_PLAY,), tuple(events)))
            s = after
        return [Example("toy/trick", "A first trick", quote, "base", start, tuple(steps), "Player 2 scores 12.",
                        expected=(("scores", [0, 12]), ("current_player", 1), ("decision", "draw")))]

    def action_text(self, action: Any, lang: str = "en") -> str:
        if lang == "en":
            return str(action)
        verbs = {"it": {"play": "gioca", "draw": "pesca", "stop": "fermati"},
                 "fr": {"play": "jouer", "draw": "piocher", "stop": "s'arrêter"}}[lang]
        return verbs[action.kind] + (f" {action.card}" if action.kind == "play" else "")

    # ------------------------------------------ for bots and the tests
    def conserved(self, state: State) -> dict[str, int]:
        counts = {str(c): 0 for c in CARDS}
        for c in state.deck + sum(state.hands, ()) + sum(state.won, ()) + state.table:
            if c is not None:
                counts[str(c)] += 1
        return counts

    def resample_hidden(self, state: State, player: int, rng: random.Random) -> State:
        pool = list(state.deck) + [c for p, h in enumerate(state.hands) if p != player for c in h]
        rng.shuffle(pool)
        hands = list(state.hands)
        for p in range(state.players):
            if p != player:
                hands[p] = tuple(sorted(pool[:len(hands[p])]))
                pool = pool[len(state.hands[p]):]
        return replace(state, hands=tuple(hands), deck=tuple(pool))


GAME = HighCard()

__all__ = ["GAME", "Action", "State", "HighCard", "ScenarioError"]

