"""What a seat may know: its view of the table, the positions it cannot tell apart (for the bots'
imagined deals), the key of the bots' chance and the greedy bot's measure."""

from __future__ import annotations

import random
from typing import Any

from tutor.core import dump_json

from .actions import Play, Stop, Swap, TakeBack
from .cards import DECKS, GAME_NAME, LIKE, ORDER, duel
from .duels import scores, winners
from .engine import legal_actions
from .state import State, fast_replace, last_duel_json, remove_card, sort_cards


def resample_hidden(s: State, player: int, rng: random.Random) -> State:
    """A position ``player`` cannot tell from ``s``: the cards it may not see dealt anew.

    What ``player`` cannot see is the other seats' hands and their face-down
    committed cards.  Those cards are shuffled among those places, each hand
    keeping its size and each face-down slot staying face down (in a
    two-player game: the opponent's committed card swapped with a card of
    their hand).  A hand a Librarian showed ``player`` stays as it is.

    What everybody saw stays where it is: while Clerics decide, or the player
    who repeated a card decides whether to end the game, the two cards
    of the duel were revealed and retreated to their players' hands (rules
    ``turn/reveal``, ``duel/retreat``), so each stays in its hand, and so does
    a card a Cleric has just taken back; a player
    asked about a Familiar swap holds a card other than the Kamikaze, and a
    player barred from a card after playing on holds another card or has
    committed another (the deal is drawn again until so, at most a few times,
    else nothing moves).
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
        raise ValueError(f"no player {player!r} in a {s.players}-player game")
    shown = {t for v, t, _h, _d in s.seen if v == player}
    others = [q for q in range(s.players) if q != player and q not in shown]
    known: dict[int, tuple[str, ...]] = {q: () for q in others}
    if s.phase in ("cleric", "repeat"):  # (decisions right after a retreat)
        for q, c in zip(s.last("players", ()), s.last("cards", ())):
            if q in known:
                known[q] += (c,)
        for q, c in s.last("taken", ()):
            if q in known:
                known[q] += (c,)
    pool: list[str] = []
    for q in others:
        free = s.hands[q]
        for c in known[q]:
            free = remove_card(free, c)
        pool += free
    slots = [q for q in others if s.field[q] is not None and s.hidden[q]]
    pool += [s.card(q) for q in slots]
    must_swap = [q for q in others if s.phase == "familiar" and q in s.pending]
    for _try in range(20):
        rng.shuffle(pool)
        rest = pool
        hands = list(s.hands)
        field = list(s.field)
        for q in others:
            n = len(s.hands[q]) - len(known[q])
            hands[q], rest = sort_cards(tuple(rest[:n]) + known[q]), rest[n:]
        for q in slots:
            field[q], rest = rest[0], rest[1:]
        if all(any(c != "kamikaze" for c in hands[q]) for q in must_swap) and _bar_kept(s, hands, field):
            return fast_replace(s, hands=tuple(hands), field=tuple(field))
    return s


def _bar_kept(s: State, hands: list, field: list) -> bool:
    """A re-deal where a player barred from a card (after playing on) has not committed it and, still to
    commit, holds another card."""
    if s.barred is None or s.phase != "commit":
        return True
    x, card = s.barred
    if field[x] is not None and not s.held[x]:
        return field[x] != card
    return s.held[x] or any(c != card for c in hands[x]) or x not in (s.active, s.opponent)



def view(s: State, player: int | None = None) -> dict:
    """What ``player`` may see; None is the teacher, who sees everything.

    A seat sees its own hand (``hands[player]``; every other hand is None),
    every hand's size, the graveyards (face up), the field with the other
    players' face-down cards as "hidden", and the hands its Librarians showed
    it (as they were then).  ``repeat`` (in phase "repeat") names the player
    who repeated a card nothing answers, the card and the other duelist;
    ``barred`` the card a player who chose to play on may not fight the next
    duel with (both public: the duel's cards were revealed).  The teacher sees every hand and every face-down
    card (``hidden`` says which cards lie face down).
    """
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                               or not 0 <= player < s.players):
        raise ValueError(f"no player {player!r} in a {s.players}-player game")
    field: list[str | None] = []
    for p in range(s.players):
        card = s.field[p]
        secret = card is not None and s.hidden[p] and player is not None and p != player
        field.append("hidden" if secret else card)
    me = s.current_player
    return {
        "game": GAME_NAME,
        "ruleset": s.ruleset,
        "player": player,
        "players": s.players,
        "decks": list(s.decks),
        "phase": s.phase,
        "decision": "" if me is None else s.phase,
        "current_player": me,
        "active": s.active,
        "opponent": s.opponent,
        "pending": list(s.pending),
        "hands": [list(h) if player is None or p == player else None for p, h in enumerate(s.hands)],
        "hand_sizes": [len(h) for h in s.hands],
        "graveyards": [list(g) for g in s.graveyards],
        "scores": scores(s),
        "field": field,
        "hidden": list(s.hidden),
        "held": list(s.held),
        "swapped": list(s.swapped),
        "last_duel": last_duel_json(s),
        "repeat": _repeat_json(s),
        "barred": None if s.barred is None else {"player": s.barred[0], "card": s.barred[1]},
        "last_winner": s.last_winner,
        "last_winners": list(s.last_winners),
        "duels": s.duels,
        "seen": [
            {"viewer": v, "player": t, "hand": list(h), "after_duel": d}
            for v, t, h, d in s.seen if player is None or v == player
        ],
        "legal_actions": ([str(a) for a in legal_actions(s)]
                          if me is not None and (player is None or me == player) else []),
        "over": s.phase == "over",
        "end": s.end,
        "winners": winners(s),
    }


def _repeat_json(s: State) -> dict | None:
    """In phase "repeat": who repeated which card against whom (from the last duel, which everybody saw)."""
    if s.phase != "repeat" or not s.pending:
        return None
    x = s.pending[0]
    duelists, cards = s.last("players"), s.last("cards")
    i = duelists.index(x)
    return {"player": x, "card": cards[i], "opponent": duelists[1 - i]}


def position_key(s: State) -> str:
    """A key for bots' chance that leaves out hidden commitments."""
    me = s.current_player
    seen = view(s, me if me is not None else 0)
    if seen["repeat"] is None and seen["barred"] is None:
        # (no stalemate decision under way: the key without them, so that bots draw as they always did)
        del seen["repeat"], seen["barred"]
    return f"{s.seed}|{s.draws}|{s.duels}|" + dump_json(seen)


def greedy_value(s: State, action: Any) -> float:
    """Greedy without peeking: a card's average immediate graveyard gain against
    every kind of card the opponent's deck holds."""
    me = s.current_player
    if isinstance(action, Play):
        other = s.rival if me == s.active else s.active
        theirs = sorted(set(DECKS[s.decks[other]]), key=ORDER.__getitem__)
        total = 0.0
        for b in theirs:
            mine, their = duel(action.card, b)
            gain = (mine == "own") - (mine == "opponent") + (their == "opponent") - (their == "own")
            if LIKE[action.card] == "kamikaze" and LIKE[b] != "kamikaze":
                gain += 1
            total += gain
        return total / len(theirs)
    if isinstance(action, (Swap, TakeBack)):
        return 1.0
    if isinstance(action, Stop):  # bots end the stalemate by refusal, as the engine once did by itself
        return 1.0
    return 0.0
