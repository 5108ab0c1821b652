"""The guided first game: one real game the learner plays, one idea a step (draws a tutor.guide.Guide).

The step's idea and what to do come first, then the learner's choices (the suggested move
first and marked, a few others, every legal move in a list), then what the last moves did, then
the board as the learner's seat sees it.  Nothing here decides a rule: the moves, the refusals
and the words are the engine's and the guide's.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from tutor.guide import MAX_STEPS, Guide, Reply
from widgets import static
from widgets.panels.common import cite, esc, message
from widgets.panels.i18n import Language, colon, t

__all__ = ["GuidePanel", "SHOWN_MOVES", "header_html", "todo_html", "choices"]

#: moves offered as buttons besides the suggested one (the rest are in the list below them)
SHOWN_MOVES = 5

CSS = '\n<style>' + static.text('guide.css') + '</style>\n'


def header_html(game: Any, g: Guide, lang: str) -> str:
    """The step's count, its idea (its kind and title) and the rule cited."""
    title, text = g.text(lang)
    step = g.step
    kind = t(f"guide_kind_{step.kind}", lang)
    return (f"<div class='rt-guide-count'>{esc(t('guide_step', lang, i=g.index + 1, n=MAX_STEPS))}</div>"
            f"<h3 class='rt-guide-title' data-rule='{esc(step.rule)}'>{esc(kind)}"
            f"{esc(colon(lang) + ' ' + title if title else '')}</h3>"
            f"<div class='rt-guide-idea'>{esc(text)}</div>"
            + (cite(game, step.rule, lang, brief=True) if step.rule in game.rules else ""))


def todo_html(game: Any, g: Guide, lang: str) -> str:
    """What to do: the suggested move named (or, at the end, that the guide is done)."""
    if g.done:
        return message("ok", t("guide_done", lang))
    suggested = g.suggested
    return (f"<div class='rt-guide-do'><b>{esc(t('guide_your_move', lang))}</b> "
            f"{esc(t('guide_suggested', lang, move=game.action_text(suggested, lang)))}</div>"
            if suggested is not None else "")


def choices(game: Any, g: Guide, lang: str) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """The moves offered as buttons, each ``(words, action)``: the suggested one first (marked ★), then up
    to :data:`SHOWN_MOVES` others; and the rest, for the list beneath them."""
    suggested = g.suggested
    if g.done or suggested is None:
        return [], []
    others = [a for a in game.legal_actions(g.state) if a != suggested]
    shown = [("★ " + game.action_text(suggested, lang), suggested)]
    shown += [(game.action_text(a, lang), a) for a in others[:SHOWN_MOVES]]
    return shown, [(game.action_text(a, lang), a) for a in others[SHOWN_MOVES:]]


def _style() -> w.HTML:
    return w.HTML(CSS, layout=w.Layout(height="0px", margin="0"))


class GuidePanel(w.VBox):
    """A learner's guided first game of ``game`` (its board drawn by ``board``)."""

    def __init__(self, game: Any, board: Callable, board_widget: Any, language: Language | None = None,
                 on_done: Callable[[], Any] | None = None):
        """``board_widget``: the widget the board's sections are shown in (the stepper's kind)."""
        super().__init__()
        self.add_class("rt-guide")
        self.game = game
        self.board_fn = board
        self.language = language or Language()
        self.on_done = on_done  # "On to the rulebook's examples" (the stepper sets it)
        self.guide = Guide.start(game.name)
        self.reply: Reply | None = None
        self.header = w.HTML()
        self.header.add_class("rt-guide-header")
        self.todo = w.HTML()
        self.todo.add_class("rt-guide-todo")
        self.moves = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.moves.add_class("rt-guide-moves")
        self.more = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="100%"))
        self.more.add_class("rt-guide-more")
        self.more_play = w.Button(icon="check", layout=w.Layout(width="auto"))
        self.more_play.add_class("rt-guide-more-play")
        self.more_play.on_click(lambda _: self.more.value is not None and self.play(self.more.value))
        # nothing is played before a line is chosen: the button says so by being off until then
        self.more.observe(lambda ch: setattr(self.more_play, "disabled", ch["new"] is None), "value")
        self.feedback = w.HTML()
        self.feedback.add_class("rt-guide-feedback")
        self.board = board_widget
        self.board.add_class("rt-board")
        self.restart = w.Button(icon="refresh", layout=w.Layout(width="auto"))
        self.restart.add_class("rt-guide-restart")
        self.restart.on_click(lambda _: self.start())
        self.next_button = w.Button(icon="arrow-right", button_style="primary", layout=w.Layout(width="auto"))
        self.next_button.add_class("rt-guide-done")
        self.next_button.on_click(lambda _: self.on_done and self.on_done())
        # the idea, what to do and the moves first (a phone's first screen); the board beside them on
        # a wide screen, under them on a phone
        ask = w.VBox([self.header, self.todo, self.moves,
                      w.HBox([self.more, self.more_play], layout=w.Layout(flex_flow="row wrap")),
                      w.HBox([self.next_button, self.restart], layout=w.Layout(flex_flow="row wrap")),
                      self.feedback])
        ask.add_class("rt-guide-ask")
        main = w.Box([ask, self.board])
        main.add_class("rt-guide-main")
        self.children = [_style(), main]
        self.language.observe(lambda ch: self.draw(), "lang")
        self.draw()

    @property
    def lang(self) -> str:
        return self.language.lang

    def start(self) -> None:
        """The guide from its first step again."""
        self.guide = Guide.start(self.game.name)
        self.reply = None
        self.draw()

    def play(self, action: Any) -> Reply:
        """The learner's move (an action): answered by the guide, then the board redrawn."""
        self.reply = self.guide.play(action)
        self.draw()
        return self.reply

    # ------------------------------------------------------------ drawing
    def _who(self, player: int) -> str:
        return t("player_n", self.lang, n=player + 1)

    def draw(self) -> None:
        lang, g, game = self.lang, self.guide, self.game
        self.header.value = header_html(game, g, lang)
        self.restart.description = t("guide_restart", lang)
        self.next_button.description = t("guide_on_to_examples", lang)
        self.more_play.description = t("guide_play_this", lang)
        self.feedback.value = self._feedback(lang)
        self.todo.value = todo_html(game, g, lang)
        done = g.done
        self.next_button.layout.display = None if done else "none"
        shown, rest = choices(game, g, lang)
        buttons = []
        for k, (words, action) in enumerate(shown):
            b = w.Button(description=words, layout=w.Layout(width="auto", max_width="100%"))
            b.add_class("rt-guide-move")
            b.add_class(f"rt-guide-at-{g.index}")  # which step's move (a page may still show the last)
            b.add_class("rt-guide-suggested" if k == 0 else f"rt-guide-other-{k}")
            if k == 0:
                b.button_style = "primary"
                b.tooltip = t("guide_suggested_tip", lang)
            b.on_click(lambda _, a=action: self.play(a))
            buttons.append(b)
        self.moves.children = buttons
        self.more.options = rest
        if done:
            self.more.layout.display = self.more_play.layout.display = "none"
        else:
            self.more.index = None  # no line chosen (ipywidgets keeps the old index when the options change)
            self.more_play.disabled = True
            self.more.description = t("guide_more", lang, n=len(rest))
            self.more.style.description_width = "initial"
            shown_more = None if rest else "none"
            self.more.layout.display = self.more_play.layout.display = shown_more
        before = None
        self.board.show(self.board_fn(game.view(g.state, g.learner), before, lang, self._who))

    def _feedback(self, lang: str) -> str:
        """What the learner's last move did, and what the others did since."""
        reply, game = self.reply, self.game
        if reply is None:
            return ""
        if reply.kind == "illegal":
            exc = reply.refusal
            said = game.message(exc, lang) if exc is not None and exc.template else t("guide_not_now", lang)
            rule = exc.rule if exc is not None and exc.rule in game.rules else ""
            return message("error", said) + (cite(game, rule, lang, brief=True) if rule else "")
        verdict = t("guide_as_suggested", lang) if reply.kind == "suggested" else (
            t("guide_other_less", lang) if reply.gained_less else t("guide_other_fine", lang))
        lines = []
        for who, action, events in self.guide.moves_since_last_step():
            said = " ".join(game.message(e, lang) for e in events if e.text)
            if who == self.guide.learner:  # the learner's own move by name; the others' as the table saw them
                said = f"{game.action_text(action, lang)} — {said}"
            lines.append(f"<li class='rt-guide-moved' data-seat='{who}'>{esc(said)}</li>")
        return (message("ok" if reply.kind == "suggested" or not reply.gained_less else "info", verdict)
                + f"<ul class='rt-guide-log'>{''.join(lines)}</ul>")
