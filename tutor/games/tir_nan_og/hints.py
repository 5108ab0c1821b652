"""Why a Tir Nan Og Wars move is good, from what the seat sees: the creatures a territory asks for and
the hand holds, the forests and rivers a castle earns from, the hands a volcano compares, the majorities
of a fountain dispute (the game's :meth:`hint_reason`, used by its adviser and by tutor.hints).

Every sentence names a fact a player counts on the table and the rule that makes it matter; it reads
the seat's view only (``game.view(state, seat)``), so a hidden hand never changes it.

>>> from tutor.games.tir_nan_og import GAME, scenario
>>> from tutor.games.tir_nan_og.actions import TakeTerritory
>>> s = scenario([["griffin", "centaur"], ["elf"]], tops={"castle": ["castle-1"]})
>>> hint_reason(GAME, s, 0, TakeTerritory("castle"))[0]
'Take the castle: your hand already holds 2 of the 4 creatures it asks for (griffin, centaur, centaur, ?) \
(Consolidate by paying the creatures shown).'
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .actions import Consolidate, Discard, Join, Pass, StayOut, TakeCreatures, TakeTerritory
from .cards import (
    ANY,
    ORDER,
    RULE_CASTLE,
    RULE_COUNT,
    RULE_FOREST,
    RULE_LOSERS,
    RULE_NOBODY,
    RULE_PASS,
    RULE_PAY,
    RULE_PLAIN,
    RULE_RESERVE_VALUE,
    RULE_RIVER,
    RULE_SCORING,
    RULE_TEMPLE,
    RULE_VOLCANO,
    RULE_WINNER_DISCARD,
    RESERVE_LIMIT,
    TEMPLE_MINIMUM,
)
from .engine import words
from .scoring import TEMPLE_WIN, territory_points, volcano

__all__ = ["hint_reason"]

Reason = tuple[str, str, dict[str, Any]]  # (English template, rule id, its parameters)


def hint_reason(game: Any, state: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
    """(sentence, rule id) naming the fact on ``seat``'s side of the table the move is about, or None
    when no fact of the board applies (the adviser's own words then speak)."""
    board = _Board(game.view(state, seat), seat, lang)
    found = _reason(board, action)
    if found is None:
        return None
    template, rule, params = found
    params = dict(params, move=game.action_text(action, lang), rule=game.rules[rule].wording(lang)[0])
    return words().render(template, params, lang), rule


class _Board:
    """What the seat sees, counted as a player counts it (the view's fields, nothing else)."""

    def __init__(self, view: dict, seat: int, lang: str):
        self.view, self.seat, self.lang = view, seat, lang
        self.hand = Counter(view["hands"][seat] or [])
        self.reserve = list(view["reserves"][seat])
        self.discount = bool(view["discount"][seat])

    def symbols(self, card: str) -> tuple[str, ...]:
        return tuple(self.view["territory_cards"][card]["symbols"])

    def kind(self, card: str) -> str:
        return str(self.view["territory_cards"][card]["kind"])

    def value(self, card: str) -> int:
        return int(self.view["territory_cards"][card]["value"])

    def top(self, p: int) -> dict | None:
        """Player p's visible consolidated territory when it lies face up (it has its power)."""
        top = self.view["tops"][p]
        return top if top is not None and top["face_up"] else None

    def counted(self, p: int) -> Counter:
        """The creatures player p counts in a dispute that the seat sees: the seat's own hand, and the
        symbols of p's face-up top ('?' ignored)."""
        counts = Counter(self.hand) if p == self.seat else Counter()
        top = self.top(p)
        if top is not None:
            counts.update(c for c in self.symbols(top["card"]) if c != ANY)
        return counts

    def others(self) -> list[int]:
        return [q for q in range(self.view["players"]) if q != self.seat]

    def scorings_left(self) -> int:
        """The territory scorings still to come: the intermediate one until the deck first runs out, and the final."""
        return 2 if self.view["runouts"] == 0 else 1

    # ------------------------------------------------------------ words
    def say(self, template: str, **params: Any) -> str:
        return words().render(template, params, self.lang)

    def name(self, table: str, key: str) -> str:
        return words().name(table, key, self.lang)

    def many(self, species: str | None, n: int) -> str:
        """"3 centaurs", "1 fairy"; "no creature" for none."""
        if species is None or n <= 0:
            return self.name("words", "no_creature")
        return f"{n} {self.name('cards' if n == 1 else 'plurals', species)}"

    def place(self, kind: str) -> str:
        """A kind of territory with its article ("the castle", "il castello", "le château")."""
        return self.name("places", kind)

    def needs(self, card: str) -> str:
        return ", ".join(self.name("symbols", c) for c in self.symbols(card))

    def join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + self.name("words", "and") + items[-1]

    def territories(self, cards: list[str]) -> str:
        return self.join([words().messages.param("territory", c, self.lang) for c in cards])


def missing(symbols: tuple[str, ...], hand: Counter) -> int:
    """How many of a territory's creatures ``hand`` does not cover: each named creature by its own
    species, each '?' by any card left over."""
    named = Counter(c for c in symbols if c != ANY)
    short = sum(max(0, n - hand[c]) for c, n in named.items())
    spare = sum(max(0, n - named[c]) for c, n in hand.items())
    return short + max(0, symbols.count(ANY) - spare)


def _reason(b: _Board, action: Any) -> Reason | None:
    if isinstance(action, Consolidate):
        return _consolidate(b, action)
    if isinstance(action, TakeTerritory):
        return _take_territory(b, action)
    if isinstance(action, TakeCreatures):
        return _take_creatures(b, action)
    if isinstance(action, (Join, StayOut)):
        return _dispute(b, action)
    if isinstance(action, Discard):
        return _discard(b, action)
    if isinstance(action, Pass) and not b.view["display"]:
        return ("{Move}: the display is empty and no territory can be taken or paid for ({rule}).", RULE_PASS, {})
    return None


# ---------------------------------------------------------------- consolidate
def _consolidate(b: _Board, action: Consolidate) -> Reason:
    card = next(c for c in b.reserve if b.kind(c) == action.kind)
    kept = b.hand - Counter(action.pay)
    kind = action.kind
    if kind == "plain":
        rest = [c for c in b.reserve if c != card]
        if rest:
            dearest = max(rest, key=lambda c: (len(b.symbols(c)), -b.reserve.index(c)))
            cost = len(b.symbols(dearest))
            return ("{Move}: {place} in your reserve will then cost {after} {after:creature|creatures} instead of "
                    "{before} ({rule}).", RULE_PLAIN,
                    {"place": b.place(b.kind(dearest)), "after": cost - 1, "before": cost})
    elif kind == "castle":
        shown = [q for q in b.others() if (top := b.top(q)) is not None and top["kind"] in ("forest", "river")]
        if shown:
            items = [b.say("{place} of {player}", place=b.place(b.top(q)["kind"]), player=q)  # type: ignore[index]
                     for q in shown]
            return ("{Move}: the others show {shown} on top, and it earns you {points} {points:point|points} this "
                    "turn and each of yours while it stays on top ({rule}).", RULE_CASTLE,
                    {"shown": b.join(items), "points": len(shown)})
    elif kind == "forest":
        held = kept["fairy"]
        on_card = b.symbols(card).count("fairy")
        params = {"held": held, "on_card": on_card, "points": held + on_card}
        if held and on_card:
            return ("{Move}: the {held} {held:fairy|fairies} you keep in hand and the {on_card} on the forest score "
                    "you {points} points at once ({rule}).", RULE_FOREST, params)
        if held:
            return ("{Move}: the {held} {held:fairy|fairies} you keep in hand score you {points} {points:point|points} "
                    "at once ({rule}).", RULE_FOREST, params)
        if on_card:
            return ("{Move}: the {on_card} {on_card:fairy|fairies} on the forest score you {points} "
                    "{points:point|points} at once ({rule}).", RULE_FOREST, params)
    elif kind == "river":
        return _scoring(b, kind, RULE_RIVER)
    elif kind == "temple":
        found = _temple(b, card)
        if found is not None:
            return found
    elif kind == "volcano":
        found = _volcano(b, sum(kept.values()))
        if found is not None:
            return found
    return _scoring(b, kind, RULE_SCORING)


def _scoring(b: _Board, kind: str, rule: str) -> Reason:
    """What the territory scores at the scorings still to come (a river 3, not 2)."""
    params = {"place": b.place(kind), "points": territory_points(kind), "deck": b.view["deck_size"]}
    if kind == "river":
        if b.scorings_left() == 2:
            return ("{Move}: {place} will score 3, not 2, at the intermediate scoring, when the deck runs out "
                    "({deck} {deck:card|cards} left), and again at the final one ({rule}).", rule, params)
        return "{Move}: {place} will score 3, not 2, at the final scoring ({rule}).", rule, params
    if b.scorings_left() == 2:
        return ("{Move}: {place} will score {points} at the intermediate scoring, when the deck runs out "
                "({deck} {deck:card|cards} left), and again at the final one ({rule}).", rule, params)
    return "{Move}: {place} will score {points} at the final scoring ({rule}).", rule, params


def _top_three(b: _Board, p: int, more: str | None = None) -> int:
    """The values of player p's top three consolidated territories (face down: 0), with ``more`` laid on top."""
    stack = list(b.view["stacks"][p])
    cards = [(c["card"], c["face_up"]) for c in stack] + ([(more, True)] if more else [])
    return sum(b.value(c) for c, up in cards[-3:] if up)


def _temple(b: _Board, card: str) -> Reason | None:
    if len(b.view["stacks"][b.seat]) + 1 < TEMPLE_MINIMUM:
        return None
    mine = _top_three(b, b.seat, card)
    theirs = {q: _top_three(b, q) for q in b.others()}
    beaten = [q for q in theirs if theirs[q] < mine]
    if not beaten:
        return None
    stronger = [q for q in theirs if theirs[q] > mine]
    params = {"value": mine, "points": TEMPLE_WIN * len(beaten), "players": tuple(stronger),
              "beaten": b.join([b.say("{player} ({value})", player=q, value=theirs[q]) for q in beaten])}
    if stronger:
        return ("{Move}: your top three will be worth {value}, more than {beaten}, so {points} points for you, "
                "and 3 each for {players} ({rule}).", RULE_TEMPLE, params)
    return ("{Move}: your top three will be worth {value}, more than {beaten}, so {points} points for you "
            "({rule}).", RULE_TEMPLE, params)


def _volcano(b: _Board, kept: int) -> Reason | None:
    sizes = {b.seat: kept, **{q: b.view["hand_sizes"][q] for q in b.others()}}
    won = volcano(sizes)[b.seat]
    if not won:
        return None
    others = b.join([b.say("{count} for {player}", count=sizes[q], player=q) for q in b.others()])
    return ("{Move}: you will hold {count} {count:card|cards} against {others}, so {points} {points:point|points} "
            "for you ({rule}).", RULE_VOLCANO, {"count": kept, "others": others, "points": won})


# ---------------------------------------------------------------- take
def _take_territory(b: _Board, action: TakeTerritory) -> Reason:
    pile = next(p for p in b.view["piles"] if p["kind"] == action.kind)
    card = pile["top"]
    symbols = b.symbols(card)
    total = len(symbols)
    held = total - missing(symbols, b.hand)
    params = {"needs": b.needs(card), "held": held, "total": total}
    if held >= total - b.discount:
        return ("{Move}: your hand already pays for its creatures ({needs}), so you can consolidate it on your next "
                "turn ({rule}).", RULE_PAY, params)
    if held:
        return ("{Move}: your hand already holds {held} of the {total} creatures it asks for ({needs}) ({rule}).",
                RULE_PAY, params)
    offered = total - missing(symbols, b.hand + Counter(b.view["display"]))
    if offered:
        return ("{Move}: the display offers {offered} of the {total} creatures it asks for ({needs}) ({rule}).",
                RULE_PAY, dict(params, offered=offered))
    worth = sum(b.value(c) for c in b.reserve) + b.value(card)
    return ("{Move}: worth {value}, {place} brings your reserve to {worth} of the {limit} allowed ({rule}).",
            RULE_RESERVE_VALUE, {"value": b.value(card), "place": b.place(action.kind), "worth": worth,
                                 "limit": RESERVE_LIMIT})


def _take_creatures(b: _Board, action: TakeCreatures) -> Reason | None:
    after = b.hand + Counter(action.cards)
    discount = int(b.discount)
    best = None  # (completes, gain, in the reserve, card, before, after)
    tops = [p["top"] for p in b.view["piles"] if p["top"] in b.view["territory_cards"]]
    for where, cards in ((1, b.reserve), (0, tops)):
        for card in cards:
            was = max(0, missing(b.symbols(card), b.hand) - discount)
            now = max(0, missing(b.symbols(card), after) - discount)
            if was > now:
                key = (where, now == 0, was - now, -len(b.symbols(card)))
                if best is None or key > best[0]:
                    best = (key, card, was, now)
    if best is not None:
        (where, done, _, _), card, was, now = best
        params = {"place": b.place(b.kind(card)), "needs": b.needs(card), "after": now, "before": was}
        if where and done:
            return "{Move}: with them your hand pays for {place} in your reserve ({needs}) ({rule}).", RULE_PAY, params
        if where:
            return ("{Move}: {place} in your reserve ({needs}) will then need {after} {after:creature|creatures} "
                    "instead of {before} ({rule}).", RULE_PAY, params)
        return ("{Move}: {place} on top of its pile ({needs}) would then need {after} {after:creature|creatures} "
                "instead of {before} ({rule}).", RULE_PAY, params)
    counts = b.counted(b.seat) + Counter(action.cards)
    species, n = _largest(counts)
    if species in action.cards:
        return ("{Move}: {the_card} will be your majority in a fountain dispute, {count} in all ({rule}).",
                RULE_COUNT, {"the_card": b.name("creatures_the", species), "count": n})
    return None


def _largest(counts: Counter) -> tuple[str | None, int]:
    """The creature counted most (the first in card order on a tie), and how many."""
    if not counts:
        return None, 0
    species = max(counts, key=lambda c: (counts[c], -ORDER[c]))
    return species, counts[species]


# ---------------------------------------------------------------- the fountain dispute
def _dispute(b: _Board, action: Join | StayOut) -> Reason:
    dispute = b.view["dispute"] or {"asked": [b.seat], "joined": []}
    rivals = [q for q in list(dispute["joined"]) + list(dispute["asked"]) if q != b.seat]
    species, n = _largest(b.counted(b.seat))
    many = b.many(species, n)
    if isinstance(action, Join):
        if not rivals:
            return ("{Move}: nobody else can join, so {place} is yours alone, 4 points at each scoring ({rule}).",
                    RULE_NOBODY, {"place": b.place("fountain")})
        bound = {q: _largest(b.counted(q))[1] + b.view["hand_sizes"][q] for q in rivals}
        if n > max(bound.values()):
            return ("{Move}: you count {many}, and none of your rivals ({players}) can count more than {best} "
                    "in the dispute ({rule}).", RULE_COUNT, {"many": many, "players": tuple(rivals),
                                                             "best": max(bound.values())})
        return ("{Move}: you count {many} in the dispute, against {rivals} ({rule}).", RULE_COUNT,
                {"many": many, "rivals": b.join([_rival(b, q) for q in rivals])})
    top = b.top(b.seat)
    if top is not None and rivals:
        return ("{Move}: you count only {many}, and losing the dispute would turn {place} on top of your stack "
                "face down, worth 0 points and without its power ({rule}).", RULE_LOSERS,
                {"many": many, "place": b.place(top["kind"])})
    joined = [q for q in dispute["joined"] if q != b.seat]
    if joined:
        return ("{Move}: you count only {many}, with {players} already in the dispute ({rule}).", RULE_COUNT,
                {"many": many, "players": tuple(joined)})
    return ("{Move}: you count only {many}, and winning the dispute would cost you one of your {count} "
            "{count:card|cards} in hand per participant ({rule}).", RULE_WINNER_DISCARD,
            {"many": many, "count": sum(b.hand.values())})


def _rival(b: _Board, q: int) -> str:
    species, n = _largest(b.counted(q))
    held = b.view["hand_sizes"][q]
    if species is None:
        return b.say("{player} ({count} {count:card|cards} in hand)", player=q, count=held)
    return b.say("{player} ({count} {count:card|cards} in hand, {many} on top)", player=q, count=held,
                 many=b.many(species, n))


# ---------------------------------------------------------------- discard
def _discard(b: _Board, action: Discard) -> Reason | None:
    card = action.card
    have = b.hand[card]
    if b.reserve:
        need = sum(b.symbols(c).count(card) for c in b.reserve)
        params = {"card": card, "territories": b.territories(b.reserve), "many": b.many(card, have),
                  "need": b.many(card, need)}
        if not need:
            return ("{Move}: no territory in your reserve, {territories}, shows the {card} symbol ({rule}).",
                    RULE_PAY, params)
        if have > need:
            return ("{Move}: you hold {many}, and your reserve, {territories}, shows only {need} ({rule}).",
                    RULE_PAY, params)
    counts = b.counted(b.seat)
    species, n = _largest(counts)
    if species is not None and counts[card] < n:
        return ("{Move}: you hold {many}, fewer than the {best} you count in a fountain dispute ({rule}).",
                RULE_COUNT, {"many": b.many(card, have), "best": b.many(species, n)})
    return None
