"""What a Tir Nan Og Wars position shows and holds: each seat's view, the cards conserved, the worlds a bot
imagines (``resample_hidden``), the key bots seed their chance with, and the greedy bot's measure."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from tutor.core import dump_json

from .actions import Consolidate, TakeCreatures, TakeTerritory
from .cards import FOUNTAINS, KINDS, TERRITORIES, kind_of, sort_creatures, sort_territories, value_of
from .engine import apply, replace, reserve_value
from .scoring import winners
from .state import State


def conserved(s: State) -> dict[str, int]:
    """Every card wherever it is: creatures by species, territories by kind, and the distinct territory cards."""
    counts: Counter = Counter()
    for cards in (s.deck, s.display, s.discard, s.removed_creatures, *s.hands):
        counts.update(cards)
    territories = [*s.removed_territories, *s.lost, *itertools.chain(*s.piles, *s.reserves, *s.stacks,
                                                                    *s.fountains)]
    counts.update(kind_of(c) for c in territories)
    counts["territory cards"] = len(territories)
    counts["distinct territory cards"] = len(set(territories))
    return dict(sorted(counts.items()))


def resample_hidden(s: State, player: int, rng: random.Random) -> State:
    """A position ``player`` cannot tell from ``s``: what they may not see dealt anew from ``rng``.

    Hidden from ``player``: the other hands, the deck's order, which
    territory cards were removed at setup (how many of each kind is known,
    as are the removed creatures: k of each species), the cards under
    the top of each territory pile (where its fountain lies among them), and
    the order the discards will take when they are shuffled into a new deck
    (the seed, drawn anew).  The hidden cards are put in card order before
    they are shuffled, so the result depends on what ``player`` sees and on
    ``rng`` only: two positions the seat cannot tell apart give the same worlds.
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
        raise ValueError(f"no player {player!r} in a {s.players}-player game")
    others = [q for q in range(s.players) if q != player]
    pool = list(sort_creatures(list(s.deck) + [c for q in others for c in s.hands[q]]))
    rng.shuffle(pool)
    hands = list(s.hands)
    for q in others:
        n = len(s.hands[q])
        hands[q], pool = sort_creatures(pool[:n]), pool[n:]
    deck = tuple(pool)
    piles = list(s.piles)
    removed = list(s.removed_territories)
    for i, kind in enumerate(KINDS):
        pile = s.piles[i]
        rest = list(pile[1:])
        boxed = [c for c in removed if kind_of(c) == kind]
        cards = list(sort_territories([c for c in rest if c not in FOUNTAINS] + boxed))
        rng.shuffle(cards)
        new_boxed, cards = cards[:len(boxed)], cards[len(boxed):]
        removed = [c for c in removed if kind_of(c) != kind] + new_boxed
        fountains = [c for c in rest if c in FOUNTAINS]
        for f in fountains:
            cards.insert(rng.randrange(len(cards) + 1), f)
        piles[i] = pile[:1] + tuple(cards)
    return replace(s, hands=tuple(hands), deck=deck, removed_territories=sort_territories(removed), piles=tuple(piles),
                   seed=rng.getrandbits(48))


def scores(s: State) -> list[int]:
    return list(s.points)


def view(s: State, player: int | None = None) -> dict:
    """What ``player`` may see; None is the teacher, who sees everything.

    A seat sees its own hand, every hand's size, the display, the discard
    pile, the top card and size of each territory pile, every reserve and
    consolidated stack (face-down cards marked), the won fountains and the
    hands revealed in the last dispute.  The teacher also sees every hand,
    the deck's order, the cards under each pile's top and the cards removed
    at setup.
    """
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                               or not 0 <= player < s.players):
        raise ValueError(f"no player {player!r} in a {s.players}-player game")
    me = s.current_player
    teacher = player is None
    tops = []
    for p in range(s.players):
        top = s.top(p)
        tops.append(None if top is None else {"card": top, "kind": kind_of(top), "face_up": top not in s.down[p]})
    v: dict[str, Any] = {
        "game": "tir-nan-og",
        "ruleset": s.ruleset,
        "player": player,
        "players": s.players,
        "current_player": me,
        "decision": "" if me is None else s.phase,
        "scores": scores(s),
        "over": s.phase == "over",
        "winners": winners(s),
        "first": s.first,
        "turn": s.turn,
        "turns": s.turns,
        "hands": [list(h) if teacher or p == player else None for p, h in enumerate(s.hands)],
        "hand_sizes": [len(h) for h in s.hands],
        "display": list(s.display),
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "runouts": s.runouts,
        "piles": [{"kind": kind, "top": pile[0] if pile else None, "size": len(pile)}
                  for kind, pile in zip(KINDS, s.piles)],
        "reserves": [list(r) for r in s.reserves],
        "reserve_values": [reserve_value(s, p) for p in range(s.players)],
        "stacks": [[{"card": c, "kind": kind_of(c), "face_up": c not in s.down[p]} for c in st]
                   for p, st in enumerate(s.stacks)],
        "tops": tops,
        "fountains": [list(f) for f in s.fountains],
        "fountains_lost": list(s.lost),
        "discount": list(s.discount),
        "territory_values": [sum(value_of(c) for c in st if c not in s.down[p]) for p, st in enumerate(s.stacks)],
        "dispute": None if s.phase != "dispute" else {"fountain": s.fountain, "asked": list(s.asked),
                                                       "joined": list(s.joined)},
        "owed": None if s.owed is None else {"player": s.owed[0], "count": s.owed[1], "reason": s.owed[2]},
        "shown": [{"player": q, "hand": list(h)} for q, h in s.shown],
        "removed_sizes": {"creatures": len(s.removed_creatures), "territories": len(s.removed_territories)},
    }
    v["removed_creatures"] = list(s.removed_creatures)
    shown_cards = [p[0] for p in s.piles if p] + [c for r in s.reserves for c in r] + [c for st in s.stacks for c in st]
    if teacher:
        shown_cards = list(TERRITORIES)
    v["territory_cards"] = {c: {"kind": TERRITORIES[c].kind, "value": TERRITORIES[c].value,
                                "symbols": list(TERRITORIES[c].symbols)} for c in shown_cards if c in TERRITORIES}
    if teacher:
        v["deck"] = list(s.deck)
        v["pile_cards"] = [list(p) for p in s.piles]
        v["removed_territories"] = list(s.removed_territories)
    return v


def position_key(s: State) -> str:
    """What the seat to decide sees, and the game's seed (bots seed their choices with it, so no choice depends
    on a hidden card; the seed only tells one game's bots from another's)."""
    me = s.current_player
    return f"{s.seed}|{s.turns}|" + dump_json(view(s, me if me is not None else 0))


def greedy_value(s: State, action: Any) -> float:
    """Points gained now, plus a little for what builds towards points later (a consolidation's scoring)."""
    me = s.current_player
    if me is None:
        return 0.0
    after = apply(s, action)
    gained = float(after.points[me] - s.points[me])
    if isinstance(action, Consolidate):
        gained += 2.5 if action.kind == "river" else 2.0
    elif isinstance(action, TakeTerritory):
        gained += 0.5
    elif isinstance(action, TakeCreatures):
        gained += 0.25
    return gained
