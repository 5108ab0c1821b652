"""Formula E scenario files: writing and reading them (a file may carry its own track).

A file is untrusted: every fault is a short ScenarioError naming the field
(an unreadable or unplayable track, a piece off the board, two pieces on a
space, a card too many or missing ...).
"""

from __future__ import annotations

from collections import Counter

from tutor.core import FORMAT, ScenarioReader, check_header, dump_json, parse_json_object, short

from .cards import (COBRAS, COMBOS, COUNTS, COW_STEPS, GAME_NAME, ORDER, SOLO_YELLOWS, is_green, is_movement,
                    sort_cards, value_of)
from .state import PHASES, State
from .track import MAX_LANES, MAX_ROWS, TRACKS, Cell, Track, cell_name, parse_cell

MAX_SEED = 2**63 - 1
# turns and chance events: far more than any race, and far above any count a file holds in earnest, so that a race
# played on from a file with a large count (10**6, say) still saves a count this reads back
MAX_TURNS = 10**12


def to_json(s: State) -> str:
    def name(c: Cell | None) -> str | None:
        if c is None:
            return None
        return "finish-" + "abcdefgh"[c[1]] if c[0] >= s.track.rows_count else cell_name(c)

    return dump_json({
        "game": GAME_NAME, "format": FORMAT, "ruleset": "base",
        "track": {"name": s.track.name, "rows": list(s.track.rows)},
        "players": s.players, "seed": s.seed, "first": s.first, "active": s.active, "phase": s.phase,
        "elephants": [name(c) for c in s.elephants], "cows": [cell_name(c) for c in s.cows],
        "rat": cell_name(s.rat), "hands": [list(h) for h in s.hands], "deck": list(s.deck),
        "discard": list(s.discard), "cobras": list(s.cobras), "pending": list(s.pending), "asker": s.asker,
        "cancelled": s.cancelled, "played": list(s.played), "cow_left": s.cow_left, "mode": s.mode,
        "owed": s.owed, "resume": s.resume, "winner": s.winner, "chance": s.chance, "turns": s.turns,
    })


def from_json(text: str | bytes) -> State:
    data = parse_json_object(text)
    check_header(data, GAME_NAME)
    return state_from_dict(data)


def read_track(r: ScenarioReader) -> Track:
    raw = r.get("track", (str, dict))
    if isinstance(raw, str):
        if raw not in TRACKS:
            raise r.error("track", "unknown track {got}; known tracks: {known}", got=short(raw),
                          known=", ".join(TRACKS))
        return TRACKS[raw]
    t = r.sub("track")
    name = t.str("name", 40)
    rows = t.list("rows", max_len=MAX_ROWS)
    for i, row in enumerate(rows):
        if not isinstance(row, str) or len(row) > MAX_LANES:
            raise t.error_at(f"track.rows[{i}]", "expected a row of at most {n} spaces, got {got}",
                             n=MAX_LANES, got=short(row))
    track = Track(name, tuple(rows))
    problem = track.problem() if rows else ("expected {lo} to {hi} rows, got {got}",
                                            {"lo": 4, "hi": MAX_ROWS, "got": 0})
    if problem:
        raise t.error("rows", problem[0], **problem[1])
    return track


def _cell(r: ScenarioReader, field: str, text: object, track: Track, finish_ok: bool = False) -> Cell:
    if finish_ok and isinstance(text, str) and text.startswith("finish-") and len(text) == 8:
        lane = "abcdefgh".find(text[-1])
        if 0 <= lane < track.width:
            return (track.rows_count, lane)
    cell = parse_cell(text) if isinstance(text, str) else None
    if cell is None or not track.on_board(cell):
        raise r.error_at(field, "expected a space of the track such as b3, got {got}", got=short(text))
    return cell


def _cards(r: ScenarioReader, field: str, items: object, max_len: int = 72) -> tuple[str, ...]:
    if not isinstance(items, list) or len(items) > max_len:
        raise r.error_at(field, "expected a list of at most {n} cards, got {got}", n=max_len, got=short(items))
    for i, c in enumerate(items):
        if not isinstance(c, str) or c not in COUNTS:
            raise r.error_at(f"{field}[{i}]", "expected a card ({cards}), got {got}", cards=", ".join(ORDER),
                             got=short(c))
    return tuple(items)


def state_from_dict(data: dict) -> State:
    r = ScenarioReader(data)
    r.choice("ruleset", ("base",), default="base")
    track = read_track(r)
    players = r.int("players", 3, 6)
    seed = r.int("seed", 0, MAX_SEED)
    first = r.int("first", 0, players - 1)
    active = r.int("active", 0, players - 1)
    phase = r.choice("phase", PHASES)
    raw_el = r.list("elephants", length=players)
    elephants: list[Cell | None] = []
    for i, c in enumerate(raw_el):
        elephants.append(None if c is None and phase == "place" else _cell(r, f"elephants[{i}]", c, track, True))
    for i, c in enumerate(elephants):
        if c is not None and c[0] >= track.rows_count and not (phase == "over" and data.get("winner") == i):
            raise r.error_at(f"elephants[{i}]", "only the winner stands past the red line, once the race is over")
    if phase != "place" and None in elephants:
        raise r.error("elephants", "every elephant is on the track once the start grid is filled")
    raw_cows = r.list("cows", max_len=10)
    cows = tuple(sorted(_cell(r, f"cows[{i}]", c, track) for i, c in enumerate(raw_cows)))
    rat = _cell(r, "rat", r.get("rat", str), track)
    taken: dict[Cell, str] = {}
    for label, cell in [(f"elephants[{i}]", c) for i, c in enumerate(elephants)] + \
            [(f"cows[{i}]", c) for i, c in enumerate(cows)]:
        if cell is None:
            continue
        if cell in taken:
            raise r.error_at(label, "{cell} is already taken by {other}: two pieces on one space",
                             cell=cell_name(cell), other=taken[cell])
        taken[cell] = label
    hands_raw = r.list("hands", length=players)
    hands = tuple(sort_cards(_cards(r, f"hands[{i}]", h)) for i, h in enumerate(hands_raw))
    deck = _cards(r, "deck", r.get("deck", list))
    discard = _cards(r, "discard", r.get("discard", list))
    pending = _cards(r, "pending", r.get("pending", list), 2)
    played = _cards(r, "played", r.get("played", list), 2)
    count = Counter(c for pile in (*hands, deck, discard, pending) for c in pile)
    for card in ORDER:
        if count[card] != COUNTS[card]:
            raise r.error("hands", "the deck holds {n} {card} cards, this file {got}", n=COUNTS[card], card=card,
                          got=count[card])
    cob_raw = r.list("cobras", length=players)
    for i, c in enumerate(cob_raw):
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= COBRAS:
            raise r.error_at(f"cobras[{i}]", "expected a whole number from 0 to 4, got {got}", got=short(c))
    if sum(cob_raw) > COBRAS:
        raise r.error("cobras", "there are only 4 Cobra discs, this file has {got}", got=sum(cob_raw))
    asker = r.optional_int("asker", 0, players - 1)
    if (phase == "tiger") != (asker is not None) or asker == active:
        raise r.error("asker", "the Tiger window asks a seat other than the active one, and only then")
    cancelled = r.choice("cancelled", ("",) + tuple(sorted(set(pending))), default="")
    winner = r.optional_int("winner", 0, players - 1)
    if (phase == "over") != (winner is not None):
        raise r.error("winner", "a race is over exactly when it has a winner")
    if phase in RESOLVING and not pending:
        raise r.error("pending", "the {phase} decision needs the card being played", phase=phase)
    if phase == "move" and not any(is_movement(c) for c in pending):
        raise r.error("pending", "a move needs a green or purple card among the cards played")
    state = State(
        track=track, players=players, seed=seed, first=first, active=active, phase=phase,
        elephants=tuple(elephants), cows=cows, rat=rat, hands=hands, deck=deck, discard=discard,
        cobras=tuple(cob_raw), pending=pending, asker=asker, cancelled=cancelled, played=played,
        cow_left=r.int("cow_left", 0, COW_STEPS), mode=r.choice("mode", ("", "charge", "carpet", "mango")),
        owed=r.int("owed", 0, COBRAS), resume=r.choice("resume", ("", "card", "end")), winner=winner,
        chance=r.int("chance", 0, MAX_TURNS), turns=r.int("turns", 0, MAX_TURNS),
    )
    found = turn_fault(state)
    if found:
        raise r.error_at(found[0], found[1], **found[2])
    return state


# The decisions taken while the card(s) just played are pending: the Tiger window, then the card's own decision.
RESOLVING = ("tiger", "move", "rat", "cow", "monkey", "prayer", "snake")
CARD_DECISIONS = ("rat", "cow", "monkey", "prayer", "snake")  # a yellow card's own decision, named after it
GREENS = frozenset(c for c in ORDER if is_green(c))
Fault = tuple[str, str, dict]


def play_fault(cards: tuple[str, ...]) -> bool:
    """Whether ``cards`` are not one play of the rules: a movement card or a yellow played alone, or a yellow
    played with a green (Charge!, Flying Carpet, Mango Juice)."""
    if len(cards) == 1:
        return not (is_movement(cards[0]) or cards[0] in SOLO_YELLOWS)
    return not (len(cards) == 2 and cards[0] in COMBOS and cards[1] in GREENS)


def turn_fault(s: State) -> Fault | None:
    """What in ``s`` no turn of the rules leaves behind, as (field, template, params), or None.

    The pieces and the cards may stand anywhere an editor puts them; what a turn is doing must be what the
    rules do: the cards played and pending, the cow steps left, the Cobra discards owed, the yellow card a
    move resolves with, the seats still to place.  A file that breaks these loses or gains cards, or writes a
    file it cannot read back, a few moves later."""
    p, phase = s.active, s.phase
    if phase == "place":
        return place_fault(s)
    played, pending = s.played, s.pending
    if phase == "turn" and played:
        return "played", "a turn starts with no card played, got {got}", {"got": short(list(played))}
    if played and play_fault(played) and not (len(played) == 2 and {played[0] in GREENS, played[1] in GREENS} ==
                                              {True, False} and set(played) - GREENS <= set(SOLO_YELLOWS)):
        return "played", "{got} is not what one turn plays: a card, a yellow card with a green one, or a green " \
            "card and a yellow one played alone, one after the other", {"got": short(list(played))}
    if pending and (play_fault(pending) or played[len(played) - len(pending):] != pending):
        return "pending", "the cards pending are the last ones played, got {got}", {"got": short(list(pending))}
    if phase not in RESOLVING and pending:
        return "pending", "no card is pending once the cards played have resolved, got {got}", \
            {"got": short(list(pending))}
    if s.cancelled and (phase not in ("tiger", "move") or is_movement(s.cancelled) or len(pending) != 2):
        return "cancelled", "a cancelled card is pending only while the green card played with it is still to " \
            "resolve", {}
    live = [c for c in pending if c != s.cancelled]
    mode = next((c for c in live if c in COMBOS), "") if phase == "move" else ""
    if s.mode != mode:
        if mode:
            return "mode", "the move resolves with {card}, got {got}", {"card": mode, "got": short(s.mode)}
        return "mode", "only a move resolves with a yellow card, and only with one played with its green, " \
            "got {got}", {"got": short(s.mode)}
    if phase in CARD_DECISIONS and tuple(live) != (phase,):
        return "pending", "this decision follows {card} played alone, got {got}", \
            {"card": phase, "got": short(list(pending))}
    if (phase == "cow") != (s.cow_left > 0):
        return "cow_left", "steps are left to the Sacred Cows exactly while they move, got {got}", \
            {"got": s.cow_left}
    if phase == "monkey" and not any(h for q, h in enumerate(s.hands) if q != p):
        return "hands", "the Monkey steals from another hand that holds a card", {}
    if phase in ("tiger", "move") and "carpet" in live and len(pending) == 2:
        here = s.elephants[p]
        assert here is not None  # (every elephant is on the track once the start grid is filled)
        n = value_of(pending[1])
        target = (here[0] + n, here[1])
        if target[0] < s.track.rows_count and (not s.track.on_board(target) or target in s.elephants
                                               or target in s.cows):
            return "pending", "the Flying Carpet cannot land {n} spaces ahead, so it cannot be played", {"n": n}
    if phase == "second" and (len(played) != 1 or played[0] not in GREENS | set(SOLO_YELLOWS)):
        return "played", "a second card follows one green card or one yellow card played alone, got {got}", \
            {"got": short(list(played))}
    if phase == "discard":
        most = min(s.cobras[p], len(s.hands[p]))
        if not 1 <= s.owed <= most:
            return "owed", "one discard is owed for each Cobra, at most one for each card in hand: " \
                "from 1 to {most}, got {got}", {"most": most, "got": s.owed}
        if not s.resume or (s.resume == "card" and not played):
            return "resume", "after the Cobras' discards the turn ends, or goes on after the card played", {}
    elif s.owed or s.resume:
        return ("owed" if s.owed else "resume"), "Cobra discards are owed only while they are being made", {}
    if phase == "over":
        assert s.winner is not None  # (a race is over exactly when it has a winner)
        here = s.elephants[s.winner]
        if here is None or here[0] < s.track.rows_count:
            return f"elephants[{s.winner}]", "the winner stands past the red line once the race is over", {}
    return None


def place_fault(s: State) -> Fault | None:
    """The start grid fills from the seat before the first player backwards, ending with the first player:
    the seats still to place are the active one and those before it back to the first; nothing is played yet."""
    n = s.players
    waiting = {(s.active - k) % n for k in range((s.active - s.first) % n + 1)}
    for q, cell in enumerate(s.elephants):
        if cell is None and q not in waiting:
            return f"elephants[{q}]", "seat {n} has not placed its elephant, though its turn to place has " \
                "passed (the seats place from the one before the first player backwards)", {"n": q + 1}
        if cell is not None and q in waiting:
            return f"elephants[{q}]", "seat {n} has placed its elephant before its turn to place (the seats " \
                "place from the one before the first player backwards)", {"n": q + 1}
        if cell is not None and cell not in s.track.start:
            return f"elephants[{q}]", "an elephant is placed on the start grid, got {got}", \
                {"got": cell_name(cell)}
    for i, cell in enumerate(s.cows):
        if cell in s.track.start:
            return f"cows[{i}]", "no Sacred Cow stands on the start grid while it fills, got {got}", \
                {"got": cell_name(cell)}
    for name in ("pending", "played", "cancelled", "mode", "cow_left", "owed", "resume"):
        if getattr(s, name):
            return name, "nothing is played before the start grid is filled", {}
    return None
