"""Scenario files (JSON) and positions a teacher describes."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tutor.core import FORMAT, check_header
from tutor.games.fire_bulls.cards import (
    _SLOT_INDEX,
    COLOURS,
    DECK_MANIFEST,
    NAME,
    QI_MANIFEST,
    RULESETS,
    SLOTS,
    _qi_sort,
    parse_card,
    parse_qi,
    qi_deck,
    yen_deck,
)
from tutor.games.fire_bulls.messages import _bad, _bad_notation
from tutor.games.fire_bulls.state import FILE_PLACES, State

# ---------------------------------------------------------------------- JSON I/O


def _to_data(s: State) -> dict:
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


def _need(data: dict, key: str, types, where: str = "") -> Any:
    path = f"{where}{key}"
    if key not in data:
        raise _bad(path, "is missing")
    value = data[key]
    if isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        raise _bad(path, _EXPECTED[types], got="true/false")
    if not isinstance(value, types):
        raise _bad(path, _EXPECTED[types], got=type(value).__name__)
    return value


_EXPECTED = {int: "expected a whole number, got {got}", str: "expected text, got {got}",
             list: "expected a list, got {got}", dict: "expected an object, got {got}"}


def _card_list(value: Any, path: str, parse) -> list[str]:
    if not isinstance(value, list):
        raise _bad(path, "expected a list of cards, got {got}", got=type(value).__name__)
    out = []
    for i, c in enumerate(value):
        try:
            out.append(parse(c))
        except ValueError as exc:
            raise _bad_notation(f"{path}[{i}]", exc) from None
    return out


def _from_data(d: dict) -> State:
    check_header(d, NAME)  # format 1 (no format field) and 2 read the same
    ruleset = _need(d, "ruleset", str)
    if ruleset not in RULESETS:
        raise _bad("ruleset", "must be one of {choices}, not {what}", choices=", ".join(RULESETS), what=repr(ruleset))
    seed = _need(d, "seed", int)
    rng = d.get("rng", 0)
    if not isinstance(rng, int) or isinstance(rng, bool) or rng < 0:
        raise _bad("rng", "expected a whole number >= 0")
    players = _need(d, "players", list)
    if not 2 <= len(players) <= 5:
        raise _bad("players", "Fire Bulls is for 2 to 5 players, the file has {n}", n=len(players))
    colours, pawns, hands, won = [], [], [], []
    for i, pl in enumerate(players):
        where = f"players[{i}]."
        if not isinstance(pl, dict):
            raise _bad(f"players[{i}]", "expected an object with colour, pawn, hand and won")
        colour = _need(pl, "colour", str, where)
        if colour not in COLOURS:
            raise _bad(f"{where}colour", "must be one of {choices}, not {what}", choices=", ".join(COLOURS),
                       what=repr(colour))
        pawn = _need(pl, "pawn", int, where)
        if not 1 <= pawn <= 5:
            raise _bad(f"{where}pawn", "directions are 1 to 5, not {d}", d=pawn)
        colours.append(colour)
        pawns.append(pawn)
        hands.append(_card_list(pl.get("hand", []), f"{where}hand", parse_qi))
        won.append(_card_list(pl.get("won", []), f"{where}won", parse_card))
    if len(set(colours)) != len(colours):
        raise _bad("players", "two players have the same colour")
    if len(set(pawns)) != len(pawns):
        raise _bad("players", "two pawns stand on the same direction")
    current = _need(d, "current_player", int)
    if not 0 <= current < len(players):
        raise _bad("current_player", "must be a seat from 0 to {n}", n=len(players) - 1)
    turn = d.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise _bad("turn", "expected a whole number >= 0")
    rows = _need(d, "rows", dict)
    unknown = set(rows) - set(SLOTS)
    if unknown:
        raise _bad("rows", "unknown slot(s) {what}: slots are A to I", what=", ".join(sorted(map(str, unknown))))
    slots: list[str | None] = []
    for name in SLOTS:
        v = rows.get(name)
        if v is None:
            slots.append(None)
            continue
        try:
            card = parse_card(v)
        except ValueError as exc:
            raise _bad_notation(f"rows.{name}", exc) from None
        if card == "general":
            raise _bad(f"rows.{name}", "the General never stands in a row: set \"general\": true instead")
        slots.append(card)
    general = d.get("general", False)
    if not isinstance(general, bool):
        raise _bad("general", "expected true or false")
    piles_raw = _need(d, "piles", list)
    if len(piles_raw) != 3:
        raise _bad("piles", "expected 3 Yen piles, got {n}", n=len(piles_raw))
    piles = [_card_list(p, f"piles[{i}]", parse_card) for i, p in enumerate(piles_raw)]
    deck = _card_list(d.get("deck", []), "deck", parse_qi)
    discard = _card_list(d.get("discard", []), "discard", parse_qi)
    reserve = _card_list(d.get("reserve", []), "reserve", parse_qi)
    removed = _card_list(d.get("removed", []), "removed", parse_card)
    exhaustions = d.get("exhaustions", 0)
    if not isinstance(exhaustions, int) or isinstance(exhaustions, bool) or not 0 <= exhaustions <= 3:
        raise _bad("exhaustions", "expected a whole number from 0 to 3")
    end = d.get("end")
    if end not in (None, "general", "escaped"):
        raise _bad("end", "must be null, \"general\" or \"escaped\"")
    ts = d.get("turn_state", {})
    if not isinstance(ts, dict):
        raise _bad("turn_state", "expected an object")
    attack = ts.get("attack", 0)
    if not isinstance(attack, int) or isinstance(attack, bool) or attack not in (-1, 0, 1, 2, 3, 4, 5):
        raise _bad("turn_state.attack", "expected 0 (none), -1 (the General) or a direction 1-5")
    deviated = ts.get("deviated", False)
    if not isinstance(deviated, bool):
        raise _bad("turn_state.deviated", "expected true or false")
    ints = {}
    for key in ("won_this_turn", "warriors", "won_before", "stage"):
        v = ts.get(key, 0 if key != "won_before" else len(won[current]))
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise _bad(f"turn_state.{key}", "expected a whole number >= 0")
        ints[key] = v
    if ints["won_before"] > len(won[current]):
        raise _bad("turn_state.won_before", "is larger than the current player's victory pile")
    if ints["stage"] > 2:
        raise _bad("turn_state.stage", "expected 0, 1 or 2")
    pending = ts.get("pending", [])
    if not isinstance(pending, list):
        raise _bad("turn_state.pending", "expected a list")
    for i, item in enumerate(pending):
        ok = isinstance(item, str) and (
            item in ("penalty", "limit", "power:bo", "power:colonel", "power:general")
            or (item.startswith("colonel:") and item[8:].isdigit() and int(item[8:]) < len(players)
                and int(item[8:]) != current)
        )
        if not ok:
            raise _bad(f"turn_state.pending[{i}]", "{what} is not a choice the game knows", what=repr(item))
    # Every card of the game must be somewhere, once.
    _check_conservation(ruleset, slots, general, piles, won, removed, hands, deck, discard, reserve)
    return State(
        ruleset=ruleset, seed=seed, rng=rng, colours=tuple(colours), pawns=tuple(pawns), current_player=current,
        turn=turn, slots=tuple(slots), general=general, piles=tuple(tuple(p) for p in piles), deck=tuple(deck),
        discard=tuple(discard), reserve=tuple(reserve), hands=tuple(_qi_sort(h) for h in hands),
        won=tuple(tuple(w) for w in won), removed=tuple(removed), exhaustions=exhaustions, end=end,
        attack=attack, deviated=deviated, won_this_turn=ints["won_this_turn"], warriors=ints["warriors"],
        won_before=ints["won_before"], pending=tuple(pending), stage=ints["stage"],
    )


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
        raise _bad("yen cards", "the Yen cards on the table, piles, victory piles and removed cards must be the "
                   "{ruleset} deck's 54: {diff}", ruleset=repr(ruleset), diff=_diff(expected, yen))
    qi = _tally([*hands, deck, discard, reserve])
    if qi != QI_MANIFEST:
        raise _bad("qi cards", "the Qi cards in hands, deck, discard and reserve must be the 54 of the game: {diff}",
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
    rows: dict[str, str | None] | None = None,
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
            slots[_SLOT_INDEX[name]] = take(yen, card, f"rows[{name}]")
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
        reserve=tuple(res), hands=tuple(_qi_sort(h) for h in hand_cards), won=tuple(tuple(w) for w in won_piles),
        removed=tuple(removed), exhaustions=exhaustions, end=None,
        won_before=len(won_piles[current]) if won_before is None else won_before,
    )
    _check_conservation(ruleset, state.slots, general, piles, won_piles, removed, hand_cards, deck, discard, res)
    return state
