"""Kamikaze Attack's cards, decks, rule ids and the duel table."""

from __future__ import annotations

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

RULESETS = ("base", "expansion")

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


# every pair of cards: who wins, where each goes, the rule that decides it
TABLE: dict[tuple[str, str], tuple[str, tuple[str, str], str]] = {
    (a, b): (clash(a, b), duel(a, b), card_rule(a, b)) for a in ORDER for b in ORDER
}
