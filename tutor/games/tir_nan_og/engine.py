"""The rules of Tir Nan Og Wars: setup, legality, actions, the fountain dispute, the end.

Pure functions of immutable states: ``apply`` returns a new state and never
touches the one it is given; every chance event comes from the seed.
"""

from __future__ import annotations

import bisect
import random
from typing import Any

from tutor.core import Catalog, Event, IllegalAction
from tutor.rand import randbelow, shuffle

from .actions import (
    Action,
    Consolidate,
    Discard,
    Join,
    Pass,
    StayOut,
    TakeCreatures,
    TakeTerritory,
    valid_shape,
)
from .cards import (
    ANY,
    CREATURE_DECK,
    DEAL,
    DISPLAY_SIZE,
    FOUNTAINS,
    HAND_LIMIT,
    KINDS,
    ORDER,
    REMOVED_PER_KIND,
    REMOVED_PER_SPECIES,
    RESERVE_LIMIT,
    RULE_ABSOLUTE_TIE,
    RULE_ANY,
    RULE_CASTLE,
    RULE_COUNT,
    RULE_DECLARE,
    RULE_DISPUTE,
    RULE_FIRST_RUNOUT,
    RULE_FOREST,
    RULE_HAND_LIMIT,
    RULE_KEPT,
    RULE_LOSERS,
    RULE_NOBODY,
    RULE_ONE_PER_KIND,
    RULE_PASS,
    RULE_PAY,
    RULE_PLAIN,
    RULE_REFILL,
    RULE_RESERVE_VALUE,
    RULE_RESHUFFLE,
    RULE_RIVER,
    RULE_SCORING,
    RULE_SECOND_RUNOUT,
    RULE_STACK,
    RULE_TAKE_CREATURES,
    RULE_TAKE_TERRITORY,
    RULE_TEMPLE,
    RULE_TEMPLE_MINIMUM,
    RULE_TIE,
    RULE_TIE_BREAK,
    RULE_TOTAL,
    RULE_UNKNOWN,
    RULE_VOLCANO,
    RULE_WINNER,
    RULE_WINNER_DISCARD,
    RULESETS,
    SPECIES,
    TEMPLE_MINIMUM,
    TERRITORIES,
    KIND,
    VALUE,
    kind_of,
    pile_of_fountain,
    sort_creatures,
    sort_territories,
    value_of,
)
from .dispute import majorities, winner
from .payments import (
    CAP,
    CONSOLIDATIONS,
    DISCARD,
    DISCARDS,
    HAND_COUNTS,
    MEMO_LIMIT,
    TAKES,
    consolidations,
    creature_pairs,
    hand_counts,
    payments_of,
    takes,
)
from .scoring import stack_points, temple, top_value, volcano, winners
from .state import State, has_discount
from .words import load_catalog

# measured: random games of 2-4 players end within about 400 actions
MAX_ACTIONS = 3000

_CATALOG: list[Catalog] = []


def words() -> Catalog:
    if not _CATALOG:
        _CATALOG.append(load_catalog())
    return _CATALOG[0]


class _Silent(list):
    """The events of a plain ``apply``: nobody reads them, so none is rendered."""


_SILENT = _Silent()  # one for every plain apply: ``_ev`` never appends to it


def replace(s: State, **changes: Any) -> State:
    """``dataclasses.replace`` without the constructor (a State's fields are checked where they are made); a
    change of phase, turn, owed or asked comes with the ``current_player`` it makes (State keeps it)."""
    d = s.__dict__.copy()  # (a dict's copy is one block copied; filling an empty one is an insert per field)
    d.update(changes)
    new = object.__new__(State)
    _set_attr(new, "__dict__", d)
    return new


_set_attr = object.__setattr__  # (State is frozen: its instance dict is set past its __setattr__)


def _ev(events: list[Event], rule: str, template: str, tag: str = "info", /, **data: Any) -> None:
    """Narrate: ``template`` is the English message id (see ``data/messages.json``)."""
    if type(events) is _Silent:
        return
    text = words().render(template, data)
    events.append(Event(rule, text, tag, tuple(sorted(data.items())), template))


def _illegal(rule: str, template: str, **params: Any) -> IllegalAction:
    return IllegalAction(rule, words().render(template, params), template, params)


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _remove(cards: tuple[str, ...], taken: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return tuple(rest)


# ------------------------------------------------------------------ setup
# the creature deck species by species, and the territory cards kind by kind (with the kind's fountain),
# in the order new_game deals them from
_CREATURES_BY_SPECIES = tuple([c for c in CREATURE_DECK if c == species] for species in SPECIES)
_TERRITORIES_BY_KIND = tuple((kind, f"fountain-{kind}", tuple(t.id for t in TERRITORIES.values() if t.kind == kind))
                             for kind in KINDS)


def new_game(players: int = 3, seed: int = 0, ruleset: str | None = None, **options: Any) -> State:
    """A new table for 2-4 players, every card dealt from ``seed``."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"Tir Nan Og Wars is for 2 to 4 players, not {players!r}")
    if ruleset not in (None, *RULESETS):
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed is a whole number, not {seed!r}")
    rng = random.Random(f"tir-nan-og|{seed}")
    removed_creatures: list[str] = []
    creatures: list[str] = []
    k = REMOVED_PER_SPECIES[players]
    for cards in _CREATURES_BY_SPECIES:
        removed_creatures += cards[:k]
        creatures += cards[k:]
    shuffle(rng, creatures)  # (rng.shuffle's very permutation, with fewer Python calls: see tutor.rand)
    removed_territories: list[str] = []
    piles = []
    plains: list[str] = []
    k = REMOVED_PER_KIND[players]
    for kind, fountain, ids in _TERRITORIES_BY_KIND:
        cards = list(ids)
        shuffle(rng, cards)
        removed_territories += cards[:k]
        cards = cards[k:]
        if kind == "plain":
            plains, cards = cards[:players], cards[players:]
        cards.insert(randbelow(rng, len(cards) + 1), fountain)
        if cards[0] == fountain:  # the visible card may not be a fountain
            cards.pop(0)
            cards.insert(1 + randbelow(rng, len(cards)), fountain)
        piles.append(tuple(cards))
    hands = []
    for _ in range(players):
        hands.append(sort_creatures(creatures[:DEAL]))
        creatures = creatures[DEAL:]
    display, deck = sort_creatures(creatures[:DISPLAY_SIZE]), tuple(creatures[DISPLAY_SIZE:])
    first = randbelow(rng, players)
    return State(
        players=players, seed=seed, ruleset="base", first=first, turn=first, phase="turn",
        deck=deck, display=display, discard=(), hands=tuple(hands),
        reserves=tuple((p,) for p in plains), stacks=((),) * players, down=((),) * players,
        fountains=((),) * players, piles=tuple(piles),
        removed_creatures=sort_creatures(removed_creatures),
        removed_territories=sort_territories(removed_territories), lost=(),
        points=(0,) * players,
    )


# ------------------------------------------------------------------ what may be done
def visible_kinds(s: State, p: int) -> set[str]:
    """The kinds among player p's reserve and face-up consolidated top."""
    kinds = {kind_of(c) for c in s.reserves[p]}
    top = s.face_up_top(p)
    if top is not None:
        kinds.add(kind_of(top))
    return kinds


def reserve_value(s: State, p: int) -> int:
    return sum(value_of(c) for c in s.reserves[p])


_TAKE_TERRITORY = {kind: TakeTerritory(kind) for kind in KINDS}
_JOIN, _STAY_OUT = Join(), StayOut()
_DECLARE: tuple[Action, ...] = (_JOIN, _STAY_OUT)
_PASS = (Pass(),)
# (reserve, face-up top's kind) -> (the kinds the player shows, room left in the reserve)
_RESERVE: dict[tuple[tuple[str, ...], str | None], tuple[frozenset[str], int]] = {}
# the last turn state listed by legal_actions and the actions listed (their identity is what _check looks for)
_LISTED: tuple[Any, tuple[Action, ...]] = (None, ())


def _reserve_info(s: State, p: int) -> tuple[frozenset[str], int]:
    reserve = s.reserves[p]
    top = s.stacks[p][-1] if s.stacks[p] else None
    key = (reserve, None if top is None or top in s.down[p] else KIND[top])
    info = _RESERVE.get(key)
    if info is None:
        kinds = frozenset(KIND[c] for c in reserve)
        if key[1] is not None:
            kinds |= {key[1]}
        info = _RESERVE[key] = (kinds, RESERVE_LIMIT - sum(VALUE[c] for c in reserve))
    return info


def _tops(piles: tuple[tuple[str, ...], ...]) -> tuple[Any, tuple[tuple[str, int, Action], ...]]:
    """``piles`` and, for each pile with a card, its kind, its top card's value and its TakeTerritory action (kept in
    ``_TOPS``: the piles change only when a territory is taken, so the next listings look them up at once)."""
    global _TOPS
    _TOPS = (piles, tuple((kind, VALUE[pile[0]], _TAKE_TERRITORY[kind]) for kind, pile in zip(KINDS, piles) if pile))
    return _TOPS


# the last piles listed and their tops (see _tops)
_TOPS: tuple[Any, tuple[tuple[str, int, Action], ...]] = (None, ())


def legal_actions(s: State) -> list[Action]:
    global _LISTED
    p = s.current_player
    if p is None:
        return []
    phase = s.phase
    if phase == "dispute":
        _LISTED = (s, _DECLARE)
        return list(_DECLARE)
    if phase != "turn":  # discard, fountain-discard
        hand = s.hands[p]
        found = DISCARDS.get(hand)
        if found is None:
            if len(DISCARDS) > MEMO_LIMIT:
                DISCARDS.clear()
            found = DISCARDS[hand] = tuple([DISCARD[c] for c in SPECIES if c in hand])
        _LISTED = (s, found)
        return list(found)
    display = s.display
    acts: list[Action] = list(TAKES.get(display) or takes(display))
    reserve = s.reserves[p]
    stack = s.stacks[p]  # (_reserve_info, inline: one call less per listing)
    top = stack[-1] if stack else None
    up = None if top is None or top in s.down[p] else KIND[top]  # the face-up top's kind
    info = _RESERVE.get((reserve, up))
    seen, room = info if info is not None else _reserve_info(s, p)
    tops = _TOPS if s.piles is _TOPS[0] else _tops(s.piles)
    for kind, value, take in tops[1]:  # (a loop, not a list comprehension: one frame less)
        if value <= room and kind not in seen:
            acts.append(take)
    if reserve:
        hand = s.hands[p]
        discount = up == "plain"  # the plain's power: a face-up plain on top (State.discount)
        h0, h1, h2, h3, h4 = HAND_COUNTS.get(hand) or hand_counts(hand)
        for card in reserve:
            # consolidations of the hand's counts capped by the card's symbols (a payment never uses more of a
            # species than its cap, so the capped hand pays exactly as the whole one); inline: a call less
            c0, c1, c2, c3, c4 = CAP[card]
            counts = (h0 if h0 < c0 else c0, h1 if h1 < c1 else c1, h2 if h2 < c2 else c2, h3 if h3 < c3 else c3,
                      h4 if h4 < c4 else c4)
            cons = CONSOLIDATIONS.get((card, counts, discount))
            acts += cons if cons is not None else consolidations(card, counts, discount)
    if not acts:
        _LISTED = (s, _PASS)
        return list(_PASS)
    _LISTED = (s, tuple(acts))  # (a copy: the list returned is the caller's, and apply trusts this one)
    return acts


def _check(s: State, action: Any, p: int | None) -> None:
    """IllegalAction, naming the rule, unless ``action`` is legal in ``s`` (``p``: its current player)."""
    listed = _LISTED  # one read: the action is one legal_actions just listed for this very state
    if listed[0] is s:
        for a in listed[1]:  # (by identity: a Python loop costs less than a set of ids built per listing)
            if a is action:
                return
    phase = s.phase
    if phase == "dispute":  # the two answers, without valid_shape's look at them (the usual case)
        if action is _JOIN or action is _STAY_OUT:
            return
    elif phase == "discard" or phase == "fountain-discard":
        if type(action) is Discard and type(action.card) is str and action.card in ORDER \
                and action.card in s.hands[p]:  # type: ignore[index]
            return
    elif phase == "over":
        raise _illegal(RULE_SECOND_RUNOUT, "the game is over")
    if not valid_shape(action):
        raise _illegal(RULE_UNKNOWN, "{what} is not an action of Tir Nan Og Wars", what=type(action).__name__)
    if s.phase == "dispute":
        if not isinstance(action, (Join, StayOut)):
            raise _illegal(RULE_DECLARE, "{Player} must first say whether they join the dispute for the fountain",
                           player=p)
        return
    if s.phase in ("discard", "fountain-discard"):
        rule = RULE_HAND_LIMIT if s.phase == "discard" else RULE_WINNER_DISCARD
        if not isinstance(action, Discard):
            raise _illegal(rule, "{Player} must first discard a creature card", player=p)
        if action.card not in s.hands[p]:  # type: ignore[index]
            raise _illegal(rule, "{Player} has no {card} to discard", player=p, card=action.card)
        return
    assert p is not None
    if isinstance(action, (Join, StayOut)):
        raise _illegal(RULE_DECLARE, "no fountain is being disputed")
    if isinstance(action, Discard):
        raise _illegal(RULE_HAND_LIMIT, "nobody has to discard now")
    if isinstance(action, TakeCreatures):
        if action.cards not in creature_pairs(s.display):
            raise _illegal(RULE_TAKE_CREATURES, "the display does not offer {cards} (take two of its cards)",
                           cards=action.cards)
        return
    if isinstance(action, TakeTerritory):
        kind = action.kind
        pile = s.piles[KINDS.index(kind)]
        if not pile:
            raise _illegal(RULE_TAKE_TERRITORY, "the {kind} pile is empty", kind=kind)
        if kind in visible_kinds(s, p):
            raise _illegal(RULE_ONE_PER_KIND, "{Player} already has a visible {kind}", player=p, kind=kind)
        if reserve_value(s, p) + value_of(pile[0]) > RESERVE_LIMIT:
            raise _illegal(RULE_RESERVE_VALUE, "the reserve would be worth {value}, more than 7",
                           value=reserve_value(s, p) + value_of(pile[0]))
        return
    if isinstance(action, Consolidate):
        card = next((c for c in s.reserves[p] if kind_of(c) == action.kind), None)
        if card is None:
            raise _illegal(RULE_PAY, "{Player} has no {kind} in reserve", player=p, kind=action.kind)
        t = TERRITORIES[card]
        if action.pay not in payments_of(t.symbols, s.hands[p], has_discount(s.stacks[p], s.down[p])):
            rule = RULE_ANY if ANY in t.symbols else RULE_PAY
            raise _illegal(rule, "{pay} does not pay for the {territory}", pay=action.pay, territory=card)
        return
    if isinstance(action, Pass) and legal_actions(s) != [Pass()]:
        raise _illegal(RULE_PASS, "{Player} may pass only when no action is possible", player=p)


# ------------------------------------------------------------------ doing it
def apply(s: State, action: Any) -> State:
    """The state after ``action`` (``_step`` without its events, one call less on the playout path)."""
    if not isinstance(s, State):
        raise TypeError("expected a Tir Nan Og Wars State")
    p = s.current_player
    listed = _LISTED  # (_check's first look, inline: one call less when legal_actions just listed this state)
    if listed[0] is s:
        for a in listed[1]:
            if a is action:
                break
        else:
            _check(s, action, p)
    else:
        _check(s, action, p)  # after it, type(action) is one of the game's action types
    assert p is not None  # (listed: a game over lists nothing; else _check refused it)
    return _DO[type(action)](s, p, action, _SILENT)


def apply_explained(s: State, action: Any) -> tuple[State, list[Event]]:
    return _step(s, action)


def explain(s: State, action: Any) -> list[Event]:
    return _step(s, action)[1]


def _step(s: State, action: Any, ev: list[Event] | None = None) -> tuple[State, list[Event]]:
    if not isinstance(s, State):
        raise TypeError("expected a Tir Nan Og Wars State")
    p = s.current_player
    _check(s, action, p)  # after it, type(action) is one of the game's action types
    if ev is None:
        ev = []
    assert p is not None
    return _DO[type(action)](s, p, action, ev), ev


def _join(s: State, p: int, action: Any, ev: list[Event]) -> State:
    if type(ev) is not _Silent:
        _ev(ev, RULE_DECLARE, "{Player} joins the dispute.", "declare", player=p)
    asked = s.asked[1:]
    d = s.__dict__.copy()  # (replace, inline)
    d["asked"] = asked
    d["joined"] = s.joined + (p,)
    d["current_player"] = asked[0] if asked else None
    return _resolve(_new(d), ev) if not asked else _new(d)


def _stay_out(s: State, p: int, action: Any, ev: list[Event]) -> State:
    if type(ev) is not _Silent:
        _ev(ev, RULE_DECLARE, "{Player} stays out of the dispute.", "declare", player=p)
    asked = s.asked[1:]
    d = s.__dict__.copy()  # (replace, inline)
    d["asked"] = asked
    d["current_player"] = asked[0] if asked else None
    return _resolve(_new(d), ev) if not asked else _new(d)


def _pass(s: State, p: int, action: Any, ev: list[Event]) -> State:
    if type(ev) is not _Silent:
        _ev(ev, RULE_PASS, "{Player} can do nothing and passes.", "pass", player=p)
    return _end_turn(s, ev)


def _sorted(cards: tuple[str, ...]) -> tuple[str, ...]:
    """``sort_creatures``, remembered in ``_SORTED`` (hands and displays come back again and again); the
    callers look there first, so this runs only for cards not seen yet."""
    if len(_SORTED) > MEMO_LIMIT:
        _SORTED.clear()
    found = _SORTED[cards] = tuple(sorted(cards, key=ORDER.__getitem__))
    return found


def _taken(cards: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...]:
    """``cards`` without ``taken`` (a display, a hand), remembered in ``_TAKEN``; the callers look there first."""
    if len(_TAKEN) > MEMO_LIMIT:
        _TAKEN.clear()
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    found = _TAKEN[(cards, taken)] = tuple(rest)
    return found


_SORTED: dict[tuple[str, ...], tuple[str, ...]] = {}
_TAKEN: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = {}


def _take_creatures(s: State, p: int, action: Any, ev: list[Event]) -> State:
    cards = action.cards
    hands = s.hands
    hand = hands[p] + cards
    hand = _SORTED.get(hand) or _sorted(hand)  # (the memos' look-ups inline: a call less each)
    display = s.display
    display = _TAKEN.get((display, cards)) or _taken(display, cards)
    d = s.__dict__.copy()  # (replace, inline: the new state's fields, set one by one)
    d["hands"] = hands[:p] + (hand,) + hands[p + 1:]
    tell = type(ev) is not _Silent
    if tell:
        _ev(ev, RULE_TAKE_CREATURES, "{Player} takes {cards} from the display.", "take", player=p, cards=cards)
    deck = s.deck
    k = DISPLAY_SIZE - len(display)
    if 0 < k < len(deck):  # the usual refill, the deck not running out (what _refill does then, in one step)
        display += deck[:k]
        d["display"] = _SORTED.get(display) or _sorted(display)
        d["deck"] = deck[k:]
        if tell:
            _ev(ev, RULE_REFILL, "{Count} cards from the deck refill the display.", "refill", count=k)
    else:
        d["display"] = display
        d = _refill(_new(d), ev).__dict__.copy()
    if len(hand) > HAND_LIMIT:
        over = len(hand) - HAND_LIMIT
        if tell:
            _ev(ev, RULE_HAND_LIMIT, "{Player} holds {count} cards, more than 7, and chooses {over} to discard.",
                "decision", player=p, count=len(hand), over=over)
        d["phase"] = "discard"
        d["owed"] = (p, over, "hand-limit")
        d["current_player"] = p
        return _new(d)
    return _finish(d, ev)


def _refill(s: State, ev: list[Event]) -> State:
    """Bring the display back to 5 from the deck; the deck running out ends a round."""
    drawn = 0
    while len(s.display) < DISPLAY_SIZE and s.deck:
        k = DISPLAY_SIZE - len(s.display)
        if len(s.deck) < k:  # (not min(): a builtin with keyword parsing, costly on this path)
            k = len(s.deck)
        s = replace(s, display=sort_creatures(s.display + s.deck[:k]), deck=s.deck[k:])
        drawn += k
        if not s.deck:
            s = _run_out(s, ev)
    if drawn:
        _ev(ev, RULE_REFILL, "{Count} cards from the deck refill the display.", "refill", count=drawn)
    return s


def _run_out(s: State, ev: list[Event]) -> State:
    if s.runouts == 0:
        s = replace(s, runouts=1)
        _ev(ev, RULE_FIRST_RUNOUT, "The creature deck has run out: round one ends with an intermediate scoring.",
            "round")
        s = _score_territories(s, ev, "intermediate")
        deck = list(s.discard)
        shuffle(random.Random(f"tir-nan-og|{s.seed}|reshuffle|{s.shuffles}"), deck)
        s = replace(s, deck=tuple(deck), discard=(), shuffles=s.shuffles + 1)
        _ev(ev, RULE_RESHUFFLE, "The {count} discarded creature cards are shuffled into a new deck.", "reshuffle",
            count=len(deck))
        if deck:
            return s
    s = replace(s, runouts=2)
    _ev(ev, RULE_SECOND_RUNOUT, "The creature deck has run out a second time: the game ends when this round "
        "is complete.", "round")
    return s


def _score_territories(s: State, ev: list[Event], when: str) -> State:
    points = list(s.points)
    for p in range(s.players):
        got = stack_points(s, p)
        points[p] += got
        _ev(ev, RULE_SCORING, "{Player} scores {points} for their consolidated territories.", "score",
            player=p, points=got, when=when)
    return replace(s, points=tuple(points))


def _take_territory(s: State, p: int, action: Any, ev: list[Event]) -> State:
    kind = action.kind
    i = _PILE[kind]
    piles = s.piles
    pile = piles[i]
    card, rest = pile[0], pile[1:]
    reserves = s.reserves
    d = s.__dict__.copy()  # (replace, inline)
    d["piles"] = piles[:i] + (rest,) + piles[i + 1:]
    d["reserves"] = reserves[:p] + (sort_territories(reserves[p] + (card,)),) + reserves[p + 1:]
    if type(ev) is not _Silent:
        _ev(ev, RULE_TAKE_TERRITORY, "{Player} takes the {territory} into their reserve.", "take", player=p,
            territory=card)
    if rest and rest[0] in _FOUNTAIN_SET:
        n = s.players
        _ev(ev, RULE_DISPUTE, "A magic fountain shows on the {kind} pile: the game stops and every player, "
            "clockwise from {revealer}, says whether they dispute it.", "dispute", kind=kind, revealer=p,
            fountain=rest[0])
        d.update(phase="dispute", fountain=rest[0], asked=tuple((p + k) % n for k in range(n)), joined=(), shown=(),
                 current_player=p)
        return _new(d)
    return _finish(d, ev)


_PILE = {kind: i for i, kind in enumerate(KINDS)}
_FOUNTAIN_SET = frozenset(FOUNTAINS)
_FOUNTAIN_PILE = {f: pile_of_fountain(f) for f in FOUNTAINS}


def _add_creatures(cards: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    """``sort_creatures(cards + new)`` for sorted ``cards``: each new card put in its place."""
    for card in new:
        i = bisect.bisect_right(cards, ORDER[card], key=ORDER.__getitem__)
        cards = cards[:i] + (card,) + cards[i:]
    return cards


def _consolidate(s: State, p: int, action: Any, ev: list[Event]) -> State:
    kind, pay = action.kind, action.pay
    reserve = s.reserves[p]
    for card in reserve:  # the reserve's card of that kind (legal: there is one)
        if KIND[card] == kind:
            break
    i = reserve.index(card)
    hands, reserves, stacks = s.hands, s.reserves, s.stacks
    used_discount = has_discount(stacks[p], s.down[p])  # the plain this territory covers
    hand = hands[p]
    d = s.__dict__.copy()  # (replace, inline)
    d["hands"] = hands[:p] + (_TAKEN.get((hand, pay)) or _taken(hand, pay),) + hands[p + 1:]
    d["discard"] = _add_creatures(s.discard, pay)
    d["reserves"] = reserves[:p] + (reserve[:i] + reserve[i + 1:],) + reserves[p + 1:]
    d["stacks"] = stacks[:p] + (stacks[p] + (card,),) + stacks[p + 1:]  # a plain on top: the next one is cheaper
    if type(ev) is _Silent and kind in _QUIET_POWERS:  # (no power to play: the plain's is its place on top)
        return _finish(d, ev)
    _ev(ev, RULE_STACK, "{Player} consolidates the {territory}, paying {pay}.", "consolidate", player=p,
        territory=card, pay=pay)
    if used_discount:
        _ev(ev, RULE_PLAIN, "The plain's discount: one creature fewer to pay.", "discount", player=p)
    s = _power(_new(d), p, kind, ev)
    return _end_turn(s, ev)


_QUIET_POWERS = frozenset({"plain", "river", "castle"})


def _power(s: State, p: int, kind: str, ev: list[Event]) -> State:
    if kind == "plain":
        _ev(ev, RULE_PLAIN, "Plain: the next territory {player} consolidates costs one creature less.", "power",
            player=p)
        return s
    if kind == "river":
        _ev(ev, RULE_RIVER, "River: no power, but it scores 3 instead of 2.", "power", player=p)
        return s
    if kind == "castle":
        _ev(ev, RULE_CASTLE, "Castle: while it stays on top, each of {player}'s turns earns 1 point per visible "
            "forest and river of the other players.", "power", player=p)
        return s
    if kind == "forest":
        _ev(ev, RULE_FOREST, "Forest: the fairy feast. Every player reveals their fairies.", "power", player=p)
        points, hands = list(s.points), list(s.hands)
        discard = s.discard
        for q in range(s.players):
            top = s.face_up_top(q)
            on_top = sum(1 for c in TERRITORIES[top].symbols if c == "fairy") if top else 0
            in_hand = s.hands[q].count("fairy")
            points[q] += in_hand + on_top
            _ev(ev, RULE_FOREST, "{Player} shows {count} fairies in hand and {symbols} on their territory: "
                "{points} points.", "score", player=q, count=in_hand, symbols=on_top, points=in_hand + on_top)
            if in_hand:
                hands[q] = _remove(hands[q], ("fairy",))
                discard = sort_creatures(discard + ("fairy",))
                _ev(ev, RULE_FOREST, "{Player} discards a fairy.", "discard", player=q)
        return replace(s, points=tuple(points), hands=tuple(hands), discard=discard)
    if kind == "temple":
        if len(s.stacks[p]) < TEMPLE_MINIMUM:
            _ev(ev, RULE_TEMPLE_MINIMUM, "Temple: {player} has fewer than 3 consolidated territories, so it has "
                "no effect.", "power", player=p)
            return s
        values = {q: top_value(s, q) for q in range(s.players)}
        won = temple(p, values)
        for q in range(s.players):
            if q != p:
                _ev(ev, RULE_TEMPLE, "Temple: {attacker} ({value}) against {defender} ({other}).", "compare",
                    attacker=p, defender=q, value=values[p], other=values[q])
        for q in range(s.players):
            if won[q]:
                _ev(ev, RULE_TEMPLE, "{Player} scores {points} points.", "score", player=q, points=won[q])
        return replace(s, points=tuple(s.points[q] + won[q] for q in range(s.players)))
    # volcano
    sizes = {q: len(s.hands[q]) for q in range(s.players)}
    won = volcano(sizes)
    _ev(ev, RULE_VOLCANO, "Volcano: the fewest cards in hand score 3 points, the second fewest 1.", "power",
        player=p)
    for q in range(s.players):
        if won[q]:
            _ev(ev, RULE_VOLCANO, "{Player} holds {count} cards and scores {points}.", "score", player=q,
                count=sizes[q], points=won[q])
    return replace(s, points=tuple(s.points[q] + won[q] for q in range(s.players)))


def symbols_counted(s: State, p: int) -> list[str]:
    """What player p counts in a dispute: the hand and the face-up top's creatures ('?' ignored)."""
    top = s.face_up_top(p)
    on_top = [c for c in TERRITORIES[top].symbols if c != ANY] if top else []
    return sort_creatures(list(s.hands[p]) + on_top)  # type: ignore[return-value]


def _resolve(s: State, ev: list[Event]) -> State:
    fountain = s.fountain
    assert fountain is not None
    tell = type(ev) is not _Silent
    i = _FOUNTAIN_PILE[fountain]
    d = s.__dict__.copy()  # (replace, inline: every change below goes into this one copy)
    d.update(piles=_set(s.piles, i, s.piles[i][1:]), fountain=None, asked=(), joined=(), current_player=s.turn)
    parts = s.joined
    if not parts:
        _ev(ev, RULE_NOBODY, "Nobody disputes the fountain: it is discarded.", "fountain")
        d["lost"] = sort_territories(s.lost + (fountain,))
        return _finish(d, ev)
    symbols = {q: symbols_counted(s, q) for q in parts}
    counts = {q: majorities(symbols[q]) for q in parts}
    d["shown"] = tuple((q, s.hands[q]) for q in parts)
    if tell:
        for q in parts:
            _ev(ev, RULE_COUNT, "{Player} reveals {cards} and counts {symbols}: majorities {counts}.", "reveal",
                player=q, cards=s.hands[q], symbols=tuple(symbols[q]), counts=counts[q])
    w = winner(counts)
    if tell:
        firsts = [counts[q][:1] or (0,) for q in parts]
        if len(parts) > 1 and sum(1 for f in firsts if f == max(firsts)) > 1 and w is not None:
            _ev(ev, RULE_TIE, "The highest majorities tie: the tied players compare their next majority.", "tie")
    if w is None:
        _ev(ev, RULE_ABSOLUTE_TIE, "An absolute tie: the fountain is discarded.", "fountain")
        d["lost"] = sort_territories(s.lost + (fountain,))
        return _finish(d, ev)
    d["fountains"] = _set(s.fountains, w, s.fountains[w] + (fountain,))
    _ev(ev, RULE_WINNER, "{Winner} wins the magic fountain (4 points at each scoring).", "fountain", winner=w)
    _ev(ev, RULE_KEPT, "The fountain lies beside {player}'s consolidated territories; it covers none.", "fountain",
        player=w)
    down = list(s.down)
    for q in parts:
        top = s.face_up_top(q)
        if q != w and top is not None:
            down[q] = sort_territories(down[q] + (top,))
            _ev(ev, RULE_LOSERS, "{Player} loses and turns the {territory} face down: 0 points and no power.",
                "face-down", player=q, territory=top)
    d["down"] = tuple(down)
    owe = len(parts)
    hand = s.hands[w]
    if len(hand) <= owe:
        if hand:
            _ev(ev, RULE_WINNER_DISCARD, "{Winner} discards {cards}, the whole hand.", "discard", winner=w,
                cards=hand)
        d["hands"] = _set(s.hands, w, ())
        d["discard"] = sort_creatures(s.discard + hand)
        return _finish(d, ev)
    _ev(ev, RULE_WINNER_DISCARD, "{Winner} chooses {count} cards to discard, one per participant.", "decision",
        winner=w, count=owe)
    d.update(phase="fountain-discard", owed=(w, owe, "fountain"), current_player=w)
    return _new(d)


def _discard(s: State, p: int, action: Any, ev: list[Event]) -> State:
    card = action.card
    owed = s.owed
    assert owed is not None
    hands = s.hands
    hand = hands[p]
    i = hand.index(card)
    d = s.__dict__.copy()  # (replace, inline)
    d["hands"] = hands[:p] + (hand[:i] + hand[i + 1:],) + hands[p + 1:]
    discard = s.discard  # (_add_creatures for one card, inline)
    i = bisect.bisect_right(discard, ORDER[card], key=ORDER.__getitem__)
    d["discard"] = discard[:i] + (card,) + discard[i:]
    if type(ev) is not _Silent:
        rule = RULE_HAND_LIMIT if owed[2] == "hand-limit" else RULE_WINNER_DISCARD
        _ev(ev, rule, "{Player} discards a {card}.", "discard", player=p, card=card)
    left = owed[1] - 1
    if left:
        d["owed"] = (p, left, owed[2])
        return _new(d)
    return _finish(d, ev)


def _new(d: dict[str, Any]) -> State:
    """The state with the fields in ``d`` (a copy of another state's, changed; see ``replace``)."""
    new = object.__new__(State)
    _set_attr(new, "__dict__", d)
    return new


_CASTLES = frozenset(c for c in TERRITORIES if KIND[c] == "castle")
_FORESTS_RIVERS = frozenset(c for c in TERRITORIES if KIND[c] in ("forest", "river"))


def _finish(d: dict[str, Any], ev: list[Event]) -> State:
    """``_end_turn`` for an action whose changes are made in ``d``, a copy of the state's fields: the usual cases
    (not the game's last turn; a face-up castle on top scoring in silence) in place in ``d``, without another copy."""
    p = d["turn"]
    n = d["players"]
    if d["runouts"] >= 2 and p == (d["first"] - 1) % n:  # the game's last turn
        return _end_turn(_new(d), ev)
    stack = d["stacks"][p]
    if stack and stack[-1] in _CASTLES and stack[-1] not in d["down"][p]:
        if type(ev) is not _Silent:  # narrated: _end_turn tells the castle's points
            return _end_turn(_new(d), ev)
        seen = 0  # the castle's points: the others' visible (face-up) forests and rivers on top
        stacks, down = d["stacks"], d["down"]
        for q in range(n):
            if q != p and stacks[q] and stacks[q][-1] in _FORESTS_RIVERS and stacks[q][-1] not in down[q]:
                seen += 1
        points = d["points"]
        d["points"] = points[:p] + (points[p] + seen,) + points[p + 1:]
    nxt = p + 1
    if nxt == n:
        nxt = 0
    d["phase"] = "turn"
    d["owed"] = None
    d["turns"] += 1
    d["turn"] = d["current_player"] = nxt
    new = object.__new__(State)  # (_new, inline)
    _set_attr(new, "__dict__", d)
    return new


def _end_turn(s: State, ev: list[Event]) -> State:
    """The turn passes clockwise (after the castle's points, or the game ends); see ``_finish`` for the usual
    case when the action's changes are still a dict."""
    p = s.turn
    stack = s.stacks[p]
    top = stack[-1] if stack else None
    castle = top is not None and KIND[top] == "castle" and top not in s.down[p]
    if castle:
        seen = sum(1 for q in range(s.players) if q != p and s.face_up_top(q) is not None
                   and kind_of(s.face_up_top(q) or "") in ("forest", "river"))
        s = replace(s, points=_set(s.points, p, s.points[p] + seen))
        _ev(ev, RULE_CASTLE, "{Player}'s castle earns {points} points (visible forests and rivers of the others).",
            "score", player=p, points=seen)
    if s.runouts >= 2 and p == (s.first - 1) % s.players:
        s = replace(s, phase="turn", owed=None, turns=s.turns + 1, current_player=p)
        _ev(ev, RULE_SECOND_RUNOUT, "The round is complete: the game ends with the final scoring.", "end")
        s = _score_territories(s, ev, "final")
        s = replace(s, phase="over", current_player=None)
        won = winners(s)
        top_points = max(s.points)
        if sum(1 for q in range(s.players) if s.points[q] == top_points) > 1:
            _ev(ev, RULE_TIE_BREAK, "Tied on points: the higher territory value decides.", "tie")
        _ev(ev, RULE_TOTAL, "The game is over. Winner: {winners}.", "end", winners=tuple(won))
        return s
    nxt = (p + 1) % s.players
    return replace(s, phase="turn", owed=None, turns=s.turns + 1, turn=nxt, current_player=nxt)


_DO = {Join: _join, StayOut: _stay_out, Discard: _discard, TakeCreatures: _take_creatures,
       TakeTerritory: _take_territory, Consolidate: _consolidate, Pass: _pass}
