"""A duel from the challenge to its outcome, the next turn and the end of the game: the steps that fill in
the next position (a draft, see ``state.Draft``), with their narration."""

from __future__ import annotations

from _random import Random as _CRandom
from bisect import bisect_left
from hashlib import sha512
from typing import Any

from tutor.core import Catalog, Event, IllegalAction
from tutor.rand import randbelow

from .cards import (
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
    RULE_REPEAT,
    RULE_RETREAT,
    RULE_RETREAT_SAME,
    RULE_REVEAL,
    RULE_SAPPER,
    RULE_SAPPER_BLOCKS,
    RULE_TIE_HAND,
    RULE_TIE_LAST,
    RULE_TRUE_TIE,
    RULE_WINNER,
    TABLE,
)
from .stalemate import dead, stalled
from .state import (
    ADDED,
    REPETITION_LIMIT,
    State,
    add_card,
    remove_card,
    repetition_key,
    repetition_key_of,
    set_field,
)
from .words import load_catalog


class _Silent(list):
    """Where ``apply`` narrates to: nothing is worded (bots and searches need no words)."""

    def append(self, item: Any) -> None:
        pass


SILENT: list = _Silent()


def say(events: list, rule: str, template: str, kind: str = "info", **data: Any) -> None:
    """Narrate: ``template`` is the English message id (see ``data/messages.json``)."""
    if events is SILENT:
        return
    text = _words().render(template, data)
    events.append(Event(rule, text, kind, tuple(sorted(data.items())), template))


def illegal(rule: str, template: str, **params: Any) -> IllegalAction:
    return IllegalAction(rule, _words().render(template, params), template, params)


_CATALOG: list[Catalog] = []


def _words() -> Catalog:
    if not _CATALOG:
        _CATALOG.append(load_catalog())
    return _CATALOG[0]


def _draw(s: State, draws: int, cards: tuple[str, ...]) -> str:
    """Chance from the state's seed and a counter (``draws``, the chance draws made
    before this one): replays exactly.

    The card ``random.Random(f"{seed}:{draws}").randrange(len(cards))`` picks, with fewer
    Python calls: a text seed is what ``Random.seed`` (version 2) turns it into, the
    text's bytes and their SHA-512 read as one big-endian number, given to the C
    generator directly; ``tutor.rand.randbelow`` draws as ``randrange`` does.

    >>> cards = ("archer", "bard", "cleric", "kamikaze", "paladin")
    >>> import random
    >>> from types import SimpleNamespace
    >>> s = SimpleNamespace(seed=41)  # (a State's seed is all it reads)
    >>> all(_draw(s, d, cards[:n]) == cards[random.Random(f"41:{d}").randrange(n)]
    ...     for d in range(40) for n in range(1, 6))
    True
    """
    text = f"{s.seed}:{draws}".encode()
    return cards[randbelow(_CRandom(int.from_bytes(text + sha512(text).digest(), "big")), len(cards))]


# --------------------------------------------------------------- the steps ----
#
# The steps below build the next position in ONE new State per action: each takes a
# draft, a State just copied for this action that nobody else holds yet, and fills it
# in place with ``put``.  ``engine._step`` makes the copy; the caller's State never changes.


ALL_FALSE = {n: (False,) * n for n in range(2, 6)}  # no swap, nothing face down: per table size
_NO_CARDS = {n: (None,) * n for n in range(2, 6)}  # an empty field
ONE_HIDDEN = {n: tuple(tuple(i == p for i in range(n)) for p in range(n)) for n in range(2, 6)}  # [n][p]


def put(s: State, **changes: Any) -> State:
    """Change a draft in place (see above) and return it."""
    for name, value in changes.items():
        set_field(s, name, value)
    return s


def begin_duel(s: State, opponent: int, ev: list) -> State:
    d: Any = s  # a draft (see above): its fields set directly (no put call, no keyword dict)
    d.phase, d.opponent, d.swapped = "commit", opponent, ALL_FALSE[len(s.hands)]
    if s.barred is not None and set(s.last("players", ())) != {s.active, opponent}:
        d.barred = None  # a card is barred only in the next duel between the same two players
    held = s.held
    if held[s.active] or held[opponent]:
        for p in (s.active, opponent):
            if held[p]:
                say(ev, RULE_SAPPER_BLOCKS,
                    "{Player}'s Sapper is still on the field: it fights this duel, and {player} "
                    "cannot play a new card.", player=p)
        return after_commit(s, ev)
    return s


def after_commit(s: State, ev: list) -> State:
    p: int = s.active
    q: int = s.opponent  # type: ignore[assignment]  # (s.rival without the property's call: a duel is under way)
    a, b = s.field[p], s.field[q]
    if a is None or b is None:
        return s
    d: Any = s  # a draft (see above): both cards face up
    d.hidden = ALL_FALSE[len(s.hands)]
    if ev is not SILENT:
        say(ev, RULE_REVEAL, "Cards revealed: {player} plays the {card}, {opponent} the {other_card}.",
            "reveal", players=(p, q), cards=(a, b), player=p, opponent=q, card=a, other_card=b)
    if a == "familiar" or b == "familiar":
        pending = tuple(
            x for x in (p, q)
            if s.field[x] == "familiar" and not s.held[x]
            and any(c != "kamikaze" for c in s.hands[x])
        )
        if pending:
            s = put(s, phase="familiar", pending=pending)
            say(ev, RULE_FAMILIAR, "{Players} may swap the Familiar for another card in hand (not the Kamikaze).",
                "decision", players=pending)
            return s
    return resolve(s, ev)


# where a Sapper already held on the field goes when this duel would send it
# somewhere: beaten again it leaves the field, otherwise it stays there
_HELD_AGAIN = {"field": "opponent", "hand": "field"}
_OUTCOME = {"a": "win", "b": "win", "both": "both", "retreat": "retreat"}
# the items a duel's record (see resolve) shares with every other duel of the same cards, players, outcome
_CARDS_ITEM = {a: {b: ("cards", (a, b)) for b in ORDER} for a in ORDER}
_OUTCOME_ITEM = {who: ("outcome", outcome) for who, outcome in _OUTCOME.items()}
_PLAYERS_ITEM = [[("players", (p, q)) for q in range(5)] for p in range(5)]
_NO_TAKEN: tuple[str, tuple] = ("taken", ())
_WINNER_ITEM = {w: ("winner", w) for w in (None, *range(5))}


def resolve(s: State, ev: list) -> State:
    """Both cards are face up and every Familiar decided: the duel's outcome, in one pass."""
    tell = ev is not SILENT
    p: int = s.active
    q: int = s.opponent  # type: ignore[assignment]  # (s.rival and s.card without their calls: a duel is under way)
    field: Any = s.field  # (both duelists' cards are on it)
    a: str = field[p]
    b: str = field[q]
    who, (fate_a, fate_b), rule = TABLE[(a, b)]
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
            say(ev, rule, "The {card} and the {other_card} cannot defeat each other: both retreat.",
                "retreat", players=(p, q), cards=(a, b), card=a, other_card=b)
        elif who == "both":
            if LIKE[a] == "kamikaze":
                say(ev, RULE_DOUBLE, "Double Kamikaze: each goes to the other player's graveyard.",
                    "double-kamikaze", players=(p, q))
            else:
                say(ev, rule, "The {card} and the {other_card} defeat each other: both fall.",
                    "both-fall", players=(p, q), cards=(a, b), card=a, other_card=b)
        else:
            (w, cw), (lo, cl) = ((p, a), (q, b)) if who == "a" else ((q, b), (p, a))
            say(ev, rule, "The {card} of {winner} defeats the {other_card} of {loser}.",
                "win", winner=w, loser=lo, cards=(cw, cl), card=cw, other_card=cl)

    for x, y, card, dest, was in ((p, q, a, fate_a, was_held[0]), (q, p, b, fate_b, was_held[1])):
        if dest == "field":
            field[x], held[x] = card, True
            if not tell:
                continue
            if who != "retreat":
                say(ev, RULE_SAPPER,
                    "The Sapper is beaten but stays on the field: until it is beaten again "
                    "{player} cannot play a new card.", "sapper", player=x)
            else:
                say(ev, RULE_SAPPER_BLOCKS, "{Player}'s Sapper holds its ground and stays on the field.",
                    "sapper", player=x)
        elif dest == "hand":
            hands[x] = ADDED.get((hands[x], card)) or add_card(hands[x], card)  # (add_card's memo read inline)
            if tell:
                text = ("The {card} goes back to {player}'s hand."
                        if who != "retreat" else "The {card} retreats to {player}'s hand.")
                say(ev, RULE_RETREAT if who == "retreat" else RULE_WINNER, text, "move",
                    player=x, card=card, to="hand")
        elif dest == "own":
            graves[x] += (card,)
            if tell:
                if card == "kamikaze":
                    r, text = RULE_KAMIKAZE, "The Kamikaze goes to its own player's graveyard ({player})."
                else:
                    r, text = RULE_PALADIN, "The beaten Paladin goes to its own player's graveyard ({player})."
                say(ev, r, text, "move", player=x, card=card, to=f"graveyard {x}")
        elif dest == "opponent":
            graves[y] += (card,)
            if tell and was:
                say(ev, RULE_SAPPER, "Beaten a second time, the Sapper leaves the field for {opponent}'s "
                    "graveyard; {player} may play cards again.", "move", player=x, opponent=y, card=card,
                    to=f"graveyard {y}")
            elif tell:
                r = RULE_DOUBLE if card == "kamikaze" else RULE_LOSER
                say(ev, r, "{Player}'s {card} goes to {opponent}'s graveyard.", "move",
                    player=x, opponent=y, card=card, to=f"graveyard {y}")
        elif dest == "opponent-hand":
            hands[y] = ADDED.get((hands[y], card)) or add_card(hands[y], card)  # (add_card's memo read inline)
            if tell:
                say(ev, RULE_BARD, "The {card} beat a Bard: it goes into {opponent}'s hand, not back to {player}'s.",
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
                    say(ev, r, "{Player} has no card left to discard.", "discard", player=d)
                continue
            card = _draw(s, draws, hands[d])
            draws += 1
            hands[d] = remove_card(hands[d], card)
            graves[k] += (card,)
            if tell:  # (no call to say for nothing: a search's apply narrates nothing)
                say(ev, r, "{Player} discards a card at random: the {card} goes to {opponent}'s graveyard.",
                    "discard", player=d, opponent=k, card=card, to=f"graveyard {k}")

    # the Librarian's look
    seen = s.seen
    if who != "retreat" and (a == "librarian" or b == "librarian"):
        for x, y, card in ((p, q, a), (q, p, b)):
            if card == "librarian" and (who == "both" or (who == "a") == (x == p)):
                seen = tuple(v for v in seen if (v[0], v[1]) != (x, y)) + ((x, y, hands[y], s.duels + 1),)
                if tell:
                    say(ev, RULE_LIBRARIAN, "The Librarian wins: {viewer} looks at {player}'s hand.",
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
        new.field, new.held = _NO_CARDS[len(hands)], ALL_FALSE[len(hands)]
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
            s = put(s, phase="cleric", pending=pending)
            say(ev, RULE_CLERIC, "{Players} may take a card (not the Kamikaze) back from the opponent's graveyard.",
                "decision", players=pending)
            return s
    return finish(s, ev)


_NEXT = {  # who plays next after each outcome, and the rule saying so
    "win": (RULE_LOSER_NEXT, "{Player} lost the duel and plays next."),
    "retreat": (RULE_RETREAT_SAME, "After a retreat {player} plays again."),
    "both": (RULE_BOTH_FALL, "Both cards fell: the challenged player, {player}, plays next."),
}


def finish(s: State, ev: list) -> State:
    p: int = s.active
    q: int = s.opponent  # type: ignore[assignment]  # (s.rival without the property's call)
    # the duel's record (see resolve): cards, duel, outcome, players, taken, winner
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
    key = repetition_key(s) if len(s.hands) == 2 else repetition_key_of(s)
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
    # (stalled answers ("", None) at once for a duel that changed something seen fewer than 3 times)
    stuck, refuser = stalled(s, entry, times_here) if times_here >= REPETITION_LIMIT or not changed else ("", None)
    players = len(s.hands)
    new.active, new.opponent, new.pending, new.phase, new.swapped = nxt, None, (), "challenge", ALL_FALSE[players]
    if players > 2 and ev is not SILENT:
        rule, why = _NEXT[outcome]
        say(ev, rule, why, "turn", player=nxt)

    # the start of the next turn: end_if_over, its usual answer (cards in every hand, a duel that could
    # still change something) read here without its call
    if not all(s.hands) or dead(s):
        return end_if_over(s, ev)
    if stuck:
        if refuser is not None:
            card = cards[0] if refuser == p else cards[1]
            if not s.held[refuser] and any(c != card for c in s.hands[refuser]):
                # "non vuole": whether they will not play another card is the player's to say
                new.phase, new.pending = "repeat", (refuser,)
                say(ev, RULE_REPEAT,
                    "{Player} has played the {card} twice from this position, and nothing {opponent} can do "
                    "changes anything against it: {player} may end the game in a stalemate (the cards stay in "
                    "hand) or play on with another card.", "decision", player=refuser,
                    opponent=next(x for x in duelists if x != refuser), card=card)
                return s
        s = put(s, phase="over", end="repetition")
        if refuser is None:
            say(ev, RULE_REPEAT,
                "Stalemate: the same duel, with the same cards, has ended in the same position for the third "
                "time; neither player will change anything. The game is over; the cards stay in hand.", "end")
        else:
            say(ev, RULE_REPEAT,
                "Stalemate: {player} will not play anything but the {card} here, and nothing {opponent} can do "
                "changes anything against it. The game is over; the cards stay in hand.",
                "end", player=refuser, opponent=next(x for x in duelists if x != refuser),
                card=cards[0] if refuser == p else cards[1])
        return announce(s, ev)
    # (next_turn's work inline: the playout's hot path)
    if players == 2:
        if s.held[0] or s.held[1]:
            return begin_duel(s, 1 - nxt, ev)
        new.phase, new.opponent = "commit", 1 - nxt  # (begin_duel's work when no Sapper holds the field)
        return s
    if ev is not SILENT:
        say(ev, RULE_CHALLENGE, "{Player} chooses an opponent.", "turn", player=nxt)
    return s


def next_turn(s: State, ev: list) -> State:
    """The next duel after one that did not end the game: with two players it starts at once (the
    players commit), with more the active player chooses an opponent."""
    if len(s.hands) == 2:
        if s.held[0] or s.held[1]:
            return begin_duel(s, 1 - s.active, ev)
        return put(s, phase="commit", opponent=1 - s.active)
    say(ev, RULE_CHALLENGE, "{Player} chooses an opponent.", "turn", player=s.active)
    return put(s, phase="challenge", opponent=None)


def end_if_over(s: State, ev: list) -> State:
    """At the start of a turn (phase "challenge"): end the game at once if a hand
    is empty or no duel could change anything.  Used after every duel and when
    a scenario is set up, so a position where no card can beat another is over
    without a pointless duel."""
    if not all(s.hands):
        empty = [x for x in range(s.players) if not s.hands[x]]
        s = put(s, phase="over", end="empty-hand")
        say(ev, RULE_EMPTY,
            "{Players} has no card left in hand: the game is over." if len(empty) == 1
            else "{Players} have no card left in hand: the game is over.", "end", players=tuple(empty))
        return announce(s, ev)
    if dead(s):
        s = put(s, phase="over", end="stalemate")
        say(ev, RULE_DEAD,
            "Stalemate: no card that can still be played can defeat another or change anything. "
            "The game is over; the remaining cards stay in their players' hands.", "end")
        return announce(s, ev)
    return s


def announce(s: State, ev: list) -> State:
    if ev is SILENT:  # (it only narrates)
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
        say(ev, rule, "{Winner} wins with {n} cards in the graveyard.", "result",
            winners=tuple(w), scores=tuple(g), winner=w[0], n=g[w[0]])
    else:
        say(ev, rule, "A true tie between {winners}.", "result", winners=tuple(w), scores=tuple(g))
    return s



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

