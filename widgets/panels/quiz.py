"""The Quiz tab and the Play tab's Hint button: questions and hints the engine answers.

:class:`QuizPanel` shows the questions of :func:`tutor.quiz.generate` one at
a time: the position (the game's board from the question's state, as its
player sees it), the prompt, the choices as buttons, and after an answer the
feedback with the engine's explanation and the rule cited, with a running
score.  A question set is saved as text and loaded back (a file or pasted).
:class:`HintBox` is the Play tab's Hint button: the sentence of
:func:`tutor.hints.hint` and the rule it rests on.  Nothing here decides a
rule: the answers and the sentences are the engine's.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from tutor import hints, quiz
from tutor.quizrun import QuizRun
from tutor.core import ScenarioError
from widgets import static
from widgets.panels.common import cite, esc, message, uploaded_bytes
from widgets.panels.i18n import Language, t
from widgets.panels.sections import Sections

__all__ = ["QuizPanel", "HintBox", "YourTurn", "CSS"]

# choices are sentences: they wrap (a button is one line by default) and stay readable once answered
CSS = '\n<style>' + static.text('quiz.css') + '</style>\n'


def _style() -> w.HTML:
    return w.HTML(CSS, layout=w.Layout(height="0px", margin="0"))


def _mark(text: str, right: bool, picked: bool) -> str:
    """An answered choice: ✓ before a right one, ✗ before a wrong pick (not by colour alone)."""
    return ("✓ " if right else "✗ " if picked else "") + text


class QuizPanel(w.VBox):
    """Engine-checked questions with a running score."""

    def __init__(self, game: Any, board: Callable, language: Language | None = None, seed: int = 1, n: int = 10):
        super().__init__()
        self.add_class("rt-panel")
        self.add_class("rt-quiz")
        self.game = game
        self.board_fn = board
        self.language = language or Language()
        self.seed, self.n = seed, n
        self.questions: list[quiz.Question] = []
        self.run = QuizRun(())  # which question is shown, tries and first-try answers (tutor.quizrun)
        self.picked: set[int] = set()
        self.wrong: set[int] = set()  # choices tried and found wrong on the question shown
        self.missing = 0  # right choices left out of the last check (several to find, none picked wrong)
        self.revealed = False  # the learner asked to see the answer
        self.loaded = False
        self.scenario_progress: Callable[[], dict] | None = None  # the page's Scenarios tab's progress, exported too
        self.progress = w.HTML()
        self.progress.add_class("rt-quiz-progress")
        self.board = Sections()
        self.board.add_class("rt-board")
        self.prompt = w.HTML()
        self.prompt.add_class("rt-quiz-prompt")
        self.choices = w.VBox()
        self.choices.add_class("rt-quiz-choices")
        self.check_button = w.Button(button_style="primary")
        self.check_button.add_class("rt-quiz-check")
        self.check_button.on_click(lambda _: self.check())
        self.feedback = w.HTML()
        self.feedback.add_class("rt-quiz-feedback")
        self.next_button = w.Button(icon="arrow-right")
        self.next_button.add_class("rt-quiz-next")
        self.next_button.on_click(lambda _: self.next_question())
        self.reveal_button = w.Button(icon="eye")
        self.reveal_button.add_class("rt-quiz-reveal")
        self.reveal_button.on_click(lambda _: self.reveal())
        self.new_button = w.Button(icon="refresh")
        self.new_button.add_class("rt-quiz-new")
        self.new_button.on_click(lambda _: self.new_set(self.seed + 1))
        self.save_button = w.Button(icon="download")
        self.save_button.add_class("rt-quiz-save")
        self.save_button.on_click(lambda _: self.save())
        self.load_button = w.Button(icon="upload")
        self.load_button.add_class("rt-quiz-load")
        self.load_button.on_click(lambda _: self.load(self.text.value))
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("rt-quiz-upload")
        self.upload.observe(self._uploaded, "value")
        self.text = w.Textarea(layout=w.Layout(width="46em", max_width="100%", height="8em"))
        self.text.add_class("rt-quiz-file")
        self.file_msg = w.HTML()
        self.file_msg.add_class("rt-quiz-file-message")
        self.files = w.Accordion(children=[w.VBox([w.HBox([self.save_button, self.load_button, self.upload]),
                                                    self.file_msg, self.text])])
        self.files.selected_index = None
        # once answered, "Play from here" opens the Play tab on the question's position
        self.on_play_here: Callable[[Any], Any] | None = None  # set by the page
        self.play_here = w.Button(icon="play-circle", layout=w.Layout(width="auto", display="none"))
        self.play_here.add_class("rt-play-here")
        self.play_here.on_click(lambda _: self.play_from_here())
        buttons = w.HBox([self.check_button, self.reveal_button, self.next_button, self.new_button, self.play_here],
                         layout=w.Layout(flex_flow="row wrap"))
        buttons.add_class("rt-quiz-buttons")
        # the question, its choices and the answer button first (a phone's first screen), the board beside
        # them on a wide screen and under them on a phone
        ask = w.VBox([self.prompt, self.choices, buttons, self.feedback])
        ask.add_class("rt-quiz-ask")
        main = w.Box([ask, self.board])
        main.add_class("rt-quiz-main")
        self.children = [_style(), self.progress, main, self.files]
        self.language.observe(lambda ch: self._relanguage(), "lang")
        self.new_set(seed)

    @property
    def lang(self) -> str:
        return self.language.lang

    @property
    def index(self) -> int:
        """The question shown (its index in the set)."""
        return self.run.current if self.run.current is not None else 0

    @property
    def question(self) -> quiz.Question | None:
        return self.questions[self.index] if self.questions else None

    @property
    def answered(self) -> dict[int, bool]:
        """Question index -> answered right at the first try."""
        return self.run.first_try

    @property
    def right(self) -> int:
        return self.run.first_try_right

    @property
    def solved(self) -> bool:
        """The question shown is answered right, or its answer shown."""
        return self.index in self.run.solved or self.revealed

    # ---------------------------------------------------------------- questions
    def new_set(self, seed: int) -> None:
        """A fresh set of questions (seeded), score reset; it starts at its simplest question."""
        self.seed = seed
        self.loaded = False
        self._start(quiz.generate(self.game.name, seed, self.n, self.lang))

    def _start(self, questions: list[quiz.Question]) -> None:
        self.questions = questions
        self.run = QuizRun(tuple(q.level for q in questions))
        self._fresh()

    def _relanguage(self) -> None:
        """The same questions in the page's new language (same seed: same positions and answers);
        a loaded set stays in its file's language."""
        if not self.loaded:
            self.questions = quiz.generate(self.game.name, self.seed, self.n, self.lang)
        self._draw()

    def _fresh(self) -> None:
        self.picked, self.wrong, self.revealed, self.missing = set(), set(), False, 0
        self._draw()

    def go(self, i: int) -> None:
        """Show question ``i`` of the set (a link to a question)."""
        if self.questions and 0 <= i < len(self.questions) and i != self.run.current:
            self.run.asked.append(i)
        self._fresh()

    def next_question(self) -> bool:
        """The next question the run picks (harder after a right first try, easier after a wrong one)."""
        moved = self.run.next()
        self._fresh()
        return moved

    def pick(self, i: int) -> None:
        """Click choice ``i``: a one-answer question is checked at once; otherwise the pick toggles."""
        q = self.question
        if q is None or self.solved or i in self.wrong:
            return
        if q.many:
            self.picked ^= {i}
            self._draw()
        else:
            self.picked = {i}
            self.check()

    def check(self) -> bool | None:
        """Check the picks against the engine's answer.  Right: the reason it is right and the rule.
        Wrong: the reason each wrong pick is wrong, at once, and the question stays open to try again
        (only the first try counts in the score)."""
        q = self.question
        if q is None or self.solved:
            return None
        ok = self.run.answer(q.is_right(sorted(self.picked)))
        self.missing = 0
        if not ok:
            wrong = {i for i in self.picked if i not in q.answer}
            self.wrong |= wrong
            if wrong:
                self.picked = set()
            else:  # right so far, some left out: the right picks stay picked, the page says how many more
                self.missing = len(q.answer) - len(self.picked)
        self._draw()
        return ok

    def reveal(self) -> None:
        """Show the right choices and every choice's reason (the question then counts as not solved)."""
        q = self.question
        if q is None or self.solved:
            return
        if self.index not in self.run.first_try:
            self.run.answer(False)
        self.revealed = True
        self._draw()

    def play_from_here(self) -> bool:
        """Open the Play tab on the question's position (after it is answered: playing on shows the answer)."""
        q = self.question
        if q is None or self.on_play_here is None or not self.solved:
            return False
        return bool(self.on_play_here(self.game.from_json(q.state)))

    # ---------------------------------------------------------------- drawing
    def _who(self, player: int) -> str:
        return t("player_n", self.lang, n=player + 1)

    def _draw(self) -> None:
        lang = self.lang
        self.check_button.description = t("quiz_check", lang)
        self.next_button.description = t("quiz_next", lang)
        self.new_button.description = t("quiz_new", lang)
        self.reveal_button.description = t("quiz_reveal", lang)
        self.save_button.description = t("save", lang)
        self.load_button.description = t("load", lang)
        self.upload.description = t("upload", lang)
        self.files.set_title(0, t("quiz_file", lang))
        q = self.question
        done = self.run.answered
        level = q.level if q is not None else 1
        self.progress.value = (f"<b>{esc(t('quiz_progress', lang, i=len(set(self.run.asked)), n=len(self.questions)))}</b>"
                               f" · <span class='rt-quiz-level' data-level='{level}'>"
                               f"{esc(t('quiz_level', lang, level=level))}</span>"
                               f" · <span class='rt-quiz-score' data-right='{self.right}' data-answered='{done}'>"
                               f"{esc(t('quiz_score', lang, right=self.right, answered=done))}</span>")
        if q is None:
            self.play_here.layout.display = "none"
            self.reveal_button.layout.display = "none"
            self.prompt.value = message("info", t("quiz_none", lang))
            self.choices.children = ()
            self.feedback.value = ""
            self.board.show({})
            return
        state = self.game.from_json(q.state)
        self.board.show(self.board_fn(self.game.view(state, q.player), None, lang, self._who))
        hint = t("quiz_many", lang) if q.many else t("quiz_one", lang)
        self.prompt.value = (f"<div class='rt-narration' data-kind='{esc(q.kind)}'><b>{esc(q.prompt)}</b></div>"
                             f"<div class='rt-src'>{esc(hint)}</div>")
        solved = self.solved
        buttons = []
        for i, text in enumerate(q.choices):
            b = w.Button(description=text, tooltip=text, layout=w.Layout(width="auto", max_width="100%"))
            b.add_class("rt-quiz-choice")
            b.add_class(f"rt-quiz-choice-{i}")
            if solved:
                b.disabled = True
                b.description = _mark(text, i in q.answer, i in self.wrong)
                if i in q.answer:
                    b.button_style = "success"
                elif i in self.wrong:
                    b.button_style = "danger"
            elif i in self.wrong:
                b.disabled = True
                b.description = _mark(text, False, True)
                b.button_style = "danger"
            elif i in self.picked:
                b.button_style = "info"
            b.on_click(lambda _, i=i: self.pick(i))
            buttons.append(b)
        self.choices.children = buttons
        self.check_button.layout.display = None if q.many and not solved else "none"
        self.reveal_button.layout.display = None if (self.wrong or self.missing) and not solved else "none"
        self.next_button.disabled = len(set(self.run.asked)) >= len(self.questions)
        self.play_here.description = t("play_here", lang)
        self.play_here.layout.display = None if solved and self.on_play_here is not None else "none"
        cited = cite(self.game, q.rule, lang, brief=True)
        if solved:
            first = self.run.first_try.get(self.index)
            if self.revealed:
                verdict = message("info", t("quiz_revealed", lang))
                why = "".join(f"<div class='rt-quiz-reason' data-choice='{i}'>{esc(_mark(c, i in q.answer, False))}"
                              f" — {esc(q.reason(i))}</div>" for i, c in enumerate(q.choices))
            else:
                verdict = message("ok", t("quiz_right" if first else "quiz_right_now", lang))
                why = "".join(f"<div class='rt-quiz-reason' data-choice='{i}'>{esc(q.reason(i))}</div>" for i in q.answer)
            self.feedback.value = verdict + why + cited
        elif self.missing:
            why = "".join(f"<div class='rt-quiz-reason' data-choice='{i}'>✓ {esc(q.choices[i])} — {esc(q.reason(i))}</div>"
                          for i in sorted(self.picked))
            self.feedback.value = message("error", t("quiz_missing_one" if self.missing == 1 else "quiz_missing", lang,
                                                          n=self.missing)) + why
        elif self.wrong:
            why = "".join(f"<div class='rt-quiz-reason' data-choice='{i}'>✗ {esc(q.choices[i])} — {esc(q.reason(i))}</div>"
                          for i in sorted(self.wrong))
            self.feedback.value = message("error", t("quiz_try_again", lang)) + why
        else:
            self.feedback.value = ""

    # ---------------------------------------------------------------- files
    def results(self) -> dict:
        """What is exported with the set: the answers so far and, when the page has a Scenarios tab,
        its progress (``scenario_progress``, set by the page)."""
        out: dict[str, Any] = {"quiz": {"game": self.game.name, "answered": len(self.answered), "right": self.right,
                                        "of": len(self.questions),
                                        "answers": {str(i): ok for i, ok in sorted(self.answered.items())}}}
        scenarios = self.scenario_progress() if self.scenario_progress is not None else None
        if scenarios:
            out["scenarios"] = scenarios
        return out

    def save(self) -> str:
        """The set and the results (the quiz's and the Scenarios tab's), as one file's text below."""
        results = self.results()
        self.text.value = quiz.save(self.questions, results)
        said = t("quiz_saved", self.lang, n=len(self.questions))
        if "scenarios" in results:
            said += " " + t("scn_exported", self.lang, solved=len(results["scenarios"]["solved"]),
                            attempts=sum(results["scenarios"]["attempts"].values()))
        self.file_msg.value = message("ok", said)
        self.files.selected_index = 0
        return self.text.value

    def load(self, text: Any) -> bool:
        try:
            questions = quiz.load(text)
        except ScenarioError as exc:
            self.file_msg.value = message("error", self.game.message(exc, self.lang))
            self.files.selected_index = 0
            return False
        if any(q.game != self.game.name for q in questions):
            self.file_msg.value = message("error", t("quiz_other_game", self.lang))
            return False
        self.loaded = True
        self._start(questions)
        self.file_msg.value = message("ok", t("quiz_loaded", self.lang, n=len(questions)))
        return True

    def _uploaded(self, change: Any) -> None:
        data = uploaded_bytes(change)
        if data is not None:
            self.load(data)


class HintBox(w.HBox):
    """The Play tab's Hint button: the best bot's move for the person to decide, and why."""

    def __init__(self, shell: Any):
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.shell = shell
        self.button = w.Button(icon="lightbulb-o", layout=w.Layout(width="auto", flex="0 0 auto"))
        self.button.add_class("rt-hint")
        self.button.on_click(lambda _: self.show())
        self.text = w.HTML(layout=w.Layout(flex="1 1 20em"))
        self.text.add_class("rt-hint-text")
        self.children = [self.button, self.text]
        self._for: Any = None
        self.hint: hints.Hint | None = None

    def refresh(self) -> None:
        """Relabel; the hint shown goes once the position it was for is gone."""
        shell = self.shell
        self.button.description = t("hint", shell.lang)
        self.button.disabled = not self._can_hint()
        if self._for != self._key():
            self.text.value = ""
            self.hint = None

    def _key(self) -> Any:
        return (self.shell.index, len(self.shell.history), self.shell.lang)

    def _can_hint(self) -> bool:
        shell = self.shell
        return shell.to_decide is not None and shell.human_to_move and not shell.hand_hidden()

    def show(self) -> hints.Hint | None:
        shell = self.shell
        lang = shell.lang
        self._for = self._key()
        if not self._can_hint():
            self.text.value = message("info", t("hint_not_now", lang))
            self.hint = None
            return None
        self.hint = hints.hint(shell.game, shell.state, lang=lang)
        # the reason in the game's terms first; the numbers behind it for whoever opens them
        details = (f"<details class='rt-hint-details'><summary>{esc(t('hint_details', lang))}</summary>"
                   f"{esc(self.hint.details)}</details>" if self.hint.details else "")
        self.text.value = (message("info", self.hint.sentence) + details
                           + cite(shell.game, self.hint.rule, lang, brief=True))
        return self.hint


class YourTurn(w.VBox):
    """The stepper's "Your turn" switch: before a step is shown, the learner predicts it.

    With the switch on, Next first asks :func:`tutor.quiz.step_question` (is
    this move allowed? what does it do?); the learner's pick is checked against
    the engine's answer, the feedback cites the rule, and the step is shown.
    """

    def __init__(self, stepper: Any):
        super().__init__()
        self.stepper = stepper
        self.add_class("rt-your-turn")
        self.switch = w.ToggleButton(value=False, icon="hand-pointer-o", layout=w.Layout(width="auto"))
        self.switch.add_class("rt-your-turn-switch")
        self.switch.observe(lambda ch: self.clear(), "value")
        stepper.chooser.observe(lambda ch: self.clear(), "value")
        self.prompt = w.HTML()
        self.prompt.add_class("rt-your-turn-prompt")
        self.choices = w.VBox()
        self.choices.add_class("rt-your-turn-choices")
        self.feedback = w.HTML()
        self.feedback.add_class("rt-your-turn-feedback")
        self.children = [_style(), self.prompt, self.choices, self.feedback]
        self.question: quiz.Question | None = None
        self.asked: dict[tuple[str, int], bool] = {}  # (example id, step) -> answered right
        self.relabel()

    def relabel(self) -> None:
        lang = self.stepper.lang
        self.switch.description = t("your_turn", lang)
        self.switch.tooltip = t("your_turn_tip", lang)

    def clear(self) -> None:
        self.question = None
        self.prompt.value = ""
        self.choices.children = ()
        self.feedback.value = ""

    def next(self) -> None:
        """Next: ask about the coming step first when the switch is on and it was not asked yet."""
        st = self.stepper
        self.clear()
        ex, pos = st.example, st.position
        if not self.switch.value or ex is None or (ex.id, pos) in self.asked:
            st.go(pos + 1)
            return
        q = quiz.step_question(st.game, ex, pos, st.lang)
        if q is None:
            st.go(pos + 1)
            return
        self.question = q
        self.prompt.value = f"<div class='rt-narration'><b>{esc(q.prompt)}</b></div>"
        buttons = []
        for i, text in enumerate(q.choices):
            b = w.Button(description=text, tooltip=text, layout=w.Layout(width="auto", max_width="100%"))
            b.add_class("rt-quiz-choice")
            b.add_class(f"rt-your-turn-choice-{i}")
            b.on_click(lambda _, i=i: self.answer(i))
            buttons.append(b)
        self.choices.children = buttons
        st.next.disabled = True  # answer first

    def answer(self, i: int) -> bool | None:
        """The learner picks choice ``i``: checked, explained with the rule, then the step is shown."""
        q, st = self.question, self.stepper
        if q is None or st.example is None:
            return None
        ok = q.is_right([i])
        self.asked[(st.example.id, st.position)] = ok
        for k, b in enumerate(self.choices.children):
            b.disabled = True
            b.description = _mark(q.choices[k], k in q.answer, k == i)
            b.button_style = "success" if k in q.answer else ("danger" if k == i else "")
        lang = st.lang
        # why the pick is right, or why it is wrong and what is right instead
        why = [i] if ok else [i] + [k for k in q.answer if q.reason(k) != q.reason(i)]
        self.feedback.value = (message("ok" if ok else "error", t("quiz_right" if ok else "quiz_wrong", lang))
                               + "".join(f"<div class='rt-quiz-reason' data-choice='{k}'>"
                                         f"{esc(_mark(q.choices[k], k in q.answer, k == i))} — {esc(q.reason(k))}</div>"
                                         for k in why)
                               + cite(st.game, q.rule, lang, brief=True))
        self.question = None
        st.go(st.position + 1)
        return ok
