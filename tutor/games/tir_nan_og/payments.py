"""Tir Nan Og Wars' payments and the action tables the listing looks up: what a hand can pay for a territory
(the '?' and the plain's discount), the pairs a display offers, each hand's counts and discards.

Pure functions of cards, and memos filled at import for every hand a game can hold (see ``_build_tables``).
"""

from __future__ import annotations

import functools
import itertools

from .actions import Action, Consolidate, Discard, TakeCreatures
from .cards import ANY, DISPLAY_SIZE, HAND_LIMIT, SPECIES, TERRITORIES


@functools.lru_cache(maxsize=65536)
def payments_of(symbols: tuple[str, ...], hand: tuple[str, ...], discount: bool) -> tuple[tuple[str, ...], ...]:
    return tuple(payments(symbols, hand, discount))


def takes(display: tuple[str, ...]) -> tuple[Action, ...]:
    """The TakeCreatures actions a display offers, kept in ``TAKES`` (legal_actions looks there first)."""
    if len(TAKES) > MEMO_LIMIT:
        TAKES.clear()
    found = TAKES[display] = tuple(TakeCreatures(pair) for pair in creature_pairs(display))
    return found


TAKES: dict[tuple[str, ...], tuple[Action, ...]] = {}


# per territory card: how many of each species a payment can use (its symbols of that species plus its '?')
CAP = {cid: tuple(t.symbols.count(c) + t.symbols.count(ANY) for c in SPECIES) for cid, t in TERRITORIES.items()}
# per territory card: its symbols counted per species, and its '?'
_SYMBOLS = {cid: (tuple(t.symbols.count(c) for c in SPECIES), t.symbols.count(ANY)) for cid, t in TERRITORIES.items()}
DISCARD = {c: Discard(c) for c in SPECIES}
assert len(SPECIES) == 5, "legal_actions and _pay are written for five species"
HAND_COUNTS: dict[tuple[str, ...], tuple[int, ...]] = {}
# (card, the hand's counts capped by CAP[card], discount) -> its Consolidate actions; a payment never
# uses more of a species than the cap, so the capped hand pays exactly as the whole one (and repeats far more)
CONSOLIDATIONS: dict[tuple[str, tuple[int, ...], bool], tuple[Action, ...]] = {}
# (kind, payment) -> its Consolidate action, one object for all (they are values)
_CONSOLIDATE: dict[tuple[str, tuple[str, ...]], Action] = {}
MEMO_LIMIT = 200_000  # entries a memo may grow to before it starts again (odd scenario files, long runs)
# a hand -> its Discard actions (hand limit, fountain)
DISCARDS: dict[tuple[str, ...], tuple[Action, ...]] = {}


def hand_counts(hand: tuple[str, ...]) -> tuple[int, ...]:
    counts = HAND_COUNTS.get(hand)
    if counts is None:
        if len(HAND_COUNTS) > MEMO_LIMIT:  # scenario hands may be odd: keep the memo bounded
            HAND_COUNTS.clear()
        count = hand.count  # (five calls written out: a generator per hand costs more than the counting)
        counts = HAND_COUNTS[hand] = (count(_S0), count(_S1), count(_S2), count(_S3), count(_S4))
    return counts


_S0, _S1, _S2, _S3, _S4 = SPECIES


def consolidations(card: str, counts: tuple[int, ...], discount: bool) -> tuple[Action, ...]:
    """The Consolidate actions for reserve ``card`` from a hand with these (capped) counts."""
    key = (card, counts, discount)
    acts = CONSOLIDATIONS.get(key)
    if acts is None:
        t = TERRITORIES[card]
        need, wild = _SYMBOLS[card]
        if sum(counts) < len(t.symbols) - discount:  # too few cards to pay (most of the tables' entries)
            CONSOLIDATIONS[key] = ()
            return ()
        acts = CONSOLIDATIONS[key] = tuple(_CONSOLIDATE.get((t.kind, pay)) or _consolidate_action(t.kind, pay)
                                            for pay in _pay(need, wild, len(t.symbols), counts, discount))
    return acts


def _consolidate_action(kind: str, pay: tuple[str, ...]) -> Action:
    action = _CONSOLIDATE[(kind, pay)] = Consolidate(kind, pay)
    return action


def payments(symbols: tuple[str, ...], hand: tuple[str, ...], discount: bool) -> list[tuple[str, ...]]:
    """Every distinct set of creature cards from ``hand`` that pays ``symbols``.

    A '?' takes any creature; with the plain's discount one symbol of the
    player's choice is not paid.

    >>> payments(("griffin", "elf"), ("elf", "griffin", "griffin"), False)
    [('elf', 'griffin')]
    >>> payments(("dragon", "?", "?"), ("dragon", "elf", "fairy"), True)
    [('dragon', 'elf'), ('dragon', 'fairy'), ('elf', 'fairy')]
    """
    return list(_pay(tuple(symbols.count(c) for c in SPECIES), symbols.count(ANY), len(symbols),
                     tuple(hand.count(c) for c in SPECIES), discount))


def _pay(need: tuple[int, ...], wild: int, size: int, have: tuple[int, ...],
         discount: bool) -> tuple[tuple[str, ...], ...]:
    """``payments`` in counts per species: ``need`` named symbols, ``wild`` '?' (``size`` in all), ``have`` in hand.

    The payments come shortest first, then by the species' order card by card.
    """
    variants: list[tuple[tuple[int, ...], int]]
    if not discount:
        variants = [(need, wild)]
    elif not size:
        return ()
    else:  # one symbol of the player's choice is not paid: a named one, or a '?'
        variants = [(need[:i] + (n - 1,) + need[i + 1:], wild) for i, n in enumerate(need) if n]
        if wild:
            variants.append((need, wild - 1))
    h0, h1, h2, h3, h4 = have
    found: set[tuple[int, ...]] = set()
    for named, k in variants:
        n0, n1, n2, n3, n4 = named  # (unrolled: a builtin or a generator per variant costs more)
        if n0 > h0 or n1 > h1 or n2 > h2 or n3 > h3 or n4 > h4:
            continue
        if not k:
            found.add(named)
            continue
        for e0, e1, e2, e3, e4 in _wild((h0 - n0, h1 - n1, h2 - n2, h3 - n3, h4 - n4), k):
            found.add((n0 + e0, n1 + e1, n2 + e2, n3 + e3, n4 + e4))
    paid = _PAID
    ranked = [paid[f] if f in paid else _paid_cards(f) for f in found]
    ranked.sort(key=_RANK.__getitem__)
    return tuple(ranked)


# counts per species -> the cards paid, species by species; the cards -> their rank among payments
# (shortest first, then species by species in SPECIES' order); both bounded by the territories' symbols
_PAID: dict[tuple[int, ...], tuple[str, ...]] = {}
_RANK: dict[tuple[str, ...], tuple[int, tuple[int, ...]]] = {}


def _paid_cards(counts: tuple[int, ...]) -> tuple[str, ...]:
    idx = tuple(i for i, k in enumerate(counts) for _ in range(k))
    cards = _PAID[counts] = tuple(SPECIES[i] for i in idx)
    _RANK[cards] = (len(idx), idx)
    return cards


@functools.lru_cache(maxsize=4096)
def _wild(rest: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """Every way to take ``k`` cards from the counts ``rest`` (per species)."""
    if k == 0:
        return ((0,) * len(rest),)
    if not rest:
        return ()
    out = []
    for take in range(min(rest[0], k) + 1):
        for tail in _wild(rest[1:], k - take):
            out.append((take,) + tail)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def creature_pairs(display: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    k = min(2, len(display))
    if not k:
        return ()
    return tuple(sorted(set(itertools.combinations(display, k)), key=lambda t: [SPECIES.index(c) for c in t]))



# ------------------------------------------------------------------ tables built at import
# Built once here rather than met one by one in play (a first meeting costs a search; random playouts meet
# thousands of them in their first few hundred games): every hand of up to 9 cards (7, plus the 2 just taken)
# with its counts per species and its Discard actions, every display with its TakeCreatures actions, and every
# reserve card with every hand's counts capped by its symbols (up to 7 cards), with and without the discount,
# with its Consolidate actions.  A scenario's odd position still finds its actions: each table fills in as met.
def _build_tables() -> None:
    hands = [()] + [h for k in range(1, HAND_LIMIT + 3) for h in itertools.combinations_with_replacement(SPECIES, k)]
    for hand in hands:
        hand_counts(hand)
        DISCARDS[hand] = tuple([DISCARD[c] for c in SPECIES if c in hand])
        if len(hand) <= DISPLAY_SIZE:
            takes(hand)
    for card, cap in CAP.items():
        for counts in itertools.product(*(range(c + 1) for c in cap)):
            if sum(counts) <= HAND_LIMIT:  # (a hand holds at most 7 cards when it may consolidate)
                consolidations(card, counts, False)
                consolidations(card, counts, True)


_build_tables()
