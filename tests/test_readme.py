"""The README opens with its title and the two commands, its Python example runs, and the README
and the pages under docs/ stay readable: no issue numbers, no overlong line, no broken link."""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]
LONGEST_LINE = 400
FENCE = re.compile(r"^(```|~~~)")


def prose(text: str) -> list[tuple[int, str]]:
    """The numbered lines of a Markdown text outside fenced code blocks."""
    out, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out.append((number, line))
    return out


def test_readme_opens_with_its_title_then_exactly_the_two_commands():
    lines = README.read_text().splitlines()
    assert lines[0].startswith("# "), "the README starts with its title"
    first_block = next(i for i, line in enumerate(lines) if FENCE.match(line))
    assert lines[first_block:first_block + 4] == ["```sh", "make run", "make test", "```"]
    before = [line for line in lines[1:first_block] if line.strip()]
    assert not any(line.startswith("#") for line in before), "nothing but a pitch between the title and the commands"
    assert len(before) <= 3, before


def test_readme_python_example_runs():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_issue_numbers(page):
    found = [(n, line) for n, line in enumerate(page.read_text().splitlines(), 1)
             if re.search(r"\bissues?\s*#?\s*\d+|(?<![\w&])#\d+\b", line, re.IGNORECASE)]
    assert not found, f"{page.name} names issues by number (say what, not which ticket): {found}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_line_over_400_characters(page):
    long = [(n, len(line)) for n, line in enumerate(page.read_text().splitlines(), 1) if len(line) > LONGEST_LINE]
    assert not long, f"{page.name}: lines over {LONGEST_LINE} characters (line, length): {long}"


def slug(heading: str, seen: dict[str, int]) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, and
    -1, -2 ... for repeats."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading keeps its text
    base = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    count = seen.get(base, 0)
    seen[base] = count + 1
    return base if count == 0 else f"{base}-{count}"


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    return {slug(m.group(2), seen) for _, line in prose(page.read_text())
            if (m := re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line))}


def links(page: Path) -> list[tuple[int, str]]:
    """Every link target in a page's prose, with its line number; inline code (which may run
    over a line break) left out."""
    lines = dict(prose(page.read_text()))
    text = "\n".join(lines.get(n, "") for n in range(1, max(lines, default=0) + 1))
    text = re.sub(r"`[^`]*`", lambda code: "\n" * code.group().count("\n"), text)
    return [(text.count("\n", 0, m.start()) + 1, m.group(1))
            for m in re.finditer(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_points_to_an_existing_file_and_heading(page):
    broken = []
    for number, target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not ours to check
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append((number, target, "no such file"))
        elif anchor and (file.suffix != ".md" or anchor not in anchors(file)):
            broken.append((number, target, "no such heading"))
    assert not broken, f"{page.name}: broken links (line, target, why): {broken}"


def test_the_link_checker_sees_links_and_headings():
    """The checks above cannot pass by finding nothing."""
    assert any(target == "docs/classroom.md" for _, target in links(README))
    assert "for-teachers" in anchors(README)
    assert slug("The tutor's Voilà server", {}) == "the-tutors-voilà-server"
    assert slug("A room: `make bench-class`", {}) == "a-room-make-bench-class"
