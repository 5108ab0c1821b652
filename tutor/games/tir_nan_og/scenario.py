"""Tir Nan Og Wars scenario files: writing, reading and checking them, and arranged positions.

A file is untrusted: every fault is a short ScenarioError naming the field,
and a position the rules cannot reach (a card twice, a missing card, a
reserve worth more than 7 ...) is refused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tutor.core import FORMAT, ScenarioError, ScenarioReader, check_header, dump_json, parse_json_object, short

from .cards import (
    CREATURE_DECK,
    DISPLAY_SIZE,
    FOUNTAINS,
    GAME_NAME,
    HAND_LIMIT,
    KINDS,
    ORDER,
    REMOVED_PER_KIND,
    REMOVED_PER_SPECIES,
    RESERVE_LIMIT,
    RULESETS,
    SPECIES,
    TERRITORIES,
    kind_of,
    pile_of_fountain,
    sort_creatures,
    sort_territories,
    value_of,
)
from .state import PHASES, State, has_discount
from .words import Miscount

MAX_SEED = 2**63 - 1
MAX_POINTS = 10_000
MAX_TURNS = 100_000


def to_json(s: State) -> str:
    return dump_json({
        "game": GAME_NAME,
        "format": FORMAT,
        "ruleset": s.ruleset,
        "players": s.players,
        "seed": s.seed,
        "first": s.first,
        "turn": s.turn,
        "phase": s.phase,
        "deck": list(s.deck),
        "display": list(s.display),
        "discard": list(s.discard),
        "hands": [list(h) for h in s.hands],
        "reserves": [list(r) for r in s.reserves],
        "stacks": [list(st) for st in s.stacks],
        "face_down": [list(d) for d in s.down],
        "fountains": [list(f) for f in s.fountains],
        "piles": [list(p) for p in s.piles],
        "removed_creatures": list(s.removed_creatures),
        "removed_territories": list(s.removed_territories),
        "fountains_lost": list(s.lost),
        "points": list(s.points),
        "runouts": s.runouts,
        "shuffles": s.shuffles,
        "turns": s.turns,
        "dispute": None if s.fountain is None else {"fountain": s.fountain, "asked": list(s.asked),
                                                     "joined": list(s.joined)},
        "owed": None if s.owed is None else {"player": s.owed[0], "count": s.owed[1], "reason": s.owed[2]},
        "shown": [{"player": q, "hand": list(h)} for q, h in s.shown],
    })


def from_json(text: str | bytes) -> State:
    data = parse_json_object(text)
    check_header(data, GAME_NAME)
    return state_from_dict(data)


def _creatures(r: ScenarioReader, key: str, max_len: int = 60) -> tuple[str, ...]:
    items = r.list(key, max_len=max_len)
    for i, c in enumerate(items):
        if not isinstance(c, str) or c not in ORDER:
            raise r.error_at(f"{r.field(key)}[{i}]", "unknown creature {got}; creatures: {known}", got=short(c),
                             known=", ".join(SPECIES))
    return tuple(items)


def _territories(r: ScenarioReader, key: str, fountains: bool | None = False, max_len: int = 60) -> tuple[str, ...]:
    """Territory card ids; ``fountains`` True: only fountains, False: no fountain, None: either."""
    items = r.list(key, max_len=max_len)
    for i, c in enumerate(items):
        ok = isinstance(c, str) and (c in TERRITORIES or c in FOUNTAINS)
        if ok and fountains is True:
            ok = c in FOUNTAINS
        elif ok and fountains is False:
            ok = c in TERRITORIES
        if not ok:
            what = {True: "a magic fountain", False: "a territory card (no fountain)", None: "a territory card"}
            raise r.error_at(f"{r.field(key)}[{i}]", "expected {what}, got {got}", what=what[fountains],
                             got=short(c))
    return tuple(items)


def _per_seat(r: ScenarioReader, key: str, n: int, read: Any) -> tuple:
    items = r.list(key, length=n)
    out = []
    for i, item in enumerate(items):
        sub = ScenarioReader({"x": item}, r.field(key))
        try:
            out.append(read(sub, "x"))
        except ScenarioError as exc:
            field = exc.field.replace(f"{r.field(key)}.x", f"{r.field(key)}[{i}]")
            raise ScenarioError(field, exc.message, exc.template, exc.params) from None
    return tuple(out)


def _seat(r: ScenarioReader, key: str, n: int) -> int:
    return r.int(key, 0, n - 1)


def state_from_dict(data: dict) -> State:
    """Build and check a State from its JSON object (see :func:`to_json`)."""
    r = ScenarioReader(data)
    ruleset = r.choice("ruleset", RULESETS, default="base")
    n = r.int("players", 2, 4)
    seed = r.int("seed", 0, MAX_SEED)
    first = _seat(r, "first", n)
    turn = _seat(r, "turn", n)
    phase = r.choice("phase", PHASES)
    deck = _creatures(r, "deck")
    display = _creatures(r, "display", DISPLAY_SIZE)
    discard = _creatures(r, "discard")
    hands = _per_seat(r, "hands", n, lambda sub, k: _creatures(sub, k, HAND_LIMIT + 2))
    reserves = _per_seat(r, "reserves", n, lambda sub, k: _territories(sub, k, False, 6))
    stacks = _per_seat(r, "stacks", n, lambda sub, k: _territories(sub, k, False))
    down = _per_seat(r, "face_down", n, lambda sub, k: _territories(sub, k, False))
    fountains = _per_seat(r, "fountains", n, lambda sub, k: _territories(sub, k, True, 6))
    piles = tuple(_per_seat(r, "piles", len(KINDS), lambda sub, k: _territories(sub, k, None, 12)))
    removed_creatures = _creatures(r, "removed_creatures")
    removed_territories = _territories(r, "removed_territories", False, 12)
    lost = _territories(r, "fountains_lost", True, 6)
    points = tuple(_per_seat(r, "points", n, lambda sub, k: sub.int(k, 0, MAX_POINTS)))
    # the plain's discount is the power of a face-up plain on top (State.discount); a file may say it, not set it
    claimed = r.bools("discount", n) if data.get("discount") is not None else None
    runouts = r.int("runouts", 0, 2)
    shuffles = r.int("shuffles", 0, 1)
    turns = r.int("turns", 0, MAX_TURNS)

    # every card exactly once
    creatures = Counter(deck + display + discard + removed_creatures + tuple(c for h in hands for c in h))
    want = Counter(CREATURE_DECK)
    if creatures != want:
        diff = Miscount((c, creatures[c], want[c]) for c in SPECIES if creatures[c] != want[c])
        raise r.error("deck", "the creature cards do not add up to the game's 58: {diff}", diff=diff)
    places = {"piles": [c for p in piles for c in p], "reserves": [c for x in reserves for c in x],
              "stacks": [c for x in stacks for c in x], "fountains": [c for x in fountains for c in x],
              "removed_territories": list(removed_territories), "fountains_lost": list(lost)}
    seen: dict[str, str] = {}
    for where, cards in places.items():
        for c in cards:
            if c in seen:
                raise r.error(where, "the card {card} is also in {other}", card=c, other=seen[c])
            seen[c] = where
    missing = [c for c in list(TERRITORIES) + list(FOUNTAINS) if c not in seen]
    if missing:
        raise r.error("piles", "territory cards are missing: {cards}", cards=short(", ".join(missing)))

    # setup by player count
    removed_count = Counter(removed_creatures)
    if any(removed_count[c] != REMOVED_PER_SPECIES[n] for c in SPECIES):
        raise r.error("removed_creatures", "with {n} players, {k} cards of each creature are removed", n=n,
                      k=REMOVED_PER_SPECIES[n])
    kinds_removed = Counter(kind_of(c) for c in removed_territories)
    if any(kinds_removed[k] != REMOVED_PER_KIND[n] for k in KINDS):
        raise r.error("removed_territories", "with {n} players, {k} territories of each kind are removed", n=n,
                      k=REMOVED_PER_KIND[n])
    for i, pile in enumerate(piles):
        for c in pile:
            home = pile_of_fountain(c) if c in FOUNTAINS else KINDS.index(kind_of(c))
            if home != i:
                raise r.error_at(f"piles[{i}]", "the {kind} pile holds {card}", kind=KINDS[i], card=c)
    for p in range(n):
        kinds = [kind_of(c) for c in reserves[p]]
        if len(set(kinds)) != len(kinds):
            raise r.error_at(f"reserves[{p}]", "two territories of one kind in a reserve")
        if sum(value_of(c) for c in reserves[p]) > RESERVE_LIMIT:
            raise r.error_at(f"reserves[{p}]", "a reserve worth more than 7")
        top = stacks[p][-1] if stacks[p] else None
        if top is not None and top not in down[p] and kind_of(top) in kinds:
            raise r.error_at(f"reserves[{p}]", "a reserve territory of the same kind as the visible top")
        if any(c not in stacks[p] for c in down[p]) or len(set(down[p])) != len(down[p]):
            raise r.error_at(f"face_down[{p}]", "a face-down card must be in that player's stack, once")
        if list(down[p]) != list(sort_territories(down[p])):
            raise r.error_at(f"face_down[{p}]", "face-down cards are listed in card order")
        if list(reserves[p]) != list(sort_territories(reserves[p])):
            raise r.error_at(f"reserves[{p}]", "reserve cards are listed in card order")
        if list(hands[p]) != list(sort_creatures(hands[p])):
            raise r.error_at(f"hands[{p}]", "cards in hand are listed in creature order")
        if claimed is not None and claimed[p] != has_discount(stacks[p], down[p]):
            raise r.error_at(f"discount[{p}]", "the discount comes only from a plain on top of the stack, face up")
    for key, ccards in (("display", display), ("discard", discard), ("removed_creatures", removed_creatures)):
        if list(ccards) != list(sort_creatures(ccards)):
            raise r.error(key, "cards are listed in creature order")
    for key, tcards in (("removed_territories", removed_territories), ("fountains_lost", lost)):
        if list(tcards) != list(sort_territories(tcards)):
            raise r.error(key, "cards are listed in card order")

    # the deck and the rounds
    if runouts < 2 and not deck:
        raise r.error("deck", "the deck is empty only after its second run-out")
    if deck and len(display) != DISPLAY_SIZE:
        raise r.error("display", "the display holds 5 cards while the deck has any")
    if shuffles != (1 if runouts >= 1 else 0) and not (runouts == 2 and shuffles == 1):
        raise r.error("shuffles", "the discards are reshuffled once, at the first run-out")

    # who decides
    fountain = None
    asked: tuple[int, ...] = ()
    joined: tuple[int, ...] = ()
    raw_dispute = data.get("dispute")
    if raw_dispute is not None:
        d = r.sub("dispute")
        fountain = d.choice("fountain", FOUNTAINS)
        asked = tuple(_per_seat(d, "asked", len(d.list("asked", max_len=4)), lambda sub, k: _seat(sub, k, n)))
        joined = tuple(_per_seat(d, "joined", len(d.list("joined", max_len=4)), lambda sub, k: _seat(sub, k, n)))
        order = [(turn + k) % n for k in range(n)]
        if not asked or list(asked) != order[n - len(asked):]:
            raise d.error("asked", "the players still to declare, clockwise from the revealer")
        declared = order[: n - len(asked)]
        if any(q not in declared for q in joined) or list(joined) != [q for q in declared if q in joined]:
            raise d.error("joined", "participants are players who already declared, in turn order")
        pile = piles[pile_of_fountain(fountain)]
        if not pile or pile[0] != fountain:
            raise d.error("fountain", "the disputed fountain lies on top of its pile")
    if (phase == "dispute") != (fountain is not None):
        raise r.error("dispute", "a dispute is under way exactly in the dispute phase")
    for i, pile in enumerate(piles):
        if pile and pile[0] in FOUNTAINS and pile[0] != fountain:
            raise r.error_at(f"piles[{i}]", "a fountain shows on a pile only while it is disputed")
    owed = None
    if data.get("owed") is not None:
        o = r.sub("owed")
        seat = _seat(o, "player", n)
        reason = o.choice("reason", ("hand-limit", "fountain"))
        count = o.int("count", 1, HAND_LIMIT + 2)
        if reason == "hand-limit" and (seat != turn or len(hands[seat]) - count != HAND_LIMIT):
            raise o.error("count", "the player to move discards down to 7 cards")
        if reason == "fountain" and count >= len(hands[seat]):
            raise o.error("count", "the winner discards fewer cards than the hand holds (else all go at once)")
        if phase != {"hand-limit": "discard", "fountain": "fountain-discard"}[reason]:
            raise r.error("phase", "a discard is owed only in the discard phases")
        owed = (seat, count, reason)
    if phase in ("discard", "fountain-discard") and owed is None:
        raise r.error("owed", "the discard phases need who owes how many cards")
    for p in range(n):
        if len(hands[p]) > HAND_LIMIT and not (owed and owed[0] == p and owed[2] == "hand-limit"):
            raise r.error_at(f"hands[{p}]", "more than 7 cards in hand")
    if phase == "over" and runouts < 2:
        raise r.error("phase", "the game ends only after the deck's second run-out")
    shown_raw = r.list("shown", max_len=4)
    shown = []
    for i, item in enumerate(shown_raw):
        sr = ScenarioReader(item, f"shown[{i}]")
        shown.append((_seat(sr, "player", n), sort_creatures(_creatures(sr, "hand", HAND_LIMIT + 2))))
    return State(
        players=n, seed=seed, ruleset=ruleset, first=first, turn=turn, phase=phase, deck=deck,
        display=display, discard=discard, hands=hands, reserves=reserves, stacks=stacks, down=down,
        fountains=fountains, piles=piles, removed_creatures=removed_creatures,
        removed_territories=removed_territories, lost=lost, points=points,
        runouts=runouts, shuffles=shuffles, turns=turns, fountain=fountain, asked=asked, joined=joined,
        owed=owed, shown=tuple(shown),
    )


def scenario(
    hands: list[list[str]],
    stacks: list[list[str]] | None = None,
    reserves: list[list[str]] | None = None,
    display: list[str] | None = None,
    points: list[int] | None = None,
    tops: dict[str, list[str]] | None = None,
    down: list[list[str]] | None = None,
    deck_size: int | None = None,
    turn: int = 0,
    first: int | None = None,
    seed: int = 0,
    runouts: int = 0,
    fountains: list[list[str]] | None = None,
) -> State:
    """An arranged position at the start of ``turn``'s turn (for examples and tests), four players' cards.

    Hands, stacks, reserves and the display as given; ``tops`` puts cards on
    top of the piles, in order (kind -> card ids, a fountain allowed below
    the first).  Every other card goes to the piles (each fountain low in its
    pile) and the creature deck, so the position is a whole, loadable table
    (with 2 or 3 players, the cards setup removes are removed first).
    """
    n = len(hands)
    stacks = stacks or [[] for _ in range(n)]
    reserves = reserves or [[] for _ in range(n)]
    down = down or [[] for _ in range(n)]
    tops = tops or {}
    fountains = fountains or [[] for _ in range(n)]
    used_t = {c for x in stacks + reserves + fountains for c in x} | {c for v in tops.values() for c in v}
    removed_t: list[str] = []
    for kind in KINDS:
        spare = [t for t in TERRITORIES if kind_of(t) == kind and t not in used_t]
        removed_t += spare[len(spare) - REMOVED_PER_KIND[n]:] if REMOVED_PER_KIND[n] else []
    piles = []
    for kind in KINDS:
        on_top = list(tops.get(kind, []))
        rest = [t for t in TERRITORIES if kind_of(t) == kind and t not in used_t and t not in removed_t]
        fountain = f"fountain-{kind}"
        if fountain not in on_top and fountain not in used_t:
            rest.append(fountain)
        piles.append(tuple(on_top + rest))
    used_c = Counter(c for h in hands for c in h) + Counter(display or [])
    pool = Counter(CREATURE_DECK) - used_c
    removed_c: list[str] = []
    for c in SPECIES:
        removed_c += [c] * REMOVED_PER_SPECIES[n]
    pool -= Counter(removed_c)
    rest_c = list(pool.elements())
    # a fixed, mixed order for the deck (interleave the species)
    by_species = {c: [x for x in rest_c if x == c] for c in SPECIES}
    deck: list[str] = []
    while any(by_species.values()):
        for c in SPECIES:
            if by_species[c]:
                deck.append(by_species[c].pop())
    if display is None:
        display, deck = deck[:DISPLAY_SIZE], deck[DISPLAY_SIZE:]
    discard: list[str] = []
    if deck_size is not None:
        discard, deck = deck[deck_size:], deck[:deck_size]
    data = {
        "ruleset": "base", "players": n, "seed": seed, "first": turn if first is None else first, "turn": turn,
        "phase": "turn", "deck": deck, "display": list(sort_creatures(display)),
        "discard": list(sort_creatures(discard)),
        "hands": [list(sort_creatures(h)) for h in hands], "reserves": [list(sort_territories(x)) for x in reserves],
        "stacks": stacks, "face_down": [list(sort_territories(d)) for d in down], "fountains": fountains,
        "piles": [list(p) for p in piles], "removed_creatures": list(sort_creatures(removed_c)),
        "removed_territories": list(sort_territories(removed_t)), "fountains_lost": [],
        "points": points or [0] * n, "runouts": runouts,
        "shuffles": 1 if runouts else 0,
        "turns": 0, "dispute": None, "owed": None, "shown": [],
    }
    return state_from_dict(data)
