"""Reading a Formula E position: progress, positions, scores, what a seat sees, the conserved counts, and the
hidden cards dealt anew for a bot's imagined worlds."""

from __future__ import annotations

import random

from .base import replace
from .cards import COBRAS, COUNTS, GAME_NAME, sort_cards
from .state import State
from .track import Cell, cell_name


# ------------------------------------------------------------------ reading the position
def progress(s: State, player: int) -> int:
    """Rows covered along the lap (0 at the back of the start grid; the number of rows once across the line)."""
    cell = s.elephants[player]
    return 0 if cell is None else min(cell[0], s.track.rows_count)


def positions(s: State) -> dict:
    """Each elephant's, cow's and the Rat's space (names such as ``b3``; "finish" past the line)."""
    def name(c: Cell | None) -> str | None:
        if c is None:
            return None
        return "finish" if c[0] >= s.track.rows_count else cell_name(c)

    return {"elephants": [name(c) for c in s.elephants], "cows": [name(c) for c in s.cows], "rat": name(s.rat)}


def scores(s: State) -> list[int]:
    return [progress(s, p) for p in range(s.players)]


def winners(s: State) -> list[int]:
    return [s.winner] if s.phase == "over" and s.winner is not None else []


def discard_visible(s: State, player: int | None) -> bool:
    """The discards are examined only by the player resolving a Prayer (and the teacher)."""
    return player is None or (s.phase == "prayer" and player == s.active)


def view(s: State, player: int | None) -> dict:
    over = s.phase == "over"
    pos = positions(s)
    return {
        "game": GAME_NAME, "player": player, "players": s.players,
        "current_player": s.current_player, "decision": "" if over else s.phase,
        "scores": scores(s), "over": over, "ruleset": "base",
        "hands": [list(h) if player is None or player == q else None for q, h in enumerate(s.hands)],
        "hand_sizes": s.hand_sizes(),
        "track": {"name": s.track.name, "rows": list(s.track.rows)},
        "elephants": pos["elephants"], "cows": pos["cows"], "rat": pos["rat"],
        "progress": scores(s), "active": s.active, "first": s.first, "phase": s.phase,
        "deck_size": len(s.deck), "discard_size": len(s.discard),
        "discard_top": s.discard[-1] if s.discard else None,
        "discard": list(s.discard) if discard_visible(s, player) else None,
        "cobras": list(s.cobras), "cobras_free": COBRAS - sum(s.cobras),
        "pending": list(s.pending), "cancelled": s.cancelled, "played": list(s.played), "mode": s.mode,
        "asker": s.asker, "cow_left": s.cow_left, "owed": s.owed, "winner": s.winner, "turns": s.turns,


    }


def conserved(s: State) -> dict[str, int]:
    counts: dict[str, int] = {c: 0 for c in COUNTS}
    for pile in (*s.hands, s.deck, s.discard, s.pending):
        for c in pile:
            counts[c] = counts.get(c, 0) + 1
    counts["cards"] = sum(counts[c] for c in COUNTS)
    counts["elephant pieces"] = len(s.elephants)
    counts["sacred cows"] = len(s.cows)
    counts["cobras"] = COBRAS if sum(s.cobras) <= COBRAS else sum(s.cobras)
    return counts


def resample_hidden(s: State, player: int, rng: random.Random) -> State:
    """Deal anew what ``player`` cannot see: the other hands, the deck and (unless shown) the discards under the top."""
    others = [q for q in range(s.players) if q != player]
    keep_discard = discard_visible(s, player)
    under = () if keep_discard or not s.discard else s.discard[:-1]
    # the hidden cards in card order before the shuffle: the world depends on what the seat sees and on rng only
    pool = sorted([c for q in others for c in s.hands[q]] + list(s.deck) + list(under))
    rng.shuffle(pool)
    hands = list(s.hands)
    for q in others:
        n = len(s.hands[q])
        hands[q] = sort_cards(pool[:n])
        del pool[:n]
    deck = tuple(pool[:len(s.deck)])
    del pool[:len(s.deck)]
    discard = s.discard if keep_discard or not s.discard else tuple(pool) + s.discard[-1:]
    # a new seed: the order a reshuffle will give the discards is not known either
    return replace(s, hands=tuple(hands), deck=deck, discard=discard, seed=rng.randrange(2**31))
