"""The README opens with the two commands, and its Python example runs."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_opens_with_exactly_the_two_commands():
    lines = README.read_text().splitlines()
    assert lines[:4] == ["```sh", "make run", "make test", "```"]


def test_readme_python_example_runs():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
