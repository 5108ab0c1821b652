"""The move controls of the game shell: how a person picks a move, and why a move is refused.

:class:`ChoiceControls` is the generic way (a chooser of the legal actions); :class:`ButtonControls`
is a button per move that a game's controls subclass and group (Fire Bulls, Kamikaze Attack, Tir
Nan Og, Formula E).  A move the rules refuse now stays on screen, disabled, with the engine's
reason and its rule (:func:`refused_button`, :func:`refusals_html`).  The controls talk to the
shell that built them (:class:`widgets.panels.shell.GameShell`) through ``shell.game``, ``shell.state``,
``shell.chosen``, ``shell.choose``, ``shell.play``, ``shell.explain``, ``shell.who`` and
``shell.hidden_hand_prompt``; this module imports no panel.
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from widgets.panels.common import esc
from widgets.panels.i18n import colon, t

def refusal_text(game, exc: Any, lang: str) -> str:
    """Why the rules refuse a move, in words: the engine's refusal and the title of its rule."""
    text = t("illegal", lang, msg=game.message(exc, lang))
    rule = getattr(exc, "rule", "")
    if rule and rule in game.rules:
        text += f" ({t('rule', lang)}{colon(lang)} {game.rules[rule].wording(lang)[0]})"
    return text


def refused_button(game, state: Any, action: Any, label: str, lang: str, cls: str = "",
                   shell: Any = None) -> w.Button:
    """A move the rules refuse now: shown disabled, its reason on hover (``game.why_illegal``).

    In the page it stays focusable (``aria-disabled``, see ``widgets.page.A11Y_JS``): pressed or
    clicked, ``shell.explain`` shows the engine's refusal, its rule cited, above the moves."""
    why = game.why_illegal(state, action)
    tip = refusal_text(game, why, lang) if why is not None else label
    b = w.Button(description=label, tooltip=tip, disabled=True, layout=w.Layout(width="auto"))
    if cls:
        b.add_class(cls)
    b.add_class("rt-refused")
    b.refusal = tip
    if shell is not None:
        b.on_click(lambda _: shell.explain(action))
    return b


def refusals_html(buttons: Sequence[Any], lang: str) -> str:
    """The reasons of the refused moves, also as text: a closed "why not?" list a keyboard can open."""
    items = "".join(f"<li><b>{esc(b.description)}</b>: {esc(getattr(b, 'refusal', ''))}</li>"
                    for b in buttons if getattr(b, "refusal", ""))
    if not items:
        return ""
    return (f"<details class='rt-refusals'><summary>{esc(t('why_not', lang))}</summary>"
            f"<ul>{items}</ul></details>")


class ButtonControls(w.VBox):
    """Moves as buttons, one per legal action the shell gives, under a prompt and in groups.

    A game's controls subclass it and say how to group the moves in
    :meth:`moves`; ``prefix`` names the CSS classes (``<prefix>-prompt``,
    ``<prefix>-buttons``) and ``slug(action)`` the class of each button.  The
    buttons are rebuilt only when the position, the language, the actions or
    whether the hand is shown change.
    """

    prefix = "rt"

    def __init__(self, shell: Any):
        super().__init__()
        self.shell = shell
        self.prompt = w.HTML()
        self.prompt.add_class(f"{self.prefix}-prompt")
        self.groups = w.VBox()
        self.groups.add_class(f"{self.prefix}-buttons")
        self._key: Any = None
        self.buttons: list[w.Button] = []
        self.refused = w.HTML()
        self.refused.add_class("rt-refusals-box")
        self.children = [self.prompt, self.groups, self.refused]

    def slug(self, action: Any) -> str:
        """The CSS class of an action's button."""
        return f"{self.prefix}-move"

    def moves(self, view: dict, actions: list, lang: str) -> tuple[str, list]:
        """The prompt and the groups of buttons for these actions."""
        return "", [w.HBox([self._button(a, lang) for a in actions], layout=w.Layout(flex_flow="row wrap"))]

    def _button(self, action: Any, lang: str, style: str = "", suffix: str = "") -> w.Button:
        text = self.shell.game.action_text(action, lang) + suffix
        b = w.Button(description=text, tooltip=text, button_style=style, layout=w.Layout(width="auto"))
        b.add_class(self.slug(action))
        if action == self.shell.chosen:
            b.add_class("rt-chosen")
        b.on_click(lambda _: self.shell.choose(action))  # played at once unless the game previews it
        return b

    def _confirm_row(self, lang: str) -> w.VBox:
        """The chosen move, previewed on the board, with Confirm and Cancel."""
        action = self.shell.chosen
        text = w.HTML(f"<b class='rt-chosen-text'>{esc(t('chosen_move', lang, move=self.shell.game.action_text(action, lang)))}</b>")
        ok = w.Button(description=t("confirm_move", lang), button_style="success", icon="check",
                      layout=w.Layout(width="auto"))
        ok.add_class("rt-confirm")
        ok.on_click(lambda _: self.shell.confirm())
        back = w.Button(description=t("cancel_move", lang), icon="times", layout=w.Layout(width="auto"))
        back.add_class("rt-cancel-choice")
        back.on_click(lambda _: self.shell.cancel_choice())
        row = w.VBox([text, w.HBox([ok, back], layout=w.Layout(flex_flow="row wrap"))])
        row.add_class("rt-confirm-row")
        return row

    def _group(self, title: str, children: list) -> w.VBox:
        return w.VBox([w.HTML(f"<b>{esc(title)}</b>"), w.HBox(children, layout=w.Layout(flex_flow="row wrap"))])

    def style_card(self, button: w.Button, card: str) -> None:
        """Colour a card button of the hand as the board draws that card (a game's controls override it)."""

    def hand_cards(self, view: dict, actions: list, lang: str) -> tuple[w.VBox | None, set]:
        """The hand as card buttons when a card is the move (``game.card_action``): a click plays
        it, a card the rules refuse now is disabled with the reason.  Returns the row (None when
        cards are not played one by one now) and the actions it offers."""
        return hand_row(self, view, actions, lang)

    def refresh(self, view: dict, actions: list, lang: str) -> None:
        me = view["current_player"]
        chosen = self.shell.chosen
        key = (id(self.shell.state), lang, tuple(str(a) for a in actions),
               view["hands"][me] is None if me is not None else None, str(chosen))
        if key == self._key:
            return
        self._key = key
        row, covered = self.hand_cards(view, actions, lang)
        prompt, groups = self.moves(view, [a for a in actions if a not in covered], lang)
        if row is not None:
            groups = [row, *groups]  # (no "Player 1: play a card" heading: the status line says who decides)
        if not actions and not prompt:
            prompt = self.shell.hidden_hand_prompt(lang)
        if chosen is not None and chosen in actions:
            groups = [self._confirm_row(lang), *groups]
        self.prompt.value = f"<b class='{self.prefix}-prompt-text'>{esc(prompt)}</b>" if prompt else ""
        self.groups.children = groups
        self.buttons = [b for grp in groups for b in all_buttons(grp)]
        self.refused.value = refusals_html([b for b in self.buttons if b.disabled], lang)


def hand_row(controls: Any, view: dict, actions: list, lang: str) -> tuple[w.VBox | None, set]:
    """The hand of the player deciding as card-shaped buttons (see :meth:`ButtonControls.hand_cards`).

    ``controls`` gives ``shell``, ``slug(action)`` and ``style_card(button, card)``."""
    shell = controls.shell
    game, state = shell.game, shell.state
    me = view.get("current_player")
    hand = view["hands"][me] if me is not None and actions else None
    if not hand:
        return None, set()
    buttons, covered = [], set()
    for card in dict.fromkeys(hand):
        action = game.card_action(state, card)
        if action is None:
            continue
        n = hand.count(card)
        label = game.card_name(card, lang) + (f" ×{n}" if n > 1 else "")
        if action in actions:
            text = game.action_text(action, lang)
            b = w.Button(description=label, tooltip=text, layout=w.Layout(width="auto"))
            b.add_class(controls.slug(action))
            b.on_click(lambda _, a=action: shell.choose(a))  # played at once unless the game previews it
            covered.add(action)
        else:
            b = refused_button(game, state, action, label, lang, controls.slug(action), shell)
        b.add_class("rt-card-button")
        b.card = card
        controls.style_card(b, card)
        buttons.append(b)
    if not buttons:
        return None, set()
    title = w.HTML(f"<b>{esc(t('your_hand_click', lang, who=shell.who(me)))}</b>")
    box = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
    box.add_class("rt-hand-cards")
    return w.VBox([title, box]), covered


def all_buttons(widget: Any) -> list[w.Button]:
    if isinstance(widget, w.Button):
        return [widget]
    out: list[w.Button] = []
    for child in getattr(widget, "children", ()):
        out += all_buttons(child)
    return out


class ChoiceControls(w.VBox):
    """The generic way to move: a chooser of the legal actions and a Play button."""

    def __init__(self, shell: Any):
        super().__init__()
        self.shell = shell
        self.choices = w.Dropdown(options=[], layout=w.Layout(width="40em", max_width="100%"))
        self.choices.add_class("rt-choices")
        self.go = w.Button()
        self.go.add_class("rt-play-choice")
        self.go.on_click(lambda _: self.choices.value is not None and shell.play(self.choices.value))
        self.prompt = w.HTML()
        self.prompt.add_class("rt-prompt")
        self.children = [self.prompt, w.HBox([self.choices, self.go], layout=w.Layout(flex_flow="row wrap"))]

    def refresh(self, view: dict, actions: list, lang: str) -> None:
        hidden = "" if actions else self.shell.hidden_hand_prompt(lang)
        self.prompt.value = f"<b>{esc(hidden)}</b>" if hidden else ""
        self.choices.description = t("choose", lang)
        self.go.description = t("play_move", lang)
        options = [(self.shell.game.action_text(a, lang), a) for a in actions]
        if options != list(self.choices.options):
            self.choices.options = options
            self.choices.index = 0 if options else None  # a choice ready to play, never an empty box
        self.go.disabled = not options
