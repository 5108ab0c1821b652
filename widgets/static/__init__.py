"""The pages' CSS and JavaScript, as files beside this module, each read once.

>>> "rt-stepper" in text("common.css")
True
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def text(name: str) -> str:
    """The file ``name`` of this folder, read once (it ships in the wheel as package data)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
