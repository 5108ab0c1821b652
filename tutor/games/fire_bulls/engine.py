"""The rule machinery: one action applied to a mutable working copy of a State."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tutor.core import Event, short
from tutor.games.fire_bulls.actions import Action
from tutor.games.fire_bulls.cards import (
    COLUMNS,
    NEIGHBOURS,
    PATHS,
    POWER_CARDS,
    EXHAUSTIONS_TO_END,
    HAND_LIMIT,
    QI_KINDS,
    SLOTS,
    QI_ORDER,
    next_target,
    card_kind,
    face_value,
    rid,
    symbols,
)
from tutor.games.fire_bulls.words import MESSAGES, Who, illegal
from tutor.games.fire_bulls.payment import (
    COUNTS,
    CAPS,
    card_counts,
    payments_for,
    pays_counts,
    card_price,
    capped_hand,
    hand_counts,
)
from tutor.games.fire_bulls.scoring import score_pile
from tutor.games.fire_bulls.state import WORK, State
from tutor.rand import shuffle

_QI_RANK = QI_ORDER.__getitem__


def _work_code() -> str:
    """The source of ``start_work``, which makes a Work copy of a State, derived from State's fields (the one
    list of them): straight-line code, no Python-level loop, slot to slot."""
    copy = {"value": "s.{0}", "list": "list(s.{0})", "tuples": "list(s.{0})"}
    lines = ["def start_work(s, cls):", "    w = _new(cls)"]
    lines += [f"    w.{name} = {copy[how].format(name)}" for name, how in WORK.items()]
    lines.append("    return w")
    return "\n".join(lines) + "\n"


_WORK_NS: dict[str, Any] = {"_new": object.__new__}
exec(compile(_work_code(), "<fire_bulls.Work>", "exec"), _WORK_NS)  # noqa: S102 - our own generated code
# the fields the working copy holds as lists (a list of tuples for "tuples": each replaced, never changed in place)
_AS_LISTS: tuple[str, ...] = tuple(name for name, how in WORK.items() if how != "value")
assert _AS_LISTS == ("hands", "pending"), "freeze below turns exactly these back into tuples"


class _Silent(list):
    """The events of a copy that does not narrate: nothing is kept (no rule logs unless ``narrate``)."""

    def append(self, item: Any) -> None:
        pass


if TYPE_CHECKING:  # the working copy as mypy sees it: State's fields, some as lists, all assignable

    class _WorkFields:
        events: list[Event]
        narrate: bool
        hands: list[tuple[str, ...]]
        pending: list[str]
        won: tuple[tuple[str, ...], ...]
        slots: tuple[str | None, ...]
        pawns: tuple[int, ...]
        reserve: tuple[str, ...]
        deck: tuple[str, ...]  # the ones Work's own methods assign need a type
        discard: tuple[str, ...]
        piles: tuple[tuple[str, ...], ...]
        rng: int
        exhaustions: int
        general: bool

        def __getattr__(self, name: str) -> Any: ...
        def __setattr__(self, name: str, value: Any) -> None: ...
else:
    _WorkFields = State


class Work(_WorkFields):
    """A mutable copy of a State used while one action is applied (make one with :func:`work_copy`).

    It is a State whose fields may change (``hands`` and ``pending`` as lists), with the same slots:
    :meth:`freeze` turns the lists back into tuples and makes this very object the new State (its
    class becomes State), so no field is copied twice.  ``hands`` is a list of tuples: change a hand
    only through :meth:`give`, :meth:`drop` and :meth:`pop_hand` (which keep it in hand order).  The
    fields a rule rarely changes stay tuples, replaced when they change (``slots``, ``pawns``,
    ``reserve``, ``won``).  This copy does not narrate; :class:`_NarratedWork` does.
    """

    __slots__ = ()
    narrate = False
    events: list[Event] = _Silent()
    if not TYPE_CHECKING:
        __setattr__ = object.__setattr__  # (State is frozen; the copy is not)
        __delattr__ = object.__delattr__

    def freeze(self) -> State:
        """The new State: this copy, its lists made tuples (it must not be changed afterwards)."""
        self.hands = tuple(self.hands)  # type: ignore[assignment]
        self.pending = tuple(self.pending)  # type: ignore[assignment]
        self.__class__ = State  # type: ignore[assignment]
        return self  # type: ignore[return-value]

    def log(self, rule: str, kind: str, template: str, **params: Any) -> None:
        """Narrate: ``template`` is the English message id (see MESSAGES)."""
        self.events.append(Event(rule=rule, text=MESSAGES.render(template, params), kind=kind,
                                 data=tuple(params.items()), template=template))

    def give(self, p: int, card: str) -> None:
        """``card`` joins ``p``'s hand, after the cards of its kind.

        Every hand of a State is in qi_sort order (new_game, from_json and
        arrange sort them): the card goes where sorting would put it, and
        taking cards out keeps that order.
        """
        hand = self.hands[p]
        i = bisect_right(hand, QI_ORDER[card], key=_QI_RANK)  # (in C: after the last card ranked at most as it)
        self.hands[p] = hand[:i] + (card,) + hand[i:]

    def drop(self, p: int, card: str) -> None:
        """The first ``card`` leaves ``p``'s hand (ValueError if there is none, as list.remove)."""
        hand = self.hands[p]
        i = hand.index(card)
        self.hands[p] = hand[:i] + hand[i + 1:]

    def pop_hand(self, p: int, i: int) -> str:
        """The card at index ``i`` leaves ``p``'s hand (as list.pop)."""
        hand = self.hands[p]
        self.hands[p] = hand[:i] + hand[i + 1:]
        return hand[i]

    def chance(self) -> random.Random:
        self.rng += 1
        return random.Random(f"{self.seed}/{self.rng}")

    def who(self, p: int) -> Who:
        return Who(p, self.colours[p])

    # -- the Qi deck
    def draw_qi(self) -> str | None:
        """Draw the top Qi card, reshuffling the discards when the deck has run out."""
        if not self.deck:
            if self.exhaustions >= EXHAUSTIONS_TO_END:
                return None  # out for good: the game ends at the end of this turn
            self.exhaustions += 1
            if self.narrate:
                self.log(rid("deck/exhaustion"), "exhaust", "The Qi deck has run out (time {n} of {of}).",
                         n=self.exhaustions, of=EXHAUSTIONS_TO_END)
            if self.exhaustions >= EXHAUSTIONS_TO_END or not self.discard:
                return None
            deck = list(self.discard)
            shuffle(self.chance(), deck)
            self.deck, self.discard = tuple(deck), ()
            if self.narrate:
                self.log(rid("deck/reshuffle"), "reshuffle",
                         "The {n} discarded Qi cards are shuffled into a new deck.", n=len(self.deck))
        card = self.deck[0]
        self.deck = self.deck[1:]
        return card

    def draw_into_hand(self, p: int, rule: str, drawn: str, empty: str, **params: Any) -> None:
        """Draw a Qi card into a hand, narrated by ``drawn`` (or ``empty`` when none is left)."""
        card = self.draw_qi()
        if card is None:
            if self.narrate:
                self.log(rule, "draw", empty, who=self.who(p), **params)
            return
        self.give(p, card)
        if self.narrate:
            self.log(rule, "draw", drawn, who=self.who(p), qi=card, **params)

    # -- the Yen piles
    def draw_yen(self, column: int) -> str | None:
        """Draw from a Yen pile, setting the General aside when it comes up."""
        pile = self.piles[column]
        while pile:
            card, pile = pile[0], pile[1:]
            self.piles = (*self.piles[:column], pile, *self.piles[column + 1:])
            if card == "general":
                self.general = True
                if self.narrate:
                    self.log(rid("setup/general"), "general",
                             "The General comes out of pile {pile}: it is set aside next to the rows and "
                             "replaced by the next card of the same pile.", pile=column + 1)
                continue
            return card
        return None


class _NarratedWork(Work):
    """A working copy that narrates: its events, in a ``__dict__`` of its own (so it cannot become a
    State itself: :meth:`freeze` copies its fields into a new one; narration is not the hot path)."""

    def __init__(self) -> None:  # (made by work_copy, never called)
        self.events = []

    def freeze(self) -> State:
        fields = {name: getattr(self, name) for name in WORK}
        fields["hands"] = tuple(fields["hands"])
        fields["pending"] = tuple(fields["pending"])
        return State(**fields)


start_work = _WORK_NS["start_work"]


def work_copy(s: State, narrate: bool) -> Work:
    """A working copy of ``s`` (narrating its events when ``narrate``)."""
    if not narrate:
        w: Work = start_work(s, Work)
        return w
    w = start_work(s, _NarratedWork)
    w.events = []
    w.narrate = True
    return w


# --------------------------------------------------------------- rule machinery


def distinct_cards(cards: Iterable[str]) -> list[str]:
    """Each card once, in the order they first come."""
    return list(dict.fromkeys(cards))


def penalty_choices(state) -> list[str]:
    p = state.current_player
    return list(state.won[p][: state.won_before])


def _attack_limit(w) -> int:
    if w.ruleset == "fr" and w.deviated:
        return 2
    return 3


def _limit_rule(w) -> str:
    if w.ruleset == "it":
        return rid("attack/directions", "it")
    return rid("attack/deviated", "fr") if w.deviated else rid("attack/direct", "fr")


def perform(w: Work, a: Action) -> None:
    if w.end:
        raise illegal(rid("end/check"), "the game is over: no more actions")
    kind = a.kind
    head = w.pending[0] if w.pending else None
    if head is not None:
        _resolve_choice(w, a, head)
        _proceed(w)
        return
    if w.attack:
        if kind == "pay":
            _attack_step(w, a, w.attack)
        elif kind == "stop":
            if w.narrate:
                w.log(rid("attack/order"), "stop", "{Who} ends the attack.", who=w.who(w.current_player))
            w.attack = 0
        else:
            raise illegal(rid("attack/one-direction"), "an attack is under way: pay for the next card along "
                           "direction {d} or end the attack — a turn is one action only", d=w.attack)
        _proceed(w)
        return
    if kind == "take":
        _take(w, a)
    elif kind == "draw":
        _draw_action(w, a)
    elif kind == "attack":
        _start_attack(w, a)
    elif kind == "general":
        _attack_general(w, a)
    elif kind in ("pay", "stop"):
        raise illegal(rid("attack/order"),
                       "no attack is under way: start one by choosing a direction and paying for its nearest card")
    elif kind in ("power", "decline", "colonel", "spare"):
        raise illegal(rid("power/timing"),
                       "there is no power to use now: powers come with the Bo, Colonel and General you win")
    elif kind == "lose":
        raise illegal(rid("warrior/earlier-turn"), "there is no Warrior penalty to pay now")
    elif kind == "release":
        raise illegal(rid("hand/limit"), "the hand limit is checked at the end of the turn, and only above 8 cards")
    else:
        raise illegal(rid("turn/sequence"), "unknown action {what}", what=short(kind))
    _proceed(w)


def _take(w: Work, a: Action) -> None:
    card = a.card
    if card is None or card not in w.reserve:  # (shape_ok lets no "take" without a card through)
        raise illegal(rid("gather/take-reserve"), "there is no {qi} in the reserve (it shows {shown})",
                       qi=card, shown=tuple(w.reserve))
    p = w.current_player
    reserve = list(w.reserve)
    reserve.remove(card)
    hand = w.hands[p]  # (give, inline)
    i = bisect_right(hand, QI_ORDER[card], key=_QI_RANK)
    w.hands[p] = hand[:i] + (card,) + hand[i:]
    if w.narrate:
        w.log(rid("gather/take-reserve"), "take", "{Who} takes {qi} from the reserve.", who=w.who(p), qi=card)
    # 000 refills the reserve up to 3 cards; 001 turns up one card for the one taken.
    wanted = len(reserve) + 1 if w.ruleset == "fr" else 3
    while len(reserve) < wanted:
        deck = w.deck
        if deck:  # (draw_qi's usual case, inline)
            new = deck[0]
            w.deck = deck[1:]
        else:
            drawn = w.draw_qi()
            if drawn is None:
                break
            new = drawn
        reserve.append(new)
        if w.narrate:
            w.log(rid("gather/take-reserve"), "refill", "The reserve is refilled with {qi} from the deck.", qi=new)
    w.reserve = tuple(reserve)
    w.attack = 0


_RULE_DRAW = rid("gather/draw")


def _draw_action(w: Work, a: Action) -> None:
    p = w.current_player
    target = a.direction
    if target:
        here = w.pawns[p]
        if target not in (1, 2, 3, 4, 5):
            raise illegal(rid("pawn/move"), "direction {d} does not exist: directions are 1 to 5", d=target)
        if target not in NEIGHBOURS[here]:
            if here in (1, 5):
                raise illegal(rid("pawn/diagonal"), "a pawn on the diagonal {d} may only move to the nearest "
                               "column, direction {to}", d=here, to=NEIGHBOURS[here][0])
            raise illegal(rid("pawn/move"), "the pawn moves one step only: from direction {d} to {dirs}",
                           d=here, dirs=NEIGHBOURS[here])
    deck = w.deck
    if deck:  # (draw_into_hand's usual case, inline: the top card joins the hand, as give puts it)
        card = deck[0]
        w.deck = deck[1:]
        hand = w.hands[p]
        i = bisect_right(hand, QI_ORDER[card], key=_QI_RANK)
        w.hands[p] = hand[:i] + (card,) + hand[i:]
        if w.narrate:
            w.log(_RULE_DRAW, "draw", "{Who} draws a Qi card from the deck.", who=w.who(p), qi=card)
    else:  # the deck has run out: draw_qi reshuffles the discards, or ends the game (deck/exhaustion)
        w.draw_into_hand(p, _RULE_DRAW, "{Who} draws a Qi card from the deck.",
                         "There is no Qi card left in the deck to draw.")
    if target:
        pawns = list(w.pawns)
        here = pawns[p]
        other = pawns.index(target) if target in pawns else None
        pawns[p] = target
        if other is not None:
            pawns[other] = here
        w.pawns = tuple(pawns)
        if other is not None:
            if w.narrate:
                w.log(rid("pawn/swap"), "move", "{Who} moves the pawn from direction {frm} to {to}, swapping "
                      "with {other}, who goes to {frm}.", who=w.who(p), frm=here, to=target, other=w.who(other))
        elif w.narrate:
            w.log(rid("pawn/move"), "move", "{Who} moves the pawn from direction {frm} to {to}.",
                  who=w.who(p), frm=here, to=target)


def _check_payment(w: Work, card: str, payment: tuple[str, ...]) -> None:
    p = w.current_player
    hand = w.hands[p]
    ruleset = w.ruleset
    # (the hand capped to what the card can use: the key legal_actions just used)
    if payment in payments_for(card, ruleset, capped_hand(COUNTS.get(hand) or hand_counts(hand), CAPS[ruleset][card])):
        return  # one of the ways to pay from this hand legal_actions lists (the same tuple, in the usual case)
    hand = list(hand)
    for c in payment:
        if c not in QI_KINDS:
            raise illegal(rid("pay/one-card-one-symbol"), "{what} is not a Qi card", what=short(c))
        if c in hand:
            hand.remove(c)
        else:
            raise illegal(rid("pay/one-card-one-symbol"), "you do not hold enough cards to pay with {payment}",
                           payment=payment)
    if not payment:
        raise illegal(rid("pay/exact"), "name the Qi cards that pay for the {card}", card=card)
    if pays_counts(card, w.ruleset, card_counts(payment)):
        return
    template, params = _price_message(card, w.ruleset, payment)
    raise illegal(_price_rule(card, w.ruleset, payment), template, **params)


def _name_a_payment(w: Work, card: str, d: int, slot: str) -> None:
    """Refuse an attack along ``d`` that names no payment: a real payment from the hand as the example,
    or, when no set of cards in the hand pays for the nearest card, that (under the card's price)."""
    hand = w.hands[w.current_player]
    pays = payments_for(card, w.ruleset, card_counts(hand))
    if not pays:
        raise illegal(_price_rule_ok(card, w.ruleset), "your hand ({hand}) holds no payment for the {card} in "
                       "{slot}, the nearest card along direction {d}", hand=tuple(hand), card=card, slot=slot, d=d)
    raise illegal(rid("pay/exact"), "name the Qi cards that pay for the {card} in {slot}, for example {payment}",
                   card=card, slot=slot, payment=pays[0])


def _price_rule(card: str, ruleset: str, payment: Sequence[str]) -> str:
    kind = card_kind(card)
    syms = symbols(card, ruleset)
    n = len(payment)
    sizes = {sum(a[0]) + sum(a[1]) for a in card_price(card, ruleset)}
    if n not in sizes:
        return rid("pay/exact")
    if kind in ("wu", "xi") and syms.count("white") > 1:
        return rid("pay/white-same-colour")
    return _price_rule_ok(card, ruleset)


def _price_message(card: str, ruleset: str, payment: tuple[str, ...]) -> tuple[str, dict]:
    """Why a payment does not fit a card: (template, params)."""
    kind = card_kind(card)
    if kind == "colonel":
        if ruleset == "it":
            return (("the Colonel takes three bulls of one colour and two of another, or five of one colour "
                    "(Warriors stand for any colour); {payment} does not fit"), {"payment": payment})
        return (("the Colonel takes three bulls of one colour and three of another, or five of one colour "
                "(Warriors stand for any colour); {payment} does not fit"), {"payment": payment})
    if kind == "general":
        return (("the General takes four bulls of one colour and three of another, or seven of one colour "
                "(Warriors stand for any colour); {payment} does not fit"), {"payment": payment})
    if kind == "bo":
        return ("the Bo takes five bulls all of different colours (Warriors stand for any); {payment} does not fit",
                {"payment": payment})
    syms = symbols(card, ruleset)
    params = {"card": card, "n": len(syms), "symbols": syms, "payment": payment, "paid": len(payment)}
    if syms.count("white") > 1:
        return (("the {card} shows {n} white symbols: pay them all with one colour (Warriors stand for it); "
                "{payment} mixes colours"), params)
    if len(payment) != len(syms):
        return ("the {card} shows {n} {n:symbol|symbols} ({symbols}): pay with exactly {n} Qi {n:card|cards}, "
                "not {paid}", params)
    return ("the {card} shows {symbols}: each symbol needs a bull of its colour or a Warrior; {payment} does not match",
            params)


def _win_card(w: Work, card: str, payment: tuple[str, ...], where: str) -> None:
    p = w.current_player
    for c in payment:
        w.drop(p, c)
    w.discard += payment
    won = w.won
    w.won = (*won[:p], won[p] + (card,), *won[p + 1:])
    w.won_this_turn += 1
    warriors = payment.count("warrior")
    w.warriors += warriors
    if w.narrate:
        if where:
            w.log(_price_rule_ok(card, w.ruleset), "pay", "{Who} pays {payment} for the {card} in {slot}; the Qi "
                  "cards go to the discard pile.", who=w.who(p), card=card, payment=payment, slot=where)
        else:
            w.log(_price_rule_ok(card, w.ruleset), "pay", "{Who} pays {payment} for the General; the Qi cards go "
                  "to the discard pile.", who=w.who(p), card=card, payment=payment)
        pts = face_value(card)
        if w.colours[p] in symbols(card, w.ruleset):
            w.log(rid("attack/victory-pile"), "win", "The {card} ({points} points, +1 colour bonus at the end) goes "
                  "face up into {who}'s victory pile.", who=w.who(p), card=card, points=pts, bonus=True)
        else:
            w.log(rid("attack/victory-pile"), "win", "The {card} ({points} points) goes face up into {who}'s "
                  "victory pile.", who=w.who(p), card=card, points=pts, bonus=False)
    # The long-attack reward.
    if w.ruleset == "fr":
        if w.won_this_turn >= 2:
            w.draw_into_hand(p, rid("reward", "fr"), "Card {n} won this turn earns a bonus Qi card: {who} draws it.",
                             "Card {n} won this turn earns a bonus Qi card, but none is left to draw.",
                             n=w.won_this_turn)
    elif w.won_this_turn == 3:
        for _ in range(2):
            w.draw_into_hand(p, rid("reward", "it"), "Three Yen cards in one turn earn 2 Qi cards: {who} draws one.",
                             "Three Yen cards in one turn earn 2 Qi cards, but none is left to draw.")
    # The Italian Warrior penalty comes at once.
    if warriors and w.ruleset == "it":
        for _ in range(warriors):
            if penalty_choices(w):
                w.pending.append("penalty")
            elif w.narrate:
                w.log(rid("warrior/earlier-turn"), "penalty", "A Warrior was played, but no Yen card won in an earlier "
                      "turn is left to lose: nothing is lost.")
    kind = card_kind(card)
    if kind in POWER_CARDS:
        w.pending.append(f"power:{kind}")


def _price_rule_ok(card: str, ruleset: str) -> str:
    kind = card_kind(card)
    return rid(f"cards/{kind}", ruleset) if kind in ("wu", "xi", "colonel") else rid(f"cards/{kind}")


def _start_attack(w: Work, a: Action) -> None:
    d = a.direction
    if d not in PATHS:
        raise illegal(rid("attack/one-direction"), "direction {d} does not exist: directions are 1 to 5", d=d)
    p = w.current_player
    own = w.pawns[p]
    deviated = d != own
    if w.ruleset == "fr" and deviated and d not in NEIGHBOURS[own]:
        if own in (1, 5):
            raise illegal(rid("attack/deviated", "fr"), "your pawn is on the corner direction {d}: a deviated "
                           "attack can only come from direction {to}", d=own, to=NEIGHBOURS[own][0])
        raise illegal(rid("attack/deviated", "fr"), "your pawn faces direction {d}: attack from there, or deviate "
                       "to a neighbouring direction ({dirs})", d=own, dirs=NEIGHBOURS[own])
    target, card = _nearest_card(w, d, a.card)
    if not a.payment:  # "attack from d", no payment named (a panel asking why not): the hand's, or none
        _name_a_payment(w, card, d, SLOTS[target])
    _check_payment(w, card, a.payment)
    w.attack = d
    w.deviated = deviated and w.ruleset == "fr"
    if w.narrate:
        if w.ruleset == "it":
            w.log(rid("attack/directions", "it"), "attack", "{Who} attacks from direction {d} (up to 3 cards this "
                  "turn).", who=w.who(p), d=d)
        elif deviated:
            w.log(rid("attack/deviated", "fr"), "attack", "{Who} attacks from direction {d}: a deviated attack (at "
                  "most 2 cards; the pawns stay where they are).", who=w.who(p), d=d)
        else:
            w.log(rid("attack/direct", "fr"), "attack", "{Who} attacks from direction {d}: a direct attack (up to 3 "
                  "cards).", who=w.who(p), d=d)
    w.slots = w.slots[:target] + (None,) + w.slots[target + 1:]
    _win_card(w, card, a.payment, SLOTS[target])


def _nearest_card(w: Work, d: int, named: str | None) -> tuple[int, str]:
    """The slot and card an attack along ``d`` must take next (the nearest one left)."""
    target = next_target(w.slots, d)
    if target is None:
        raise illegal(rid("attack/order"), "there is no Yen card left along direction {d}", d=d)
    card = w.slots[target]
    assert card is not None  # (next_target finds a slot holding a card)
    if named is not None and named != card:
        raise illegal(rid("attack/order"), "attack the nearest card first: along direction {d} that is the {card} "
                       "in {slot}, not the {named}", d=d, card=card, slot=SLOTS[target], named=named)
    return target, card


def _attack_step(w: Work, a: Action, d: int) -> None:
    if w.won_this_turn >= _attack_limit(w):
        raise illegal(_limit_rule(w), "no more Yen cards may be won this turn")
    target, card = _nearest_card(w, d, a.card)
    _check_payment(w, card, a.payment)
    w.slots = w.slots[:target] + (None,) + w.slots[target + 1:]
    _win_card(w, card, a.payment, SLOTS[target])


def _attack_general(w: Work, a: Action) -> None:
    if not w.general:
        raise illegal(rid("attack/general"),
                       "the General is not set aside next to the rows: it cannot be attacked now")
    _check_payment(w, "general", a.payment)
    w.general = False
    w.attack = -1
    if w.narrate:
        w.log(rid("attack/general"), "attack", "{Who} attacks the General directly: no other Yen card may be "
              "attacked this turn.", who=w.who(w.current_player))
    _win_card(w, "general", a.payment, "")


def _can_continue(w: Work) -> bool:
    if w.attack <= 0 or w.stage:
        return False
    if w.won_this_turn >= _attack_limit(w):
        return False
    return next_target(w.slots, w.attack) is not None


def _resolve_choice(w: Work, a: Action, head: str) -> None:
    p = w.current_player
    kind = a.kind
    if head.startswith("power:"):
        card = head[6:]
        if kind not in ("power", "decline") or (a.card not in (None, card)):
            raise illegal(rid("power/timing"), "first decide on the {card}'s power: use it or decline it", card=card)
        w.pending.pop(0)
        if kind == "decline":
            if w.narrate:
                w.log(rid("power/timing"), "power", "{Who} declines the {card}'s power.", who=w.who(p), card=card)
            return
        _use_power(w, card)
        return
    if head.startswith("colonel:"):
        victim = int(head[8:])
        if kind not in ("colonel", "spare") or a.player != victim:
            raise illegal(rid("power/colonel", "it"), "the Colonel's power: choose a card to discard from {victim}'s "
                           "hand, or spare that player", victim=w.who(victim))
        w.pending.pop(0)
        if kind == "spare":
            if w.narrate:
                w.log(rid("power/colonel", "it"), "power", "The Colonel spares {victim}.", victim=w.who(victim))
            return
        qi = a.card
        if qi is None or qi not in w.hands[victim]:
            w.pending.insert(0, head)
            raise illegal(rid("power/colonel", "it"), "{Victim} holds no {qi}", victim=w.who(victim), qi=qi)
        w.drop(victim, qi)
        w.discard += (qi,)
        if w.narrate:
            w.log(rid("power/colonel", "it"), "power", "The Colonel's power: {qi} is discarded from {victim}'s hand.",
                  victim=w.who(victim), qi=a.card)
        return
    if head == "penalty":
        if kind != "lose":
            raise illegal(rid("warrior/penalty", w.ruleset), "a Warrior was played: first choose the Yen card you "
                           "lose for it")
        choices = penalty_choices(w)
        if a.card not in choices:
            raise illegal(rid("warrior/earlier-turn"), "the Warrior penalty takes a Yen card won in an earlier turn; "
                           "you have no {card} from an earlier turn", card=a.card)
        _lose(w, a.card)
        w.pending.pop(0)
        return
    if head == "limit":
        if kind != "release":
            raise illegal(rid("hand/limit"), "you hold {n} Qi cards: choose the ones above 8 to put in the reserve "
                           "first", n=len(w.hands[p]))
        qi = a.card
        if qi is None or qi not in w.hands[p]:
            raise illegal(rid("hand/limit"), "you hold no {qi}", qi=qi)
        _release(w, qi)
        return
    raise illegal(rid("turn/sequence"), "unknown pending choice {what}", what=short(head))


def _lose(w: Work, card: str) -> None:
    p = w.current_player
    pile = w.won[p]
    # Lose the latest such card won before this turn.
    idx = max(i for i in range(w.won_before) if pile[i] == card)
    w.won = (*w.won[:p], pile[:idx] + pile[idx + 1:], *w.won[p + 1:])
    w.won_before -= 1
    w.removed += (card,)
    if w.narrate:
        w.log(rid("warrior/penalty", w.ruleset), "penalty", "Warrior penalty: {who} removes the {card} (won in an "
              "earlier turn) from the game.", who=w.who(p), card=card)


def _release(w: Work, card: str) -> None:
    p = w.current_player
    w.drop(p, card)
    w.reserve += (card,)
    if w.narrate:
        w.log(rid("hand/limit"), "limit", "Hand limit: {who} puts {qi} face up in the reserve.", who=w.who(p), qi=card)
    if len(w.hands[p]) <= HAND_LIMIT:
        w.pending.pop(0)


def _use_power(w: Work, card: str) -> None:
    p = w.current_player
    rs = w.ruleset
    opponents = [(p + k) % len(w.colours) for k in range(1, len(w.colours))]
    if card == "bo":
        w.draw_into_hand(p, rid("power/bo"), "The Bo's power: {who} draws a Qi card.",
                         "The Bo's power: there is no Qi card left to draw.")
    elif card == "colonel" and rs == "it":
        # The winner chooses, opponent by opponent (queued first, in turn order).
        w.pending[0:0] = [f"colonel:{o}" for o in opponents if w.hands[o]]
        if w.narrate:
            w.log(rid("power/colonel", "it"), "power", "The Colonel's power: choose one card to discard from each "
                  "other player's hand (or spare them).")
    elif card == "colonel":
        rng = w.chance()
        for o in opponents:
            if not w.hands[o]:
                continue
            lost = w.pop_hand(o, rng.randrange(len(w.hands[o])))
            w.discard += (lost,)
            if w.narrate:
                w.log(rid("power/colonel", "fr"), "power", "The Colonel's power: a card taken at random from "
                      "{victim}'s hand, {qi}, is discarded.", victim=w.who(o), qi=lost)
    elif card == "general":
        rng = w.chance()
        for o in opponents:
            if not w.hands[o]:
                continue
            got = w.pop_hand(o, rng.randrange(len(w.hands[o])))
            w.give(p, got)
            if w.narrate:
                w.log(rid("power/general", rs), "power", "The General's power: {who} draws a card from {victim}'s "
                      "hand into their own.", who=w.who(p), victim=w.who(o), qi=got)


def _proceed(w: Work) -> None:
    """Resolve what needs no choice, then stop at the next choice or end the turn."""
    if not w.pending and w.stage == 0:
        if w.attack > 0 and _can_continue(w):  # (_proceed_steps's first stop, here: the attack may go on)
            return
        if not (w.warriors and w.ruleset == "fr") and len(w.hands[w.current_player]) <= HAND_LIMIT:
            # the usual end of a turn, _proceed_steps in one step: no choice is owed, no attack goes on, no
            # French Warrior penalty is queued and the hand is within the limit (stage 0 -> 1 -> 2 queue nothing)
            w.stage = 2
            w.attack = 0
            _finish_turn(w)
            return
    _proceed_steps(w)


def _proceed_steps(w: Work) -> None:
    """_proceed step by step: each choice that needs no decision resolved, each stage of the end of the turn."""
    while True:
        if w.pending:
            head = w.pending[0]
            if head == "penalty":
                options = distinct_cards(penalty_choices(w))
                if not options:
                    w.pending.pop(0)
                    continue
                if len(options) == 1:
                    w.pending.pop(0)
                    _lose(w, options[0])
                    continue
                return
            if head == "limit":
                p = w.current_player
                if len(w.hands[p]) <= HAND_LIMIT:
                    w.pending.pop(0)
                    continue
                options = distinct_cards(w.hands[p])
                if len(options) == 1:
                    _release(w, options[0])
                    continue
                return
            if head.startswith("colonel:") and not w.hands[int(head[8:])]:
                w.pending.pop(0)
                continue
            return
        if w.stage == 0 and w.attack > 0 and _can_continue(w):  # (no call when no attack is under way)
            return
        if w.stage == 0:
            w.stage = 1
            w.attack = 0
            if w.ruleset == "fr" and w.warriors:
                for _ in range(w.warriors):
                    w.pending.append("penalty")
                if not penalty_choices(w) and w.narrate:
                    w.log(rid("warrior/earlier-turn"), "penalty", "{n} {n:Warrior was|Warriors were} used, but no Yen "
                          "card won in an earlier turn is left: nothing is lost.", n=w.warriors)
            continue
        if w.stage == 1:
            w.stage = 2
            if len(w.hands[w.current_player]) > HAND_LIMIT:
                w.pending.append("limit")
                if w.narrate:
                    w.log(rid("hand/limit"), "limit", "{Who} holds {n} Qi cards, more than 8: the excess goes face up "
                          "to the reserve.", who=w.who(w.current_player), n=len(w.hands[w.current_player]))
            continue
        _finish_turn(w)
        return


def fill_rows(w: Work) -> None:
    """Compact every column toward the pawns, then refill it from its pile."""
    if None not in w.slots:
        return
    slots = list(w.slots)
    for col, (top, mid, low) in enumerate(COLUMNS):
        # A full column, or one with its gaps at the far end and its pile empty, stays as it is (and says
        # nothing): skip it, as most turns once piles run out.
        a, b, c = slots[low], slots[mid], slots[top]
        if a is not None and b is not None and c is not None:
            continue
        if not w.piles[col] and (a is not None or (b is None and c is None)) and (b is not None or c is None):
            continue
        order = (low, mid, top)  # nearest the pawns first
        cards = [slots[i] for i in order if slots[i] is not None]
        before = [slots[i] for i in order]
        for k, i in enumerate(order):
            slots[i] = cards[k] if k < len(cards) else None
        if w.narrate and before != [slots[i] for i in order] and cards:
            w.log(rid("refill/compact"), "compact", "Column {column}: the remaining cards slide toward the pawns.",
                  column=SLOTS[top] + SLOTS[mid] + SLOTS[low])
        had_cards = bool(w.piles[col])
        for i in order:
            if slots[i] is None:
                card = w.draw_yen(col)
                if card is None:
                    # Said when the pile runs out now or the column just lost a card, not every turn after.
                    if w.narrate and (had_cards or before != [slots[k] for k in order]):
                        w.log(rid("refill/exhausted-pile"), "refill", "Pile {pile} is exhausted: slot {slot} stays "
                              "empty.", pile=col + 1, slot=SLOTS[i])
                    break
                slots[i] = card
                if w.narrate:
                    w.log(rid("refill/fill"), "refill", "Slot {slot} is refilled from pile {pile} with a {card}.",
                          slot=SLOTS[i], pile=col + 1, card=card)
    w.slots = tuple(slots)


def _general_won(w: Work) -> bool:
    """Has a player won the General (it is in a victory pile, or removed from the game by a penalty)?"""
    if "general" in w.removed:
        return True
    for pile in w.won:
        if "general" in pile:
            return True
    return False


def _finish_turn(w: Work) -> None:
    if None in w.slots:  # (fill_rows's own first test, here: one call less when every slot holds a card)
        fill_rows(w)
    empty = w.piles.count(())
    # The escape is checked first: when both conditions come in the same turn,
    # the Qi deck did run out a third time and its penalty applies.
    if w.exhaustions >= EXHAUSTIONS_TO_END:
        w.end = "escaped"
        if w.narrate:
            w.log(rid("end/escape"), "end",
                  "The Qi deck has run out for the third time: the Yen army escapes and the game ends. "
                  "Each player loses the Yen card with the highest face value.")
    elif empty >= 2 and _general_won(w):
        w.end = "general"
        if w.narrate:
            w.log(rid("end/general"), "end", "{n} of the 3 Yen piles are empty and the General has been won: the game "
                  "ends.", n=empty)
    if w.end:
        w.pending.clear()
        if w.narrate:
            escaped = w.end == "escaped"
            for p in range(len(w.colours)):
                s = score_pile(w.won[p], w.colours[p], escaped, w.ruleset)
                if s.removed:
                    w.log(rid("score/escape-penalty"), "score", "{Who} loses the {card} ({points} points).",
                          who=w.who(p), card=s.removed, points=face_value(s.removed))
                w.log(rid("score/bonus"), "score", "{Who}: face values {face} + colour bonus {bonus} = {total} points.",
                      who=w.who(p), face=s.face, bonus=s.bonus, total=s.total)
        return
    w.current_player = (w.current_player + 1) % len(w.colours)
    w.turn += 1
    w.attack = 0
    w.deviated = False
    w.won_this_turn = 0
    w.warriors = 0
    w.stage = 0
    w.won_before = len(w.won[w.current_player])
    if w.narrate:
        w.log(rid("turn/sequence"), "turn", "It is {who}'s turn.", who=w.who(w.current_player))
