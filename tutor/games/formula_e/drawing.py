"""Drawing cards: up to six at the end of a turn, up to nine on a banana tree, the discards shuffled into a new deck
the moment the deck runs out (rule draw/reshuffle)."""

from __future__ import annotations

import random
import sys
from _random import Random as CRandom
from array import array
from hashlib import sha512

from tutor.rand import shuffle

from .base import Narrator, update, with_hand
from .cards import DECK_SIZE, GAME_NAME, sort_cards
from .state import State

SORTED: dict[tuple[str, ...], tuple[str, ...]] = {}  # a hand drawn up, sorted (bounded: emptied when full)


def sorted_hand(cards: tuple[str, ...]) -> tuple[str, ...]:
    """``sort_cards(cards)``, kept per tuple (a hand drawn up to six is sorted again and again)."""
    found = SORTED.get(cards)
    if found is None:
        if len(SORTED) >= 100_000:
            SORTED.clear()
        found = SORTED[cards] = sort_cards(cards)
    return found


# Fisher-Yates's steps for a pile of n cards: (i, the draw's bound i + 1, the shift that takes a 32-bit word to that
# bound's bit length), for i from n - 1 down to 1
STEPS = tuple(tuple((i, i + 1, 32 - (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(DECK_SIZE + 1))
WORDS_OK = array("I").itemsize == 4


def reshuffle(seed: int, chance: int, cards: list[str]) -> None:
    """Shuffle ``cards`` as ``random.Random(f"{GAME_NAME}|{seed}|{chance}").shuffle(cards)`` does ("draw/reshuffle":
    the same permutation), with fewer Python calls: the generator seeded in C as ``Random.seed`` seeds it from a
    text, and its 32-bit words drawn in one call (each draw below ``n`` of ``shuffle`` takes one word, shifted
    right to ``n``'s bit length, and draws again when the result is not below ``n``; the generator is dropped
    afterwards, so drawing a few words too many changes nothing).  ``test_formula_e_fast`` compares it with
    ``random.Random``.
    """
    text = f"{GAME_NAME}|{seed}|{chance}".encode()
    rng = CRandom(int.from_bytes(text + sha512(text).digest(), "big"))
    n = len(cards)
    if n > DECK_SIZE or not WORDS_OK:
        shuffle(random.Random(text.decode()), cards)  # (never in a game: the deck holds 72 cards)
        return
    size = n + n // 2 + 8  # a word for each draw, and some for the draws made again
    words = draw_words(rng, size)
    w = 0
    for i, m, shift in STEPS[n]:
        j = words[w] >> shift
        w += 1
        while j >= m:
            if w + i > size:  # (keep a word for each draw still to come)


                words.extend(draw_words(rng, n))
                size += n
            j = words[w] >> shift
            w += 1
        cards[i], cards[j] = cards[j], cards[i]


def draw_words(rng: CRandom, count: int) -> array:
    """The generator's next ``count`` 32-bit words, in order (``getrandbits`` puts the first one lowest)."""
    words = array("I", rng.getrandbits(32 * count).to_bytes(4 * count, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words


def draw_cards(s: State, hand: tuple[str, ...], deck: tuple[str, ...], discard: tuple[str, ...], upto: int,
               say: Narrator) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int, int]:
    """Draw ``hand`` up to ``upto`` cards from ``deck`` (its end is the top), shuffling ``discard`` into a new
    deck the moment it runs out ("Quando il mazzo di gioco si esaurisce, mischia tutti gli scarti"; a deck that
    ran out with no discard to shuffle is made anew at the next draw): (the sorted hand, deck, discard, chance,
    how many were drawn)."""
    need = upto - len(hand)
    if need <= 0:
        return hand, deck, discard, s.chance, 0
    if need < len(deck):  # the common case: the deck lasts (the hand is sorted afterwards, so order is moot)
        cut = len(deck) - need
        return sort_cards(hand + deck[cut:]), deck[:cut], discard, s.chance, need
    cards, pile, rest, chance = list(hand), list(deck), list(discard), s.chance
    drew = 0
    while len(cards) < upto:
        if not pile:
            if not rest:
                break
            pile = rest
            reshuffle(s.seed, chance, pile)
            rest, chance = [], chance + 1
            say("draw/reshuffle", "The deck is empty: the discards are shuffled into a new deck.")
        cards.append(pile.pop())
        drew += 1
    if not pile and rest:  # the last card is drawn: the discards become the new deck at once
        pile = rest
        reshuffle(s.seed, chance, pile)
        rest, chance = [], chance + 1
        say("draw/reshuffle", "The deck is empty: the discards are shuffled into a new deck.")
    return sort_cards(cards), tuple(pile), tuple(rest), chance, drew


def draw(s: State, p: int, upto: int, say: Narrator) -> tuple[State, int]:
    hand, deck, discard, chance, drew = draw_cards(s, s.hands[p], s.deck, s.discard, upto, say)
    return update(s, {"hands": with_hand(s.hands, p, hand), "deck": deck, "discard": discard,
                      "chance": chance}), drew
