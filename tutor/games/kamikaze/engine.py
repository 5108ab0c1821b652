"""The rules of Kamikaze Attack: legality, duels, powers, the end and the winner."""

from __future__ import annotations

import random
from _random import Random as _CRandom
from bisect import bisect_left
from hashlib import sha512
from typing import Any

from tutor.core import Catalog, Event, IllegalAction, dump_json, short
from tutor.rand import randbelow

from .actions import (
    Action,
    Challenge,
    Decline,
    Keep,
    Play,
    PlayOn,
    Stop,
    Swap,
    TakeBack,
    parse,
)
from .cards import (
    DECKS,
    EXPANSION_DECKS,
    GAME_NAME,
    LETTERS,
    LIKE,
    ORDER,
    RULE_BARD,
    RULE_BOTH_FALL,
    RULE_CHALLENGE,
    RULE_CLERIC,
    RULE_DEAD,
    RULE_DISCARD,
    RULE_DOUBLE,
    RULE_EMPTY,
    RULE_FAMILIAR,
    RULE_KAMIKAZE,
    RULE_LIBRARIAN,
    RULE_LOSER,
    RULE_LOSER_NEXT,
    RULE_MOST,
    RULE_PALADIN,
    RULE_PLAY,
    RULE_REPEAT,
    RULE_RETREAT,
    RULE_RETREAT_SAME,
    RULE_REVEAL,
    RULE_SAPPER,
    RULE_SAPPER_BLOCKS,
    RULE_SIMULTANEOUS,
    RULE_TIE_HAND,
    RULE_TIE_LAST,
    RULE_TRUE_TIE,
    RULE_WINNER,
    RULESETS,
    card_rule,
    clash,
    duel,
    sort_cards,
)
from .state import (
    REPETITION_LIMIT,
    State,
    MEMO_LIMIT,
    _position_key,
    _position_key_of,
    memo,
    _last_duel_json,
)
from .state import (
    _Draft,
    _copy,
    _set_field,
    done,
    draft,
    fast_replace,
    to_move,
)
from .words import load_catalog

# no game lasts longer (the conformance suite plays random games against it);
# measured: 600 random games of 2 to 5 players all ended within 100 actions
MAX_ACTIONS = 5000


def _name(p: int) -> str:
    return f"Player {p + 1}"


class _Silent(list):
    """Where ``apply`` narrates to: nothing is worded (bots and searches need no words)."""

    def append(self, item: Any) -> None:
        pass


_SILENT: list = _Silent()


def _ev(events: list, rule: str, template: str, kind: str = "info", **data: Any) -> None:
    """Narrate: ``template`` is the English message id (see ``data/messages.json``)."""
    if events is _SILENT:
        return
    text = _words().render(template, data)
    events.append(Event(rule, text, kind, tuple(sorted(data.items())), template))


def _illegal(rule: str, template: str, **params: Any) -> IllegalAction:
    return IllegalAction(rule, _words().render(template, params), template, params)


_CATALOG: list[Catalog] = []


def _words() -> Catalog:
    if not _CATALOG:
        _CATALOG.append(load_catalog())
    return _CATALOG[0]


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _add(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` (a hand, kept sorted) with ``card`` put in its place (memoised in _ADDED)."""
    key = (cards, card)
    value = _ADDED.get(key)
    if value is None:
        if len(_ADDED) >= MEMO_LIMIT:
            _ADDED.clear()
        value = _ADDED[key] = sort_cards(cards + (card,))
    return value


_ADDED: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}


# every pair of cards: who wins, where each goes, the rule that decides it
_TABLE: dict[tuple[str, str], tuple[str, tuple[str, str], str]] = {
    (a, b): (clash(a, b), duel(a, b), card_rule(a, b)) for a in ORDER for b in ORDER
}


def _options(s: State, p: int) -> tuple[str, ...]:
    """The cards player p could fight the next duel with."""
    if s.held[p]:
        return (s.card(p),)
    return sort_cards(set(s.hands[p]))


def _duel_can_change(s: State, p: int, q: int) -> bool:
    """Could any duel between p and q move a card (a defeat, a power)?"""
    for a in _options(s, p):
        for b in _options(s, q):
            if _TABLE[(a, b)][0] != "retreat":
                return True
            for me, mine, other in ((p, a, q), (q, b, p)):
                if mine == "cleric" and any(c != "kamikaze" for c in s.graveyards[other]):
                    return True
                if mine == "familiar" and not s.held[me]:
                    rest = _remove(s.hands[me], "familiar")
                    if any(c != "kamikaze" for c in rest):
                        return True
    return False


def _dead(s: State) -> bool:
    """No duel the player to move can start could change anything."""
    # the usual answer first, without the memo (whose keys cost more to hash than this): a card of the player
    # to move that could defeat, or fall to, a card in another player's hand
    p, hands, held = s.active, s.hands, s.held
    if not held[p]:
        for a in hands[p]:
            moving = _NOT_RETREAT[a]
            for q, h in enumerate(hands):
                if q != p and not held[q] and not moving.isdisjoint(h):
                    return False
    # what decides it: the hands, held Sappers, and which graveyards hold a card a Cleric could take back
    graves = s.graveyards
    takeable = _TAKEABLE.get(graves)
    if takeable is None:
        if len(_TAKEABLE) >= MEMO_LIMIT:
            _TAKEABLE.clear()
        takeable = _TAKEABLE[graves] = tuple(g.count("kamikaze") < len(g) for g in graves)
    key = (s.active, s.hands, takeable, s.field, s.held)
    try:
        return _DEAD[key]
    except KeyError:
        if len(_DEAD) >= MEMO_LIMIT:
            _DEAD.clear()
        value = _DEAD[key] = _dead_now(s)
        return value


_DEAD: dict[tuple, bool] = {}
_NOT_RETREAT = {a: frozenset(b for b in ORDER if _TABLE[(a, b)][0] != "retreat") for a in ORDER}  # a's duels that move
_TAKEABLE: dict[tuple, tuple[bool, ...]] = {}  # graveyards -> which hold a card a Cleric could take back


def _dead_now(s: State) -> bool:
    p = s.active
    return not any(_duel_can_change(s, p, q) for q in range(s.players) if q != p)


_BY_LETTER = {letter: card for card, letter in LETTERS.items()}


def _can_answer(s: State, y: int, card: str, x: int) -> bool:
    """Could player y change anything if player x plays ``card`` against them
    again: beat it, use a power (a Cleric's take-back, a Familiar's swap), or,
    as the player whose turn it is with three or more players, challenge
    someone else with whom a duel could change something?"""
    for b in _options(s, y):
        if _TABLE[(card, b)][0] != "retreat":
            return True
        if b == "cleric" and any(c != "kamikaze" for c in s.graveyards[x]):
            return True
        if b == "familiar" and not s.held[y] and any(c != "kamikaze" for c in _remove(s.hands[y], "familiar")):
            return True
    if y == s.active and s.players > 2:
        return any(_duel_can_change(s, y, z) for z in range(s.players) if z not in (x, y))
    return False


def _stuck(s: State, entry: str, times_here: int) -> tuple[str, int | None]:
    """Whether the duel just counted as ``entry`` stalls the game by refusal
    (rule ``end/stalemate-refusal``): ("same-duel", None) when the same duel has
    ended in the same position for the third time (the game ends); ("refusal", x)
    when player x has now played the same card twice from this position, changing
    nothing, and the other duelist could not change anything against it (x says
    whether to end the game); ("", None) otherwise.  ``s`` is the state after the duel, its duelists still set;
    ``times_here`` how often ``entry`` has now been counted."""
    if times_here >= REPETITION_LIMIT:
        return "same-duel", None
    position, sep, pair = entry[:-3], entry[-3], entry[-2:]
    if sep != "~":
        return "", None
    p, q = s.active, s.opponent
    if q is None:
        return "", None
    # this position's retreats: entries "<position>~XY", next to each other (positions are sorted by key)
    here = position + "~"
    positions = s.positions
    lo = bisect_left(positions, (here,))
    hi = lo
    while hi < len(positions) and positions[hi][0].startswith(here):
        hi += 1
    size = len(entry)
    times_p = times_q = 0  # how often each duelist played this card from here (entries of this duel's length)
    for k, n in positions[lo:hi]:
        if len(k) == size:
            if k[-2] == pair[0]:
                times_p += n
            if k[-1] == pair[1]:
                times_q += n
    for i, (x, y, times) in enumerate(((p, q, times_p), (q, p, times_q))):
        if times >= 2 and not _can_answer(s, y, _BY_LETTER[pair[i]], x):
            return "refusal", x
    return "", None


def _draw(s: State, draws: int, cards: tuple[str, ...]) -> str:
    """Chance from the state's seed and a counter (``draws``, the chance draws made
    before this one): replays exactly.

    The card ``random.Random(f"{seed}:{draws}").randrange(len(cards))`` picks, with fewer
    Python calls: a text seed is what ``Random.seed`` (version 2) turns it into, the
    text's bytes and their SHA-512 read as one big-endian number, given to the C
    generator directly; ``tutor.rand.randbelow`` draws as ``randrange`` does.

    >>> cards = ("archer", "bard", "cleric", "kamikaze", "paladin")
    >>> s = new_game(2, 41)
    >>> all(_draw(s, d, cards[:n]) == cards[random.Random(f"41:{d}").randrange(n)]
    ...     for d in range(40) for n in range(1, 6))
    True
    """
    text = f"{s.seed}:{draws}".encode()
    return cards[randbelow(_CRandom(int.from_bytes(text + sha512(text).digest(), "big")), len(cards))]


# --------------------------------------------------------------- engine ----
#
# The steps below build the next position in ONE new State per action: each takes a
# draft, a State just copied for this action that nobody else holds yet, and fills it
# in place with ``_put``.  ``_step`` makes the copy; the caller's State never changes.


_ALL_FALSE = {n: (False,) * n for n in range(2, 6)}  # no swap, nothing face down: per table size
_NO_CARDS = {n: (None,) * n for n in range(2, 6)}  # an empty field
_ONE_HIDDEN = {n: tuple(tuple(i == p for i in range(n)) for p in range(n)) for n in range(2, 6)}  # [n][p]


def _put(s: State, **changes: Any) -> State:
    """Change a draft in place (see above) and return it."""
    for name, value in changes.items():
        _set_field(s, name, value)
    return s


def _begin_duel(s: State, opponent: int, ev: list) -> State:
    d: Any = s  # a draft (see above): its fields set directly (no _put call, no keyword dict)
    d.phase, d.opponent, d.swapped = "commit", opponent, _ALL_FALSE[len(s.hands)]
    if s.barred is not None and set(s.last("players", ())) != {s.active, opponent}:
        d.barred = None  # a card is barred only in the next duel between the same two players
    held = s.held
    if held[s.active] or held[opponent]:
        for p in (s.active, opponent):
            if held[p]:
                _ev(ev, RULE_SAPPER_BLOCKS,
                    "{Player}'s Sapper is still on the field: it fights this duel, and {player} "
                    "cannot play a new card.", player=p)
        return _after_commit(s, ev)
    return s


def _after_commit(s: State, ev: list) -> State:
    p: int = s.active
    q: int = s.opponent  # type: ignore[assignment]  # (s.rival without the property's call: a duel is under way)
    a, b = s.field[p], s.field[q]
    if a is None or b is None:
        return s
    d: Any = s  # a draft (see above): both cards face up
    d.hidden = _ALL_FALSE[len(s.hands)]
    if ev is not _SILENT:
        _ev(ev, RULE_REVEAL, "Both cards are revealed: {player} plays the {card}, {opponent} the {other_card}.",
            "reveal", players=(p, q), cards=(a, b), player=p, opponent=q, card=a, other_card=b)
    if a == "familiar" or b == "familiar":
        pending = tuple(
            x for x in (p, q)
            if s.field[x] == "familiar" and not s.held[x]
            and any(c != "kamikaze" for c in s.hands[x])
        )
        if pending:
            s = _put(s, phase="familiar", pending=pending)
            _ev(ev, RULE_FAMILIAR, "{Players} may swap the Familiar for another card in hand (not the Kamikaze).",
                "decision", players=pending)
            return s
    return _resolve(s, ev)


# where a Sapper already held on the field goes when this duel would send it
# somewhere: beaten again it leaves the field, otherwise it stays there
_HELD_AGAIN = {"field": "opponent", "hand": "field"}
_OUTCOME = {"a": "win", "b": "win", "both": "both", "retreat": "retreat"}
# the items a duel's record (see _resolve) shares with every other duel of the same cards, players, outcome
_CARDS_ITEM = {a: {b: ("cards", (a, b)) for b in ORDER} for a in ORDER}
_OUTCOME_ITEM = {who: ("outcome", outcome) for who, outcome in _OUTCOME.items()}
_PLAYERS_ITEM = [[("players", (p, q)) for q in range(5)] for p in range(5)]
_NO_TAKEN: tuple[str, tuple] = ("taken", ())
_WINNER_ITEM = {w: ("winner", w) for w in (None, *range(5))}


def _resolve(s: State, ev: list) -> State:
    """Both cards are face up and every Familiar decided: the duel's outcome, in one pass."""
    tell = ev is not _SILENT
    p: int = s.active
    q: int = s.opponent  # type: ignore[assignment]  # (s.rival and s.card without their calls: a duel is under way)
    field: Any = s.field  # (both duelists' cards are on it)
    a: str = field[p]
    b: str = field[q]
    who, (fate_a, fate_b), rule = _TABLE[(a, b)]
    was_held = s.held[p], s.held[q]
    if was_held[0]:
        fate_a = _HELD_AGAIN.get(fate_a, fate_a)
    if was_held[1]:
        fate_b = _HELD_AGAIN.get(fate_b, fate_b)
    hands, graves = list(s.hands), list(s.graveyards)
    # (most duels: no Sapper held anywhere nor staying, so the field ends empty and nothing held: tables,
    # not two lists made into tuples)
    plain = True not in s.held and fate_a != "field" and fate_b != "field"
    if not plain:
        field, held = list(field), list(s.held)
        field[p] = field[q] = None
        held[p] = held[q] = False

    if tell:  # the outcome
        if who == "retreat":
            _ev(ev, rule, "The {card} and the {other_card} cannot defeat each other: both retreat.",
                "retreat", players=(p, q), cards=(a, b), card=a, other_card=b)
        elif who == "both":
            if LIKE[a] == "kamikaze":
                _ev(ev, RULE_DOUBLE, "Double Kamikaze: each goes to the other player's graveyard.",
                    "double-kamikaze", players=(p, q))
            else:
                _ev(ev, rule, "The {card} and the {other_card} defeat each other: both fall.",
                    "both-fall", players=(p, q), cards=(a, b), card=a, other_card=b)
        else:
            (w, cw), (lo, cl) = ((p, a), (q, b)) if who == "a" else ((q, b), (p, a))
            _ev(ev, rule, "The {card} of {winner} defeats the {other_card} of {loser}.",
                "win", winner=w, loser=lo, cards=(cw, cl), card=cw, other_card=cl)

    for x, y, card, dest, was in ((p, q, a, fate_a, was_held[0]), (q, p, b, fate_b, was_held[1])):
        if dest == "field":
            field[x], held[x] = card, True
            if not tell:
                continue
            if who != "retreat":
                _ev(ev, RULE_SAPPER,
                    "The Sapper is beaten but stays on the field: until it is beaten again "
                    "{player} cannot play a new card.", "sapper", player=x)
            else:
                _ev(ev, RULE_SAPPER_BLOCKS, "{Player}'s Sapper holds its ground and stays on the field.",
                    "sapper", player=x)
        elif dest == "hand":
            hands[x] = _ADDED.get((hands[x], card)) or _add(hands[x], card)  # (_add's memo read inline)
            if tell:
                text = ("The {card} goes back to {player}'s hand."
                        if who != "retreat" else "The {card} retreats to {player}'s hand.")
                _ev(ev, RULE_RETREAT if who == "retreat" else RULE_WINNER, text, "move",
                    player=x, card=card, to="hand")
        elif dest == "own":
            graves[x] += (card,)
            if tell:
                if card == "kamikaze":
                    r, text = RULE_KAMIKAZE, "The Kamikaze goes to its own player's graveyard ({player})."
                else:
                    r, text = RULE_PALADIN, "The beaten Paladin goes to its own player's graveyard ({player})."
                _ev(ev, r, text, "move", player=x, card=card, to=f"graveyard {x}")
        elif dest == "opponent":
            graves[y] += (card,)
            if tell and was:
                _ev(ev, RULE_SAPPER, "Beaten a second time, the Sapper leaves the field for {opponent}'s "
                    "graveyard; {player} may play cards again.", "move", player=x, opponent=y, card=card,
                    to=f"graveyard {y}")
            elif tell:
                r = RULE_DOUBLE if card == "kamikaze" else RULE_LOSER
                _ev(ev, r, "{Player}'s {card} goes to {opponent}'s graveyard.", "move",
                    player=x, opponent=y, card=card, to=f"graveyard {y}")
        elif dest == "opponent-hand":
            hands[y] = _ADDED.get((hands[y], card)) or _add(hands[y], card)  # (_add's memo read inline)
            if tell:
                _ev(ev, RULE_BARD, "The {card} beat a Bard: it goes into {opponent}'s hand, not back to {player}'s.",
                    "move", player=x, opponent=y, card=card, to=f"hand {y}")
        else:
            raise AssertionError(dest)

    # the Kamikaze's random discards: the defender's, or each player's after a double Kamikaze
    draws = s.draws
    if a == "kamikaze" or b == "kamikaze":
        discards: tuple[tuple[int, int, str], ...]
        if a == b:
            discards = ((p, q, RULE_DOUBLE), (q, p, RULE_DOUBLE))
        else:
            discards = ((q, p, RULE_DISCARD),) if a == "kamikaze" else ((p, q, RULE_DISCARD),)
        for d, k, r in discards:
            if not hands[d]:
                if tell:
                    _ev(ev, r, "{Player} has no card left to discard.", "discard", player=d)
                continue
            card = _draw(s, draws, hands[d])
            draws += 1
            hands[d] = _remove(hands[d], card)
            graves[k] += (card,)
            if tell:  # (no call to _ev for nothing: a search's apply narrates nothing)
                _ev(ev, r, "{Player} discards a card at random: the {card} goes to {opponent}'s graveyard.",
                    "discard", player=d, opponent=k, card=card, to=f"graveyard {k}")

    # the Librarian's look
    seen = s.seen
    if who != "retreat" and (a == "librarian" or b == "librarian"):
        for x, y, card in ((p, q, a), (q, p, b)):
            if card == "librarian" and (who == "both" or (who == "a") == (x == p)):
                seen = tuple(v for v in seen if (v[0], v[1]) != (x, y)) + ((x, y, hands[y], s.duels + 1),)
                if tell:
                    _ev(ev, RULE_LIBRARIAN, "The Librarian wins: {viewer} looks at {player}'s hand.",
                        "peek", viewer=x, player=y)

    winner = None if who in ("retreat", "both") else (p if who == "a" else q)
    # (the record's constant items from tables: fewer tuples made per duel)
    record = (_CARDS_ITEM[a][b], ("duel", s.duels + 1), _OUTCOME_ITEM[who], _PLAYERS_ITEM[p][q], _NO_TAKEN,
              _WINNER_ITEM[winner])
    # a mutual kill is a win for both duelists (victory/tie-last-turn, power/librarian)
    won: tuple[int, ...] = s.last_winners
    if who == "both":
        won = (p, q)
    elif winner is not None:
        won = (winner,)
    new: Any = s  # a draft (see above): its fields set one by one, the interpreter's fastest way
    new.hands, new.graveyards = tuple(hands), tuple(graves)
    if plain:
        new.field, new.held = _NO_CARDS[len(hands)], _ALL_FALSE[len(hands)]
    else:
        new.field, new.held = tuple(field), tuple(held)
    new.draws, new.seen, new.duels, new.last_duel, new.last_winners = draws, seen, s.duels + 1, record, won
    if s.barred is not None:  # a card barred after playing on is barred for this one duel
        new.barred = None

    # the Cleric's retreat
    if who == "retreat" and (a == "cleric" or b == "cleric"):
        pending = tuple(
            x for x, y, card in ((p, q, a), (q, p, b))
            if card == "cleric" and any(c != "kamikaze" for c in s.graveyards[y])
        )
        if pending:
            s = _put(s, phase="cleric", pending=pending)
            _ev(ev, RULE_CLERIC, "{Players} may take a card (not the Kamikaze) back from the opponent's graveyard.",
                "decision", players=pending)
            return s
    return _finish(s, ev)


_NEXT = {  # who plays next after each outcome, and the rule saying so
    "win": (RULE_LOSER_NEXT, "{Player} lost the duel and plays next."),
    "retreat": (RULE_RETREAT_SAME, "After a retreat {player} plays again."),
    "both": (RULE_BOTH_FALL, "Both cards fell: the challenged player, {player}, plays next."),
}


def _finish(s: State, ev: list) -> State:
    p: int = s.active
    q: int = s.opponent  # type: ignore[assignment]  # (s.rival without the property's call)
    # the duel's record (see _resolve): cards, duel, outcome, players, taken, winner
    (_, cards), _duel, (_, outcome), (_, duelists), (_, taken), (_, winner) = s.last_duel
    if outcome == "win":
        nxt = q if winner == p else p
    elif outcome == "retreat":
        nxt = p
    else:
        nxt = q
    # count the duel: the refusal reads how often each card was played from here
    changed = outcome != "retreat" or any(s.swapped) or bool(taken)
    # the duel's entry: the position it ended in with its duelists (``s`` before the turn passes), "~" when
    # it changed nothing (a retreat, no power used) or "=" otherwise, then the active player's card and the
    # challenged player's, e.g. "1>2:SSHHAK/SSHHAK||/~SH"
    # (the key's memo pays with 2 players, where half the duels' positions come back; with more most are new
    # and looking the memo up costs more than it saves: measured in instructions per playout action)
    key = _position_key(s) if len(s.hands) == 2 else _position_key_of(s)
    entry = f"{key}{'=' if changed else '~'}{LETTERS[cards[0]]}{LETTERS[cards[1]]}"
    positions = s.positions  # kept sorted by key
    i = bisect_left(positions, (entry,))
    if i < len(positions) and positions[i][0] == entry:
        times_here = positions[i][1] + 1
        positions = positions[:i] + ((entry, times_here),) + positions[i + 1:]
    else:
        times_here = 1
        positions = positions[:i] + ((entry, 1),) + positions[i:]
    new: Any = s  # a draft (see above)
    new.positions = positions
    # (_stuck answers ("", None) at once for a duel that changed something seen fewer than 3 times)
    stuck, refuser = _stuck(s, entry, times_here) if times_here >= REPETITION_LIMIT or not changed else ("", None)
    players = len(s.hands)
    new.active, new.opponent, new.pending, new.phase, new.swapped = nxt, None, (), "challenge", _ALL_FALSE[players]
    if players > 2 and ev is not _SILENT:
        rule, why = _NEXT[outcome]
        _ev(ev, rule, why, "turn", player=nxt)

    # the start of the next turn: _end_if_over, its usual answer (cards in every hand, a duel that could
    # still change something) read here without its call
    if not all(s.hands) or _dead(s):
        return _end_if_over(s, ev)
    if stuck:
        if refuser is not None:
            card = cards[0] if refuser == p else cards[1]
            if not s.held[refuser] and any(c != card for c in s.hands[refuser]):
                # "non vuole": whether they will not play another card is the player's to say
                new.phase, new.pending = "repeat", (refuser,)
                _ev(ev, RULE_REPEAT,
                    "{Player} has played the {card} twice from this position, and nothing {opponent} can do "
                    "changes anything against it: {player} may end the game in a stalemate (the cards stay in "
                    "hand) or play on with another card.", "decision", player=refuser,
                    opponent=next(x for x in duelists if x != refuser), card=card)
                return s
        s = _put(s, phase="over", end="repetition")
        if refuser is None:
            _ev(ev, RULE_REPEAT,
                "Stalemate: the same duel, with the same cards, has ended in the same position for the third "
                "time; neither player will change anything. The game is over; the cards stay in hand.", "end")
        else:
            _ev(ev, RULE_REPEAT,
                "Stalemate: {player} will not play anything but the {card} here, and nothing {opponent} can do "
                "changes anything against it. The game is over; the cards stay in hand.",
                "end", player=refuser, opponent=next(x for x in duelists if x != refuser),
                card=cards[0] if refuser == p else cards[1])
        return _announce(s, ev)
    # (_next_turn's work inline: the playout's hot path)
    if players == 2:
        if s.held[0] or s.held[1]:
            return _begin_duel(s, 1 - nxt, ev)
        new.phase, new.opponent = "commit", 1 - nxt  # (_begin_duel's work when no Sapper holds the field)
        return s
    if ev is not _SILENT:
        _ev(ev, RULE_CHALLENGE, "{Player} chooses an opponent.", "turn", player=nxt)
    return s


def _next_turn(s: State, ev: list) -> State:
    """The next duel after one that did not end the game: with two players it starts at once (the
    players commit), with more the active player chooses an opponent."""
    if len(s.hands) == 2:
        if s.held[0] or s.held[1]:
            return _begin_duel(s, 1 - s.active, ev)
        return _put(s, phase="commit", opponent=1 - s.active)
    _ev(ev, RULE_CHALLENGE, "{Player} chooses an opponent.", "turn", player=s.active)
    return _put(s, phase="challenge", opponent=None)


def _end_if_over(s: State, ev: list) -> State:
    """At the start of a turn (phase "challenge"): end the game at once if a hand
    is empty or no duel could change anything.  Used after every duel and when
    a scenario is set up, so a position where no card can beat another is over
    without a pointless duel."""
    if not all(s.hands):
        empty = [x for x in range(s.players) if not s.hands[x]]
        s = _put(s, phase="over", end="empty-hand")
        _ev(ev, RULE_EMPTY,
            "{Players} has no card left in hand: the game is over." if len(empty) == 1
            else "{Players} have no card left in hand: the game is over.", "end", players=tuple(empty))
        return _announce(s, ev)
    if _dead(s):
        s = _put(s, phase="over", end="stalemate")
        _ev(ev, RULE_DEAD,
            "Stalemate: no card that can still be played can defeat another or change anything. "
            "The game is over; the remaining cards stay in their players' hands.", "end")
        return _announce(s, ev)
    return s


def _announce(s: State, ev: list) -> State:
    if ev is _SILENT:  # (it only narrates)
        return s
    w = winners(s)
    g = [len(x) for x in s.graveyards]
    rule = RULE_MOST
    tied = [p for p in range(s.players) if g[p] == max(g)]
    if len(tied) > 1:
        rule = RULE_TIE_HAND
        h = max(len(s.hands[p]) for p in tied)
        tied = [p for p in tied if len(s.hands[p]) == h]
        if len(tied) > 1:
            rule = RULE_TIE_LAST if len(w) < len(tied) else RULE_TRUE_TIE
    if len(w) == 1:
        _ev(ev, rule, "{Winner} wins with {n} cards in the graveyard.", "result",
            winners=tuple(w), scores=tuple(g), winner=w[0], n=g[w[0]])
    else:
        _ev(ev, rule, "A true tie between {winners}.", "result", winners=tuple(w), scores=tuple(g))
    return s


_PHASE_RULE = {"challenge": RULE_CHALLENGE, "commit": RULE_PLAY, "familiar": RULE_FAMILIAR, "cleric": RULE_CLERIC,
               "repeat": RULE_REPEAT}
_ACTION_TYPES = (Challenge, Play, Swap, Keep, TakeBack, Decline, Stop, PlayOn)


def _well_formed(action: Any) -> bool:
    """One of the game's actions with fields of the right kind (a player number, a card)."""
    kind = type(action)
    if kind not in _ACTION_TYPES:
        return False
    if kind is Challenge:
        q = action.opponent
        return type(q) is int and 0 <= q < 5
    if kind in (Play, Swap, TakeBack):
        return type(action.card) is str and action.card in ORDER
    return True


def _step(s: State, action: Any, narrate: bool = True) -> tuple[State, list[Event]]:
    """The state after ``action`` (a State, never a draft) and the narration."""
    after, ev = _step_draft(s, action, narrate)
    return done(after), ev


def _step_draft(s: State, action: Any, narrate: bool) -> tuple[State, list[Event]]:
    """_step's work: the next state may still be a draft (see above)."""
    if not isinstance(s, State):
        raise TypeError("expected a Kamikaze Attack State")
    ev: list[Event] = [] if narrate else _SILENT
    card = action.card if type(action) is Play else None
    if s.phase == "commit" and type(card) is str and card in ORDER:  # a card played: the most frequent step
        me = s.turn
        assert me is not None  # (commit: someone has still to play)
        hand = s.hands[me]
        if card not in hand:
            raise _illegal(RULE_PLAY, "{Player} has no {card} in hand", player=me, card=card)
        if s.barred is not None and s.barred == (me, card):
            raise _illegal(RULE_REPEAT, "{Player} chose to play on: a card other than the {card} in this duel",
                           player=me, card=card)
        i = hand.index(card)
        d: Any = _copy(s)  # a draft (see above), its three changed fields set directly: no call per field
        hands, field, hidden = list(s.hands), list(s.field), list(s.hidden)
        hands[me], field[me], hidden[me] = hand[:i] + hand[i + 1:], card, True
        d.hands, d.field, d.hidden = tuple(hands), tuple(field), tuple(hidden)
        s = d
        if narrate:
            _ev(ev, RULE_SIMULTANEOUS, "{Player} sets a card aside, face down.", "commit", player=me)
        return _after_commit(s, ev), ev
    if s.phase == "over":
        raise _illegal({"stalemate": RULE_DEAD, "repetition": RULE_REPEAT}.get(s.end, RULE_EMPTY),
                       "the game is over")
    me = s.mover
    if not _well_formed(action):
        raise _illegal(_PHASE_RULE[s.phase], "{action} is not an action of Kamikaze Attack", action=short(action))
    if s.phase == "challenge":
        if not isinstance(action, Challenge):
            raise _illegal(RULE_CHALLENGE, "{Player} must first choose an opponent to challenge", player=me)
        q = action.opponent
        if not isinstance(q, int) or not 0 <= q < s.players or q == me:
            raise _illegal(RULE_CHALLENGE, "{Player} must challenge another player at the table", player=me)
        if narrate:
            _ev(ev, RULE_CHALLENGE, "{Player} challenges {opponent}.", "challenge", player=me, opponent=q)
        return _begin_duel(draft(s), q, ev), ev
    if s.phase == "commit":  # a well-formed Play was taken above: this is another action
        raise _illegal(RULE_PLAY, "{Player} must play a card from hand", player=me)
    if s.phase == "familiar":
        rest = s.pending[1:]
        if isinstance(action, Keep):
            _ev(ev, RULE_FAMILIAR, "{Player} keeps the Familiar in the duel.", "keep", player=me)
            s = draft(s, pending=rest)
        elif isinstance(action, Swap):
            if action.card == "kamikaze":
                raise _illegal(RULE_FAMILIAR, "the Familiar cannot be swapped for the Kamikaze")
            if action.card not in s.hands[me]:
                raise _illegal(RULE_FAMILIAR, "{Player} has no {card} in hand", player=me, card=action.card)
            if s.barred == (me, action.card):
                raise _illegal(RULE_REPEAT, "{Player} chose to play on: a card other than the {card} in this duel",
                               player=me, card=action.card)
            s = draft(
                s,
                hands=_set(s.hands, me, _remove(s.hands[me], action.card)),
                field=_set(s.field, me, action.card),
                graveyards=_set(s.graveyards, me, s.graveyards[me] + ("familiar",)),
                swapped=_set(s.swapped, me, True),
                pending=rest,
            )
            _ev(ev, RULE_FAMILIAR,
                "{Player} swaps the Familiar for the {card}: the Familiar goes to "
                "{player}'s own graveyard, whatever the duel's outcome.", "swap", player=me, card=action.card)
        else:
            raise _illegal(RULE_FAMILIAR, "{Player} must keep the Familiar or swap it for a card in hand", player=me)
        if s.pending:
            return s, ev
        return _resolve(_put(s, phase="commit"), ev), ev
    if s.phase == "cleric":
        other = s.rival if me == s.active else s.active
        rest = s.pending[1:]
        if isinstance(action, Decline):
            _ev(ev, RULE_CLERIC, "{Player} takes nothing back.", "decline", player=me)
            s = draft(s, pending=rest)
        elif isinstance(action, TakeBack):
            if action.card == "kamikaze":
                raise _illegal(RULE_CLERIC, "the Cleric cannot take back a Kamikaze")
            if action.card not in s.graveyards[other]:
                raise _illegal(RULE_CLERIC, "there is no {card} in {opponent}'s graveyard",
                               card=action.card, opponent=other)
            record = tuple((k, v + ((me, action.card),) if k == "taken" else v) for k, v in s.last_duel)
            s = draft(
                s,
                graveyards=_set(s.graveyards, other, _remove(s.graveyards[other], action.card)),
                hands=_set(s.hands, me, _add(s.hands[me], action.card)),
                pending=rest,
                last_duel=record,
            )
            _ev(ev, RULE_CLERIC, "The Cleric retreated: {player} takes the {card} back from {opponent}'s graveyard.",
                "take", player=me, card=action.card, source=other, opponent=other)
        else:
            raise _illegal(RULE_CLERIC, "{Player} must take a card back or take nothing", player=me)
        if s.pending:
            return s, ev
        return _finish(s, ev), ev
    if s.phase == "repeat":
        duelists, cards = s.last("players"), s.last("cards")
        card, other = cards[duelists.index(me)], duelists[1 - duelists.index(me)]
        if isinstance(action, Stop):
            s = draft(s, phase="over", end="repetition", pending=())
            _ev(ev, RULE_REPEAT,
                "Stalemate: {player} will not play anything but the {card} here, and nothing {opponent} can do "
                "changes anything against it. The game is over; the cards stay in hand.",
                "end", player=me, opponent=other, card=card)
            return _announce(s, ev), ev
        if isinstance(action, PlayOn):
            s = draft(s, pending=(), barred=(me, card))
            _ev(ev, RULE_REPEAT, "{Player} plays on: in the next duel {player} plays a card other than the {card}.",
                "play-on", player=me, card=card)
            return _next_turn(s, ev), ev
        raise _illegal(RULE_REPEAT, "{Player} must end the game in a stalemate or play on with another card",
                       player=me)
    raise AssertionError(s.phase)


# ---------------------------------------------------------- the game API ----


def new_game(players: int = 2, seed: int = 0, ruleset: str | None = None, **options: Any) -> State:
    """A new game.  ``decks=[...]`` names each seat's deck (see :data:`DECKS`).

    Ruleset "base": 2 players, two base decks.  Ruleset "expansion": 2 to 5
    players; by default seats 1 and 2 hold base decks and every further seat
    one of the three new decks in the rulebook's order; any seat may be given
    any deck.
    """
    if not options and type(players) is int and type(seed) is int:  # a default table: its first position ready
        first = _DEFAULT_FIRST.get((players, ruleset))
        if first is not None:
            d: Any = _copy(first)  # (fast_replace without its keyword dict and calls)
            d.seed = seed
            d.__class__ = State  # (done: who moves is first's)
            return d
    if ruleset is None:
        ruleset = "base" if players == 2 and all(d == "base" for d in options.get("decks") or ()) else "expansion"
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")
    if not isinstance(players, int) or not 2 <= players <= 5:
        raise ValueError("Kamikaze Attack is for 2 to 5 players")
    if ruleset == "base" and players != 2:
        raise ValueError("the base game is for 2 players; use the expansion ruleset for 3 to 5")
    decks = options.pop("decks", None)
    if options:
        raise ValueError(f"unknown options: {', '.join(sorted(options))}")
    if decks is None:
        decks = ["base", "base"] + list(EXPANSION_DECKS[: players - 2])
    decks = tuple(decks)
    if len(decks) != players:
        raise ValueError(f"decks: expected one deck per player ({players}), got {len(decks)}")
    for d in decks:
        if d not in DECKS:
            raise ValueError(f"unknown deck {d!r}; decks: {', '.join(DECKS)}")
    if ruleset == "base" and decks != ("base", "base"):
        raise ValueError("the base game uses two base decks; use the expansion ruleset for the new decks")
    return fast_replace(_first_position(ruleset, decks), seed=int(seed))


# (players, ruleset) -> the first position of a game with the default decks, checked by new_game once
_DEFAULT_FIRST: dict[tuple[int, str | None], State] = {}


def _default_firsts() -> None:
    for players in range(2, 6):
        for ruleset in (None, *RULESETS):
            try:
                _DEFAULT_FIRST[(players, ruleset)] = new_game(players, 0, ruleset)
            except ValueError:  # (the base game has no table of 3 to 5)
                pass


@memo
def _first_position(ruleset: str, decks: tuple[str, ...]) -> State:
    """The position a game with these decks starts in (seed 0; a State is immutable, so shared)."""
    players = len(decks)
    s = State(
        ruleset=ruleset,
        seed=0,
        decks=decks,
        hands=tuple(sort_cards(DECKS[d]) for d in decks),
        graveyards=((),) * players,
        field=(None,) * players,
        hidden=_ALL_FALSE[players],
        held=(False,) * players,
        phase="challenge",
        active=0,
        swapped=(False,) * players,
    )
    if players == 2:
        s = done(_begin_duel(draft(s), 1, []))
    return s


_default_firsts()
_PLAY = {c: Play(c) for c in ORDER}  # actions are frozen: one of each serves every list
_CHALLENGE = [Challenge(q) for q in range(5)]
_STOP, _PLAY_ON = Stop(), PlayOn()


_PLAYS: dict[tuple[str, ...], tuple[Action, ...]] = {}  # a hand -> a play of each kind of its cards


def legal_actions(s: State) -> list[Action]:
    phase = s.phase
    if phase == "commit":
        hand = s.hands[s.turn]  # type: ignore[index]  # (commit: someone has still to play)
        plays = _PLAYS.get(hand)
        if plays is None:  # hands are kept sorted: each kind once, in order
            if len(_PLAYS) >= MEMO_LIMIT:
                _PLAYS.clear()
            plays = _PLAYS[hand] = tuple(_PLAY[c] for c in dict.fromkeys(hand))
        barred = s.barred
        if barred is not None and barred[0] == s.turn:
            return [a for a in plays if a != _PLAY[barred[1]]]  # (not the card barred after playing on)
        return list(plays)
    if phase == "over":
        return []
    me: Any = s.turn  # (s.mover without the property's calls: the game is running)
    out: list[Action] = []
    if phase == "challenge":
        out += [_CHALLENGE[q] for q in range(s.players) if q != me]
    elif s.phase == "familiar":
        out.append(Keep())
        out += [Swap(c) for c in dict.fromkeys(s.hands[me]) if c != "kamikaze" and s.barred != (me, c)]
    elif s.phase == "cleric":
        other = s.rival if me == s.active else s.active
        out += [TakeBack(c) for c in sort_cards(set(s.graveyards[other])) if c != "kamikaze"]
        out.append(Decline())
    elif s.phase == "repeat":
        out += [_STOP, _PLAY_ON]
    return out


def apply(s: State, action: Any) -> State:
    return _step(s, action, narrate=False)[0]


def apply_silent(s: State, action: Any) -> State:
    """``apply``, on the playout's hot path (``game.apply``): a card committed while the other duelist has
    still to commit (half of all actions) is done here in one call; anything else goes through ``_step``."""
    if type(action) is Play and type(s) is State and s.phase == "commit":
        card = action.card
        me: Any = s.turn
        hand = s.hands[me]
        if type(card) is str and card in hand and s.barred is None:  # (the same checks as _step_draft's)
            i = hand.index(card)
            d: Any = _copy(s)  # a draft (see above), its changed fields set directly
            rest, hands, field = hand[:i] + hand[i + 1:], s.hands, s.field
            if len(hands) == 2:  # (two players: each new pair made at once, not a list made a tuple)
                d.hands = (rest, hands[1]) if me == 0 else (hands[0], rest)
                d.field = field = (card, field[1]) if me == 0 else (field[0], card)
            else:
                new_hands, new_field = list(hands), list(field)
                new_hands[me], new_field[me] = rest, card
                d.hands, d.field = tuple(new_hands), tuple(new_field)
                field = d.field
            q: int = s.opponent  # type: ignore[assignment]  # (a duel is under way)
            if field[q] is None:  # the active player committed, the challenged one is next (_after_commit waits)
                hidden = s.hidden
                # (the first card down, usually: a table, not a new tuple)
                d.hidden = _ONE_HIDDEN[len(hands)][me] if hidden is _ALL_FALSE[len(hands)] else _set(hidden, me, True)
                d.turn = q
            else:  # both cards are down: _after_commit turns them face up (hidden) and fights the duel
                if field[s.active] == "familiar" or field[q] == "familiar":
                    d = _after_commit(d, _SILENT)
                else:  # (_after_commit's work without its call: no Familiar to decide on)
                    d.hidden = _ALL_FALSE[len(hands)]
                    d = _resolve(d, _SILENT)
                d.turn = to_move(d)
            d.__class__ = State  # (done)
            return d
    elif type(action) is Challenge and type(s) is State and s.phase == "challenge":
        them = action.opponent
        if type(them) is int and 0 <= them < len(s.hands) and them != s.active:  # (_step_draft's checks)
            d = _begin_duel(_copy(s), them, _SILENT)
            d.turn = to_move(d)
            d.__class__ = State  # (done)
            return d
    after: Any = _step_draft(s, action, False)[0]
    if type(after) is _Draft:  # (done)
        _set_field(after, "turn", to_move(after))
        _set_field(after, "__class__", State)
    return after


def explain(s: State, action: Any) -> list[Event]:
    return _step(s, action)[1]


def apply_explained(s: State, action: Any) -> tuple[State, list[Event]]:
    return _step(s, action)


def conserved(s: State) -> dict[str, int]:
    """Every card, wherever it is (hands, graveyards, field), counted by kind."""
    counts: dict[str, int] = {}
    for cards in (*s.hands, *s.graveyards, tuple(c for c in s.field if c is not None)):
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
    return dict(sorted(counts.items()))


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
            free = _remove(free, c)
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


def parse_action(s: State, text: str) -> Action:
    return parse(text)


def is_over(s: State) -> bool:
    return s.phase == "over"


def scores(s: State) -> list[int]:
    """Cards in each player's graveyard (cards in hand are worth nothing)."""
    return [len(g) for g in s.graveyards]


def winners(s: State) -> list[int]:
    """Most cards in the graveyard; then most in hand; then who won the last duel
    that had a winner (both duelists after a mutual kill); else a shared win."""
    if s.phase != "over":
        return []
    g = scores(s)
    tied = [p for p in range(s.players) if g[p] == max(g)]
    if len(tied) > 1:
        h = max(len(s.hands[p]) for p in tied)
        tied = [p for p in tied if len(s.hands[p]) == h]
    if len(tied) > 1 and any(p in s.last_winners for p in tied):
        tied = [p for p in tied if p in s.last_winners]
    return tied


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
        "last_duel": _last_duel_json(s),
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
