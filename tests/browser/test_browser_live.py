"""A live lesson in the browser: the teacher's page on a projector (1280x720) and two students'
pages (a phone in English, a projector-size page in Italian) joined by the teacher's link.

The teacher steps an example (both follow), asks the class, one student answers right and one
wrong, the teacher reveals (both see the bars and their own answer), one student explores and
comes back, then the teacher opens the Play tab and plays a card: the class sees the teacher's table.
The duel asked about is the rulebook's: the Swordsman beats the Archer.
Screenshots go to test-artifacts/live-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import shot
from tutor import games

pytestmark = pytest.mark.browser

WAIT = 90_000
GAME = "kamikaze-attack"


def same_step(text: str) -> re.Pattern:
    """A step counter showing the same numbers as ``text`` ("Step 1 of 2", "Passo 1 di 2"), in any language."""
    return re.compile(r"^\D*" + r"\D+".join(re.findall(r"\d+", text)) + r"\D*$")


def step_to(pg, example: int) -> str:
    """Choose the example ``example`` of the chooser, then Next: the step counter's words once it shows step 1."""
    pg.select_option(".rt-chooser select", index=example)
    counter = pg.locator(".rt-step-count")
    expect(counter).to_have_text(re.compile(r"^\D*0\D+\d+"))
    pg.click(".rt-next")
    expect(counter).to_have_text(re.compile(r"^\D*1\D+\d+"))
    return counter.inner_text()


def test_a_live_lesson_with_two_students(new_page, voila, artifacts):
    teacher = new_page("projector", timeout=WAIT)
    teacher.goto(voila.url(games.entry(GAME).notebook))
    teacher.locator(".rt-chooser select").wait_for()
    teacher.click(".rt-live-start")
    code_line = teacher.locator(".rt-live-code")
    expect(code_line).to_have_text(re.compile(r"code [A-Z2-9]{6}$"))
    code = code_line.inner_text()[-6:]
    link = teacher.locator(".rt-live-link a").get_attribute("href")
    assert link and link.endswith(f"room={code}")
    expect(teacher.locator(".rt-live-qr svg")).to_be_visible()

    ana = new_page("phone", timeout=WAIT)
    bea = new_page("projector", timeout=WAIT)
    ana.goto(link)
    bea.goto(link + "&lang=it")
    expect(ana.locator(".rt-live-status")).to_contain_text(f"code {code} — Following the teacher")
    expect(bea.locator(".rt-live-status")).to_contain_text("Segui l'insegnante")
    counts = teacher.locator(".rt-live-counts")
    expect(counts).to_contain_text("2 connected · 2 following · 0 exploring")

    # the teacher steps an example: both pages show the same example and step
    step = step_to(teacher, 1)  # the swordsman against the archer, its first step
    for student in (ana, bea):
        expect(student.locator(".rt-step-count")).to_have_text(same_step(step))
    expect(bea.locator(".rt-tabs .lm-TabBar-tab").first).to_contain_text("Esempi")

    # ask the class: each page in its language; the teacher counts answers, not which
    teacher.click(".rt-live-ask")
    expect(ana.locator(".rt-live-prompt")).to_contain_text("Who wins this duel?")
    expect(bea.locator(".rt-live-prompt")).to_contain_text("Chi vince questo duello?")
    ana.locator(".rt-live-choice-button", has_text="Player 1 wins the duel").click()  # right: the rulebook's
    bea.locator(".rt-live-choice-button", has_text="Giocatore 2 vince il duello").click()  # wrong
    expect(counts).to_contain_text("2 answered")
    expect(ana.locator(".rt-live-answered")).to_contain_text("You answered: Player 1 wins the duel")
    expect(bea.locator(".rt-live-answered")).to_contain_text("Hai risposto: Giocatore 2 vince il duello")

    # reveal: the bars, the right one marked, each student's own answer marked
    teacher.click(".rt-live-reveal")
    for pg in (teacher, ana, bea):
        expect(pg.locator(".rt-live-option")).to_have_count(4)
        expect(pg.locator(".rt-live-option-right")).to_have_count(1)
    expect(teacher.locator(".rt-live-option-right")).to_contain_text("Player 1 wins the duel")
    expect(teacher.locator(".rt-live-option-right .rt-live-count")).to_have_text("1")
    expect(ana.locator(".rt-live-option-right .rt-live-you")).to_be_visible()
    expect(bea.locator(".rt-live-option", has_text="Giocatore 2 vince").locator(".rt-live-you")).to_be_visible()
    expect(bea.locator(".rt-live-rule")).to_contain_text("Regola")
    shot(teacher, ".rt-live", artifacts / "live-teacher-reveal.png")
    shot(ana, ".rt-live", artifacts / "live-phone-reveal.png")

    # the Italian student explores, the teacher steps on, the student comes back to where the teacher is
    bea.click(".rt-live-explore")
    expect(counts).to_contain_text("1 following · 1 exploring")
    expect(bea.locator(".rt-live-status")).to_contain_text("Esplori da solo")
    bea_step = bea.locator(".rt-step-count").inner_text()
    teacher_step = step_to(teacher, 2)
    expect(ana.locator(".rt-step-count")).to_have_text(same_step(teacher_step))
    expect(bea.locator(".rt-step-count")).to_have_text(bea_step)
    bea.click(".rt-live-back")
    expect(counts).to_contain_text("2 following · 0 exploring")
    chosen = teacher.eval_on_selector(".rt-chooser select", "s => s.selectedIndex")  # its name is in each language
    bea.wait_for_function("i => document.querySelector('.rt-chooser select').selectedIndex === i", arg=chosen)
    expect(bea.locator(".rt-step-count")).to_have_text(same_step(teacher_step))

    # the Play tab: the class sees the teacher's table, drawn from the view the teacher chose
    teacher.click(".lm-TabBar-tab >> nth=1")
    teacher.locator(".rt-game .rt-board").wait_for()
    expect(teacher.locator(".rt-live-seat")).to_be_visible()
    for student in (ana, bea):
        expect(student.locator(".rt-live-table .rt-sections")).to_be_visible()
    expect(bea.locator(".rt-live-table-title")).to_have_text("Il tavolo dell'insegnante")
    # the teacher plays a card: both students' tables follow
    tables = {pg: pg.locator(".rt-live-table .rt-sections-box").inner_html() for pg in (ana, bea)}
    teacher.locator(".rt-game .ka-buttons button").first.click()
    for pg, before in tables.items():
        pg.wait_for_function("old => document.querySelector('.rt-live-table .rt-sections-box').innerHTML !== old",
                             arg=before)
    shot(ana, ".rt-live-table", artifacts / "live-phone-table.png")
    shot(teacher, ".rt-live", artifacts / "live-teacher-play.png")

    teacher.click(".rt-live-end")
    expect(teacher.locator(".rt-live-record")).to_be_visible()
    expect(ana.locator(".rt-live-status")).to_contain_text("The live lesson has ended")


def test_a_student_joins_by_typing_the_code_on_the_landing_page(new_page, voila):
    teacher = new_page("projector", timeout=WAIT)
    teacher.goto(voila.url(games.entry(GAME).notebook))
    teacher.locator(".rt-chooser select").wait_for()
    teacher.click(".rt-live-start")
    code_line = teacher.locator(".rt-live-code")
    expect(code_line).to_have_text(re.compile(r"code [A-Z2-9]{6}$"))
    code = code_line.inner_text()[-6:]

    phone = new_page("phone", timeout=WAIT)
    phone.goto(voila.url("index.ipynb") + "?lang=fr")
    box = phone.locator(".rt-live-code-box input")
    box.fill("XYZ")
    box.press("Tab")
    phone.click(".rt-live-join-button")
    expect(phone.locator(".rt-live-join-message")).to_contain_text("n'est pas le code d'une leçon en direct")
    box.fill(code.lower())  # typed on a phone, in lower case
    box.press("Tab")
    phone.click(".rt-live-join-button")
    phone.wait_for_url(re.compile(rf"{games.entry(GAME).notebook}\?lang=fr&room={code}"))
    expect(phone.locator(".rt-live-status")).to_contain_text("Vous suivez l'enseignant")
    expect(teacher.locator(".rt-live-counts")).to_contain_text("1 connected · 1 following")


def test_reloaded_pages_find_their_room_again_and_a_forged_key_leads_nothing(new_page, voila):
    teacher = new_page("projector", timeout=WAIT)
    teacher.goto(voila.url(games.entry(GAME).notebook))
    teacher.locator(".rt-chooser select").wait_for()
    teacher.click(".rt-live-start")
    code_line = teacher.locator(".rt-live-code")
    expect(code_line).to_have_text(re.compile(r"code [A-Z2-9]{6}$"))
    code = code_line.inner_text()[-6:]
    link = teacher.locator(".rt-live-link a").get_attribute("href")
    ana = new_page("phone", timeout=WAIT)
    ana.goto(link)
    expect(ana.locator(".rt-live-status")).to_contain_text(f"code {code} — Following the teacher")
    step_to(teacher, 1)
    teacher.click(".rt-live-ask")
    ana.locator(".rt-live-choice-button", has_text="Player 1 wins the duel").click()
    expect(ana.locator(".rt-live-answered")).to_contain_text("You answered: Player 1 wins the duel")

    # the teacher reloads the page (a new kernel): it leads the same room, with its student and question
    teacher.reload()
    expect(code_line).to_have_text(f"Live lesson: code {code}")
    counts = teacher.locator(".rt-live-counts")
    expect(counts).to_contain_text("1 connected · 1 following · 0 exploring · 1 answered")
    expect(teacher.locator(".rt-live-start")).to_be_hidden()
    expect(teacher.locator(".rt-live-reveal")).to_be_visible()

    # the student reloads: the address names the room, the tab's key makes it the same student
    ana.reload()
    expect(ana.locator(".rt-live-status")).to_contain_text(f"code {code} — Following the teacher")
    expect(ana.locator(".rt-live-answered")).to_contain_text("You answered: Player 1 wins the duel")
    expect(counts).to_contain_text("1 connected · 1 following · 0 exploring · 1 answered")
    teacher.click(".rt-live-reveal")
    expect(ana.locator(".rt-live-option-right .rt-live-you")).to_be_visible()
    step = step_to(teacher, 2)  # the class follows the reloaded teacher's next step
    expect(ana.locator(".rt-step-count")).to_have_text(same_step(step))
    chosen = teacher.eval_on_selector(".rt-chooser select", "s => s.selectedIndex")
    ana.wait_for_function("i => document.querySelector('.rt-chooser select').selectedIndex === i", arg=chosen)

    # a tab whose kept key was edited: the room refuses it, the page stays an ordinary page
    forger = new_page("projector", timeout=WAIT)
    forger.goto(voila.url(games.entry(GAME).notebook))
    forger.locator(".rt-chooser select").wait_for()
    forger.evaluate("c => sessionStorage.setItem('rtLiveTeacher', c + ' 0123456789abcdef0123456789abcdef')", code)
    forger.reload()
    forger.locator(".rt-chooser select").wait_for()
    forger.wait_for_function("() => sessionStorage.getItem('rtLiveTeacher') === null")  # forgotten
    expect(forger.locator(".rt-live-start")).to_be_visible()
    expect(forger.locator(".rt-live-code")).to_have_count(0)
    step_to(teacher, 1)  # the teacher still leads the class
    chosen = teacher.eval_on_selector(".rt-chooser select", "s => s.selectedIndex")
    ana.wait_for_function("i => document.querySelector('.rt-chooser select').selectedIndex === i", arg=chosen)
    expect(ana.locator(".rt-live-status")).to_contain_text("Following the teacher")
