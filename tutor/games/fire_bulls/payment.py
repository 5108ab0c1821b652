"""Paying for Yen cards with Qi cards."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, permutations, product
from operator import itemgetter

from tutor.games.fire_bulls.cards import (
    QI_ORDER,
    COLOURS,
    QI_KINDS,
    RULESETS,
    YEN_CARDS,
    card_kind,
    parse_card,
    parse_qi,
    symbols,
)

# ------------------------------------------------------------------------ paying
#
# A Yen card's price is a list of alternatives; each alternative is
# (fixed, free, distinct): ``fixed`` maps a colour to how many of its symbols
# the card shows, ``free`` lists groups of white symbols (each group paid in
# one colour), ``distinct`` says the free groups must take different colours.


@cache
def card_price(card: str, ruleset: str) -> tuple[tuple[tuple[int, ...], tuple[int, ...], bool], ...]:
    kind = card_kind(card)
    if kind == "colonel":
        second = 2 if ruleset == "it" else 3
        return ((_zero(), (3, second), True), (_zero(), (5,), False))
    if kind == "general":
        return ((_zero(), (4, 3), True), (_zero(), (7,), False))
    fixed = [0] * 5
    whites = 0
    for sym in symbols(card, ruleset):
        if sym == "white":
            whites += 1
        else:
            fixed[COLOURS.index(sym)] += 1
    return ((tuple(fixed), (whites,) if whites else (), False),)


def _zero() -> tuple[int, ...]:
    return (0, 0, 0, 0, 0)


def _fits(alt, bulls: Sequence[int]) -> bool:
    fixed, free, distinct = alt
    if not free:
        return all(b <= f for b, f in zip(bulls, fixed))
    for assign in product(range(5), repeat=len(free)):
        if distinct and len(set(assign)) < len(assign):
            continue
        need = list(fixed)
        for size, colour in zip(free, assign):
            need[colour] += size
        if all(b <= n for b, n in zip(bulls, need)):
            return True
    return False


def card_counts(cards: Iterable[str]) -> tuple[int, ...]:
    counts = [0] * 6
    idx = QI_ORDER
    for c in cards:
        counts[idx[c]] += 1
    return tuple(counts)


COUNTS: dict[tuple[str, ...], tuple[int, ...]] = {}  # a hand -> its counts (bounded by whoever fills it)


def hand_counts(hand: tuple[str, ...]) -> tuple[int, ...]:
    """``card_counts(hand)``, memoised (hands come back again and again)."""
    found = COUNTS.get(hand)
    if found is None:
        if len(COUNTS) >= 100_000:
            COUNTS.clear()
        found = COUNTS[hand] = card_counts(hand)
    return found


@lru_cache(maxsize=65536)
def pays_counts(card: str, ruleset: str, counts: tuple[int, ...]) -> bool:
    total = sum(counts)
    bulls = counts[:5]
    for alt in card_price(card, ruleset):
        if sum(alt[0]) + sum(alt[1]) == total and _fits(alt, bulls):
            return True
    return False


def can_pay(card: str, cards: Sequence[str], ruleset: str = "it") -> bool:
    """Do these Qi cards, all of them together, pay exactly for this Yen card?

    >>> can_pay("wu:blue", ["blue", "warrior"]), can_pay("wu:blue", ["blue"])
    (True, False)
    >>> can_pay("colonel", ["red"] * 3 + ["blue"] * 2, "it"), can_pay("colonel", ["red"] * 3 + ["blue"] * 2, "fr")
    (True, False)
    """
    card = parse_card(card)
    try:
        counts = card_counts(parse_qi(c) for c in cards)
    except ValueError:
        return False
    return pays_counts(card, ruleset, counts)


@lru_cache(maxsize=65536)
def payments_for(card: str, ruleset: str, hand: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct set of cards from a hand (given as counts) that pays.

    Built from the price itself: for each symbol group, how many of its
    symbols are paid by bulls of the right colour; Warriors pay the rest.

    A price that names no colour (the Colonel's, the General's, a Xi's or a
    Palisade's white symbols): the payments from a hand are those from the hand
    with its colours relabelled, relabelled back, so they are worked out once per
    hand shape (its colour counts, largest first) and mapped to each hand of that
    shape.
    """
    if sum(hand) < least_cards(card, ruleset):  # a payment is one card per symbol: too few cards, no payment
        return ()
    if _colourless(card, ruleset):
        order = tuple(sorted(range(5), key=hand.__getitem__, reverse=True))  # (stable: ties keep colour order)
        to_shape, back = _RELABEL[order]
        shape = _payment_counts(card, ruleset, to_shape(hand))
        if not shape:
            return ()
        # (relabelling is one-to-one: no payment twice; itemgetter relabels a whole payment in C)
        found: Collection[tuple[int, ...]] = list(map(back, shape))
    else:
        found = _payment_counts.__wrapped__(card, ruleset, hand)
    # (in C: each payment's rank in _pay_order and its cards come from tables of every payment size)
    return tuple(map(_CARDS_OF.__getitem__, sorted(found, key=_PAY_RANK.__getitem__)))


def _relabellings(order: tuple[int, ...]) -> tuple[itemgetter, itemgetter]:
    """For an order of the five colours (the hand's, largest count first): counts -> the same counts in that
    order (the hand's shape), and a shape's counts -> back in colour order (colour c of the hand is colour
    ``order.index(c)`` of its shape); Warriors stay last."""
    return itemgetter(*order, 5), itemgetter(*(order.index(c) for c in range(5)), 5)


# every order of the five colours -> its two relabellings (payments_for, by hand shape): 120 entries
_RELABEL: dict[tuple[int, ...], tuple[itemgetter, itemgetter]] = {
    order: _relabellings(order) for order in permutations(range(5))}


@cache
def least_cards(card: str, ruleset: str) -> int:
    """The fewest Qi cards any payment for this Yen card takes: one per symbol of its smallest price.

    >>> least_cards("wu:blue", "it"), least_cards("colonel", "it"), least_cards("colonel", "fr")
    (2, 5, 5)
    """
    return min(sum(fixed) + sum(free) for fixed, free, _ in card_price(card, ruleset))


@cache
def _colourless(card: str, ruleset: str) -> bool:
    """Does the card's price name no colour (white symbols only, in every alternative)?

    >>> _colourless("colonel", "fr"), _colourless("xi:white", "it"), _colourless("wu:green+red", "it")
    (True, True, False)
    """
    return not any(any(fixed) for fixed, _, _ in card_price(card, ruleset))


@lru_cache(maxsize=4096)
def _payment_counts(card: str, ruleset: str, hand: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The payments of ``payments_for`` as count vectors (five colours, then Warriors), in no order."""
    warriors = hand[5]
    found: set[tuple[int, ...]] = set()
    held = sum(hand)
    for fixed, free, distinct in card_price(card, ruleset):
        # A payment is exactly one card per symbol: a hand with fewer cards has none for this alternative.
        if held < sum(fixed) + sum(free):
            continue
        # Fixed colours: k bulls of colour c for c's f symbols, Warriors for the rest.
        options = [range((f if f < hand[c] else hand[c]) + 1) if f else (0,) for c, f in enumerate(fixed)]
        need_fixed = sum(fixed)
        for bulls in product(*options):
            used_w = need_fixed - sum(bulls)
            if used_w > warriors:
                continue
            if not free:
                found.add(bulls + (used_w,))
                continue
            if len(free) == 1:
                _one_group(bulls, used_w, free[0], hand, warriors, found)
            elif len(free) == 2 and distinct:
                _two_groups(bulls, used_w, free, hand, warriors, found)
            else:
                _free_groups(list(bulls), used_w, free, distinct, hand, warriors, found)
    return frozenset(found)


def _cards_of(counts: tuple[int, ...]) -> tuple[str, ...]:
    """The Qi cards a count vector stands for, in hand order."""
    return tuple(k for k, n in zip(QI_KINDS, counts) for _ in range(n))


def _one_group(bulls: tuple[int, ...], used_w: int, size: int, hand: tuple[int, ...], warriors: int,
               found: set[tuple[int, ...]]) -> None:
    """_free_groups for one group of white symbols: ``k`` bulls of one colour, Warriors for the rest
    (``k`` = 0 is the same payment whatever the colour, so it is added once)."""
    need_w = used_w + size
    if need_w <= warriors:
        found.add(bulls + (need_w,))
    for c in range(5):
        room = hand[c] - bulls[c]
        for k in range(1, (size if size < room else room) + 1):
            if need_w - k <= warriors:
                found.add(bulls[:c] + (bulls[c] + k,) + bulls[c + 1:] + (need_w - k,))


def _two_groups(bulls: tuple[int, ...], used_w: int, free: tuple[int, ...], hand: tuple[int, ...], warriors: int,
                found: set[tuple[int, ...]]) -> None:
    """_free_groups for two groups of white symbols paid in different colours.

    A group paid by Warriors alone (``k`` = 0) leaves its colour free, and some colour other than the
    other group's is always left among five, so it is listed once, as ``(None, 0)``.
    """
    s1, s2 = free
    room = [h - b for h, b in zip(hand[:5], bulls)]
    # second[k]: the colours that can pay k symbols of the second group (k >= 1)
    second = [[c for c in range(5) if room[c] >= k] for k in range(s2 + 1)]
    base_w = used_w + s1 + s2
    for c1, k1 in [(-1, 0)] + [(c, k) for c in range(5) for k in range(1, (s1 if s1 < room[c] else room[c]) + 1)]:
        least = base_w - k1 - warriors  # the second group must take at least this many bulls
        if least > s2:
            continue
        if least <= 0:
            paid = list(bulls)
            if k1:
                paid[c1] += k1
            paid.append(base_w - k1)
            found.add(tuple(paid))
        for k2 in range(least if least > 1 else 1, s2 + 1):
            for c2 in second[k2]:
                if c2 != c1:
                    paid = list(bulls)
                    if k1:
                        paid[c1] += k1
                    paid[c2] += k2
                    paid.append(base_w - k1 - k2)
                    found.add(tuple(paid))


@cache
def _caps(card: str, ruleset: str) -> tuple[int, ...]:
    """The most cards of each Qi kind any way of paying this card can use."""
    caps = [0] * 6
    for fixed, free, _ in card_price(card, ruleset):
        extra = sum(free)
        for c in range(5):
            caps[c] = max(caps[c], fixed[c] + extra)
        caps[5] = max(caps[5], sum(fixed) + extra)
    return tuple(caps)


# ruleset -> Yen card -> the most Qi cards of each kind a payment for it can use (_caps), as a table
CAPS: dict[str, dict[str, tuple[int, ...]]] = {rs: {card: _caps(card, rs) for card in YEN_CARDS} for rs in RULESETS}

_PAY_MEMO: dict[tuple, tuple[tuple[str, ...], ...]] = {}


def capped_hand(counts: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    """A hand's counts capped to what a card can use (``CAPS``), without min() (a builtin call with keyword
    parsing, costly here): the key of its payments.  (``FireBulls.legal_actions`` does this inline.)

    >>> capped_hand((3, 0, 1, 0, 0, 2), (2, 2, 2, 0, 0, 1))
    (2, 0, 1, 0, 0, 1)
    """
    h0, h1, h2, h3, h4, h5 = counts
    c0, c1, c2, c3, c4, c5 = caps
    return (h0 if h0 < c0 else c0, h1 if h1 < c1 else c1, h2 if h2 < c2 else c2,
            h3 if h3 < c3 else c3, h4 if h4 < c4 else c4, h5 if h5 < c5 else c5)


def pay_options(card: str, ruleset: str, hand: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """payments_for with the hand capped to what the card can use (many more cache hits),
    memoised on the uncapped hand so the hot path is one dict lookup."""
    key = (card, ruleset, hand)
    found = _PAY_MEMO.get(key)
    if found is None:
        found = payments_for(card, ruleset, capped_hand(hand, CAPS[ruleset][card]))
        if len(_PAY_MEMO) > 200_000:
            _PAY_MEMO.clear()
        _PAY_MEMO[key] = found
    return found


def _pay_order(counts: tuple[int, ...]) -> tuple:
    c0, c1, c2, c3, c4, w = counts
    return (c0 + c1 + c2 + c3 + c4 + w, w, (-c0, -c1, -c2, -c3, -c4))


# Every payment as counts (at most _MOST_CARDS cards: the General's seven symbols, the largest price; 1,716 of
# them) -> its cards in hand order, and -> its rank in _pay_order (the order payments are listed in).
_MOST_CARDS = 7
_ALL_PAYMENTS = sorted((card_counts(cards) for k in range(_MOST_CARDS + 1) for cards in combinations_with_replacement(
    QI_KINDS, k)), key=_pay_order)
_CARDS_OF: dict[tuple[int, ...], tuple[str, ...]] = {counts: _cards_of(counts) for counts in _ALL_PAYMENTS}
_PAY_RANK: dict[tuple[int, ...], int] = {counts: rank for rank, counts in enumerate(_ALL_PAYMENTS)}
assert max(sum(fixed) + sum(free) for card in YEN_CARDS for rs in RULESETS
           for fixed, free, _ in card_price(card, rs)) == _MOST_CARDS


def _free_groups(bulls, used_w, free, distinct, hand, warriors, found, taken=()) -> None:
    """Extend a partial payment with each white-symbol group in turn."""
    if not free:
        found.add(tuple(bulls) + (used_w,))
        return
    size, rest = free[0], free[1:]
    for colour in range(5):
        if distinct and colour in taken:
            continue
        room = hand[colour] - bulls[colour]
        for k in range(min(size, room) + 1):
            w = used_w + size - k
            if w > warriors:
                continue
            bulls[colour] += k
            _free_groups(bulls, w, rest, distinct, hand, warriors, found, taken + (colour,))
            bulls[colour] -= k


# ----------------------------------------------------------------------- scoring
