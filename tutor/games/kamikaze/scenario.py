"""Kamikaze Attack scenario files: writing, reading and checking them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tutor.core import ScenarioError, dump_json, parse_json_object

from .cards import (
    CARDS,
    DECKS,
    EXPANSION_DECKS,
    GAME_NAME,
    LETTERS,
    ORDER,
    RULESETS,
    sort_cards,
)
from .engine import (
    _begin_duel,
    _dead,
    _end_if_over,
)
from .state import (
    ENDS,
    PHASES,
    REPETITION_LIMIT,
    State,
    _last_duel_json,
)


def scenario(
    hands: list,
    graveyards: list | None = None,
    decks: list | None = None,
    seed: int = 0,
    ruleset: str | None = None,
    active: int = 0,
    held: list | None = None,
    last_winner: int | None = None,
    last_winners: list | None = None,
) -> State:
    """A position at the start of a turn, for examples and exercises.

    ``hands`` and ``graveyards`` list card names per player; ``held`` marks
    players whose Sapper stays on the field; ``last_winners`` (or one
    ``last_winner``) who won the last duel that had a winner.  Every card of the decks must be
    somewhere (a ScenarioError names the field otherwise).  A position the
    rules end at once (an empty hand, or no card that can beat another) comes
    back over, without a pointless duel.

    >>> s = scenario([["archer"], ["shieldbearer", "swordsman"]],
    ...              [["swordsman", "swordsman", "kamikaze"],
    ...               ["swordsman", "shieldbearer", "shieldbearer", "shieldbearer", "archer", "kamikaze"]])
    >>> s.current_player, s.phase
    (0, 'commit')
    """
    n = len(hands)
    decks = list(decks or (["base", "base"] + list(EXPANSION_DECKS[: max(0, n - 2)])))
    if ruleset is None:
        ruleset = "base" if decks == ["base", "base"] else "expansion"
    graveyards = graveyards or [[] for _ in range(n)]
    held = held or [False] * n
    data = {
        "ruleset": ruleset, "seed": seed, "decks": decks, "hands": hands, "graveyards": graveyards,
        "field": ["sapper" if h else None for h in held], "hidden": [False] * n, "held": held,
        "phase": "challenge", "active": active, "opponent": None, "pending": [],
        "last_winners": list(last_winners) if last_winners is not None
        else [] if last_winner is None else [last_winner], "duels": 0, "draws": 0, "positions": {}, "seen": [],
        "last_duel": None, "end": "",
    }
    s = _end_if_over(state_from_dict(data, running=False), [])
    if n == 2 and s.phase != "over":
        s = _begin_duel(s, 1 - active, [])
    return s


def to_json(s: State) -> str:
    return dump_json({
        "game": GAME_NAME,
        "ruleset": s.ruleset,
        "seed": s.seed,
        "decks": list(s.decks),
        "hands": [list(h) for h in s.hands],
        "graveyards": [list(g) for g in s.graveyards],
        "field": list(s.field),
        "hidden": list(s.hidden),
        "held": list(s.held),
        "phase": s.phase,
        "active": s.active,
        "opponent": s.opponent,
        "pending": list(s.pending),
        "swapped": list(s.swapped),
        "last_winners": list(s.last_winners),
        "duels": s.duels,
        "draws": s.draws,
        "positions": dict(s.positions),
        "seen": [{"viewer": v, "player": t, "hand": list(h), "after_duel": d} for v, t, h, d in s.seen],
        "last_duel": _last_duel_json(s),
        "end": s.end,
    })


def _need(data: dict, key: str, kind: type | tuple, where: str | None = None) -> Any:
    where = where or key
    if key not in data:
        raise ScenarioError(where, "is missing")
    v = data[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise ScenarioError(where, f"expected a whole number, got {v!r}")
    if not isinstance(v, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ScenarioError(where, f"expected {names}, got {type(v).__name__}")
    return v


def _player(v: Any, field: str, n: int, allow_none: bool = False) -> int | None:
    if v is None and allow_none:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise ScenarioError(field, f"expected a player number from 0 to {n - 1}, got {v!r}")
    return v


def _cards(v: Any, field: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise ScenarioError(field, f"expected a list of cards, got {type(v).__name__}")
    for i, c in enumerate(v):
        if c not in ORDER:
            raise ScenarioError(f"{field}[{i}]", f"unknown card {c!r}; cards: {', '.join(CARDS)}")
    return tuple(v)


def _per_player(data: dict, key: str, n: int) -> list:
    v = _need(data, key, list)
    if len(v) != n:
        raise ScenarioError(key, f"expected one entry per player ({n}), got {len(v)}")
    return v


def _bools(data: dict, key: str, n: int) -> tuple[bool, ...]:
    v = _per_player(data, key, n)
    for i, b in enumerate(v):
        if not isinstance(b, bool):
            raise ScenarioError(f"{key}[{i}]", f"expected true or false, got {b!r}")
    return tuple(v)


def state_from_dict(data: dict, running: bool = True) -> State:
    """Build and check a State from its JSON object (see :func:`to_json`).

    With ``running`` (the default), a game the file says is still running must
    be one the rules have not already ended: no empty hand at the start of a
    turn, and some duel that could still change something.
    """
    if not isinstance(data, dict):
        raise ScenarioError("file", "a scenario must be a JSON object {...}")
    game = data.get("game", GAME_NAME)
    if game != GAME_NAME:
        raise ScenarioError("game", f"expected {GAME_NAME!r}, got {game!r}")
    ruleset = _need(data, "ruleset", str)
    if ruleset not in RULESETS:
        raise ScenarioError("ruleset", f"expected one of {', '.join(RULESETS)}, got {ruleset!r}")
    seed = _need(data, "seed", int)
    decks = _need(data, "decks", list)
    if not 2 <= len(decks) <= 5:
        raise ScenarioError("decks", f"expected 2 to 5 decks (one per player), got {len(decks)}")
    for i, d in enumerate(decks):
        if d not in DECKS:
            raise ScenarioError(f"decks[{i}]", f"unknown deck {d!r}; decks: {', '.join(DECKS)}")
    n = len(decks)
    if ruleset == "base" and tuple(decks) != ("base", "base"):
        raise ScenarioError("decks", "the base ruleset is for two players with base decks")
    hands = tuple(sort_cards(_cards(h, f"hands[{i}]")) for i, h in enumerate(_per_player(data, "hands", n)))
    graves = tuple(_cards(g, f"graveyards[{i}]") for i, g in enumerate(_per_player(data, "graveyards", n)))
    field_raw = _per_player(data, "field", n)
    field = []
    for i, c in enumerate(field_raw):
        if c is not None and c not in ORDER:
            raise ScenarioError(f"field[{i}]", f"expected a card or null, got {c!r}")
        field.append(c)
    hidden = _bools(data, "hidden", n)
    held = _bools(data, "held", n)
    swapped = _bools(data, "swapped", n) if "swapped" in data else (False,) * n
    phase = _need(data, "phase", str)
    if phase not in PHASES:
        raise ScenarioError("phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    active = _player(_need(data, "active", int), "active", n)
    opponent = _player(data.get("opponent"), "opponent", n, allow_none=True)
    pending_raw = _need(data, "pending", list)
    pending = tuple(_player(x, f"pending[{i}]", n) for i, x in enumerate(pending_raw))
    if "last_winners" in data:
        lw_raw = _need(data, "last_winners", list)
        named = [_player(x, f"last_winners[{i}]", n) for i, x in enumerate(lw_raw)]
        last_winners = tuple(x for x in named if x is not None)
        if len(last_winners) > 2 or len(set(last_winners)) != len(last_winners):
            raise ScenarioError("last_winners", "expected the one winner of a duel, or its two duelists")
    else:  # files saved before mutual kills counted: one winner or null
        old = _player(data.get("last_winner"), "last_winner", n, allow_none=True)
        last_winners = () if old is None else (old,)
    duels = _need(data, "duels", int)
    draws = _need(data, "draws", int)
    if duels < 0:
        raise ScenarioError("duels", "cannot be negative")
    if draws < 0:
        raise ScenarioError("draws", "cannot be negative")
    pos_raw = _need(data, "positions", dict)
    positions = []
    # a duel counted REPETITION_LIMIT times has ended the game (end/stalemate-refusal)
    most = REPETITION_LIMIT if phase == "over" else REPETITION_LIMIT - 1
    for k, v in pos_raw.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= most:
            raise ScenarioError(f"positions[{k!r}]", f"expected a count from 1 to {most}, got {v!r}")
        positions.append((k, v))
    seen = []
    for i, raw in enumerate(_need(data, "seen", list)):
        f = f"seen[{i}]"
        if not isinstance(raw, dict):
            raise ScenarioError(f, "expected an object {viewer, player, hand, after_duel}")
        v = _player(_need(raw, "viewer", int, f + ".viewer"), f + ".viewer", n)
        t = _player(_need(raw, "player", int, f + ".player"), f + ".player", n)
        h = sort_cards(_cards(_need(raw, "hand", list, f + ".hand"), f + ".hand"))
        d = _need(raw, "after_duel", int, f + ".after_duel")
        seen.append((v, t, h, d))
    last = data.get("last_duel")
    last_duel: tuple = ()
    if last is not None:
        if not isinstance(last, dict):
            raise ScenarioError("last_duel", "expected an object or null")
        pl = _need(last, "players", list, "last_duel.players")
        if len(pl) != 2:
            raise ScenarioError("last_duel.players", "expected two players")
        pl = tuple(_player(x, "last_duel.players", n) for x in pl)
        cs = _cards(_need(last, "cards", list, "last_duel.cards"), "last_duel.cards")
        if len(cs) != 2:
            raise ScenarioError("last_duel.cards", "expected two cards")
        outcome = _need(last, "outcome", str, "last_duel.outcome")
        if outcome not in ("win", "both", "retreat"):
            raise ScenarioError("last_duel.outcome", f"expected win, both or retreat, got {outcome!r}")
        w = _player(last.get("winner"), "last_duel.winner", n, allow_none=True)
        dn = _need(last, "duel", int, "last_duel.duel")
        last_duel = (("cards", cs), ("duel", dn), ("outcome", outcome), ("players", pl), ("winner", w))
    end = data.get("end", "")
    if end not in ENDS:
        raise ScenarioError("end", f"expected one of {', '.join(repr(e) for e in ENDS)}, got {end!r}")

    # consistency
    want = sort_cards(c for d in decks for c in DECKS[d])
    have = sort_cards([c for h in hands for c in h] + [c for g in graves for c in g] + [c for c in field if c])
    if want != have:
        raise ScenarioError("hands", "the cards in hands, graveyards and field do not add up to the decks "
                                     f"({'/'.join(LETTERS[c] for c in have)} instead of "
                                     f"{'/'.join(LETTERS[c] for c in want)})")
    for i in range(n):
        if held[i] and field[i] != "sapper":
            raise ScenarioError(f"held[{i}]", "only a Sapper can be held on the field")
        if hidden[i] and (field[i] is None or held[i]):
            raise ScenarioError(f"hidden[{i}]", "only a card committed this duel can be face down")
    if (phase == "over") != (end != ""):
        raise ScenarioError("end", "a finished game needs an end reason, and only a finished game has one")
    if phase in ("commit", "familiar", "cleric"):
        if opponent is None or opponent == active:
            raise ScenarioError("opponent", f"a duel in phase {phase!r} needs an opponent other than the active player")
    elif opponent is not None:
        raise ScenarioError("opponent", f"there is no duel under way in phase {phase!r}")
    duelists = (active, opponent)
    for i in range(n):
        if field[i] is not None and not held[i] and (phase not in ("commit", "familiar") or i not in duelists):
            raise ScenarioError(f"field[{i}]", "a committed card only lies on the field during its duel")
    if phase == "commit":
        if pending:
            raise ScenarioError("pending", "no decision is pending while cards are being committed")
        if all(field[x] is not None for x in duelists):
            raise ScenarioError("field", "both duelists have committed: the duel would already be resolved")
        if n == 2 and opponent != 1 - active:
            raise ScenarioError("opponent", "in a two-player game the opponent is the other player")
    if phase in ("familiar", "cleric"):
        if not pending or any(x not in duelists for x in pending) or len(set(pending)) != len(pending):
            raise ScenarioError("pending", f"phase {phase!r} needs the duelists still to decide")
    if phase == "familiar":
        if any(hidden):
            raise ScenarioError("hidden", "the cards are revealed before a Familiar is swapped")
        for x in pending:
            if field[x] != "familiar" or held[x] or swapped[x]:
                raise ScenarioError(f"field[{x}]", "a pending Familiar decision needs a Familiar in the duel")
    if phase == "cleric" and any(field[x] is not None and not held[x] for x in range(n)):
        raise ScenarioError("field", "after a retreat the duel's cards are back in hand")
    if phase in ("challenge", "over") and pending:
        raise ScenarioError("pending", f"no decision is pending in phase {phase!r}")
    if phase not in ("commit", "familiar", "cleric") and any(swapped):
        raise ScenarioError("swapped", "a Familiar swap only lasts for its duel")
    if len(swapped) != n:
        raise ScenarioError("swapped", "expected one entry per player")
    s = State(
        ruleset=ruleset, seed=seed, decks=tuple(decks), hands=hands, graveyards=graves,
        field=tuple(field), hidden=hidden, held=held, phase=phase, active=active, opponent=opponent,
        pending=pending, swapped=swapped, last_winners=last_winners, duels=duels, draws=draws,
        positions=tuple(sorted(positions)), seen=tuple(seen), last_duel=last_duel, end=end,
    )
    if running and phase in ("challenge", "commit"):
        _check_not_over(s)
    return s


def _check_not_over(s: State) -> None:
    """A running game at the start of a duel (cards committed this duel count as
    in hand) must not be one the rules have already ended."""
    hands = tuple(
        sort_cards(s.hands[p] + ((s.field[p],) if s.field[p] is not None and not s.held[p] else ()))
        for p in range(s.players)
    )
    start = replace(s, hands=hands, field=tuple(c if h else None for c, h in zip(s.field, s.held)),
                    hidden=(False,) * s.players, phase="challenge", opponent=None)
    for p in range(s.players):
        if not hands[p]:
            raise ScenarioError(f"hands[{p}]", "this player has no card left, so the game is already over "
                                               "(save it with phase 'over' and end 'empty-hand')")
    if _dead(start):
        raise ScenarioError("phase", "no card that can still be played could beat another or change anything, "
                                     "so the game is already over (save it with phase 'over' and end 'stalemate')")


def from_json(text: str | bytes) -> State:
    return state_from_dict(parse_json_object(text))
