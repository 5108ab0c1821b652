"""Which rule each test pins down, so a test can check every rule has one.

A test names the rules it guards with ``@covers("game/topic/...")``;
:func:`uncovered` lists the rules of a game that no test names, after
importing every test module that uses ``covers`` (so the check sees the
marks of every game's tests, wherever they live under ``tests/``).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

COVERED: dict[str, set[str]] = {}
TESTS = Path(__file__).resolve().parent


def covers(*rule_ids: str):
    """Mark a test as the one that fails when these rules are broken."""

    def mark(fn):
        for rid in rule_ids:
            COVERED.setdefault(rid, set()).add(f"{fn.__module__}.{fn.__name__}")
        return fn

    return mark


def load_all() -> None:
    """Import every test module under tests/ that marks rules (their marks land in COVERED)."""
    for path in sorted(TESTS.rglob("test_*.py")):
        if "covers(" not in path.read_text(encoding="utf-8"):
            continue
        parts = path.relative_to(TESTS.parent).with_suffix("").parts
        importlib.import_module(".".join(parts))


def uncovered(game: Any) -> list[str]:
    """The ids of ``game``'s rules that no test names."""
    load_all()
    return [r.id for r in game.rules if r.id not in COVERED]


def stale(game: Any) -> list[str]:
    """Marks under ``game``'s prefix that name no rule of it (a renamed or deleted rule)."""
    load_all()
    prefix = game.name + "/"
    return sorted(r for r in COVERED if r.startswith(prefix) and r not in game.rules)
