"""``random.Random``'s shuffle and randrange, drawing the same numbers with fewer Python calls.

A game's setup shuffles a hundred cards or so, and ``Random.shuffle`` makes a
Python-level ``_randbelow`` call for each (plus ``bit_length`` and
``getrandbits``); random playouts set up a game every few hundred actions, so
that shows in the engine's speed.  These functions consume the generator
exactly as ``random.Random`` does (Python 3.9+: ``_randbelow_with_getrandbits``,
``getrandbits(n.bit_length())`` until below ``n``), so every seeded deal stays
byte-identical:

>>> import random
>>> a, b = list(range(60)), list(range(60))
>>> random.Random(7).shuffle(a); shuffle(random.Random(7), b); a == b
True
>>> r1, r2 = random.Random("x|1"), random.Random("x|1")
>>> [r1.randrange(n) for n in (1, 2, 5, 64, 1000)] == [randbelow(r2, n) for n in (1, 2, 5, 64, 1000)]
True
>>> r1.random() == r2.random()
True
"""

from __future__ import annotations

import _random
import random
from typing import Any, MutableSequence

# n -> n.bit_length(), for the sizes a card game shuffles
_BITS = tuple(n.bit_length() for n in range(1025))


def shuffle(rng: random.Random, x: MutableSequence[Any]) -> None:
    """``rng.shuffle(x)``, the same permutation from the same generator state."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n] if n < 1025 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def randbelow(rng: _random.Random, n: int) -> int:
    """``rng.randrange(n)`` for a whole ``n`` > 0, the same number from the same generator state.

    ``rng`` may be a ``random.Random`` or its C base ``_random.Random`` (only ``getrandbits`` is used)."""
    k = _BITS[n] if n < 1025 else n.bit_length()
    getrandbits = rng.getrandbits
    j = getrandbits(k)
    while j >= n:
        j = getrandbits(k)
    return j
