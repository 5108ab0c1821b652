"""The Fire Bulls game object."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from itertools import permutations, repeat
from typing import Any

from tutor.core import (
    ActionParseError,
    Catalog,
    Event,
    Example,
    Game,
    GameInfo,
    RuleBook,
    dump_json,
    load_json_data,
    parse_json_object,
    short,
)
from tutor.games.fire_bulls import examples as fire_bulls_examples
from tutor.games.fire_bulls.actions import (
    ACTION_PATTERNS,
    Action,
    action_text,
    quote,
    SHAPED,
    shape_is_known,
    known_shapes,
    shape_ok,
)
from tutor.games.fire_bulls.cards import (
    POWER_CARDS,
    NEIGHBOURS,
    PATH_INDEXES,
    QI_ORDER,
    COLOURS,
    DECISIONS,
    DECK_ABOUT,
    DECK_MANIFEST,
    LANGS,
    NAME,
    PILE_SIZE,
    QI_KINDS,
    QI_MANIFEST,
    RULESETS,
    SLOTS,
    YEN_CARDS,
    qi_sort,
    card_name,
    face_value,
    qi_deck,
    rid,
    symbols,
    yen_deck,
)
from tutor.games.fire_bulls.engine import (
    distinct_cards,
    fill_rows,
    next_target,
    penalty_choices,
    perform,
    start_work,
    work_copy,
    Work,
)
from tutor.games.fire_bulls.hints import hint_reason as board_reason
from tutor.games.fire_bulls.words import CATALOG, Who, illegal, param, message
from tutor.games.fire_bulls.payment import (CAPS, COUNTS, capped_hand, card_counts, least_cards, pay_options,
                                            payments_for)
from tutor.games.fire_bulls.scenario import state_from_data, state_to_data
from tutor.games.fire_bulls.scoring import PileScore, score_pile, winners
from tutor.games.fire_bulls.state import State
from tutor.rand import shuffle

# The longest of 300 random games took 488 actions; a game cannot go on for
# ever (each turn draws a Qi card, or wins a Yen card, and the Qi deck runs
# out for good the third time), and 3000 bounds it with room to spare.
MAX_ACTIONS = 3000
MAX_ACTION_TEXT = 300  # the longest action text is under 120 characters

INFO = GameInfo(
    name=NAME,
    title="Fire Bulls",
    min_players=2,
    max_players=5,
    rulesets=RULESETS,
    default_ruleset="it",
    decisions=DECISIONS,
    max_actions=MAX_ACTIONS,
    hidden_information=True,
    secret_choices=False,
    chance=True,
    languages=LANGS,
    rulebooks=("000", "001"),
    ruleset_names=(("it", "Italian rulebook (000)"), ("fr", "French rulebook (001)")),
)


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class FireBulls(Game):
    """The Fire Bulls game object (``tutor.games.get("fire-bulls")``)."""

    info = INFO

    @property
    def ruleset_names(self) -> dict[str, str]:
        return dict(self.info.ruleset_names)

    @cached_property
    def rules(self) -> RuleBook:
        """Every clause of the rules, with its rulebook quotes (loaded on first use)."""
        return RuleBook.from_data(NAME, load_json_data("tutor.games.fire_bulls.data", "rules.json"))

    @property
    def catalog(self) -> Catalog:
        """The game's words (data/messages.json), with the core catalog's shared file errors."""
        return CATALOG

    def __init__(self) -> None:
        self.deck_manifest: dict[str, dict[str, int]] = DECK_MANIFEST
        self.qi_manifest: dict[str, int] = QI_MANIFEST
        self.deck_about: str = DECK_ABOUT

    # ------------------------------------------------------------------ setup
    def yen_deck(self, ruleset: str = "it") -> list[str]:
        """The 54 Yen cards of a ruleset's deck (reconstructed symbols)."""
        return yen_deck(ruleset)

    def qi_deck(self) -> list[str]:
        return qi_deck()

    def new_game(self, players: int, seed: int, ruleset: str | None = None, *,
                 colours: Sequence[str] | None = None, pawns: Sequence[int] | None = None,
                 first_player: int = 0, **options: Any) -> State:
        """Set up a table: shuffled piles, rows, pawns, hands and reserve, all from ``seed``."""
        if options:
            raise TypeError(f"new_game has no option {', '.join(sorted(options))}")
        ruleset = ruleset or self.default_ruleset
        if ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {ruleset!r}: choose one of {', '.join(RULESETS)}")
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Fire Bulls is for {self.min_players} to {self.max_players} players, not {players}")
        if not isinstance(seed, int):
            raise TypeError("the seed must be a whole number")
        rng = random.Random(seed)
        if colours is None:
            colours = rng.sample(COLOURS, players)
        colours = tuple(colours)
        if len(colours) != players or len(set(colours)) != players or not set(colours) <= set(COLOURS):
            raise ValueError(f"give each of the {players} players a different colour from {', '.join(COLOURS)}")
        if pawns is None:
            pawns = rng.sample(range(1, 6), players)
        pawns = tuple(pawns)
        if len(pawns) != players or len(set(pawns)) != players or not set(pawns) <= {1, 2, 3, 4, 5}:
            raise ValueError("each pawn needs its own direction from 1 to 5")
        if not 0 <= first_player < players:
            raise ValueError("first_player is a seat number from 0")
        yen = self.yen_deck(ruleset)
        shuffle(rng, yen)  # (rng.shuffle's very permutation, with fewer Python calls: see tutor.rand)
        qi = self.qi_deck()
        shuffle(rng, qi)
        hands = [sorted(qi[3 * p: 3 * p + 3], key=QI_ORDER.__getitem__) for p in range(players)]
        rest = qi[3 * players:]
        blank = State(
            ruleset=ruleset, seed=seed, rng=0, colours=colours, pawns=pawns,
            current_player=first_player, turn=0, slots=(None,) * 9, general=False,
            piles=tuple(tuple(yen[PILE_SIZE * i: PILE_SIZE * (i + 1)]) for i in range(3)),
            deck=tuple(rest[3:]), discard=(), reserve=tuple(rest[:3]),
            hands=tuple(tuple(h) for h in hands), won=((),) * players, removed=(),
            exhaustions=0, end=None,
        )
        w = work_copy(blank, narrate=False)
        fill_rows(w)
        return w.freeze()

    # ---------------------------------------------------------------- actions
    def legal_actions(self, state: State) -> list[Action]:
        """The actions open to the current player, as small values."""
        if state.end:
            return []
        p = state.current_player
        hand = state.hands[p]
        if state.pending:
            head = state.pending[0]
            # (the same values every time, from tables built at import, so shape_ok knows them at once)
            if head.startswith("power:"):
                card = head[6:]
                powers = _POWERS.get(card)
                return list(powers) if powers else [Action.use_power(card), Action.decline_power(card)]
            if head.startswith("colonel:"):
                victim = int(head[8:])
                colonel = _COLONEL_OF.get
                cards = distinct_cards(state.hands[victim])
                return [colonel((victim, c)) or Action.colonel(victim, c) for c in cards] \
                    + [_SPARE_OF.get(victim) or Action.spare(victim)]
            if head == "penalty":
                lose = _LOSE_OF.get
                return [lose(c) or Action.lose(c) for c in distinct_cards(penalty_choices(state))]
            if head == "limit":
                releases = _RELEASES.get(hand)
                if releases is None:  # (the table by the hand's kinds, in order: no action built here)
                    releases = _remember(_RELEASES, hand, _RELEASES_BY_KINDS[(*dict.fromkeys(hand),)])
                return list(releases)
        counts = COUNTS.get(hand)
        if counts is None:  # (payment.card_counts of a hand, in C: each kind's count, its own cards all Qi kinds)
            if len(COUNTS) >= _MEMO_LIMIT:  # (_remember, inline here and below: misses are many while memos fill)
                COUNTS.clear()
            counts = COUNTS[hand] = card_counts(hand)
        ruleset = state.ruleset
        slots = state.slots
        if state.attack:
            target = next_target(slots, state.attack)
            nearest = slots[target] if target is not None else None
            if nearest is None:  # not in a position the rules reach (from_json refuses it)
                return [_STOP]
            capped = capped_hand(counts, CAPS[ruleset][nearest])  # (capped to what the card can use)
            pays_key = (ruleset, nearest, capped)
            found = _PAYS.get(pays_key)
            if found is None:
                found = _remember(_PAYS, pays_key, (*_paid_actions("pay", 0, nearest,
                                                                   payments_for(nearest, ruleset, capped)), _STOP))
            return list(found)
        takes = _TAKES.get(state.reserve)
        if takes is None:  # (the table by the reserve's kinds, in the order they first come: no action built here)
            if len(_TAKES) >= _MEMO_LIMIT:
                _TAKES.clear()
            takes = _TAKES[state.reserve] = _TAKES_BY_KINDS[(*dict.fromkeys(state.reserve),)]
        pawn = state.pawns[p]
        acts = [*takes, *_DRAWS[pawn]]
        # then the attacks open along each direction the pawn allows (and on the General when it is set aside):
        # for each direction, the ways to pay for its nearest card (inline: no call per listing)
        memo = _ALONG
        caps = CAPS[ruleset]
        h0, h1, h2, h3, h4, h5 = counts
        for d in _DIRECTIONS[ruleset][pawn]:
            for i in PATH_INDEXES[d]:  # the nearest card along d (cards.next_target)
                nearest = slots[i]
                if nearest is not None:
                    # keyed by the hand capped to what the card can use (payment.capped_hand, inline): the same few
                    # keys come back far more often than whole hands
                    c0, c1, c2, c3, c4, c5 = caps[nearest]
                    capped = (h0 if h0 < c0 else c0, h1 if h1 < c1 else c1, h2 if h2 < c2 else c2,
                              h3 if h3 < c3 else c3, h4 if h4 < c4 else c4, h5 if h5 < c5 else c5)
                    # (one entry for every direction: the payments, then the attacks along direction d at [d],
                    # made the first time d needs them; a hand meets the same card along several directions)
                    key = (ruleset, nearest, capped)
                    entry = memo.get(key)
                    if entry is None:
                        if len(memo) >= _MEMO_LIMIT:
                            memo.clear()
                        entry = memo[key] = [payments_for(nearest, ruleset, capped), None, None, None, None, None]
                    found = entry[d]
                    if found is None:
                        found = entry[d] = _paid_actions("attack", d, nearest, entry[0])
                    acts += found
                    break
        if state.general and h0 + h1 + h2 + h3 + h4 + h5 >= _GENERAL_CARDS:  # (a smaller hand cannot pay)
            acts += _paid_actions("general", 0, "general", pay_options("general", ruleset, counts))
        return acts

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises IllegalAction (and changes nothing) if the rules forbid it."""
        # the playout path: _run's work, one call less (and shape_ok's first test inline: a value it passed before)
        if type(action) is Action and (_SHAPED_GET(id(action)) is action or shape_ok(action)):
            w = start_work(state, Work)  # (engine.work_copy's silent copy, inline)
            perform(w, action)
            w.hands = tuple(w.hands)  # (w.freeze(), inline: this very copy becomes the new State)
            w.pending = tuple(w.pending)
            w.__class__ = State
            return w
        return self._run(state, action, narrate=False)[0]

    def explain(self, state: State, action: Action) -> list[Event]:
        """What applying ``action`` does, event by event, each with its rule id."""
        return self._run(state, action, narrate=True)[1]

    def apply_explained(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return self._run(state, action, narrate=True)

    def _run(self, state: State, action: object, narrate: bool) -> tuple[State, list[Event]]:
        if type(action) is str:
            action = self.parse_action(state, action)
        if not shape_ok(action):
            raise illegal(rid("turn/sequence"), "{what} is not a Fire Bulls action", what=quote(action))
        w = work_copy(state, narrate)
        perform(w, action)
        events = w.events
        return w.freeze(), events

    def parse_action(self, state: State | None, text: str) -> Action:
        """Read an action written as ``str(action)`` writes it (case and spacing are free)."""
        if not isinstance(text, str) or not text.strip():
            raise illegal(rid("notation"), "type an action, for example 'draw from the deck'", cls=ActionParseError)
        if len(text) > MAX_ACTION_TEXT:
            raise illegal(rid("notation"), "'{text}' is not a Fire Bulls action; for example: 'draw from the deck', "
                           "'take green from the reserve', 'attack from direction 3: pay with green, green'",
                           cls=ActionParseError, text=_clip(text.strip()))
        t = " ".join(text.strip().split()).lower()
        for pattern, build in ACTION_PATTERNS:
            m = pattern.fullmatch(t)
            if m:
                try:
                    return build(m)
                except ValueError as exc:
                    raise illegal(rid("notation"), "'{text}': {why}", cls=ActionParseError,
                                   text=_clip(text.strip()), why=_clip(str(exc), 160)) from None
        raise illegal(rid("notation"), "'{text}' is not a Fire Bulls action; for example: 'draw from the deck', "
                       "'take green from the reserve', 'attack from direction 3: pay with green, green'",
                       cls=ActionParseError, text=_clip(text.strip()))

    # ------------------------------------------------------------ end, scores
    def is_over(self, state: State) -> bool:
        return state.end is not None

    def score_breakdown(self, state: State) -> list[PileScore]:
        escaped = state.end == "escaped"
        return [score_pile(state.won[p], state.colours[p], escaped, state.ruleset) for p in range(state.players)]

    def scores(self, state: State) -> list[int]:
        return [s.total for s in self.score_breakdown(state)]

    def winners(self, state: State) -> list[int]:
        """The winning seats once the game is over (empty before): most points, then the highest card."""
        if state.end is None:
            return []
        return winners(dict(enumerate(self.score_breakdown(state))))

    def greedy_value(self, state: State, action: Action) -> float:
        """Points the action wins at once (what the greedy bot maximises)."""
        if action.kind in ("attack", "pay", "general"):
            colour = state.colours[state.current_player]
            card = action.card or "general"
            gain = face_value(card) + (colour in symbols(card, state.ruleset))
            return gain - 0.01 * len(action.payment)  # the cheaper payment first
        if action.kind == "power":
            return 0.5
        if action.kind == "lose" and action.card:
            return -face_value(action.card)
        return 0.0

    # ------------------------------------------------------- who decides
    def current_player(self, state: State) -> int | None:
        """The seat that decides now (the pending choices are the mover's too); None once over."""
        return None if state.end else state.current_player

    def decision(self, state: State) -> str:
        """One of ``info.decisions``; "" once the game is over."""
        if state.end:
            return ""
        if state.pending:
            head = state.pending[0]
            if head.startswith("power:"):
                return "power"
            if head.startswith("colonel:"):
                return "colonel"
            return "hand-limit" if head == "limit" else "penalty"
        return "attack" if state.attack else "action"

    # ------------------------------------------------------------------ views
    def seen_hands(self, state: State, player: int | None) -> set[int]:
        """The seats whose hands ``player`` sees: their own, and (Italian Colonel) the hand
        the Colonel's winner is choosing a card from; everyone's for the teacher (None)."""
        if player is None:
            return set(range(state.players))
        seen = {player}
        if state.pending and state.pending[0].startswith("colonel:") and player == state.current_player:
            seen.add(int(state.pending[0][8:]))
        return seen

    def view(self, state: State, player: int | None) -> dict:
        """What ``player`` may see: their own hand, never another's, the deck's or the piles' order.

        ``None`` is the teacher's view: every hand, plus ``deck``, ``piles`` and
        ``discard`` in order.
        """
        if player is not None and (type(player) is not int or not 0 <= player < state.players):
            raise ValueError(f"there is no player {short(player)}")
        seen = self.seen_hands(state, player)
        over = state.end is not None
        view: dict[str, Any] = {
            "game": NAME,
            "ruleset": state.ruleset,
            "player": player,
            "players": state.players,
            "colours": list(state.colours),
            "pawns": list(state.pawns),
            "current_player": self.current_player(state),
            "decision": self.decision(state),
            "phase": state.phase,
            "turn": state.turn,
            "rows": {s: state.slots[i] for i, s in enumerate(SLOTS)},
            "general": state.general,
            "pile_sizes": [len(p) for p in state.piles],
            "deck_size": len(state.deck),
            "discard_size": len(state.discard),
            "reserve": list(state.reserve),
            "hands": [list(h) if p in seen else None for p, h in enumerate(state.hands)],
            "hand_sizes": [len(h) for h in state.hands],
            "won": [list(w) for w in state.won],
            "removed": list(state.removed),
            "exhaustions": state.exhaustions,
            "attack": state.attack,
            "deviated": state.deviated,
            "won_this_turn": state.won_this_turn,
            "won_before": state.won_before,
            "pending": list(state.pending),
            "end": state.end,
            "over": over,
            "scores": self.scores(state),
            "winners": self.winners(state) if over else [],
        }
        if player is None:
            view["deck"] = list(state.deck)
            view["piles"] = [list(p) for p in state.piles]
            view["discard"] = list(state.discard)
        return view

    # ------------------------------------------------ for bots and tests
    def conserved(self, state: State) -> dict[str, int]:
        """Every Yen and Qi card wherever it is, counted ("yen:<card>", "qi:<card>"):
        the same for every position of a game."""
        counts: dict[str, int] = {}
        yen = [c for c in state.slots if c] + (["general"] if state.general else [])
        for group in (yen, *state.piles, *state.won, state.removed):
            for c in group:
                counts["yen:" + c] = counts.get("yen:" + c, 0) + 1
        for group in (*state.hands, state.deck, state.discard, state.reserve):
            for c in group:
                counts["qi:" + c] = counts.get("qi:" + c, 0) + 1
        return counts

    def resample_hidden(self, state: State, player: int, rng: random.Random) -> State:
        """Deal anew what ``player`` cannot see: the other hands and the Qi deck (one pool,
        sizes kept), the Yen piles (one pool, sizes kept) and the seed of future shuffles."""
        seen = self.seen_hands(state, player)
        # the hidden cards in card order before the shuffle: the worlds depend on what the seat sees and on rng only
        pool = sorted(list(state.deck) + [c for p, h in enumerate(state.hands) if p not in seen for c in h])
        rng.shuffle(pool)
        hands = []
        for p, h in enumerate(state.hands):
            if p in seen:
                hands.append(h)
            else:
                hands.append(qi_sort(pool[: len(h)]))
                pool = pool[len(h):]
        yen = sorted(c for pile in state.piles for c in pile)
        rng.shuffle(yen)
        piles = []
        for pile in state.piles:
            piles.append(tuple(yen[: len(pile)]))
            yen = yen[len(pile):]
        return replace(state, hands=tuple(hands), deck=tuple(pool), piles=tuple(piles),
                       seed=rng.randrange(2**31))

    def position_key(self, state: State) -> str:
        """What the seat to move sees, with the game's seed and its reshuffle count (both public): two
        positions that seat cannot tell apart give the bots the same chance."""
        seat = state.current_player if state.end is None else 0
        return f"{state.seed}|{state.rng}|" + dump_json(self.view(state, seat))

    # ------------------------------------------------------------------- JSON
    def to_json(self, state: State) -> str:
        """A scenario file: readable, editable, and byte-identical for equal states."""
        return dump_json(state_to_data(state))

    def from_json(self, text: str | bytes) -> State:
        """Load a scenario file; any fault raises ScenarioError naming the field."""
        return state_from_data(parse_json_object(text))

    # --------------------------------------------------------------- teaching
    def build_examples(self) -> list[Example]:
        return fire_bulls_examples.build(self)

    # ---------------------------------------------------------- languages
    def hint_reason(self, state: State, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
        """The Yen card on the board an attack takes, or a reserve card lets ``seat`` pay (hints.py)."""
        return board_reason(self, state, seat, action, lang)

    def message(self, error_or_event: Any, lang: str = "en") -> str:
        """An IllegalAction / ScenarioError or a narration Event in "en", "it" or "fr"."""
        return message(error_or_event, lang)

    def question_kinds(self) -> dict:
        """The game's own quiz questions (see ``quiz.py`` in its package)."""
        from .quiz import KINDS

        return dict(KINDS)

    def goal_kinds(self) -> dict:
        """The game's own scenario goals (see ``goals.py`` in its package)."""
        from .goals import KINDS

        return dict(KINDS)

    def action_text(self, action: Action, lang: str = "en") -> str:
        return action_text(action, lang)

    def move_kind(self, action: Action) -> str:
        """Take, draw, attack ...: the kind an :class:`Action` carries."""
        return action.kind

    def card_name(self, card: str, lang: str = "en") -> str:
        return card_name(card, lang)

    def seat_name(self, state: Any, player: int, lang: str = "en") -> str:
        """A seat as the narration names it: its number and its pawn's colour ("Player 2 (green)")."""
        colours = getattr(state, "colours", ())
        if isinstance(player, int) and 0 <= player < len(colours):
            text = param("who", Who(player, colours[player]), lang)
            return text[:1].upper() + text[1:]
        return super().seat_name(state, player, lang)

    def verify_example(self, example: Example) -> list[str]:
        """How an example's end differs from the outcome its rulebook states ([] when it matches)."""
        return fire_bulls_examples.verify(self, example)

    def narrate_example(self, example: Example, lang: str) -> dict:
        """An example's title, outcome, note and step narrations in a language."""
        return fire_bulls_examples.localized(self, example, lang)

    def differences(self) -> list[dict]:
        """The points where the Italian and French rulebooks differ, with both rules."""
        return list(self.rules.differences)

_STOP = Action("stop")
_DRAW = Action("draw")
# legal_actions lists the same few action values over and over: they are
# immutable, so each list is built from tuples made once (and bounded memos).
_DRAWS = {d: (_DRAW, *(Action("draw", n) for n in NEIGHBOURS[d])) for d in NEIGHBOURS}
_TAKES: dict[tuple[str, ...], tuple[Action, ...]] = {}  # a reserve -> its "take" actions
_PAID: dict[tuple, tuple[Action, ...]] = {}  # (kind, direction, card, payments) -> the paying actions
_RELEASES: dict[tuple[str, ...], tuple[Action, ...]] = {}  # a hand over the limit -> its "release" actions
# the fewest Qi cards that pay for the General: one per symbol of its price (the same in both rulebooks)
_GENERAL_CARDS = least_cards("general", "it")
assert _GENERAL_CARDS == least_cards("general", "fr") == 7
# the directions a player may attack from, by ruleset and pawn: any (000); the pawn's own or a neighbour's,
# a deviated attack (001, see engine._start_attack)
_DIRECTIONS: dict[str, dict[int, tuple[int, ...]]] = {"it": {pawn: (1, 2, 3, 4, 5) for pawn in NEIGHBOURS},
                                                     "fr": {pawn: (pawn, *NEIGHBOURS[pawn]) for pawn in NEIGHBOURS}}
# (ruleset, the card attacked, hand counts capped to the card's) -> [its payments, then for each direction 1-5 the
# attacks along it paying for that card, None until first needed]
_ALONG: dict[tuple, list] = {}
_new_action = tuple.__new__
_SHAPED_GET = SHAPED.get  # (actions.SHAPED is emptied when full, never replaced)
_PAYS: dict[tuple, tuple[Action, ...]] = {}  # (ruleset, the card attacked next, capped counts) -> pays, stop
# a Qi card -> the one "take" (or "release") action value of it, so that every list holds the same values
# (shape_ok then knows them at once)
_TAKE_OF: dict[str, Action] = {c: Action.take(c) for c in QI_KINDS}
_RELEASE_OF: dict[str, Action] = {c: Action.release(c) for c in QI_KINDS}
# the Qi kinds a reserve (or a hand) holds, each once in the order they first come -> their "take" (or
# "release") actions: every order of every set of the six kinds, 1,957 keys (a hand, kept in kind order,
# needs only 64 of them)
_TAKES_BY_KINDS: dict[tuple[str, ...], tuple[Action, ...]] = {
    kinds: tuple([_TAKE_OF[c] for c in kinds]) for k in range(len(QI_KINDS) + 1) for kinds in permutations(QI_KINDS, k)}
_RELEASES_BY_KINDS: dict[tuple[str, ...], tuple[Action, ...]] = {
    kinds: tuple([_RELEASE_OF[c] for c in kinds]) for kinds in _TAKES_BY_KINDS}
# the Bo's, the Colonel's and the General's power: use it, decline it
_POWERS: dict[str, tuple[Action, Action]] = {c: (Action.use_power(c), Action.decline_power(c)) for c in POWER_CARDS}
# the Italian Colonel's choices: (opponent, Qi card) -> discard it; opponent -> spare them
_COLONEL_OF: dict[tuple[int, str], Action] = {(p, c): Action.colonel(p, c) for p in range(INFO.max_players)
                                              for c in QI_KINDS}
_SPARE_OF: dict[int, Action] = {p: Action.spare(p) for p in range(INFO.max_players)}
_LOSE_OF: dict[str, Action] = {card: Action.lose(card) for card in YEN_CARDS}  # the Warrior penalty's choices
known_shapes([_STOP, *(a for draws in _DRAWS.values() for a in draws), *_TAKE_OF.values(), *_RELEASE_OF.values(),
              *(a for pair in _POWERS.values() for a in pair), *_COLONEL_OF.values(), *_SPARE_OF.values(),
              *_LOSE_OF.values()])
assert all(shape_is_known(a) for a in SHAPED.values())  # (the real look, once, at import)
_MEMO_LIMIT = 100_000


def _remember(memo: dict, key: Any, value: Any) -> Any:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def _paid_actions(kind: str, d: int, card: str, pays: tuple[tuple[str, ...], ...]) -> tuple[Action, ...]:
    """The ``kind`` actions paying for ``card`` in each of these ways (memoised)."""
    key = (kind, d, card, pays)
    found = _PAID.get(key)
    if found is None:
        # (tuple.__new__: Action(...) is a Python-level call per value, costly on this path)
        # (each value made in C: tuple.__new__(Action, (kind, d, card, pay, -1)) for each payment, no Python loop)
        found = _remember(_PAID, key, tuple(map(_new_action, repeat(Action),
                                                zip(repeat(kind), repeat(d), repeat(card), pays, repeat(-1)))))
        known_shapes(found)  # (a kind named here, a direction of a path, a card of the rows, payments_for's payments)
    return found


GAME = FireBulls()
