"""Kamikaze Attack (Francis Green): the base game, its expansion, an exact coach.

Every player holds a six-card deck.  In each duel two players secretly set a
card aside, reveal them together, and the duel table (:func:`duel`) says where
each card goes: back to its hand, into a graveyard, or (a beaten Sapper) onto
the field.  The player with the most cards in their graveyard wins.

Simultaneous choices are modelled one player at a time, as OpenSpiel does:
the duelists commit in turn (``state.current_player`` is whoever must commit
next), a committed card lies face down in the field and ``view`` hides it from
everyone else; when both duelists have committed, ``apply`` reveals both and
resolves the duel (``explain`` narrates it).

>>> from tutor.games import kamikaze as k
>>> k.duel("swordsman", "archer")
('hand', 'opponent')
>>> k.duel("kamikaze", "kamikaze")
('opponent', 'opponent')
>>> g = k.GAME
>>> s = g.new_game(2, seed=1)
>>> s.current_player
0
>>> s = g.apply(s, g.parse_action(s, "play the Archer"))
>>> g.view(s, 1)["field"], g.view(s, 0)["field"]
(['hidden', None], ['archer', None])
>>> s = g.apply(s, g.parse_action(s, "play the Shieldbearer"))
>>> g.scores(s), s.last("outcome")
([1, 0], 'win')
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any

from tutor.core import (
    ActionParseError,
    Event,
    IllegalAction,
    RuleBook,
    ScenarioError,
    dump_json,
    load_json_data,
    parse_json_object,
)

GAME_NAME = "kamikaze-attack"
RULEBOOK_FILE = "003_f2ee86936de0a20b.txt"

# ---------------------------------------------------------------- cards ----

CARDS = (
    "swordsman",
    "shieldbearer",
    "archer",
    "kamikaze",
    "librarian",
    "cleric",
    "familiar",
    "sapper",
    "paladin",
    "bard",
)
ORDER = {c: i for i, c in enumerate(CARDS)}
BASE_CARDS = CARDS[:4]
NAMES = {c: c.capitalize() for c in CARDS}
ITALIAN = {
    "swordsman": "Spadaccino",
    "shieldbearer": "Scudiero",
    "archer": "Arciere",
    "kamikaze": "Kamikaze",
    "librarian": "Bibliotecario",
    "cleric": "Chierico",
    "familiar": "Famiglio",
    "sapper": "Geniere",
    "paladin": "Paladino",
    "bard": "Bardo",
}
# one letter per card, for position keys and short notation
LETTERS = {
    "swordsman": "S",
    "shieldbearer": "H",
    "archer": "A",
    "kamikaze": "K",
    "librarian": "L",
    "cleric": "C",
    "familiar": "F",
    "sapper": "G",
    "paladin": "P",
    "bard": "B",
}
# every expansion card is "like" a Swordsman or a Shieldbearer in the duel
LIKE = {
    "swordsman": "swordsman",
    "librarian": "swordsman",
    "familiar": "swordsman",
    "paladin": "swordsman",
    "shieldbearer": "shieldbearer",
    "cleric": "shieldbearer",
    "sapper": "shieldbearer",
    "bard": "shieldbearer",
    "archer": "archer",
    "kamikaze": "kamikaze",
}

DECKS = {
    "base": ("swordsman", "swordsman", "shieldbearer", "shieldbearer", "archer", "kamikaze"),
    "ora-et-pugna": ("librarian", "librarian", "cleric", "cleric", "archer", "kamikaze"),
    "tecnobarbari": ("familiar", "familiar", "sapper", "sapper", "archer", "kamikaze"),
    "note-della-giustizia": ("paladin", "paladin", "bard", "bard", "archer", "kamikaze"),
}
DECK_TITLES = {
    "base": "Base deck",
    "ora-et-pugna": "Ora et pugna",
    "tecnobarbari": "Tecnobarbari",
    "note-della-giustizia": "Le note della Giustizia",
}
EXPANSION_DECKS = ("ora-et-pugna", "tecnobarbari", "note-della-giustizia")

PHASES = ("challenge", "commit", "familiar", "cleric", "over")
ENDS = ("", "empty-hand", "stalemate", "repetition")
REPETITION_LIMIT = 3  # the same position for the third time ends the game

R = GAME_NAME + "/"
RULE_PLAY = R + "turn/play"
RULE_SIMULTANEOUS = R + "turn/simultaneous"
RULE_REVEAL = R + "turn/reveal"
RULE_LOSER = R + "duel/loser-to-winner-graveyard"
RULE_WINNER = R + "duel/winner-returns"
RULE_RETREAT = R + "duel/retreat"
RULE_KAMIKAZE = R + "duel/kamikaze-beats-all"
RULE_DISCARD = R + "duel/kamikaze-discard"
RULE_DOUBLE = R + "duel/double-kamikaze"
RULE_EMPTY = R + "end/empty-hand"
RULE_DEAD = R + "end/stalemate"
RULE_REPEAT = R + "end/stalemate-refusal"
RULE_STAYS = R + "end/cards-stay-in-hand"
RULE_MOST = R + "victory/graveyard"
RULE_TIE_HAND = R + "victory/tie-hand"
RULE_TIE_LAST = R + "victory/tie-last-turn"
RULE_TRUE_TIE = R + "victory/true-tie"
RULE_CHALLENGE = R + "multi/choose-opponent"
RULE_LOSER_NEXT = R + "multi/loser-plays-next"
RULE_RETREAT_SAME = R + "multi/retreat-same-player"
RULE_BOTH_FALL = R + "multi/both-fall"
RULE_LIBRARIAN = R + "power/librarian"
RULE_CLERIC = R + "power/cleric"
RULE_FAMILIAR = R + "power/familiar"
RULE_SAPPER = R + "power/sapper"
RULE_SAPPER_BLOCKS = R + "power/sapper-blocks"
RULE_PALADIN = R + "power/paladin"
RULE_BARD = R + "power/bard"
RULE_DECKS = R + "setup/decks"
RULE_EXP_DECKS = R + "expansion/decks"

# which rule decides each cell of the base table, by the cards' kinds
_CELL_RULE = {
    ("swordsman", "archer"): R + "duel/swordsman-beats-archer",
    ("swordsman", "swordsman"): R + "duel/swordsman-vs-swordsman",
    ("swordsman", "shieldbearer"): R + "duel/swordsman-retreats-from-shieldbearer",
    ("shieldbearer", "shieldbearer"): R + "duel/shieldbearer-never-wins",
    ("archer", "shieldbearer"): R + "duel/archer-beats-shieldbearer",
    ("archer", "archer"): R + "duel/archer-vs-archer",
}


def sort_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def card_rule(a: str, b: str) -> str:
    """The id of the rule that decides a duel between ``a`` and ``b``."""
    x, y = LIKE[a], LIKE[b]
    if x == "kamikaze" and y == "kamikaze":
        return RULE_DOUBLE
    if "kamikaze" in (x, y):
        return RULE_KAMIKAZE
    return _CELL_RULE.get((x, y)) or _CELL_RULE[(y, x)]


def clash(a: str, b: str) -> str:
    """Who wins a duel of ``a`` against ``b``: "a", "b", "both" (both fall) or "retreat".

    >>> clash("archer", "shieldbearer"), clash("sapper", "paladin"), clash("kamikaze", "kamikaze")
    ('a', 'retreat', 'both')
    """
    for card in (a, b):
        if card not in LIKE:
            raise ValueError(f"unknown card {card!r}; cards: {', '.join(CARDS)}")
    x, y = LIKE[a], LIKE[b]
    if x == y:
        return "retreat" if x == "shieldbearer" else "both"
    if x == "kamikaze":
        return "a"
    if y == "kamikaze":
        return "b"
    beats = {("swordsman", "archer"), ("archer", "shieldbearer")}
    if (x, y) in beats:
        return "a"
    if (y, x) in beats:
        return "b"
    return "retreat"  # swordsman-like against shieldbearer-like


def _fate(mine: str, theirs: str, won: bool, lost: bool) -> str:
    if mine == "kamikaze":
        return "opponent" if theirs == "kamikaze" else "own"
    if lost:
        if mine == "paladin":
            return "own"
        if mine == "sapper":
            return "field"
        return "opponent"
    if won and theirs == "bard":
        return "opponent-hand"
    return "hand"


def duel(a: str, b: str) -> tuple[str, str]:
    """Where two cards played against each other go, as (where a goes, where b goes).

    Each is "hand" (back to its player's hand), "own" (its player's graveyard),
    "opponent" (the other player's graveyard), "field" (stays in play: a beaten
    Sapper) or "opponent-hand" (a card that beat a Bard goes to the Bard's
    player).  The Kamikaze's random discard is an event of ``apply``, not part
    of this pair.

    >>> duel("archer", "shieldbearer")
    ('hand', 'opponent')
    >>> duel("kamikaze", "swordsman")
    ('own', 'opponent')
    >>> duel("paladin", "swordsman"), duel("archer", "bard"), duel("kamikaze", "sapper")
    (('own', 'opponent'), ('opponent-hand', 'opponent'), ('own', 'field'))
    """
    who = clash(a, b)
    a_won, b_won = who == "a", who == "b"
    a_lost = who in ("b", "both")
    b_lost = who in ("a", "both")
    return _fate(a, b, a_won, a_lost), _fate(b, a, b_won, b_lost)


# -------------------------------------------------------------- actions ----


@dataclass(frozen=True)
class Challenge:
    """With three or more players: the player whose turn it is picks an opponent."""

    opponent: int

    def __str__(self) -> str:
        return f"challenge player {self.opponent + 1}"


@dataclass(frozen=True)
class Play:
    """Set a card aside face down for this duel."""

    card: str

    def __str__(self) -> str:
        return f"play the {NAMES.get(self.card, self.card)}"


@dataclass(frozen=True)
class Swap:
    """Replace the Familiar just revealed by another card from the hand."""

    card: str

    def __str__(self) -> str:
        return f"swap the Familiar for the {NAMES.get(self.card, self.card)}"


@dataclass(frozen=True)
class Keep:
    """Leave the Familiar in the duel."""

    def __str__(self) -> str:
        return "keep the Familiar"


@dataclass(frozen=True)
class TakeBack:
    """After a Cleric's retreat: take a card back from the opponent's graveyard."""

    card: str

    def __str__(self) -> str:
        return f"take back the {NAMES.get(self.card, self.card)}"


@dataclass(frozen=True)
class Decline:
    """After a Cleric's retreat: take nothing back."""

    def __str__(self) -> str:
        return "take nothing back"


Action = Challenge | Play | Swap | Keep | TakeBack | Decline

_WORDS = {c: c for c in CARDS}
_WORDS.update({ITALIAN[c].lower(): c for c in CARDS})
_WORDS.update({"shield-bearer": "shieldbearer", "shield": "shieldbearer", "sword": "swordsman"})
_ART = r"(?:(?:the|a|an|il|lo|la|l')\s*)?"
_PATTERNS = [
    (re.compile(r"^challenge (?:player |p)?(\d+)$"), "challenge"),
    (re.compile(r"^swap (?:the )?familiar (?:for|with) " + _ART + r"([a-z'-]+)$"), "swap"),
    (re.compile(r"^keep (?:the )?familiar$"), "keep"),
    (re.compile(r"^take back " + _ART + r"([a-z'-]+)$"), "take"),
    (re.compile(r"^take nothing(?: back)?$"), "decline"),
    (re.compile(r"^(?:play|gioca) " + _ART + r"([a-z'-]+)$"), "play"),
]


def _card_word(word: str, text: str) -> str:
    card = _WORDS.get(word.strip("'"))
    if card is None:
        raise ActionParseError(RULE_PLAY, f"{text!r}: there is no card called {word!r}")
    return card


def parse(text: str) -> Action:
    """Read an action back from its words (English; Italian card names accepted).

    >>> parse("play the Archer"), parse("Challenge player 3"), parse("gioca lo Scudiero")
    (Play(card='archer'), Challenge(opponent=2), Play(card='shieldbearer'))
    >>> str(parse("swap the familiar for the sapper"))
    'swap the Familiar for the Sapper'
    """
    if not isinstance(text, str):
        raise ActionParseError(RULE_PLAY, f"expected action words, got {type(text).__name__}")
    norm = " ".join(text.strip().rstrip(".!").lower().split())
    for pattern, kind in _PATTERNS:
        m = pattern.match(norm)
        if not m:
            continue
        if kind == "challenge":
            n = int(m.group(1))
            if n < 1:
                raise ActionParseError(RULE_CHALLENGE, f"{text!r}: players are numbered from 1")
            return Challenge(n - 1)
        if kind == "keep":
            return Keep()
        if kind == "decline":
            return Decline()
        card = _card_word(m.group(1), text)
        return {"swap": Swap, "take": TakeBack, "play": Play}[kind](card)
    raise ActionParseError(
        RULE_PLAY,
        f"{text!r} is not a move of Kamikaze Attack; say e.g. 'play the Archer', "
        "'challenge player 2', 'swap the Familiar for the Archer', 'keep the Familiar', "
        "'take back the Archer' or 'take nothing back'",
    )


# ---------------------------------------------------------------- state ----


@dataclass(frozen=True)
class State:
    """A position of Kamikaze Attack.  Immutable; players are numbered from 0.

    ``field[p]`` is the card player p has in play: a card committed for the
    current duel (face down while ``hidden[p]``) or a beaten Sapper that stays
    (``held[p]``).  ``active`` is the player whose turn it is (who picks the
    opponent with three or more players); ``opponent`` the other duelist.
    ``pending`` lists the players who still have a decision after the reveal
    (Familiar swap) or after a retreat (Cleric).  ``positions`` counts how many
    times each position has come up (the stalemate by repetition);
    ``seen`` holds what Librarians showed: (viewer, player, hand, duel).
    """

    ruleset: str
    seed: int
    decks: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    graveyards: tuple[tuple[str, ...], ...]
    field: tuple[str | None, ...]
    hidden: tuple[bool, ...]
    held: tuple[bool, ...]
    phase: str
    active: int
    opponent: int | None = None
    pending: tuple[int, ...] = ()
    swapped: tuple[bool, ...] = ()
    last_winner: int | None = None
    duels: int = 0
    draws: int = 0
    positions: tuple[tuple[str, int], ...] = ()
    seen: tuple[tuple[int, int, tuple[str, ...], int], ...] = ()
    last_duel: tuple[tuple[str, Any], ...] = ()
    end: str = ""

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        """Who must act now (None once the game is over)."""
        if self.phase == "over":
            return None
        if self.phase == "challenge":
            return self.active
        if self.phase == "commit":
            for p in (self.active, self.opponent):
                if self.field[p] is None:
                    return p
            return None  # never stays so: apply resolves at once
        return self.pending[0] if self.pending else None

    @property
    def duelists(self) -> tuple[int, int] | None:
        if self.opponent is None:
            return None
        return (self.active, self.opponent)

    def last(self, key: str, default: Any = None) -> Any:
        for k, v in self.last_duel:
            if k == key:
                return v
        return default


def _position_key(s: State) -> str:
    """Hands, graveyards, held Sappers and whose turn it is, in a few letters."""
    hands = []
    for p in range(s.players):
        cards = list(s.hands[p])
        if s.field[p] is not None and not s.held[p]:
            cards.append(s.field[p])  # a committed card is still the player's
        hands.append("".join(LETTERS[c] for c in sort_cards(cards)))
    graves = ["".join(LETTERS[c] for c in sort_cards(g)) for g in s.graveyards]
    field = ["".join(LETTERS[c] for c in ([s.field[p]] if s.held[p] else [])) for p in range(s.players)]
    return f"{s.active + 1}:" + "/".join(hands) + "|" + "/".join(graves) + "|" + "/".join(field)


def _count(s: State, key: str) -> int:
    for k, n in s.positions:
        if k == key:
            return n
    return 0


def _record(s: State, key: str) -> State:
    counts = dict(s.positions)
    counts[key] = counts.get(key, 0) + 1
    return replace(s, positions=tuple(sorted(counts.items())))


def _name(p: int) -> str:
    return f"Player {p + 1}"


def _ev(events: list, rule: str, text: str, kind: str = "info", **data: Any) -> None:
    events.append(Event(rule, text, kind, tuple(sorted(data.items()))))


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _add(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return sort_cards(cards + (card,))


def _options(s: State, p: int) -> tuple[str, ...]:
    """The cards player p could fight the next duel with."""
    if s.held[p]:
        return (s.field[p],)
    return sort_cards(set(s.hands[p]))


def _duel_can_change(s: State, p: int, q: int) -> bool:
    """Could any duel between p and q move a card (a defeat, a power)?"""
    for a in _options(s, p):
        for b in _options(s, q):
            if clash(a, b) != "retreat":
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
    p = s.active
    return not any(_duel_can_change(s, p, q) for q in range(s.players) if q != p)


class _Rng:
    """Chance from the state's seed and a counter: replays exactly."""

    @staticmethod
    def pick(s: State, cards: tuple[str, ...]) -> tuple[str, State]:
        rng = random.Random(f"{s.seed}:{s.draws}")
        card = cards[rng.randrange(len(cards))]
        return card, replace(s, draws=s.draws + 1)


# --------------------------------------------------------------- engine ----


def _begin_duel(s: State, opponent: int, ev: list) -> State:
    s = replace(s, phase="commit", opponent=opponent, swapped=(False,) * s.players)
    for p in (s.active, opponent):
        if s.held[p]:
            _ev(ev, RULE_SAPPER_BLOCKS,
                f"{_name(p)}'s Sapper is still on the field: it fights this duel, and "
                f"{_name(p)} cannot play a new card.", player=p)
    return _after_commit(s, ev)


def _after_commit(s: State, ev: list) -> State:
    p, q = s.active, s.opponent
    if s.field[p] is None or s.field[q] is None:
        return s
    a, b = s.field[p], s.field[q]
    s = replace(s, hidden=(False,) * s.players)
    _ev(ev, RULE_REVEAL,
        f"Both cards are revealed: {_name(p)} plays the {NAMES[a]}, {_name(q)} the {NAMES[b]}.",
        "reveal", players=(p, q), cards=(a, b))
    pending = tuple(
        x for x in (p, q)
        if s.field[x] == "familiar" and not s.held[x]
        and any(c != "kamikaze" for c in s.hands[x])
    )
    if pending:
        s = replace(s, phase="familiar", pending=pending)
        _ev(ev, RULE_FAMILIAR,
            " and ".join(_name(x) for x in pending)
            + " may swap the Familiar for another card in hand (not the Kamikaze).",
            "decision", players=pending)
        return s
    return _resolve(s, ev)


def _move(s: State, p: int, card: str, where: str, other: int) -> State:
    if where == "hand":
        return replace(s, hands=_set(s.hands, p, _add(s.hands[p], card)))
    if where == "own":
        return replace(s, graveyards=_set(s.graveyards, p, s.graveyards[p] + (card,)))
    if where == "opponent":
        return replace(s, graveyards=_set(s.graveyards, other, s.graveyards[other] + (card,)))
    if where == "opponent-hand":
        return replace(s, hands=_set(s.hands, other, _add(s.hands[other], card)))
    raise AssertionError(where)


def _resolve(s: State, ev: list) -> State:
    p, q = s.active, s.opponent
    a, b = s.field[p], s.field[q]
    who = clash(a, b)
    where = dict(zip((p, q), duel(a, b)))
    rule = card_rule(a, b)
    # a Sapper already held on the field and beaten again leaves it
    for x, y in ((p, q), (q, p)):
        if s.held[x]:
            if where[x] == "field":
                where[x] = "opponent"
            elif where[x] == "hand":
                where[x] = "field"
    field = list(s.field)
    held = list(s.held)
    was_held = {p: s.held[p], q: s.held[q]}
    cards = {p: a, q: b}
    for x in (p, q):
        field[x] = None
        held[x] = False
    s = replace(s, field=tuple(field), held=tuple(held))

    # narrate the outcome
    if who == "retreat":
        _ev(ev, rule, f"The {NAMES[a]} and the {NAMES[b]} cannot defeat each other: both retreat.",
            "retreat", players=(p, q), cards=(a, b))
    elif who == "both":
        if LIKE[a] == "kamikaze":
            _ev(ev, RULE_DOUBLE, "Double Kamikaze: each goes to the other player's graveyard.",
                "double-kamikaze", players=(p, q))
        else:
            _ev(ev, rule, f"The {NAMES[a]} and the {NAMES[b]} defeat each other: both fall.",
                "both-fall", players=(p, q), cards=(a, b))
    else:
        w, l = (p, q) if who == "a" else (q, p)
        _ev(ev, rule, f"The {NAMES[cards[w]]} of {_name(w)} defeats the {NAMES[cards[l]]} of {_name(l)}.",
            "win", winner=w, loser=l, cards=(cards[w], cards[l]))

    for x, y in ((p, q), (q, p)):
        card, dest = cards[x], where[x]
        if dest == "field":
            s = replace(s, field=_set(s.field, x, card), held=_set(s.held, x, True))
            if who != "retreat":
                _ev(ev, RULE_SAPPER,
                    f"The Sapper is beaten but stays on the field: until it is beaten again "
                    f"{_name(x)} cannot play a new card.", "sapper", player=x)
            else:
                _ev(ev, RULE_SAPPER_BLOCKS, f"{_name(x)}'s Sapper holds its ground and stays on the field.",
                    "sapper", player=x)
            continue
        if was_held[x] and dest == "opponent":
            s = _move(s, x, card, dest, y)
            _ev(ev, RULE_SAPPER, f"Beaten a second time, the Sapper leaves the field for {_name(y)}'s graveyard; "
                f"{_name(x)} may play cards again.", "move", player=x, card=card, to=f"graveyard {y}")
            continue
        s = _move(s, x, card, dest, y)
        if dest == "hand":
            text = (f"The {NAMES[card]} goes back to {_name(x)}'s hand."
                    if who != "retreat" else f"The {NAMES[card]} retreats to {_name(x)}'s hand.")
            _ev(ev, RULE_RETREAT if who == "retreat" else RULE_WINNER, text, "move",
                player=x, card=card, to="hand")
        elif dest == "own":
            if card == "kamikaze":
                r, text = RULE_KAMIKAZE, f"The Kamikaze goes to its own player's graveyard ({_name(x)})."
            else:
                r, text = RULE_PALADIN, f"The beaten Paladin goes to its own player's graveyard ({_name(x)})."
            _ev(ev, r, text, "move", player=x, card=card, to=f"graveyard {x}")
        elif dest == "opponent":
            r = RULE_DOUBLE if card == "kamikaze" else RULE_LOSER
            _ev(ev, r, f"The {NAMES[card]} goes to {_name(y)}'s graveyard.", "move",
                player=x, card=card, to=f"graveyard {y}")
        elif dest == "opponent-hand":
            _ev(ev, RULE_BARD,
                f"The {NAMES[card]} beat a Bard: it goes into {_name(y)}'s hand, not back to {_name(x)}'s.",
                "move", player=x, card=card, to=f"hand {y}")

    # the Kamikaze's random discards
    kam = [x for x in (p, q) if cards[x] == "kamikaze"]
    if len(kam) == 1:
        k = kam[0]
        d = q if k == p else p
        s = _random_discard(s, d, k, RULE_DISCARD, ev)
    elif len(kam) == 2:
        for d in (p, q):
            s = _random_discard(s, d, q if d == p else p, RULE_DOUBLE, ev)

    # the Librarian's look
    if who != "retreat":
        for x, y in ((p, q), (q, p)):
            if cards[x] == "librarian" and (who == "both" or (who == "a") == (x == p)):
                seen = tuple(v for v in s.seen if (v[0], v[1]) != (x, y))
                s = replace(s, seen=seen + ((x, y, s.hands[y], s.duels + 1),))
                _ev(ev, RULE_LIBRARIAN,
                    f"The Librarian wins: {_name(x)} looks at {_name(y)}'s hand.",
                    "peek", viewer=x, player=y)

    winner = None if who in ("retreat", "both") else (p if who == "a" else q)
    record = (("cards", (a, b)), ("duel", s.duels + 1), ("outcome", {"a": "win", "b": "win"}.get(who, who)),
              ("players", (p, q)), ("winner", winner))
    s = replace(s, duels=s.duels + 1, last_duel=record,
                last_winner=winner if winner is not None else s.last_winner)

    # the Cleric's retreat
    if who == "retreat":
        pending = tuple(
            x for x, y in ((p, q), (q, p))
            if cards[x] == "cleric" and any(c != "kamikaze" for c in s.graveyards[y])
        )
        if pending:
            s = replace(s, phase="cleric", pending=pending)
            _ev(ev, RULE_CLERIC,
                " and ".join(_name(x) for x in pending)
                + " may take a card (not the Kamikaze) back from the opponent's graveyard.",
                "decision", players=pending)
            return s
    return _finish(s, ev)


def _random_discard(s: State, d: int, k: int, rule: str, ev: list) -> State:
    if not s.hands[d]:
        _ev(ev, rule, f"{_name(d)} has no card left to discard.", "discard", player=d)
        return s
    card, s = _Rng.pick(s, s.hands[d])
    s = replace(s, hands=_set(s.hands, d, _remove(s.hands[d], card)),
                graveyards=_set(s.graveyards, k, s.graveyards[k] + (card,)))
    _ev(ev, rule, f"{_name(d)} discards a card at random: the {NAMES[card]} goes to {_name(k)}'s graveyard.",
        "discard", player=d, card=card, to=f"graveyard {k}")
    return s


def _finish(s: State, ev: list) -> State:
    p, q = s.active, s.opponent
    outcome, winner = s.last("outcome"), s.last("winner")
    if outcome == "win":
        nxt = q if winner == p else p
        rule, why = RULE_LOSER_NEXT, f"{_name(nxt)} lost the duel and plays next."
    elif outcome == "retreat":
        nxt = p
        rule, why = RULE_RETREAT_SAME, f"After a retreat {_name(p)} plays again."
    else:
        nxt = q
        rule, why = RULE_BOTH_FALL, f"Both cards fell: the challenged player, {_name(q)}, plays next."
    s = replace(s, active=nxt, opponent=None, pending=(), phase="challenge", swapped=(False,) * s.players)
    if s.players > 2:
        _ev(ev, rule, why, "turn", player=nxt)

    empty = [x for x in range(s.players) if not s.hands[x]]
    if empty:
        s = replace(s, phase="over", end="empty-hand")
        _ev(ev, RULE_EMPTY,
            " and ".join(_name(x) for x in empty) + (" has" if len(empty) == 1 else " have")
            + " no card left in hand: the game is over.", "end")
        return _announce(s, ev)
    if _dead(s):
        s = replace(s, phase="over", end="stalemate")
        _ev(ev, RULE_DEAD,
            "Stalemate: no card that can still be played can defeat another or change anything. "
            "The game is over; the remaining cards stay in their players' hands.", "end")
        return _announce(s, ev)
    key = _position_key(s)
    s = _record(s, key)
    if _count(s, key) >= REPETITION_LIMIT:
        s = replace(s, phase="over", end="repetition")
        _ev(ev, RULE_REPEAT,
            "Stalemate: the same position has come up for the third time, so a side will not "
            "play anything that changes it. The game is over; the cards stay in hand.", "end")
        return _announce(s, ev)
    if s.players == 2:
        return _begin_duel(s, 1 - s.active, ev)
    _ev(ev, RULE_CHALLENGE, f"{_name(nxt)} chooses an opponent.", "turn", player=nxt)
    return s


def _announce(s: State, ev: list) -> State:
    w = winners(s)
    g = [len(x) for x in s.graveyards]
    rule = RULE_MOST
    tied = [p for p in range(s.players) if g[p] == max(g)]
    if len(tied) > 1:
        rule = RULE_TIE_HAND
        h = max(len(s.hands[p]) for p in tied)
        tied = [p for p in tied if len(s.hands[p]) == h]
        if len(tied) > 1:
            rule = RULE_TIE_LAST if len(w) == 1 else RULE_TRUE_TIE
    if len(w) == 1:
        text = f"{_name(w[0])} wins with {g[w[0]]} cards in the graveyard."
    else:
        text = "A true tie between " + " and ".join(_name(x) for x in w) + "."
    _ev(ev, rule, text, "result", winners=tuple(w), scores=tuple(g))
    return s


def _step(s: State, action: Any) -> tuple[State, list[Event]]:
    if not isinstance(s, State):
        raise TypeError("expected a Kamikaze Attack State")
    ev: list[Event] = []
    if s.phase == "over":
        raise IllegalAction({"stalemate": RULE_DEAD, "repetition": RULE_REPEAT}.get(s.end, RULE_EMPTY),
                            "the game is over")
    me = s.current_player
    if s.phase == "challenge":
        if not isinstance(action, Challenge):
            raise IllegalAction(RULE_CHALLENGE, f"{_name(me)} must first choose an opponent to challenge")
        q = action.opponent
        if not isinstance(q, int) or not 0 <= q < s.players or q == me:
            raise IllegalAction(RULE_CHALLENGE, f"{_name(me)} must challenge another player at the table")
        _ev(ev, RULE_CHALLENGE, f"{_name(me)} challenges {_name(q)}.", "challenge", player=me, opponent=q)
        return _begin_duel(s, q, ev), ev
    if s.phase == "commit":
        if not isinstance(action, Play):
            raise IllegalAction(RULE_PLAY, f"{_name(me)} must play a card from hand")
        if action.card not in s.hands[me]:
            raise IllegalAction(RULE_PLAY, f"{_name(me)} has no {NAMES.get(action.card, action.card)} in hand")
        s = replace(s, hands=_set(s.hands, me, _remove(s.hands[me], action.card)),
                    field=_set(s.field, me, action.card), hidden=_set(s.hidden, me, True))
        _ev(ev, RULE_SIMULTANEOUS, f"{_name(me)} sets a card aside, face down.", "commit", player=me)
        return _after_commit(s, ev), ev
    if s.phase == "familiar":
        rest = s.pending[1:]
        if isinstance(action, Keep):
            _ev(ev, RULE_FAMILIAR, f"{_name(me)} keeps the Familiar in the duel.", "keep", player=me)
            s = replace(s, pending=rest)
        elif isinstance(action, Swap):
            if action.card == "kamikaze":
                raise IllegalAction(RULE_FAMILIAR, "the Familiar cannot be swapped for the Kamikaze")
            if action.card not in s.hands[me]:
                raise IllegalAction(RULE_FAMILIAR,
                                    f"{_name(me)} has no {NAMES.get(action.card, action.card)} in hand")
            s = replace(
                s,
                hands=_set(s.hands, me, _remove(s.hands[me], action.card)),
                field=_set(s.field, me, action.card),
                graveyards=_set(s.graveyards, me, s.graveyards[me] + ("familiar",)),
                swapped=_set(s.swapped, me, True),
                pending=rest,
            )
            _ev(ev, RULE_FAMILIAR,
                f"{_name(me)} swaps the Familiar for the {NAMES[action.card]}: the Familiar goes to "
                f"{_name(me)}'s own graveyard, whatever the duel's outcome.", "swap", player=me, card=action.card)
        else:
            raise IllegalAction(RULE_FAMILIAR, f"{_name(me)} must keep the Familiar or swap it for a card in hand")
        if s.pending:
            return s, ev
        return _resolve(replace(s, phase="commit"), ev), ev
    if s.phase == "cleric":
        other = s.opponent if me == s.active else s.active
        rest = s.pending[1:]
        if isinstance(action, Decline):
            _ev(ev, RULE_CLERIC, f"{_name(me)} takes nothing back.", "decline", player=me)
            s = replace(s, pending=rest)
        elif isinstance(action, TakeBack):
            if action.card == "kamikaze":
                raise IllegalAction(RULE_CLERIC, "the Cleric cannot take back a Kamikaze")
            if action.card not in s.graveyards[other]:
                raise IllegalAction(RULE_CLERIC,
                                    f"there is no {NAMES.get(action.card, action.card)} in {_name(other)}'s graveyard")
            s = replace(
                s,
                graveyards=_set(s.graveyards, other, _remove(s.graveyards[other], action.card)),
                hands=_set(s.hands, me, _add(s.hands[me], action.card)),
                pending=rest,
            )
            _ev(ev, RULE_CLERIC,
                f"The Cleric retreated: {_name(me)} takes the {NAMES[action.card]} back from "
                f"{_name(other)}'s graveyard.", "take", player=me, card=action.card, source=other)
        else:
            raise IllegalAction(RULE_CLERIC, f"{_name(me)} must take a card back or take nothing")
        if s.pending:
            return s, ev
        return _finish(s, ev), ev
    raise AssertionError(s.phase)


# ---------------------------------------------------------- the game API ----


def new_game(players: int = 2, seed: int = 0, ruleset: str | None = None, **options: Any) -> State:
    """A new game.  ``decks=[...]`` names each seat's deck (see :data:`DECKS`).

    Ruleset "base": 2 players, two base decks.  Ruleset "expansion": 2 to 5
    players; by default seats 1 and 2 hold base decks and every further seat
    one of the three new decks in the rulebook's order; any seat may be given
    any deck.
    """
    if ruleset is None:
        ruleset = "base" if players == 2 and all(d == "base" for d in options.get("decks") or ()) else "expansion"
    if ruleset not in GAME.rulesets:
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(GAME.rulesets)}")
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
    s = State(
        ruleset=ruleset,
        seed=int(seed),
        decks=decks,
        hands=tuple(sort_cards(DECKS[d]) for d in decks),
        graveyards=((),) * players,
        field=(None,) * players,
        hidden=(False,) * players,
        held=(False,) * players,
        phase="challenge",
        active=0,
        swapped=(False,) * players,
    )
    s = _record(s, _position_key(s))
    if players == 2:
        s = _begin_duel(s, 1, [])
    return s


def scenario(
    hands: list,
    graveyards: list | None = None,
    decks: list | None = None,
    seed: int = 0,
    ruleset: str | None = None,
    active: int = 0,
    held: list | None = None,
    last_winner: int | None = None,
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
        "last_winner": last_winner, "duels": 0, "draws": 0, "positions": {}, "seen": [],
        "last_duel": None, "end": "",
    }
    s = state_from_dict(data)
    s = _record(s, _position_key(s))
    if n == 2:
        s = _begin_duel(s, 1 - active, [])
    return s


def legal_actions(s: State) -> list[Action]:
    if s.phase == "over":
        return []
    me = s.current_player
    if s.phase == "challenge":
        return [Challenge(q) for q in range(s.players) if q != me]
    if s.phase == "commit":
        return [Play(c) for c in sort_cards(set(s.hands[me]))]
    if s.phase == "familiar":
        return [Keep()] + [Swap(c) for c in sort_cards(set(s.hands[me])) if c != "kamikaze"]
    if s.phase == "cleric":
        other = s.opponent if me == s.active else s.active
        return [TakeBack(c) for c in sort_cards(set(s.graveyards[other])) if c != "kamikaze"] + [Decline()]
    return []


def apply(s: State, action: Any) -> State:
    return _step(s, action)[0]


def explain(s: State, action: Any) -> list[Event]:
    return _step(s, action)[1]


def parse_action(s: State, text: str) -> Action:
    return parse(text)


def is_over(s: State) -> bool:
    return s.phase == "over"


def scores(s: State) -> list[int]:
    """Cards in each player's graveyard (cards in hand are worth nothing)."""
    return [len(g) for g in s.graveyards]


def winners(s: State) -> list[int]:
    """Most cards in the graveyard; then most in hand; then the last duel's winner."""
    if s.phase != "over":
        return []
    g = scores(s)
    tied = [p for p in range(s.players) if g[p] == max(g)]
    if len(tied) > 1:
        h = max(len(s.hands[p]) for p in tied)
        tied = [p for p in tied if len(s.hands[p]) == h]
    if len(tied) > 1 and s.last_winner in tied:
        tied = [s.last_winner]
    return tied


def view(s: State, player: int) -> dict:
    """What ``player`` may see: their own hand, every hand's size, the graveyards
    (face up), the field with other players' committed cards hidden, and the
    hands their Librarians showed them (as they were then)."""
    if not 0 <= player < s.players:
        raise ValueError(f"no player {player} in a {s.players}-player game")
    field = []
    for p in range(s.players):
        card = s.field[p]
        field.append("hidden" if card is not None and s.hidden[p] and p != player else card)
    return {
        "game": GAME_NAME,
        "ruleset": s.ruleset,
        "player": player,
        "players": s.players,
        "decks": list(s.decks),
        "phase": s.phase,
        "current_player": s.current_player,
        "active": s.active,
        "opponent": s.opponent,
        "pending": list(s.pending),
        "hand": list(s.hands[player]),
        "hand_sizes": [len(h) for h in s.hands],
        "graveyards": [list(g) for g in s.graveyards],
        "scores": scores(s),
        "field": field,
        "held": list(s.held),
        "last_duel": _last_duel_json(s),
        "last_winner": s.last_winner,
        "duels": s.duels,
        "seen": [
            {"player": t, "hand": list(h), "after_duel": d} for v, t, h, d in s.seen if v == player
        ],
        "legal_actions": [str(a) for a in legal_actions(s)] if s.current_player == player else [],
        "over": s.phase == "over",
        "end": s.end,
        "winners": winners(s),
    }


def position_key(s: State) -> str:
    """A key for bots' chance that leaves out hidden commitments."""
    me = s.current_player
    return f"{s.seed}|{s.draws}|{s.duels}|" + dump_json(view(s, me if me is not None else 0))


def greedy_value(s: State, action: Any) -> float:
    """Greedy without peeking: a card's average immediate graveyard gain against
    every kind of card the opponent's deck holds."""
    me = s.current_player
    if isinstance(action, Play):
        other = s.opponent if me == s.active else s.active
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
    return 0.0


# ------------------------------------------------------------------ JSON ----


def _last_duel_json(s: State) -> dict | None:
    if not s.last_duel:
        return None
    d = dict(s.last_duel)
    return {"players": list(d["players"]), "cards": list(d["cards"]), "outcome": d["outcome"],
            "winner": d["winner"], "duel": d["duel"]}


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
        "last_winner": s.last_winner,
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


def state_from_dict(data: dict) -> State:
    """Build and check a State from its JSON object (see :func:`to_json`)."""
    if not isinstance(data, dict):
        raise ScenarioError("file", "a scenario must be a JSON object {...}")
    game = data.get("game", GAME_NAME)
    if game != GAME_NAME:
        raise ScenarioError("game", f"expected {GAME_NAME!r}, got {game!r}")
    ruleset = _need(data, "ruleset", str)
    if ruleset not in GAME.rulesets:
        raise ScenarioError("ruleset", f"expected one of {', '.join(GAME.rulesets)}, got {ruleset!r}")
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
    last_winner = _player(data.get("last_winner"), "last_winner", n, allow_none=True)
    duels = _need(data, "duels", int)
    draws = _need(data, "draws", int)
    if duels < 0:
        raise ScenarioError("duels", "cannot be negative")
    if draws < 0:
        raise ScenarioError("draws", "cannot be negative")
    pos_raw = _need(data, "positions", dict)
    positions = []
    for k, v in pos_raw.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v < REPETITION_LIMIT + 1:
            raise ScenarioError(f"positions[{k!r}]", f"expected a count from 1 to {REPETITION_LIMIT}, got {v!r}")
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
    return State(
        ruleset=ruleset, seed=seed, decks=tuple(decks), hands=hands, graveyards=graves,
        field=tuple(field), hidden=hidden, held=held, phase=phase, active=active, opponent=opponent,
        pending=pending, swapped=swapped, last_winner=last_winner, duels=duels, draws=draws,
        positions=tuple(sorted(positions)), seen=tuple(seen), last_duel=last_duel, end=end,
    )


def from_json(text: str | bytes) -> State:
    return state_from_dict(parse_json_object(text))


# ----------------------------------------------------------- game object ----


class KamikazeAttack:
    """The game object registered as "kamikaze-attack" (see tutor.core.Game)."""

    name = GAME_NAME
    title = "Kamikaze Attack"
    min_players = 2
    max_players = 5
    rulesets = ("base", "expansion")
    default_ruleset = "base"
    cards = CARDS
    decks = DECKS

    def __init__(self) -> None:
        self._rules: RuleBook | None = None
        self._examples: list | None = None

    @property
    def rules(self) -> RuleBook:
        if self._rules is None:
            data = load_json_data("tutor.games.data", "kamikaze_rules.json")
            self._rules = RuleBook.from_data(GAME_NAME, data)
        return self._rules

    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    explain = staticmethod(explain)
    parse_action = staticmethod(parse_action)
    is_over = staticmethod(is_over)
    scores = staticmethod(scores)
    winners = staticmethod(winners)
    view = staticmethod(view)
    to_json = staticmethod(to_json)
    from_json = staticmethod(from_json)
    position_key = staticmethod(position_key)
    greedy_value = staticmethod(greedy_value)

    def examples(self) -> list:
        if self._examples is None:
            from tutor.games.kamikaze_examples import build_examples

            self._examples = build_examples()
        return list(self._examples)

    def coach(self, state: State):
        return coach(state)


GAME = KamikazeAttack()

from tutor.games.kamikaze_coach import CoachBot, coach, solve_matrix  # noqa: E402
from tutor import bots as _bots  # noqa: E402

_bots.register("coach", CoachBot, games=("kamikaze-attack",))

__all__ = [
    "GAME", "State", "duel", "clash", "coach", "solve_matrix", "parse", "CARDS", "DECKS",
    "Challenge", "Play", "Swap", "Keep", "TakeBack", "Decline",
]
