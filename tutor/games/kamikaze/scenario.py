"""Kamikaze Attack scenario files: writing, reading and checking them."""

from __future__ import annotations

from typing import Any

from tutor.core import (
    FORMAT,
    ScenarioError,
    ScenarioReader,
    check_header,
    dump_json,
    parse_json_object,
    short,
)

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
from .duels import begin_duel, end_if_over
from .stalemate import dead
from .state import (
    ENDS,
    PHASES,
    REPETITION_LIMIT,
    State,
    done,
    draft,
    fast_replace,
    last_duel_json,
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
    players whose Sapper stays on the field.  Every card of the decks must be
    somewhere (a ScenarioError names the field otherwise).

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
    s = end_if_over(draft(state_from_dict(data, running=False)), [])  # (the engine fills in drafts)
    if n == 2 and s.phase != "over":
        s = begin_duel(s, 1 - active, [])
    return done(s)


def to_json(s: State) -> str:
    return dump_json({
        "game": GAME_NAME,
        "format": FORMAT,
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
        "last_duel": last_duel_json(s),
        "end": s.end,
        "barred": None if s.barred is None else {"player": s.barred[0], "card": s.barred[1]},
    })


MAX_SEED = 2**63 - 1
# duels and chance draws: far more than any game, and far above any count a file holds in earnest, so that a
# game played on from a file with a large count (10**9, say) still saves a count this reads back
MAX_COUNT = 10**12


def _bad(field: str, template: str, **params: Any) -> ScenarioError:
    return ScenarioReader.error_at(field, template, **params)


class _Items:
    """Field names and errors for the entries of a list field (``hands[1]`` ...)."""

    def __init__(self, path: str):
        self.path = path

    def field(self, key: str | int) -> str:
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"

    def error(self, key: str | int, template: str, **params: Any) -> ScenarioError:
        return ScenarioReader.error_at(self.field(key), template, **params)


Reader = ScenarioReader | _Items


def _maybe_player(r: Reader, key: str | int, value: Any, n: int) -> int | None:
    return None if value is None else _player(r, key, value, n)


def _player(r: Reader, key: str | int, value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise r.error(key, "expected a player number from 0 to {hi}, got {got}", hi=n - 1, got=short(value))
    return value


def _card(field: str, value: Any) -> str:
    if not isinstance(value, str) or value not in ORDER:
        raise _bad(field, "unknown card {got}; cards: {cards}", got=short(value), cards=", ".join(CARDS))
    return value


def _cards(r: Reader, key: str | int, value: Any, max_len: int = 60) -> tuple[str, ...]:
    field = r.field(key)
    if not isinstance(value, list):
        raise _bad(field, "expected a list of cards, got {got}", got=short(value))
    if len(value) > max_len:
        raise _bad(field, "expected at most {n} cards, got {got}", n=max_len, got=len(value))
    return tuple(_card(f"{field}[{i}]", c) for i, c in enumerate(value))


def _per_player(r: ScenarioReader, key: str, n: int) -> list:
    return r.list(key, length=n)


def state_from_dict(data: Any, running: bool = True) -> State:
    """Build and check a State from its JSON object (see :func:`to_json`).

    Every fault raises a short ScenarioError naming the field; a position the
    rules cannot reach (cards that do not add up to the decks, a phase that
    contradicts the rest, a decision nobody can take) is refused; with
    ``running`` (the default) so is a running game the rules have already ended.
    """
    r = ScenarioReader(data)
    check_header(data, GAME_NAME)
    ruleset = r.choice("ruleset", RULESETS)
    seed = r.int("seed", 0, MAX_SEED)
    decks = r.list("decks", max_len=5)
    if not 2 <= len(decks) <= 5:
        raise r.error("decks", "expected 2 to 5 decks (one per player), got {got}", got=len(decks))
    for i, d in enumerate(decks):
        if not isinstance(d, str) or d not in DECKS:
            raise _bad(f"decks[{i}]", "unknown deck {got}; decks: {decks}", got=short(d), decks=", ".join(DECKS))
    n = len(decks)
    if ruleset == "base" and tuple(decks) != ("base", "base"):
        raise r.error("decks", "the base ruleset is for two players with base decks")
    hands = tuple(sort_cards(_cards(_Items("hands"), i, h)) for i, h in enumerate(_per_player(r, "hands", n)))
    graves = tuple(_cards(_Items("graveyards"), i, g) for i, g in enumerate(_per_player(r, "graveyards", n)))
    field: list[str | None] = []
    for i, c in enumerate(_per_player(r, "field", n)):
        field.append(None if c is None else _card(f"field[{i}]", c))
    hidden = r.bools("hidden", n)
    held = r.bools("held", n)
    swapped = r.bools("swapped", n) if "swapped" in data else (False,) * n
    phase = r.choice("phase", PHASES)
    active = _player(r, "active", r.data.get("active"), n)
    opponent = _maybe_player(r, "opponent", r.data.get("opponent"), n)
    pending = tuple(_player(_Items("pending"), i, x, n) for i, x in enumerate(r.list("pending", max_len=2)))
    if "last_winners" in data:
        last_winners = tuple(_player(_Items("last_winners"), i, x, n)
                             for i, x in enumerate(r.list("last_winners", max_len=2)))
        if len(set(last_winners)) != len(last_winners):
            raise r.error("last_winners", "expected the one winner of a duel, or its two duelists")
    else:  # files saved before mutual kills counted: one winner or null
        old = _maybe_player(r, "last_winner", r.data.get("last_winner"), n)
        last_winners = () if old is None else (old,)
    duels = r.int("duels", 0, MAX_COUNT)
    draws = r.int("draws", 0, MAX_COUNT)
    positions = []
    # a duel counted REPETITION_LIMIT times has ended the game (end/stalemate-refusal)
    most = REPETITION_LIMIT if phase == "over" else REPETITION_LIMIT - 1
    for k, v in r.get("positions", dict).items():
        if len(k) > 100:
            raise _bad("positions", "a position key is longer than {limit} characters", limit=100)
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= most:
            raise _bad(f"positions[{short(k)}]", "expected a count from 1 to {hi}, got {got}",
                       hi=most, got=short(v))
        positions.append((k, v))
    seen = []
    for i, raw in enumerate(r.list("seen", max_len=100)):
        e = ScenarioReader(raw, f"seen[{i}]")
        v = _player(e, "viewer", raw.get("viewer"), n)
        t = _player(e, "player", raw.get("player"), n)
        if v == t:
            raise e.error("player", "a Librarian shows the hand of another player")
        h = sort_cards(_cards(e, "hand", e.get("hand", list)))
        d = e.int("after_duel", 1, MAX_COUNT)
        seen.append((v, t, h, d))
    last = r.get("last_duel", (dict, type(None)), None)
    last_duel: tuple = ()
    if last is not None:
        e = r.sub("last_duel")
        pl = e.list("players", length=2)
        players = tuple(_player(_Items("last_duel.players"), j, x, n) for j, x in enumerate(pl))
        if players[0] == players[1]:
            raise e.error("players", "a duel is between two different players")
        cs = _cards(e, "cards", e.get("cards", list))
        if len(cs) != 2:
            raise e.error("cards", "expected two cards, got {got}", got=len(cs))
        outcome = e.choice("outcome", ("win", "both", "retreat"))
        w = _maybe_player(e, "winner", last.get("winner"), n)
        if (outcome == "win") != (w is not None) or (w is not None and w not in players):
            raise e.error("winner", "a won duel names one of its two players as winner, and only a won duel")
        dn = e.int("duel", 1, MAX_COUNT)
        taken: list[tuple[int, str]] = []
        # files saved before the duel recorded its take-backs: nothing was taken
        for i, raw in enumerate(e.list("taken", max_len=2, default=[])):
            te = ScenarioReader(raw, f"last_duel.taken[{i}]")
            x = _player(te, "player", raw.get("player"), n)
            if outcome != "retreat" or x not in players or cs[players.index(x)] != "cleric":
                raise te.error("player", "only a Cleric that retreated takes a card back")
            if any(x == y for y, _c in taken):
                raise te.error("player", "a Cleric takes back one card per retreat")
            c = _card(te.field("card"), raw.get("card"))
            if c == "kamikaze":
                raise te.error("card", "the Cleric cannot take back a Kamikaze")
            taken.append((x, c))
        last_duel = (("cards", cs), ("duel", dn), ("outcome", outcome), ("players", players),
                     ("taken", tuple(taken)), ("winner", w))
    end = r.choice("end", ENDS, default="")
    barred: tuple[int, str] | None = None
    if r.get("barred", (dict, type(None)), None) is not None:  # (files saved before it: nothing barred)
        e = r.sub("barred")
        barred = (_player(e, "player", e.data.get("player"), n), _card(e.field("card"), e.data.get("card")))

    # consistency: every card somewhere, the phase agreeing with the rest
    want = sort_cards(c for d in decks for c in DECKS[d])
    have = sort_cards([c for h in hands for c in h] + [c for g in graves for c in g] + [c for c in field if c])
    if want != have:
        raise r.error("hands", "the cards in hands, graveyards and field do not add up to the decks "
                               "({have} instead of {want})",
                      have="/".join(LETTERS[c] for c in have), want="/".join(LETTERS[c] for c in want))
    for i in range(n):
        if held[i] and field[i] != "sapper":
            raise _bad(f"held[{i}]", "only a Sapper can be held on the field")
        if hidden[i] and (field[i] is None or held[i]):
            raise _bad(f"hidden[{i}]", "only a card committed this duel can be face down")
    if (phase == "over") != (end != ""):
        raise r.error("end", "a finished game needs an end reason, and only a finished game has one")
    if phase in ("commit", "familiar", "cleric"):
        if opponent is None or opponent == active:
            raise r.error("opponent", "a duel in phase {phase} needs an opponent other than the active player",
                          phase=phase)
        if n == 2 and opponent != 1 - active:
            raise r.error("opponent", "in a two-player game the opponent is the other player")
    elif opponent is not None:
        raise r.error("opponent", "there is no duel under way in phase {phase}", phase=phase)
    duelists: tuple[int, ...] = (active,) if opponent is None else (active, opponent)
    for i in range(n):
        if field[i] is not None and not held[i] and (phase not in ("commit", "familiar") or i not in duelists):
            raise _bad(f"field[{i}]", "a committed card only lies on the field during its duel")
        if hidden[i] and phase != "commit":
            raise _bad(f"hidden[{i}]", "cards are face down only until both duelists have committed")
    if phase == "commit":
        if pending:
            raise r.error("pending", "no decision is pending while cards are being committed")
        if all(field[x] is not None for x in duelists):
            raise r.error("field", "both duelists have committed: the duel would already be resolved")
        for x in duelists:
            if field[x] is not None and not held[x] and not hidden[x]:
                raise _bad(f"hidden[{x}]", "a card committed for a duel lies face down until both are revealed")
        me = next(x for x in duelists if field[x] is None)
        if not hands[me]:
            raise _bad(f"hands[{me}]", "the player to commit has no card to play")
    if phase in ("familiar", "cleric") and (
            not pending or any(x not in duelists for x in pending) or len(set(pending)) != len(pending)):
        raise r.error("pending", "phase {phase} needs the duelists still to decide", phase=phase)
    if phase == "familiar":
        for x in duelists:
            if field[x] is None:
                raise _bad(f"field[{x}]", "both duelists have a card in the duel when a Familiar is revealed")
        for x in pending:
            if field[x] != "familiar" or held[x] or swapped[x]:
                raise _bad(f"field[{x}]", "a pending Familiar decision needs a Familiar in the duel")
            if not any(c != "kamikaze" for c in hands[x]):
                raise _bad(f"hands[{x}]", "a Familiar is only swapped for a card in hand other than the Kamikaze")
    if phase == "cleric":
        if any(field[x] is not None and not held[x] for x in range(n)):
            raise r.error("field", "after a retreat the duel's cards are back in hand")
        duel = dict(last_duel)
        if duel.get("outcome") != "retreat" or duel.get("players") != (active, opponent):
            raise r.error("last_duel", "a Cleric decision follows a retreat of the two duelists, the last duel")
        if any(duel["cards"][duel["players"].index(x)] != "cleric" for x in pending):
            raise r.error("pending", "only a Cleric that retreated takes a card back")
        if any(x in pending for x, _c in duel.get("taken", ())):
            raise r.error("pending", "a Cleric that took a card back has no decision left")
        for x in pending:
            other = duelists[1] if x == active else active
            if "cleric" not in hands[x] or not any(c != "kamikaze" for c in graves[other]):
                raise r.error("pending", "a Cleric takes a card back only after its retreat, from a graveyard "
                                         "holding a card other than the Kamikaze")
    if phase == "repeat" or barred is not None:
        _check_repeat(r, phase, pending, barred, last_duel, hands, field, held)
    if phase in ("challenge", "over") and pending:
        raise r.error("pending", "no decision is pending in phase {phase}", phase=phase)
    if phase not in ("commit", "familiar", "cleric") and any(swapped):
        raise r.error("swapped", "a Familiar swap only lasts for its duel")
    if phase == "challenge":
        for x in range(n):
            if not hands[x]:
                raise _bad(f"hands[{x}]", "a player with no card left in hand has ended the game")
    s = State(
        ruleset=ruleset, seed=seed, decks=tuple(decks), hands=hands, graveyards=graves,
        field=tuple(field), hidden=hidden, held=held, phase=phase, active=active, opponent=opponent,
        pending=pending, swapped=swapped, last_winners=last_winners, duels=duels, draws=draws,
        positions=tuple(sorted(positions)), seen=tuple(seen), last_duel=last_duel, end=end, barred=barred,
    )
    if running and phase in ("challenge", "commit", "repeat"):
        # a running game the rules have already ended (end/stalemate): no duel could change anything,
        # cards committed this duel counting as in hand
        back = tuple(sort_cards(s.hands[p] + ((s.card(p),) if s.field[p] is not None and not s.held[p] else ()))
                     for p in range(n))
        start = fast_replace(s, hands=back, field=tuple(c if h else None for c, h in zip(s.field, s.held)),
                             hidden=(False,) * n, phase="challenge", opponent=None)
        if dead(start):
            raise r.error("phase", "no card that can still be played could beat another or change anything, "
                                   "so the game is already over (save it with phase 'over' and end 'stalemate')")
    return s


def _check_repeat(r: ScenarioReader, phase: str, pending: tuple[int, ...], barred: tuple[int, str] | None,
                  last_duel: tuple, hands: tuple, field: list, held: tuple) -> None:
    """Phase "repeat" (the player who repeated a card decides) and a card barred after playing on both
    follow a retreat: the last duel's, in which that player played that card (end/stalemate-refusal)."""
    last = dict(last_duel)
    if phase == "repeat":
        if len(pending) != 1:
            raise r.error("pending", "phase repeat needs the one player who repeated a card")
        if barred is not None:
            raise r.error("barred", "no card is barred while the player who repeated it decides")
        x = pending[0]
        if last.get("outcome") != "retreat" or x not in last.get("players", ()):
            raise r.error("last_duel", "phase repeat follows a retreat of the player who repeated a card")
        card = last["cards"][last["players"].index(x)]
        if held[x] or card not in hands[x] or all(c == card for c in hands[x]):
            raise _bad(f"hands[{x}]", "the player who repeated a card holds it and another card to play on with")
        return
    assert barred is not None
    x, card = barred
    if phase not in ("challenge", "commit", "familiar"):
        raise r.error("barred", "a card is barred only until the next duel is fought")
    if (last.get("outcome") != "retreat" or x not in last.get("players", ())
            or last["cards"][last["players"].index(x)] != card):
        raise r.error("barred", "the card barred is the one its player repeated in the last duel, a retreat")
    if field[x] == card and not held[x]:
        raise _bad(f"field[{x}]", "the player who chose to play on committed the card barred")


def from_json(text: str | bytes) -> State:
    return state_from_dict(parse_json_object(text))
