"""Scenario files (JSON) and positions a teacher describes."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tutor.core import FORMAT, ScenarioReader, check_header, short
from tutor.games.fire_bulls.cards import (
    SLOT_INDEX,
    COLOURS,
    DECK_MANIFEST,
    EXHAUSTIONS_TO_END,
    HAND_LIMIT,
    NAME,
    QI_MANIFEST,
    RULESETS,
    SLOTS,
    next_target,
    qi_sort,
    parse_card,
    parse_qi,
    qi_deck,
    yen_deck,
)
from tutor.games.fire_bulls.words import bad, bad_notation
from tutor.games.fire_bulls.state import FILE_PLACES, State

_NONE = object()

# ---------------------------------------------------------------------- JSON I/O


def state_to_data(s: State) -> dict:
    """A state as a scenario file's object; the layout comes from State's field metadata."""
    data: dict[str, Any] = {"game": NAME, "format": FORMAT}
    players: list[dict[str, Any]] = [{} for _ in range(s.players)]
    turn_state: dict[str, Any] = {}
    for name, (place, key) in FILE_PLACES.items():
        value = getattr(s, name)
        if place == "player":
            for p in range(s.players):
                players[p][key] = _plain(value[p])
        elif place == "turn_state":
            turn_state[key] = _plain(value)
        elif name == "slots":
            data[key] = {slot: value[i] for i, slot in enumerate(SLOTS)}
        else:
            data[key] = _plain(value)
    data["players"] = players
    data["turn_state"] = turn_state
    return data


def _plain(value: Any) -> Any:
    """Tuples as JSON lists."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


MAX_TURNS = 10_000  # far beyond any game (the longest random games take a few hundred turns)
MAX_RNG = 10_000  # chance events drawn so far: a few per turn at most
PENDING = ("penalty", "limit", "power:bo", "power:colonel", "power:general")


def _cards(r: ScenarioReader, key: str, parse: Callable[[str], str], default: Any = _NONE) -> list[str]:
    """A list of cards of the notation (at most the 54 of a deck)."""
    value = r.list(key, max_len=54) if default is _NONE else r.list(key, max_len=54, default=default)
    return [_card(c, f"{r.field(key)}[{i}]", parse) for i, c in enumerate(value)]


def _card(value: Any, field: str, parse: Callable[[str], str]) -> str:
    try:
        return parse(value)
    except ValueError as exc:
        raise bad_notation(field, exc) from None


def state_from_data(d: dict) -> State:
    """A State from a scenario file's object: every fault a ScenarioError naming the field,
    and only positions the rules can reach (or ``arrange`` could build) are accepted."""
    check_header(d, NAME)  # format 1 (no format field) and 2 read the same
    r = ScenarioReader(d)
    v: dict[str, Any] = {}  # field name -> value, as State's fields name them
    v["ruleset"] = ruleset = r.choice("ruleset", RULESETS)
    v["seed"] = r.int("seed", -(10**18), 10**18)
    v["rng"] = r.int("rng", 0, MAX_RNG, default=0)
    players = r.list("players", max_len=5)
    if not 2 <= len(players) <= 5:
        raise bad("players", "Fire Bulls is for 2 to 5 players, the file has {n}", n=len(players))
    seats = [ScenarioReader(raw, f"players[{i}]") for i, raw in enumerate(players)]
    v["colours"] = tuple(pr.choice("colour", COLOURS) for pr in seats)
    v["pawns"] = tuple(pr.int("pawn", 1, 5) for pr in seats)
    hands = [_cards(pr, "hand", parse_qi, default=[]) for pr in seats]
    won = [_cards(pr, "won", parse_card, default=[]) for pr in seats]
    if len(set(v["colours"])) != len(players):
        raise bad("players", "two players have the same colour")
    if len(set(v["pawns"])) != len(players):
        raise bad("players", "two pawns stand on the same direction")
    v["current_player"] = current = r.int("current_player", 0, len(players) - 1)
    v["turn"] = r.int("turn", 0, MAX_TURNS, default=0)
    rows = r.get("rows", dict)
    unknown = [k for k in rows if k not in SLOTS]
    if unknown:
        raise bad("rows", "unknown {n:slot|slots} {what}: slots are A to I", n=len(unknown),
                   what=short(", ".join(sorted(unknown))))
    rr = ScenarioReader(rows, "rows")
    slots: list[str | None] = []
    for name in SLOTS:
        if rows.get(name) is None:
            slots.append(None)
            continue
        card = _card(rows[name], rr.field(name), parse_card)
        if card == "general":
            raise bad(rr.field(name), "the General never stands in a row: set \"general\": true instead")
        slots.append(card)
    v["slots"] = tuple(slots)
    v["general"] = general = r.get("general", bool, default=False)
    piles_raw = r.list("piles", length=3)
    piles = []
    for i, raw in enumerate(piles_raw):
        if not isinstance(raw, list) or len(raw) > 54:
            raise bad(f"piles[{i}]", "expected a list of cards, got {got}", got=short(raw))
        piles.append([_card(c, f"piles[{i}][{j}]", parse_card) for j, c in enumerate(raw)])
    deck = _cards(r, "deck", parse_qi, default=[])
    discard = _cards(r, "discard", parse_qi, default=[])
    reserve = _cards(r, "reserve", parse_qi, default=[])
    removed = _cards(r, "removed", parse_card, default=[])
    v["exhaustions"] = exhaustions = r.int("exhaustions", 0, EXHAUSTIONS_TO_END, default=0)
    v["end"] = end = r.choice("end", (None, "general", "escaped"), default=None)
    ts = r.sub("turn_state") if "turn_state" in d else ScenarioReader({}, "turn_state")
    v["attack"] = attack = ts.choice("attack", (0, -1, 1, 2, 3, 4, 5), default=0)
    v["deviated"] = deviated = ts.get("deviated", bool, default=False)
    v["won_this_turn"] = won_now = ts.int("won_this_turn", 0, 3, default=0)
    v["warriors"] = warriors = ts.int("warriors", 0, min(QI_MANIFEST["warrior"], 7 * won_now), default=0)
    v["won_before"] = won_before = ts.int("won_before", 0, len(won[current]), default=len(won[current]))
    v["stage"] = stage = ts.int("stage", 0, 2, default=0)
    pending = ts.list("pending", max_len=20, default=[])
    for i, item in enumerate(pending):
        ok = type(item) is str and (
            item in PENDING
            or (item.startswith("colonel:") and item[8:] in [str(p) for p in range(len(players)) if p != current]
                and ruleset == "it")
        )
        if not ok:
            raise bad(f"turn_state.pending[{i}]", "{what} is not a choice the game knows", what=short(item))
    v["pending"] = tuple(pending)
    # Every card of the game must be somewhere, once.
    _check_conservation(ruleset, slots, general, piles, won, removed, hands, deck, discard, reserve)
    v.update(piles=tuple(tuple(p) for p in piles), deck=tuple(deck), discard=tuple(discard), reserve=tuple(reserve),
             hands=tuple(qi_sort(h) for h in hands), won=tuple(tuple(w) for w in won), removed=tuple(removed))
    state = State(**v)
    _check_turn(state, end, exhaustions, attack, deviated, won_now, warriors, won_before, stage)
    return state


def _check_turn(s: State, end: str | None, exhaustions: int, attack: int, deviated: bool, won_now: int,
                warriors: int, won_before: int, stage: int) -> None:
    """The turn in progress must be one the rules can reach, with a choice to make."""
    pending = s.pending
    if end == "escaped" and exhaustions < EXHAUSTIONS_TO_END:
        raise bad("end", "the Yen army escapes only when the Qi deck has run out 3 times")
    if end == "general" and (sum(1 for p in s.piles if not p) < 2
                             or not (any("general" in w for w in s.won) or "general" in s.removed)):
        raise bad("end", "the game ends this way only when 2 Yen piles are empty and the General has been won")
    if end and (pending or attack):
        raise bad("turn_state", "a game that is over has no turn in progress")
    if end:
        return
    if won_before + won_now > len(s.won[s.current_player]):
        raise bad("turn_state.won_this_turn", "the current player's victory pile holds fewer cards than that")
    if attack == -1 and not pending:
        raise bad("turn_state.attack", "after the General is won, only its power or a penalty can be pending")
    if (attack or deviated or warriors) and not won_now:
        raise bad("turn_state.won_this_turn", "an attack under way has won at least one card")
    if deviated and (s.ruleset != "fr" or attack == s.pawns[s.current_player] or attack < 0):
        raise bad("turn_state.deviated", "only a French attack from beside the pawn is deviated")
    if attack and stage:
        raise bad("turn_state.attack", "the attack is over once the end-of-turn choices begin")
    if stage and not pending:
        raise bad("turn_state.stage", "the end-of-turn choices are over: the next turn has begun")
    if attack > 0 and not pending:
        limit = 2 if deviated else 3
        if won_now >= limit or next_target(s.slots, attack) is None:
            raise bad("turn_state.attack", "no card can be won along direction {d} now: the attack is over", d=attack)
    if "limit" in pending and (pending[-1] != "limit" or stage != 2):
        raise bad("turn_state.pending", "the hand limit comes last, at the end of the turn")
    if pending:
        head = pending[0]
        if head == "penalty" and not s.won[s.current_player][:won_before]:
            raise bad("turn_state.pending[0]", "no Yen card won in an earlier turn is left to lose")
        if head == "limit" and len(s.hands[s.current_player]) <= HAND_LIMIT:
            raise bad("turn_state.pending[0]", "the current player holds 8 Qi cards or fewer")


def _diff(expected: dict[str, int], found: dict[str, int]) -> tuple:
    """(missing, too many): each a tuple of (card, how many); a "diff" message parameter."""
    missing = tuple(sorted((c, n - found.get(c, 0)) for c, n in expected.items() if n > found.get(c, 0)))
    extra = tuple(sorted((c, n - expected.get(c, 0)) for c, n in found.items() if n > expected.get(c, 0)))
    return missing, extra


def _tally(groups: Iterable[Iterable[str]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for g in groups:
        for c in g:
            out[c] = out.get(c, 0) + 1
    return out


def _check_conservation(ruleset, slots, general, piles, won, removed, hands, deck, discard, reserve) -> None:
    yen = _tally([[c for c in slots if c], ["general"] if general else [], *piles, *won, removed])
    expected = DECK_MANIFEST[ruleset]
    if yen != expected:
        raise bad("yen cards", "the Yen cards on the table, piles, victory piles and removed cards must be the "
                   "{ruleset} deck's 54: {diff}", ruleset=repr(ruleset), diff=_diff(expected, yen))
    qi = _tally([*hands, deck, discard, reserve])
    if qi != QI_MANIFEST:
        raise bad("qi cards", "the Qi cards in hands, deck, discard and reserve must be the 54 of the game: {diff}",
                   diff=_diff(QI_MANIFEST, qi))

# ------------------------------------------------------------------- scenarios


def arrange(
    players: int = 2,
    *,
    ruleset: str = "it",
    seed: int = 0,
    colours: Sequence[str] | None = None,
    pawns: Sequence[int] | None = None,
    current: int = 0,
    rows: Mapping[str, str | None] | None = None,
    general: bool = False,
    won: dict[int, Sequence[str]] | None = None,
    won_before: int | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    reserve: Sequence[str] | None = None,
    deck_top: Sequence[str] = (),
    deck_size: int | None = None,
    exhaustions: int = 0,
    pile_sizes: Sequence[int] | None = None,
    turn: int = 0,
) -> State:
    """Build a position a teacher describes, keeping every card of the game.

    Named cards are taken out of the game's full decks; the rest are dealt
    (from ``seed``) into the unnamed row slots, the Yen piles, the other hands
    and the Qi deck.  ``deck_size`` sends the surplus Qi cards to the discard
    pile.  The General stays in the piles unless ``general`` sets it aside.

    >>> s = arrange(2, rows={"G": "bo"}, hands={0: ["green", "warrior"]})
    >>> s.slot("G"), s.hands[0]
    ('bo', ('green', 'warrior'))
    """
    colours = tuple(colours or COLOURS[:players])
    pawns = tuple(pawns or range(1, players + 1))
    rng = random.Random(seed)
    yen = yen_deck(ruleset)
    qi = qi_deck()

    def take(pool: list[str], card: str, what: str) -> str:
        if card not in pool:
            raise ValueError(f"{what}: no {card} left in the {ruleset!r} deck")
        pool.remove(card)
        return card

    rows = {k: (parse_card(v) if v else None) for k, v in (rows or {}).items()}
    if "general" in rows.values():
        raise ValueError("the General never stands in a row: use general=True to set it aside")
    won_piles = [[take(yen, parse_card(c), f"won[{p}]") for c in (won or {}).get(p, ())] for p in range(players)]
    slots: list[str | None] = [None] * 9
    for name, card in rows.items():
        if card:
            slots[SLOT_INDEX[name]] = take(yen, card, f"rows[{name}]")
    if general:
        take(yen, "general", "general")
    rng.shuffle(yen)
    # Unnamed slots get ordinary cards (never the General).
    for i in range(9):
        if SLOTS[i] not in rows:
            pick = next(c for c in yen if c != "general")
            yen.remove(pick)
            slots[i] = pick
    sizes = list(pile_sizes) if pile_sizes is not None else None
    if sizes is None:
        base, extra = divmod(len(yen), 3)
        sizes = [base + (i < extra) for i in range(3)]
    if sum(sizes) > len(yen):
        raise ValueError(f"pile_sizes {sizes} ask for more than the {len(yen)} Yen cards left")
    if "general" in yen and yen.index("general") >= sum(sizes):
        # The General waits in a pile until it is drawn, whatever the pile sizes.
        if not any(sizes):
            raise ValueError("the General must wait in a pile: give a pile some cards, or set general=True")
        yen.remove("general")
        yen.insert(rng.randrange(sum(sizes)), "general")
    piles = []
    for n in sizes:
        piles.append(tuple(yen[:n]))
        yen = yen[n:]
    removed = yen  # anything not placed is out of the game
    hand_cards = [[take(qi, parse_qi(c), f"hands[{p}]") for c in (hands or {}).get(p, ())] for p in range(players)]
    res = [take(qi, parse_qi(c), "reserve") for c in reserve] if reserve is not None else None
    top = [take(qi, parse_qi(c), "deck_top") for c in deck_top]
    rng.shuffle(qi)
    for p in range(players):
        if p not in (hands or {}):
            hand_cards[p] = qi[:3]
            qi = qi[3:]
    if res is None:
        res, qi = qi[:3], qi[3:]
    deck = top + qi
    discard: list[str] = []
    if deck_size is not None:
        deck, discard = deck[:deck_size], deck[deck_size:]
    state = State(
        ruleset=ruleset, seed=seed, rng=0, colours=colours, pawns=pawns, current_player=current, turn=turn,
        slots=tuple(slots), general=general, piles=tuple(piles), deck=tuple(deck), discard=tuple(discard),
        reserve=tuple(res), hands=tuple(qi_sort(h) for h in hand_cards), won=tuple(tuple(w) for w in won_piles),
        removed=tuple(removed), exhaustions=exhaustions, end=None,
        won_before=len(won_piles[current]) if won_before is None else won_before,
    )
    _check_conservation(ruleset, state.slots, general, piles, won_piles, removed, hand_cards, deck, discard, res)
    return state
