"""Bad input is harmless: mutated scenario files, action values and action texts.

The mutators here take a :class:`random.Random`, so the hypothesis tests
(``test_fuzz.py``, a few thousand examples per game in ``make test``) and
this script (``make fuzz``: ``python -m tests.conformance.fuzz``, 10,000+ of
each per game) share them.  Every input gets one outcome:

- a scenario file is either accepted, and then the position passes the
  acceptance checks (``legal_actions`` works, a running game has a legal
  action, one ``apply`` of each legal action works, it saves and loads
  back) and does not break the game along a random playout (:func:`breakage`:
  nothing conserved gained or lost, no listed action that raises, every
  position reached saves and loads back), or refused with ``ScenarioError``
  naming a field, in a message under 300 characters.  An accepted file that
  fails any of this is a "broken accept", counted apart for each game;
- an action value is either one of the listed legal actions (the same types
  all the way down: ``True`` is not ``1``) and applies, or a text that
  ``parse_action`` reads as one (a game may let ``apply`` take text), or is
  refused with ``IllegalAction`` naming a rule of the game, the state unchanged;
- an action text is read as an action (then as above) or refused with
  ``ActionParseError``/``IllegalAction``.

Anything else (another exception, a second spent, an unlisted action
accepted) is a failure.  The script prints the counts by outcome and the
broken accepts of each game, and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import dataclasses
import functools
import json
import random
import signal
import sys
import time
import zlib
from collections import Counter
from collections.abc import Sequence
from typing import Any, Callable, Iterator

from tests.conformance import checks as C
from tutor.core import Game, IllegalAction, ScenarioError

# seconds per input: a guard against hangs and runaway work, not a speed test (speed is `make bench`);
# 1 s was tripped by a loaded machine (2 cores, many processes) on inputs that take milliseconds alone
TIME_LIMIT = 5.0
HUGE = "1" * 5000
POSITIONS_PER_GAME = 4  # positions sampled from each random game as fuzz seeds


class FuzzFailure(AssertionError):
    """An input the game did not handle harmlessly; ``kind`` is the short name the counts use."""

    def __init__(self, message: str, kind: str = ""):
        super().__init__(message)
        self.kind = kind or message.split(":")[-1].strip()[:50]


# ------------------------------------------------------------------ base material
@functools.lru_cache(maxsize=16)
def positions(game: Game) -> tuple[tuple[Any, str], ...]:
    """(state, to_json text) of positions from one random game per ruleset and player count:
    a few spread over the game, and the first position of each kind of decision met."""
    found = []
    for rs, n in C.setups(game):
        play = C.playout(game, n, rs, seed=7)
        chosen = C.sample(play.states, POSITIONS_PER_GAME)
        kinds: set[str] = set()
        for s in play.states:
            kind = game.decision(s)
            if kind not in kinds:
                kinds.add(kind)
                if not any(s is c for c in chosen):
                    chosen.append(s)
        found += [(s, game.to_json(s)) for s in chosen]
    return tuple(found)


@functools.lru_cache(maxsize=16)
def other_actions(game: Game) -> tuple:
    """Actions legal somewhere in the sampled positions."""
    seen: dict[tuple[str, str], Any] = {}
    for s, _ in positions(game):
        for a in game.legal_actions(s):
            seen.setdefault((type(a).__name__, repr(a)), a)
    return tuple(seen.values())


# ------------------------------------------------------------------ time limit
@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Fail when the body runs longer than ``seconds`` (SIGALRM, main thread only)."""
    if not hasattr(signal, "setitimer") or signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, None):
        start = time.perf_counter()
        yield
        if time.perf_counter() - start > seconds:
            raise FuzzFailure(f"{what} took more than {seconds} s", "too slow")
        return

    def expired(signum: int, frame: Any) -> None:
        raise FuzzFailure(f"{what} took more than {seconds} s", "too slow")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds * 2)  # the hard stop; the soft limit is checked below
    start = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    if time.perf_counter() - start > seconds:
        raise FuzzFailure(f"{what} took {time.perf_counter() - start:.2f} s (limit {seconds} s)", "too slow")


# ------------------------------------------------------------------ scenario files
def _paths(data: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, path + (i,))
    return out


def _get(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


RAW = {  # placeholders replaced in the text after dumping (JSON cannot hold these as values)
    "@huge@": HUGE,
    "@-huge@": "-" + HUGE,
    "@e100@": "1e100",
    "@nan@": "NaN",
    "@inf@": "-Infinity",
    "@deep-list@": "[" * 40 + "]" * 40,
    "@very-deep@": "[" * 20000 + "]" * 20000,
    "@deep-object@": '{"a": ' * 30 + "1" + "}" * 30,
}
SCALARS = [None, True, False, 0, 1, -1, 2, 3, 7, 99, 10**9, 10**18, -(10**18), 2**63, 0.5, "", "x", "0",
           "None", "hidden", "over", "é", [], {}, [[]], [None], {"": None}]


def _junk(rng: random.Random, data: Any) -> Any:
    pick = rng.random()
    if pick < 0.1:
        return rng.choice(list(RAW))
    if pick < 0.5:
        return copy.deepcopy(rng.choice(SCALARS))
    if pick < 0.55:
        return "x" * rng.choice([300, 5000, 1_000_001])
    if pick < 0.8:  # a value from elsewhere in the same file
        return copy.deepcopy(_get(data, rng.choice(_paths(data))))
    return [copy.deepcopy(rng.choice(SCALARS)) for _ in range(rng.choice([1, 2, 5, 600]))]


def _mutate_tree(rng: random.Random, data: Any, donors: list[Any]) -> Any:
    paths = _paths(data)
    path = rng.choice(paths)
    node = _get(data, path)
    kind = rng.randrange(12)
    if kind == 0 and path:  # drop a field or an entry
        parent = _get(data, path[:-1])
        del parent[path[-1]]
    elif kind == 1 and isinstance(node, list) and node:  # duplicate an entry (a card twice ...)
        node.insert(rng.randrange(len(node) + 1), copy.deepcopy(rng.choice(node)))
    elif kind == 2 and isinstance(node, dict):  # a junk field
        node[rng.choice(["junk", "", "__class__", "game", "format", str(rng.random())])] = _junk(rng, data)
    elif kind == 3 and isinstance(node, int) and not isinstance(node, bool):  # off by a little, or a lot
        _set(data, path, node + rng.choice([-1, 1, -2, 2, -node - 1, 10**6, 2**31, -(2**63)]))
    elif kind == 4 and len(paths) > 2:  # swap two values
        other = rng.choice(paths)
        if path and other and path[: len(other)] != other and other[: len(path)] != path:
            a, b = copy.deepcopy(_get(data, path)), copy.deepcopy(_get(data, other))
            _set(data, path, b)
            _set(data, other, a)
    elif kind == 5 and donors:  # the same field from another position
        donor = rng.choice(donors)
        try:
            _set(data, path, copy.deepcopy(_get(donor, path)))
        except (KeyError, IndexError, TypeError):
            pass
    elif kind == 6 and isinstance(node, list) and node:  # drop a list entry
        del node[rng.randrange(len(node))]
    elif kind == 7 and isinstance(node, str):  # a changed name
        _set(data, path, rng.choice([node.upper(), node + "x", node[:-1], node * 2, " " + node, ""]))
    elif kind in (8, 9):  # move an entry from one list to another (counts still add up)
        lists = [p for p in paths if isinstance(_get(data, p), list) and p != path]
        source = [p for p in lists if _get(data, p)]
        if source and lists:
            src, dst = rng.choice(source), rng.choice(lists)
            if src != dst and src[: len(dst)] != dst and dst[: len(src)] != src:
                items, target = _get(data, src), _get(data, dst)
                item = items.pop(rng.randrange(len(items)))
                if target and all(x is None for x in target):  # a seat-indexed slot list: fill a slot
                    target[rng.randrange(len(target))] = item
                else:
                    target.insert(rng.randrange(len(target) + 1), item)
    else:  # retype
        data = _set(data, path, _junk(rng, data))
    return data


def _dump(data: Any) -> str:
    text = json.dumps(data, indent=1)
    for key, raw in RAW.items():
        text = text.replace(json.dumps(key), raw)
    return text


def mutate_scenario(rng: random.Random, text: str, donors: list[str]) -> str | bytes:
    """A scenario file changed in 1-3 ways (fields, types, sizes, nesting, encoding, syntax)."""
    pick = rng.random()
    if pick < 0.06:  # broken text
        cut = rng.randrange(len(text))
        return rng.choice([text[:cut], text[:cut] + text[cut + 1:], text.replace(":", "=", 1), "", "null",
                           "[]", "{}", "\"text\"", text + "x"])
    if pick < 0.12:  # broken encoding
        raw = bytearray(text.encode("utf-8"))
        at = rng.randrange(len(raw))
        raw[at:at] = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf"])
        return bytes(raw)
    data = json.loads(text)
    if pick < 0.16 and isinstance(data, dict) and data:  # a key written twice (JSON keeps the last one)
        key = rng.choice(list(data))
        tail = json.dumps({key: _junk(rng, data)})[1:]
        return text.rstrip()[:-1] + ", " + tail
    donor_data = [json.loads(d) for d in rng.sample(donors, min(3, len(donors)))]
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = _mutate_tree(rng, data, donor_data)
    return _dump(data)


def scenario_outcome(game: Game, text: str | bytes) -> str:
    """'accepted' or 'ScenarioError <field>'; FuzzFailure for anything else."""
    with time_limit(TIME_LIMIT, f"{game.name} from_json"):
        try:
            state = game.from_json(text)
        except ScenarioError as exc:
            msg = str(exc)
            if not exc.field or not isinstance(exc.field, str):
                raise FuzzFailure(f"{game.name}: ScenarioError without a field: {msg[:200]}",
                                  "ScenarioError without a field") from None
            if len(msg) >= 300:
                raise FuzzFailure(f"{game.name}: a {len(msg)}-character message: {msg[:200]}",
                                  "ScenarioError message of 300+ characters") from None
            field = exc.field.split("[")[0].split(".")[0]
            return f"ScenarioError {field}"
        except FuzzFailure:
            raise
        except Exception as exc:  # noqa: BLE001 - the failure being looked for
            raise FuzzFailure(f"{game.name}: from_json raised {type(exc).__name__}: {str(exc)[:200]}",
                              f"from_json raised {type(exc).__name__}") from exc
        try:
            accept(game, state)
        except FuzzFailure as exc:
            if exc.kind == "too slow":
                raise
            raise FuzzFailure(str(exc), BROKEN + exc.kind) from exc
        except Exception as exc:  # noqa: BLE001
            raise FuzzFailure(f"{game.name}: an accepted file fails: {type(exc).__name__}: {str(exc)[:200]}",
                              f"{BROKEN}{type(exc).__name__} on one apply of each listed action") from exc
    raw = text if isinstance(text, bytes) else text.encode("utf-8", "replace")
    with time_limit(PLAYOUT_TIME_LIMIT, f"{game.name} playout of an accepted file"):
        why = breakage(game, state, random.Random(zlib.crc32(raw)))
    if why is not None:
        raise FuzzFailure(f"{game.name}: a broken accept: {why[1]}", BROKEN + why[0])
    return "accepted"


def accept(game: Game, state: Any) -> None:
    """What a position read from a file must allow."""
    legal = game.legal_actions(state)
    if not isinstance(legal, Sequence) or isinstance(legal, (str, bytes)):
        raise FuzzFailure(f"{game.name}: legal_actions gave a {type(legal).__name__}", "legal_actions not a sequence")
    if list(legal) != [legal[i] for i in range(len(legal))]:
        raise FuzzFailure(f"{game.name}: legal_actions by index differ from its iteration",
                          "legal_actions not listed in full")
    if game.current_player(state) is not None and not legal:
        raise FuzzFailure(f"{game.name}: an accepted running game has no legal action",
                          "accepted running game without a legal action")
    for a in legal:
        game.apply(state, a)
    game.view(state, None)
    if game.from_json(game.to_json(state)) != state:
        raise FuzzFailure(f"{game.name}: an accepted file does not save and load back",
                          "accepted file does not load back")


BROKEN = "broken accept: "  # the kind of every FuzzFailure of an accepted file that then breaks a game
PLAYOUT_TIME_LIMIT = 60.0  # seconds for the playout of an accepted file (up to the game's max_actions)
PLAYOUT_ROUND_TRIPS = 12  # positions of each playout from an accepted file saved and read back


def breakage(game: Game, state: Any, rng: random.Random, max_actions: int | None = None) -> tuple[str, str] | None:
    """How an accepted position breaks the game, as (kind, details), or None: its own ``to_json`` refused or changed
    when read back; a listed action that raises (IllegalAction included: it was listed) or gains or loses what
    ``conserved`` counts, from the position itself and along a random playout (up to ``info.max_actions``
    actions); a position reached that does not save and load back; a running game with no legal action."""
    where = f"{game.name} (file position)"

    def round_trip(s: Any, at: str) -> tuple[str, str] | None:
        text = game.to_json(s)
        try:
            back = game.from_json(text)
        except ScenarioError as exc:
            return f"its to_json refused ({exc.field.split('[')[0]})", f"{at}: its own to_json refused: {exc}"
        if back != s or game.to_json(back) != text:
            return "its to_json reads back different", f"{at}: from_json(to_json(s)) != s"
        return None

    def step(s: Any, a: Any, at: str) -> tuple[Any, tuple[str, str] | None]:
        try:
            after = game.apply(s, a)
        except IllegalAction as exc:
            return None, ("a listed action refused", f"{at}: {C.short_repr(a)} listed, then refused: {exc}")
        except Exception as exc:  # noqa: BLE001 - the failure being looked for
            return None, (f"apply raised {type(exc).__name__}",
                          f"{at}: apply({C.short_repr(a)}) raised {type(exc).__name__}: {str(exc)[:160]}")
        now = game.conserved(after)
        if now != first:
            changed = ", ".join(f"{k}: {first.get(k)} -> {now.get(k)}" for k in sorted(set(first) | set(now), key=str)
                                if first.get(k) != now.get(k))
            return None, ("cards or pieces not conserved", f"{at}: {C.short_repr(a)} changes {changed}")
        return after, None

    found = round_trip(state, where)
    if found:
        return found
    first = game.conserved(state)
    for a in game.legal_actions(state):
        _, found = step(state, a, where)
        if found:
            return found
    limit = game.info.max_actions if max_actions is None else max_actions
    every = max(1, limit // PLAYOUT_ROUND_TRIPS)
    s = state
    for i in range(limit):
        try:
            if game.current_player(s) is None:
                break
            legal = game.legal_actions(s)
        except Exception as exc:  # noqa: BLE001 - the failure being looked for
            return (f"legal_actions raised {type(exc).__name__}",
                    f"{game.name} playout step {i}: legal_actions raised {type(exc).__name__}: {str(exc)[:160]}")
        if not legal:
            return "running game without a legal action", f"{game.name} playout step {i}: no legal action"
        s, found = step(s, rng.choice(legal), f"{game.name} playout step {i}")
        if found:
            return found
        if i % every == every - 1:
            found = round_trip(s, f"{game.name} playout step {i}")
            if found:
                return found
    return round_trip(s, f"{game.name} end of the playout")


# ------------------------------------------------------------------ action values
JUNK_VALUES: list[Any] = [None, True, False, 0, 1, -1, 10**5000, -(10**5000), 1.0, float("nan"), float("inf"), "",
                          "x", "draw", b"x", [], {}, (), (None,), ("x", 1), [1, 2], {"kind": "draw"}, object(),
                          "x" * 10_000, ("play",) * 50, frozenset()]


def _junk_value(rng: random.Random, others: tuple) -> Any:
    pick = rng.random()
    if pick < 0.7:
        return rng.choice(JUNK_VALUES)
    if pick < 0.85 and others:
        return tuple(_values(rng.choice(others)))
    if others:
        a = rng.choice(others)
        return rng.choice(_values(a)) if _values(a) else None
    return None


def _values(action: Any) -> list[Any]:
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return [getattr(action, f.name) for f in dataclasses.fields(action)]
    if isinstance(action, tuple):
        return list(action)
    return []


def _rebuild(action: Any, index: int, value: Any) -> Any:
    """``action`` with its ``index``-th field replaced, bypassing any checks of its constructor."""
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        names = [f.name for f in dataclasses.fields(action)]
        clone = copy.copy(action)
        object.__setattr__(clone, names[index], value)
        return clone
    if isinstance(action, tuple) and hasattr(action, "_fields"):
        items = list(action)
        items[index] = value
        return tuple.__new__(type(action), items)
    return value


def _tweak(rng: random.Random, value: Any) -> Any:
    """A near miss for one field of an action: a bool for an int, a list for a tuple ..."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        if abs(value) > 10**18:
            return rng.choice([0, -1, 1, True])
        return rng.choice([True, False, value + 1, -value, 10**5000, float(value), str(value)])
    if isinstance(value, str):
        return rng.choice([value.upper(), value + "x", "", value.encode(), [value], (value,)])
    if isinstance(value, tuple):
        return rng.choice([list(value), value + value, value[:-1], (value,), tuple(reversed(value)), ("x",) * 5000])
    return rng.choice([None, (), [value], True])


def mutate_action(rng: random.Random, state: Any, game: Game) -> Any:
    """An action value: legal here, legal elsewhere, with a field changed, or junk."""
    legal = game.legal_actions(state)
    others = other_actions(game)
    pick = rng.random()
    if pick < 0.15 and legal:
        return rng.choice(legal)
    if pick < 0.35 and others:
        return rng.choice(others)
    if pick < 0.85 and (legal or others):
        action = rng.choice(list(legal) + list(others))
        values = _values(action)
        for _ in range(rng.choice([1, 1, 2])):
            if values:
                i = rng.randrange(len(values))
                new = _tweak(rng, values[i]) if rng.random() < 0.5 else _junk_value(rng, others)
                action = _rebuild(action, i, new)
                values = _values(action)
        return action
    return _junk_value(rng, others)


def action_outcome(game: Game, state: Any, action: Any) -> str:
    """'legal' or 'IllegalAction'; FuzzFailure for anything else (the state must not change)."""
    legal = game.legal_actions(state)
    before = game.to_json(state)
    with time_limit(TIME_LIMIT, f"{game.name} apply"):
        try:
            result = game.apply(state, action)
        except IllegalAction as exc:
            if exc.rule not in game.rules:
                raise FuzzFailure(f"{game.name}: refused {C.short_repr(action)} citing {exc.rule!r}, not a rule",
                                  "refusal cites no rule of the game") from None
            outcome = "IllegalAction"
        except FuzzFailure:
            raise
        except Exception as exc:  # noqa: BLE001
            raise FuzzFailure(f"{game.name}: apply({C.short_repr(action)}) raised {type(exc).__name__}: "
                              f"{str(exc)[:200]}", f"apply raised {type(exc).__name__}") from exc
        else:
            if any(C.same(action, a) for a in legal):
                outcome = "legal"
            elif C.reads_as_legal(game, state, action, result, legal):
                outcome = "legal (as text)"
            else:
                raise FuzzFailure(f"{game.name}: apply accepted {C.short_repr(action)}, which is not a listed action",
                                  "apply accepted an unlisted action")
    if game.to_json(state) != before:
        raise FuzzFailure(f"{game.name}: apply({C.short_repr(action)}) changed the state it was given",
                          "apply changed its input")
    return outcome


# ------------------------------------------------------------------ action texts
def mutate_text(rng: random.Random, state: Any, game: Game) -> Any:
    """An action text: a real one, a changed one, junk, or not text at all."""
    legal = game.legal_actions(state)
    others = other_actions(game)
    pool = [str(a) for a in (list(legal) + list(rng.sample(others, min(5, len(others)))))] or ["x"]
    text = rng.choice(pool)
    pick = rng.random()
    if pick < 0.2:
        return text
    if pick < 0.3:
        return rng.choice([None, 5, b"draw", ["draw"], "", " ", "\x00", "x" * 100_000, HUGE, "-" + HUGE,
                           "play " + HUGE, text + " " + HUGE, text.upper(), "é" * 50, "\ud800"])
    for _ in range(rng.choice([1, 2, 3])):
        if not text:
            break
        at = rng.randrange(len(text))
        op = rng.randrange(6)
        if op == 0:
            text = text[:at] + text[at + 1:]
        elif op == 1:
            text = text[:at] + rng.choice(" ,;:-0123456789xé()[]{}'\"\n\t") + text[at:]
        elif op == 2:
            text = text[:at] + rng.choice(pool) + text[at:]
        elif op == 3:
            words = text.split()
            rng.shuffle(words)
            text = " ".join(words)
        elif op == 4:
            text = text[:at] + str(rng.choice([0, -1, 6, 99, 10**30, True])) + text[at:]
        else:
            text = text[:at] + text[at:].replace(" ", "  ", 1)
    return text


def text_outcome(game: Game, state: Any, text: Any) -> str:
    """'ActionParseError', or the outcome of applying what was read."""
    with time_limit(TIME_LIMIT, f"{game.name} parse_action"):
        try:
            action = game.parse_action(state, text)
        except IllegalAction as exc:  # ActionParseError is one
            if exc.rule not in game.rules:
                raise FuzzFailure(f"{game.name}: parse_action refusal cites {exc.rule!r}, not a rule",
                                  "parse refusal cites no rule of the game") from None
            return type(exc).__name__
        except FuzzFailure:
            raise
        except Exception as exc:  # noqa: BLE001
            raise FuzzFailure(f"{game.name}: parse_action({C.short_repr(text)}) raised {type(exc).__name__}: "
                              f"{str(exc)[:200]}", f"parse_action raised {type(exc).__name__}") from exc
    return "read, then " + action_outcome(game, state, action)


# ------------------------------------------------------------------ the script
def run(game: Game, n: int, seed: int, kinds: tuple[str, ...] = ("scenario", "action", "text"),
        report: Callable[[str], None] = print) -> Counter:
    """``n`` inputs of each kind; counts by outcome (failures counted as 'FAILURE ...')."""
    rng = random.Random(f"{seed}|{game.name}")
    base = positions(game)
    texts = [t for _, t in base]
    counts: Counter = Counter()
    shown = 0
    for kind in kinds:
        for _ in range(n):
            state, text = rng.choice(base)
            try:
                if kind == "scenario":
                    outcome = scenario_outcome(game, mutate_scenario(rng, text, texts))
                elif kind == "action":
                    outcome = action_outcome(game, state, mutate_action(rng, state, game))
                else:
                    outcome = text_outcome(game, state, mutate_text(rng, state, game))
            except FuzzFailure as exc:
                outcome = "FAILURE " + exc.kind
                if shown < 10:
                    report(f"  {kind}: {exc}")
                    shown += 1
            counts[(kind, outcome)] += 1
    return counts


def limit_memory(megabytes: int) -> None:
    """Cap this process's address space (Linux; silently nothing elsewhere)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        want = megabytes * 2**20
        if hard == resource.RLIM_INFINITY or want < hard:
            resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    except (ImportError, ValueError, OSError):
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.conformance.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10_000, help="inputs of each kind per game (default 10,000)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--game", action="append", help="a registered game (default: every one)")
    parser.add_argument("--toy", action="store_true", help="fuzz the conformance suite's toy game too")
    parser.add_argument("--memory-mb", type=int, default=4096,
                        help="address-space limit, so an input that allocates without bound fails (MemoryError) "
                             "instead of swapping the machine (default 4096; 0: none)")
    args = parser.parse_args(argv)
    if args.memory_mb:
        limit_memory(args.memory_mb)
    from tutor import games

    chosen: list[Game] = [games.get(name) for name in (args.game or games.names())]
    if args.toy:
        from tests.conformance.toy import GAME as TOY

        chosen.append(TOY)
    failed = 0
    print(f"fuzz: {args.n} inputs of each kind per game, seed {args.seed}")
    for game in chosen:
        if not isinstance(game, Game):
            print(f"{game.name if hasattr(game, 'name') else game}: not a tutor.core.Game; not fuzzed")
            failed += 1
            continue
        start = time.perf_counter()
        counts = run(game, args.n, args.seed)
        print(f"{game.name} ({time.perf_counter() - start:.0f} s)")
        for (kind, outcome), k in sorted(counts.items()):
            print(f"  {kind:<9}{outcome:<58}{k:>7}")
            failed += k if outcome.startswith("FAILURE") else 0
        broken = sum(k for (_, outcome), k in counts.items() if outcome.startswith("FAILURE " + BROKEN))
        print(f"  broken accepts (accepted files that then break a game){broken:>17}")
    print("no failure" if not failed else f"{failed} FAILURES")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
