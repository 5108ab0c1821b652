"""Reading and writing scenario files, which are untrusted (imports only :mod:`tutor.core.errors`).

A scenario file may come from a student's upload.  Reading one must never raise anything but
ScenarioError, never take long, never echo a huge value, and never accept a position the rules
cannot reach.
"""

from __future__ import annotations

import builtins
import json
import re
from typing import Any, Sequence

from tutor.core.errors import ScenarioError

__all__ = ["ScenarioReader", "parse_json_object", "dump_json", "short", "check_header", "FORMAT",
           "JSON_REASONS"]

MAX_FILE_CHARS = 1_000_000
MAX_DEPTH = 12
MAX_INT_DIGITS = 18
FORMAT = 2  # the scenario format version written by to_json


def short(value: Any, limit: int = 40) -> str:
    """A bad value as a message may quote it: its repr, cut to ``limit`` characters.

    >>> short("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> short(10 ** 5000)
    'int'
    """
    try:
        text = repr(value) if not isinstance(value, (dict, list)) else json.dumps(value)[:limit + 1]
    except (ValueError, RecursionError):  # a huge int, a deep structure
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _file_error(template: str, **params: Any) -> ScenarioError:
    return ScenarioError("file", template.format(**params), template=template, params=params)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(text)
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(text)


def _depth_ok(data: Any) -> bool:
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return True


def parse_json_object(text: str | bytes) -> dict:
    """Parse a scenario's JSON text, turning every failure into ScenarioError.

    Files over a megabyte, deeper than a scenario ever is, or with numbers too
    long to be a count are refused before any game reads them.  The messages
    carry templates, so a game's catalog can translate them.

    >>> parse_json_object('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse_json_object("[" * 10000)
    Traceback (most recent call last):
    ...
    tutor.core.errors.ScenarioError: file: is nested deeper than any scenario (at most 12 levels)
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * MAX_FILE_CHARS:
            raise _file_error("is too large for a scenario (at most {limit} characters)", limit=MAX_FILE_CHARS)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _file_error("is not UTF-8 text (byte {at} cannot be read)", at=exc.start + 1) from None
    if not isinstance(text, str):
        raise _file_error("expected JSON text, got {got}", got=type(text).__name__)
    if len(text) > MAX_FILE_CHARS:
        raise _file_error("is too large for a scenario (at most {limit} characters)", limit=MAX_FILE_CHARS)
    if _nesting(text) > MAX_DEPTH:
        raise _file_error("is nested deeper than any scenario (at most {limit} levels)", limit=MAX_DEPTH)
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _file_error(_json_reason(exc.msg), line=exc.lineno, column=exc.colno) from None
    except (ValueError, RecursionError):
        raise _file_error("holds a number no scenario uses (at most {digits} digits, no NaN or Infinity)",
                          digits=MAX_INT_DIGITS) from None
    if not isinstance(data, dict):
        raise _file_error("a scenario must be a JSON object, between braces")
    if not _depth_ok(data):  # pragma: no cover - _nesting already refused it
        raise _file_error("is nested deeper than any scenario (at most {limit} levels)", limit=MAX_DEPTH)
    return data


# the JSON parser says why in English; each reason is a template of its own, worded in every
# language by the core catalog (tutor/data/messages.json), never the parser's words.
JSON_REASONS = (
    ("Expecting value", "a value is missing or misspelt"),
    ("Expecting property name", "a name in double quotes is expected"),
    ("Expecting ','", "a comma is missing"),
    ("Expecting ':'", "a colon is missing"),
    ("Unterminated string", "a text in quotes is never closed"),
    ("Invalid control character", "a text in quotes breaks its line"),
    ("Invalid \\", "a backslash in a text starts no known escape"),
    ("Extra data", "something follows the end of the scenario"),
)


def _json_reason(why: str) -> str:
    """The template for a JSON syntax error whose parser message is ``why``.

    >>> _json_reason("Expecting ',' delimiter")
    'is not valid JSON (line {line}, column {column}: a comma is missing)'
    >>> _json_reason("something new")
    'is not valid JSON (line {line}, column {column})'
    """
    for start, reason in JSON_REASONS:
        if why.startswith(start):
            return "is not valid JSON (line {line}, column {column}: " + reason + ")"
    return "is not valid JSON (line {line}, column {column})"


def _nesting(text: str) -> int:
    """How deep brackets nest in ``text`` (brackets inside strings count too: an over-estimate)."""
    depth = deepest = 0
    for ch in re.findall(r"[\[\]{}]", text):
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


_MISSING = object()
_TYPE_WORDS = {int: "a whole number", str: "text", bool: "true or false", list: "a list",
               dict: "an object"}


class ScenarioReader:
    """Reads the fields of a scenario object; every fault a short ScenarioError naming the field.

    >>> r = ScenarioReader({"seed": 7, "hands": [["a"], ["b"]]})
    >>> r.int("seed", 0, 10**9), r.list("hands", length=2)
    (7, [['a'], ['b']])
    >>> r.int("seed", 0, 5)
    Traceback (most recent call last):
    ...
    tutor.core.errors.ScenarioError: seed: expected a whole number from 0 to 5, got 7
    >>> ScenarioReader({"seed": True}).int("seed", 0, 5)
    Traceback (most recent call last):
    ...
    tutor.core.errors.ScenarioError: seed: expected a whole number from 0 to 5, got True
    """

    def __init__(self, data: Any, path: builtins.str = ""):
        if not isinstance(data, dict):
            raise self.error_at(path or "file", "expected an object, got {got}", got=short(data))
        self.data = data
        self.path = path

    def field(self, key: builtins.str | builtins.int) -> builtins.str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    @staticmethod
    def error_at(field: builtins.str, template: builtins.str, **params: Any) -> ScenarioError:
        return ScenarioError(field, template.format(**params), template=template, params=params)

    def error(self, key: builtins.str | builtins.int, template: builtins.str, **params: Any) -> ScenarioError:
        return self.error_at(self.field(key), template, **params)

    def get(self, key: builtins.str, kind: type | tuple[type, ...] = object, default: Any = _MISSING) -> Any:
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, "is missing")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if bool not in kinds and isinstance(value, bool) and int in kinds:
            raise self.error(key, "expected {what}, got {got}", what=_TYPE_WORDS[int], got=short(value))
        if not isinstance(value, kinds):
            what = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
            raise self.error(key, "expected {what}, got {got}", what=what, got=short(value))
        return value

    def int(self, key: builtins.str, lo: builtins.int, hi: builtins.int, default: Any = _MISSING) -> builtins.int:
        value = self.data.get(key, _MISSING)
        if value is _MISSING and default is not _MISSING:
            return default
        if value is _MISSING:
            raise self.error(key, "is missing")
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.error(key, "expected a whole number from {lo} to {hi}, got {got}",
                             lo=lo, hi=hi, got=short(value))
        return value

    def optional_int(self, key: builtins.str, lo: builtins.int, hi: builtins.int) -> builtins.int | None:
        if self.data.get(key) is None:
            return None
        return self.int(key, lo, hi)

    def choice(self, key: builtins.str, choices: Sequence[Any], default: Any = _MISSING) -> Any:
        value = self.data.get(key, _MISSING)
        if value is _MISSING and default is not _MISSING:
            return default
        if value is _MISSING:
            raise self.error(key, "is missing")
        if isinstance(value, (dict, list)) or value not in choices:
            raise self.error(key, "expected one of {choices}, got {got}",
                             choices=", ".join(str(c) for c in choices), got=short(value))
        return value

    def str(self, key: builtins.str, max_len: builtins.int = 200, default: Any = _MISSING) -> builtins.str:
        value = self.get(key, str, default)
        if len(value) > max_len:
            raise self.error(key, "is longer than {limit} characters", limit=max_len)
        return value

    def list(self, key: builtins.str, length: builtins.int | None = None, max_len: builtins.int = 500,
             default: Any = _MISSING) -> builtins.list:
        value = self.get(key, list, default)
        if length is not None and len(value) != length:
            raise self.error(key, "expected {n} entries, got {got}", n=length, got=len(value))
        if len(value) > max_len:
            raise self.error(key, "expected at most {n} entries, got {got}", n=max_len, got=len(value))
        return value

    def bools(self, key: builtins.str, length: builtins.int) -> tuple[bool, ...]:
        items = self.list(key, length)
        for i, b in enumerate(items):
            if not isinstance(b, bool):
                raise self.error_at(f"{self.field(key)}[{i}]", "expected true or false, got {got}", got=short(b))
        return tuple(items)

    def sub(self, key: builtins.str) -> "ScenarioReader":
        return ScenarioReader(self.get(key, dict), self.field(key))


def check_header(data: dict, game: str) -> int:
    """The ``game`` and ``format`` fields of a scenario; returns the format (1: before it was written)."""
    r = ScenarioReader(data)
    name = data.get("game", game)
    if name != game:
        raise r.error("game", "this file is for {got}, not {want}", got=short(name), want=game)
    return r.int("format", 1, FORMAT, default=1)


def dump_json(data: dict) -> str:
    """Canonical, human-editable JSON: same state, same bytes."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
