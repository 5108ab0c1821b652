"""A game played with the keyboard alone (Tab, Enter, Space): the link to the moves is the page's
first stop, and after every move the focus is on the next decision (a move, the bot's step, "Play
again"), never dropped on the page's body; every button's focus ring stands out (WCAG 2.4.7, 1.4.11).

Uses the ``voila`` and ``new_page`` fixtures of tests/conftest.py.  Marked ``browser``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tutor import games

pytestmark = pytest.mark.browser

WAIT = 90_000

# where the focus is, in words a failure can show
FOCUS = """() => { const a = document.activeElement;
    if (!a || a === document.body) return {body: true, text: 'BODY'};
    const usable = a.tagName === 'BUTTON' && !a.disabled && a.getAttribute('aria-disabled') !== 'true'
        && a.offsetParent !== null;
    return {body: false, text: (a.className.toString() + ' | ' + (a.innerText || '')).slice(0, 90),
            move: usable && !!a.closest('.rt-game .rt-controls'),
            next: usable && !!a.closest('.rt-bot-move, .rt-play-again'),
            skip: a.matches('a.rt-skip')}; }"""

# samples the focus every 50 ms: the longest time it rested on the page's body
WATCH = """() => { window.rtBodyRun = 0; window.rtBodyLongest = 0;
    clearInterval(window.rtWatch);
    window.rtWatch = setInterval(() => {
        const onBody = !document.activeElement || document.activeElement === document.body;
        window.rtBodyRun = onBody ? window.rtBodyRun + 50 : 0;
        window.rtBodyLongest = Math.max(window.rtBodyLongest, window.rtBodyRun); }, 50); }"""


def focus(pg) -> dict:
    return pg.evaluate(FOCUS)


def open_play_by_keyboard(pg, url: str) -> None:
    """The page opened on its Play tab by a link; Tab reaches "Skip to the moves" first, Enter puts
    the focus on the first move."""
    pg.goto(url)
    pg.wait_for_selector(".rt-game .rt-to-move")
    pg.wait_for_function("""() => [...document.querySelectorAll('.rt-game .rt-controls button')]
        .some(b => b.offsetParent !== null && !b.disabled && b.getAttribute('aria-disabled') !== 'true')""")
    pg.wait_for_selector("a.rt-skip", state="attached")
    for _ in range(5):
        pg.keyboard.press("Tab")
        if focus(pg).get("skip"):
            break
    assert focus(pg).get("skip"), f"5 Tab presses did not reach the link to the moves: {focus(pg)['text']}"
    expect(pg.locator("a.rt-skip")).to_be_in_viewport()  # shown while it has the focus
    pg.keyboard.press("Enter")
    now = focus(pg)
    assert now.get("move"), f"the link to the moves put the focus on {now['text']}"


def moves_made(pg) -> int:
    """How many moves the game's log holds (the bots' and the person's)."""
    return pg.locator(".rt-game .rt-log-entry").count()


def settle_on_next_decision(pg, before: int) -> dict:
    """After a key pressed on a move: wait until the log has more moves than ``before`` and the focus
    is on a usable control again (a move, the bot's step or "Play again")."""
    pg.wait_for_function(
        """(before) => { if (document.querySelectorAll('.rt-game .rt-log-entry').length <= before) return false;
            const a = document.activeElement;
            return a && a !== document.body && a.tagName === 'BUTTON' && !a.disabled
                && a.getAttribute('aria-disabled') !== 'true' && a.offsetParent !== null; }""",
        arg=before, timeout=WAIT)
    return focus(pg)


def test_a_whole_kamikaze_game_with_the_keyboard_alone(new_page, voila, artifacts):
    pg = new_page("projector", timeout=WAIT)
    # against the default bot at its fastest pace, so the game is the person's moves
    open_play_by_keyboard(pg, voila.url(games.entry("kamikaze-attack").notebook) + "?tab=play&seed=5")
    pg.evaluate(WATCH)
    moves = 0
    keys = ("Enter", "Space")
    while not pg.locator(".rt-game .rt-over").count():
        now = focus(pg)
        assert now.get("move") or now.get("next"), f"after {moves} moves the focus is on {now['text']}"
        before = moves_made(pg)
        pg.keyboard.press(keys[moves % 2])
        moves += 1
        now = settle_on_next_decision(pg, before)
        assert moves < 200, "the game did not end"
    pg.wait_for_timeout(500)
    pg.screenshot(path=str(artifacts / "keyboard-kamikaze-over.png"))
    assert moves >= 5, f"a whole game took {moves} key presses"
    longest = pg.evaluate("window.rtBodyLongest")
    assert longest <= 400, f"the focus rested {longest} ms on the page's body during the game"
    end = focus(pg)
    assert end.get("next") or end.get("move"), f"at the game's end the focus is on {end['text']}"


def test_a_formula_e_turn_with_the_keyboard_alone(new_page, voila, artifacts):
    pg = new_page("phone", timeout=WAIT)
    open_play_by_keyboard(pg, voila.url(games.entry("formula-e").notebook) + "?tab=play&seed=3")
    pg.evaluate(WATCH)
    # the start grid: the second place offered (Tab, then Space), then each decision of the turn:
    # Enter on the first choice, until the person is to decide again at the next turn
    pg.keyboard.press("Tab")
    assert focus(pg).get("move"), "Tab from the first place did not reach the second"
    turn = pg.locator(".rt-game .rt-to-move").first.get_attribute("data-decision")
    before = moves_made(pg)
    pg.keyboard.press("Space")
    now = settle_on_next_decision(pg, before)
    assert now.get("move") or now.get("next"), now["text"]
    decisions = [turn]
    for _ in range(12):  # the placing, then a card turn: play, discard, draw...
        before = moves_made(pg)
        pg.keyboard.press("Enter")
        now = settle_on_next_decision(pg, before)
        assert now.get("move") or now.get("next"), f"after {decisions} the focus is on {now['text']}"
        decisions.append(pg.locator(".rt-game .rt-to-move, .rt-game .rt-over").first.get_attribute("data-decision"))
        if len(set(decisions)) >= 3 and decisions[-1] == decisions[1]:
            break  # a whole turn: back at its first kind of decision
    pg.screenshot(path=str(artifacts / "keyboard-formula-e-turn.png"))
    assert len(set(decisions)) >= 2, f"one kind of decision only: {decisions}"
    assert pg.evaluate("window.rtBodyLongest") <= 400


def luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# every shown button with a background of its own colour, focused as the keyboard would: its ring's
# colour, width and offset, the button's colour and the page's behind it, and whether a box clips it
RINGS = """async () => {
    const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
    const bg = el => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3); } return [255, 255, 255]; };
    const out = [];
    for (const b of document.querySelectorAll('.rt-page button')) {
        if (b.offsetParent === null) continue;
        const own = rgb(getComputedStyle(b).backgroundColor);
        if (own.length === 4 && own[3] < 0.5) continue;
        const [r, g, bl] = own;
        if (Math.max(r, g, bl) - Math.min(r, g, bl) < 40) continue;  // grey or white: not coloured
        b.focus();
        const st = getComputedStyle(b), width = parseFloat(st.outlineWidth), off = parseFloat(st.outlineOffset);
        const rect = b.getBoundingClientRect(), reach = Math.max(width + off, 0);  // how far it reaches out
        let clipped = '';
        for (let e = b.parentElement; e && !e.classList.contains('rt-page'); e = e.parentElement) {
            const s = getComputedStyle(e);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const box = e.getBoundingClientRect();
            if (rect.left - reach < box.left - 0.5 || rect.right + reach > box.right + 0.5
                || rect.top - reach < box.top - 0.5 || rect.bottom + reach > box.bottom + 0.5) {
                clipped = e.className.toString().slice(0, 60); break; }
        }
        const band = /inset/.test(st.boxShadow) ? rgb(st.boxShadow).slice(0, 3) : null;
        const spread = band ? (st.boxShadow.match(/(-?[\\d.]+)px/g) || []).map(parseFloat)[3] || 0 : 0;
        out.push({text: b.innerText.slice(0, 30), button: own.slice(0, 3), ring: rgb(st.outlineColor),
                  band, spread, style: st.outlineStyle, width, off, page: bg(b.parentElement), clipped,
                  visible: b.matches(':focus-visible')});
    }
    return out;
}"""


@pytest.mark.parametrize("name", ["kamikaze-attack", "fire-bulls"])
def test_the_focus_ring_stands_out_on_coloured_buttons(new_page, voila, name):
    pg = new_page("projector", timeout=WAIT)
    pg.goto(voila.url(games.entry(name).notebook) + "?tab=play")
    pg.wait_for_function("""() => [...document.querySelectorAll('.rt-game .rt-controls button')]
        .some(b => b.offsetParent !== null && !b.disabled && b.getAttribute('aria-disabled') !== 'true')""")
    # the page's style sheet is a widget of its own: on a loaded machine the buttons came first
    pg.wait_for_function("""() => [...document.styleSheets].some(s => { try { return [...s.cssRules].some(
        r => (r.selectorText || '').includes('.rt-page button:focus-visible')); } catch (e) { return false; } })""")
    pg.keyboard.press("Tab")  # the last interaction is the keyboard's: focus() shows the ring as Tab would
    rings = pg.evaluate(RINGS)
    assert len(rings) >= 2, f"no coloured buttons found on {name}'s Play tab"
    for ring in rings:
        assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, ring
        assert contrast(ring["ring"], ring["page"]) >= 3, f"the ring of {ring['text']!r} is faint on the page: {ring}"
        # on the button's colour: the dark ring, or the light band within it, stands out (a ring drawn
        # inside the button's edge, over its colour; one 2px or more outside it has the page's colour around)
        outside = ring["off"] >= 2
        inside_band = (ring["band"] is not None and ring["spread"] - ring["width"] >= 2
                       and contrast(ring["band"], ring["button"]) >= 3)
        assert outside or contrast(ring["ring"], ring["button"]) >= 3 or inside_band, ring
        assert not ring["clipped"], f"the ring of {ring['text']!r} is cut by {ring['clipped']}"
