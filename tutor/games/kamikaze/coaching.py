"""The exact coach of Kamikaze Attack's two-player base game.

Every duel is a small zero-sum matrix game: each player picks one of the
(at most four) kinds of card in hand, and the entry for a pair of cards is the
expected value of the position the duel leads to (the Kamikaze's random
discard taken as an expectation).  Backward induction solves them all, from
the last duels up: a position is worth +1 if player 1 wins, -1 if player 2
wins and 0 for a true tie.  The games are acyclic because a retreat only ever
repeats the position, the key counts the retreats fought from it by pair of
cards, and the stalemate by refusal (the rule
``kamikaze-attack/end/stalemate-refusal``) ends the game at the latest when
one pair has retreated there three times.  Where the rule lets the player who
repeated a card choose (end the game or play on), the coach's game ends, as the
engine once ended it by itself: the coach bot answers "end the game" and every
value counts the refusal as the end.  Values are memoised.

>>> v, row, col = solve_matrix([[1, -1], [-1, 1]])  # matching pennies
>>> round(v, 9), [round(x, 9) for x in row], [round(x, 9) for x in col]
(0.0, [0.5, 0.5], [0.5, 0.5])
>>> round(solve_matrix([[3, 0], [1, 2]])[0], 9)
1.5
>>> from tutor.games import kamikaze as k
>>> value, mix = k.coach(k.GAME.new_game(2, seed=0))
>>> abs(value) < 1e-9, abs(sum(mix.values()) - 1) < 1e-9
(True, True)
"""

from __future__ import annotations

import threading
import time
from functools import cache
from typing import Any

from .actions import Play, Stop
from .cards import LETTERS, card_rule, clash, duel
from .hints import hint_reason, unseen
from .state import REPETITION_LIMIT, State, fast_replace, repetition_key

BASE = ("swordsman", "shieldbearer", "archer", "kamikaze")
_IDX = {c: i for i, c in enumerate(BASE)}
# the pairs of cards (player 1's, player 2's) that retreat, in the order the key counts them
RETREATS = ((0, 1), (1, 0), (1, 1))
_NO_RETREATS = (0, 0, 0)
EPS = 1e-12

# ------------------------------------------------------- matrix games ----


def _pure(m: list[list[float]]) -> tuple[float, int, int] | None:
    row_mins = [min(r) for r in m]
    col_maxs = [max(m[i][j] for i in range(len(m))) for j in range(len(m[0]))]
    lo, hi = max(row_mins), min(col_maxs)
    if hi - lo <= 1e-12:
        return lo, row_mins.index(lo), col_maxs.index(hi)
    return None


def solve_matrix(m: list[list[float]]) -> tuple[float, list[float], list[float]]:
    """Value and optimal mixed strategies of a zero-sum matrix game.

    The row player receives ``m[i][j]`` and maximises.  A saddle point is
    taken directly; otherwise the column player's linear programme
    (maximise sum y subject to M'y <= 1, y >= 0, with M' = M shifted to be
    positive) is solved by the simplex method with Bland's rule, and the row
    player's strategy is read from the duals.
    """
    if not m or not m[0] or any(len(r) != len(m[0]) for r in m):
        raise ValueError("expected a non-empty rectangular matrix")
    rows, cols = len(m), len(m[0])
    p = _pure(m)
    if p is not None:
        v, i, j = p
        return float(v), [1.0 if k == i else 0.0 for k in range(rows)], [1.0 if k == j else 0.0 for k in range(cols)]
    shift = 1.0 - min(min(r) for r in m)
    t = [[float(m[i][j]) + shift for j in range(cols)] + [1.0 if k == i else 0.0 for k in range(rows)] + [1.0]
         for i in range(rows)]
    obj = [-1.0] * cols + [0.0] * rows + [0.0]
    basis = [cols + i for i in range(rows)]
    width = cols + rows + 1
    for _ in range(1000):
        enter = next((j for j in range(cols + rows) if obj[j] < -1e-12), None)
        if enter is None:
            break
        best = None
        for i in range(rows):
            a = t[i][enter]
            if a > 1e-12:
                ratio = t[i][-1] / a
                tie = best is not None and abs(ratio - best[0]) <= 1e-15 and basis[i] < basis[best[1]]
                if best is None or ratio < best[0] - 1e-15 or tie:
                    best = (ratio, i)
        if best is None:  # unbounded: impossible with a positive matrix
            raise ArithmeticError("simplex: unbounded programme")
        r = best[1]
        piv = t[r][enter]
        t[r] = [x / piv for x in t[r]]
        for i in range(rows):
            if i != r and abs(t[i][enter]) > 0:
                f = t[i][enter]
                t[i] = [t[i][k] - f * t[r][k] for k in range(width)]
        f = obj[enter]
        obj = [obj[k] - f * t[r][k] for k in range(width)]
        basis[r] = enter
    else:  # pragma: no cover
        raise ArithmeticError("simplex did not converge")
    z = obj[-1]
    y = [0.0] * cols
    for i, b in enumerate(basis):
        if b < cols:
            y[b] = t[i][-1]
    x = [max(0.0, obj[cols + i]) for i in range(rows)]
    scale = 1.0 / z
    col = _normal([v * scale for v in y])
    row = _normal([v * scale for v in x])
    return scale - shift, row, col


def _normal(v: list[float]) -> list[float]:
    v = [0.0 if x < 1e-12 else x for x in v]
    s = sum(v)
    return [x / s for x in v]


def matrix_value(m: list[list[float]]) -> float:
    p = _pure(m)
    if p is not None:
        return float(p[0])
    return solve_matrix(m)[0]


# ---------------------------------------------- the base game, compactly ----
# A position at the start of a duel: (hand of player 1 as counts of
# swordsman/shieldbearer/archer/kamikaze, the same for player 2,
# graveyard 1 minus graveyard 2, last duel winner (-1 none or a mutual kill,
# 0, 1), how many times each pair of RETREATS has retreated from the position).

Key = tuple[tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]]


def _kinds(h: tuple[int, ...]) -> list[int]:
    return [i for i in range(4) if h[i]]


def _less(h: tuple[int, ...], i: int) -> tuple[int, ...]:
    return h[:i] + (h[i] - 1,) + h[i + 1:]


def _more(h: tuple[int, ...], i: int) -> tuple[int, ...]:
    return h[:i] + (h[i] + 1,) + h[i + 1:]


def _result(h0: tuple[int, ...], h1: tuple[int, ...], d: int, lw: int) -> float:
    if d:
        return 1.0 if d > 0 else -1.0
    n0, n1 = sum(h0), sum(h1)
    if n0 != n1:
        return 1.0 if n0 > n1 else -1.0
    return {0: 1.0, 1: -1.0}.get(lw, 0.0)


def _dead(h0: tuple[int, ...], h1: tuple[int, ...]) -> bool:
    return all(clash(BASE[a], BASE[b]) == "retreat" for a in _kinds(h0) for b in _kinds(h1))


def _refused(h0: tuple[int, ...], h1: tuple[int, ...], reps: tuple[int, ...]) -> bool:
    """The stalemate by refusal: one pair retreated here three times, or one
    player played the same card here twice and nothing the other holds beats it."""
    if any(n >= REPETITION_LIMIT for n in reps):
        return True
    for side, other in ((0, h1), (1, h0)):
        for card in {pair[side] for pair in RETREATS}:
            times = sum(n for pair, n in zip(RETREATS, reps) if pair[side] == card)
            if times >= 2 and all(clash(BASE[card], BASE[b]) == "retreat" for b in _kinds(other)):
                return True
    return False


def terminal(key: Key) -> float | None:
    """The result of a finished position (player 1's view), None if play goes on."""
    h0, h1, d, lw, reps = key
    if not sum(h0) or not sum(h1) or _dead(h0, h1) or _refused(h0, h1, reps):
        return _result(h0, h1, d, lw)
    return None


def outcomes(key: Key, a: int, b: int) -> list[tuple[float, Key]]:
    """The positions a duel of card ``a`` (player 1) against ``b`` may lead to, with chances."""
    h0, h1, d, lw, reps = key
    ca, cb = BASE[a], BASE[b]
    who = clash(ca, cb)
    if who == "retreat":
        i = RETREATS.index((a, b))
        return [(1.0, (h0, h1, d, lw, reps[:i] + (reps[i] + 1,) + reps[i + 1:]))]
    h0, h1 = _less(h0, a), _less(h1, b)
    wa, wb = duel(ca, cb)
    for card, where, sign in ((a, wa, 1), (b, wb, -1)):
        if where == "hand":
            if sign == 1:
                h0 = _more(h0, card)
            else:
                h1 = _more(h1, card)
        elif where == "own":
            d += sign
        elif where == "opponent":
            d -= sign
    # a mutual kill is won by both (victory/tie-last-turn): it breaks no tie
    lw = {"a": 0, "b": 1, "both": -1}.get(who, lw)
    # the Kamikaze's random discards
    branches = [(1.0, h0, h1, d)]
    if ca == "kamikaze" or cb == "kamikaze":
        discarders = []
        if ca == "kamikaze":
            discarders.append(1)  # player 2 discards into player 1's graveyard
        if cb == "kamikaze":
            discarders.append(0)
        for who_discards in discarders:
            nxt = []
            for pr, x0, x1, dd in branches:
                h = x1 if who_discards == 1 else x0
                total = sum(h)
                if not total:
                    nxt.append((pr, x0, x1, dd))
                    continue
                for i in _kinds(h):
                    q = pr * h[i] / total
                    if who_discards == 1:
                        nxt.append((q, x0, _less(x1, i), dd + 1))
                    else:
                        nxt.append((q, _less(x0, i), x1, dd - 1))
            branches = nxt
    merged: dict[Key, float] = {}
    for pr, x0, x1, dd in branches:
        k = (x0, x1, dd, lw, _NO_RETREATS)
        merged[k] = merged.get(k, 0.0) + pr
    return [(pr, k) for k, pr in merged.items()]


def _entry(key: Key, a: int, b: int) -> float:
    return sum(pr * value(k) for pr, k in outcomes(key, a, b))


def matrix(key: Key) -> tuple[list[int], list[int], list[list[float]]]:
    h0, h1 = key[0], key[1]
    rows, cols = _kinds(h0), _kinds(h1)
    return rows, cols, [[_entry(key, a, b) for b in cols] for a in rows]


# One solve at a time: the page's warm-up thread (Game.warm) and a bot's or a hint's first question
# may ask together; the second waits for the first and then finds every value memoised, instead of
# solving the same positions a second time beside it.  (Reentrant: the solve is recursive.)
_SOLVING = threading.RLock()


@cache
def value(key: Key) -> float:
    """The value of a position for player 1 (index 0), from -1 to 1."""
    t = terminal(key)
    if t is not None:
        return t
    return matrix_value(matrix(key)[2])


# ------------------------------------------------------- the public API ----


def key_of(state: Any) -> Key:
    """The coach's position for a base-game state (committed cards count as in hand)."""
    if not isinstance(state, State):
        raise TypeError("expected a Kamikaze Attack State")
    if state.players != 2 or any(c not in _IDX for h in state.hands for c in h) or any(
        c is not None and c not in _IDX for c in state.field
    ) or any(c not in _IDX for g in state.graveyards for c in g):
        raise ValueError("the exact coach knows the two-player base game only")
    if state.phase != "commit":
        raise ValueError("the coach advises at the start of a duel; this game is " +
                         ("over" if state.phase == "over" else f"in phase {state.phase!r}"))
    hands = []
    for p in range(2):
        h = [0, 0, 0, 0]
        for c in state.hands[p]:
            h[_IDX[c]] += 1
        if state.field[p] is not None:
            h[_IDX[state.card(p)]] += 1
        hands.append(tuple(h))
    d = len(state.graveyards[0]) - len(state.graveyards[1])
    lw = -1 if state.last_winner is None else state.last_winner
    # the retreats fought from this very position (the engine counts them as
    # "<position>~<active player's card><challenged player's card>")
    here = repetition_key(state) + "~"
    reps = [0, 0, 0]
    letter = {LETTERS[c]: i for c, i in _IDX.items()}
    for k, n in state.positions:
        if k.startswith(here) and len(k) == len(here) + 2:
            a, b = letter.get(k[-2]), letter.get(k[-1])
            if a is None or b is None:
                continue
            pair = (a, b) if state.active == 0 else (b, a)
            if pair in RETREATS:
                reps[RETREATS.index(pair)] += n
    return (hands[0], hands[1], d, lw, tuple(reps))


def coach(state: Any) -> tuple[float, dict[str, float]]:
    """(value for the player to move, {card: probability}) in the 2-player base game.

    The value runs from -1 (a sure loss) to +1 (a sure win), 0 a true tie
    or an even game.  The probabilities are an equilibrium mixed strategy:
    playing by them, nobody can expect to do better against you than the
    value.  A card that appears with 0 should not be played.  The coach does
    not look at a card the opponent has already committed.
    """
    key = key_of(state)
    with _SOLVING:
        rows, cols, m = matrix(key)
    if state.barred is not None:  # a player who chose to play on: not the card they repeated, in this duel
        x, card = state.barred
        if x == 0:
            keep = [i for i, a in enumerate(rows) if BASE[a] != card]
            rows, m = [rows[i] for i in keep], [m[i] for i in keep]
        else:
            keep = [j for j, b in enumerate(cols) if BASE[b] != card]
            cols, m = [cols[j] for j in keep], [[r[j] for j in keep] for r in m]
    v, row, col = solve_matrix(m)
    me = state.current_player
    if me == 0:
        return v, {BASE[a]: p for a, p in zip(rows, row)}
    return -v, {BASE[b]: p for b, p in zip(cols, col)}


def hint(state: Any) -> str:
    """The coach's advice in words, e.g. "Archer 40%, Kamikaze 60% (value +0.12)"."""
    v, mix = coach(state)
    parts = [f"{c.capitalize()} {round(100 * p)}%" for c, p in mix.items()]
    return ", ".join(parts) + f" (value {v:+.2f})"


def opening_key() -> Key:
    return ((2, 2, 1, 1), (2, 2, 1, 1), 0, -1, _NO_RETREATS)


def solve_all() -> tuple[float, int, float]:
    """Solve the whole base game from a cold cache: (opening value, positions, seconds)."""
    with _SOLVING:
        value.cache_clear()
        t0 = time.perf_counter()
        v = value(opening_key())
        return v, value.cache_info().currsize, time.perf_counter() - t0


class CoachBot:
    """Plays the coach's mixed strategy (the random pick from the state's seed).

    Outside the 2-player base game, or at a decision the coach does not cover
    (a Familiar or Cleric choice, choosing an opponent), it plays as the
    greedy bot.  After repeating a card nothing answers, it ends the game
    (the coach's solved game ends there).
    """

    name = "coach"

    def choose(self, game: Any, state: Any) -> Any:
        from tutor import bots

        if isinstance(state, State) and state.phase == "repeat":
            return Stop()
        try:
            _, mix = coach(state)
        except (ValueError, TypeError):
            return bots.GreedyBot().choose(game, state)
        rng = bots.bot_rng(game, state, self.name)
        x = rng.random()
        acc = 0.0
        choice = next(iter(mix))
        for card, p in mix.items():
            if p <= 0:
                continue
            choice = card
            acc += p
            if x < acc:
                break
        return Play(choice)


# worst to best, for the player of the first card: its result against the second
_RESULT_RANK = {"b": 0, "both": 1, "retreat": 2, "a": 3}


def _outlook(v: float, lang: str) -> str:
    from tutor.quiz import words

    if v >= 1 - 1e-9:
        return words("with best play you win the game whatever they do", lang)
    if v <= -1 + 1e-9:
        return words("with best play they win whatever you do, and this loses least", lang)
    if abs(v) < 1e-9:
        return words("with best play the game is even", lang)
    template = ("with best play you are ahead: {value} on a scale from −1 (a sure loss) to +1 (a sure win)"
                if v > 0 else
                "with best play you are behind: {value} on a scale from −1 (a sure loss) to +1 (a sure win)")
    return words(template, lang, value=f"{v:+.2f}")


def advice(game: Any, state: Any, lang: str = "en") -> Any:
    """The coach's hint (a :class:`tutor.hints.Hint`) with its numbers in words, or None where the
    exact coach does not reach (3-5 players, expansion decks, a decision other than a card for a duel).

    The card advised is the one the coach's mix plays most; the sentence says
    whether any card the opponent may hold beats it in this duel, what the whole
    game is worth with best play, and cites the duel table's rule for the card
    against the opponent's most dangerous card.
    """
    from tutor.hints import Hint
    from tutor.quiz import words

    if isinstance(state, State) and state.phase == "repeat":
        return _stop_advice(game, state, lang)
    try:
        v, mix = coach(state)
    except (ValueError, TypeError):
        return None
    me = state.current_player
    card = max(mix, key=lambda c: (mix[c], -BASE.index(c)))
    # what the rival holds, as the seat reads it off the table (every card less its hand and the graveyards)
    theirs = set(unseen(game.view(state, me), me))
    held = sorted(theirs, key=BASE.index)
    worst = min(sorted(theirs, key=BASE.index), key=lambda b: _RESULT_RANK[clash(card, b)])
    rule = card_rule(card, worst)
    title = game.rules[rule].wording(lang)[0]
    outlook = _outlook(v, lang)
    said = {"card": card, "cards": held, "other_card": worst, "rule": title}
    # the sentence: the cards they hold and the duel rule that makes them matter; the coach's numbers
    # (its mix, the game's value with best play) are the details
    if mix[card] < 1 - 1e-9:
        shares = ", ".join(f"{game.card_name(c, lang)} {round(100 * p)}%"
                           for c, p in sorted(mix.items(), key=lambda x: BASE.index(x[0])) if p > 1e-9)
        sentence = game.catalog.render("{Card}: none of your cards is safe against every card they hold ({cards}), "
                                       "so vary: play it most often and now and then another ({rule}).", said, lang)
        details = words("The coach's mix: {mix}; {outlook}.", lang, mix=shares, outlook=outlook)
    elif all(clash(card, b) != "b" for b in theirs):
        sentence = game.catalog.render("{Card}: whatever they play, you cannot lose this duel: they hold {cards} "
                                       "({rule}).", said, lang)
        details = words("{Outlook}.", lang, outlook=outlook)
    else:
        sentence = game.catalog.render("{Card}: the best card here, though their {other_card} would beat it; they "
                                       "hold {cards} ({rule}).", said, lang)
        details = words("{Outlook}.", lang, outlook=outlook)
    return Hint(Play(card), sentence, rule, me, "coach", details)


def _stop_advice(game: Any, state: State, lang: str) -> Any:
    """The coach's hint after repeating a card nothing answers: end the game (its solved game ends there),
    with what ending gives; None outside the two-player base game."""
    from tutor.hints import Hint

    try:
        key_of(fast_replace(state, phase="commit", opponent=1 - state.active, pending=()))
    except (ValueError, TypeError):
        return None
    me = state.mover
    stop = Stop()
    said = hint_reason(game, state, me, stop, lang)
    if said is None:
        return None
    won = game.winners(game.apply(state, stop))
    details = "" if won == [me] else game.catalog.render(
        "The coach's solved game always ends where a repeated card cannot be answered, so it does not weigh "
        "playing on.", {}, lang)
    return Hint(stop, said[0], said[1], me, "coach", details)


if __name__ == "__main__":  # python -m tutor.games.kamikaze.coaching: the benchmark
    v, n, secs = solve_all()
    print(f"base game solved: opening value {v:+.12f}, {n} positions, {secs:.2f} s")
