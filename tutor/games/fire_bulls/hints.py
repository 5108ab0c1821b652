"""Why a Fire Bulls move is good, from what the seat sees (the game's :meth:`hint_reason`, used by
tutor.hints): one sentence naming a fact on the board (a Yen card and its direction, the reserve,
a hand the seat may look at, a rival's pawn) and the id of the rule that makes it matter.

Every decision of the game has its sentences: the turn's action (take, draw with or without a
pawn move, attack, attack the General), the attack under way (pay on, stop), a power (use or
decline the Bo's, the Colonel's, the General's), the Italian Colonel's choice of a card to
discard, the Warrior penalty and the hand limit.  Only the seat's own view is read
(``game.view(state, seat)``), so another seat's hidden cards never change what is said.
"""

from __future__ import annotations

from typing import Any

from tutor.games.fire_bulls.cards import (
    HAND_LIMIT,
    NEIGHBOURS,
    QI_ORDER,
    SLOTS,
    face_value,
    next_target,
    rid,
    symbols,
)
from tutor.games.fire_bulls.payment import card_counts, payments_for
from tutor.games.fire_bulls.words import CATALOG, Who

__all__ = ["hint_reason", "missing"]

RULE_PAY = rid("pay/exact")
RULE_PILE = rid("attack/victory-pile")
RULE_ORDER = rid("attack/order")
_WARRIOR = QI_ORDER["warrior"]
_MOST_CARDS = 7  # the General's seven symbols: the largest price


def missing(card: str, hand: list[str] | tuple[str, ...], ruleset: str) -> int:
    """How many more Qi cards this hand needs before some of its cards pay for ``card`` (0: it pays now).

    A Warrior stands in for any symbol, so the fewest cards to add are Warriors.

    >>> missing("wu:blue", ["blue"], "it"), missing("wu:blue", ["blue", "blue"], "it"), missing("bo", [], "it")
    (1, 0, 5)
    """
    counts = list(card_counts(hand))
    for k in range(_MOST_CARDS + 1):
        if payments_for(card, ruleset, tuple(counts)):
            return k
        counts[_WARRIOR] += 1
    return _MOST_CARDS + 1


class _Board:
    """What the seat sees, read once: rows, hand, reserve, pawns and the cards in its reach."""

    def __init__(self, game: Any, state: Any, seat: int, action: Any, lang: str):
        self.game, self.seat, self.action, self.lang = game, seat, action, lang
        view = game.view(state, seat)
        self.view = view
        self.ruleset: str = view["ruleset"]
        self.slots = [view["rows"].get(s) for s in SLOTS]
        self.hand: list[str] = list(view["hands"][seat] or [])
        self.colours: list[str] = view["colours"]
        self.pawns: list[int] = view["pawns"]

    def who(self, p: int) -> Who:
        return Who(p, self.colours[p])

    def directions(self, p: int) -> tuple[int, ...]:
        """The directions seat ``p`` may attack from: any (000), its pawn's or a neighbour's (001)."""
        if self.ruleset == "it":
            return (1, 2, 3, 4, 5)
        pawn = self.pawns[p]
        return (pawn, *NEIGHBOURS[pawn])

    def reach(self, p: int | None = None) -> list[tuple[int, str]]:
        """(direction, nearest card) along each direction seat ``p`` (default: the seat) may attack from."""
        out = []
        for d in self.directions(self.seat if p is None else p):
            at = next_target(self.slots, d)
            if at is not None:
                card = self.slots[at]
                assert card is not None
                out.append((d, card))
        return out

    def target(self, hand: list[str] | None = None) -> tuple[int, str, int] | None:
        """The card in reach most worth paying for that this hand cannot pay yet: (direction, card, missing);
        the most points first, then the fewest cards missing, then the lowest direction."""
        hand = self.hand if hand is None else hand
        found = [(d, c, missing(c, hand, self.ruleset)) for d, c in self.reach()]
        found = [f for f in found if f[2] > 0]
        if not found:
            return None
        return min(found, key=lambda f: (-face_value(f[1]), f[2], f[0]))

    def _say(self, template: str, rule: str, **params: Any) -> tuple[str, str]:
        move = self.game.action_text(self.action, self.lang)
        params = dict(params, move=move[:1].upper() + move[1:], rule=self.game.rules[rule].wording(self.lang)[0])
        return CATALOG.render(template, params, self.lang), rule


def hint_reason(game: Any, state: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
    """(sentence, rule id) naming what on the board makes ``action`` good for ``seat``, or None."""
    board = _Board(game, state, seat, action, lang)
    said = _REASONS.get(action.kind)
    return said(board, action) if said else None


# ------------------------------------------------------------------ the turn's action


def _attack(b: _Board, a: Any) -> tuple[str, str] | None:
    at = next_target(b.slots, a.direction)
    if at is None:
        return None
    card = b.slots[at]
    assert card is not None
    if b.colours[b.seat] in symbols(card, b.ruleset):
        return b._say("{move}: it takes the {card}, worth {points} {points:point|points} and 1 more for your "
                     "colour ({rule}).", rid("score/bonus"), card=card, points=face_value(card))
    return b._say("{move}: it takes the {card}, worth {points} {points:point|points} ({rule}).", RULE_PILE,
                 card=card, points=face_value(card))


def _general(b: _Board, a: Any) -> tuple[str, str]:
    return b._say("{move}: the General beside the rows is worth {points} points, though no other Yen card may "
                 "be attacked this turn ({rule}).", rid("attack/general"), points=face_value("general"))


def _take(b: _Board, a: Any) -> tuple[str, str] | None:
    qi = a.card
    with_it = b.hand + [qi]
    best = None
    for d, card in b.reach():
        before, after = missing(card, b.hand, b.ruleset), missing(card, with_it, b.ruleset)
        if after < before:
            key = (after, -face_value(card), d)
            if best is None or key < best[0]:
                best = (key, d, card, after)
    if best is not None:
        _, d, card, after = best
        if after == 0:
            return b._say("{move}: with it you can pay the {card} in direction {direction} ({rule}).", RULE_PAY,
                         card=card, direction=d)
        return b._say("{move}: then {n} more Qi {n:card|cards} {n:pays|pay} the {card} in direction {direction} "
                      "({rule}).", RULE_PAY, n=after, card=card, direction=d)
    if b.ruleset == "fr":  # a rival's pawn faces a card this colour pays for: the card is kept from them
        for k in range(1, len(b.colours)):
            p = (b.seat + k) % len(b.colours)
            at = next_target(b.slots, b.pawns[p])
            faced = b.slots[at] if at is not None else None
            if faced is not None and qi in symbols(faced, b.ruleset):
                return b._say("{move}: it keeps the {qi} from {who}, whose pawn faces the {card} that asks for it "
                              "({rule}).", rid("gather/take-reserve"), qi=qi, who=b.who(p), card=faced)
    aim = b.target()
    if aim is None:
        return _already(b, "{move}: a card you see rather than a blind draw; you can already pay the {card} in "
                           "direction {direction} ({rule}).", rid("gather/take-reserve"))
    d, card, _n = aim
    return b._say("{move}: a card you see rather than a blind draw; the {card} in direction {direction} asks for "
                 "other cards ({rule}).", rid("gather/take-reserve"), card=card, direction=d)


def _draw(b: _Board, a: Any) -> tuple[str, str] | None:
    to = a.direction
    if to and b.ruleset == "fr":
        at = next_target(b.slots, to)
        card = b.slots[at] if at is not None else None
        if card is not None:
            here = b.pawns[b.seat]
            if to in b.pawns:
                return b._say("{move}: your pawn then faces the {card} in direction {direction}, and {who} goes to "
                             "direction {frm} ({rule}).", rid("pawn/swap"), card=card, direction=to,
                             who=b.who(b.pawns.index(to)), frm=here)
            return b._say("{move}: your pawn then faces the {card} in direction {direction}, which a direct attack "
                         "may take with the cards behind it ({rule}).", rid("attack/direct", "fr"), card=card,
                         direction=to)
    aim = b.target()
    if aim is None:
        return _already(b, "{move}: you can already pay the {card} in direction {direction}, and a drawn card stays "
                           "hidden from the other players ({rule}).", rid("gather/draw"))
    d, card, n = aim
    reserve = list(b.view["reserve"])
    helps = any(missing(c, b.hand + [qi], b.ruleset) < missing(c, b.hand, b.ruleset)
                for qi in set(reserve) for _d, c in b.reach())
    if not helps:
        return b._say("{move}: the reserve ({shown}) holds nothing that brings the {card} in direction {direction} "
                     "closer; a drawn card may ({rule}).", rid("gather/draw"), shown=tuple(reserve), card=card,
                     direction=d)
    return b._say("{move}: the {card} in direction {direction} still needs {n} more Qi {n:card|cards}, and a drawn "
                 "card stays hidden from the other players ({rule}).", rid("gather/draw"), card=card, direction=d,
                 n=n)


def _already(b: _Board, template: str, rule: str) -> tuple[str, str]:
    """Every card in reach can be paid now: the one worth most, or that no card is left in reach."""
    reach = b.reach()
    if not reach:
        return b._say("{move}: no Yen card is left along the directions you may attack from ({rule}).", rule)
    d, card = min(reach, key=lambda r: (-face_value(r[1]), r[0]))
    return b._say(template, rule, card=card, direction=d)


# ------------------------------------------------------------------ the attack under way


def _pay(b: _Board, a: Any) -> tuple[str, str] | None:
    d = b.view["attack"]
    at = next_target(b.slots, d) if d and d > 0 else None
    if at is None:
        return None
    card = b.slots[at]
    assert card is not None
    n = b.view["won_this_turn"] + 1
    reward = 2 if b.ruleset == "it" and n == 3 else 1 if b.ruleset == "fr" and n >= 2 else 0
    if reward:
        return b._say("{move}: the {card} next along direction {direction} is card {n} this turn, which earns "
                     "{k} Qi {k:card|cards} ({rule}).", rid("reward", b.ruleset), card=card, direction=d, n=n,
                     k=reward)
    return b._say("{move}: the {card}, next along direction {direction}, is worth {points} {points:point|points} "
                 "({rule}).", RULE_ORDER, card=card, direction=d, points=face_value(card))


def _stop(b: _Board, a: Any) -> tuple[str, str] | None:
    d = b.view["attack"]
    at = next_target(b.slots, d) if d and d > 0 else None
    if at is None:
        return None
    card = b.slots[at]
    assert card is not None
    pays = payments_for(card, b.ruleset, card_counts(b.hand))
    if not pays:
        return b._say("{move}: your hand ({hand}) holds no payment for the {card} next along direction "
                     "{direction} ({rule}).", RULE_ORDER, hand=tuple(b.hand), card=card, direction=d)
    return b._say("{move}: the {card} next along direction {direction} would cost {n} of your {total} Qi cards for "
                 "{points} {points:point|points} ({rule}).", RULE_ORDER, card=card, direction=d,
                 n=min(len(p) for p in pays), total=len(b.hand), points=face_value(card))


# ------------------------------------------------------------------ powers and the Colonel's choice


def _rivals(b: _Board) -> list[int]:
    return [(b.seat + k) % len(b.colours) for k in range(1, len(b.colours))]


def _fullest(b: _Board) -> int:
    """The rival holding the most Qi cards (the first in turn order on a tie)."""
    sizes = b.view["hand_sizes"]
    return max(_rivals(b), key=lambda p: (sizes[p], -_rivals(b).index(p)))


def _power(b: _Board, a: Any) -> tuple[str, str] | None:
    card = a.card or (b.view["pending"][0][6:] if b.view["pending"] else "")
    sizes = b.view["hand_sizes"]
    rival = _fullest(b)
    if card == "bo":
        aim = b.target()
        if aim is not None:
            d, target, n = aim
            return b._say("{move}: one more Qi card toward the {card} in direction {direction}, which needs {n} more "
                         "({rule}).", rid("power/bo"), card=target, direction=d, n=n)
        return b._say("{move}: one more Qi card for your hand of {n}; the hand limit is 8 ({rule}).", rid("power/bo"),
                     n=len(b.hand))
    if card == "colonel" and b.ruleset == "it":
        return b._say("{move}: you then choose a Qi card to discard from each rival's hand; {who} holds {n} "
                     "({rule}).", rid("power/colonel", "it"), who=b.who(rival), n=sizes[rival])
    if card == "colonel":
        return b._say("{move}: each rival discards a Qi card at random; {who} holds {n} ({rule}).",
                     rid("power/colonel", "fr"), who=b.who(rival), n=sizes[rival])
    if card == "general":
        return b._say("{move}: you draw a Qi card at random from each rival's hand; {who} holds {n} ({rule}).",
                     rid("power/general", b.ruleset), who=b.who(rival), n=sizes[rival])
    return None


def _decline(b: _Board, a: Any) -> tuple[str, str] | None:
    card = a.card or (b.view["pending"][0][6:] if b.view["pending"] else "")
    sizes = b.view["hand_sizes"]
    rival = _fullest(b)
    holding = [p for p in _rivals(b) if sizes[p]]
    if card in ("colonel", "general") and not holding:
        return b._say("{move}: no rival holds a Qi card ({rule}).", rid("power/timing"))
    gain = 1 if card == "bo" else len(holding) if card == "general" else 0
    if gain and len(b.hand) + gain > HAND_LIMIT:
        return b._say("{move}: you hold {n} Qi cards, and {k} more would pass the hand limit of 8 ({rule}).",
                     rid("hand/limit"), n=len(b.hand), k=gain)
    if card == "bo" and not b.view["deck_size"]:
        return b._say("{move}: the Qi deck is empty, and a draw now counts as its running out ({rule}).",
                     rid("deck/exhaustion"))
    if card == "bo":
        return b._say("{move}: the power is yours to decline; you hold {n} Qi {n:card|cards} ({rule}).",
                     rid("power/timing"), n=len(b.hand))
    return b._say("{move}: the power is yours to decline; {who} holds {n} Qi {n:card|cards} ({rule}).",
                 rid("power/timing"), who=b.who(rival), n=sizes[rival])


def _victim_hand(b: _Board, p: int) -> list[str]:
    return list(b.view["hands"][p] or [])


def _colonel(b: _Board, a: Any) -> tuple[str, str] | None:
    p, qi = a.player, a.card
    hand = _victim_hand(b, p)
    rule = rid("power/colonel", "it")
    if qi not in hand:
        return None
    without = list(hand)
    without.remove(qi)
    for d, card in b.reach(p):
        if missing(card, hand, b.ruleset) == 0 and missing(card, without, b.ruleset) > 0:
            return b._say("{move}: without it {who} can no longer pay the {card} in direction {direction} ({rule}).",
                         rule, who=b.who(p), card=card, direction=d)
    if qi == "warrior":
        return b._say("{move}: the Warrior stands in for any symbol, the most useful card {who} holds ({rule}).",
                     rid("pay/warrior"), who=b.who(p))
    n = hand.count(qi)
    if n > 1 and all(hand.count(c) < n for c in set(hand) - {qi}):
        return b._say("{move}: {qi} is the card {who} holds most of ({n}) ({rule}).", rule, who=b.who(p), n=n, qi=qi)
    return b._say("{move}: {who} holds {hand}, and the {qi} goes to the discard pile ({rule}).", rule, who=b.who(p),
                 hand=tuple(hand), qi=qi)


def _spare(b: _Board, a: Any) -> tuple[str, str] | None:
    p = a.player
    hand = _victim_hand(b, p)
    rule = rid("power/colonel", "it")
    if not any(missing(card, hand, b.ruleset) == 0 for _d, card in b.reach(p)):
        return b._say("{move}: {who} holds only {hand}, which pays for no Yen card on the rows ({rule}).", rule,
                     who=b.who(p), hand=tuple(hand))
    return b._say("{move}: you leave {who} holding {hand} ({rule}).", rule, who=b.who(p), hand=tuple(hand))


# ------------------------------------------------------------------ the end of the turn


def _worth(b: _Board, card: str) -> int:
    """What a won card scores for the seat: its face value, and 1 for the seat's colour."""
    return face_value(card) + (b.colours[b.seat] in symbols(card, b.ruleset))


def _lose(b: _Board, a: Any) -> tuple[str, str]:
    rule = rid("warrior/penalty", b.ruleset)
    earlier = b.view["won"][b.seat][: b.view["won_before"]]
    points = _worth(b, a.card)
    dearer = sorted({c for c in earlier if _worth(b, c) > points}, key=lambda c: (_worth(b, c), c))
    if dearer and all(points <= _worth(b, c) for c in earlier):
        return b._say("{move}: at {points} {points:point|points} it costs you less than your {card} ({rule}).", rule,
                     points=points, card=dearer[0])
    if all(points <= _worth(b, c) for c in earlier):
        return b._say("{move}: at {points} {points:point|points} it is the cheapest card you won in an earlier turn "
                     "({rule}).", rule, points=points)
    return b._say("{move}: it is worth {points} {points:point|points}, and each Warrior costs a card won in an "
                 "earlier turn ({rule}).", rule, points=points)


def _release(b: _Board, a: Any) -> tuple[str, str]:
    rule = rid("hand/limit")
    qi, n = a.card, len(b.hand)
    without = list(b.hand)
    without.remove(qi)
    reach = b.reach()
    if reach and all(missing(c, without, b.ruleset) == missing(c, b.hand, b.ruleset) for _d, c in reach):
        return b._say("{move}: you hold {n} Qi cards, more than 8, and no Yen card in reach asks for {qi} ({rule}).",
                     rule, n=n, qi=qi)
    payable = [(face_value(c), -d, d, c) for d, c in reach if missing(c, without, b.ruleset) == 0]
    if payable:
        _v, _k, d, card = max(payable)
        return b._say("{move}: you hold {n} Qi cards, more than 8, and still pay the {card} in direction {direction} "
                     "without it ({rule}).", rule, n=n, card=card, direction=d)
    return b._say("{move}: you hold {n} Qi cards, more than 8, and the {qi} goes face up to the reserve ({rule}).",
                 rule, n=n, qi=qi)


_REASONS = {
    "attack": _attack, "general": _general, "take": _take, "draw": _draw, "pay": _pay, "stop": _stop,
    "power": _power, "decline": _decline, "colonel": _colonel, "spare": _spare, "lose": _lose, "release": _release,
}
