"""Steps several browser tests take on a game page (Playwright pages from ``new_page``).

Each waits for what it needs: a control the kernel shows or hides is waited for, never read
once right after the change that brings it (the update comes from the kernel a moment later).
"""

from __future__ import annotations

from playwright.sync_api import expect


READY = ".rt-chooser select"  # the Examples tab's chooser: the first panel is interactive (guided game or example)


def first_example(pg, index: int = 1) -> None:
    """On the Examples tab (which opens on the guided first game), step through the chooser's
    entry ``index`` instead (1: the simplest worked example): its Next button is then shown."""
    pg.select_option(".rt-chooser select", index=index)
    pg.wait_for_selector(".rt-next")


def open_play(pg, url: str) -> None:
    """Open a game page at ``url`` and its Play tab, ready for a new game."""
    pg.goto(url)
    pg.wait_for_selector(READY)
    pg.click(".lm-TabBar-tab >> nth=1")
    pg.wait_for_selector(".rt-game .rt-new-game")


def choose_seats(pg, *seats: str | None, new_game: bool = True) -> None:
    """On the Play tab: ``len(seats)`` players, seat ``i`` played by ``seats[i]`` (a value of its
    chooser: ``"human"``, ``"bot: random"`` ...; ``None`` leaves the seat as it is), then "New
    game" unless ``new_game=False`` (e.g. to load a scenario file for these seats instead)."""
    players = pg.locator(".rt-game .rt-players input")
    if players.input_value() != str(len(seats)):
        players.fill(str(len(seats)))
        players.press("Tab")  # commit the number to the kernel: the seats' choosers follow
    expect(pg.locator(f".rt-game .rt-seat-{len(seats) - 1} select")).to_be_visible()
    for i, who in enumerate(seats):
        if who is not None:
            pg.select_option(f".rt-game .rt-seat-{i} select", who)
    if new_game:
        pg.click(".rt-game .rt-new-game")


def shot(pg, selector: str, path) -> None:
    """A screenshot of the screen with ``selector`` scrolled to its top (Voilà scrolls inside the page)."""
    pg.locator(selector).first.evaluate("el => el.scrollIntoView({block: 'start'})")
    pg.wait_for_timeout(300)
    pg.screenshot(path=str(path))


def load_scenario(pg, text: str, *, refused: bool = False) -> None:
    """On the Play tab: open the scenario files, paste ``text`` and press Load; waits for the
    file's message, "loaded" (or with ``refused=True`` its refusal, whose words the test reads)."""
    pg.click(".rt-game >> text=Scenario file (JSON)")
    area = pg.wait_for_selector(".rt-scenario textarea")
    area.fill(text)
    area.press("Tab")  # commit the text to the kernel
    pg.click(".rt-load")
    pg.wait_for_selector(f".rt-file-message .rt-msg-{'error' if refused else 'ok'}")


def wait_text_changes(pg, selector: str, old: str) -> str:
    """Wait until the text of ``selector`` (a CSS selector: its first match) is no longer ``old``,
    e.g. after a click whose update comes from the kernel a moment later; returns the new text."""
    changed = pg.wait_for_function(
        "([sel, old]) => { const el = document.querySelector(sel);"
        " return el !== null && el.innerText !== old ? [el.innerText] : null; }",
        arg=[selector, old])
    return changed.json_value()[0]
